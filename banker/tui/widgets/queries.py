"""Engine queries the widgets need, asked of ``rules.queries`` (which loads each engine module when first asked, so
drawing the table does not wait for the parts of the engine it does not use)."""

from __future__ import annotations

import re
from contextvars import copy_context
from gettext import NullTranslations

from rules import Deed, GameState
from rules.i18n import N_, _, use_for_task
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
    """The jail status in a few letters ("jail 2/3", "jail: just sent"), for a line with no room for the words of
    ``rules.queries.jail_status``: the engine's own words, read in English (the language they are written in, whatever
    the banker's), say which; the short form is then said in the banker's language."""

    def in_english() -> str:
        use_for_task(NullTranslations())  # in a copy of the context: the banker's language is untouched
        return jail_status(state, index)

    words = copy_context().run(in_english)
    turn = re.fullmatch(r"in jail, turn (\d+) of (\d+)", words)
    if turn is not None:
        return _("jail {turn}/{turns}").format(turn=turn[1], turns=turn[2])
    short = SHORT_JAIL.get(words)
    if short is not None:
        return _(short)
    return words.removeprefix("in ").replace(", ", ": ")  # a status worded since: shortened as it reads


SHORT_JAIL = {
    "in jail, just sent": N_("jail: just sent"),
    "in jail, must leave this turn": N_("jail: leave now"),
    "in jail, leaves next turn": N_("jail: leaves next turn"),
}
"""The short forms of the jail statuses the engine words without a figure (seed 000, JAIL; the short games: leave the
next turn)."""
