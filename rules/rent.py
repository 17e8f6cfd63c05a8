"""Rent, computed from the state: what a lander owes for a deed, with a one-line explanation.

seed 000, PAYING RENT: the owner collects the rent printed on the title deed; nothing on a mortgaged property;
double rent on the unimproved lots of a complete colour group, even when another lot of the group is mortgaged.
Buildings charge the deed's table (seed 000, HOUSES / HOTELS; in the short games a hotel stands on 3 houses but
"Rent received for a hotel remains the same", seed 000, SHORT GAME rule 2). Railroads charge by how many the owner
holds and utilities a multiple of the dice (the printed deeds; seed 003 appendix). The Chance cards "advance to the
nearest railroad/utility" change the sum (shared/reference/cards_classic.json).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.actions import Rent
from rules.board import Deed, SquareKind
from rules.engine import handles
from rules.errors import RuleError
from rules.money import active_player, transfer
from rules.outcome import Outcome, TransferKind
from rules.state import GameState

PAYING_RENT = "seed 000, PAYING RENT"
CARD_RULE = "Chance, advance to the nearest railroad/utility"
ROLLS = range(2, 13)
"""What two dice can total (a utility's rent is a multiple of the throw)."""


def is_roll(dice: object) -> bool:
    """``dice`` is a total two dice can throw: a whole number from 2 to 12."""
    return isinstance(dice, int) and not isinstance(dice, bool) and dice in ROLLS


@dataclass(frozen=True)
class RentQuote:
    """What a lander owes: ``amount`` (0 when nothing is due) and ``explanation`` in one line, e.g.
    "Boardwalk, full set, unimproved: 2 x $50 = $100"."""

    deed: str
    """The deed's printed name."""
    owner: str | None
    """The owner's name, or None while the bank holds the deed."""
    amount: int
    explanation: str


_Reckoning = tuple[RentQuote, str, str, str]
"""A quote in parts, so that the Rent summary and the quote's explanation say the same thing: the quote, what is
charged ("Boardwalk, full set, unimproved"), the sum ("2 x $50", or "" when read straight from the deed) and the
rule that explains why nothing is due, when nothing is. A tuple: quote() is the engine's hottest path."""


def quote(
    state: GameState, deed: Deed | str, payer: int | str | None = None, dice: int | None = None, card: bool = False
) -> RentQuote:
    """The rent ``payer`` (a name or index; None: any opponent) owes on landing on ``deed``.

    ``dice`` is the total of the throw, needed for a utility (2 to 12). ``card``: the lander was sent by a Chance
    card, which doubles a railroad's rent or charges 10 x the dice on a utility whatever the owner holds. Refuses
    (RuleError) what cannot be priced: a utility without a valid dice total, or a card on a street."""
    return _reckon(state, deed, payer, dice, card)[0]


def _reckon(state: GameState, deed: Deed | str, payer: int | str | None, dice: int | None, card: bool) -> _Reckoning:
    board = state.board
    if not isinstance(deed, Deed):
        deed = board.deed(deed)
    kind = deed.kind
    if card and kind is SquareKind.STREET:
        raise RuleError(
            CARD_RULE, f"the Chance cards send players to the nearest railroad or utility, not to {deed.name}"
        )
    holding = state.deeds[deed.index]
    owner = holding.owner
    money = board.money

    def nothing(why: str, rule: str, owner_name: str | None) -> _Reckoning:
        return RentQuote(deed.name, owner_name, 0, why), why, "", rule

    if owner is None:
        return nothing(f"the bank holds {deed.name}: no rent", PAYING_RENT, None)
    owner_player = state.players[owner]
    if owner_player.bankrupt:
        return nothing(
            f"{deed.name} belongs to {owner_player.name}, who is bankrupt: no rent",
            "seed 000, BANKRUPTCY",
            owner_player.name,
        )
    if payer is not None:
        payer_index = payer if isinstance(payer, int) else state.player_index(payer)
        if payer_index == owner:
            return nothing(f"{owner_player.name} owns {deed.name}: no rent", PAYING_RENT, owner_player.name)
    if holding.mortgaged:
        return nothing(f"{deed.name} is mortgaged: no rent", "seed 000, MORTGAGES", owner_player.name)

    if kind is SquareKind.STREET:
        level = holding.level
        if level == 0:
            if all(state.deeds[i].owner == owner for i in board.groups[deed.group].deeds):
                what, calc, amount = (
                    f"{deed.name}, full set, unimproved",
                    f"2 x {money(deed.rents[0])}",
                    2 * deed.rents[0],
                )
            else:
                what, calc, amount = f"{deed.name}, unimproved", "", deed.rents[0]
        elif level >= state.hotel_level:
            what, calc, amount = f"{deed.name}, hotel", "", deed.rents[5]
        else:
            what, calc, amount = f"{deed.name}, {level} house{'s' if level > 1 else ''}", "", deed.rents[level]
    elif kind is SquareKind.RAILROAD:
        held = sum(1 for i in board.groups[deed.group].deeds if state.deeds[i].owner == owner)
        base = board.railroad_rents[held - 1]
        owned = f"{held} railroad{'s' if held > 1 else ''} owned"
        if card:
            what, calc, amount = f"{deed.name}, {owned}, Chance card", f"2 x {money(base)}", 2 * base
        else:
            what, calc, amount = f"{deed.name}, {owned}", "", base
    else:
        if dice is None:
            raise RuleError(PAYING_RENT, f"rent on {deed.name} depends on the dice: give the total thrown (2-12)")
        if not is_roll(dice):
            raise RuleError(PAYING_RENT, f"two dice total 2 to 12, not {dice!r}")
        group = board.groups[deed.group].deeds
        held = sum(1 for i in group if state.deeds[i].owner == owner)
        if card:
            # the card: "pay owner a total ten times the amount thrown", whatever the owner holds
            what, mult = f"{deed.name}, Chance card", 10
        elif held >= len(group):
            what, mult = f"{deed.name}, both utilities", board.utility_multipliers[1]
        else:
            what, mult = f"{deed.name}, one utility", board.utility_multipliers[0]
        calc, amount = f"{mult} x {dice}", mult * dice
    explanation = f"{what}: {calc} = {money(amount)}" if calc else f"{what}: {money(amount)}"
    return RentQuote(deed.name, owner_player.name, amount, explanation), what, calc, ""


@handles(Rent)
def rent(state: GameState, action: Rent) -> Outcome:
    """The payer landed on the deed and pays its owner the rent :func:`quote` computes (seed 000, PAYING RENT).

    A rent that comes to nothing is refused with the reason, so the banker learns why nobody pays."""
    payer = active_player(state, action.payer)
    deed = state.deed(action.deed)
    q, what, calc, rule = _reckon(state, deed, payer, action.dice, action.card)
    if q.amount == 0:
        raise RuleError(rule, q.explanation)
    owner = state.deeds[deed.index].owner
    assert owner is not None
    state, paid = transfer(
        state,
        payer,
        owner,
        q.amount,
        TransferKind.RENT,
        rule=PAYING_RENT,
        what=f"rent on {deed.name}",
        deed=deed.name,
        debt=True,
    )
    detail = f"{what}, {calc}" if calc else what
    return Outcome(state, f"{state.players[payer].name} pays {q.owner} {state.money(q.amount)}: {detail}", (paid,))
