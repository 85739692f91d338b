# Thin wrapper over CMake so that the README's commands stay short:
#   make demo   build, then run the demo (a real kernel checked, emitted, run)
#   make test   build, then run every test (C unit tests + the lit suite)
BUILD ?= build
TYPE ?= Release
SANITIZE ?= OFF
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
GEN := $(shell command -v ninja >/dev/null 2>&1 && echo "-G Ninja")

.PHONY: all build test demo clean asan

all: build

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) $(GEN) -DCMAKE_BUILD_TYPE=$(TYPE) -DCASC_SANITIZE=$(SANITIZE)

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

demo: build
	./scripts/demo.sh $(BUILD)

asan:
	$(MAKE) test BUILD=build-asan TYPE=Debug SANITIZE=ON

clean:
	rm -rf $(BUILD) build-asan
