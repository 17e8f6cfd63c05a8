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
from rules.i18n import N_, _
from rules.money import BID, active_player, check_amount, set_holding, transfer
from rules.outcome import BANK, Outcome, TransferKind
from rules.state import GameState

BUYING = "seed 000, BUYING PROPERTY"
NO_AUCTIONS = N_("house rule: no auctions")


def check_unowned(state: GameState, deed: Deed, rule: str) -> None:
    """Refuse to sell a deed the bank no longer holds, naming who has it."""
    owner = state.deeds[deed.index].owner
    if owner is not None:
        raise RuleError(
            rule,
            _("{deed} already belongs to {owner}; only the bank's deeds are sold or auctioned").format(
                deed=deed.name, owner=state.players[owner].name
            ),
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
            _("in {variant} every property is auctioned; record the auction of {deed} instead").format(
                variant=_(state.variant.title), deed=deed.name
            ),
        )
    check_unowned(state, deed, BUYING)
    state, paid = transfer(
        state,
        index,
        BANK,
        deed.price,
        TransferKind.BUY,
        rule=BUYING,
        what=_("for {deed}").format(deed=deed.name),
        deed=deed.name,
    )
    state = set_holding(state, deed.index, owner=index, mortgaged=False, level=0)
    name = state.players[index].name
    said = _("{player} buys {deed} from the bank for {price}")
    return Outcome(state, said.format(player=name, deed=deed.name, price=state.money(deed.price)), (paid,))


@handles(Auction)
def auction(state: GameState, action: Auction) -> Outcome:
    """Record who won the bank's auction of a deed and for how much (seed 000, BUYING PROPERTY; seed 001).

    Any bid from $1 is accepted and any player may win, the one who declined to buy included. The bid is paid
    to the bank in cash, so a bid the winner cannot cover is refused."""
    if state.settings.house_rules.no_auctions:
        raise RuleError(NO_AUCTIONS, _("auctions are off at this table: a declined deed stays with the bank"))
    index = active_player(state, action.player)
    deed = state.deed(action.deed)
    amount = check_amount(state, action.amount, BUYING, BID)
    check_unowned(state, deed, BUYING)
    state, paid = transfer(
        state,
        index,
        BANK,
        amount,
        TransferKind.AUCTION,
        rule=BUYING,
        what=_("for {deed}").format(deed=deed.name),
        deed=deed.name,
    )
    state = set_holding(state, deed.index, owner=index, mortgaged=False, level=0)
    name = state.players[index].name
    said = _("{player} wins {deed} at auction for {price}")
    return Outcome(state, said.format(player=name, deed=deed.name, price=state.money(amount)), (paid,))
