# frnn study (docs/studies/frnn.md): every CPU query variant and handler equal to a brute force
# written in the test, on fresh seeds and the adversarial cases, at 1/2/3/8 threads; the build
# invariants and the stable builds' identical storage; surplus counters against (2+w)^d/V_d.
cxb_test(frnn_variants test_frnn_variants.c)
# the rows through the registry (every CPU row verifies; fault=1 fails), the presets, keyed
# points and the points file round trip, gen | frnn against the in-memory row
cxb_test(frnn_study test_frnn_study.c)
# the Circles model: the deterministic sine, one step against a brute-force step written in the
# test, 200-step trajectories bit-identical across seq, pthreads (1, 2, 3, 8) and moore/pbw/strips
cxb_test(frnn_circles test_frnn_circles.c)
# the report claims (Figs 5.3, 6.4, 6.5, 6.7 and the FLAME GPU 2 targets) on result sets written
# in the test: holds, just past each bar, other points ignored, the last set winning, not measured
cxb_test(frnn_claims test_frnn_claims.c)
# the Network model: the keyed graph, a step written in the test from the rules against the
# oracle and the seq and pthreads steps (counting and acs builds, 1/2/3/8 threads) over 40
# chained steps, the edge cases and the thesis's smoke configuration, the rows' checks
cxb_test(frnn_network test_frnn_network.c)
