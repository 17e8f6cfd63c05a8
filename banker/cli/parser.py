"""The one ``banker`` argument parser: the command, its subcommands and their options, and which function handles
each (``module:function`` under :mod:`banker.cli`, imported only when that subcommand runs).

``banker`` alone launches the app; this module imports nothing the launch does not need (the subcommands' modules,
the command language and the reports load when a subcommand runs), so one parser costs the launch no time. The
shell completion scripts are generated from it (``banker completion``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from typing import NoReturn

from banker import __version__
from banker.cli.support import REFUSED, complain, cut
from banker.reports import formats

DB_HELP = "the game database (default: $BANKER_DB or the data directory)"
SHELLS = ("bash", "zsh", "tcsh")
"""The shells ``banker completion`` writes for (shtab's)."""


class Parser(argparse.ArgumentParser):
    """argparse, with a usage error as one line (and exit status 2) instead of the whole usage text."""

    def error(self, message: str) -> NoReturn:
        complain(f"{cut(message, 200)} (see {self.prog} --help)", prefix=f"{self.prog}: ")
        raise SystemExit(REFUSED)


def game_id(text: str) -> int:
    """A game number: a positive whole number SQLite can hold."""
    if not (text.isascii() and text.isdigit()) or len(text) > 18 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a game number is a whole number from 1 (not {cut(text, 20)!r})")
    return int(text)


def entry(text: str) -> int:
    """A journal entry's number (``banker log`` numbers them; 0: the game as set up)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        raise argparse.ArgumentTypeError(f"a journal entry is a whole number (not {cut(text, 20)!r})")
    return int(text)


def backup_number(text: str) -> int:
    """A backup's number as ``banker backups`` lists them (1: the newest)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 6 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a backup's number is a whole number from 1 (not {cut(text, 20)!r})")
    return int(text)


def port(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535 (not {text[:20]!r})")
    return int(text)


def read(argv: list[str]) -> argparse.Namespace:
    """``argv`` parsed by the one parser; ``db`` is None when no ``--db`` was given (``BANKER_DB`` or the data
    directory then: :func:`banker.paths.db_path`)."""
    args = build_parser().parse_args(argv)
    if not hasattr(args, "db"):
        args.db = None
    return args


def build_parser() -> argparse.ArgumentParser:
    """The one ``banker`` parser: ``banker`` alone launches the app, a subcommand names its handler."""
    # --db is one option of a parent parser that the command and every subcommand share, so `banker --db X log` and
    # `banker log --db X` both work: suppressed unless given (a default would be set by the subcommand's parser over
    # the command's value), the last one given wins.
    common = Parser(add_help=False)
    common.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS, help=DB_HELP)
    parser = Parser(prog="banker", description="The electronic banker for a real Monopoly board.", parents=[common])
    parser.add_argument("--version", action="version", version=f"banker {__version__}")
    parser.set_defaults(command=None, handler=None)  # no default for --db: one action object, shared (read())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, handler: str, help_: str, description: str | None = None) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_, description=description or help_, parents=[common])
        p.set_defaults(handler=handler)
        return p

    p = add("new", "commands:cmd_new", "start a game and print its id")
    p.add_argument("variant", help="standard, short-1973, short-1990s, time-limit or darrow-1935")
    p.add_argument("players", nargs="+", help="player names, in seating order")
    _new_game_options(p)

    p = add("play", "commands:cmd_play", "play a script of commands as a new game (first line: new ...)")
    p.add_argument("file", help="the script ('-' for standard input)")
    p.add_argument("--json", action="store_true", help="print the resulting state as JSON")

    add("games", "commands:cmd_games", "list the games in the database")

    add(
        "editions",
        "commands:cmd_editions",
        "list the editions (boards) a new game can be played on, with the file each comes from",
    )

    p = add("state", "commands:cmd_state", "print a game's state")
    p.add_argument("game", nargs="?", type=game_id)
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--at",
        type=entry,
        metavar="N",
        help="the game as it was right after journal entry N (`banker log` numbers them; 0: as set up)",
    )

    p = add(
        "import",
        "commands:cmd_import",
        "replay a game file (banker export --format journal) into the database as a new game",
    )
    p.add_argument("file", help="the game file ('-' for standard input)")

    p = add("log", "commands:cmd_log", "print a game's journal (undone entries marked)")
    p.add_argument("game", nargs="?", type=game_id)

    p = add(
        "maths",
        "commands:cmd_maths",
        "turn the maths mode on (or off) for players: they work out each payment before it is recorded",
    )
    p.add_argument("players", nargs="+", help="player names")
    p.add_argument("--off", action="store_true", help="turn it off")
    p.add_argument("--game", type=game_id, default=None)

    p = add("do", "commands:cmd_do", "record one command in a game (as typed at the table)")
    p.add_argument("line", nargs="+")
    p.add_argument("--game", type=game_id, default=None)

    p = add(
        "requests",
        "commands:cmd_requests",
        "list the phones' pending requests, or record (accept N) or decline (decline N [REASON]) one",
    )
    p.add_argument(
        "words",
        nargs="*",
        metavar="[GAME] | accept N | decline N [REASON]",
        help="a game number to list (default: the most recent game), or accept/decline and a request's number",
    )

    p = add(
        "serve",
        "commands:cmd_serve",
        "serve a game's phone pages on the local network until interrupted (docs/phones.md)",
    )
    p.add_argument("game", nargs="?", type=game_id, help="game number (default: the most recent game)")
    p.add_argument(
        "--host",
        help="the address to listen on and put in the links (default: this computer's "
        "address on the local network, else 127.0.0.1)",
    )
    p.add_argument("--port", type=port, default=None, help="the port (default 8421; 0: any free port)")

    _exports(add)

    add(
        "backups",
        "backups:cmd_backups",
        "list the database's backups (made at each launch of the app and each game's end; docs/storage.md)",
    )
    p = add(
        "restore",
        "backups:cmd_restore",
        "bring backup N back as the database, after asking; the database it replaces is kept as a backup",
    )
    p.add_argument("number", type=backup_number, metavar="N", help="the backup's number in `banker backups`")
    p.add_argument("--yes", "-y", action="store_true", help="restore without asking (for scripts)")

    p = add(
        "completion",
        "commands:cmd_completion",
        "print the shell completion script for bash, zsh or tcsh",
        "Print a completion script for the subcommands and options (generated by shtab). "
        "bash: banker completion bash > ~/.local/share/bash-completion/completions/banker; "
        "zsh: banker completion zsh > a directory on $fpath as _banker; tcsh: banker "
        "completion tcsh > ~/.banker.tcsh, then source it.",
    )
    p.add_argument("shell", choices=SHELLS)
    return parser


class EditionChoices:
    """The editions ``--edition`` offers (help and shell completion list :func:`rules.editions.all_editions`);
    any word passes here, to be found, or refused with its reason, when the game starts."""

    def __iter__(self) -> Iterator[str]:
        from rules.editions import edition_keys

        return iter(edition_keys())

    def __contains__(self, value: object) -> bool:
        return isinstance(value, str)


class EditionOption(argparse.Action):
    """``--edition``: stored as given; its help lists every edition (:func:`rules.editions.all_editions`, the
    family's own beside the database included) when help is shown, not when the parser is built: reading the
    edition files cost every launch of the app about 30 ms."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)

    @property  # argparse reads the help when it formats it
    def help(self) -> str:
        from banker.paths import db_path, editions_dir
        from rules.editions import all_editions, use_directory

        use_directory(editions_dir(db_path(None, make_parent=False)))  # the family's editions too
        listed = "; ".join(f"{b.edition}, {b.title} in {b.currency}" for b in all_editions())
        return f"the board: {listed}; or an edition file (.toml, docs/editions.md); `banker editions` lists them all"

    @help.setter
    def help(self, _value: str | None) -> None:
        """argparse sets the help it was given (none): the property above says it."""


def _new_game_options(p: argparse.ArgumentParser) -> None:
    """``banker new``'s edition and options, from the tables every front end reads (:mod:`rules.editions`,
    :mod:`rules.options`): a new edition or house rule is one entry there, and its flag appears here."""
    from rules.options import OPTIONS, follower

    p.add_argument("--edition", action=EditionOption, default="us", choices=EditionChoices(), metavar="EDITION|FILE")
    p.add_argument(
        "--cards",
        default="",
        metavar="DECK",
        help="the card texts: one of the edition's decks (US: classic or 2008; default: the edition's first)",
    )
    for option in OPTIONS:  # the house rules and options, declared once (rules/options.py)
        if option.follows:
            continue  # read after its switch: --free-parking [START]
        if option.kind is bool and follower(option) is not None:
            p.add_argument(
                option.flag,
                dest=option.key,
                nargs="?",
                type=int,
                const=0,
                default=None,
                metavar="START",
                help=option.help,
            )
        elif option.kind is bool:
            p.add_argument(option.flag, dest=option.key, action="store_true", help=option.help)
        else:
            p.add_argument(
                option.flag,
                dest=option.key,
                type=int,
                metavar="N",
                default=option.default,
                # no argparse choices: a luxury tax's printed figures are in the edition's money (Option.on_board),
                # which the settings check knows once the edition is read
                help=option.help,
            )


def _exports(add: Callable[..., argparse.ArgumentParser]) -> None:
    """The subcommands for standings (:mod:`banker.cli.exports`)."""
    p = add(
        "export",
        "exports:cmd_export",
        f"print or save a game's standings as {formats.labels()}, or the board sheet or the whole game",
        description="Final standings of a finished game, or the current standings (marked "
        "as in progress) of a game still going. Prints to stdout without --out. The recap is the page a family "
        "keeps (standings, the chart of worth over the game, the game's story); with --out its chart is written "
        "beside it as SVG.",
    )
    p.add_argument("game", nargs="?", type=game_id, help="game number (default: the most recent game)")
    p.add_argument(
        "--format",
        "-f",
        choices=(*formats.KEYS, *formats.GAME_KEYS),
        default="md",
        help="the standings as "
        + ", ".join(f"{f.key} ({f.label})" for f in formats.FORMATS)
        + " (default md); "
        + "; ".join(f"{f.key}: {f.description}" for f in formats.GAME_FORMATS),
    )
    p.add_argument("--out", "-o", help="write to this file instead of stdout (- : stdout; never the database)")
    p.add_argument("--force", action="store_true", help="replace the --out file if it exists")

    p = add(
        "qr",
        "exports:cmd_qr",
        "show a game's standings as a QR code and save it as SVG and PNG",
        "Prints the QR code in the terminal and saves SVG and PNG files in --out "
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

    add("leaderboard", "exports:cmd_leaderboard", "wins and average rank per player across finished games")

    p = add(
        "stats",
        "exports:cmd_stats",
        "players' records across finished games, per rule system; with NAME, "
        "that player's history and head-to-head record",
        "Per rule system (short games and 1935 games are never added together): "
        "each player's games, wins, win rate, average rank, best and average "
        "total; the records of the game (biggest single rent, most rent "
        "collected, most profitable colour group, who bankrupted whom, longest "
        "game), all-time and per game. With NAME: that player's games and "
        "head-to-head record against each opponent.",
    )
    p.add_argument("name", nargs="?", help="a player's name (any case)")
    p.add_argument("--json", action="store_true", help='print JSON (docs/exports.md, "Statistics")')
