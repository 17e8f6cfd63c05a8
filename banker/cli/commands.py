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
import contextlib
import sys

from banker import __version__
from banker.cli.support import REFUSED, Parser, database, game_id, read_script, run_guarded, say
from banker.commands import parse_new, strip_comment
from banker.journal import Journal
from banker.session import Session
from banker.views import dumps, state_json
from rules.errors import RuleError
from rules.names import check_text
from rules.state import Settings, game_settings


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="banker", description="The electronic banker for a real Monopoly board.")
    parser.add_argument("--version", action="version", version=f"banker {__version__}")
    parser.add_argument(
        "--db", dest="top_db", metavar="PATH", help="the game database (default: $BANKER_DB or the data directory)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, help_: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_, description=help_)
        p.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS, help="the game database")
        return p

    p = add("new", "start a game and print its id")
    p.add_argument("variant", help="standard, short-1973, short-1990s, time-limit or darrow-1935")
    p.add_argument("players", nargs="+", help="player names, in seating order")
    p.add_argument("--edition", default="us", choices=["us", "uk"])
    p.add_argument("--minutes", type=int, default=0, help="agreed length of a time-limit game (1 to 1440)")
    p.add_argument(
        "--free-parking",
        nargs="?",
        type=int,
        const=0,
        default=None,
        metavar="START",
        help="house rule: taxes and fines go to a Free Parking pot (starting with START, 0 to 5000)",
    )
    p.add_argument("--double-go", action="store_true", help="house rule: double salary for landing on GO")
    p.add_argument("--no-auctions", action="store_true", help="house rule: declined deeds stay with the bank")
    p.add_argument("--luxury-tax", type=int, choices=[75, 100], default=0)

    p = add("play", "play a script of commands as a new game (first line: new ...)")
    p.add_argument("file", help="the script ('-' for standard input)")
    p.add_argument("--json", action="store_true", help="print the resulting state as JSON")

    add("games", "list the games in the database")

    p = add("state", "print a game's state")
    p.add_argument("game", nargs="?", type=game_id)
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--at",
        type=_entry,
        metavar="N",
        help="the game as it was right after journal entry N (`banker log` numbers them; 0: as set up)",
    )

    p = add("import", "replay a game file (banker export --format journal) into the database as a new game")
    p.add_argument("file", help="the game file ('-' for standard input)")

    p = add("log", "print a game's journal (undone entries marked)")
    p.add_argument("game", nargs="?", type=game_id)

    p = add("maths", "turn the maths mode on (or off) for players: they work out each payment before it is recorded")
    p.add_argument("players", nargs="+", help="player names")
    p.add_argument("--off", action="store_true", help="turn it off")
    p.add_argument("--game", type=game_id, default=None)

    p = add("do", "record one command in a game (as typed at the table)")
    p.add_argument("line", nargs="+")
    p.add_argument("--game", type=game_id, default=None)

    p = add("serve", "serve a game's phone pages on the local network until interrupted (docs/phones.md)")
    p.add_argument("game", nargs="?", type=game_id, help="game number (default: the most recent game)")
    p.add_argument(
        "--host",
        help="the address to listen on and put in the links (default: this computer's "
        "address on the local network, else 127.0.0.1)",
    )
    p.add_argument("--port", type=_port, default=None, help="the port (default 8421; 0: any free port)")

    from banker.cli import exports as cli_exports

    cli_exports.register(sub)

    p = sub.add_parser(
        "completion",
        help="print the shell completion script for bash, zsh or tcsh",
        description="Print a completion script for the subcommands and options (generated by shtab). "
        "bash: banker completion bash > ~/.local/share/bash-completion/completions/banker; "
        "zsh: banker completion zsh > a directory on $fpath as _banker; tcsh: banker "
        "completion tcsh > ~/.banker.tcsh, then source it.",
    )
    p.add_argument("shell", choices=SHELLS)
    return parser


SHELLS = ("bash", "zsh", "tcsh")
"""The shells ``banker completion`` writes for (shtab's)."""


def _settings(args: argparse.Namespace) -> Settings:
    return game_settings(
        args.variant,
        args.edition,
        time_limit_minutes=args.minutes,
        luxury_tax=args.luxury_tax,
        free_parking=args.free_parking is not None,
        free_parking_start=args.free_parking or 0,
        double_go=args.double_go,
        no_auctions=args.no_auctions,
    )


def cmd_new(args: argparse.Namespace) -> int:
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
                    names, settings = parse_new(line)
                    session = Session.create(database(args.db, create=True), names, settings)
                    continue
            except RuleError as e:
                print(f"line {number}: {_one_line(e)}", file=sys.stderr)
                if session is None:
                    return REFUSED
                status = REFUSED
                break
            reply = session.execute(line)
            if not reply.ok:
                print(f"line {number}: {_one_line(reply.message)}", file=sys.stderr)
                status = REFUSED
                break
            if not args.json:
                say(reply.message)
        if session is None:
            print("banker: the script has no new line", file=sys.stderr)
            return REFUSED
        if args.json:
            print(dumps(state_json(session.state, session.game_id)))
        else:
            print(f"game {session.game_id}")
    finally:
        if session is not None:
            session.close()
    return status


def _one_line(message: object) -> str:
    from banker.cli.support import safe

    return safe(" ".join(str(message).split("\n")))


def cmd_games(args: argparse.Namespace) -> int:
    try:
        journal = Journal(database(args.db), readonly=True)
    except LookupError:
        games = []
    else:
        try:
            games = journal.games()
        finally:
            journal.close()
    if not games:
        print("no games yet")
        return 0
    print(f"{'id':>4}  {'created':<19}  {'variant':<12}  {'over':<4}  {'winner':<12}  players")
    for g in games:
        say(
            f"{g['id']:>4}  {str(g['created'])[:19]:<19}  {g['variant']!s:<12}  {'yes' if g['over'] else 'no':<4}  "
            f"{g['winner'] or '':<12}  {', '.join(map(str, g['players']))}"
        )
    return 0


def cmd_state(args: argparse.Namespace) -> int:
    from banker.cli.support import CliError

    with Session.open(database(args.db), args.game, readonly=True) as session:
        if args.at is None:
            data = state_json(session.state, session.game_id)
        else:
            try:
                data = state_json(session.state_after(args.at), session.game_id)
            except LookupError as e:
                raise CliError(str(e), REFUSED) from None
            data["game"]["at_entry"] = args.at
    if args.json:
        print(dumps(data))
        return 0
    g = data["game"]
    say(
        f"game {g['id']}"
        + (f" as it was after entry {args.at}" if args.at is not None else "")
        + f": {g['variant']} ({g['edition']}), turn {g['turn_no']}: {g['turn']}"
        + (f", over ({g['end_reason']})" if g["over"] else "")
    )
    for p in data["players"]:
        flags = [f for f, on in (("bankrupt", p["bankrupt"]), ("in jail", p["in_jail"])) if on]
        worth = f", worth {p['worth']:,}" if p["worth"] is not None else ""
        say(f"  {p['name']:<12} cash {p['cash']:>6,}{worth}" + (f" ({', '.join(flags)})" if flags else ""))
        for d in data["deeds"]:
            if d["owner"] == p["name"]:
                extra = " hotel" if d["hotel"] else (f" {d['houses']} house(s)" if d["houses"] else "")
                say(f"      {d['name']}{extra}{' (mortgaged)' if d['mortgaged'] else ''}")
    say(
        f"  bank: {data['bank']['houses']} houses, {data['bank']['hotels']} hotels; "
        f"Free Parking pot {data['free_parking']:,}"
    )
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    with Session.open(database(args.db), args.game, readonly=True) as session:
        for e in session.log():
            mark = " (undone)" if e.undone else ""
            say(f"{e.seq:>5}  {str(e.time)[11:19]}  {e.text!s:<40}  {e.summary}{mark}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """Replay a game file as a new game; a file that does not replay is refused with its line, nothing created."""
    from banker.cli.support import CliError
    from banker.reports.journal_file import GameFileError, import_game

    text = read_script(args.file)
    try:
        game, entries = import_game(database(args.db, create=True), text)
    except GameFileError as e:
        raise CliError(f"{args.file}: {e}; nothing was imported", REFUSED) from None
    say(f"imported {args.file} as game {game} ({entries} journal entries replayed)")
    return 0


def _entry(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        raise argparse.ArgumentTypeError(f"a journal entry is a whole number (not {text[:20]!r})")
    return int(text)


def cmd_maths(args: argparse.Namespace) -> int:
    with Session.open(database(args.db), args.game) as session:
        names = [session.set_maths(name, not args.off) for name in args.players]
        on = sorted(session.maths_players())
    say(f"maths mode {'off' if args.off else 'on'} for {', '.join(names)}; now on for: {', '.join(on) or 'nobody'}")
    return 0


def cmd_do(args: argparse.Namespace) -> int:
    with Session.open(database(args.db), args.game) as session:
        reply = session.execute(" ".join(args.line))
    if reply.ok:
        say(reply.message)
        return 0
    print(_one_line(reply.message), file=sys.stderr)
    return REFUSED


def cmd_completion(args: argparse.Namespace) -> int:
    """The completion script, generated from the parser itself by shtab: subcommands, options and their choices;
    database and script paths complete as files, the QR output folder as a directory."""
    import shtab

    parser = build_parser()
    for action, subcommand in _actions(parser):
        if action.dest in ("db", "top_db", "file") or (action.dest == "out" and subcommand != "qr"):
            action.complete = shtab.FILE  # type: ignore[attr-defined]
        elif action.dest == "out":
            action.complete = shtab.DIRECTORY  # type: ignore[attr-defined]
    sys.stdout.write(shtab.complete(parser, shell=args.shell))
    return 0


def _actions(parser: argparse.ArgumentParser, name: str = ""):
    for action in parser._actions:
        yield action, name
        if isinstance(action, argparse._SubParsersAction):
            for sub_name, sub_parser in action.choices.items():
                yield from _actions(sub_parser, sub_name)


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535 (not {text[:20]!r})")
    return int(text)


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve one game's phone pages (read-only) until Ctrl+C: one line per player, ``<name>: <url>``, then
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

    from banker.web.server import serve_forever

    try:
        asyncio.run(serve_forever(path, game, host, port, show))
    except KeyboardInterrupt:
        return 0  # Ctrl+C is how serving ends
    except OSError as e:
        raise CliError(f"cannot serve on {host}:{port}: {bind_error(e)}") from None
    return 0


_COMMANDS = {
    "new": cmd_new,
    "play": cmd_play,
    "games": cmd_games,
    "state": cmd_state,
    "log": cmd_log,
    "do": cmd_do,
    "import": cmd_import,
    "maths": cmd_maths,
    "serve": cmd_serve,
    "completion": cmd_completion,
}


def run(argv: list[str]) -> int:
    """Parse ``argv`` with the full parser and run the subcommand (or launch the app)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    # `banker --db X <sub>` and `banker <sub> --db X` both work; subcommands read args.db (None: the default).
    if getattr(args, "db", None) is None:
        args.db = args.top_db
    if args.command is None:

        def launch() -> int:
            from banker.tui.app import run

            return run(database(args.db, create=True))

        return run_guarded(launch, None)
    handler = _COMMANDS.get(args.command) or getattr(args, "func", None)
    if handler is None:
        parser.print_help()
        return REFUSED
    where = None
    with contextlib.suppress(Exception):  # a path that cannot be used is reported by the handler, in one line
        where = database(args.db)
    return run_guarded(lambda: handler(args), where)
