"""The ``betel-tutor`` console script, as small as can be: a Ctrl-C while the program is still
starting (importing its libraries) ends it quietly with status 130, as one later does."""

from __future__ import annotations

import sys


def main() -> None:
    try:
        from betel_tutor.cli import main as run

        run()
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        sys.exit(130)


if __name__ == "__main__":
    main()
