# The README's two commands: `make bench` (the main job) and `make test` (what CI runs).
# Both install the Debian packages they need first (scripts/setup.sh), so a fresh machine with
# only Swift 6.2+ is enough.

SWIFT ?= swift
TSAN_SCRATCH ?= .build-tsan
SCENARIO ?= feed

.PHONY: setup bench build test test-debug test-tsan clean

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

clean:
	rm -rf .build $(TSAN_SCRATCH)
