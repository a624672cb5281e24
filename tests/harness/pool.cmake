# Tests of the worker pool, the hwloc placement plan and the host facts
# (docs/method.md: harness_pinning).
cxb_test(harness_pool test_pool.c)
cxb_test(harness_pinning test_pinning.c)
cxb_test(harness_host test_host.c)
# A broken join barrier hangs rather than fails: bound it.
set_tests_properties(harness_pool harness_pinning harness_host PROPERTIES TIMEOUT 120)
