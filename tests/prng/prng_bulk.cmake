# Bulk generation of every generator of CXB_RNG_LIST (cxb/prng/gen.h): conversions, seq against
# an independent per-stream reference, pthreads = seq, CUDA = seq (built with CUDA, skips without
# a GPU), and the one-stream fill through each backend.
cxb_test(prng_bulk_convert test_bulk_convert.c)
cxb_test(prng_bulk_cpu test_bulk_cpu.c)
cxb_test(prng_bulk_block4 test_bulk_block4.c)
if(CXB_HAVE_CUDA)
  cxb_test(prng_bulk_cuda test_bulk_cuda.c)
endif()
cxb_test(prng_bulk_fill test_bulk_fill.c)
add_test(NAME prng_bulk_cli COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/test_bulk_cli.sh $<TARGET_FILE:cxbench>)
set_tests_properties(prng_bulk_cli PROPERTIES SKIP_RETURN_CODE 77)
