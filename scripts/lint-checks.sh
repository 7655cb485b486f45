#!/usr/bin/env bash
# Fails when a precondition/assert-style check does work: release builds use -Ounchecked (Package.swift),
# where `precondition`, `assert`, `assertionFailure` and `preconditionFailure` are neither checked nor
# evaluated, so a call inside one — `precondition(pthread_attr_setstacksize(&a, n) == 0)` — silently does
# not run in release. Do the work in plain code, then check its result (`guard status == 0 else …`).
#
#   scripts/lint-checks.sh [FILE-OR-DIRECTORY …]     (default: Sources/ of this checkout)
#
# Prints one `file:line: …` line per violation, then one summary line; exit 1 when there is a violation,
# 0 otherwise (2 on a bad argument). Tests/BenchHarnessTests/LintChecksTests.swift runs it from `swift test`.
#
# How, kept simple on purpose: every *.swift file is scanned character by character (mawk-compatible awk);
# string literals (their interpolations included) and comments are dropped, and for each call of one of
# the four checks that is not a method (`.precondition(`) or a declaration (`func precondition(`) the text
# of its whole argument list — condition and message, to the balancing `)` — is matched against:
#   - a call of pthread_*, sem_*, malloc, calloc, realloc, free, posix_memalign, fopen, open, close, read,
#     write (these allocate, lock, start threads or do I/O)
#   - a mutating method: .initialize( .deinitialize( .allocate( .deallocate( .append( .insert( .remove…
#     (removeAll, removeFirst, removeLast, remove(at:)) .popLast( .reserveCapacity(
#   - an assignment: `=` that is not part of ==, !=, <=, >=, ===, !== (so += -= &+= … count too)
#   - an inout argument `&name` (the callee may mutate it; `&&` is not one)
# A pure check — comparisons, `.contains`, `.count`, `allSatisfy` over a pure closure — passes. A rule this
# simple can be fooled (a function with a side effect under another name); it catches the usual shapes.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ "$#" -eq 0 ]; then
  set -- "$root/Sources"
fi
files=()
for target in "$@"; do
  if [ -d "$target" ]; then
    while IFS= read -r -d '' file; do files+=("$file"); done < <(find "$target" -name '*.swift' -type f -print0 | sort -z)
  elif [ -f "$target" ]; then
    files+=("$target")
  else
    echo "error: $target: no such file or directory" >&2
    exit 2
  fi
done

set +e
awk '
function flush_check(   text, hit) {
  text = body
  hit = ""
  if (match(text, /(^|[^A-Za-z0-9_])(pthread_[A-Za-z0-9_]*|sem_[A-Za-z0-9_]*|malloc|calloc|realloc|free|posix_memalign|fopen|open|close|read|write)[ \t\n]*\(/)) {
    hit = "calls " substr(text, RSTART, RLENGTH)
  } else if (match(text, /\.(initialize|deinitialize|allocate|deallocate|append|insert|removeAll|removeFirst|removeLast|remove|popLast|reserveCapacity)[ \t\n]*[({]/)) {
    hit = "calls " substr(text, RSTART, RLENGTH)
  } else if (match(text, /(^|[^=!<>])=($|[^=])/) || match(text, /(<<|>>)=/)) {
    op = substr(text, RSTART, RLENGTH)
    gsub(/[^-+*\/%&|^<>=]/, "", op)
    hit = "assigns (" op ")"
  } else if (match(text, /(^|[^&])&[A-Za-z_][A-Za-z0-9_]*/)) {
    arg = substr(text, RSTART, RLENGTH)
    sub(/^[^&]/, "", arg)
    hit = "passes an inout argument (" arg ")"
  }
  checks++
  if (hit != "") {
    sub(/calls [^A-Za-z0-9_.]+/, "calls ", hit)
    gsub(/[ \t\n]+/, " ", hit)
    printf "%s:%d: %s(...) %s: the check is not evaluated in -Ounchecked release builds; do the work outside it\n", FILENAME, start_line, name, hit
    violations++
    bad[FILENAME] = 1
  }
}

FNR == 1 {
  files++
  mode = "code"; depth = 0; collecting = 0; interp = 0; line_text = ""
}

{
  line = $0 "\n"
  n = length(line)
  i = 1
  line_text = ""
  while (i <= n) {
    c = substr(line, i, 1)
    two = substr(line, i, 2)
    three = substr(line, i, 3)
    if (mode == "block") {
      if (two == "*/") { mode = "code"; i += 2; continue }
      i++; continue
    }
    if (mode == "string" || mode == "multi") {
      if (c == "\\" && substr(line, i + 1, 1) == "(") {
        # An interpolation: code until its parenthesis closes.
        stack[++interp] = mode "|" paren
        mode = "code"; paren = 0
        i += 2
        if (collecting) body = body "("
        continue
      }
      if (c == "\\") { i += 2; continue }
      if (mode == "multi" && three == "\"\"\"") { mode = "code"; i += 3; if (collecting) body = body "\"\""; continue }
      if (mode == "string" && c == "\"") { mode = "code"; i++; if (collecting) body = body "\"\""; continue }
      i++; continue
    }
    # code
    if (two == "//") break
    if (two == "/*") { mode = "block"; i += 2; continue }
    if (three == "\"\"\"") { mode = "multi"; i += 3; continue }
    if (c == "\"") { mode = "string"; i++; continue }
    if (c == "(" ) paren++
    if (c == ")") {
      if (interp > 0 && paren == 0) {
        split(stack[interp--], saved, "|")
        mode = saved[1]; paren = saved[2] + 0
        if (collecting) body = body ")"
        i++; continue
      }
      paren--
    }
    if (!collecting) {
      rest = substr(line, i)
      if (match(rest, /^(precondition|assert|assertionFailure|preconditionFailure)[ \t]*\(/)) {
        before = (i > 1) ? substr(line, i - 1, 1) : ""
        if (before !~ /[A-Za-z0-9_.]/ && line_text !~ /func[ \t]+$/) {
          name = rest; sub(/[ \t]*\(.*/, "", name)
          collecting = 1; start_line = FNR; body = ""
          opened = paren  # the check’s own "(" is counted when the scanner reaches it
          i += RLENGTH - 1
          line_text = line_text substr(rest, 1, RLENGTH - 1)
          continue
        }
      }
      line_text = line_text c
      i++; continue
    }
    # collecting the argument list
    if (c == "(" && paren == opened + 1 && body == "" && !started) { started = 1; i++; continue }
    if (c == ")" && paren == opened) { collecting = 0; started = 0; flush_check(); i++; continue }
    body = body c
    i++
  }
}

END {
  nbad = 0
  for (f in bad) nbad++
  if (violations > 0) {
    printf "lint-checks: %d violation(s) in %d file(s) (%d checks in %d file(s) scanned)\n", violations, nbad, checks, files
    exit 1
  }
  printf "lint-checks: ok, no work inside precondition/assert (%d checks in %d file(s) scanned)\n", checks, files
}
' "${files[@]}"
status=$?
set -e
exit "$status"
