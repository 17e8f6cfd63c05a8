"""What one key of a data file may hold: its kind and its limits, declared once beside the key (the edition's keys in
:data:`rules.board.EDITION_KEYS`, a square's in ``SQUARE_KEYS``, a card's in :data:`rules.decks.CARD_KEYS`), so that
every figure and text a family's file brings is bounded, and a refusal names the key and the limit.

Money is bounded by :data:`MAX_AMOUNT`, the most any one payment may be. A game's figures then stay far inside what
the journal stores (SQLite's integers go to 9.2 x 10^18): a game of 100,000 GO salaries at the most an edition may
pay, twice over with the double-GO house rule, moves 2 x 10^11, some 46 million times less (docs/editions.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol

from rules.i18n import N_, _
from rules.names import shown, unprintable
from rules.words import MAX_AMOUNT

MISSING: Any = object()
"""The value of a key a file leaves out, where the key has no default."""


class FieldError(ValueError):
    """A value that a key may not hold: ``why`` says what the key may hold, and what it held; ``key`` is the key
    (``rents[2]`` for an item of a list), once :func:`read` knows it."""

    def __init__(self, why: str, key: str = "") -> None:
        super().__init__(f"{key}: {why}" if key else why)
        self.why = why
        self.key = key


class Field(Protocol):
    """A key's kind and limits: :meth:`check` returns the value as the reader uses it, or raises
    :class:`FieldError`. ``journalled``: the value comes from a game's own copy (journalled when the game began),
    held only to the checks of its kind, not the limits added since, so that a game keeps opening."""

    @property
    def default(self) -> Any: ...

    def check(self, value: Any, journalled: bool = False) -> Any: ...

    def describe(self) -> str:
        """What the key holds, for the docs' tables (docs/editions.md)."""
        ...


def _refused(said: str, value: object, **values: object) -> FieldError:
    """A refusal: ``said`` (a message of the catalogue, with ``{was}`` where the value is told) and what the key held:
    "must be true or false, not 'yes'", or "... (it is missing)"."""
    was = _(" (it is missing)") if value is MISSING else _(", not {value}").format(value=shown(repr(value), 40))
    return FieldError(_(said).format(was=was, **values))


def _whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Whole:
    """A whole number from ``least`` to ``most``."""

    least: int
    most: int
    default: Any = MISSING
    what: str = N_("a whole number")
    """What the key holds, for the docs (marked for the catalogue; the kinds' ``what`` are all so)."""

    def check(self, value: Any, journalled: bool = False) -> int:
        if not _whole_number(value) or not self.least <= value <= (value if journalled else self.most):
            raise _refused(
                N_("must be a whole number from {least} to {most}{was}"),
                value,
                least=f"{self.least:,}",
                most=f"{self.most:,}",
            )
        return int(value)

    def describe(self) -> str:
        return _("{what}: {least} to {most}").format(what=_(self.what), least=f"{self.least:,}", most=f"{self.most:,}")


MONEY = Whole(1, MAX_AMOUNT, what=N_("money"))
"""A figure printed on the board or a deed: a price, a rent, a tax, a salary."""


@dataclass(frozen=True)
class Text:
    """Printable text (no control, format or bidirectional characters) of 1 to ``most`` characters; ``what`` is
    what a refusal calls it. ``strip``: the spaces at either end dropped (a name is kept as written: the journal
    names a deed by it)."""

    most: int
    what: str = N_("text")
    default: Any = MISSING
    strip: bool = True

    def check(self, value: Any, journalled: bool = False) -> str:
        if not isinstance(value, str) or not value.strip():
            raise _refused(
                N_("must be {what} of 1 to {most} characters{was}"), value, what=_(self.what), most=self.most
            )
        text = value.strip() if self.strip else value
        if journalled:
            return text
        if len(value.strip()) > self.most:
            said = _("is {length} characters long; {what} is at most {most}")
            raise FieldError(said.format(length=f"{len(value.strip()):,}", what=_(self.what), most=self.most))
        bad = unprintable(value)
        if bad is not None:
            said = _("holds the invisible character {code}; {what} is printable text")
            raise FieldError(said.format(code=f"U+{ord(bad):04X}", what=_(self.what)))
        return text

    def describe(self) -> str:
        return _("{what}: 1 to {most} printable characters").format(what=_(self.what), most=self.most)


NAME = Text(40, N_("a name"), strip=False)
"""A square's, an alias's: what a banker reads and types."""


@dataclass(frozen=True)
class Pattern:
    """Text matching ``pattern`` whole, as ``what`` describes it."""

    pattern: str
    what: str
    default: Any = MISSING

    def check(self, value: Any, journalled: bool = False) -> str:
        if not isinstance(value, str) or not (journalled or re.fullmatch(self.pattern, value)):
            raise _refused(N_("must be {what}{was}"), value, what=_(self.what))
        return value

    def describe(self) -> str:
        return _(self.what)


@dataclass(frozen=True)
class Choice:
    """One of a few words."""

    choices: tuple[str, ...]
    default: Any = MISSING

    def check(self, value: Any, journalled: bool = False) -> str:
        if value not in self.choices:
            raise _refused(N_("must be one of {choices}{was}"), value, choices=", ".join(repr(c) for c in self.choices))
        return str(value)

    def describe(self) -> str:
        blank = {" ": _("a space"), "\u00a0": _("a no-break space"), "": _("nothing")}
        return _("one of {choices}").format(choices=", ".join(blank.get(c, f"`{c}`") for c in self.choices))


@dataclass(frozen=True)
class Switch:
    """true or false."""

    default: Any = MISSING

    def check(self, value: Any, journalled: bool = False) -> bool:
        if not isinstance(value, bool):
            raise _refused(N_("must be true or false{was}"), value)
        return value

    def describe(self) -> str:
        return _("true or false")


@dataclass(frozen=True)
class List:
    """A list of ``least`` to ``most`` values, each an ``each``; a refusal of one names its index (``rents[2]``).
    ``what``: what a refusal of the list says it needs ("6 figures: site, 1-4 houses, hotel")."""

    each: Whole | Text | Pattern
    least: int
    most: int
    what: str = ""
    default: Any = MISSING

    def check(self, value: Any, journalled: bool = False) -> tuple[Any, ...]:
        if not isinstance(value, list) or not self.least <= len(value) <= (len(value) if journalled else self.most):
            if self.what:
                raise _refused(N_("needs {what}{was}"), value, what=_(self.what))
            if self.least == self.most:
                raise _refused(N_("needs a list of {count} values{was}"), value, count=self.least)
            raise _refused(N_("needs a list of {least} to {most} values{was}"), value, least=self.least, most=self.most)
        out = []
        for i, item in enumerate(value):
            try:
                out.append(self.each.check(item, journalled))
            except FieldError as e:
                raise FieldError(e.why, f"[{i}]") from None
        return tuple(out)

    def describe(self) -> str:
        if self.what:
            what = _(self.what)
        elif self.least == self.most:
            what = _("a list of {count}").format(count=self.least)
        else:
            what = _("a list of {least} to {most}").format(least=self.least, most=self.most)
        return _("{what}, each {each}").format(what=what, each=self.each.describe())


@dataclass(frozen=True)
class Checked:
    """A key its own code checks (the squares, the groups, a deck: tables; a square's group, which must be one of
    the file's); ``what`` says what it holds."""

    what: str
    default: Any = MISSING

    def check(self, value: Any, journalled: bool = False) -> Any:
        return value

    def describe(self) -> str:
        return _(self.what)


def read(table: dict[str, Field], data: dict[str, Any], key: str, journalled: bool = False) -> Any:
    """``data[key]`` checked by its entry in ``table`` (a key left out: its default, else refused); the
    :class:`FieldError` names the key (``go_salary``; a list's item as ``rents[2]``)."""
    field = table[key]
    if key not in data and field.default is not MISSING:
        return field.default
    try:
        return field.check(data.get(key, MISSING), journalled)
    except FieldError as e:
        raise FieldError(e.why, key + e.key) from None


def unknown(table: dict[str, Field], data: dict[str, Any]) -> str | None:
    """The first key of ``data`` that ``table`` does not have."""
    return next((key for key in data if key not in table), None)


def fields_markdown(table: dict[str, Field]) -> str:
    """A table of keys as Markdown (docs/editions.md): each key and what it holds (and what a key left out means,
    where it may be)."""
    lines = ["| key | holds |", "| --- | --- |"]  # i18n-exempt: the docs' table (docs are English)
    for key, field in table.items():
        default = field.default
        if default is not MISSING:
            left_out = "none" if default in ((), "") else f"`{str(default).lower()}`" if default != -1 else "none"
            # i18n-exempt: the docs' table (docs are English)
            lines.append(f"| `{key}` | {field.describe()}; left out: {left_out} |")
        else:
            lines.append(f"| `{key}` | {field.describe()} |")
    return "\n".join(lines)
