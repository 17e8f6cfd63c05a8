"""The one reader of the TOML and JSON a person hands Banker: the settings file, edition files, game files (and any
JSON body a phone sends), each read within the limits of its kind.

A file is checked before it is parsed (its size, its text, and for TOML how deeply its brackets nest: a value nested
500 deep made the parser recurse until Python gave up, a 2,999-line traceback; JSON's decoder stops cleanly at
Python's limit, and is told where) and right after (how many values it holds, how deep its tables and lists go, the
length and characters of every text and key, whole numbers SQLite can store, finite numbers), so what a reader gets
is small, shallow and plain. Every refusal is one :class:`DataError` line naming the
file and the place in it: ``line 3, column 8`` before parsing, the key path (``square[3].rents[2]``) after.

Pure (the standard library only): the editions are read in ``rules/`` and the app's own readers use it too.
"""

from __future__ import annotations

import gc
import itertools
import json
import math
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from rules.i18n import N_, _
from rules.names import control_at, shown

LARGEST_WHOLE = 2**63 - 1
"""The largest whole number SQLite stores (a signed 64-bit integer), and TOML's."""


@dataclass(frozen=True)
class Limits:
    """How much one kind of file may hold."""

    what: str
    """The kind, as a refusal says it: "an edition file" (marked for the catalogue, said in the reader's language)."""
    size: int
    """Bytes (characters, for text already decoded)."""
    depth: int
    """Tables and lists inside each other, the document itself the first."""
    values: int
    """Values in all, the tables and lists among them."""
    text: int
    """Characters in one text or key."""


SETTINGS_FILE = Limits(N_("a settings file"), size=64 * 1024, depth=4, values=1_000, text=1_000)
EDITION_FILE = Limits(N_("an edition file"), size=256 * 1024, depth=6, values=10_000, text=1_000)
GAME_FILE = Limits(N_("a game file"), size=64 * 1024 * 1024, depth=16, values=12_000_000, text=10_000)
"""A 100,000-entry game exports to some 23 MB (issue 33), a 12,000-line one to some 4 MB; its edition, if its own,
sits seven levels down."""


class DataError(ValueError):
    """A file refused: one line, ``<source>: <place>: <why>`` (the parts that are known)."""

    def __init__(self, source: str, place: str, why: str) -> None:
        self.source = source
        self.place = place
        self.why = why
        super().__init__(": ".join(part for part in (source, place, why) if part))


class NoFile(DataError):
    """There is no file at the path (for a reader that has defaults for none: the settings)."""


def read_file(path: Path | str, limits: Limits, source: str | None = None) -> bytes:
    """The bytes of the file at ``path``, at most ``limits.size`` of them (``/dev/zero`` is refused, not read for
    ever); :class:`DataError` naming ``source`` (default the path) when it cannot be read (:class:`NoFile` when
    there is none) or is larger."""
    name = str(path) if source is None else source
    try:
        with open(path, "rb") as f:
            data = f.read(limits.size + 1)
    except FileNotFoundError as e:
        raise NoFile(name, "", _("cannot be read: {why}").format(why=e.strerror or e)) from None
    except OSError as e:
        raise DataError(name, "", _("cannot be read: {why}").format(why=e.strerror or e)) from None
    _check_size(data, name, limits)
    return data


def read_toml(data: bytes | str, source: str, limits: Limits) -> dict[str, Any]:
    """TOML within ``limits``, as :mod:`tomllib` reads it; :class:`DataError` for anything else. A UTF-8 byte-order
    mark is dropped (editors on Windows write one)."""
    text = _text(data, source, limits)
    _check_nesting(text, source, limits)
    try:
        value = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        where, why = _toml_place(str(e))
        raise DataError(source, where, _("not valid TOML: {why}").format(why=why)) from None
    except ValueError:  # an integer of more digits than Python converts (4,300)
        raise DataError(
            source, _long_number(text), _("a number of thousands of digits is larger than any Banker stores")
        ) from None
    _check_values(value, source, limits)
    return value


def read_json(data: bytes | str, source: str, limits: Limits) -> Any:
    """JSON within ``limits``; :class:`DataError` for anything else (``NaN`` and ``Infinity`` too, which the JSON
    standard does not have). A UTF-8 byte-order mark is dropped."""
    text = _text(data, source, limits)
    collecting = gc.isenabled()
    gc.disable()  # millions of new lists and tables, none garbage: collections tripled the time of a 16 MB file
    try:
        value = json.loads(text, parse_int=_whole, parse_constant=_Unread)
    except json.JSONDecodeError as e:
        why = e.msg[:1].lower() + e.msg[1:]
        where = _("line {line}, column {column}").format(line=e.lineno, column=e.colno)
        raise DataError(source, where, _("not valid JSON: {why}").format(why=why)) from None
    except RecursionError:
        # Nested past Python's own limit (some 1,000 deep), far past any kind's. JSON's decoder, written in C, stops
        # there cleanly; counting the brackets of every file first, as for TOML, cost a game file more than parsing.
        _too_deep_at(text, _JSON_TOKENS, source, limits)
    finally:
        if collecting:
            gc.enable()
    _check_values(value, source, limits)
    return value


# Before parsing -------------------------------------------------------------------------------------------------


def _check_size(data: bytes | str, source: str, limits: Limits) -> None:
    if len(data) > limits.size:
        said = _("is more than {size}; {what} is smaller")
        raise DataError(source, "", said.format(size=_size(limits.size), what=_(limits.what)))


def _size(n: int) -> str:
    return f"{n // 2**20} MB" if n >= 2**20 else f"{n // 2**10} KB"


def _text(data: bytes | str, source: str, limits: Limits) -> str:
    """``data`` as text: checked for size, decoded as UTF-8 (a byte that is not is refused where it is), the
    byte-order mark dropped."""
    _check_size(data, source, limits)
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = len(data[data.rfind(b"\n", 0, e.start) + 1 : e.start].decode("utf-8", "replace")) + 1
        where = _("line {line}, column {column}").format(line=line, column=column)
        raise DataError(
            source, where, _("not UTF-8 text (byte {byte})").format(byte=f"\\x{data[e.start]:02x}")
        ) from None


# What is not structure: strings (TOML's four kinds) and comments, whose brackets do not nest. Each string pattern
# is written so that it cannot backtrack: a file of a megabyte is skimmed at the regular expression engine's speed.
_TOML_STRINGS = "|".join(
    (
        r'"""[^"\\]*(?:(?:\\.|"{1,2}(?!"))[^"\\]*)*"{3,5}',
        r"'''[^']*(?:'{1,2}(?!')[^']*)*'{3,5}",
        r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"',
        r"'[^'\n]*'",
        r"#[^\n]*",
    )
)
_JSON_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)
_TOML_TOKENS = re.compile(rf"{_TOML_STRINGS}|[\[\]{{}}]", re.DOTALL)
_TOML_SKIP = re.compile(_TOML_STRINGS, re.DOTALL)
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _check_nesting(text: str, source: str, limits: Limits) -> None:
    """Refuse TOML whose brackets nest deeper than ``limits.depth`` before :mod:`tomllib` recurses into them: the
    brackets outside strings and comments are added up in C (``accumulate``). A table header's brackets count
    too, so this never refuses what the check after parsing would let through."""
    brackets = re.sub(r"[^\[\]{}]+", "", _TOML_SKIP.sub("", text))
    if max(itertools.accumulate(map(_STEP.__getitem__, brackets)), default=0) > limits.depth:
        _too_deep_at(text, _TOML_TOKENS, source, limits)


def _too_deep_at(text: str, tokens: re.Pattern[str], source: str, limits: Limits) -> NoReturn:
    """Raise :class:`DataError` at the bracket where ``text`` nests deeper than ``limits.depth``."""
    depth = 0
    for m in tokens.finditer(text):
        depth += _STEP.get(m[0], 0)
        if depth > limits.depth:
            raise DataError(source, _line_column(text, m.start()), _too_deep(limits))
    raise DataError(source, "", _too_deep(limits))  # a string that does not close hides where


def _too_deep(limits: Limits) -> str:
    return _("nested more than {depth} deep; {what} is flatter").format(depth=limits.depth, what=_(limits.what))


def _line_column(text: str, at: int) -> str:
    said = _("line {line}, column {column}")
    return said.format(line=text.count(chr(10), 0, at) + 1, column=at - text.rfind(chr(10), 0, at))


_TOML_AT = re.compile(r"^(?P<why>.*?) \(at (?P<where>line \d+, column \d+|end of document)\)$", re.DOTALL)


def _toml_place(message: str) -> tuple[str, str]:
    """tomllib's "Invalid value (at line 3, column 8)" as ("line 3, column 8", "invalid value")."""
    m = _TOML_AT.match(message)
    why, where = (m["why"], m["where"]) if m else (message, "")
    at = re.fullmatch(r"line (\d+), column (\d+)", where)
    if at:
        where = _("line {line}, column {column}").format(line=at[1], column=at[2])
    elif where == "end of document":
        where = _("the end of the file")
    return where, why[:1].lower() + why[1:]


def _long_number(text: str) -> str:
    m = re.search(r"[0-9][0-9_]{999,}", text)
    return _line_column(text, m.start()) if m else ""


@dataclass(frozen=True)
class _Unread:
    """A JSON number kept as written, for :func:`_check_values` to refuse at its place: ``NaN``, ``Infinity`` or
    a whole number of more digits than any Banker stores."""

    text: str


def _whole(text: str) -> int | _Unread:
    return int(text) if len(text) <= 40 else _Unread(text)


# After parsing --------------------------------------------------------------------------------------------------


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def place(path: tuple[str | int, ...]) -> str:
    """A key path as a person reads it: ``square[3].rents[2]``, a key that is not a plain word quoted."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            word = part if _BARE_KEY.fullmatch(part) else f'"{shown(part, 24)}"'
            out += f".{word}" if out else word
    return shown(out, 80)


def _check_values(value: Any, source: str, limits: Limits) -> None:
    """Refuse the first value past ``limits``: checked fast (:func:`_within`), and only a file that fails is walked
    again in the order of the file to say where (:func:`_first_fault`)."""
    if not _within(value, limits):
        _first_fault(value, source, limits)


def _within(value: Any, limits: Limits) -> bool:
    """Is every value within ``limits``? A walk with a list, not recursion (a TOML dotted key nests without
    brackets), that keeps no paths."""
    if type(value) is not dict and type(value) is not list:
        return _scalar_within(value, limits)
    count = 1
    stack: list[tuple[dict[str, Any] | list[Any], int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        count += len(node)
        if depth > limits.depth or count > limits.values:
            return False
        if type(node) is dict:
            if not all(_scalar_within(key, limits) for key in node):
                return False
            node = list(node.values())
        for item in node:
            if type(item) is dict or type(item) is list:
                stack.append((item, depth + 1))
            elif not _scalar_within(item, limits):
                return False
    return True


def _scalar_within(item: Any, limits: Limits) -> bool:
    kind = type(item)
    if kind is str:
        return len(item) <= limits.text and (item.isprintable() or control_at(item) < 0)
    if kind is int:
        return bool(-LARGEST_WHOLE <= item <= LARGEST_WHOLE)
    if kind is float:
        return math.isfinite(item)
    return kind is not _Unread


def _first_fault(value: Any, source: str, limits: Limits) -> None:
    """Raise :class:`DataError` at the first value, in the order of the file, that is past ``limits``. Recursive,
    but only as deep as ``limits.depth``: a table or list deeper is refused before it is entered."""
    count = 0

    def too_many(path: tuple[str | int, ...]) -> DataError:
        said = _("more than {count} values; {what} holds fewer")
        return DataError(source, place(path), said.format(count=f"{limits.values:,}", what=_(limits.what)))

    def fault(path: tuple[str | int, ...], item: Any) -> None:
        nonlocal count
        count += 1
        if count > limits.values:
            raise too_many(path)
        if type(item) is not dict and type(item) is not list:
            if isinstance(item, str):
                _check_text(item, path, False, source, limits)
            elif not _scalar_within(item, limits):
                raise DataError(source, place(path), _number_fault(item))
            return
        if len(path) >= limits.depth:
            raise DataError(source, place(path), _too_deep(limits))
        for key, child in item.items() if type(item) is dict else enumerate(item):
            if type(key) is str and not _scalar_within(key, limits):
                _check_text(key, (*path, key), True, source, limits)
            container = type(child) is dict or type(child) is list
            if (container and (child or len(path) + 1 >= limits.depth)) or not (
                container or _scalar_within(child, limits)
            ):
                fault((*path, key), child)
                continue
            count += 1  # the common case, kept cheap: a plain value (or an empty table or list), counted
            if count > limits.values:
                raise too_many((*path, key))

    fault((), value)


def _number_fault(item: int | float | _Unread) -> str:
    if isinstance(item, _Unread) and item.text[-1:].isdigit():
        return _("a number of {count} digits is larger than any Banker stores").format(count=f"{len(item.text):,}")
    if isinstance(item, int):
        return _("{number} is larger than any whole number Banker stores").format(number=shown(str(item)))
    return _("{number} is not a number Banker reads").format(number=item.text if isinstance(item, _Unread) else item)


def _check_text(text: str, path: tuple[str | int, ...], key: bool, source: str, limits: Limits) -> None:
    """Refuse a text (``key``: a key) longer than ``limits`` or holding a control character or a byte not UTF-8."""
    if len(text) > limits.text:
        said = (
            _("a key of {length} characters; {what} holds at most {most}")
            if key
            else _("a text of {length} characters; {what} holds at most {most}")
        )
        raise DataError(
            source,
            place(path),
            said.format(length=f"{len(text):,}", what=_(limits.what), most=f"{limits.text:,}"),
        )
    at = control_at(text)
    if at >= 0:
        code = ord(text[at])
        if 0xDC80 <= code <= 0xDCFF:
            said = (
                _("the key holds a byte that is not UTF-8 ({character}) at character {at}")
                if key
                else _("the text holds a byte that is not UTF-8 ({character}) at character {at}")
            )
        else:
            said = (
                _("the key holds a control character ({character}) at character {at}")
                if key
                else _("the text holds a control character ({character}) at character {at}")
            )
        raise DataError(source, place(path), said.format(character=shown(text[at]), at=at + 1))
