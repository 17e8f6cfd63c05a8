"""Income Tax and Luxury Tax (Super Tax on the UK board), by the variant's rule book.

Each tax is named as its square is printed on the game's board (``Board.square_name``), so a UK game's journal and
summaries say "Super Tax" where a US game's say "Luxury Tax" (seed 003, appendix: "Luxury Tax/Super Tax").

Income Tax is the one charge with a choice in it: $200 (the edition's flat figure: ``Board.income_tax``, 4.000 DM on
the Deutsche Mark board) or 10% of total worth, chosen *before* adding up (seed 000,
"INCOME TAX"), so the action must carry the choice; :func:`income_tax_options` lets the app show both figures on
demand (after the choice is made at the table). That "total worth" is the tax *basis* (:func:`tax_basis`: every deed
at its printed price, mortgaged or not), not the valuation the standings use (``rules.valuation``: mortgaged deeds
at half price). Darrow's 1935 rules know only the 10% (of cash + mortgage values +
buildings, seed 001, INCOME TAX), and the 1990s short game charges a flat $200 (seed 003, SHORT GAME rule 4).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.actions import Tax, TaxKind
from rules.board import SquareKind
from rules.engine import handles
from rules.errors import RuleError, canonical
from rules.i18n import N_, _
from rules.money import rounded_tenth, to_bank_or_pot, to_payee, transfer
from rules.outcome import Outcome, TransferKind
from rules.state import GameState
from rules.words import TaxChoice

INCOME_RULE = 'seed 000, "INCOME TAX"'
DARROW_RULE = "seed 001, INCOME TAX"
FLAT_RULE = "seed 003, SHORT GAME rule 4"
LUXURY_RULE = "seed 003, appendix (Luxury Tax/Super Tax)"


@dataclass(frozen=True)
class TaxOptions:
    """What Income Tax would cost a player now: ``flat`` ($200 option or the flat tax; None when there is none),
    ``percent`` (10% of ``basis``; None when there is no 10% option), ``basis`` (what the 10% is of:
    :func:`tax_basis`) and the rule followed."""

    flat: int | None
    percent: int | None
    basis: int
    rule: str


def buildings_cost(state: GameState, index: int) -> int:
    """What the player's buildings cost: every level at the lot's house price (a hotel counts its turned-in houses,
    seed 000, "INCOME TAX": "cost price of all buildings")."""
    return sum(state.deeds[d.index].level * d.house_cost for d in state.owned_by(index))


def tax_basis(state: GameState, player: str | int) -> int:
    """What the 10% Income Tax is of: cash, the printed prices of all deeds, mortgaged or not, and the cost of
    buildings (seed 000, "INCOME TAX": "total worth"); in Darrow's rules the mortgage values of all deeds instead of
    their prices (seed 001, INCOME TAX). Not the valuation (``rules.valuation``)."""
    index = player if isinstance(player, int) else state.player_index(player)
    owned = state.owned_by(index)
    if state.variant.income_tax_at_mortgage_values:
        deeds = sum(d.mortgage for d in owned)  # mortgage values of all deeds, mortgaged or not
    else:
        deeds = sum(d.price for d in owned)  # printed prices, mortgaged or not
    return state.players[index].cash + deeds + buildings_cost(state, index)


def income_tax_options(state: GameState, player: str | int) -> TaxOptions:
    """Both Income Tax figures for a player under the game's variant."""
    index = player if isinstance(player, int) else state.player_index(player)
    variant = state.variant
    basis = tax_basis(state, index)
    if variant.income_tax_at_mortgage_values:
        return TaxOptions(None, rounded_tenth(basis), basis, DARROW_RULE)
    if TaxChoice.PERCENT not in variant.income_tax_choices:
        return TaxOptions(state.board.income_tax, None, basis, FLAT_RULE)
    return TaxOptions(state.board.income_tax, rounded_tenth(basis), basis, INCOME_RULE)


@handles(Tax)
def tax(state: GameState, action: Tax) -> Outcome:
    """Charge Income Tax or Luxury Tax to the bank (or the Free Parking pot under that house rule)."""
    index = state.player_index(action.player)
    player = state.players[index]
    if player.bankrupt:
        raise RuleError(INCOME_RULE, _("{player} is bankrupt and out of the game").format(player=player.name))
    kind = canonical(TaxKind, action.kind, INCOME_RULE, N_("a tax square"))
    money = state.money
    payee = to_bank_or_pot(state)
    if kind is TaxKind.LUXURY:
        luxury = state.luxury_tax
        name = state.board.square_name(SquareKind.LUXURY_TAX)
        state2, t = transfer(state, index, payee, luxury, TransferKind.TAX, rule=LUXURY_RULE, what=name, debt=True)
        said = _("{player} pays {tax} of {amount} {to_payee}")
        return Outcome(
            state2, said.format(player=player.name, tax=name, amount=money(luxury), to_payee=to_payee(payee)), (t,)
        )
    opts = income_tax_options(state, index)
    choice = canonical(TaxChoice, action.option, INCOME_RULE, N_("an Income Tax option")) if action.option else None
    offered = state.variant.income_tax_choices
    if offered == (TaxChoice.FLAT,):
        # seed 003, SHORT GAME rule 4: a flat $200; asking for 10% is refused so nobody thinks it was applied.
        if choice is TaxChoice.PERCENT:
            raise RuleError(
                FLAT_RULE,
                _("in the 1990s short game Income Tax is a flat {amount}; there is no 10% option").format(
                    amount=money(state.board.income_tax)
                ),
            )
        amount, said = opts.flat, _("{player} pays the flat {amount} Income Tax {to_payee}")
    elif offered == (TaxChoice.PERCENT,):
        if choice is TaxChoice.FLAT:
            raise RuleError(
                DARROW_RULE,
                _(
                    "Darrow's rules have no {amount} option: Income Tax is 10% of cash, the mortgage values of all "
                    "deeds and the cost of buildings"
                ).format(amount=money(state.board.income_tax)),
            )
        amount = opts.percent
        said = _("{player} pays 10% of {basis} (cash, mortgage values, buildings): {amount} Income Tax {to_payee}")
    else:
        if not choice:
            raise RuleError(
                INCOME_RULE,
                _("choose {amount} (flat) or 10% before adding up (the rule book asks for the choice first)").format(
                    amount=money(state.board.income_tax)
                ),
            )
        if choice is TaxChoice.FLAT:
            amount, said = opts.flat, _("{player} pays the {amount} Income Tax {to_payee}")
        else:
            amount, said = opts.percent, _("{player} pays 10% of {basis} total worth: {amount} Income Tax {to_payee}")
    assert amount is not None
    state2, t = transfer(state, index, payee, amount, TransferKind.TAX, rule=opts.rule, what=_("Income Tax"), debt=True)
    summary = said.format(player=player.name, basis=money(opts.basis), amount=money(amount), to_payee=to_payee(payee))
    return Outcome(state2, summary, (t,))
