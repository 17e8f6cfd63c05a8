"""Buying a deed from the bank at its printed price, and recording the result of an auction.

seed 000, BUYING PROPERTY: the lander may buy an unowned property at its printed price; if not, the Banker
auctions it, any player (the one who declined included) may bid, bidding may start at any price, and the buyer pays
the bid in cash. seed 001 (Darrow 1935) has no printed-price sale: every property reached is auctioned.
"""

from __future__ import annotations

from rules.actions import Auction, Buy
from rules.board import Deed
from rules.engine import handles
from rules.errors import RuleError
from rules.money import active_player, check_amount, set_holding, transfer
from rules.outcome import BANK, Outcome, TransferKind
from rules.state import GameState

BUYING = "seed 000, BUYING PROPERTY"


def check_unowned(state: GameState, deed: Deed, rule: str) -> None:
    """Refuse to sell a deed the bank no longer holds, naming who has it."""
    owner = state.deeds[deed.index].owner
    if owner is not None:
        raise RuleError(
            rule,
            f"{deed.name} already belongs to {state.players[owner].name}; only the bank's deeds are sold or auctioned",
        )


@handles(Buy)
def buy(state: GameState, action: Buy) -> Outcome:
    """The lander buys an unowned deed from the bank at its printed price (seed 000, BUYING PROPERTY)."""
    index = active_player(state, action.player)
    deed = state.deed(action.deed)
    if not state.variant.buy_at_price:
        # seed 001: "the BANK offers this property for sale at PUBLIC AUCTION to the HIGHEST BIDDER"
        raise RuleError(
            "seed 001, public auction",
            f"in {state.variant.title} every property is auctioned; record the auction of {deed.name} instead",
        )
    check_unowned(state, deed, BUYING)
    state, paid = transfer(
        state, index, BANK, deed.price, TransferKind.BUY, rule=BUYING, what=f"for {deed.name}", deed=deed.name
    )
    state = set_holding(state, deed.index, owner=index, mortgaged=False, level=0)
    name = state.players[index].name
    return Outcome(state, f"{name} buys {deed.name} from the bank for {state.money(deed.price)}", (paid,))


@handles(Auction)
def auction(state: GameState, action: Auction) -> Outcome:
    """Record who won the bank's auction of a deed and for how much (seed 000, BUYING PROPERTY; seed 001).

    Any bid from $1 is accepted and any player may win, the one who declined to buy included. The bid is paid
    to the bank in cash, so a bid the winner cannot cover is refused."""
    if state.settings.house_rules.no_auctions:
        raise RuleError(
            "house rule: no auctions", "auctions are off at this table: a declined deed stays with the bank"
        )
    index = active_player(state, action.player)
    deed = state.deed(action.deed)
    amount = check_amount(state, action.amount, BUYING, "winning bid")
    check_unowned(state, deed, BUYING)
    state, paid = transfer(
        state, index, BANK, amount, TransferKind.AUCTION, rule=BUYING, what=f"for {deed.name}", deed=deed.name
    )
    state = set_holding(state, deed.index, owner=index, mortgaged=False, level=0)
    name = state.players[index].name
    return Outcome(state, f"{name} wins {deed.name} at auction for {state.money(amount)}", (paid,))
