"""Board editions: the 40 squares and 28 title deeds, loaded from TOML data and validated.

The figures live in ``rules/data/board_<edition>.toml`` so that they can be read and checked against the
printed deeds without reading code. Loading refuses a file that does not describe a real board (40 squares,
28 deeds, complete groups, positive figures) and names the bad entry, because a wrong rent is worse than none.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from enum import Enum
from functools import cache, cached_property
from typing import Any, cast

from rules.data import read_text
from rules.errors import RuleError, UnknownName
from rules.names import name_key, shown


class SquareKind(Enum):
    """What a square on the board is; only streets, railroads and utilities carry title deeds."""

    GO = "go"
    STREET = "street"
    RAILROAD = "railroad"
    UTILITY = "utility"
    CHANCE = "chance"
    CHEST = "chest"
    INCOME_TAX = "income_tax"
    LUXURY_TAX = "luxury_tax"
    JAIL = "jail"
    FREE_PARKING = "free_parking"
    GO_TO_JAIL = "go_to_jail"


DEED_KINDS = frozenset({SquareKind.STREET, SquareKind.RAILROAD, SquareKind.UTILITY})


@dataclass(frozen=True)
class Group:
    """A colour group (or the railroads, or the utilities): owning all of it changes rent and allows building."""

    key: str
    title: str
    colour: str
    deeds: tuple[int, ...]
    """Indexes into ``Board.deeds``, in board order."""
    mark: str = ""
    """A short mark in letters ("DB") shown beside the colour everywhere, so no group is told by colour alone."""


@dataclass(frozen=True)
class Deed:
    """One title deed as printed. ``rents`` is (site, 1, 2, 3, 4 houses, hotel) for streets, empty otherwise."""

    index: int
    """Position in ``Board.deeds`` (0-27), the engine's handle for the deed."""
    square: int
    """Position on the board (0-39)."""
    key: str
    name: str
    kind: SquareKind
    group: str
    price: int
    mortgage: int
    house_cost: int = 0
    rents: tuple[int, ...] = ()
    aliases: tuple[str, ...] = ()

    @property
    def is_street(self) -> bool:
        return self.kind is SquareKind.STREET


@dataclass(frozen=True)
class Square:
    index: int
    name: str
    kind: SquareKind
    deed: int | None = None


@dataclass(frozen=True)
class Board:
    """An edition of the board: squares, deeds, groups and the bank's fixed figures."""

    edition: str
    title: str
    currency: str
    squares: tuple[Square, ...]
    deeds: tuple[Deed, ...]
    groups: dict[str, Group]
    go_salary: int
    jail_fine: int
    income_tax: int
    luxury_tax: int
    houses: int
    hotels: int
    railroad_rents: tuple[int, ...]
    utility_multipliers: tuple[int, int]

    def __hash__(self) -> int:  # boards are singletons per edition; identity is enough
        return id(self)

    def deed(self, name: str) -> Deed:
        """Resolve a deed name forgivingly; see :func:`resolve`. The printed name (what the command parser
        journals) is found by one dictionary look-up, as the engine resolves names on every action."""
        index = self._printed.get(name)
        if index is None:
            index = resolve(name, self._deed_names(), "deed")
        return self.deeds[index]

    @cached_property
    def _printed(self) -> dict[str, int]:
        return {d.name: d.index for d in self.deeds}

    def square_name(self, kind: SquareKind) -> str:
        """The printed name of the board's square of ``kind`` (the first, for a kind with several): the £100 tax is
        "Luxury Tax" on the US board and "Super Tax" on the UK one (seed 003, appendix: "Luxury Tax/Super Tax")."""
        return next(s.name for s in self.squares if s.kind is kind)

    def group_of(self, deed: Deed) -> Group:
        return self.groups[deed.group]

    def money(self, amount: int) -> str:
        """Format an amount in the edition's currency: ``$1,500`` or ``£1,500``."""
        sign = "-" if amount < 0 else ""
        return f"{sign}{self.currency}{abs(amount):,}"

    def _deed_names(self) -> list[tuple[int, str, tuple[str, ...]]]:
        return [(d.index, d.name, d.aliases) for d in self.deeds]


def normalise(text: str) -> str:
    """Case, accents and punctuation do not matter in names: ``"B. & O."`` and ``"b&o"`` are the same, and so are
    ``"José"`` and ``"jose"`` (:func:`rules.names.name_key`)."""
    return name_key(text)


def _punctuated(text: str) -> str:
    """Case and spaces do not matter, punctuation does: the key that tells ``b.`` from ``b``."""
    return re.sub(r"\s+", "", text.casefold())


def resolve(text: str, entries: list[tuple[int, str, tuple[str, ...]]], what: str) -> int:
    """Find one entry by name: exact name or alias first, then a unique prefix of a name or alias.

    An unknown or ambiguous name raises :class:`UnknownName` listing the candidates, so a banker who types
    "penn" learns that both Pennsylvania Avenue and Pennsylvania Railroad exist.
    """
    for i, name, _ in entries:  # the exact spelling first: what the journal records always finds its entry
        if name == text:
            return i
    wanted = normalise(text)
    if not wanted:
        raise UnknownName(f"no {what} name given", candidates=())
    exact = {i for i, name, aliases in entries if wanted == normalise(name) or wanted in map(normalise, aliases)}
    prefixed = {i for i, name, aliases in entries if any(normalise(n).startswith(wanted) for n in (name, *aliases))}
    if len(exact) == 1:
        # An exact match that drops punctuation the name has ("bo" for "B&O") is exact only where no other name
        # starts so too: "bo" could as well be the start of Boardwalk, and guessing would charge the wrong owner.
        spelled = {
            i
            for i, name, aliases in entries
            if i in exact and any(_punctuated(n) == _punctuated(text) for n in (name, *aliases))
        }
        if spelled or prefixed <= exact:
            return exact.pop()
    found = exact | prefixed if exact else prefixed
    names = {i: name for i, name, _ in entries}
    if len(found) > 1 and any(not ch.isalnum() and not ch.isspace() for ch in text):
        # Punctuation typed on purpose narrows the choice: "b." means "B. & O. Railroad", not Baltic Avenue.
        spaced = _punctuated(text)
        narrowed = {
            i
            for i, name, aliases in entries
            if i in found and any(_punctuated(n).startswith(spaced) for n in (name, *aliases))
        }
        if narrowed:
            found = narrowed
    if not found:
        # Word by word: "pen r" and "pennsy rail" are the starts of the words of Pennsylvania Railroad.
        typed = [normalise(w) for w in text.split()]
        found = {
            i
            for i, name, aliases in entries
            if len(typed) > 1 and any(_word_prefixes(typed, n) for n in (name, *aliases))
        }
    if len(found) == 1:
        return found.pop()
    if found:
        cands = tuple(names[i] for i in sorted(found))
        raise UnknownName(f'"{shown(text, 40)}" could be {_or_list(cands)}', candidates=cands)
    import difflib  # only for the suggestions in a refusal

    close = difflib.get_close_matches(wanted, [normalise(n) for n in names.values()], n=4, cutoff=0.5)
    by_norm = {normalise(n): n for n in names.values()}
    cands = tuple(by_norm[c] for c in close)
    hint = f"; did you mean {_or_list(cands)}?" if cands else ""
    raise UnknownName(f'no {what} called "{shown(text, 40)}"{hint}', candidates=cands)


def _word_prefixes(typed: list[str], name: str) -> bool:
    """Each typed word begins the name's word in the same place (words without letters, as "&", skipped)."""
    words = [w for w in (normalise(part) for part in name.split()) if w]
    return len(typed) <= len(words) and all(t and w.startswith(t) for t, w in zip(typed, words, strict=False))


def _or_list(items: tuple[str, ...]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def slug(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "_", name.casefold().replace("'", "").replace("&", "and")).strip("_")


EDITIONS = ("us", "uk")


@cache
def load_board(edition: str = "us") -> Board:
    """Load and validate an edition by name (``us`` or ``uk``); the result is cached and immutable."""
    key = edition.casefold()
    if key not in EDITIONS:
        raise RuleError("edition", f'no edition called "{shown(edition)}"; choose {" or ".join(EDITIONS)}')
    text = read_text(f"board_{key}.toml")
    return parse_board(tomllib.loads(text), source=f"board_{key}.toml")


def parse_board(data: dict[str, Any], source: str = "board") -> Board:
    """Build a :class:`Board` from parsed TOML, raising :class:`BoardDataError` naming the first bad entry."""

    def bad(where: str, why: str) -> BoardDataError:
        return BoardDataError(f"{source}: {where}: {why}")

    def positive(where: str, value: object) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
            raise bad(where, f"must be a positive whole number, not {value!r}")
        return value

    raw_squares = data.get("square")
    if not isinstance(raw_squares, list) or len(raw_squares) != 40:
        count = len(raw_squares) if isinstance(raw_squares, list) else 0
        raise bad("square", f"a board has 40 squares, this file has {count}")
    group_data = data.get("groups", {})
    squares: list[Square] = []
    deeds: list[Deed] = []
    members: dict[str, list[int]] = {}
    for i, sq in enumerate(raw_squares):
        where = f'square {i} ("{sq.get("name", "?")}")'
        name = sq.get("name")
        if not isinstance(name, str) or not name.strip():
            raise bad(where, "has no name")
        try:
            kind = SquareKind(sq.get("kind"))
        except ValueError:
            raise bad(where, f"unknown kind {sq.get('kind')!r}") from None
        if kind not in DEED_KINDS:
            squares.append(Square(i, name, kind))
            continue
        group = sq.get("group")
        if group not in group_data:
            raise bad(where, f"group {group!r} is not one of the [groups]")
        price = positive(f"{where} price", sq.get("price"))
        mortgage = positive(f"{where} mortgage", sq.get("mortgage"))
        house_cost, rents = 0, cast(tuple[int, ...], ())
        if kind is SquareKind.STREET:
            house_cost = positive(f"{where} house_cost", sq.get("house_cost"))
            raw_rents = sq.get("rents")
            if not isinstance(raw_rents, list) or len(raw_rents) != 6:
                raise bad(f"{where} rents", "needs 6 figures: site, 1-4 houses, hotel")
            rents = tuple(positive(f"{where} rents[{j}]", r) for j, r in enumerate(raw_rents))
            if list(rents) != sorted(set(rents)):
                raise bad(f"{where} rents", "must rise with each building")
        index = len(deeds)
        aliases = tuple(sq.get("aliases", ()))
        deeds.append(Deed(index, i, slug(name), name, kind, group, price, mortgage, house_cost, rents, aliases))
        members.setdefault(group, []).append(index)
        squares.append(Square(i, name, kind, index))
    if len(deeds) != 28:
        raise bad("square", f"a board has 28 title deeds, this file has {len(deeds)}")
    if len({d.key for d in deeds}) != 28:
        raise bad("square", "two deeds share a name")
    groups: dict[str, Group] = {}
    for key, g in group_data.items():
        if key not in members:
            raise bad(f"group {key}", "has no deeds")
        kinds = {deeds[i].kind for i in members[key]}
        if len(kinds) != 1:
            raise bad(f"group {key}", "mixes streets, railroads and utilities")
        if kinds == {SquareKind.STREET} and not 2 <= len(members[key]) <= 3:
            raise bad(f"group {key}", f"a colour group has 2 or 3 lots, not {len(members[key])}")
        mark = g.get("mark")
        if not isinstance(mark, str) or not 1 <= len(mark) <= 3 or not mark.isalnum() or not mark.isascii():
            raise bad(f"group {key} mark", f"needs one to three letters or digits, not {mark!r}")
        if any(other.mark == mark for other in groups.values()):
            raise bad(f"group {key} mark", f"{mark!r} is another group's mark")
        groups[key] = Group(key, g.get("title", key), g.get("colour", "#888888"), tuple(members[key]), mark)
    rr = tuple(positive(f"railroad_rents[{j}]", r) for j, r in enumerate(data.get("railroad_rents", ())))
    if len(rr) != len(groups.get("railroad", Group("", "", "", ())).deeds) or not rr:
        raise bad("railroad_rents", "needs one figure per railroad")
    um = tuple(positive(f"utility_multipliers[{j}]", m) for j, m in enumerate(data.get("utility_multipliers", ())))
    if len(um) != 2:
        raise bad("utility_multipliers", "needs two figures: one utility owned, both owned")
    return Board(
        edition=str(data.get("edition", "us")),
        title=str(data.get("title", "")),
        currency=str(data.get("currency", "$")),
        squares=tuple(squares),
        deeds=tuple(deeds),
        groups=groups,
        go_salary=positive("go_salary", data.get("go_salary")),
        jail_fine=positive("jail_fine", data.get("jail_fine")),
        income_tax=positive("income_tax", data.get("income_tax")),
        luxury_tax=positive("luxury_tax", data.get("luxury_tax")),
        houses=positive("houses", data.get("houses")),
        hotels=positive("hotels", data.get("hotels")),
        railroad_rents=rr,
        utility_multipliers=(um[0], um[1]),
    )


class BoardDataError(ValueError):
    """A board data file that does not describe a real board."""
