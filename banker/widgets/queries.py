"""Engine queries the widgets need, in one place, tolerant of an engine module that is still being written.

The rules engine grows in parallel with the app; a query that is missing shows as "-" instead of breaking the
table, and every other figure (cash, deeds, buildings) comes straight from the state.
"""

from __future__ import annotations

from rules import GameState


def worth(state: GameState, index: int) -> int | None:
    """A player's total worth (seed 000, "INCOME TAX" definition), or None if the engine cannot say yet."""
    try:
        from rules import valuation

        return valuation.worth(state, index).total
    except (ImportError, AttributeError):
        return None


def jail_status(state: GameState, index: int) -> str:
    """"in jail, turn 2 of 3" from the engine, or a plain "in jail" while the engine query is missing."""
    player = state.players[index]
    if player.jail is None:
        return ""
    try:
        from rules import jail

        return jail.jail_status(state, index)
    except (ImportError, AttributeError):
        return "in jail"


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
