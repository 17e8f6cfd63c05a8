"""Subcommands for standings: ``banker export``, ``banker qr``, ``banker leaderboard`` and ``banker stats``.

Each handler takes the parsed arguments and returns the exit status, so the ``banker`` command can dispatch them
like its own subcommands (``args.func(args)``); errors are raised and reported in one line with the status of
every subcommand (:mod:`banker.cli.support`: 1 cannot, 2 refused). The database is opened read-only. An output
file is never the database (or its ``-wal``/``-shm`` files) and an existing one is replaced only with ``--force``.
"""

from __future__ import annotations

import argparse
import sys

from banker.cli.support import REFUSED, CliError, database, game_id, output_file, safe, say, write_file
from banker.reports import exports

GAME_FORMATS: dict[str, str] = {
    "journal": "banker.reports.journal_file",
    "board": "banker.reports.board:markdown",
    "board-html": "banker.reports.board:html",
}
"""The exports of the whole game rather than its standings: format -> the module (and function, else ``render``)
that draws it from the open session."""


def _game_export(args: argparse.Namespace) -> str:
    """A whole-game export (:data:`GAME_FORMATS`), read from the game opened read-only."""
    import importlib

    from banker.session import Session

    module, _, function = GAME_FORMATS[args.format].partition(":")
    draw = getattr(importlib.import_module(module), function or "render")
    path = database(getattr(args, "db", None))
    with Session.open(path, args.game, readonly=True) as session:
        return str(draw(session))


def register(subparsers) -> None:
    """Add the export subcommands to the ``banker`` argument parser."""
    p = subparsers.add_parser(
        "export",
        help="print or save a game's standings as CSV, JSON or Markdown",
        description="Final standings of a finished game, or the current standings (marked "
        "as in progress) of a game still going. Prints to stdout without --out.",
    )
    p.add_argument("game", nargs="?", type=game_id, help="game number (default: the most recent game)")
    p.add_argument(
        "--format",
        "-f",
        choices=(*exports.FORMATS, *GAME_FORMATS),
        default="md",
        help="standings as csv, json or md (default md); journal: the whole game as one file (banker import reads"
        " it); board: the board sheet in Markdown, board-html: as a page that prints on one sheet",
    )
    p.add_argument("--out", "-o", help="write to this file instead of stdout (never the database)")
    p.add_argument("--force", action="store_true", help="replace the --out file if it exists")
    p.add_argument(
        "--db",
        metavar="PATH",
        default=argparse.SUPPRESS,
        help="the game database (default: BANKER_DB or the user data directory)",
    )
    p.set_defaults(func=cmd_export)

    p = subparsers.add_parser(
        "qr",
        help="show a game's standings as a QR code and save it as SVG and PNG",
        description="Prints the QR code in the terminal and saves SVG and PNG files in --out "
        "(default: the settings' exports directory, else a folder beside the "
        "database, e.g. banker-exports beside banker.db).",
    )
    p.add_argument("game", nargs="?", type=game_id, help="game number (default: the most recent game)")
    p.add_argument("--out", "-o", help="directory for the SVG and PNG files")
    p.add_argument(
        "--bgstats",
        action="store_true",
        help="a finished game as BG Stats' push-play link: scan it to record the play in BG Stats",
    )
    p.add_argument("--force", action="store_true", help="replace the SVG and PNG files if they exist")
    p.add_argument(
        "--db",
        metavar="PATH",
        default=argparse.SUPPRESS,
        help="the game database (default: BANKER_DB or the user data directory)",
    )
    p.set_defaults(func=cmd_qr)

    p = subparsers.add_parser("leaderboard", help="wins and average rank per player across finished games")
    p.add_argument(
        "--db",
        metavar="PATH",
        default=argparse.SUPPRESS,
        help="the game database (default: BANKER_DB or the user data directory)",
    )
    p.set_defaults(func=cmd_leaderboard)

    p = subparsers.add_parser(
        "stats",
        help="players' records across finished games, per rule system; with NAME, "
        "that player's history and head-to-head record",
        description="Per rule system (short games and 1935 games are never added together): "
        "each player's games, wins, win rate, average rank, best and average "
        "total; the records of the game (biggest single rent, most rent "
        "collected, most profitable colour group, who bankrupted whom, longest "
        "game), all-time and per game. With NAME: that player's games and "
        "head-to-head record against each opponent.",
    )
    p.add_argument("name", nargs="?", help="a player's name (any case)")
    p.add_argument("--json", action="store_true", help='print JSON (docs/exports.md, "Statistics")')
    p.add_argument(
        "--db",
        metavar="PATH",
        default=argparse.SUPPRESS,
        help="the game database (default: BANKER_DB or the user data directory)",
    )
    p.set_defaults(func=cmd_stats)


def _report(args: argparse.Namespace) -> exports.Report:
    """Read the game for export, read-only; a missing game or database is said in one line (status 1)."""
    from banker.session import Session

    path = database(getattr(args, "db", None))
    try:
        session = Session.open(path, args.game, readonly=True)
    except LookupError as e:
        if args.game is None:
            missing = "" if path.exists() else " (there is no Banker database there)"
            raise CliError(f"there are no games in {path} yet{missing}") from None
        if args.game is not None and "no game" in str(e):
            raise CliError(f"there is no game {args.game} in {path}; `banker games` lists them") from None
        raise
    try:
        return exports.report(session)
    finally:
        session.close()


def cmd_export(args: argparse.Namespace) -> int:
    db = database(getattr(args, "db", None))
    out = output_file(args.out, db, args.force) if args.out else None
    if args.format in GAME_FORMATS:
        _report(args)  # a missing game or database is said as for the standings
        text = _game_export(args)
        if out is None:
            sys.stdout.write(safe(text) if sys.stdout.isatty() else text)
            return 0
        write_file(out, text)
        print(safe(f"Wrote {args.format} of the game to {out}"), file=sys.stderr)
        return 0
    rep = _report(args)
    text = exports.render(rep, args.format)
    if out is None:
        sys.stdout.write(safe(text) if sys.stdout.isatty() else text)
        return 0
    write_file(out, text)
    status = "final standings" if rep.over else "current standings (game in progress)"
    print(safe(f"Wrote the {status} of game {rep.game} to {out}"), file=sys.stderr)
    return 0


def cmd_qr(args: argparse.Namespace) -> int:
    db = database(getattr(args, "db", None))
    rep = _report(args)
    directory = exports.exports_dir(args.out, db)
    if args.bgstats:
        try:
            text = exports.bgstats_url(rep)
        except ValueError as e:
            raise CliError(str(e), REFUSED) from None
        stem = f"{exports.file_stem(rep)}-bgstats"
    else:
        text, stem = exports.qr_text(rep), f"{exports.file_stem(rep)}-qr"
    svg, png = (output_file(str(directory / f"{stem}.{ext}"), db, args.force) for ext in ("svg", "png"))
    from banker.reports.qr import terminal_text

    sys.stdout.write(terminal_text(text))
    say(text)
    if args.bgstats:
        from datetime import datetime

        zone = datetime.now().astimezone().strftime("%Z, UTC%z")
        say(f"playDate is when the game started, in this computer's time zone ({zone})")
    try:
        svg, png = exports.write_qr(rep, args.out, db, text=text, stem=stem)
    except OSError as error:
        raise CliError(f"cannot write the QR files in {directory}: {error.strerror or error}") from None
    say(f"Saved {svg} and {png}")
    return 0


def cmd_leaderboard(args: argparse.Namespace) -> int:
    from banker.journal import Journal

    try:
        journal = Journal(database(getattr(args, "db", None)), readonly=True)
    except LookupError:
        rows = []
    else:
        try:
            rows = exports.leaderboard(journal)
        finally:
            journal.close()
    say(exports.leaderboard_text(rows))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from banker.reports import stats

    groups = stats.by_variant(stats.collect(database(getattr(args, "db", None))))
    if args.json:
        text = stats.stats_json(groups, args.name)
        sys.stdout.write(safe(text) if sys.stdout.isatty() else text)
        return 0
    say(stats.stats_text(groups, args.name))
    return 0
