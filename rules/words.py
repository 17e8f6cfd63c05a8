"""The closed words every part of the rules shares, and the one bound on an amount: a leaf that imports nothing of
``rules``, so the data modules (the board, the decks, the variants) and the state and the actions may all name
them without importing each other."""

from __future__ import annotations

from enum import IntEnum, StrEnum

MAX_AMOUNT = 1_000_000
"""Larger sums are typing mistakes: the whole game holds about $15,000 in notes (seed 000, PREPARATION). Every
amount typed, every card's amount and every figure of an edition is at most this."""


class RulesVersion(IntEnum):
    """The rules a game is played by, as Banker enforced them when the game was created (``Settings.rules_version``).
    The books never change, but Banker may come to enforce a rule of theirs it did not check before; a game recorded
    before that holds what the rule would now refuse (a journal, a game file), and must replay as it was recorded.
    So the rule binds the games created since: each member is a step of what Banker enforces, named for the rule it
    added, and a game keeps the step it was created at (docs/rulings.md, "The rules a game was created with")."""

    FIRST = 0
    """Every game created before the versions below: what a game's settings saved without a version hold."""
    RENT_DEADLINE = 1
    """A rent asked after the second player following has thrown is refused (seed 000, PAYING RENT)."""


LATEST_RULES = int(max(RulesVersion))
"""The rules a game created now is played by."""


class Deck(StrEnum):
    """The two card decks (seed 000, "CHANCE" and "COMMUNITY CHEST"); a Get Out of Jail Free card a player holds
    is named by its deck (here, so a saved state decodes without loading the cards or the actions)."""

    CHANCE = "chance"
    CHEST = "chest"


class TaxChoice(StrEnum):
    """The Income Tax choice made before adding up (seed 000, "INCOME TAX"): the flat $200 or 10% of worth. ``200`` is
    the journal's word for the flat choice on every board (its JSON stays as it was written); the amount charged is
    the edition's figure (``Board.income_tax``), which is also how the command language types and writes it."""

    FLAT = "200"
    PERCENT = "10%"


class RentShare(StrEnum):
    """What a side deal lets an owner ask of a payer on the deeds it names (rules/side_deals.py): no rent, or half of
    it. An owner may always ask for less than is due or nothing (seed 000, RENT: the owner "may not collect his rent
    if he fails to ask for it"), never for money later: no player lends to another (seed 000, MISCELLANEOUS)."""

    NONE = "no"
    HALF = "half"
