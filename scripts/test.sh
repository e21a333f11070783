#!/usr/bin/env bash
# Sets everything up and runs the whole test suite: lint, types, unit, property, command-line,
# pseudo-terminal and browser tests, and the doctests (README included).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh --test

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else return 1; fi
}
# The browser tests drive Debian's Chromium (Playwright never downloads a browser here).
if ! command -v chromium >/dev/null 2>&1; then
  echo "test: installing Debian's chromium for the browser tests" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

.venv/bin/ruff check betel_tutor tests bench hatch_build.py conftest.py
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
