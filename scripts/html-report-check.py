"""Judges one report.html from Chromium's dump of its checked copy (scripts/html-report-check.sh)."""
import html, json, re, sys

page, dom = sys.argv[1], open(sys.argv[2], encoding="utf-8").read()
source = open(page, encoding="utf-8").read()
problems = []
match = re.search(r'<pre id="loom-check">(.*?)</pre>', dom, re.S)
if not match:
    print(f"html-check: {page}: the browser produced no measurements (did the page render?)")
    sys.exit(1)
found = json.loads(html.unescape(match.group(1)))

# Self-contained: nothing to fetch (the SVG namespace is a name, not a request).
for attr in re.findall(r'(?:src|href)\s*=\s*"([^"]*)"', source):
    problems.append(f"refers to {attr}")
if re.search(r"<script|<link|@import|url\(", source):
    problems.append("has a script, a link or a url() to load")

names = [c["name"] for c in found["charts"]]
kinds = re.findall(r'data-chart="([^"]+)"', source)
several = "Across the results" in source
expected = set()
if "throughput.svg" in kinds or "latency.svg" in kinds:
    expected |= {"throughput.svg", "latency.svg"}
if "diff.svg" in kinds:
    expected |= {"diff.svg", "timings"}
if several:
    expected.add("throughput-across")
if not expected:
    expected.add("timings")  # transitions, scroll, trees
for name in sorted(expected - set(names)):
    problems.append(f"chart {name} missing")
for chart in found["charts"]:
    if chart["width"] < 100 or chart["height"] < 100:
        problems.append(f"chart {chart['name']} rendered {chart['width']}x{chart['height']}")
    if chart["labels"] < 3:
        problems.append(f"chart {chart['name']} has {chart['labels']} labels")
if found["tables"] < 2:
    problems.append(f"{found['tables']} tables (the provenance and at least one of numbers expected)")
if several and "<h2>" not in source.split("Across the results", 1)[1]:
    problems.append("no comparison after 'Across the results'")
problems += [f"labels overlap: {o}" for o in found["overlaps"]]
problems += [f"label outside its chart: {o}" for o in found["outside"]]

label = page.split("/pages/", 1)[-1]
if problems:
    print(f"html-check: {label}: " + "; ".join(problems[:20]))
    sys.exit(1)
print(f"html-check: {label}: {len(found['charts'])} charts ({', '.join(names)}), {found['tables']} tables, "
      f"{sum(c['labels'] for c in found['charts'])} labels, none overlapping")
