"""Mortgaging a deed with the bank and lifting the mortgage.

seed 000, MORTGAGES: unimproved properties can be mortgaged at any time for the value printed on the deed; before an
improved one can be, every building of its colour group must be sold back (seed 001 says the same: "sell all
buildings on any color group before mortgaging any property in that group"). Lifting costs the mortgage plus 10%
interest, in whole dollars (``rules.money.rounded_tenth``, docs/rulings.md).
"""

from __future__ import annotations

from rules.actions import Mortgage, Unmortgage
from rules.board import Deed
from rules.engine import handles
from rules.errors import RuleError
from rules.i18n import _
from rules.money import active_player, check_cover, rounded_tenth, set_holding, transfer
from rules.outcome import BANK, Outcome, TransferKind
from rules.state import GameState

MORTGAGES = "seed 000, MORTGAGES"


def lift_cost(deed: Deed) -> tuple[int, int]:
    """(principal, interest) to lift the mortgage on ``deed``: its mortgage value and 10% of it, rounded to the
    nearest dollar, halves up ($75 -> $75 + $8)."""
    return deed.mortgage, rounded_tenth(deed.mortgage)


def _owned(state: GameState, index: int, deed: Deed, lift: bool) -> None:
    """Refuse a mortgage (``lift``: lifting one) of a deed the player does not own, naming its holder."""
    owner = state.deeds[deed.index].owner
    if owner != index:
        if lift:
            said = (
                _("{player} cannot lift the mortgage on {deed}: it belongs to the bank")
                if owner is None
                else _("{player} cannot lift the mortgage on {deed}: it belongs to {owner}")
            )
        else:
            said = (
                _("{player} cannot mortgage {deed}: it belongs to the bank")
                if owner is None
                else _("{player} cannot mortgage {deed}: it belongs to {owner}")
            )
        holder = state.players[owner].name if owner is not None else ""
        raise RuleError(MORTGAGES, said.format(player=state.players[index].name, deed=deed.name, owner=holder))


@handles(Mortgage)
def mortgage(state: GameState, action: Mortgage) -> Outcome:
    """The bank lends the printed mortgage value on an unmortgaged deed whose whole group has no buildings."""
    index = active_player(state, action.player)
    deed = state.deed(action.deed)
    _owned(state, index, deed, lift=False)
    if state.deeds[deed.index].mortgaged:
        raise RuleError(MORTGAGES, _("{deed} is already mortgaged").format(deed=deed.name))
    group = state.board.groups[deed.group]
    built = [state.board.deeds[i].name for i in group.deeds if state.deeds[i].level]
    if built:
        said = _("sell the buildings on the {group} group ({lots}) back to the bank before mortgaging {deed}")
        raise RuleError(MORTGAGES, said.format(group=_(group.title), lots=", ".join(built), deed=deed.name))
    state, lent = transfer(state, BANK, index, deed.mortgage, TransferKind.MORTGAGE, rule=MORTGAGES, deed=deed.name)
    state = set_holding(state, deed.index, mortgaged=True)
    name = state.players[index].name
    said = _("{player} mortgages {deed} for {amount}")
    return Outcome(state, said.format(player=name, deed=deed.name, amount=state.money(deed.mortgage)), (lent,))


@handles(Unmortgage)
def unmortgage(state: GameState, action: Unmortgage) -> Outcome:
    """Lift a mortgage: the owner repays the mortgage value plus 10% interest in cash."""
    index = active_player(state, action.player)
    deed = state.deed(action.deed)
    _owned(state, index, deed, lift=True)
    if not state.deeds[deed.index].mortgaged:
        raise RuleError(MORTGAGES, _("{deed} is not mortgaged").format(deed=deed.name))
    principal, interest = lift_cost(deed)
    money = state.money
    what = _("to lift the mortgage on {deed} ({principal} + {interest} interest)").format(
        deed=deed.name, principal=money(principal), interest=money(interest)
    )
    check_cover(state, index, principal + interest, MORTGAGES, what)  # all or nothing: both sums, or neither
    state, repaid = transfer(state, index, BANK, principal, TransferKind.UNMORTGAGE, rule=MORTGAGES, deed=deed.name)
    state, paid = transfer(state, index, BANK, interest, TransferKind.INTEREST, rule=MORTGAGES, deed=deed.name)
    state = set_holding(state, deed.index, mortgaged=False)
    name = state.players[index].name
    said = _("{player} lifts the mortgage on {deed}: {principal} + {interest} interest = {total}")
    return Outcome(
        state,
        said.format(
            player=name,
            deed=deed.name,
            principal=money(principal),
            interest=money(interest),
            total=money(principal + interest),
        ),
        (repaid, paid),
    )
