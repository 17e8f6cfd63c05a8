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
from rules.money import active_player, check_cover, rounded_tenth, set_holding, transfer
from rules.outcome import BANK, Outcome, TransferKind
from rules.state import GameState

MORTGAGES = "seed 000, MORTGAGES"


def lift_cost(deed: Deed) -> tuple[int, int]:
    """(principal, interest) to lift the mortgage on ``deed``: its mortgage value and 10% of it, rounded to the
    nearest dollar, halves up ($75 -> $75 + $8)."""
    return deed.mortgage, rounded_tenth(deed.mortgage)


def _owned(state: GameState, index: int, deed: Deed, verb: str) -> None:
    owner = state.deeds[deed.index].owner
    if owner != index:
        holder = "the bank" if owner is None else state.players[owner].name
        raise RuleError(MORTGAGES, f"{state.players[index].name} cannot {verb} {deed.name}: it belongs to {holder}")


@handles(Mortgage)
def mortgage(state: GameState, action: Mortgage) -> Outcome:
    """The bank lends the printed mortgage value on an unmortgaged deed whose whole group has no buildings."""
    index = active_player(state, action.player)
    deed = state.deed(action.deed)
    _owned(state, index, deed, "mortgage")
    if state.deeds[deed.index].mortgaged:
        raise RuleError(MORTGAGES, f"{deed.name} is already mortgaged")
    group = state.board.groups[deed.group]
    built = [state.board.deeds[i].name for i in group.deeds if state.deeds[i].level]
    if built:
        raise RuleError(
            MORTGAGES,
            f"sell the buildings on the {group.title} group ({', '.join(built)}) back to "
            f"the bank before mortgaging {deed.name}",
        )
    state, lent = transfer(state, BANK, index, deed.mortgage, TransferKind.MORTGAGE, rule=MORTGAGES, deed=deed.name)
    state = set_holding(state, deed.index, mortgaged=True)
    name = state.players[index].name
    return Outcome(state, f"{name} mortgages {deed.name} for {state.money(deed.mortgage)}", (lent,))


@handles(Unmortgage)
def unmortgage(state: GameState, action: Unmortgage) -> Outcome:
    """Lift a mortgage: the owner repays the mortgage value plus 10% interest in cash."""
    index = active_player(state, action.player)
    deed = state.deed(action.deed)
    _owned(state, index, deed, "lift the mortgage on")
    if not state.deeds[deed.index].mortgaged:
        raise RuleError(MORTGAGES, f"{deed.name} is not mortgaged")
    principal, interest = lift_cost(deed)
    money = state.money
    what = f"to lift the mortgage on {deed.name} ({money(principal)} + {money(interest)} interest)"
    check_cover(state, index, principal + interest, MORTGAGES, what)  # all or nothing: both sums, or neither
    state, repaid = transfer(state, index, BANK, principal, TransferKind.UNMORTGAGE, rule=MORTGAGES, deed=deed.name)
    state, paid = transfer(state, index, BANK, interest, TransferKind.INTEREST, rule=MORTGAGES, deed=deed.name)
    state = set_holding(state, deed.index, mortgaged=False)
    name = state.players[index].name
    return Outcome(
        state,
        f"{name} lifts the mortgage on {deed.name}: {money(principal)} + {money(interest)} "
        f"interest = {money(principal + interest)}",
        (repaid, paid),
    )
