"""What an accepted action did: the new state, a one-line summary and the money that moved."""

from __future__ import annotations

from dataclasses import dataclass

from rules.state import GameState

BANK = "bank"
POT = "pot"
"""The Free Parking pot (house rule), when money goes to or comes from the middle."""


@dataclass(frozen=True)
class Transfer:
    """Money that moved: ``payer`` to ``payee`` (a player's name, ``BANK`` or ``POT``)."""

    payer: str
    payee: str
    amount: int
    kind: str
    """What for: rent, buy, auction, salary, tax, fine, card, build, sell, mortgage, unmortgage, interest, trade,
    bankruptcy, payment, parking, deal."""
    deed: str = ""
    """The deed's printed name when the money is for a deed (rent statistics read this)."""


@dataclass(frozen=True)
class Outcome:
    state: GameState
    summary: str
    """One line for the screen and the journal, e.g. "Bob pays Ann $100: Boardwalk, full set, unimproved, 2 x $50"."""
    transfers: tuple[Transfer, ...] = ()
