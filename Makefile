# cxbench front door: thin targets over CMake (docs/install.md).
#   make            build into build/
#   make test       the ctest suite
#   make bench      `cxbench bench`: the quick preset of every study of the registry on every
#                   available backend, their tables and figures, then one summary table across
#                   studies (STUDIES="prng graphgen" restricts it; BENCH_ARGS="--set preset=paper")
#   make figures    redraw the figures each results/<machine>/INDEX.md names, from exactly the
#                   sets it names; runs nothing and removes nothing
#   make bench-ci   small sizes plus the regression gate (instruction counts vs results/ci)
BUILD      ?= build
BUILD_TYPE ?= Release
CMAKE_ARGS ?=
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CXBENCH    := $(BUILD)/cxbench
STUDIES    ?=
BENCH_ARGS ?=

.PHONY: all deps configure build test bench figures bench-ci clean

all: build

deps:
	@sh scripts/setup-deps.sh

$(BUILD)/CMakeCache.txt:
	@sh scripts/setup-deps.sh
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_ARGS)

configure: $(BUILD)/CMakeCache.txt

build: configure
	cmake --build $(BUILD) -j$(JOBS)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)

bench: build
	$(CXBENCH) bench $(if $(strip $(STUDIES)),--studies "$(strip $(STUDIES))") --plot $(BENCH_ARGS)

figures: build
	$(CXBENCH) plot --all results

bench-ci: build
	sh scripts/bench-ci.sh $(CXBENCH)

clean:
	rm -rf $(BUILD)
