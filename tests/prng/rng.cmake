# generator cores of include/cxb/rng/ beyond lf24: published known answers (docs/studies/prng.md)
cxb_test(prng_rng_kat test_rng_kat.c)

# Random123's headers as the oracle of Philox and Threefry (test only; Debian librandom123-dev)
cxb_test(prng_rng_random123 test_rng_random123.c)
find_path(RANDOM123_INCLUDE_DIR Random123/philox.h)
if(RANDOM123_INCLUDE_DIR)
  target_include_directories(prng_rng_random123 SYSTEM PRIVATE ${RANDOM123_INCLUDE_DIR})
  target_compile_definitions(prng_rng_random123 PRIVATE CXB_HAVE_RANDOM123=1)
endif()
cxb_test(prng_philox_bulk test_philox_bulk.c)
# known answers of every generator of CXB_RNG_LIST as data (tests/prng/data/rng_kat.txt), and the
# uniform API's offset/stream properties over the whole list
cxb_test(prng_rng_kat_data test_rng_kat_data.c)
cxb_test(prng_rng_offset test_rng_offset.c)
cxb_test(prng_tinymt32_dc test_tinymt32_dc.c)
