"""Engine queries the widgets need, in one place; each engine module is imported when first asked, so drawing
the table does not wait for the parts of the engine it does not use."""

from __future__ import annotations

from rules import GameState


def worth(state: GameState, index: int) -> int:
    """A player's total worth (seed 000, "INCOME TAX" definition)."""
    from rules import valuation

    return valuation.worth(state, index).total


def jail_status(state: GameState, index: int) -> str:
    """ "in jail, turn 2 of 3" ("" when not in jail)."""
    if state.players[index].jail is None:
        return ""
    from rules import jail

    return jail.jail_status(state, index)


def can_raise(state: GameState, index: int) -> int:
    from rules import money

    return money.can_raise(state, index)


def building_text(state: GameState, level: int) -> str:
    """Houses as small squares and a hotel as H, so a glance across the table reads the board."""
    if level == 0:
        return ""
    if level == state.hotel_level:
        return "H"
    return "▪" * level
