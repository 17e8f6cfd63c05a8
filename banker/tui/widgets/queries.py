"""Engine queries the widgets need, asked of ``rules.queries`` (which loads each engine module when first asked, so
drawing the table does not wait for the parts of the engine it does not use)."""

from __future__ import annotations

from rules import Deed, GameState
from rules.queries import buildings_on, jail_status, valuation

__all__ = ["building_text", "jail_short", "jail_status", "valuation_total"]


def valuation_total(state: GameState, index: int) -> int:
    """The figure the players' column calls a player's worth: the total of the rule book's valuation (seed 000,
    SHORT GAME rule 3: mortgaged deeds at half price), not the Income Tax basis."""
    return valuation(state, index).total


def building_text(state: GameState, deed: Deed) -> str:
    """Houses as small squares and a hotel as H, so a glance across the table reads the board (what stands on the
    deed is the engine's answer, ``rules.queries.buildings_on``)."""
    houses, hotel = buildings_on(state, deed)
    return "H" if hotel else "▪" * houses


def jail_short(state: GameState, index: int) -> str:
    """The jail status in a few letters ("jail 2/3", "jail: just sent"), for a line with no room for its words: the
    engine's own short form, in the banker's language."""
    return jail_status(state, index, short=True)
