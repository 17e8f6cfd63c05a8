"""Writing a command as its canonical words: the writers the verb table (``banker.commands.verbs``) does not
hold inline, for the commands with several parts (trades, payments, questions, undo and redo). ``format`` there
is the inverse of ``parse``; the journal holds what it writes, whichever way the banker entered the command."""

from __future__ import annotations

from banker.commands.kinds import Control, Query
from rules.actions import (
    Items,
    PositionDeed,
    SideDeal,
    Trade,
)


def _count(n: int) -> str:
    return str(n) if n != 1 else ""


def _items_text(items: Items) -> str:
    parts = [*items.deeds, *([str(items.cash)] if items.cash else []), *(f"{d}-jail-card" for d in items.jail_cards)]
    return ", ".join(parts)


def _trade_words(t: Trade) -> list[str]:
    words = ["trade", t.first, t.second]
    if not t.give.empty():
        words += ["give", _items_text(t.give)]
    if not t.get.empty():
        words += ["get", _items_text(t.get)]
    if t.lift:
        words += ["lift", ", ".join(t.lift)]
    return words


def _money_words(verb: str, keyword: str, player: str, amount: int, other: str | None, each: bool) -> list[str]:
    to = [keyword, "each"] if each else [keyword, other] if other is not None else []
    return [verb, player, str(amount), *to]


def lot_words(houses: int, hotel: bool, mortgaged: bool) -> str:
    """What stands on a deed taken over from the board, as ``position ... owns`` writes it: "2 houses", "1 house",
    "hotel", "mortgaged", or "" for an unimproved lot (the set-up screen's field reads the same words)."""
    if mortgaged:
        return "mortgaged"
    if hotel:
        return "hotel"
    return f"{houses} house{'s' if houses != 1 else ''}" if houses else ""  # i18n-exempt: the command language


def _position_deed_words(a: PositionDeed) -> list[str]:
    return ["position", a.player, "owns", a.deed, lot_words(a.houses, a.hotel, a.mortgaged)]


def _query_words(q: Query) -> list[str]:
    if q.kind == "rent":
        return ["show", "rent", q.deed or "", *(["dice", str(q.dice)] if q.dice is not None else [])]
    if q.kind == "deed":
        return ["show", "deed", q.deed or ""]
    if q.kind == "count":
        houses, hotels = q.counts or (0, 0)
        return ["show", "count", str(houses), str(hotels), q.group.replace("_", " ") if q.group else ""]
    return ["show", q.kind, q.player or ""]


def write_control(c: Control) -> list[str]:
    return [c.kind, *(["to", str(c.to)] if c.to is not None else [])]


def _side_words(a: SideDeal) -> list[str]:
    """``side ann no rent Orange from Bob for 3 turns``: the payer always said (``from each``), the end when there
    is one."""
    end = (
        ["for", str(a.turns), "turns" if a.turns != 1 else "turn"]
        if a.turns
        else ["until", a.until_go, "passes", "go"]
        if a.until_go
        else []
    )
    return ["side", a.owner, str(a.share), "rent", a.what, "from", a.payer or "each", *end]
