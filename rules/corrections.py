"""Corrections: the banker puts a mistake right by moving money between a player and the bank, recorded as a
correction with its reason, never as a payment (docs/rulings.md, "Corrections").

The 18xx tools' lesson (tobymao/18xx #3763, Rails' cash corrections) is that a fix made as an ordinary payment tells
a false story: change given twice entered as ``pay ann 50`` reads as a payment Ann made, and a statistic of what she
paid or earned counts it. A correction is its own kind of money (:attr:`rules.outcome.TransferKind.CORRECTION`), so
the rent and income figures leave it out, and every place that shows the game says what it was and why.
"""

from __future__ import annotations

from rules.actions import Correction
from rules.engine import handles
from rules.errors import RuleError
from rules.i18n import N_, _
from rules.money import active_player, transfer
from rules.names import check_text
from rules.outcome import BANK, Outcome, TransferKind
from rules.state import GameState
from rules.words import MAX_AMOUNT

CORRECTION_RULE = "rulings, corrections"  # i18n-exempt: a citation of docs/rulings.md
"""docs/rulings.md, "Corrections": the books know no mistakes."""
MAX_REASON = 80
"""Characters in a correction's reason: a few words said at the table, shown on one line everywhere."""
COMMENT = "#"
"""What begins a comment on a command line (``banker.commands.lines``): the one character a reason may not hold."""


def check_reason(reason: object) -> str:
    """A reason a person can read on one line: some words, no control characters, at most :data:`MAX_REASON`."""
    if not isinstance(reason, str) or not reason.strip():
        raise RuleError(
            CORRECTION_RULE,
            _("say why: a correction is recorded with its reason (`correct ann -50 change given twice`)"),
        )
    text = " ".join(check_text(reason, N_("the reason")).split())
    if COMMENT in text:
        # The one character a reason may not hold: the command line the correction is journalled as ends at it.
        said = _('a reason may hold any character but "{comment}", which begins a comment on a command line')
        raise RuleError(CORRECTION_RULE, said.format(comment=COMMENT))
    if len(text) > MAX_REASON:
        said = _("the reason is {length} characters; say it in {most} or fewer")
        raise RuleError(CORRECTION_RULE, said.format(length=len(text), most=MAX_REASON))
    return text


@handles(Correction)
def correct(state: GameState, action: Correction) -> Outcome:
    """Move ``amount`` from the bank to the player (negative: from the player to the bank). A player cannot be
    corrected below nothing: what they owe the bank is a debt, raised as any other (seed 000, BANKRUPTCY)."""
    index = active_player(state, action.player)
    name = state.players[index].name
    amount = action.amount
    if not isinstance(amount, int) or isinstance(amount, bool) or amount == 0 or abs(amount) > MAX_AMOUNT:
        said = _("a correction moves {least} to {most} to a player (or from one, with a minus), not {amount}")
        raise RuleError(
            CORRECTION_RULE,
            said.format(least=state.money(1), most=state.money(MAX_AMOUNT), amount=repr(amount)),
        )
    reason = check_reason(action.reason)
    if reason != action.reason:
        said = _("the reason must be written as one line of words: {reason}")
        raise RuleError(CORRECTION_RULE, said.format(reason=repr(reason)))
    much = state.money(abs(amount))
    if amount > 0:
        state, t = transfer(state, BANK, index, amount, TransferKind.CORRECTION, rule=CORRECTION_RULE)
        said = _("Correction: the bank pays {player} {amount} ({reason})")
    else:
        state, t = transfer(
            state,
            index,
            BANK,
            -amount,
            TransferKind.CORRECTION,
            rule=CORRECTION_RULE,
            what=_("back to the bank for the correction ({reason})").format(reason=reason),
            debt=True,
        )
        said = _("Correction: {player} pays the bank {amount} ({reason})")
    return Outcome(state, said.format(player=name, amount=much, reason=reason), (t,))
