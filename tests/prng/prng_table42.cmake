# Leist Table 4.2 printer on a synthetic result set (docs/studies/prng.md)
cxb_test(prng_table42 test_prng_table42.c)
