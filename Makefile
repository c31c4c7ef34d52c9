# The two entry points of the README, and a few conveniences.
#
#   make demo    install dependencies if missing, build, run the main job
#   make check   install dependencies if missing, build, run every test
#
# Variables: SANITIZE=ON builds with ASan+UBSan (in build-asan/),
# BUILD=dir picks the build directory, JOBS=n the parallelism.

SANITIZE ?= OFF
ifeq ($(SANITIZE),ON)
BUILD ?= build-asan
else
BUILD ?= build
endif
JOBS ?= $(shell nproc)

.PHONY: demo check build build-atfc configure deps format clean

deps:
	@scripts/install-deps

# ccache, where a developer has installed it, serves unchanged files from
# its cache; the project never needs it (install-deps does not install it).
LAUNCHER := $(if $(shell command -v ccache),-DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
  -DCMAKE_C_COMPILER_LAUNCHER=ccache)

configure: deps
	@cmake -G Ninja -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release \
	  -DATF_SANITIZE=$(SANITIZE) $(LAUNCHER) > $(BUILD).configure.log 2>&1 \
	  || { cat $(BUILD).configure.log; exit 1; }

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# What the demo needs and nothing else: atfc, the runtime and engine
# libraries that tuners link, and the tuners' precompiled header.
build-atfc: configure
	@cmake --build $(BUILD) -j $(JOBS) --target atfc

# Every test under one fresh $TMPDIR, which must be empty again at the
# end: a test, or atfc under it, that leaves temporary files fails the check
# (tune() of the Python package left a directory per run in /tmp).
check: build
	@tmp=$$(mktemp -d -t atfc-check-XXXXXX) && \
	  { (cd $(BUILD) && TMPDIR=$$tmp ctest --output-on-failure -j $(JOBS)); status=$$?; } && \
	  left=$$(ls -A $$tmp) && rm -rf $$tmp && \
	  if [ -n "$$left" ]; then \
	    echo "make check: the tests left files in \$$TMPDIR:" $$left >&2; exit 1; \
	  fi && exit $$status

demo: build-atfc
	@scripts/demo $(BUILD)

format:
	@git ls-files '*.h' '*.cpp' | xargs clang-format-14 -i

clean:
	rm -rf build build-asan build.configure.log build-asan.configure.log
