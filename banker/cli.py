"""The ``banker`` command."""

from __future__ import annotations

import sys

from banker import __version__


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    print(f"banker {__version__}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
