#!/usr/bin/env bash
# Sets everything up and runs the whole test suite: lint, types, unit, property, command-line,
# pseudo-terminal and browser tests, and the doctests (README included), spread over the
# machine's cores (pytest-xdist).
#   scripts/test.sh [PYTEST ARGS]              the suite
#   scripts/test.sh --coverage [PYTEST ARGS]   the suite under coverage.py, then the package's
#                                              line coverage (the programs tests start count too)
set -euo pipefail
cd "$(dirname "$0")/.."

coverage=false
if [ "${1:-}" = "--coverage" ]; then
  coverage=true
  shift
fi

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

# The suite starts hundreds of Python processes (the workers, the program, its workers): each
# reads the sources compiled once, as Python caches them, even where PYTHONDONTWRITEBYTECODE is
# set, rather than compiling them all again (a third of the suite's time on a fresh clone). The
# test set-up installs without compiling ahead (setup.sh) for the same reason: what the suite
# imports is compiled as it is first read.
unset PYTHONDONTWRITEBYTECODE

# Lint and types are checked beside the tests (mostly one core's work while the tests start);
# what they find is shown after the tests' report, and fails the run as a failing test does.
checks=$(mktemp)
(.venv/bin/ruff check betel_tutor tests bench hatch_build.py conftest.py && .venv/bin/mypy) \
  >"$checks" 2>&1 &
checking=$!
trap 'kill "$checking" 2>/dev/null || true; rm -f "$checks"' EXIT
checked() {
  local status=0
  wait "$checking" || status=$?
  cat "$checks"
  if [ "$status" != 0 ]; then
    echo "test: ruff or mypy found the problems above" >&2
  fi
  return "$status"
}

# The tests spread over the cores one by one, so that a module of many slow tests is shared out
# too; a module whose tests share the work of a module-scoped fixture marks itself
# ``pytestmark = pytest.mark.xdist_group(__name__)`` and runs on one worker (loadgroup). The
# longest tests and groups go out first, as tests/durations.json records them (after a whole
# run with --junitxml=FILE, scripts/durations.py FILE records them again; tests/scheduling.py).
parallel=(-n "${BETEL_TEST_WORKERS:-auto}" --dist loadgroup)
status=0
if ! $coverage; then
  .venv/bin/python -m pytest "${parallel[@]}" "$@" || status=$?
  checked || status=$?
  exit $status
fi
rm -rf .coverage-data
mkdir -p .coverage-data
export COVERAGE_FILE="$PWD/.coverage-data/coverage"
.venv/bin/coverage run -m pytest "${parallel[@]}" "$@" || status=$?
checked || status=$?
.venv/bin/coverage combine --quiet
.venv/bin/coverage report --format=total | sed 's/^/line coverage of betel_tutor: /; s/$/%/'
exit $status
