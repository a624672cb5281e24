# Stream initialisation, jump tables and jump cost (prng.md 3.3, 3.6, 4, 6.5, 6.7, 8.3 G4).
# jump.h against stepping, the cores and RngStreams (CPU)
cxb_test(prng_jump test_prng_jump.c)
