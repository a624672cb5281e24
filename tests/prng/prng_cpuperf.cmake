# The CPU bulk tiles in every instruction-set version (baseline, AVX2 clones) against the
# stream API (impl_cpu/prng/bulk.c, bulk_avx2.h).
cxb_test(prng_bulk_isa test_bulk_isa.c)
