# The README's commands: `make bench` (the main job) and `make test` (what CI runs: .ci/run); `make check` is the gate.
# All install the Debian packages they need first (scripts/setup.sh), so a fresh machine with
# only Swift 6.2+ is enough.

SWIFT ?= swift
TSAN_SCRATCH ?= .build-tsan
ASAN_SCRATCH ?= .build-asan
# LeakSanitizer (on by default with ASan on Linux) is off for the ASan test suite: every test process fails
# it without a leak of Loom's. Measured (swift test --sanitize=address, LSan on: rc 1, 949,386 bytes in 4,470
# allocations): the empty XCTest pass that `swift test` runs first leaks 368 bytes inside XCTest
# (XCTMainMisc, XCTestSuiteRun); Foundation's Process.run leaks a 32-byte weak-reference side table per
# launch, so every `bench run` child exits 1 (17 CLI tests failed); Data(contentsOf:) leaks a 4096-byte
# buffer per read; the rest hangs off Swift weak-reference side tables, which an object points to through
# an encoded pointer that LSan's scan cannot follow. The stress run below keeps LSan on: it is clean (exit 0).
ASAN_TEST_OPTIONS ?= detect_leaks=0
STRESS_FLAGS ?= --threads 4 --ops 20000 --seed 1 --no-save
SCENARIO ?= feed
BASELINE ?= Results/baselines/ci.json
CHECK_FLAGS ?=

.PHONY: setup bench build test test-debug test-tsan test-asan check baseline instructions fuzz html-check clean

setup:
	@bash scripts/setup.sh

# The main job: layout throughput of a generated feed (Scenarios/$(SCENARIO).json), release build.
bench: setup
	$(SWIFT) run -c release bench --scenario $(SCENARIO)

build: setup
	$(SWIFT) build --build-tests

# Every test, then the thread-sanitizer run and the address-sanitizer run (each its own scratch path, jemalloc
# trait off: the sanitizer replaces malloc). A sanitizer report makes the process exit non-zero (Swift
# Testing may still print "passed"), so the exit code is the verdict.
test: test-debug test-tsan test-asan

test-debug: setup
	$(SWIFT) test

# LOOM_RACE_FAULTS=1 compiles NodeTree's deliberate races into this debug build (never into release): the race
# score (Tests/BenchCLITests/RaceFaultCLITests.swift) runs a bounded `bench stress` with each one in a child
# process and expects the sanitizer's report, and a run without one that expects none.
test-tsan: setup
	LOOM_RACE_FAULTS=1 $(SWIFT) test --sanitize=thread --scratch-path $(TSAN_SCRATCH) --disable-default-traits

# AddressSanitizer: every test (SpecEscapeAddressSanitizerTests runs only here: an escaped spec read after its
# thread's arena was freed is a heap-use-after-free), then a bounded `bench stress` (4 workers and the main
# actor, 20,000 operations) with LeakSanitizer on. An ASan report aborts the process: exit 1.
test-asan: setup
	ASAN_OPTIONS=$(ASAN_TEST_OPTIONS) $(SWIFT) test --sanitize=address --scratch-path $(ASAN_SCRATCH) --disable-default-traits
	$(SWIFT) build --sanitize=address --scratch-path $(ASAN_SCRATCH) --disable-default-traits --product bench
	$(ASAN_SCRATCH)/debug/bench stress $(STRESS_FLAGS)

# The regression gate (Results/README.md, "Gate"): a release build runs the baseline's scenario (ci, threads
# 1 and 2), counts each phase's instructions under callgrind, and compares both with the committed baseline.
# Exit 1 on a regression or an unrecorded improvement, 2 when the run cannot be compared (another scenario
# text, build configuration, allocator, compiler or valgrind).
check: setup
	$(SWIFT) run -c release bench check --baseline $(BASELINE) $(CHECK_FLAGS)

# Re-record the baseline after an intended change (re-runs its scenario with its settings); commit both files.
baseline: setup
	$(SWIFT) run -c release bench baseline update --output $(BASELINE)

# bench's input contract under mutated inputs (README, "Fuzzing bench's inputs"): FUZZ_COUNT inputs per
# family of files. The seed defaults to the commit count, so a CI run of a commit can be repeated exactly
# (`make fuzz FUZZ_SEED=N`) and each new commit fuzzes new inputs; a violation prints its replay command.
FUZZ_COUNT ?= 100
FUZZ_SEED ?= $(shell git rev-list --count HEAD 2>/dev/null || echo 1)
fuzz: setup
	$(SWIFT) run -c release bench fuzz --seed $(FUZZ_SEED) --count $(FUZZ_COUNT)

# report.html in headless Chromium (scripts/html-report-check.sh): every chart and table present, no chart label
# overlapping another, from the rendered boxes. Installs Debian's chromium for this target only; skips with a
# message when it cannot.
html-check: setup
	$(SWIFT) build -c release --product bench
	bash scripts/html-report-check.sh

# Instructions, cache misses, locks and retain/release per cell of each phase, under callgrind.
instructions: setup
	$(SWIFT) run -c release bench instructions --scenario $(SCENARIO)

clean:
	rm -rf .build $(TSAN_SCRATCH) $(ASAN_SCRATCH)
