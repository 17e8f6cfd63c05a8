"""Trades between two players: any bundle of deeds, cash and Get Out of Jail Free cards, validated as a whole.

Seed 000, SELLING PROPERTY: no lot of a group with buildings changes hands. Seed 000, MORTGAGES: a mortgaged deed
received costs its new owner 10% interest at once, or mortgage + 10% to lift it at once. Seed 001 (Darrow): deeds
change hands only free of mortgage. Seed 000, MISCELLANEOUS: only the bank lends, so cash for nothing is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.actions import Items, Trade
from rules.board import Deed
from rules.engine import handles
from rules.errors import RuleError
from rules.i18n import _
from rules.jail import DECK_TITLES, JAIL_CARD_RULE, deck_key
from rules.money import TRADE_CASH, check_amount, transfer
from rules.mortgages import lift_cost
from rules.outcome import BANK, Outcome, Transfer, TransferKind
from rules.state import GameState
from rules.words import Deck

TRADE_RULE = "seed 000, SELLING PROPERTY"
MORTGAGE_RULE = "seed 000, MORTGAGES"
DARROW_RULE = "seed 001 (property only transferred FREE of mortgage)"
LOAN_RULE = "seed 000, MISCELLANEOUS"


@dataclass(frozen=True)
class TakeoverTerms:
    """What a mortgaged deed costs the player who receives it in a trade, or why it cannot change hands as it is.

    Seed 000, MORTGAGES: the new owner pays 10% interest at once and may lift the mortgage then for mortgage + 10%.
    Seed 001 (Darrow): property changes hands only free of mortgage, so the owner lifts it before the trade."""

    deed: Deed
    interest: int | None
    """The 10% due at once when the new owner keeps the mortgage; None where a mortgaged deed cannot change hands."""
    lift: int
    """Mortgage + 10%: lifting it at once (standard), or before the trade by its owner (Darrow)."""
    rule: str
    refusal: str = ""
    """Why the deed cannot change hands mortgaged ("" when it can)."""


def takeover_terms(state: GameState, deed: Deed | str) -> TakeoverTerms | None:
    """The terms on which ``deed`` would change hands in a trade now; None when it is not mortgaged (no terms).
    A pure query: the trade itself charges exactly these figures and refuses exactly this."""
    deed = state.deed(deed) if isinstance(deed, str) else deed
    if not state.holding(deed).mortgaged:
        return None
    principal, interest = lift_cost(deed)
    if state.variant.transfer_free_of_mortgage:
        return TakeoverTerms(
            deed,
            None,
            principal + interest,
            DARROW_RULE,
            _(
                "{deed} is mortgaged; under Darrow's rules it must be lifted (for {amount}) before it changes hands"
            ).format(deed=deed.name, amount=state.money(principal + interest)),
        )
    return TakeoverTerms(deed, interest, principal + interest, MORTGAGE_RULE)


def _side(state: GameState, giver: int, items: Items, seen: set[int]) -> tuple[list[Deed], list[Deck]]:
    """Resolve and check one side: the giver owns each deed, no buildings in its group, holds each card."""
    name = state.players[giver].name
    deeds = []
    for text in items.deeds:
        deed = state.deed(text)
        if deed.index in seen:
            raise RuleError(TRADE_RULE, _("{deed} is named twice in the trade").format(deed=deed.name))
        seen.add(deed.index)
        holding = state.holding(deed)
        if holding.owner != giver:
            if holding.owner is None:
                said = _("{player} cannot trade {deed}: it belongs to the bank")
            else:
                said = _("{player} cannot trade {deed}: it belongs to {owner}")
            owner = "" if holding.owner is None else state.players[holding.owner].name
            raise RuleError(TRADE_RULE, said.format(player=name, deed=deed.name, owner=owner))
        group = state.board.group_of(deed)
        built = [state.board.deeds[i].name for i in group.deeds if state.deeds[i].level]
        if built:
            said = _("{deed} cannot change hands while its group has buildings ({lots}); sell them to the bank first")
            raise RuleError(TRADE_RULE, said.format(deed=deed.name, lots=", ".join(built)))
        terms = takeover_terms(state, deed)
        if terms is not None and terms.refusal:
            raise RuleError(terms.rule, terms.refusal)
        deeds.append(deed)
    cards = [deck_key(d) for d in items.jail_cards]
    held = list(state.players[giver].jail_cards)
    for deck in cards:
        if deck not in held:
            said = _("{player} does not hold the {deck} Get Out of Jail Free card")
            raise RuleError(JAIL_CARD_RULE, said.format(player=name, deck=_(DECK_TITLES[deck])))
        held.remove(deck)
    return deeds, cards


def _describe(state: GameState, deeds: list[Deed], cash: int, cards: list[Deck]) -> str:
    parts = [_("{deed} (mortgaged)").format(deed=d.name) if state.holding(d).mortgaged else d.name for d in deeds]
    if cash:
        parts.append(state.money(cash))
    parts += [_("the {deck} Get Out of Jail Free card").format(deck=_(DECK_TITLES[c])) for c in cards]
    return ", ".join(parts) if parts else _("nothing")


@handles(Trade)
def trade(state: GameState, action: Trade) -> Outcome:
    """Swap both sides at once, then charge the mortgage interest (or lift) on mortgaged deeds received."""
    a = state.player_index(action.first)
    b = state.player_index(action.second)
    pa, pb = state.players[a], state.players[b]
    if a == b:
        raise RuleError(TRADE_RULE, _("{player} cannot trade with themselves").format(player=pa.name))
    for p in (pa, pb):
        if p.bankrupt:
            raise RuleError(TRADE_RULE, _("{player} is bankrupt and out of the game").format(player=p.name))
    give, get = action.give, action.get
    for side in (give, get):  # whole dollars, positive and believable, as every other payment (a journal or the
        if side.cash != 0 or not isinstance(side.cash, int):  # Python API may hand over anything)
            check_amount(state, side.cash, TRADE_RULE, TRADE_CASH)
    if give.empty() and get.empty():
        raise RuleError(TRADE_RULE, _("an empty trade: name what each side gives"))
    if give.cash and get.cash:
        raise RuleError(TRADE_RULE, _("only one side of a trade gives cash; net the two amounts"))
    for side, other in ((give, get), (get, give)):
        if side.cash and not side.deeds and not side.jail_cards and other.empty():
            raise RuleError(
                LOAN_RULE,
                _(
                    "cash for nothing is a loan or a gift: no player may borrow from or lend money to another player "
                    "(only the bank lends, by mortgage)"
                ),
            )
    seen: set[int] = set()
    deeds_a, cards_a = _side(state, a, give, seen)
    deeds_b, cards_b = _side(state, b, get, seen)
    received = {d.index: b for d in deeds_a} | {d.index: a for d in deeds_b}
    lifts: set[int] = set()
    for text in action.lift:
        deed = state.deed(text)
        if deed.index not in received:
            said = _("{deed} is not part of this trade, so it cannot be lifted here")
            raise RuleError(MORTGAGE_RULE, said.format(deed=deed.name))
        if not state.holding(deed).mortgaged:
            raise RuleError(
                MORTGAGE_RULE, _("{deed} is not mortgaged; there is nothing to lift").format(deed=deed.name)
            )
        if deed.index in lifts:
            raise RuleError(MORTGAGE_RULE, _("{deed} is named twice to lift").format(deed=deed.name))
        lifts.add(deed.index)
    before = state
    transfers: list[Transfer] = []
    # The cash first (the giver pays from cash on hand), then the deeds and cards, then the interest.
    if give.cash:
        state, t = transfer(
            state,
            a,
            b,
            give.cash,
            TransferKind.TRADE,
            rule=TRADE_RULE,
            what=_("to {player} in the trade").format(player=pb.name),
        )
        transfers.append(t)
    if get.cash:
        state, t = transfer(
            state,
            b,
            a,
            get.cash,
            TransferKind.TRADE,
            rule=TRADE_RULE,
            what=_("to {player} in the trade").format(player=pa.name),
        )
        transfers.append(t)
    for idx, owner in received.items():
        state = state.with_holding(idx, owner=owner)
    cards_of = {a: list(pa.jail_cards), b: list(pb.jail_cards)}
    for deck in cards_a:
        cards_of[a].remove(deck)
        cards_of[b].append(deck)
    for deck in cards_b:
        cards_of[b].remove(deck)
        cards_of[a].append(deck)
    state = state.with_player(a, jail_cards=tuple(cards_of[a])).with_player(b, jail_cards=tuple(cards_of[b]))
    notes = []
    for idx, owner in received.items():
        deed = state.board.deeds[idx]
        terms = takeover_terms(before, deed)
        if terms is None:
            continue
        interest = terms.interest
        assert interest is not None  # a deed that may not change hands mortgaged was refused above
        who = state.players[owner].name
        if idx in lifts:
            cost = terms.lift
            state, t = transfer(
                state,
                owner,
                BANK,
                cost,
                TransferKind.UNMORTGAGE,
                rule=MORTGAGE_RULE,
                deed=deed.name,
                what=_("to lift the mortgage on {deed} (mortgage + 10%)").format(deed=deed.name),
            )
            state = state.with_holding(idx, mortgaged=False)
            notes.append(
                _("{player} lifts {deed} for {amount}").format(player=who, deed=deed.name, amount=state.money(cost))
            )
        else:
            state, t = transfer(
                state,
                owner,
                BANK,
                interest,
                TransferKind.INTEREST,
                rule=MORTGAGE_RULE,
                deed=deed.name,
                what=_("interest (10%) on the mortgaged {deed}").format(deed=deed.name),
            )
            said = _("{player} pays {amount} interest on {deed}")
            notes.append(said.format(player=who, amount=state.money(interest), deed=deed.name))
        transfers.append(t)
    summary = _("{first} gives {second} {given} for {got}").format(
        first=pa.name,
        second=pb.name,
        given=_describe(before, deeds_a, give.cash, cards_a),
        got=_describe(before, deeds_b, get.cash, cards_b),
    )
    if notes:
        summary += "; " + "; ".join(notes)
    return Outcome(state, summary, tuple(transfers))
