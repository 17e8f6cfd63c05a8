"""Dealing title deeds at the start of the short and time-limit games.

Seed 000, RULES for a SHORT GAME rule 1 (and seed 002, TIME LIMIT GAME): two deeds dealt to each player, who pay
the bank the printed price. Seed 003, SHORT GAME rule 1: three deeds each, free. The standard and Darrow games deal
nothing. The deal is open only before play starts (``GameState.started``); any deed owned before then was dealt.
"""

from __future__ import annotations

import random

from rules.actions import Deal, DealRandom
from rules.engine import handles
from rules.errors import RuleError
from rules.i18n import _
from rules.money import active_player, transfer
from rules.outcome import BANK, Outcome, Transfer, TransferKind
from rules.state import GameState

PAID_RULE = "seed 000, SHORT GAME rule 1"
FREE_RULE = "seed 003, SHORT GAME rule 1"


def deal_rule(state: GameState) -> str:
    return PAID_RULE if state.variant.deal_paid else FREE_RULE


def _check_open(state: GameState) -> None:
    v = state.variant
    if v.deal_count == 0:
        said = _("{variant} deals no title deeds at the start; deeds are bought or auctioned")
        raise RuleError(f"{v.seeds}", said.format(variant=_(v.title)))
    if state.started:
        raise RuleError(deal_rule(state), _("play has started: deeds are dealt only during preparation"))


def _deal_one(state: GameState, index: int, deed_index: int) -> tuple[GameState, Transfer | None]:
    deed = state.board.deeds[deed_index]
    t = None
    if state.variant.deal_paid:
        state, t = transfer(
            state,
            index,
            BANK,
            deed.price,
            TransferKind.DEAL,
            rule=PAID_RULE,
            deed=deed.name,
            what=_("for the dealt {deed}").format(deed=deed.name),
        )
    return state.with_holding(deed_index, owner=index), t


@handles(Deal)
def deal(state: GameState, action: Deal) -> Outcome:
    """Record one deed dealt by hand to a player (paid or free by variant)."""
    _check_open(state)
    index = active_player(state, action.player)  # a retired player is dealt nothing (seed 000, BANKRUPTCY)
    player = state.players[index]
    deed = state.deed(action.deed)
    holding = state.holding(deed)
    rule = deal_rule(state)
    if holding.owner is not None:
        said = _("{deed} was already dealt to {player}")
        raise RuleError(rule, said.format(deed=deed.name, player=state.players[holding.owner].name))
    count = state.variant.deal_count
    if len(state.owned_by(index)) >= count:
        said = _("{player} already has the {count} deeds {variant} deals")
        raise RuleError(rule, said.format(player=player.name, count=count, variant=_(state.variant.title)))
    state, t = _deal_one(state, index, deed.index)
    said = _("{player} is dealt {deed} and pays {price}") if t else _("{player} is dealt {deed} (free)")
    return Outcome(
        state, said.format(player=player.name, deed=deed.name, price=state.money(deed.price)), (t,) if t else ()
    )


@handles(DealRandom)
def deal_random(state: GameState, action: DealRandom) -> Outcome:
    """Shuffle the deeds with ``random.Random(seed)`` and deal them one at a time round the table, as the banker
    deals the pack; the same seed always deals the same deeds. All or nothing, only before anybody was dealt."""
    _check_open(state)
    rule = deal_rule(state)
    if any(h.owner is not None for h in state.deeds):
        raise RuleError(rule, _("some deeds are already dealt; deal the rest by hand"))
    pack = list(range(len(state.board.deeds)))
    random.Random(action.seed).shuffle(pack)
    players = state.active()
    transfers = []
    dealt: dict[int, list[str]] = {i: [] for i in players}
    for round_ in range(state.variant.deal_count):
        for k, index in enumerate(players):
            deed_index = pack[round_ * len(players) + k]
            state, t = _deal_one(state, index, deed_index)
            dealt[index].append(state.board.deeds[deed_index].name)
            if t:
                transfers.append(t)
    if state.variant.deal_paid:
        said = _("Deeds dealt from seed {seed} (paid at the printed price): {dealt}")
    else:
        said = _("Deeds dealt from seed {seed} (free): {dealt}")
    parts = "; ".join(f"{state.players[i].name}: {', '.join(names)}" for i, names in dealt.items())
    return Outcome(state, said.format(seed=action.seed, dealt=parts), tuple(transfers))
