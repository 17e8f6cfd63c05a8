"""The one ``banker`` argument parser: the command, its subcommands and their options, and which function handles
each (``module:function`` under :mod:`banker.cli`, imported only when that subcommand runs).

``banker`` alone launches the app; this module imports nothing the launch does not need (the subcommands' modules,
the command language and the reports load when a subcommand runs), so one parser costs the launch no time. The
shell completion scripts are generated from it (``banker completion``).

Every help text is translated when the parser is built, after the banker's language is installed, so ``banker
--help`` speaks the banker's language; argparse's own words ("usage:", "options", its refusals) are this module's
messages too (:data:`ARGPARSE_MESSAGES`), answered by the same catalogue (:func:`_speak`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from typing import NoReturn

from banker import __version__
from banker.cli.support import REFUSED, complain, cut
from banker.reports import formats
from rules.i18n import N_, _, ngettext

DB_HELP = N_("the game database (default: $BANKER_DB or the data directory)")
GAME_HELP = N_("game number (default: the most recent game)")
SHELLS = ("bash", "zsh", "tcsh")
"""The shells ``banker completion`` writes for (shtab's)."""


ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""What argparse itself says to a person (its help's headings, its refusals), written as argparse writes them, so
the catalogue holds them beside Banker's own."""


def _speak() -> None:
    """argparse asks ``gettext`` for each of its words (:data:`ARGPARSE_MESSAGES`) as it says them; it is pointed at
    Banker's one door (:mod:`rules.i18n`) instead of the standard library's global domain, which holds no catalogue
    of Banker's. A function, not a copy: the language answering when a word is said is the one it is said in."""
    setattr(argparse, "_", _)  # noqa: B010 - argparse's module-level name, read at each call
    setattr(argparse, "ngettext", ngettext)  # noqa: B010


class Parser(argparse.ArgumentParser):
    """argparse, with a usage error as one line (and exit status 2) instead of the whole usage text."""

    def error(self, message: str) -> NoReturn:
        see = _("{message} (see {prog} --help)").format(message=cut(message, 200), prog=self.prog)
        complain(see, prefix=f"{self.prog}: ")
        raise SystemExit(REFUSED)


def game_id(text: str) -> int:
    """A game number: a positive whole number SQLite can hold."""
    if not (text.isascii() and text.isdigit()) or len(text) > 18 or int(text) < 1:
        raise argparse.ArgumentTypeError(
            _("a game number is a whole number from 1 (not {text!r})").format(text=cut(text, 20))
        )
    return int(text)


def entry(text: str) -> int:
    """A journal entry's number (``banker log`` numbers them; 0: the game as set up)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        raise argparse.ArgumentTypeError(
            _("a journal entry is a whole number (not {text!r})").format(text=cut(text, 20))
        )
    return int(text)


def backup_number(text: str) -> int:
    """A backup's number as ``banker backups`` lists them (1: the newest)."""
    if not (text.isascii() and text.isdigit()) or len(text) > 6 or int(text) < 1:
        raise argparse.ArgumentTypeError(
            _("a backup's number is a whole number from 1 (not {text!r})").format(text=cut(text, 20))
        )
    return int(text)


def port(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) > 65535:
        raise argparse.ArgumentTypeError(
            _("a port is a whole number from 0 to 65535 (not {text!r})").format(text=text[:20])
        )
    return int(text)


def read(argv: list[str]) -> argparse.Namespace:
    """``argv`` parsed by the one parser; ``db`` is None when no ``--db`` was given (``BANKER_DB`` or the data
    directory then: :func:`banker.paths.db_path`)."""
    args = build_parser().parse_args(argv)
    if not hasattr(args, "db"):
        args.db = None
    return args


def build_parser() -> argparse.ArgumentParser:
    """The one ``banker`` parser: ``banker`` alone launches the app, a subcommand names its handler; its texts in
    the language answering now."""
    _speak()
    # --db is one option of a parent parser that the command and every subcommand share, so `banker --db X log` and
    # `banker log --db X` both work: suppressed unless given (a default would be set by the subcommand's parser over
    # the command's value), the last one given wins.
    common = Parser(add_help=False)
    common.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS, help=_(DB_HELP))
    parser = Parser(prog="banker", description=_("The electronic banker for a real Monopoly board."), parents=[common])
    parser.add_argument(
        "--version",
        action="version",
        version=f"banker {__version__}",  # i18n-exempt: the program's name and version
        help=_("show program's version number and exit"),
    )
    parser.set_defaults(command=None, handler=None)  # no default for --db: one action object, shared (read())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, handler: str, help_: str, description: str | None = None) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_, description=description or help_, parents=[common])
        p.set_defaults(handler=handler)
        return p

    p = add("new", "commands:cmd_new", _("start a game and print its id"))
    p.add_argument("variant", help=_("standard, short-1973, short-1990s, time-limit or darrow-1935"))
    p.add_argument("players", nargs="+", help=_("player names, in seating order"))
    _new_game_options(p)

    p = add("play", "commands:cmd_play", _("play a script of commands as a new game (first line: new ...)"))
    p.add_argument("file", help=_("the script ('-' for standard input)"))
    p.add_argument("--json", action="store_true", help=_("print the resulting state as JSON"))

    add("games", "reading:cmd_games", _("list the games in the database"))

    add(
        "editions",
        "commands:cmd_editions",
        _("list the editions (boards) a new game can be played on, with the file each comes from"),
    )

    p = add("state", "reading:cmd_state", _("print a game's state"))
    p.add_argument("game", nargs="?", type=game_id)
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--at",
        type=entry,
        metavar="N",
        help=_("the game as it was right after journal entry N (`banker log` numbers them; 0: as set up)"),
    )

    p = add(
        "import",
        "commands:cmd_import",
        _("replay a game file (banker export --format journal) into the database as a new game"),
    )
    p.add_argument("file", help=_("the game file ('-' for standard input)"))

    p = add("log", "reading:cmd_log", _("print a game's journal (undone entries marked)"))
    p.add_argument("game", nargs="?", type=game_id)

    p = add(
        "maths",
        "commands:cmd_maths",
        _("turn the maths mode on (or off) for players: they work out each payment before it is recorded"),
    )
    p.add_argument("players", nargs="+", help=_("player names"))
    p.add_argument("--off", action="store_true", help=_("turn it off"))
    p.add_argument("--game", type=game_id, default=None)

    p = add("do", "commands:cmd_do", _("record one command in a game (as typed at the table)"))
    p.add_argument("line", nargs="+")
    p.add_argument("--game", type=game_id, default=None)

    p = add(
        "requests",
        "commands:cmd_requests",
        _("list the phones' pending requests, or record (accept N) or decline (decline N [REASON]) one"),
    )
    p.add_argument(
        "words",
        nargs="*",
        metavar="[GAME] | accept N | decline N [REASON]",  # i18n-exempt: the subcommand's words
        help=_("a game number to list (default: the most recent game), or accept/decline and a request's number"),
    )

    p = add(
        "serve",
        "commands:cmd_serve",
        _("serve a game's phone pages on the local network until interrupted (docs/phones.md)"),
    )
    p.add_argument("game", nargs="?", type=game_id, help=_(GAME_HELP))
    p.add_argument(
        "--host",
        help=_(
            "the address to listen on and put in the links (default: this computer's "
            "address on the local network, else 127.0.0.1)"
        ),
    )
    p.add_argument("--port", type=port, default=None, help=_("the port (default 8421; 0: any free port)"))

    _exports(add)

    add(
        "backups",
        "backups:cmd_backups",
        _("list the database's backups (made at each launch of the app and each game's end; docs/storage.md)"),
    )
    p = add(
        "restore",
        "backups:cmd_restore",
        _("bring backup N back as the database, after asking; the database it replaces is kept as a backup"),
    )
    p.add_argument("number", type=backup_number, metavar="N", help=_("the backup's number in `banker backups`"))
    p.add_argument("--yes", "-y", action="store_true", help=_("restore without asking (for scripts)"))

    p = add(
        "completion",
        "commands:cmd_completion",
        _("print the shell completion script for bash, zsh or tcsh"),
        _(
            "Print a completion script for the subcommands and options (generated by shtab). "
            "bash: banker completion bash > ~/.local/share/bash-completion/completions/banker; "
            "zsh: banker completion zsh > a directory on $fpath as _banker; tcsh: banker "
            "completion tcsh > ~/.banker.tcsh, then source it."
        ),
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
        listed = "; ".join(
            _("{key}, {title} in {currency}").format(key=b.edition, title=_(b.title), currency=b.currency)
            for b in all_editions()
        )
        return _(
            "the board: {editions}; or an edition file (.toml, docs/editions.md); `banker editions` lists them all"
        ).format(editions=listed)

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
        help=_("the card texts: one of the edition's decks (US: classic or 2008; default: the edition's first)"),
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
                help=_(option.help),
            )
        elif option.kind is bool:
            p.add_argument(option.flag, dest=option.key, action="store_true", help=_(option.help))
        else:
            p.add_argument(
                option.flag,
                dest=option.key,
                type=int,
                metavar="N",
                default=option.default,
                # no argparse choices: a luxury tax's printed figures are in the edition's money (Option.on_board),
                # which the settings check knows once the edition is read
                help=_(option.help),
            )


def _exports(add: Callable[..., argparse.ArgumentParser]) -> None:
    """The subcommands for standings (:mod:`banker.cli.exports`)."""
    p = add(
        "export",
        "exports:cmd_export",
        _("print or save a game's standings as {formats}, or the board sheet or the whole game").format(
            formats=formats.labels()
        ),
        description=_(
            "Final standings of a finished game, or the current standings (marked "
            "as in progress) of a game still going. Prints to stdout without --out. The recap is the page a family "
            "keeps (standings, the chart of worth over the game, the game's story); with --out its chart is written "
            "beside it as SVG."
        ),
    )
    p.add_argument("game", nargs="?", type=game_id, help=_(GAME_HELP))
    standings = ", ".join(f"{f.key} ({_(f.label)})" for f in formats.FORMATS)
    whole = "; ".join(f"{f.key}: {_(f.description)}" for f in formats.GAME_FORMATS)
    p.add_argument(
        "--format",
        "-f",
        choices=(*formats.KEYS, *formats.GAME_KEYS),
        default="md",
        help=_("the standings as {standings} (default md); {whole}").format(standings=standings, whole=whole),
    )
    p.add_argument("--out", "-o", help=_("write to this file instead of stdout (- : stdout; never the database)"))
    p.add_argument("--force", action="store_true", help=_("replace the --out file if it exists"))

    p = add(
        "qr",
        "exports:cmd_qr",
        _("show a game's standings as a QR code and save it as SVG and PNG"),
        _(
            "Prints the QR code in the terminal and saves SVG and PNG files in --out "
            "(default: the settings' exports directory, else a folder beside the "
            "database, e.g. banker-exports beside banker.db)."
        ),
    )
    p.add_argument("game", nargs="?", type=game_id, help=_(GAME_HELP))
    p.add_argument("--out", "-o", help=_("directory for the SVG and PNG files"))
    p.add_argument(
        "--bgstats",
        action="store_true",
        help=_("a finished game as BG Stats' push-play link: scan it to record the play in BG Stats"),
    )
    p.add_argument("--force", action="store_true", help=_("replace the SVG and PNG files if they exist"))

    add("leaderboard", "exports:cmd_leaderboard", _("wins and average rank per player across finished games"))

    p = add(
        "stats",
        "exports:cmd_stats",
        _(
            "players' records across finished games, per rule system; with NAME, "
            "that player's history and head-to-head record"
        ),
        _(
            "Per rule system (short games and 1935 games are never added together): "
            "each player's games, wins, win rate, average rank, best and average "
            "total; the records of the game (biggest single rent, most rent "
            "collected, most profitable colour group, who bankrupted whom, longest "
            "game), all-time and per game. With NAME: that player's games and "
            "head-to-head record against each opponent."
        ),
    )
    p.add_argument("name", nargs="?", help=_("a player's name (any case)"))
    p.add_argument("--json", action="store_true", help=_('print JSON (docs/exports.md, "Statistics")'))
