"""Subcommands for standings: ``banker export``, ``banker qr`` and ``banker leaderboard``.

Each handler takes the parsed arguments and returns the exit status (0 done, 1 refused with a message on stderr),
so the ``banker`` command can dispatch them like its own subcommands (``args.func(args)``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from banker import exports


def register(subparsers) -> None:
    """Add the export subcommands to the ``banker`` argument parser."""
    p = subparsers.add_parser("export", help="print or save a game's standings as CSV, JSON or Markdown",
                              description="Final standings of a finished game, or the current standings (marked "
                                          "as in progress) of a game still going. Prints to stdout without --out.")
    p.add_argument("game", nargs="?", type=int, help="game number (default: the most recent game)")
    p.add_argument("--format", "-f", choices=exports.FORMATS, default="md", help="csv, json or md (default md)")
    p.add_argument("--out", "-o", help="write to this file instead of stdout")
    p.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS,
                   help="the game database (default: BANKER_DB or the user data directory)")
    p.set_defaults(func=cmd_export)

    p = subparsers.add_parser("qr", help="show a game's standings as a QR code and save it as SVG and PNG",
                              description="Prints the QR code in the terminal and saves SVG and PNG files in --out "
                                          "(default: the exports directory under BANKER_DATA_DIR).")
    p.add_argument("game", nargs="?", type=int, help="game number (default: the most recent game)")
    p.add_argument("--out", "-o", help="directory for the SVG and PNG files")
    p.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS,
                   help="the game database (default: BANKER_DB or the user data directory)")
    p.set_defaults(func=cmd_qr)

    p = subparsers.add_parser("leaderboard", help="wins and average rank per player across finished games")
    p.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS,
                   help="the game database (default: BANKER_DB or the user data directory)")
    p.set_defaults(func=cmd_leaderboard)


def _error(message: str) -> int:
    print(f"banker: {message}", file=sys.stderr)
    return 1


def _report(args: argparse.Namespace) -> exports.Report:
    """Open the game read for export; LookupError when there is no such game."""
    from banker.paths import db_path
    from banker.session import Session

    path = db_path(getattr(args, "db", None))
    session = Session.open(path, args.game)
    try:
        return exports.report(session)
    finally:
        close = getattr(session, "close", None)
        if close:
            close()


def _open(args: argparse.Namespace) -> exports.Report | int:
    try:
        return _report(args)
    except LookupError:
        if args.game is None:
            return _error("there are no games in the database yet")
        return _error(f"there is no game {args.game} in the database; `banker games` lists them")
    except Exception as error:  # a damaged or foreign database: say so, never a traceback
        return _error(str(error))


def cmd_export(args: argparse.Namespace) -> int:
    rep = _open(args)
    if isinstance(rep, int):
        return rep
    text = exports.render(rep, args.format)
    if not args.out:
        sys.stdout.write(text)
        return 0
    out = Path(args.out).expanduser()
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8", newline="")
    except OSError as error:
        return _error(f"cannot write {out}: {error.strerror or error}")
    status = "final standings" if rep.over else "current standings (game in progress)"
    print(f"Wrote the {status} of game {rep.game} to {out}", file=sys.stderr)
    return 0


def cmd_qr(args: argparse.Namespace) -> int:
    rep = _open(args)
    if isinstance(rep, int):
        return rep
    from banker.qr import terminal_text

    text = exports.qr_text(rep)
    sys.stdout.write(terminal_text(text))
    print(text)
    try:
        svg, png = exports.write_qr(rep, args.out)
    except OSError as error:
        return _error(f"cannot write the QR files: {error.strerror or error}")
    print(f"Saved {svg} and {png}")
    return 0


def cmd_leaderboard(args: argparse.Namespace) -> int:
    from banker.paths import db_path

    try:
        rows = exports.leaderboard(db_path(getattr(args, "db", None)))
    except Exception as error:  # not a database, or not ours
        return _error(f"cannot read the games: {error}")
    print(exports.leaderboard_text(rows))
    return 0
