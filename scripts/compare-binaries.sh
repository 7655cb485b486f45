#!/usr/bin/env bash
# Wall-clock A/B of two `bench` binaries on this shared machine: runs them in pairs, alternating which goes
# first (the order biases a pair), and prints per pair the B ÷ A ratio of cells/s for node creation, fresh
# and invalidated layout. Ratios within a pair are what a shared machine can compare; read their median.
#
#   scripts/compare-binaries.sh PAIRS SCENARIO BENCH_A BENCH_B [THREADS]
#   e.g. scripts/compare-binaries.sh 8 Scenarios/feed-parity.json /tmp/old/bench .build/release/bench 1
set -euo pipefail
if [ $# -lt 4 ]; then sed -n 2,7p "$0"; exit 64; fi
pairs=$1 scenario=$2 a=$3 b=$4 threads=${5:-1}

rates() {
  "$1" run --scenario "$scenario" --no-save --threads "$threads" --json | THREADS="$threads" python3 -c '
import json, os, sys
t = int(os.environ["THREADS"])
d = json.load(sys.stdin)
m = {(x["name"], x["labels"].get("threads")): x["value"] for x in d["metrics"]}
print(*[m[("layout.%s.cellsPerSecond" % p, t)] for p in ("create", "fresh", "invalidated")])'
}

for i in $(seq "$pairs"); do
  if [ $((i % 2)) -eq 0 ]; then ra=$(rates "$a"); rb=$(rates "$b"); else rb=$(rates "$b"); ra=$(rates "$a"); fi
  python3 -c "
a = [float(x) for x in '$ra'.split()]; b = [float(x) for x in '$rb'.split()]
print('pair $i: B/A create %.3f  fresh %.3f  invalidated %.3f   (fresh A %.0fk, B %.0fk cells/s)'
      % (b[0] / a[0], b[1] / a[1], b[2] / a[2], a[1] / 1000, b[1] / 1000))"
done
