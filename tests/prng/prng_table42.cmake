# Leist Table 4.2 printer on a synthetic result set (prng.md 6.3)
cxb_test(prng_table42 test_prng_table42.c)
