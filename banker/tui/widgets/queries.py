"""Engine queries the widgets need, asked of ``rules.queries`` (which loads each engine module when first asked, so
drawing the table does not wait for the parts of the engine it does not use)."""

from __future__ import annotations

from rules import GameState
from rules.queries import can_raise, jail_status

__all__ = ["building_text", "can_raise", "jail_status", "valuation_total"]


def valuation_total(state: GameState, index: int) -> int:
    """The figure the players' column calls a player's worth: the total of the rule book's valuation (seed 000,
    SHORT GAME rule 3: mortgaged deeds at half price), not the Income Tax basis."""
    from rules.queries import valuation

    return valuation(state, index).total


def building_text(state: GameState, level: int) -> str:
    """Houses as small squares and a hotel as H, so a glance across the table reads the board."""
    if level == 0:
        return ""
    if level == state.hotel_level:
        return "H"
    return "▪" * level
