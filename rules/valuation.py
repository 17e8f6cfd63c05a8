"""The *valuation*: what each player is worth when a game is valued, and the standings, by the short game's rule
(seed 000, RULES for a SHORT GAME, rule 3; the same in seed 003 rule 5 and seed 002's Time Limit Game): cash, deeds
at the printed price, mortgaged deeds at half that, houses at cost, hotels at cost including the houses turned in
for them. The screens, the phone pages and ``show worth`` call this figure a player's worth.

It is not the Income Tax *basis* (``rules.taxes.tax_basis``: the rule book's "total worth", every deed at its
printed price whether mortgaged or not, or Darrow's mortgage values), which only the tax uses.

Every variant's final standings use this one valuation, so the richest player is decided the same way everywhere.
:class:`Standing` is the one record of a player's place: the standings screen, the exports, the statistics and the
journal's ``scores`` table all show it, with the winner decided here (:func:`winner`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules.i18n import _
from rules.state import GameState


@dataclass(frozen=True)
class Valuation:
    """A player's valuation. ``houses``/``hotels`` are counts; ``buildings`` is their cost in money."""

    cash: int
    deeds: int
    """Printed prices of the unmortgaged deeds."""
    mortgaged: int
    """Half the printed prices of the mortgaged deeds."""
    houses: int
    hotels: int
    buildings: int
    total: int


@dataclass(frozen=True)
class Standing:
    """One player's place in the standings, in whole dollars (pounds on the UK board). The fields' order is the
    exports' column order (docs/exports.md)."""

    rank: int
    """1 for the richest; equal totals share a rank, bankrupt players rank below everyone still in the game."""
    name: str
    cash: int
    deeds: int
    """Unmortgaged deeds at the printed price."""
    mortgaged: int
    """Mortgaged deeds at half the printed price."""
    houses: int
    """Number of houses standing."""
    hotels: int
    """Number of hotels standing."""
    buildings: int
    """Houses and hotels at their purchase price, a hotel including the houses turned in for it."""
    total: int
    bankrupt: bool = False
    winner: bool = False
    """Set once the game is over, on the one winner (:func:`winner`); nobody's on a tie for first."""


def valuation(state: GameState, index: int) -> Valuation:
    """Value one player's cash and holdings (seed 000, SHORT GAME rule 3)."""
    cash = state.players[index].cash
    deeds = mortgaged = buildings = 0
    for d in state.owned_by(index):
        h = state.deeds[d.index]
        if h.mortgaged:
            mortgaged += d.price // 2
        else:
            deeds += d.price
        buildings += h.level * d.house_cost  # a hotel's level counts the houses turned in for it
    houses, hotels = state.houses_and_hotels(index)
    return Valuation(cash, deeds, mortgaged, houses, hotels, buildings, cash + deeds + mortgaged + buildings)


def standings(state: GameState) -> tuple[Standing, ...]:
    """Everybody ranked: the players still in the game by their valuation's total, richest first, equal totals
    sharing a rank; then the bankrupt players, below all of them, the later a player went out the higher
    (docs/rulings.md, "Bankrupt players": the books rank nobody who retired). Bankrupt players whose order is
    unknown (``Player.out_order`` 0, from an old checkpoint) share the last rank. Once the game is over, the
    winner's standing says so."""
    rows = []
    for i, p in enumerate(state.players):
        w = valuation(state, i)
        key = (1, -p.out_order) if p.bankrupt else (0, -w.total)
        rows.append((key, i, p, w))
    rows.sort(key=lambda r: (r[0], r[1]))
    out: list[Standing] = []
    prev: tuple[int, int] | None = None
    rank = 0
    for pos, (key, _i, p, w) in enumerate(rows, start=1):
        if key != prev:
            rank, prev = pos, key
        out.append(
            Standing(rank, p.name, w.cash, w.deeds, w.mortgaged, w.houses, w.hotels, w.buildings, w.total, p.bankrupt)
        )
    won = _winner(state, out) if state.over else None
    return tuple(replace(s, winner=True) if s.name == won else s for s in out)


def winner(state: GameState) -> str | None:
    """The winner's name: the last player standing, or, once the game is over, the richest by the short game's
    valuation (seed 000, SHORT GAME rule 3). None while play goes on with several players, or on a tie for first."""
    return _winner(state, None)


def _winner(state: GameState, table: Iterable[Standing] | None) -> str | None:
    left = state.active()
    if len(left) == 1:
        return state.players[left[0]].name
    if not state.over:
        return None
    return winner_of(standings(state) if table is None else table)


def winner_of(table: Iterable[Standing]) -> str | None:
    """The winner by a game's final standings: the one player ranked first who is still in the game; None on a
    tie for first (docs/rulings.md: a tie for first is nobody's win). Also how a game journalled without winner
    flags is read back."""
    top = [s.name for s in table if s.rank == 1 and not s.bankrupt]
    return top[0] if len(top) == 1 else None


def valuation_rule(state: GameState) -> str:
    """The rule book the valuation follows, for the standings' footnote."""
    said = _(
        "{rule}: cash, deeds at the printed price, mortgaged deeds at half price, houses and hotels at cost (a hotel "
        "with the {houses} houses turned in for it)"
    )
    return said.format(rule=state.variant.valuation_rule, houses=state.variant.houses_before_hotel)
