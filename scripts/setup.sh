#!/usr/bin/env bash
# Installs the Debian packages Loom builds against, only when they are missing.
# Uses sudo when not root. Safe to run repeatedly.
#   scripts/setup.sh            the build's packages (every make target runs this)
#   scripts/setup.sh --browser  Debian's chromium only, for the HTML report's browser check
#                               (scripts/html-report-check.sh); nothing else needs a browser
set -euo pipefail

# libfreetype-dev + fonts-dejavu-core: TextEngine measures text with DejaVu Sans through FreeType.
# valgrind: the regression gate counts instructions with callgrind (`bench instructions`, `bench check`).
packages=(libjemalloc-dev libfreetype-dev fonts-dejavu-core pkg-config valgrind)
if [ "${1:-}" = "--browser" ]; then packages=(chromium); fi
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
echo "setup: installing ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
