"""The ``banker`` subcommands: create, play, list and inspect games from a shell (:mod:`banker.cli.main` launches the
app without importing this module).

Every subcommand takes ``--db PATH`` (else ``BANKER_DB``, else the user's data directory; see
:func:`banker.paths.db_path`). Subcommands that act on one game take an optional GAME id and otherwise use the
most recently played game. Exit status: 0 done, 1 cannot (no such game, unusable database), 2 a refused line or
bad arguments; every error is one line on stderr (:mod:`banker.cli.support`). Commands that only read (``games``,
``state``, ``log`` and the exports) open the database read-only and create nothing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from banker.cli.backups import after_game_end
from banker.cli.support import REFUSED, CliError, columns, complain, database, read_script, say
from banker.commands import parse_new, strip_comment
from banker.journal import Journal
from banker.paths import editions_dir
from banker.session import Session
from banker.views import dumps, state_json
from rules.bounded import GAME_FILE  # the largest game file banker import reads: one figure for both
from rules.editions import (
    BUILT_IN,
    EditionDataError,
    all_editions,
    edition_problems,
    is_edition_file,
    load_edition_file,
)
from rules.errors import RuleError
from rules.i18n import N_, _, ngettext, pgettext
from rules.names import check_text
from rules.options import BY_KEY, OPTIONS, follower
from rules.state import Settings, game_settings


def _settings(args: argparse.Namespace) -> Settings:
    options: dict[str, bool | int] = {}
    for option in OPTIONS:
        lead = BY_KEY.get(option.follows)
        if lead is not None:  # the number after its switch (--free-parking 500)
            options[option.key] = getattr(args, lead.key) or 0
        elif option.kind is bool and follower(option) is not None:
            options[option.key] = getattr(args, option.key) is not None
        else:
            options[option.key] = getattr(args, option.key)
    return game_settings(args.variant, args.edition, cards=args.cards or "", **options)


def _edition_file(args: argparse.Namespace) -> None:
    """``--edition FILE``: read and check the file (one line naming the file, the key and the fault, status 2, and
    nothing created), then play on it by its key."""
    if is_edition_file(args.edition):
        try:
            args.edition = load_edition_file(args.edition).edition
        except EditionDataError as e:
            raise CliError(str(e), REFUSED) from None


def cmd_new(args: argparse.Namespace) -> int:
    database(args.db)  # the family's own editions live beside it
    _edition_file(args)
    settings, names = _settings(args), args.players
    from rules.state import new_game

    new_game(names, settings)  # refused (RuleError, status 2) before any file is touched
    with Session.create(database(args.db, create=True), names, settings) as session:
        print(session.game_id)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    lines = read_script(args.file).splitlines()
    session: Session | None = None
    status = 0
    try:
        for number, line in enumerate(lines, start=1):
            try:
                check_text(line)  # every line, comments too: a script that is not UTF-8 is said so at once
                if not strip_comment(line):
                    continue
                if session is None:
                    database(args.db)  # the family's own editions live beside it
                    names, settings = parse_new(line)
                    session = Session.create(database(args.db, create=True), names, settings)
                    continue
            except RuleError as e:
                print(_line(number, e), file=sys.stderr)
                if session is None:
                    return REFUSED
                status = REFUSED
                break
            reply = session.execute(line)
            if not reply.ok:
                print(_line(number, reply.message), file=sys.stderr)
                status = REFUSED
                break
            if not args.json:
                say(reply.message)
        if session is None:
            complain(_("the script has no new line"))
            return REFUSED
        if args.json:
            print(dumps(state_json(session.state, session.game_id)))
        else:
            print(_("game {game}").format(game=session.game_id))
    finally:
        if session is not None:
            session.close()
    if session is not None and session.state.over:
        after_game_end(session.db_path)
    return status


def _line(number: int, message: object) -> str:
    """A script's line refused, by its number."""
    return _("line {number}: {reason}").format(number=number, reason=_one_line(message))


def _one_line(message: object) -> str:
    from banker.cli.support import safe

    return safe(" ".join(str(message).split("\n")))


def cmd_editions(args: argparse.Namespace) -> int:
    """The editions, each with its key, title, starting money and the file it comes from; then one line for each file in
    the editions folder that cannot be played (status 2 if there is one)."""
    folder = editions_dir(database(args.db))
    heads = (
        pgettext("an edition's", "key"),
        pgettext("a board", "edition"),
        pgettext("a column: an edition's starting money", "starts with"),
        _("decks"),
        _("file"),
    )
    rows = [
        (
            b.edition,
            _(b.title),
            b.money(b.starting_cash),
            ", ".join(b.decks),
            str(BUILT_IN.parent / b.source) if b.source.startswith("editions/") else b.source,
        )
        for b in all_editions()
    ]
    for line in columns(heads, rows, (12, 28, 11, 16)):
        say(line)
    problems = edition_problems()
    for line in problems:
        complain(_("not playable: {problem}").format(problem=line))
    print(_("(your own editions: {folder}/*.toml; docs/editions.md says how to make one)").format(folder=folder))
    return REFUSED if problems else 0


def cmd_import(args: argparse.Namespace) -> int:
    """Replay a game file as a new game; a file that does not replay is refused with its line, nothing created."""
    from banker.reports.journal_file import GameFileError, import_game

    text = read_script(args.file, GAME_FILE.size, N_("a game file is what banker export --format journal writes"))
    path = database(args.db, create=True)
    new_file = not path.exists()
    try:
        game, entries = import_game(path, text)
    except GameFileError as e:
        if new_file:  # the database this import created holds nothing: nothing is left behind (docs/exports.md)
            for leftover in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
                leftover.unlink(missing_ok=True)
        raise CliError(_("{file}: {reason}; nothing was imported").format(file=args.file, reason=e), REFUSED) from None
    replayed = ngettext(
        "imported {file} as game {game} ({n} journal entry replayed)",
        "imported {file} as game {game} ({n} journal entries replayed)",
        entries,
    )
    say(replayed.format(file=args.file, game=game, n=entries))
    return 0


def cmd_maths(args: argparse.Namespace) -> int:
    with Session.open(database(args.db), args.game) as session:
        names = [session.set_maths(name, not args.off) for name in args.players]
        on = sorted(session.maths_players())
    said = (
        _("maths mode off for {players}; now on for: {on}")
        if args.off
        else _("maths mode on for {players}; now on for: {on}")
    )
    say(said.format(players=", ".join(names), on=", ".join(on) or _("nobody")))
    return 0


def cmd_do(args: argparse.Namespace) -> int:
    with Session.open(database(args.db), args.game) as session:
        was_over = session.state.over
        reply = session.execute(" ".join(args.line))
    if reply.ok and session.state.over and not was_over:
        after_game_end(session.db_path)
    if reply.ok:
        say(reply.message)
        return 0
    print(_one_line(reply.message), file=sys.stderr)
    return REFUSED


def cmd_completion(args: argparse.Namespace) -> int:
    """The completion script, generated from the parser itself by shtab: subcommands, options and their choices;
    database and script paths complete as files, the QR output folder as a directory."""
    import shtab

    from banker.cli.parser import build_parser

    parser = build_parser()
    for action, subcommand in _actions(parser):
        if action.dest in ("db", "file") or (action.dest == "out" and subcommand != "qr"):
            action.complete = shtab.FILE  # type: ignore[attr-defined]
        elif action.dest == "out":
            action.complete = shtab.DIRECTORY  # type: ignore[attr-defined]
    sys.stdout.write(shtab.complete(parser, shell=args.shell))
    return 0


def _actions(parser: argparse.ArgumentParser, name: str = "") -> Iterator[tuple[argparse.Action, str]]:
    for action in parser._actions:
        yield action, name
        if isinstance(action, argparse._SubParsersAction):
            for sub_name, sub_parser in action.choices.items():
                yield from _actions(sub_parser, sub_name)


def cmd_requests(args: argparse.Namespace) -> int:
    """``banker requests [GAME]``: the pending requests, one line each, their number first;
    ``banker requests accept N`` records one (once: the same transaction marks it recorded);
    ``banker requests decline N [REASON]``. Exit 2, one line, for a number that is unknown, not pending or stale."""
    from banker.cli.parser import game_id
    from banker.web.asking import clock, described, pending, standing

    words = list(args.words)
    path = database(args.db)
    if not words or (len(words) == 1 and words[0].isdigit()):
        try:
            game = game_id(words[0]) if words else None
        except argparse.ArgumentTypeError as e:
            raise CliError(str(e), REFUSED) from None
        with Session.open(path, game, readonly=True) as session:
            names = [p.name for p in session.state.players]
            for s in pending(session):
                who = names[s.row.seat] if 0 <= s.row.seat < len(names) else "?"
                say(f"{s.n:>4}  {clock(s.row.time)}  {who}: {described(s) if s.status != 'pending' else s.preview}")
        return 0
    verb, rest = words[0].casefold(), words[1:]
    if verb not in ("accept", "decline") or not rest or not rest[0].isdigit():
        raise CliError(_("expected: banker requests [GAME] | accept N | decline N [REASON]"), REFUSED)
    n = int(rest[0])
    journal = Journal(path, create=False, readonly=True)
    try:
        row = journal.request(n)
    finally:
        journal.close()
    if row is None:
        raise CliError(_("there is no request {n} (`banker requests` lists them)").format(n=n), REFUSED)
    with Session.open(path, row.game) as session:
        now = standing(session, session.request(n) or row)
        if now.status != "pending":
            raise CliError(
                _("request {n} is {status}; nothing was changed").format(n=n, status=described(now)), REFUSED
            )
        if verb == "decline":
            if not session.decline_request(n, " ".join(rest[1:])):
                raise CliError(_("request {n} is no longer pending; nothing was changed").format(n=n), REFUSED)
            say(_("declined request {n}").format(n=n))
            return 0
        was_over = session.state.over
        reply = session.execute(now.row.line, request=now.row)
    if reply.ok and session.state.over and not was_over:
        after_game_end(session.db_path)
    if reply.ok:
        say(reply.message)
        return 0
    print(_one_line(reply.message), file=sys.stderr)
    return REFUSED


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve one game's phone pages until Ctrl+C: one line per player, ``<name>: <url>``, then
    ``table: <url>``."""
    import asyncio

    from banker.cli.support import CliError
    from banker.web.links import DEFAULT_PORT, bind_error, lan_address

    path = database(args.db)
    with Session.open(path, args.game, readonly=True) as session:
        game = session.game_id
    host = args.host or lan_address()
    port = DEFAULT_PORT if args.port is None else args.port

    def show(line: str) -> None:
        say(line)
        sys.stdout.flush()  # each link as soon as it is known, also down a pipe

    from banker.settings import load
    from banker.web.server import serve_forever

    try:
        asyncio.run(serve_forever(path, game, host, port, show, asking=load(only="phones").phones_ask))
    except KeyboardInterrupt:
        return 0  # Ctrl+C is how serving ends
    except OSError as e:
        raise CliError(
            _("cannot serve on {host}:{port}: {reason}").format(host=host, port=port, reason=bind_error(e))
        ) from None
    return 0
