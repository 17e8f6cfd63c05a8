"""What an accepted action did: the new state, a one-line summary and the money that moved."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.state import GameState

BANK = "bank"
POT = "pot"
"""The Free Parking pot (house rule), when money goes to or comes from the middle."""


class TransferKind(StrEnum):
    """What money moved for (rent statistics and the exports read it)."""

    RENT = "rent"
    BUY = "buy"
    AUCTION = "auction"
    DEAL = "deal"
    SALARY = "salary"
    TAX = "tax"
    FINE = "fine"
    CARD = "card"
    BUILD = "build"
    SELL = "sell"
    MORTGAGE = "mortgage"
    UNMORTGAGE = "unmortgage"
    INTEREST = "interest"
    TRADE = "trade"
    BANKRUPTCY = "bankruptcy"
    PAYMENT = "payment"
    PARKING = "parking"
    CORRECTION = "correction"
    """The banker putting a mistake right (rules/corrections.py): no rent, income or payment at the table."""


@dataclass(frozen=True)
class Transfer:
    """Money that moved: ``payer`` to ``payee`` (a player's name, ``BANK`` or ``POT``)."""

    payer: str
    payee: str
    amount: int
    kind: TransferKind
    deed: str = ""
    """The deed's printed name when the money is for a deed (rent statistics read this)."""


@dataclass(frozen=True)
class Outcome:
    """What an action did: the state after it, the line that says so, and the money that moved."""

    state: GameState
    summary: str
    """One line for the screen and the journal, e.g. "Bob pays Ann $100: Boardwalk, full set, unimproved, 2 x $50"."""
    transfers: tuple[Transfer, ...] = ()
