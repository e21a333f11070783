#!/usr/bin/env bash
# Creates .venv beside this checkout and installs betel-tutor into it (editable).
#   scripts/setup.sh          the program
#   scripts/setup.sh --test   the program and everything the test suite needs
# Works on a fresh Debian with Python 3.11: Debian ships venv/ensurepip as a separate package,
# which this script installs when it is missing and it may (root or sudo).
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null 2>&1; then
  echo "setup: $python not found; betel-tutor needs Python 3.11 or newer" >&2
  exit 1
fi
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "setup: betel-tutor needs Python 3.11 or newer, $python is $("$python" -V 2>&1)" >&2
  exit 1
fi

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else return 1; fi
}

if [ ! -x .venv/bin/python ] || ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
  rm -rf .venv
  if ! "$python" -m venv .venv >/dev/null 2>&1; then
    rm -rf .venv
    version=$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
    echo "setup: installing Debian's python${version}-venv" >&2
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "python${version}-venv" \
      || as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv
    "$python" -m venv .venv
  fi
fi

# WeasyPrint (render --pdf) draws text with Pango; the DejaVu fonts have every suit symbol.
# The library list is read whole before it is searched: ``ldconfig -p | grep -q`` under
# pipefail fails whenever grep's early exit stops ldconfig mid-write, and would run apt-get.
libraries=$(ldconfig -p 2>/dev/null || true)
if [[ "$libraries" != *libpangoft2-1.0.so.0* ]] \
  || [ ! -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then
  echo "setup: installing Debian's Pango and DejaVu fonts for PDF handouts" >&2
  if as_root apt-get update -qq; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core >/dev/null \
      || echo "setup: could not install Pango; render --pdf will not work" >&2
  else
    echo "setup: cannot install Pango (not root, no sudo); render --pdf will not work" >&2
  fi
fi

# The solver's search is compiled with mypyc when installed (hatch_build.py): a C compiler and
# Python's headers make it about twice as fast; without them it runs as pure Python.
if ! command -v cc >/dev/null 2>&1 \
  || ! "$python" -c 'import os, sysconfig, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; then
  version=$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
  echo "setup: installing a C compiler and Python's headers to compile the solver" >&2
  if as_root apt-get update -qq; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc libc6-dev "python${version}-dev" >/dev/null \
      || echo "setup: could not install them; the solver runs as pure Python" >&2
  else
    echo "setup: cannot install them (not root, no sudo); the solver runs as pure Python" >&2
  fi
fi

# What an install is made from: the requirements, the build step, the sources it compiles, the
# kind of set-up. While they are as they were at the last set-up, installing again would change
# nothing (and still takes a while): it is skipped.
made_from() {
  {
    echo "${1:-} ${BETEL_TUTOR_PURE_PYTHON:-}"
    cat pyproject.toml hatch_build.py
    .venv/bin/python -c 'import importlib.util as u
spec = u.spec_from_file_location("native", "betel_tutor/solver/native.py")
native = u.module_from_spec(spec)
spec.loader.exec_module(native)
print(native.source_digests())'
  } | sha256sum
}
stamp=.venv/betel-tutor-installed
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(made_from "${1:-}")" ]; then
  exit 0
fi
rm -f "$stamp"
.venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
if [ "${1:-}" = "--test" ]; then
  # Not compiled to bytecode ahead: that is half the install's time, for the many modules of
  # the test tools the suite never imports; what it imports is compiled as it is first read
  # (scripts/test.sh).
  .venv/bin/python -m pip install -q --disable-pip-version-check --no-compile -e ".[test]"
else
  .venv/bin/python -m pip install -q --disable-pip-version-check -e .
fi
made_from "${1:-}" >"$stamp"
