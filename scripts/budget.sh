#!/usr/bin/env bash
# Where a fresh feed-parity cell's instructions go (the budget tables of Results/PERFORMANCE.md): runs
# `bench run --single-pass fresh` under callgrind once (collecting only `loom_bench_measured_region`, the
# pass; unlike `bench instructions` it does not separate the system libraries) and prints the inclusive
# instructions per cell of
# the cell's parts — building the spec tree, the root spec's layout (leaves included), the leaf node
# measurements, flattening and closing the spec region — read from callgrind_annotate by symbol.
#
#   scripts/budget.sh [BENCH]      (BENCH defaults to .build/release/bench; build it with -c release)
#
# The symbols are Swift mangled names of today's functions: after a rename a part prints "?" — update the
# pattern below. Needs valgrind (apt-get install valgrind). Exit 2 when valgrind or the binary is missing.
set -euo pipefail
bench=${1:-.build/release/bench}
command -v valgrind >/dev/null || { echo "error: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
[ -x "$bench" ] || { echo "error: $bench not found or not executable (swift build -c release)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

valgrind --tool=callgrind --callgrind-out-file="$out/cg" --toggle-collect=loom_bench_measured_region \
  "$bench" run --scenario feed-parity --single-pass fresh >/dev/null 2>&1
callgrind_annotate --inclusive=yes --threshold=100 "$out/cg" > "$out/incl" 2>/dev/null
cells=1000

# The largest inclusive figure of a function whose name contains $1 (callgrind splits a function that has
# inlined code from other files into one line per file; the largest is the whole).
part() {
  grep -F -- "$1" "$out/incl" | awk -v c="$cells" '{gsub(",", "", $1); if ($1 + 0 > m + 0) m = $1 + 0} END {
    if (m == "") print "?"; else printf "%.2f k", m / c / 1000 }'
}
total=$(grep "PROGRAM TOTALS" "$out/incl" | awk -v c="$cells" '{gsub(",", "", $1); printf "%.2f k", $1 / c / 1000}')
printf '%-58s %s\n' "fresh feed-parity cell, in all" "$total"
printf '%-58s %s\n' "building the spec tree (layoutSpecThatFits)" \
  "$(part 'FeedParityCellNodeC18layoutSpecThatFits')"
printf '%-58s %s\n' "the root spec's layout, leaves included" \
  "$(part '$s10LayoutCore05StackA4SpecVAA0A7ElementA2aDP14layoutThatFits_10parentSize4intoSi')"
printf '%-58s %s\n' "  of which leaf node measurements" \
  "$(part '$s8NodeTree07DisplayA0C10LayoutCore0D7ElementAadEP14layoutThatFits_10parentSize4intoSi')"
printf '%-58s %s\n' "flattening to the node's sublayouts" \
  "$(part '$s10LayoutCore0A0V04nodeA03for4root2in11resettingTo')"
printf '%-58s %s\n' "closing the spec region" "$(part 'truncateInnermostRegion')"
