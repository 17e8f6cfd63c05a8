"""What a side deal says and when it applies: its terms in words, the reminder a rent it covers carries, and its end
by the turn count or a GO salary (docs/rulings.md, "Side deals").

Below the engine (it imports only the state and the outcome), so the engine can end the deals an action's outcome
ends (:func:`lapse`) and the rent handler can remind (:func:`reminder`) without importing the handlers of
``rules/side_deals.py``. No money moves here: a deal is something the banker is reminded of, never a payment.
"""

from __future__ import annotations

from dataclasses import replace

from rules.board import Deed
from rules.outcome import Outcome, TransferKind
from rules.state import GameState, StandingDeal
from rules.words import RentShare

SIDE_DEAL_RULE = "rulings, side deals"
"""docs/rulings.md, "Side deals": the books let an owner ask less rent or none (seed 000, RENT), never lend."""


def standing(state: GameState) -> tuple[tuple[int, StandingDeal], ...]:
    """The deals still in effect, each with its number (1 for the game's first deal)."""
    return tuple((n, d) for n, d in enumerate(state.side_deals, 1) if not d.ended)


def terms(state: GameState, deal: StandingDeal, *, end: bool = True) -> str:
    """The deal in words: "Ann asks no rent of Bob on Orange until turn 14" (``end``: with how it ends). A deal with
    each other player names them all (those still in the game), so every phone whose player it concerns shows it
    (``banker.web.pages.involving`` reads the names in a line)."""
    owner = state.players[deal.owner].name
    if deal.payer is None:
        others = [p.name for i, p in enumerate(state.players) if i != deal.owner and not p.bankrupt]
        of = " and ".join([", ".join(others[:-1]), others[-1]] if len(others) > 1 else others) or "nobody"
    else:
        of = state.players[deal.payer].name
    said = f"{owner} asks {share_words(deal.share)} of {of} on {deal.what}"
    return f"{said} {until(state, deal)}" if end else said


def share_words(share: RentShare) -> str:
    return "no rent" if share is RentShare.NONE else "half rent"


def until(state: GameState, deal: StandingDeal) -> str:
    """How the deal ends, in words: "until turn 14", "until Bob passes GO", "until called off"."""
    if deal.until_turn:
        return f"until turn {deal.until_turn}"
    if deal.until_go is not None:
        return f"until {state.players[deal.until_go].name} passes GO"
    return "until called off"


def half(amount: int) -> int:
    """Half a rent in whole money, rounded up: the owner does not lose the odd dollar of a $25 railroad."""
    return (amount + 1) // 2


def reminder(state: GameState, payer: int, deed: Deed, rent: int) -> str:
    """The deals in effect that cover ``payer``'s rent on ``deed`` (its owner the deal's owner), as a tail for the
    rent's line: "side deal 1 applies: Ann asks no rent of Bob on Orange until turn 14" ("" when none does). Half
    rent names the figure. The banker decides: the rent is recorded only if the owner asks for it."""
    owner = state.deeds[deed.index].owner
    said = []
    for number, deal in standing(state):
        if deal.owner == owner and deed.index in deal.deeds and deal.payer in (None, payer):
            figure = f" ({state.money(half(rent))})" if deal.share is RentShare.HALF else ""
            said.append(f"side deal {number} applies{figure}: {terms(state, deal)}")
    return "; ".join(said)


def lapse(outcome: Outcome) -> Outcome:
    """End the deals ``outcome`` ends: the turn count reached, its player's GO salary collected (the ``go`` verb or a
    card), or a player it names out of the game; the line says which ended."""
    state = outcome.state
    salaried = {t.payee for t in outcome.transfers if t.kind is TransferKind.SALARY}
    deals = list(state.side_deals)
    ended = []
    for number, deal in standing(state):
        why = _why_over(state, deal, salaried)
        if why:
            deals[number - 1] = replace(deal, ended=why)
            ended.append(f"side deal {number} ends ({why}): {terms(state, deal, end=False)}")
    if not ended:
        return outcome
    return replace(outcome, state=replace(state, side_deals=tuple(deals)), summary="; ".join((outcome.summary, *ended)))


def _why_over(state: GameState, deal: StandingDeal, salaried: set[str]) -> str:
    if deal.until_turn and state.turn_no >= deal.until_turn:
        return f"turn {deal.until_turn}"
    if deal.until_go is not None and state.players[deal.until_go].name in salaried:
        return f"{state.players[deal.until_go].name} passed GO"
    for index in (deal.owner, deal.payer, deal.until_go):
        if index is not None and state.players[index].bankrupt:
            return f"{state.players[index].name} is out of the game"
    return ""
