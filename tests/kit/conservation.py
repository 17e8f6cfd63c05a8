"""The one conservation check (docs/architecture.md, conventions): money is only moved, never made or lost (seed 000,
THE BANK: cash + bank + pot == 0, the bank starting in debt by the players' starting cash); buildings are only moved
between the board and the bank (seed 000, EQUIPMENT: 32 houses, 12 hotels); every deed of the board is held once
(by one player or the bank)."""

from __future__ import annotations

from dataclasses import dataclass

from rules import GameState


@dataclass(frozen=True)
class Totals:
    """What a game holds in all: money (players' cash + bank + pot), houses and hotels (on the board + the bank's)."""

    money: int
    houses: int
    hotels: int


EQUIPMENT = Totals(money=0, houses=32, hotels=12)
"""A whole game's totals: no money outside the game, the box's 32 houses and 12 hotels."""


def totals(state: GameState) -> Totals:
    houses = hotels = 0
    for holding in state.deeds:
        if holding.level >= state.hotel_level:
            hotels += 1
        else:
            houses += holding.level
    return Totals(
        money=sum(p.cash for p in state.players) + state.bank + state.pot,
        houses=houses + state.houses,
        hotels=hotels + state.hotels,
    )


def conserved(state: GameState, expected: Totals = EQUIPMENT) -> bool:
    """Assert that ``state`` holds ``expected`` (the whole equipment unless a test set the bank's stock short on
    purpose: then the totals of the state it started from) and every deed once; True, so it reads in a compound
    ``assert``. Each failure names what was created or lost."""
    actual = totals(state)
    assert actual.money == expected.money, f"money created or lost: cash + bank + pot = {actual.money}"
    assert actual.houses == expected.houses, f"houses created or lost: {actual.houses}, not {expected.houses}"
    assert actual.hotels == expected.hotels, f"hotels created or lost: {actual.hotels}, not {expected.hotels}"
    assert len(state.deeds) == len(state.board.deeds), "a deed created or lost"
    players = range(len(state.players))
    assert all(h.owner is None or h.owner in players for h in state.deeds), "a deed held by nobody in the game"
    return True
