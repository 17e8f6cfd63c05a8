"""Payments the rule books do not name otherwise, GO salary and the Free Parking pot (a house rule).

Every payment is whole dollars, positive and believable (``rules.money.check_amount``), goes through
``rules.money.transfer`` (a payer never goes below zero: seed 000, BANKRUPTCY) and is all or nothing: a payment to
or from "each other player" is refused whole when any one side cannot cover it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.actions import Collect, Go, Parking, Pay
from rules.decks import CardKind, deck_cards
from rules.engine import handles
from rules.errors import RuleError
from rules.i18n import N_, _
from rules.money import active_player, check_amount, check_cover, transfer
from rules.outcome import BANK, POT, Outcome, Transfer, TransferKind
from rules.rent import ROLLS
from rules.state import GameState

PAYMENT = "seed 000, THE BANK"
OWED = "seed 000, BANKRUPTCY"
"""A payment owed that the cash in hand cannot cover: "You are declared bankrupt if you owe more than you can
pay", so the player raises the money by selling buildings and mortgaging, or goes bankrupt."""
GO_RULE = "seed 000, GO"
PARKING_RULE = N_("house rule: Free Parking pot")


@dataclass(frozen=True)
class PrintedMost:
    """The most one payment printed in the game's edition moves (a phone's ``pay``/``collect`` above it is flagged
    for the banker to look at, not refused: a house rule may pay more; docs/phones.md)."""

    bank: int
    """With the bank: the GO salary (doubled under that house rule), the flat taxes, any card's pay or collect."""
    each: int
    """From or to each other player: the largest pay-each or collect-each card."""
    player: int
    """Between two players: the highest rent any square charges (a hotel on the dearest street, four railroads,
    both utilities on a throw of 12)."""

    def of(self, action: Pay | Collect) -> int:
        """The most the edition prints for this kind of payment."""
        other = action.to if isinstance(action, Pay) else action.source
        if action.each:
            return self.each
        return self.bank if other is None or other == "bank" else self.player


def printed_most(state: GameState) -> PrintedMost:
    """:class:`PrintedMost` for the game: its board's squares and deeds, its own decks, its house rules."""
    board = state.board
    cards = [c for deck in ("chance", "chest") for c in deck_cards(state.settings.cards, deck, board)]
    moves = [c.amount for c in cards if c.kind in (CardKind.COLLECT, CardKind.PAY)]
    each = [c.amount for c in cards if c.kind in (CardKind.COLLECT_EACH, CardKind.PAY_EACH)]
    salary = board.go_salary * (2 if state.settings.house_rules.double_go else 1)
    rents = [max(d.rents, default=0) for d in board.deeds]
    # The Chance "nearest" cards: twice a railroad's rent, ten times the dice at a utility (rules.rent).
    rents += [2 * max(board.railroad_rents, default=0), max((*board.utility_multipliers, 10)) * max(ROLLS)]
    return PrintedMost(
        bank=max([salary, board.income_tax, state.luxury_tax, *moves]),
        each=max(each, default=0),
        player=max(rents, default=0),
    )


def _counterpart(state: GameState, index: int, name: str | None, each: bool, pays: bool) -> list[int] | None:
    """The other side of a payment (``pays``: the player pays, else collects): None for the bank, else the players'
    indexes (every other active player for ``each``). Refuses naming both, or naming oneself."""
    if each:
        if name is not None:
            said = (
                _("pay either {player} or each other player, not both")
                if pays
                else _("collect from either {player} or each other player, not both")
            )
            raise RuleError(PAYMENT, said.format(player=name))
        others = [i for i in state.active() if i != index]
        if not others:
            raise RuleError(PAYMENT, _("there is no other player left in the game"))
        return others
    if name is None or name.casefold() == BANK:
        return None
    other = active_player(state, name)
    if other == index:
        said = _("{player} cannot pay themself") if pays else _("{player} cannot collect from themself")
        raise RuleError(PAYMENT, said.format(player=state.players[index].name))
    return [other]


def pay_each(
    state: GameState,
    index: int,
    others: list[int],
    amount: int,
    *,
    kind: TransferKind,
    rule: str,
    what: str,
    creditor: int | None = None,
) -> tuple[GameState, tuple[Transfer, ...]]:
    """``index`` pays ``amount`` to each of ``others``: the whole sum checked first, so that it is paid in full or
    not at all (to one player, that player is the creditor; to each, nobody alone is)."""
    check_cover(state, index, amount * len(others), rule, what, creditor=creditor, debt=True)
    transfers: list[Transfer] = []
    for other in others:
        state, t = transfer(state, index, other, amount, kind, rule=rule, what=what)
        transfers.append(t)
    return state, tuple(transfers)


def collect_each(
    state: GameState, index: int, others: list[int], amount: int, *, kind: TransferKind, rule: str, what: str
) -> tuple[GameState, tuple[Transfer, ...]]:
    """``index`` collects ``amount`` from each of ``others``; refused whole, naming the payer, when any of them
    cannot cover it (a debt: the raise-money dialog follows)."""
    transfers: list[Transfer] = []
    for other in others:
        state, t = transfer(state, other, index, amount, kind, rule=rule, what=what, debt=True)
        transfers.append(t)
    return state, tuple(transfers)


def go_salary(state: GameState, index: int, *, exact: bool) -> tuple[GameState, Transfer, bool]:
    """The GO salary from the bank (seed 000, "GO"), double for landing exactly on GO only under that house rule:
    the one place the salary is worked out, for the ``go`` verb and the Advance to GO cards. Returns whether it
    was doubled."""
    salary = state.board.go_salary
    double = exact and state.settings.house_rules.double_go
    if double:
        salary *= 2
    state, t = transfer(state, BANK, index, salary, TransferKind.SALARY, rule=GO_RULE)
    return state, t, double


@handles(Pay)
def pay(state: GameState, action: Pay) -> Outcome:
    """``player`` pays ``amount`` to the bank, to one player, or to each other player separately."""
    index = active_player(state, action.player)
    amount = check_amount(state, action.amount, PAYMENT)
    others = _counterpart(state, index, action.to, action.each, pays=True)
    money = state.money
    name = state.players[index].name
    if others is None:
        state, t = transfer(
            state, index, BANK, amount, TransferKind.PAYMENT, rule=OWED, what=_("to the bank"), debt=True
        )
        return Outcome(state, _("{player} pays {amount} to the bank").format(player=name, amount=money(amount)), (t,))
    total = amount * len(others)
    if action.each:
        what = _("({amount} to each of {count})").format(amount=money(amount), count=len(others))
    else:
        what = _("to {player}").format(player=state.players[others[0]].name)
    state, transfers = pay_each(
        state,
        index,
        others,
        amount,
        kind=TransferKind.PAYMENT,
        rule=OWED,
        what=what,
        creditor=None if action.each else others[0],
    )
    if action.each:
        summary = _("{player} pays {amount} to each other player: {total} in all").format(
            player=name, amount=money(amount), total=money(total)
        )
    else:
        summary = _("{player} pays {other} {amount}").format(
            player=name, other=state.players[others[0]].name, amount=money(amount)
        )
    return Outcome(state, summary, transfers)


@handles(Collect)
def collect(state: GameState, action: Collect) -> Outcome:
    """``player`` collects ``amount`` from the bank, from one player, or from each other player; refused whole,
    naming the payer, when any payer cannot cover it."""
    index = active_player(state, action.player)
    amount = check_amount(state, action.amount, PAYMENT)
    others = _counterpart(state, index, action.source, action.each, pays=False)
    money = state.money
    name = state.players[index].name
    if others is None:
        state, t = transfer(state, BANK, index, amount, TransferKind.PAYMENT, rule=PAYMENT)
        said = _("{player} collects {amount} from the bank")
        return Outcome(state, said.format(player=name, amount=money(amount)), (t,))
    state, transfers = collect_each(
        state, index, others, amount, kind=TransferKind.PAYMENT, rule=OWED, what=_("to {player}").format(player=name)
    )
    if action.each:
        summary = _("{player} collects {amount} from each other player: {total} in all").format(
            player=name, amount=money(amount), total=money(amount * len(others))
        )
    else:
        summary = _("{player} collects {amount} from {other}").format(
            player=name, amount=money(amount), other=state.players[others[0]].name
        )
    return Outcome(state, summary, transfers)


@handles(Go)
def go(state: GameState, action: Go) -> Outcome:
    """GO salary from the bank (seed 000, "GO"); double for landing exactly on GO only under that house rule."""
    index = active_player(state, action.player)
    state, t, double = go_salary(state, index, exact=action.exact)
    salary = t.amount
    name = state.players[index].name
    if double:
        said = _("{player} collects {amount} salary for landing exactly on GO (house rule: double)")
    elif action.exact:
        said = _("{player} collects {amount} salary for landing on GO")
    else:
        said = _("{player} collects {amount} salary for passing GO")
    return Outcome(state, said.format(player=name, amount=state.money(salary)), (t,))


@handles(Parking)
def parking(state: GameState, action: Parking) -> Outcome:
    """Under the Free Parking house rule the lander takes the whole pot; the bank then puts the agreed starting
    sum back in the middle. Without the house rule Free Parking pays nothing (seed 000, FREE PARKING)."""
    rules = state.settings.house_rules
    if not rules.free_parking:
        raise RuleError(
            "seed 000, FREE PARKING",
            _(
                'Free Parking pays nothing: "just a free resting place" (the Free Parking pot is a house rule that '
                "is off)"
            ),
        )
    index = active_player(state, action.player)
    pot = state.pot
    if pot <= 0:
        raise RuleError(PARKING_RULE, _("the Free Parking pot is empty"))
    state, taken = transfer(state, POT, index, pot, TransferKind.PARKING, rule=PARKING_RULE)
    transfers = [taken]
    name = state.players[index].name
    summary = _("{player} collects the Free Parking pot: {amount}").format(player=name, amount=state.money(pot))
    if rules.free_parking_start:
        state, refill = transfer(state, BANK, POT, rules.free_parking_start, TransferKind.PARKING, rule=PARKING_RULE)
        transfers.append(refill)
        summary = _(
            "{player} collects the Free Parking pot: {amount}; the bank puts {start} back in the middle"
        ).format(player=name, amount=state.money(pot), start=state.money(rules.free_parking_start))
    return Outcome(state, summary, tuple(transfers))
