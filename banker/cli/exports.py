"""Subcommands for standings: ``banker export`` (and its whole-game formats: the board sheet, the game file),
``banker qr``, ``banker leaderboard`` and ``banker stats``.

Each handler takes the parsed arguments and returns the exit status, and is named in the one parser
(:mod:`banker.cli.parser`) like every other subcommand's; errors are raised and reported in one line with the status of
every subcommand (:mod:`banker.cli.support`: 1 cannot, 2 refused). The database is opened read-only. An output
file is never the database (or its ``-wal``/``-shm`` files) and an existing one is replaced only with ``--force``.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from banker.cli.support import REFUSED, CliError, database, output_file, safe, say, write_file
from banker.journal import NoGame
from banker.reports import formats
from banker.reports.bgstats import bgstats_url
from banker.reports.exports import qr_text
from banker.reports.files import exports_dir, file_stem, write_qr
from banker.reports.leaderboard import leaderboard, leaderboard_text
from banker.reports.report import Report, report
from rules.i18n import _

if TYPE_CHECKING:
    from collections.abc import Iterable

    from banker.session import Session


def _report(args: argparse.Namespace, story: bool = False) -> Report:
    """Read the game for export, read-only (with ``story``: replayed for its story too); a missing game or database
    is said in one line (status 1)."""
    session = _open(args)
    try:
        return report(session, story=story)
    finally:
        session.close()


def _open(args: argparse.Namespace) -> Session:
    """The game opened read-only; a missing game or database is said in one line (status 1): no database is said
    as every command says it (:class:`banker.journal.NoDatabase`)."""
    from banker.session import Session

    path = database(getattr(args, "db", None))
    try:
        session = Session.open(path, args.game, readonly=True)
    except NoGame as e:
        if e.game is None:
            raise CliError(_("there are no games in {path} yet").format(path=path)) from None
        raise CliError(
            _("there is no game {game} in {path}; `banker games` lists them").format(game=e.game, path=path)
        ) from None
    return session


def cmd_export(args: argparse.Namespace) -> int:
    db = database(getattr(args, "db", None))
    # `-o -` is standard output, as for most tools (it wrote a file named `-`)
    out = output_file(args.out, db, args.force) if args.out and args.out != "-" else None
    whole = formats.find_game_format(args.format)
    if whole is not None:  # the board sheet or the game file: drawn from the game, not from its standings
        with _open(args) as session:  # written as it is drawn: the game file of a long game comes in pieces
            game = session.game_id
            if out is None:
                _write_stdout(whole.render(session))
                return 0
            write_file(out, whole.render(session))
        wrote = _("Wrote {format} ({label}) of game {game} to {path}")
        print(safe(wrote.format(format=whole.key, label=_(whole.label).lower(), game=game, path=out)), file=sys.stderr)
        return 0
    form = formats.find_format(args.format)
    beside = [output_file(str(out.with_suffix(f".{b.suffix}")), db, args.force) for b in form.beside] if out else []
    rep = _report(args, story=form.story)
    data = form.render(rep)
    if out is None:
        if sys.stdout.isatty() and not form.text:
            raise CliError(
                _("{format} is not for a terminal: give --out FILE, or pipe it").format(format=_(form.label)), REFUSED
            )
        _write_stdout(data)
        return 0
    write_file(out, data)
    for path, extra in zip(beside, form.beside, strict=True):
        write_file(path, extra.render(rep))
    if form.beside:
        wrote = _("Wrote the recap of game {game} to {path}")
    elif rep.over:
        wrote = _("Wrote the final standings of game {game} to {path}")
    else:
        wrote = _("Wrote the current standings (game in progress) of game {game} to {path}")
    said = wrote.format(game=rep.game, path=out)
    for path in beside:
        said = _("{wrote} and {path}").format(wrote=said, path=path)
    print(safe(said), file=sys.stderr)
    return 0


def _write_stdout(data: bytes | Iterable[bytes]) -> None:
    """A text export on standard output (whole, or in pieces each ending where a line does): made safe for a
    terminal (no escape sequences from a name), as written for a pipe."""
    pieces = (data,) if isinstance(data, bytes) else data
    tty = sys.stdout.isatty()
    sys.stdout.flush()
    for piece in pieces:
        if tty:
            sys.stdout.write(safe(piece.decode("utf-8")))
        else:
            sys.stdout.buffer.write(piece)


def cmd_qr(args: argparse.Namespace) -> int:
    db = database(getattr(args, "db", None))
    rep = _report(args)
    directory = exports_dir(args.out, db)
    if args.bgstats:
        try:
            text = bgstats_url(rep)
        except ValueError as e:
            raise CliError(str(e), REFUSED) from None
        stem = f"{file_stem(rep)}-bgstats"
    else:
        text, stem = qr_text(rep), f"{file_stem(rep)}-qr"
    svg, png = (output_file(str(directory / f"{stem}.{ext}"), db, args.force) for ext in ("svg", "png"))
    from banker.reports.qr import terminal_text

    sys.stdout.write(terminal_text(text))
    say(text)
    if args.bgstats:
        from datetime import datetime

        zone = datetime.now().astimezone().strftime("%Z, UTC%z")
        say(_("playDate is when the game started, in this computer's time zone ({zone})").format(zone=zone))
    try:
        svg, png = write_qr(rep, args.out, db, text=text, stem=stem)
    except OSError as error:
        cannot = _("cannot write the QR files in {folder}: {reason}")
        raise CliError(cannot.format(folder=directory, reason=error.strerror or error)) from None
    say(_("Saved {svg} and {png}").format(svg=svg, png=png))
    return 0


def cmd_leaderboard(args: argparse.Namespace) -> int:
    from banker.journal import Journal

    journal = Journal(database(getattr(args, "db", None)), readonly=True)  # none there: said, as `state` says it
    try:
        rows = leaderboard(journal)
    finally:
        journal.close()
    say(leaderboard_text(rows))
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
