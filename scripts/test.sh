#!/usr/bin/env bash
# Sets everything up and runs the whole test suite: lint, types, unit, property, CLI and
# doctests (README included).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh --test

.venv/bin/ruff check betel_tutor tests bench
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
