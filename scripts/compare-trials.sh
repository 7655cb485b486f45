#!/usr/bin/env bash
# How often `bench compare` calls a difference where there is none (and finds one where there is): runs
# TRIALS comparisons of two bench executables and prints, per trial, the verdicts of the timed metrics and
# of fresh layout, then the count of trials in which no timed metric was called faster or slower (the machine
# probe's own row aside; a verdict the probe's drift left inconclusive is not a call).
#
#   scripts/compare-trials.sh MODE TRIALS BENCH_A BENCH_B [COMPARE_FLAGS…]
#     MODE saved:    per trial, `bench run --no-save --json` of A, then of B, then `bench compare A.json B.json`
#     MODE binaries: per trial, `bench compare --binaries A B` (rounds back to back, paired)
#   e.g. scripts/compare-trials.sh binaries 10 .build/release/bench /tmp/bench-copy --rounds 8
# Same binary twice measures false alarms; a binary with an injected slowdown measures power.
set -euo pipefail
if [ $# -lt 4 ]; then sed -n 2,11p "$0"; exit 2; fi
mode=$1 trials=$2 a=$3 b=$4
shift 4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
quiet=0
for i in $(seq "$trials"); do
  case "$mode" in
    saved)
      "$a" run --scenario feed --no-save --json > "$work/a.json"
      "$b" run --scenario feed --no-save --json > "$work/b.json"
      "$a" compare "$work/a.json" "$work/b.json" --json "$@" > "$work/c.json" ;;
    binaries)
      "$a" compare --binaries "$a" "$b" --json "$@" > "$work/c.json" ;;
    *) echo "error: MODE is saved or binaries, not $mode" >&2; exit 2 ;;
  esac
  line=$(python3 - "$work/c.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["comparisons"][0]
timed = [m for m in c["metrics"] if not m["deterministic"] and m["pValue"] is not None
         and m["name"] != "machine.probe.wallTime"]
flagged = [m for m in timed if m["verdict"] not in ("no difference", "inconclusive")]
open_ = [m for m in timed if m["verdict"] == "inconclusive"]
fresh = [m for m in timed if m["name"] in ("layout.fresh.wallTime", "layout.fresh.cpuTime")]
fresh_text = ", ".join("%s %s thr %s %+.1f%% [%+.1f%%, %+.1f%%]" % (
    m["name"].split(".")[-1], m["labels"].get("threads"), m["verdict"], (m["ratio"] - 1) * 100,
    ((m["interval"] or [m["ratio"]])[0] - 1) * 100, ((m["interval"] or [0, m["ratio"]])[-1] - 1) * 100)
    for m in fresh)
names = ", ".join("%s[%s]=%s" % (m["name"], m["labels"].get("threads"), m["verdict"]) for m in flagged)
print("%d %d/%d timed flagged, %d inconclusive; fresh: %s%s" % (0 if flagged else 1, len(flagged), len(timed), len(open_), fresh_text,
      ("; flagged: " + names) if names else ""))
PY
)
  quiet=$((quiet + ${line%% *}))
  echo "trial $i: ${line#* }"
done
echo "$quiet of $trials trials: no timed metric called faster or slower (inconclusive ones, where the machine probe moved, are not calls)"
