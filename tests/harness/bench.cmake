# make bench (docs/cli.md, bench): the registry's quick presets give every host series enough
# points to fit without a GPU.
cxb_test(harness_bench_presets test_bench_presets.c)
