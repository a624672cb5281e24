# graphgen alpha-model, the reading of p behind the Fig. 2.4 oracle (
# docs/studies/graphgen.md): the issue's oracle holds with p = p_base, not with p = p_base U.
cxb_test(graphgen_alpha_reading test_graphgen_alpha_reading.c)
