"""The ``banker`` subcommands: create, play, list and inspect games from a shell (:mod:`banker.cli` launches the
app without importing this module).

Every subcommand takes ``--db PATH`` (else ``BANKER_DB``, else the user's data directory; see
:func:`banker.paths.db_path`). Subcommands that act on one game take an optional GAME id and otherwise use the
most recently played game. Exit status: 0 done, 1 cannot (no such game, unusable database), 2 a refused line or
bad arguments.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from banker import __version__
from banker.commands import parse_new, strip_comment
from banker.journal import Journal, JournalError
from banker.paths import db_path
from banker.session import Session, dumps, state_json
from rules.errors import RuleError
from rules.state import HouseRules, Settings


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="banker", description="The electronic banker for a real Monopoly board.")
    parser.add_argument("--version", action="version", version=f"banker {__version__}")
    parser.add_argument("--db", dest="top_db", metavar="PATH",
                        help="the game database (default: $BANKER_DB or the data directory)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, help_: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_, description=help_)
        p.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS, help="the game database")
        return p

    p = add("new", "start a game and print its id")
    p.add_argument("variant", help="standard, short-1973, short-1990s, time-limit or darrow-1935")
    p.add_argument("players", nargs="+", help="player names, in seating order")
    p.add_argument("--edition", default="us", choices=["us", "uk"])
    p.add_argument("--minutes", type=int, default=0, help="agreed length of a time-limit game")
    p.add_argument("--free-parking", nargs="?", type=int, const=0, default=None, metavar="START",
                   help="house rule: taxes and fines go to a Free Parking pot (starting with START)")
    p.add_argument("--double-go", action="store_true", help="house rule: double salary for landing on GO")
    p.add_argument("--no-auctions", action="store_true", help="house rule: declined deeds stay with the bank")
    p.add_argument("--luxury-tax", type=int, choices=[75, 100], default=0)

    p = add("play", "play a script of commands as a new game (first line: new ...)")
    p.add_argument("file", help="the script ('-' for standard input)")
    p.add_argument("--json", action="store_true", help="print the resulting state as JSON")

    add("games", "list the games in the database")

    p = add("state", "print a game's state")
    p.add_argument("game", nargs="?", type=int)
    p.add_argument("--json", action="store_true")

    p = add("log", "print a game's journal (undone entries marked)")
    p.add_argument("game", nargs="?", type=int)

    p = add("do", "record one command in a game (as typed at the table)")
    p.add_argument("line", nargs="+")
    p.add_argument("--game", type=int, default=None)

    from banker import cli_exports

    cli_exports.register(sub)
    return parser


def _settings(args: argparse.Namespace) -> Settings:
    fp = args.free_parking is not None
    return Settings(variant=args.variant, edition=args.edition, luxury_tax=args.luxury_tax,
                    time_limit_minutes=args.minutes,
                    house_rules=HouseRules(free_parking=fp, free_parking_start=args.free_parking or 0,
                                           double_go=args.double_go, no_auctions=args.no_auctions))


def cmd_new(args: argparse.Namespace) -> int:
    try:
        session = Session.create(db_path(args.db), args.players, _settings(args))
    except RuleError as e:
        print(f"banker: {e}", file=sys.stderr)
        return 2
    with session:
        print(session.game_id)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"banker: cannot read {args.file}: {e}", file=sys.stderr)
        return 1
    lines = text.splitlines()
    session: Session | None = None
    status = 0
    for number, line in enumerate(lines, start=1):
        if not strip_comment(line):
            continue
        if session is None:
            try:
                names, settings = parse_new(line)
                session = Session.create(db_path(args.db), names, settings)
            except RuleError as e:
                print(f"line {number}: {e}", file=sys.stderr)
                return 2
            continue
        reply = session.execute(line)
        if not reply.ok:
            print(f"line {number}: {reply.message}", file=sys.stderr)
            status = 2
            break
        if not args.json:
            print(reply.message)
    if session is None:
        print("banker: the script has no new line", file=sys.stderr)
        return 2
    with session:
        if args.json:
            print(dumps(state_json(session)))
        else:
            print(f"game {session.game_id}")
    return status


def cmd_games(args: argparse.Namespace) -> int:
    try:
        journal = Journal(db_path(args.db), create=False)
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
        print(f"{g['id']:>4}  {g['created'][:19]:<19}  {g['variant']:<12}  {'yes' if g['over'] else 'no':<4}  "
              f"{g['winner'] or '':<12}  {', '.join(g['players'])}")
    return 0


def cmd_state(args: argparse.Namespace) -> int:
    with Session.open(db_path(args.db), args.game) as session:
        data = state_json(session)
    if args.json:
        print(dumps(data))
        return 0
    g = data["game"]
    print(f"game {g['id']}: {g['variant']} ({g['edition']}), turn {g['turn_no']}: {g['turn']}"
          + (f", over ({g['end_reason']})" if g["over"] else ""))
    for p in data["players"]:
        flags = [f for f, on in (("bankrupt", p["bankrupt"]), ("in jail", p["in_jail"])) if on]
        worth = f", worth {p['worth']:,}" if p["worth"] is not None else ""
        print(f"  {p['name']:<12} cash {p['cash']:>6,}{worth}" + (f" ({', '.join(flags)})" if flags else ""))
        for d in data["deeds"]:
            if d["owner"] == p["name"]:
                extra = " hotel" if d["hotel"] else (f" {d['houses']} house(s)" if d["houses"] else "")
                print(f"      {d['name']}{extra}{' (mortgaged)' if d['mortgaged'] else ''}")
    print(f"  bank: {data['bank']['houses']} houses, {data['bank']['hotels']} hotels; "
          f"Free Parking pot {data['free_parking']:,}")
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    with Session.open(db_path(args.db), args.game) as session:
        for e in session.log():
            mark = " (undone)" if e.undone else ""
            print(f"{e.seq:>5}  {e.time[11:19]}  {e.text:<40}  {e.summary}{mark}")
    return 0


def cmd_do(args: argparse.Namespace) -> int:
    with Session.open(db_path(args.db), args.game) as session:
        reply = session.execute(" ".join(args.line))
    print(reply.message, file=sys.stdout if reply.ok else sys.stderr)
    return 0 if reply.ok else 2


_COMMANDS = {"new": cmd_new, "play": cmd_play, "games": cmd_games, "state": cmd_state, "log": cmd_log, "do": cmd_do}


def run(argv: list[str]) -> int:
    """Parse ``argv`` with the full parser and run the subcommand (or launch the app)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    # `banker --db X <sub>` and `banker <sub> --db X` both work; subcommands read args.db (None: the default).
    if getattr(args, "db", None) is None:
        args.db = args.top_db
    try:
        if args.command is None:
            from banker.app import run

            return run(db_path(args.db))
        handler = _COMMANDS.get(args.command)
        if handler is None:  # subcommands registered by cli_exports carry their own function
            func = getattr(args, "func", None)
            if func is None:
                parser.print_help()
                return 2
            return int(func(args) or 0)
        return handler(args)
    except JournalError as e:
        print(f"banker: {e}", file=sys.stderr)
        return 1
    except LookupError as e:
        print(f"banker: {e.args[0] if e.args else e}", file=sys.stderr)
        return 1
