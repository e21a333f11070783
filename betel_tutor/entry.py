"""The ``betel-tutor`` console script, as small as can be: a Ctrl-C while the program is still
starting (importing its libraries) ends it quietly with status 130, as one later does.

The garbage collector is off while the program starts: what it makes until a command runs
(modules, classes, Typer's and pydantic's tables) lives until exit, and collecting would only
walk it again and again. A command's body turns it back on, with that much frozen
(:func:`betel_tutor.cli_common.reported`); so does the end of :func:`main`, for a caller that
goes on (bench/startup.py)."""

from __future__ import annotations

import gc
import sys


def main() -> None:
    gc.disable()
    try:
        from betel_tutor.cli import main as run

        run()
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        sys.exit(130)
    finally:
        gc.enable()


if __name__ == "__main__":
    main()
