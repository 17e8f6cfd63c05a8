"""An edition file read into a :class:`rules.board.Board`: the keys a file has, each with its kind and its limits
(:data:`EDITION_KEYS`, a square's :data:`SQUARE_KEYS`, a group's :data:`GROUP_KEYS`: the one place an edition key is
bounded), the board built from them (:func:`parse_board`), its decks checked (:func:`parse_edition`) and the file
read within the bounds of one (:func:`read_edition`).

Apart from :mod:`rules.board` and :mod:`rules.editions`, which find and hold the boards: a launch whose board was kept
from an earlier one (:func:`rules.data.parsed`) reads no file and checks no key, so it imports none of this, nor
the kinds of keys (:mod:`rules.fields`), the bounded reader (:mod:`rules.bounded`) or the decks (:mod:`rules.decks`)
it leans on (tests/project/test_launch.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

from rules.board import (
    DEED_KINDS,
    STARTING_CASH,
    Board,
    BoardDataError,
    Deed,
    EditionDataError,
    Group,
    Square,
    SquareKind,
    normalise,
)
from rules.bounded import EDITION_FILE, DataError, read_file, read_toml
from rules.decks import CARD_KEYS, check_decks
from rules.fields import (
    MONEY,
    NAME,
    Checked,
    Choice,
    Field,
    FieldError,
    List,
    Pattern,
    Text,
    Whole,
    fields_markdown,
    read,
    unknown,
)
from rules.i18n import N_, _
from rules.names import shown
from rules.words import MAX_AMOUNT

CURRENCY_POSITIONS = ("before", "after")
THOUSANDS = (",", ".", " ", "\u00a0", "'", "")


_KEY = r"[a-z0-9][a-z0-9-]{0,23}"
EDITION_KEYS: dict[str, Field] = {
    "edition": Pattern(_KEY, N_("1 to 24 lower-case letters, digits or hyphens (the edition's key)")),
    "title": Text(60, N_("a title")),
    "aliases": List(NAME, 0, 10, default=()),
    "order": Whole(-1000, 1000, default=100, what=N_("where the edition comes in lists")),
    "currency": Text(3, N_("a currency sign")),
    "currency_name": Pattern(
        r"(?=.{0,20}\Z)(?:[^\W\d_]+(?: [^\W\d_]+)*)?", N_("a word or two (dollars, pounds, euros)"), default=""
    ),
    "currency_position": Choice(CURRENCY_POSITIONS, default="before"),
    "thousands": Choice(THOUSANDS, default=","),
    "decks": List(
        Pattern(_KEY, N_("a card deck's name")),
        1,
        10,
        N_(
            "1 to 10 card decks (`classic`, `2008`, `uk`, or the edition's key for its own; left out: its own if it "
            "has them, else `classic`)"
        ),
    ),
    "starting_cash": Whole(1, MAX_AMOUNT, default=STARTING_CASH, what=N_("money")),
    "go_salary": MONEY,
    "jail_fine": MONEY,
    "income_tax": MONEY,
    "luxury_tax": MONEY,
    "houses": Whole(1, 999, what=N_("the bank's houses")),
    "hotels": Whole(1, 999, what=N_("the bank's hotels")),
    "railroad_rents": List(MONEY, 1, 28, N_("one figure per railroad")),
    "utility_multipliers": List(
        Whole(1, MAX_AMOUNT // 12, what=N_("times the roll")), 2, 2, N_("two figures: one utility owned, both owned")
    ),  # times a roll of at most 12: a utility's rent is money too
    "groups": Checked(N_("up to 28 `[groups.<key>]` tables (a group's keys, below)")),
    "square": Checked(N_("40 `[[square]]` tables (a square's keys, below)")),
    "chance": Checked(N_("the edition's own Chance deck: 16 or 17 `[[chance]]` cards (a card's keys, below)")),
    "chest": Checked(N_("the edition's own Community Chest deck: 16 or 17 `[[chest]]` cards")),
}
"""The keys of an edition file (docs/editions.md), each with its kind and its limits: the one place a key is
bounded. Money is :data:`rules.fields.MONEY` (1 to :data:`rules.words.MAX_AMOUNT`), a name 1 to 40 printable
characters (:data:`rules.fields.NAME`)."""

SQUARE_KEYS: dict[str, Field] = {
    "name": NAME,
    "kind": Choice(tuple(k.value for k in SquareKind)),
    "group": Checked(N_("a deed's group: the key of one of the `[groups]`")),
    "price": MONEY,
    "mortgage": MONEY,
    "house_cost": MONEY,
    "rents": List(MONEY, 6, 6, N_("6 figures: site, 1-4 houses, hotel")),
    "aliases": List(NAME, 0, 10, default=()),
}
"""The keys of a ``[[square]]``: a street has them all, a railroad or utility no ``house_cost`` or ``rents``, any
other square a ``name`` and a ``kind``."""

GROUP_KEYS: dict[str, Field] = {
    "title": Text(40, N_("a group's title")),
    "colour": Pattern(r"#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}", N_('a colour as "#rrggbb"'), default="#888888"),
    "mark": Pattern(r"[A-Za-z0-9]{1,3}", N_("one to three letters or digits")),
}
"""The keys of a ``[groups.<key>]``; its title defaults to the key, its mark to one made from the title."""


def slug(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "_", name.casefold().replace("'", "").replace("&", "and")).strip("_")


def _group_marks(group_data: dict[str, Any], bad: Callable[[str, str], Exception]) -> dict[str, str]:
    """Each group's mark: the file's ``mark`` (one to three letters or digits, no two groups alike), else one made
    from the group's title ("Dark Blue" -> "DB", "Brown" -> "BR"; an edition file written before the marks, or a
    game that journalled one, still opens), never one another group has."""
    given: dict[str, str] = {}
    for key, g in group_data.items():
        if "mark" not in g:
            continue
        try:
            mark = read(GROUP_KEYS, g, "mark")
        except FieldError as e:
            raise bad(f"group {key} {e.key}", e.why) from None  # i18n-exempt: a place in the file, named by its keys
        if mark in given.values():
            # i18n-exempt: a place in the file, named by its keys
            raise bad(f"group {key} mark", _("{mark} is another group's mark").format(mark=repr(mark)))
        given[key] = mark
    used = set(given.values())
    marks: dict[str, str] = {}
    for key, g in group_data.items():
        if key not in given:
            given[key] = _made_mark(str(g.get("title", key)), used)
            used.add(given[key])
        marks[key] = given[key]
    return marks


def _made_mark(title: str, used: set[str]) -> str:
    """A mark from a group's title that no other group has: its words' initials, else its first letter and a later
    one, else a letter and a digit."""
    words = ["".join(c for c in w if c.isascii() and c.isalnum()).upper() for w in title.split()]
    words = [w for w in words if w] or ["G"]
    letters = "".join(words)
    candidates = ["".join(w[0] for w in words)[:3]] if len(words) > 1 else []
    candidates += [letters[0] + c for c in letters[1:]]
    candidates += [letters[0] + str(n) for n in range(1, 100)]
    return next(c for c in candidates if c not in used)


def parse_board(data: dict[str, Any], source: str = "board", journalled: bool = False) -> Board:
    """Build a :class:`Board` from parsed TOML, raising :class:`BoardDataError` naming the first bad entry. Each key
    is read as :data:`EDITION_KEYS` (a square's as :data:`SQUARE_KEYS`, a group's as :data:`GROUP_KEYS`) declares
    it: its kind and its limits. ``journalled``: a game's own copy, held to the kinds but not to limits added since
    it was journalled (:class:`rules.fields.Field`)."""

    def bad(where: str, why: str) -> BoardDataError:
        return BoardDataError(f"{source}: {where}: {why}")

    def value(key: str, table: dict[str, Field] = EDITION_KEYS, where: str = "", within: dict[str, Any] = data) -> Any:
        try:
            return read(table, within, key, journalled)
        except FieldError as e:
            raise bad(f"{where} {e.key}" if where else e.key, e.why) from None

    unknown_key = unknown(EDITION_KEYS, data)
    if unknown_key is not None:
        raise bad(
            shown(unknown_key, 40), _("not a board setting; see docs/editions.md for the keys an edition file has")
        )
    edition_key = value("edition")
    text_fields = {field: value(field) for field in ("title", "currency")}
    if any(ch.isdigit() or ch in "-,." for ch in text_fields["currency"]):
        said = _("a currency sign is 1 to 3 characters, not digits: {sign}")
        raise bad("currency", said.format(sign=repr(text_fields["currency"])))
    position = value("currency_position")
    thousands = value("thousands")
    edition_aliases = value("aliases")
    decks = (
        value("decks") if "decks" in data else ((edition_key,) if "chance" in data or "chest" in data else ("classic",))
    )
    currency_name = value("currency_name")
    order = value("order")
    raw_squares = data.get("square")
    if not isinstance(raw_squares, list) or len(raw_squares) != 40:
        count = len(raw_squares) if isinstance(raw_squares, list) else 0
        raise bad("square", _("a board has 40 squares, this file has {count}").format(count=count))
    group_data = data.get("groups", {})
    if not isinstance(group_data, dict) or not all(isinstance(g, dict) for g in group_data.values()):
        raise bad("groups", _("must be [groups.<key>] tables, one a group"))
    if len(group_data) > 28:
        said = _("a board has at most 28 groups (one a deed), this file has {count}")
        raise bad("groups", said.format(count=len(group_data)))
    squares: list[Square] = []
    deeds: list[Deed] = []
    members: dict[str, list[int]] = {}
    for i, sq in enumerate(raw_squares):
        if not isinstance(sq, dict):
            # i18n-exempt: a place in the file, named by its keys
            raise bad(f"square {i}", _("must be a [[square]] table"))
        # i18n-exempt: a place in the file, named by its keys
        where = f'square {i} ("{shown(str(sq.get("name", "?")), 40)}")'
        unknown_key = unknown(SQUARE_KEYS, sq)
        if unknown_key is not None:
            said = _("not a square's key; a square has {keys}")
            raise bad(f"{where} {shown(unknown_key, 40)}", said.format(keys=", ".join(SQUARE_KEYS)))
        name = value("name", SQUARE_KEYS, where, sq)
        kind = SquareKind(value("kind", SQUARE_KEYS, where, sq))
        if kind not in DEED_KINDS:
            squares.append(Square(i, name, kind))
            continue
        group = sq.get("group")
        if not isinstance(group, str) or group not in group_data:
            raise bad(where, _("group {group} is not one of the [groups]").format(group=shown(repr(group), 40)))
        price = value("price", SQUARE_KEYS, where, sq)
        mortgage = value("mortgage", SQUARE_KEYS, where, sq)
        house_cost, rents = 0, cast(tuple[int, ...], ())
        if kind is SquareKind.STREET:
            house_cost = value("house_cost", SQUARE_KEYS, where, sq)
            rents = value("rents", SQUARE_KEYS, where, sq)
            if list(rents) != sorted(set(rents)):
                # i18n-exempt: a place in the file, named by its keys
                raise bad(f"{where} rents", _("must rise with each building"))
        index = len(deeds)
        aliases = value("aliases", SQUARE_KEYS, where, sq)
        deeds.append(Deed(index, i, slug(name), name, kind, group, price, mortgage, house_cost, rents, aliases))
        members.setdefault(group, []).append(index)
        squares.append(Square(i, name, kind, index))
    if len(deeds) != 28:
        raise bad("square", _("a board has 28 title deeds, this file has {count}").format(count=len(deeds)))
    seen: dict[str, Deed] = {}
    for d in deeds:
        for n in (d.name, *d.aliases):
            other = seen.setdefault(normalise(n), d)
            if other is not d:
                said = _('its name "{name}" is taken by {other}')
                # i18n-exempt: a place in the file, named by its keys
                raise bad(
                    f'square {d.square} ("{shown(d.name, 40)}")', said.format(name=shown(n, 40), other=other.name)
                )
    groups: dict[str, Group] = {}
    for key, g in group_data.items():
        if key not in members:
            # i18n-exempt: a place in the file, named by its keys
            raise bad(f"group {shown(key, 40)}", _("has no deeds"))
        unknown_key = unknown(GROUP_KEYS, g)
        if unknown_key is not None:
            said = _("not a group's key; a group has {keys}")
            # i18n-exempt: a place in the file, named by its keys
            raise bad(f"group {key} {shown(unknown_key, 40)}", said.format(keys=", ".join(GROUP_KEYS)))
        kinds = {deeds[i].kind for i in members[key]}
        if len(kinds) != 1:
            # i18n-exempt: a place in the file, named by its keys
            raise bad(f"group {key}", _("mixes streets, railroads and utilities"))
        if kinds == {SquareKind.STREET} and not 2 <= len(members[key]) <= 3:
            # i18n-exempt: a place in the file, named by its keys
            raise bad(f"group {key}", _("a colour group has 2 or 3 lots, not {count}").format(count=len(members[key])))
        # i18n-exempt: a place in the file, named by its keys
        title = value("title", GROUP_KEYS, f"group {key}", g) if "title" in g else key
        # i18n-exempt: a place in the file, named by its keys
        groups[key] = Group(key, title, value("colour", GROUP_KEYS, f"group {key}", g), tuple(members[key]))
    marks = _group_marks(group_data, bad)
    groups = {key: replace(group, mark=marks[key]) for key, group in groups.items()}
    rr = value("railroad_rents")
    if len(rr) != len(groups.get("railroad", Group("", "", "", ())).deeds):
        raise bad("railroad_rents", _("needs one figure per railroad"))
    um = value("utility_multipliers")
    return Board(
        edition=edition_key,
        title=text_fields["title"],
        currency=text_fields["currency"],
        squares=tuple(squares),
        deeds=tuple(deeds),
        groups=groups,
        go_salary=value("go_salary"),
        jail_fine=value("jail_fine"),
        income_tax=value("income_tax"),
        luxury_tax=value("luxury_tax"),
        houses=value("houses"),
        hotels=value("hotels"),
        starting_cash=value("starting_cash"),
        railroad_rents=rr,
        utility_multipliers=(um[0], um[1]),
        aliases=edition_aliases,
        currency_after=position == "after",
        thousands=thousands,
        currency_name=currency_name,
        decks=tuple(decks),
        order=order,
        source=source,
    )


def parse_edition(data: dict[str, Any], source: str, journalled: bool = False) -> Board:
    """Validate parsed TOML as an edition: the board (:func:`rules.board.parse_board`), then its decks (each a
    shared deck or the file's own ``[[chance]]``/``[[chest]]``, every card's square on the board). ``journalled``:
    a game's own copy, held to the kinds of its keys but not to limits added since (:class:`rules.fields.Field`)."""
    board = parse_board(data, source=source, journalled=journalled)
    try:
        check_decks(board, data, journalled)
    except ValueError as e:
        raise EditionDataError(str(e)) from None
    return board


def read_edition(path: Path, source: str | None = None) -> tuple[Board, dict[str, Any]]:
    """Read and validate one edition file, within the bounds of one (:data:`rules.bounded.EDITION_FILE`: its
    size, nesting, values and texts); :class:`EditionDataError` names the file and the place in it."""
    name = source or str(path)
    try:
        data = read_toml(read_file(path, EDITION_FILE, name), name, EDITION_FILE)
    except DataError as e:
        raise EditionDataError(str(e)) from None
    try:
        return parse_edition(data, name), data
    except BoardDataError as e:
        raise EditionDataError(str(e).replace("\n", " ")) from None


def keys_markdown() -> str:
    """The docs' tables of what each key of an edition file holds (docs/editions.md), from the tables that bound
    them: the file's, a square's, a group's, a card's."""
    # i18n-exempt: the docs' table (docs are English)
    parts = [("The file", EDITION_KEYS), ("A `[[square]]`", SQUARE_KEYS), ("A `[groups.<key>]`", GROUP_KEYS)]
    parts.append(("A card (`[[chance]]`, `[[chest]]`)", CARD_KEYS))  # i18n-exempt: the docs' table (docs are English)
    return "\n\n".join(f"{title}:\n\n{fields_markdown(table)}" for title, table in parts)
