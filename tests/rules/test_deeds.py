"""Buying deeds at the printed price and recording auctions (seed 000, BUYING PROPERTY; seed 001)."""

import pytest

from rules import Auction, Buy, CannotPay, HouseRules, UnknownName
from tests.kit.games import cash, game, ok, refused


@pytest.mark.parametrize(
    ("deed", "price"),
    [
        ("Boardwalk", 400),
        ("Mediterranean Avenue", 60),
        ("Reading Railroad", 200),
        ("Water Works", 150),
        ("st charles", 140),
    ],
    ids=[
        "seed000-BUYING-boardwalk",
        "seed000-BUYING-mediterranean",
        "seed000-BUYING-railroad",
        "seed000-BUYING-utility",
        "seed000-BUYING-by-alias",
    ],
)
def test_buy_at_printed_price(deed, price):
    state = game()
    out = ok(state, Buy("Ann", deed))
    d = state.deed(deed)
    assert cash(out.state, "Ann") == 1500 - price
    assert out.state.holding(d).owner == 0
    assert out.summary == f"Ann buys {d.name} from the bank for ${price}"
    (t,) = out.transfers
    assert (t.payer, t.payee, t.amount, t.kind, t.deed) == ("Ann", "bank", price, "buy", d.name)


def test_buy_refused_when_owned_names_owner():
    state = game(own={"Bob": ["Boardwalk"]})
    refused(state, Buy("Ann", "Boardwalk"), match="Boardwalk already belongs to Bob")


def test_buy_refused_in_darrow_every_property_is_auctioned():
    state = game(("Ann", "Bob", "Cy", "Di"), variant="darrow-1935")
    err = refused(state, Buy("Ann", "Boardwalk"), match="auction")
    assert err.rule.startswith("seed 001")


def test_buy_refused_without_the_cash():
    state = game(cash={"Ann": 399})
    err = refused(state, Buy("Ann", "Boardwalk"), error=CannotPay)
    assert err.missing == 1 and err.payer == "Ann"


@pytest.mark.parametrize(
    ("action", "error", "match"),
    [
        (Buy("Zed", "Boardwalk"), UnknownName, "no player"),
        (Buy("Ann", "Boardwok"), UnknownName, "Boardwalk"),
        (Buy("Ann", "penn"), UnknownName, "could be"),
        (Buy("Bob", "Boardwalk"), None, "bankrupt"),
    ],
    ids=["unknown-player", "misspelt-deed", "ambiguous-deed", "seed000-BANKRUPTCY-bankrupt-cannot-buy"],
)
def test_buy_bad_input(action, error, match):
    state = game(bankrupt=["Bob"])
    refused(state, action, match=match, **({"error": error} if error else {}))


@pytest.mark.parametrize(
    ("player", "amount"),
    [("Ann", 1), ("Bob", 250), ("Ann", 1500)],
    ids=["seed000-BUYING-bidding-from-1", "seed000-BUYING-any-bidder", "seed000-BUYING-all-cash"],
)
def test_auction_result(player, amount):
    state = game()
    out = ok(state, Auction("Boardwalk", player, amount))
    assert out.state.holding(state.deed("Boardwalk")).owner == state.player_index(player)
    assert cash(out.state, player) == 1500 - amount
    assert out.summary == f"{player} wins Boardwalk at auction for ${amount:,}"
    assert out.transfers[0].kind == "auction" and out.transfers[0].deed == "Boardwalk"


def test_auction_allowed_in_darrow():
    state = game(("Ann", "Bob", "Cy", "Di"), variant="darrow-1935")
    out = ok(state, Auction("Boardwalk", "Di", 120))
    assert out.state.holding(state.deed("Boardwalk")).owner == 3


@pytest.mark.parametrize(
    ("state_kw", "action", "match"),
    [
        ({}, Auction("Boardwalk", "Ann", 0), "more than"),
        ({}, Auction("Boardwalk", "Ann", -5), "more than"),
        ({}, Auction("Boardwalk", "Ann", 2_000_000), "believable"),
        ({}, Auction("Boardwalk", "Ann", 12.5), "whole number"),  # type: ignore[arg-type]  # a wrong type on purpose: the engine refuses it
        ({"cash": {"Ann": 100}}, Auction("Boardwalk", "Ann", 101), "missing"),
        ({"own": {"Cy": ["Boardwalk"]}}, Auction("Boardwalk", "Ann", 10), "belongs to Cy"),
        ({"house_rules": HouseRules(no_auctions=True)}, Auction("Boardwalk", "Ann", 10), "auctions are off"),
    ],
    ids=[
        "zero-bid",
        "negative-bid",
        "absurd-bid",
        "fractional-bid",
        "seed000-BUYING-bid-in-cash",
        "seed000-BUYING-owned-deed",
        "house-rule-no-auctions",
    ],
)
def test_auction_refusals(state_kw, action, match):
    refused(game(**state_kw), action, match=match)
