"""Board editions: the 40 squares and 28 title deeds, as the engine reads them.

The figures live in one TOML file per edition (``rules/data/editions/<key>.toml``, found by
:mod:`rules.editions`) so that they can be read and checked against the printed deeds without reading code.
Reading a file into a :class:`Board` is :mod:`rules.edition_file`'s: it refuses a file that does not describe a
real board (40 squares, 28 deeds, complete groups, positive figures) and names the bad entry, because a wrong rent
is worse than none. Apart from the board, so that a game whose board was kept from an earlier launch
(:func:`rules.data.parsed`) loads neither the reading nor the kinds of keys it checks.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from rules.errors import UnknownName
from rules.i18n import N_, _
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
STARTING_CASH = 1500
"""What each player is given at the start in the US box (seed 000, PREPARATION: "Each player is given $1500"; seed 001:
"$1,500.00 in scrip"): an edition's ``starting_cash`` when its file does not say (every file written before the key)."""


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
    """One square of the board: its place on it, its name, its kind and, for a street, railroad or utility, its
    deed."""

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
    aliases: tuple[str, ...] = ()
    starting_cash: int = STARTING_CASH
    """What the bank gives each player at the start, as the edition's rules print it (30.000 DM on the German
    Deutsche Mark board)."""
    currency_after: bool = False
    """The sign after the figure (``1.500 €``) rather than before it (``$1,500``)."""
    thousands: str = ","
    currency_name: str = ""
    """The money's name in the plural (``dollars``, ``pounds``), for messages; empty: "a whole number"."""
    decks: tuple[str, ...] = ("classic",)
    """The card decks the edition is played with (``rules/data/cards_<name>.toml``); the first is a new game's."""
    order: int = 100
    source: str = ""
    """Where the edition was read from (a file name, or ``journal`` for a game's own copy)."""

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

    def group_named(self, text: str) -> Group | None:
        """The group whose printed title or key ``text`` spells out in full (any case, spaces or ``_``: ``dark
        blue``, ``Orange``), or None. Whole names only: a prefix or a mark (``or``, ``db``) would take words that
        begin deeds (``or`` is Oriental Avenue)."""
        wanted = normalise(text)
        return next((g for g in self.groups.values() if wanted in (normalise(g.title), normalise(g.key))), None)

    def noun(self, kind: SquareKind, count: int = 1) -> str:
        """What this board calls a deed of ``kind``, in lower case, plural unless ``count`` is 1: a railroad is a
        "station" on the UK board (seed 003, appendix: "Railroads/Stations"). Read from the printed title of the
        group such deeds form ("Stations", "Utilities"), so a family's own board names its own; a street is a
        street."""
        group = next((self.groups[d.group] for d in self.deeds if d.kind is kind), None)
        if kind is SquareKind.STREET or group is None:
            plural = f"{kind.value}s"
        else:
            plural = group.title.casefold()
        if count != 1:
            return plural
        if plural.endswith("ies"):
            return plural[:-3] + "y"
        return plural[:-1] if plural.endswith("s") else plural

    def money(self, amount: float) -> str:
        """Format an amount in the edition's currency: ``$1,500``, ``£1,500``, ``1.500 €``: the one money formatter
        (screens, summaries, exports, statistics and phone pages all come here, or to :func:`format_money` with a
        report's stored sign)."""
        return format_money(amount, self.currency, after=self.currency_after, thousands=self.thousands)

    def scaled(self, figure: int) -> int:
        """A figure the rule books print for the US box (whose players start with $1,500), in this edition's money:
        in proportion to its starting money, to the nearest whole unit (halves up). The 1935 board's $75 Luxury Tax
        (seed 001; docs/rulings.md) is 1.500 DM on the Deutsche Mark board, whose players start with 30.000 DM; on a
        board that starts with 1,500 the figure is as printed."""
        if self.starting_cash == STARTING_CASH:
            return figure
        return (figure * self.starting_cash * 2 + STARTING_CASH) // (2 * STARTING_CASH)

    @property
    def label(self) -> str:
        """How the edition is offered in lists: the title before any bracket, and the sign: ``US ($)``."""
        return f"{self.title.split(' (')[0]} ({self.currency})"

    def _deed_names(self) -> list[tuple[int, str, tuple[str, ...]]]:
        return [(d.index, d.name, d.aliases) for d in self.deeds]


def format_money(amount: float, currency: str = "$", *, after: bool = False, thousands: str = ",") -> str:
    """An amount with its sign: whole amounts as ``$1,500``, others (statistics' averages) to one decimal;
    ``after`` puts the sign after the figure, spaced (``1.500 €``)."""
    sign = "-" if amount < 0 else ""
    figure = f"{abs(amount):,.0f}" if float(amount).is_integer() else f"{abs(amount):,.1f}"
    if thousands != ",":
        figure = figure.replace(",", "\0").replace(".", "," if thousands == "." else ".").replace("\0", thousands)
    return f"{sign}{figure} {currency}" if after else f"{sign}{currency}{figure}"


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
    for i, name, _aliases in entries:  # the exact spelling first: what the journal records always finds its entry
        if name == text:
            return i
    wanted = normalise(text)
    none, unknown_name, did_you_mean, could_be = _UNKNOWN.get(what, _UNKNOWN_OTHER)
    if not wanted:  # nothing typed; or only what no name holds (``[/]``), said as typed, not as "none given"
        given = text.strip()
        said = _(unknown_name).format(what=what, text=shown(given, 40)) if given else _(none).format(what=what)
        raise UnknownName(said, candidates=())
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
    names = {i: name for i, name, _aliases in entries}
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
        raise UnknownName(
            _(could_be).format(text=shown(text, 40), names=or_list(cands)), candidates=cands, ambiguous=True
        )
    close = difflib.get_close_matches(wanted, [normalise(n) for n in names.values()], n=4, cutoff=0.5)
    by_norm = {normalise(n): n for n in names.values()}
    cands = tuple(by_norm[c] for c in close)
    said = _(did_you_mean) if cands else _(unknown_name)
    raise UnknownName(
        said.format(what=what, text=shown(text, 40), names=or_list(cands) if cands else ""), candidates=cands
    )


_UNKNOWN = {
    "deed": (
        N_("no deed name given"),
        N_('no deed called "{text}"'),
        N_('no deed called "{text}"; did you mean {names}?'),
        N_('"{text}" could be {names}'),
    ),
    "player": (
        N_("no player name given"),
        N_('no player called "{text}"'),
        N_('no player called "{text}"; did you mean {names}?'),
        N_('"{text}" could be {names}'),
    ),
    "colour group": (
        N_("no colour group name given"),
        N_('no colour group called "{text}"'),
        N_('no colour group called "{text}"; did you mean {names}?'),
        N_('"{text}" could be {names}'),
    ),
}
"""What :func:`resolve` says when a name finds nothing (none typed; none like it; some like it) or more than one
thing, by what is named: whole sentences, as each language says them."""
_UNKNOWN_OTHER = (
    N_("no {what} name given"),
    N_('no {what} called "{text}"'),
    N_('no {what} called "{text}"; did you mean {names}?'),
    N_('"{text}" could be {names}'),
)
"""The same of anything else (in the caller's words)."""


def _word_prefixes(typed: list[str], name: str) -> bool:
    """Each typed word begins the name's word in the same place (words without letters, as "&", skipped)."""
    words = [w for w in (normalise(part) for part in name.split()) if w]
    return len(typed) <= len(words) and all(t and w.startswith(t) for t, w in zip(typed, words, strict=False))


def or_list(items: tuple[str, ...], *, last: str = "or") -> str:
    """ "A", "A or B", "A, B or C": the names a refusal offers (``last="and"``: "A, B and C", all of them)."""
    if len(items) == 1:
        return items[0]
    said = _("{names} and {last}") if last == "and" else _("{names} or {last}")
    return said.format(names=", ".join(items[:-1]), last=items[-1])


def not_a_street(board: Board, deed: Deed) -> str:
    """Why ``deed`` takes no buildings: it is a railroad (a station on the UK board) or a utility."""
    noun = board.noun(deed.kind)
    said = _NOT_A_STREET.get(noun, N_("{deed} is a {noun}: houses and hotels go on colour-group streets only"))
    return _(said).format(deed=deed.name, noun=noun)


_NOT_A_STREET = {
    "railroad": N_("{deed} is a railroad: houses and hotels go on colour-group streets only"),
    "station": N_("{deed} is a station: houses and hotels go on colour-group streets only"),
    "utility": N_("{deed} is a utility: houses and hotels go on colour-group streets only"),
}


def default_deck(board: Board) -> str:
    """The deck a new game on ``board`` is played with: the first its edition names."""
    return board.decks[0]


class BoardDataError(ValueError):
    """A board data file that does not describe a real board."""


class EditionDataError(BoardDataError):
    """An edition file that cannot be played: the message is one line naming the file, the key and the fault."""
