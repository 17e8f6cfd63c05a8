"""The one error the engine raises for anything the rule books (or the board) do not allow."""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

from rules.i18n import _

_Word = TypeVar("_Word", bound=StrEnum)


class RuleError(ValueError):
    """An action the rules refuse. ``rule`` names the rule (seed and section), ``message`` says why in words;
    ``field``, where the refusal is about one field of the action (``dice`` of a utility's rent, ``deck`` of a card
    both decks have), names it, so a form can put the cursor on that field.

    The engine raises it before changing anything: states are immutable, so a refused action leaves the game
    exactly as it was.
    """

    def __init__(self, rule: str, message: str, *, field: str = "") -> None:
        # The rule is said as cited: a rule book's citation is the same in every language (a catalogue has none of
        # them); Banker's own names of a rule (``house rule: no auctions``, ``undo``) are marked N_ and said in the
        # language of the message. ``rule`` stays the English name, which code and tests compare.
        super().__init__(f"{message} ({_(rule)})" if rule else message)
        self.rule = rule
        self.message = message
        self.field = field


def canonical(kind: type[_Word], value: str, rule: str, what: str) -> _Word:
    """``value`` as a word of the closed set ``kind``. The engine takes each word only as the command language
    writes it (:mod:`banker.commands` reads the synonyms and prefixes, once), so anything else is refused under
    ``rule``, naming the words there are."""
    try:
        return kind(value)
    except ValueError:
        words = [str(w) for w in kind]
        raise RuleError(
            rule,
            _('"{value}" is not {what}; use {words} or {last}').format(
                value=value, what=_(what), words=", ".join(words[:-1]), last=words[-1]
            ),
        ) from None


class UnknownName(RuleError):
    """A player or deed name that matches nothing, or more than one thing; ``candidates`` lists the near misses,
    ``ambiguous`` says they are all names the text could be (it begins each), not guesses at a misspelling."""

    def __init__(self, message: str, candidates: tuple[str, ...] = (), ambiguous: bool = False) -> None:
        super().__init__("", message)
        self.candidates = candidates
        self.ambiguous = ambiguous


class CannotPay(RuleError):
    """A payment the payer cannot cover in cash. Carries what is missing and what the payer could raise.

    ``creditor`` is whom the payment is owed to, for a bankruptcy (seed 000, BANKRUPTCY: a debt "to another
    player or to the Bank"): a player's name, ``"bank"`` (taxes, fines, payments to the bank or the Free Parking
    pot), or None when no single creditor is owed (a purchase, a bid, a build, a trade, lifting a mortgage, or a
    payment to each other player)."""

    def __init__(
        self,
        rule: str,
        message: str,
        *,
        payer: str,
        amount: int,
        missing: int,
        can_raise: int,
        creditor: str | None = None,
        debt: bool | None = None,
    ) -> None:
        super().__init__(rule, message)
        self.payer = payer
        self.amount = amount
        self.missing = missing
        self.can_raise = can_raise
        self.creditor = creditor
        self.debt = creditor is not None if debt is None else debt
        """The payment is owed (rent, a tax, a fine, a card, a payment to each player), so the player must raise
        the money or go bankrupt; False for a choice (a purchase, a bid, a build, a trade, lifting a mortgage),
        which is simply not made."""
