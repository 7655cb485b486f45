#!/usr/bin/env bash
# Instructions per cell for each phase of a scenario, counted by callgrind (Results/README.md, "Instructions
# per cell"): the repeatable figure on a shared machine, where wall-clock drifts up to 2x between runs.
# Runs `bench run --single-pass PHASE` under valgrind once per phase, collecting only the phase itself.
#
#   scripts/instructions.sh [SCENARIO] [BENCH] [ENGINE]
#   e.g. scripts/instructions.sh feed-parity .build/release/bench nodetree
#
# SCENARIO defaults to feed-parity, BENCH to .build/release/bench (build it first: swift build -c release),
# ENGINE to nodetree (layoutcore has no cache: it runs create, fresh and manual only).
# Needs valgrind (Debian: apt-get install valgrind). Exit 2 when valgrind or the binary is missing.
set -euo pipefail
scenario=${1:-feed-parity} bench=${2:-.build/release/bench} engine=${3:-nodetree}

command -v valgrind >/dev/null || { echo "error: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
[ -x "$bench" ] || { echo "error: $bench not found or not executable (swift build -c release)" >&2; exit 2; }

phases="create fresh cached invalidated manual"
[ "$engine" = layoutcore ] && phases="create fresh manual"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

printf '%-12s %16s %8s %20s\n' phase "Ir collected" cells "instructions per cell"
for phase in $phases; do
  # The bench line names the cell count ("... of 1000 cells ..."); valgrind's summary the instructions.
  rc=0
  log=$(valgrind --tool=callgrind --callgrind-out-file="$out/$phase.out" --toggle-collect='*benchMeasuredRegion*' \
          "$bench" run --scenario "$scenario" --engine "$engine" --single-pass "$phase" 2>&1) || rc=$?
  if [ "$rc" -ne 0 ]; then
    # bench's own message, without valgrind's lines; and bench's exit code (2: bad scenario file).
    echo "error: bench --single-pass $phase exited $rc:" >&2; echo "$log" | grep -v '^==' >&2; exit "$rc"
  fi
  ir=$(echo "$log" | sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' | tr -d ,)
  cells=$(echo "$log" | sed -n 's/^single pass: .* of \([0-9]*\) cells.*/\1/p')
  if [ -z "$ir" ] || [ -z "$cells" ]; then
    echo "error: could not read the counts of phase $phase:" >&2; echo "$log" | tail -5 >&2; exit 1
  fi
  printf '%-12s %16s %8s %20s\n' "$phase" "$(python3 -c "print(f'{$ir:,}')")" "$cells" \
    "$(python3 -c "print(f'{$ir / $cells:,.0f}')")"
done
