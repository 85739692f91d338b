# Thin wrapper over CMake so that the README's commands stay short:
#   make demo   build, then run the demo (a real kernel checked, emitted, run)
#   make test   build, then run every test (C unit tests + the lit suite)
#   make asan   the same in a Debug build with AddressSanitizer + UBSan
#   make valgrind  run every C unit test under valgrind (uses $(BUILD))
#   make faultinject  the ASan build, then a slice of the lit corpus with
#               allocation N failing, for every N (scripts/faultinject.py)
#   make bench  Release build of bench/, then run bench/parse, bench/compile
#               (the whole casc opt process; with ASCIR_OPT=path against
#               pyasc's ascir-opt) and
#               bench/timing_calibration (the timing model vs A2/A3 cycles)
#   make fuzz   build the libFuzzer harnesses (clang); make fuzz-run runs
#               one (FUZZER=parse_fuzz|passes_fuzz|verify_fuzz) for
#               FUZZ_TIME seconds
BUILD ?= build
TYPE ?= Release
SANITIZE ?= OFF
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
GEN := $(shell command -v ninja >/dev/null 2>&1 && echo "-G Ninja")

.PHONY: all build test demo demo-ir clean asan valgrind faultinject bench fuzz \
        fuzz-run

all: build

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) $(GEN) -DCMAKE_BUILD_TYPE=$(TYPE) -DCASC_SANITIZE=$(SANITIZE)

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

demo: build
	./scripts/demo.sh $(BUILD)

# The IR-only demo: parse, verify, print and round-trip an ASC-IR file.
demo-ir: build
	./scripts/demo-ir.sh $(BUILD)

asan:
	$(MAKE) test BUILD=build-asan TYPE=Debug SANITIZE=ON

# Every unit test under valgrind (the lit suite would take too long): a
# leak or an invalid access fails the target. Run from test/ like ctest.
# $(BUILD) must not be a sanitizer build (ASan and valgrind exclude each
# other).
valgrind: build
	@command -v valgrind >/dev/null || { echo "valgrind not installed"; exit 1; }
	@failed=""; for t in $(BUILD)/test/test_*; do \
	  [ -x "$$t" ] || continue; \
	  case "$$t" in /*) p="$$t";; *) p="$(CURDIR)/$$t";; esac; \
	  echo "valgrind $$t"; \
	  (cd test && valgrind -q --error-exitcode=99 --leak-check=full \
	    --errors-for-leak-kinds=definite,indirect "$$p" >/dev/null) \
	    || failed="$$failed $${t##*/}(exit $$?)"; \
	done; \
	if [ -n "$$failed" ]; then \
	  echo "valgrind: failed:$$failed (exit 99 = valgrind error)"; exit 1; fi

# Every allocation of each casc command of a lit slice is made to fail in
# turn; each run must end in a clean error or the clean run's output, with
# no crash, hang or sanitizer report (leaks included). ASAN_BUILD may be
# an existing ASan build (CI passes its own).
ASAN_BUILD ?= build-asan
faultinject:
	$(MAKE) build BUILD=$(ASAN_BUILD) TYPE=Debug SANITIZE=ON
	python3 scripts/faultinject.py $(ASAN_BUILD) --jobs $(JOBS)

BENCH_BUILD ?= build-bench
bench:
	$(MAKE) build BUILD=$(BENCH_BUILD) TYPE=Release SANITIZE=OFF
	$(BENCH_BUILD)/bench/parse
	$(BENCH_BUILD)/bench/timing_calibration
	$(BENCH_BUILD)/bench/compile

# libFuzzer needs clang (Debian: apt-get install clang-14). The library is
# built with coverage instrumentation, ASan and UBSan; -Werror is off
# because clang's warnings differ from gcc's.
FUZZ_BUILD ?= build-fuzz
FUZZ_TIME ?= 600
CLANG ?= $(shell command -v clang-14 2>/dev/null || command -v clang 2>/dev/null || echo clang)
fuzz:
	cmake -S . -B $(FUZZ_BUILD) $(GEN) -DCMAKE_C_COMPILER=$(CLANG) \
	  -DCMAKE_BUILD_TYPE=Debug -DCASC_SANITIZE=ON -DCASC_WERROR=OFF \
	  -DCMAKE_C_FLAGS="-O1 -fsanitize=fuzzer-no-link"
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target casc_static
	@for h in fuzz/*_fuzz.c; do n=$$(basename $$h .c); echo "$$n"; \
	  $(CLANG) -O1 -g -fsanitize=fuzzer,address,undefined \
	    -fno-sanitize-recover=all -Iinclude $$h $(FUZZ_BUILD)/libcasc.a \
	    -lm -lpthread -o $(FUZZ_BUILD)/$$n || exit 1; done

FUZZER ?= parse_fuzz
fuzz-run: fuzz
	mkdir -p fuzz/corpus/$(FUZZER)
	$(FUZZ_BUILD)/$(FUZZER) -max_total_time=$(FUZZ_TIME) -timeout=10 \
	  -rss_limit_mb=2048 -dict=fuzz/mlir.dict -artifact_prefix=fuzz/ \
	  fuzz/corpus/$(FUZZER) fuzz/seeds

clean:
	rm -rf $(BUILD) build-asan $(BENCH_BUILD) $(FUZZ_BUILD)
