#!/usr/bin/env bash
# Instructions, simulated cache misses, lock acquisitions and retain/release per cell for each phase of a
# scenario, counted by callgrind: a thin wrapper over `bench instructions` (Results/README.md,
# "Instruction counts"), which runs each phase's single pass under valgrind and counts only the pass.
#
#   scripts/instructions.sh [SCENARIO] [BENCH] [ENGINE]
#   e.g. scripts/instructions.sh feed-parity .build/release/bench nodetree
#
# SCENARIO defaults to feed-parity, BENCH to .build/release/bench (build it first: swift build -c release),
# ENGINE to nodetree (layoutcore has no cache: it runs create, fresh and manual only). Exit 2 when the
# binary is missing, or (from bench) when valgrind is.
set -euo pipefail
scenario=${1:-feed-parity} bench=${2:-.build/release/bench} engine=${3:-nodetree}
[ -x "$bench" ] || { echo "error: $bench not found or not executable (swift build -c release)" >&2; exit 2; }
exec "$bench" instructions --scenario "$scenario" --engine "$engine"
