# prng study: known answers, float = integer form, cross-backend identity (prng.md 10).
cxb_test(prng_lf24_kat test_lf24_kat.c)
cxb_test(prng_lf24_float_int test_lf24_float_int.c)
cxb_test(prng_lf24_cross_backend test_lf24_cross_backend.c)
