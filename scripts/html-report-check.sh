#!/usr/bin/env bash
# The HTML report in a real browser: renders report.html for a result of every scenario kind (and one page
# of several results) with Debian's headless Chromium, and checks from the rendered boxes that every chart
# and table the result calls for is there, has a size, and that no text label of a chart overlaps another
# or leaves its chart. Run by .ci/run after the gate (`make html-check`).
#
#   scripts/html-report-check.sh            uses .build/release/bench (built if missing), or $BENCH
#
# Chromium is installed here only (scripts/setup.sh --browser); when it cannot be, the check is skipped
# with a message and exit 0 — everything else in CI still runs. Exit 1 when a page fails the check.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! bash scripts/setup.sh --browser >/dev/null 2>&1 || ! command -v chromium >/dev/null; then
  echo "html-check: SKIPPED — Debian's chromium could not be installed (scripts/setup.sh --browser failed);" \
       "the HTML report was not checked in a browser" >&2
  exit 0
fi
bench=${BENCH:-.build/release/bench}
if [ ! -x "$bench" ]; then swift build -c release --product bench >/dev/null; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A short run of each kind (two repetitions, so every chart has spread bars), and the committed gate result.
results=(Results/baselines/ci.result.json)
for scenario in feed-parity churn signup rotation scroll deep wide; do
  "$bench" run --scenario "$scenario" --repetitions 2 --warmup 0 --threads 1,2 --output "$work/runs" >/dev/null 2>"$work/err" \
    || "$bench" run --scenario "$scenario" --repetitions 2 --warmup 0 --output "$work/runs" >/dev/null 2>"$work/err" \
    || { cat "$work/err" >&2; exit 1; }
done
while IFS= read -r file; do results+=("$file"); done < <(find "$work/runs" -name result.json | sort)

pages=()
for result in "${results[@]}"; do
  out="$work/pages/$(basename "$(dirname "$result")")"
  "$bench" report "$result" --output "$out" >/dev/null
  pages+=("$out/report.html")
done
# Several results: the gate's result against a fresh run of feed-parity (threads across both, comparison).
parity=$(grep -l '"name": "feed-parity"' $(find "$work/runs" -name result.json) | head -1)
"$bench" report Results/baselines/ci.result.json "$parity" --output "$work/pages/several" >/dev/null
pages+=("$work/pages/several/report.html")

failed=0
for page in "${pages[@]}"; do
  checked="${page%.html}.checked.html"
  # The measuring script goes into a copy: the report itself has no script.
  python3 -c 'import sys; page, js = open(sys.argv[1]).read(), open(sys.argv[2]).read()
open(sys.argv[3], "w").write(page.replace("</body></html>", "<script>\n" + js + "</script></body></html>"))' \
    "$page" scripts/html-report-check.js "$checked"
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2000 \
    --virtual-time-budget=5000 --dump-dom "file://$checked" 2>/dev/null > "$work/dom.html" || true
  if ! python3 scripts/html-report-check.py "$page" "$work/dom.html"; then failed=1; fi
done
if [ $failed -ne 0 ]; then echo "html-check: FAILED" >&2; exit 1; fi
echo "html-check: ${#pages[@]} pages rendered in Chromium: every chart and table present, no label overlaps"
