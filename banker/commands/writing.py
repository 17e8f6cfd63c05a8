"""Writing a command as its canonical line: :func:`format`, the inverse of :func:`~banker.commands.parse`, one
writer per command type. The journal holds what it writes, whichever way the banker entered the command."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from banker.commands.kinds import Control, Query
from rules.actions import (
    Action,
    Auction,
    Bankrupt,
    Build,
    Buy,
    Card,
    Collect,
    Deal,
    DealRandom,
    End,
    EndReason,
    Go,
    Items,
    JailAction,
    JailWay,
    Mortgage,
    Next,
    Parking,
    Pay,
    Rent,
    Sell,
    ShortageAuction,
    Tax,
    Trade,
    Turn,
    Unmortgage,
)


def format(command: Action | Query | Control) -> str:  # noqa: A001 - the inverse of parse, named as its pair
    """The canonical command line for ``command``, the inverse of :func:`parse`: ``parse(format(a), state) == a``
    for every action the language can express against a state holding its players and deeds. Players and deeds
    are written as named (a deed's printed name), closed words in full and amounts as plain figures, so the
    journal reads the same whichever way the banker entered the command (typed, or through a dialog)."""
    writer = _WRITERS.get(type(command))
    if writer is None:
        raise TypeError(f"the command language has no line for {type(command).__name__}")
    return " ".join(w for w in writer(command) if w)


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


def _query_words(q: Query) -> list[str]:
    if q.kind == "rent":
        return ["show", "rent", q.deed or "", *(["dice", str(q.dice)] if q.dice is not None else [])]
    if q.kind == "deed":
        return ["show", "deed", q.deed or ""]
    if q.kind == "count":
        houses, hotels = q.counts or (0, 0)
        return ["show", "count", str(houses), str(hotels), q.group.replace("_", " ") if q.group else ""]
    return ["show", q.kind, q.player or ""]


_WRITERS: dict[type, Callable[[Any], list[str]]] = {
    Deal: lambda a: ["deal", a.player, a.deed],
    DealRandom: lambda a: ["deal", "random", str(a.seed)],
    Buy: lambda a: ["buy", a.player, a.deed],
    Auction: lambda a: ["auction", a.deed, a.player, str(a.amount)],
    Rent: lambda a: [
        "rent",
        a.payer,
        a.deed,
        *(["dice", str(a.dice)] if a.dice is not None else []),
        "card" if a.card else "",
    ],
    Pay: lambda a: _money_words("pay", "to", a.player, a.amount, a.to, a.each),
    Collect: lambda a: _money_words("collect", "from", a.player, a.amount, a.source, a.each),
    Go: lambda a: ["go", a.player, "exact" if a.exact else ""],
    Build: lambda a: ["build", a.player, a.deed, _count(a.count)],
    Sell: lambda a: ["sell", a.player, a.deed, _count(a.count)],
    ShortageAuction: lambda a: [
        "shortage",
        a.player,
        a.deed,
        str(a.count),
        "hotels" if a.hotel else "houses",
        str(a.amount),
    ],
    Mortgage: lambda a: ["mortgage", a.player, a.deed],
    Unmortgage: lambda a: ["unmortgage", a.player, a.deed],
    Tax: lambda a: ["tax", a.player, a.kind, a.option],
    Card: lambda a: ["card", a.player, a.deck, a.card],
    JailAction: lambda a: ["jail", a.player, "" if a.how == JailWay.SEND and not a.deck else a.how, a.deck],
    Trade: _trade_words,
    Bankrupt: lambda a: ["bankrupt", a.player, "to", a.creditor if a.creditor is not None else "bank"],
    Parking: lambda a: ["parking", a.player],
    Turn: lambda a: ["turn", a.player],
    Next: lambda a: ["next"],
    End: lambda a: ["end", "time" if a.reason == EndReason.TIME else ""],
    Control: lambda c: [c.kind, *(["to", str(c.to)] if c.to is not None else [])],
    Query: _query_words,
}
