"""What a side deal says and when it applies: its terms in words, the reminder a rent it covers carries, and its end
by the turn count or a GO salary (docs/rulings.md, "Side deals").

Below the engine (it imports only the state and the outcome), so the engine can end the deals an action's outcome
ends (:func:`lapse`) and the rent handler can remind (:func:`reminder`) without importing the handlers of
``rules/side_deals.py``. No money moves here: a deal is something the banker is reminded of, never a payment.
"""

from __future__ import annotations

from dataclasses import replace

from rules.board import Deed, or_list
from rules.i18n import N_, _
from rules.outcome import Outcome, TransferKind
from rules.state import GameState, StandingDeal
from rules.words import RentShare

SIDE_DEAL_RULE = "rulings, side deals"  # i18n-exempt: a citation of docs/rulings.md
"""docs/rulings.md, "Side deals": the books let an owner ask less rent or none (seed 000, RENT), never lend."""
CALLED_OFF = N_("called off")
AT_TURN = N_("turn {turn}")
PASSED_GO = N_("{player} passed GO")
OUT_OF_GAME = N_("{player} is out of the game")
"""Why a deal ended (``StandingDeal.ended``), kept in English as the state is saved; :func:`ended_said` says it in
the reader's language."""


def standing(state: GameState) -> tuple[tuple[int, StandingDeal], ...]:
    """The deals still in effect, each with its number (1 for the game's first deal)."""
    return tuple((n, d) for n, d in enumerate(state.side_deals, 1) if not d.ended)


def terms(state: GameState, deal: StandingDeal, *, end: bool = True) -> str:
    """The deal in words: "Ann asks no rent of Bob on Orange until turn 14" (``end``: with how it ends). A deal with
    each other player names them all (those still in the game), so every phone whose player it concerns shows it
    (``banker.web.pages.involving`` reads the names in a line)."""
    owner = state.players[deal.owner].name
    if deal.payer is None:
        others = tuple(p.name for i, p in enumerate(state.players) if i != deal.owner and not p.bankrupt)
        of = or_list(others, last="and") if others else _("nobody")
    else:
        of = state.players[deal.payer].name
    if deal.share is RentShare.NONE:
        said = _("{owner} asks no rent of {payers} on {what}")
    else:
        said = _("{owner} asks half rent of {payers} on {what}")
    said = said.format(owner=owner, payers=of, what=covered_said(state, deal.what))
    return f"{said} {until(state, deal)}" if end else said


def covered_said(state: GameState, what: str) -> str:
    """What a deal covers, as the reader says it: a group's title in their language, a deed's printed name."""
    group = state.board.group_named(what)
    return _(group.title) if group is not None and group.title == what else what


def until(state: GameState, deal: StandingDeal) -> str:
    """How the deal ends, in words: "until turn 14", "until Bob passes GO", "until called off"."""
    if deal.until_turn:
        return _("until turn {turn}").format(turn=deal.until_turn)
    if deal.until_go is not None:
        return _("until {player} passes GO").format(player=state.players[deal.until_go].name)
    return _("until called off")


def ended_said(state: GameState, deal: StandingDeal) -> str:
    """Why ``deal`` ended (``StandingDeal.ended``, kept in English) in the reader's language; "" while it stands."""
    why = deal.ended
    if not why or why == CALLED_OFF:
        return _(why) if why else ""
    if why == AT_TURN.format(turn=deal.until_turn):
        return _(AT_TURN).format(turn=deal.until_turn)
    for player in (p.name for p in state.players):
        for said in (PASSED_GO, OUT_OF_GAME):
            if why == said.format(player=player):
                return _(said).format(player=player)
    return why


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
            if deal.share is RentShare.HALF:
                applies = _("side deal {number} applies ({amount}): {terms}")
            else:
                applies = _("side deal {number} applies: {terms}")
            said.append(applies.format(number=number, amount=state.money(half(rent)), terms=terms(state, deal)))
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
            said = _("side deal {number} ends ({why}): {terms}")
            ended.append(
                said.format(
                    number=number, why=ended_said(state, deals[number - 1]), terms=terms(state, deal, end=False)
                )
            )
    if not ended:
        return outcome
    return replace(outcome, state=replace(state, side_deals=tuple(deals)), summary="; ".join((outcome.summary, *ended)))


def _why_over(state: GameState, deal: StandingDeal, salaried: set[str]) -> str:
    """Why ``deal`` ends now, in the state's words (English; :func:`ended_said` says it), or ""."""
    if deal.until_turn and state.turn_no >= deal.until_turn:
        return AT_TURN.format(turn=deal.until_turn)
    if deal.until_go is not None and state.players[deal.until_go].name in salaried:
        return PASSED_GO.format(player=state.players[deal.until_go].name)
    for index in (deal.owner, deal.payer, deal.until_go):
        if index is not None and state.players[index].bankrupt:
            return OUT_OF_GAME.format(player=state.players[index].name)
    return ""
