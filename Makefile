# The README's commands: `make bench` (the main job) and `make test` (what CI runs: .ci/run); `make check` is the gate.
# All install the Debian packages they need first (scripts/setup.sh), so a fresh machine with
# only Swift 6.2+ is enough.

SWIFT ?= swift
TSAN_SCRATCH ?= .build-tsan
SCENARIO ?= feed
BASELINE ?= Results/baselines/ci.json
CHECK_FLAGS ?=

.PHONY: setup bench build test test-debug test-tsan check baseline instructions clean

setup:
	@bash scripts/setup.sh

# The main job: layout throughput of a generated feed (Scenarios/$(SCENARIO).json), release build.
bench: setup
	$(SWIFT) run -c release bench --scenario $(SCENARIO)

build: setup
	$(SWIFT) build --build-tests

# Every test, then the thread-sanitizer run (own scratch path, jemalloc trait off: TSan replaces
# malloc). A TSan report makes the test process exit non-zero, so the exit code is the verdict.
test: test-debug test-tsan

test-debug: setup
	$(SWIFT) test

test-tsan: setup
	$(SWIFT) test --sanitize=thread --scratch-path $(TSAN_SCRATCH) --disable-default-traits

# The regression gate (Results/README.md, "Gate"): a release build runs the baseline's scenario (ci, threads
# 1 and 2), counts each phase's instructions under callgrind, and compares both with the committed baseline.
# Exit 1 on a regression or an unrecorded improvement, 2 when the run cannot be compared (another scenario
# text, build configuration, allocator, compiler or valgrind).
check: setup
	$(SWIFT) run -c release bench check --baseline $(BASELINE) $(CHECK_FLAGS)

# Re-record the baseline after an intended change (re-runs its scenario with its settings); commit both files.
baseline: setup
	$(SWIFT) run -c release bench baseline update --output $(BASELINE)

# Instructions, cache misses, locks and retain/release per cell of each phase, under callgrind.
instructions: setup
	$(SWIFT) run -c release bench instructions --scenario $(SCENARIO)

clean:
	rm -rf .build $(TSAN_SCRATCH)
