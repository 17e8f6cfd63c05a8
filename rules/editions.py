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

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from rules.board import Board, BoardDataError, normalise, parse_board
from rules.data import HERE
from rules.errors import RuleError
from rules.names import shown

BUILT_IN = HERE / "editions"
EDITION_RULE = "editions"


class EditionDataError(BoardDataError):
    """An edition file that cannot be played: the message is one line naming the file, the key and the fault."""


_directories: list[Path] = []
_registered: dict[str, Board] = {}
"""Editions read from a file or a game's journal in this process, by key."""
_raw: dict[str, dict[str, Any]] = {}
"""The parsed TOML of every edition not built in, by key: what a game journals to keep its edition."""


def use_directory(path: Path | str | None) -> None:
    """Also look for edition files (``*.toml``) in ``path`` (the app names the user's data directory); None forgets
    the directories named before."""
    _directories.clear()
    if path is not None:
        _directories.append(Path(path))


def parse_edition(data: dict[str, Any], source: str) -> Board:
    """Validate parsed TOML as an edition: the board (:func:`rules.board.parse_board`), then its decks (each a
    shared deck or the file's own ``[[chance]]``/``[[chest]]``, every card's square on the board)."""
    board = parse_board(data, source=source)
    from rules.decks import check_decks  # the cards know what a deck is; they import the board, not the editions

    try:
        check_decks(board, data)
    except ValueError as e:
        raise EditionDataError(str(e)) from None
    return board


def read_edition(path: Path, source: str | None = None) -> tuple[Board, dict[str, Any]]:
    """Read and validate one edition file; :class:`EditionDataError` names the file (and the line, for TOML that
    does not parse)."""
    name = source or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise EditionDataError(f"{name}: cannot be read ({e.__class__.__name__}: {e})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise EditionDataError(f"{name}: not TOML: {e}") from None
    try:
        return parse_edition(data, name), data
    except BoardDataError as e:
        raise EditionDataError(str(e).replace("\n", " ")) from None


@cache
def built_in() -> tuple[Board, ...]:
    """The editions shipped with Banker, validated once."""
    boards = [read_edition(p, f"editions/{p.name}")[0] for p in sorted(BUILT_IN.glob("*.toml"))]
    for b in boards:
        if f"editions/{b.edition}.toml" != b.source:
            raise EditionDataError(f"{b.source}: edition: {b.edition!r} is not the file's name")
    return tuple(boards)


def _from_directories() -> tuple[list[Board], list[str]]:
    found: list[Board] = []
    problems: list[str] = []
    for directory in _directories:
        for path in sorted(directory.glob("*.toml")) if directory.is_dir() else ():
            try:
                board = _adopt(*read_edition(path))
            except (EditionDataError, RuleError) as e:
                problems.append(e.message if isinstance(e, RuleError) else str(e))
                continue
            found.append(board)
    return found, problems


def _adopt(board: Board, data: dict[str, Any]) -> Board:
    """Take an edition read from a file: refused if its key or a name is a built-in edition's."""
    taken = {normalise(n): b for b in built_in() for n in (b.edition, *b.aliases)}
    for name in (board.edition, *board.aliases):
        other = taken.get(normalise(name))
        if other is not None:
            what = "edition" if name == board.edition else "aliases"
            raise EditionDataError(
                f'{board.source}: {what}: "{shown(name)}" is the built-in {other.title} edition\'s name; give the '
                "copy its own key"
            )
    _registered[board.edition] = board
    _raw[board.edition] = data
    return board


def all_editions() -> tuple[Board, ...]:
    """Every edition there is: the built-in ones, the user's files (those that load; :func:`edition_problems` says
    what is wrong with the others), and any read from a file or a journal in this process, in list order."""
    boards = {b.edition: b for b in built_in()}
    for b in [*_registered.values(), *_from_directories()[0]]:
        boards.setdefault(b.edition, b)
    return tuple(sorted(boards.values(), key=lambda b: (b.order, b.edition)))


def edition_problems() -> list[str]:
    """One line per edition file in the user's directories that cannot be played."""
    return _from_directories()[1]


def edition_keys() -> tuple[str, ...]:
    return tuple(b.edition for b in all_editions())


def find_edition(key_or_alias: str) -> Board:
    """An edition by key or alias, ignoring case and punctuation (``US``, ``london``); a key as the journal
    stores it is found without reading the user's files."""
    for b in built_in():  # the common case: a key as stored, found without normalising
        if b.edition == key_or_alias:
            return b
    if key_or_alias in _registered:
        return _registered[key_or_alias]
    wanted = normalise(str(key_or_alias))
    for b in (*built_in(), *_registered.values()):
        if wanted == normalise(b.edition):
            return b
    boards = all_editions()
    for b in boards:
        if wanted in {normalise(b.edition), *map(normalise, b.aliases)}:
            return b
    choices = ", ".join(b.edition for b in boards)
    raise RuleError(EDITION_RULE, f'no edition called "{shown(str(key_or_alias))}"; choose one of {choices}')


def load_edition_file(path: Path | str) -> Board:
    """Read an edition from a file named by the banker (``banker new ... --edition FILE``), validated like the
    built-in ones, and make it known to this process by its key."""
    return _adopt(*read_edition(Path(path)))


def edition_data(key: str) -> dict[str, Any] | None:
    """The whole of an edition read from a file, as parsed, for a game to journal; None for a built-in one (its
    file ships with every Banker)."""
    return None if any(b.edition == key for b in built_in()) else _raw.get(key)


def register(data: dict[str, Any], source: str = "journal") -> Board:
    """Make an edition a game journalled known again (its own copy, whatever the file now says)."""
    board = parse_edition(data, source)
    if any(b.edition == board.edition for b in built_in()):
        return find_edition(board.edition)
    _registered[board.edition] = board
    _raw[board.edition] = data
    return board
