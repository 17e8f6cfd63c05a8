"""Editions as data, discovered: one TOML file per edition, and nothing else lists them.

An edition is a board (its squares, deeds, groups and the bank's figures), its money (the currency sign, where it
goes, the thousands separator) and its card decks. The built-in ones are ``rules/data/editions/*.toml``; a family's
own boards are files in the user's data directory (``editions/*.toml`` beside the database, named by the app with
:func:`use_directory`) or a file named on the command line or in the new-game screen (:func:`load_edition_file`).
Every edition is validated on load the same way, and a bad file is refused with one line naming the file, the key
and what is wrong (:class:`EditionDataError`). The CLI choices, the settings check, the new-game screen, the
command shape, completion and the docs tables all come from :func:`all_editions` (python-chess's ``VARIANTS``
idea: adding an edition is adding its file).

A game keeps the edition it was started with: an edition from a file is journalled whole with the game
(:func:`edition_data`) and :func:`register`-ed again when the game is opened, so the game opens when the file has
changed or gone.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules.board import Board, normalise
from rules.board import BoardDataError as BoardDataError  # re-exported: an edition's refusals are all this
from rules.board import EditionDataError as EditionDataError  # re-exported: raised here, said by the CLI and forms
from rules.data import HERE, parsed
from rules.errors import RuleError
from rules.i18n import N_, _
from rules.names import shown

if TYPE_CHECKING:
    from rules.decks import CardDef
    from rules.words import Deck

BUILT_IN = HERE / "editions"
EDITION_RULE = N_("editions")


_directories: list[Path] = []
_registered: dict[str, tuple[Board, dict[str, Any]]] = {}
"""Editions read from a file named by the banker, or from a game's journal, in this process, by key (with the parsed
TOML a game journals). The last registered wins: the app holds one open game at a time."""


def use_directory(path: Path | str | None) -> None:
    """Also look for edition files (``*.toml``) in ``path`` (the app and the CLI name ``editions`` beside the
    database); None forgets the directories named before."""
    _directories.clear()
    if path is not None:
        _directories.append(Path(path))


def forget() -> None:
    """Forget the editions read from files and journals and the folders named (for tests: each starts afresh)."""
    _registered.clear()
    _directories.clear()
    _read_directories.cache_clear()


@cache
def _built_in_files() -> dict[str, Path]:
    """The files of the editions shipped with Banker, by name: an edition's key is its file's name."""
    return {p.stem: p for p in sorted(BUILT_IN.glob("*.toml"))}


@cache
def _read_built_in(path: Path) -> Board:
    """One shipped edition, read and validated once (the same board however it is asked for): or, where the app
    keeps what the rules parse between launches (:func:`rules.data.parsed`), the board an earlier launch read from
    the same file, with the decks it carries. Reading the file is :mod:`rules.edition_file`'s, imported only then:
    its TOML, its keys' kinds and the decks' checks were some 10 ms of each launch of the app."""
    board, own = parsed(path, _read_shipped)
    if own is not None:  # the decks an edition carries are the decks' to hold (an earlier launch's, or this one's)
        from rules.decks import keep_own

        keep_own(board, own)
    if f"editions/{board.edition}.toml" != board.source:
        # i18n-exempt: a shipped file's fault, for developers
        raise EditionDataError(f"{board.source}: edition: {board.edition!r} is not the file's name")
    return board


def _read_shipped(path: Path) -> tuple[Board, dict[Deck, tuple[CardDef, ...]] | None]:
    """A shipped edition's file read and checked: its board and the decks it carries (None: it names shared ones)."""
    from rules.decks import own_decks
    from rules.edition_file import read_edition

    board = read_edition(path, f"editions/{path.name}")[0]
    return board, own_decks(board)


@cache
def built_in() -> tuple[Board, ...]:
    """The editions shipped with Banker, validated once."""
    return tuple(_read_built_in(p) for p in _built_in_files().values())


def _not_built_in(board: Board) -> Board:
    """An edition from a file may not take a built-in edition's key or alias (a copy gets its own key)."""
    taken = {normalise(n): b for b in built_in() for n in (b.edition, *b.aliases)}
    for name in (board.edition, *board.aliases):
        other = taken.get(normalise(name))
        if other is not None:
            what = "edition" if name == board.edition else "aliases"
            said = _('"{name}" is the built-in {edition} edition\'s name; give the copy its own key')
            raise EditionDataError(f"{board.source}: {what}: " + said.format(name=shown(name), edition=_(other.title)))
    return board


def _from_directories() -> tuple[dict[str, tuple[Board, dict[str, Any]]], dict[Path, str]]:
    """The editions in the user's directories, by key, and one line for each file that cannot be played, by file. The
    folder is looked at each time (a file may be added or changed while the app runs) but a file is read again
    only when it changed."""
    files: list[tuple[Path, int, int]] = []
    for directory in _directories:
        for path in sorted(directory.glob("*.toml")) if directory.is_dir() else ():
            try:
                stat = path.stat()
            except OSError:
                continue
            files.append((path, stat.st_mtime_ns, stat.st_size))
    return _read_directories(tuple(files))


@lru_cache(maxsize=8)
def _read_directories(
    files: tuple[tuple[Path, int, int], ...],
) -> tuple[dict[str, tuple[Board, dict[str, Any]]], dict[Path, str]]:
    from rules.edition_file import read_edition

    found: dict[str, tuple[Board, dict[str, Any]]] = {}
    problems: dict[Path, str] = {}
    for path, _size, _time in files:
        try:
            board, data = read_edition(path)
            _not_built_in(board)
            if board.edition in found:
                said = _("{key} is also the key of {file}")
                # i18n-exempt: a place in the file, named by its keys
                raise EditionDataError(
                    f"{path}: edition: " + said.format(key=repr(board.edition), file=found[board.edition][0].source)
                )
        except EditionDataError as e:
            problems[path] = str(e)
            continue
        found[board.edition] = (board, data)
    return found, problems


def all_editions() -> tuple[Board, ...]:
    """Every edition there is: the built-in ones, the user's files (those that load; :func:`edition_problems` says
    what is wrong with the others), and any read from a file or a journal in this process, in list order."""
    boards = {b.edition: b for b in built_in()}
    for key, (board, _data) in _registered.items():
        boards.setdefault(key, board)
    for key, (board, _data) in _from_directories()[0].items():
        boards.setdefault(key, board)
    return tuple(sorted(boards.values(), key=lambda b: (b.order, b.edition)))


def by_currency(sign: str) -> Board | None:
    """The first edition known in this process (built in, or read from a file or a journal) whose money has this
    sign: how a stored report in that money is written (no file is read)."""
    return next(
        (b for b in (*built_in(), *(board for board, _data in _registered.values())) if b.currency == sign), None
    )


def edition_problems() -> list[str]:
    """One line per edition file in the user's directories that cannot be played."""
    return list(_from_directories()[1].values())


def edition_keys() -> tuple[str, ...]:
    return tuple(b.edition for b in all_editions())


def find_edition(key_or_alias: str) -> Board:
    """An edition by key or alias, ignoring case and punctuation (``US``, ``london``); a key as the journal
    stores it is found without reading the user's files, and a built-in key by reading its file alone: opening a
    game reads one edition, not every one (reading them all cost each launch of the app some 8 ms)."""
    path = _built_in_files().get(key_or_alias)
    if path is not None:  # the common case: a key as stored, found without normalising
        return _read_built_in(path)
    if key_or_alias in _registered:
        return _registered[key_or_alias][0]
    wanted = normalise(str(key_or_alias))
    for b in (*built_in(), *(board for board, _data in _registered.values())):
        if wanted == normalise(b.edition):
            return b
    boards = all_editions()
    for b in boards:
        if wanted in {normalise(b.edition), *map(normalise, b.aliases)}:
            return b
    unplayable = next((line for path, line in _from_directories()[1].items() if normalise(path.stem) == wanted), None)
    if unplayable is not None:  # the family's file of that name is there, and cannot be played: say why
        said = _('the edition "{name}" cannot be played: {why}')
        raise RuleError(EDITION_RULE, said.format(name=shown(str(key_or_alias)), why=unplayable))
    choices = ", ".join(b.edition for b in boards)
    said = _('no edition called "{name}"; choose one of {editions}')
    raise RuleError(EDITION_RULE, said.format(name=shown(str(key_or_alias)), editions=choices))


def load_board(edition: str = "us") -> Board:
    """The board of an edition by key or alias (``us``, ``uk``, an edition file's key): :func:`find_edition`."""
    return find_edition(edition)


def is_edition_file(text: str) -> bool:
    """Does ``text`` name a file rather than an edition (``--edition springfield.toml``, ``~/boards/x.toml``)?"""
    return text.casefold().endswith(".toml") or "/" in text or "\\" in text


def load_edition_file(path: Path | str) -> Board:
    """Read an edition from a file named by the banker (``banker new ... --edition FILE``, the new-game screen),
    validated like the built-in ones, and make it known to this process by its key."""
    from rules.edition_file import read_edition

    board, data = read_edition(Path(path).expanduser())
    _registered[board.edition] = (_not_built_in(board), data)
    return board


def edition_data(key: str) -> dict[str, Any] | None:
    """The whole of an edition that is not built in, as parsed, for a new game to journal (so the game opens when
    the file has changed or gone); None for a built-in one (its file ships with every Banker)."""
    if any(b.edition == key for b in built_in()):
        return None
    if key in _registered:
        return _registered[key][1]
    found = _from_directories()[0].get(key)
    if found is None:
        return None
    _registered[key] = found  # the game starts with the file as it is now, whatever it says later
    return found[1]


def register(data: dict[str, Any], source: str = "journal", journalled: bool = False) -> Board:
    """Make the edition a game journalled known again (its own copy, whatever the file now says); ``journalled``:
    read from the game's journal (held to the kinds of its keys, not to limits added since it began), else from a
    file a person hands Banker (a game file), held to every limit."""
    from rules.edition_file import parse_edition

    board = _not_built_in(parse_edition(data, source, journalled))
    _registered[board.edition] = (board, data)
    return board


def editions_markdown() -> str:
    """The docs' table of the built-in editions (docs/editions.md), from :func:`built_in`."""
    # i18n-exempt: the docs' table (docs are English)
    lines = ["| key | edition | aliases | each starts with | decks | file |", "| --- | --- | --- | --- | --- | --- |"]
    for b in sorted(built_in(), key=lambda b: (b.order, b.edition)):
        aliases = ", ".join(f"`{a}`" for a in b.aliases)
        decks = ", ".join(f"`{d}`" for d in b.decks)
        start = b.money(b.starting_cash)
        lines.append(f"| `{b.edition}` | {b.title} | {aliases} | {start} | {decks} | `rules/data/{b.source}` |")
    return "\n".join(lines)
