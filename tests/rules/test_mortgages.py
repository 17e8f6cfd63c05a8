"""Mortgages (seed 000, MORTGAGES; seed 001: buildings sold before mortgaging; docs/rulings.md: whole dollars)."""

import pytest

from rules import CannotPay, Mortgage, Unmortgage
from rules.mortgages import lift_cost
from tests.kit.games import cash, game, ok, refused


@pytest.mark.parametrize(
    ("deed", "value"),
    [("Boardwalk", 200), ("Mediterranean Avenue", 30), ("Reading Railroad", 100), ("Electric Company", 75)],
    ids=[
        "seed000-MORTGAGES-street",
        "seed000-MORTGAGES-cheapest",
        "seed000-MORTGAGES-railroad",
        "seed000-MORTGAGES-utility",
    ],
)
def test_mortgage_pays_the_printed_value(deed, value):
    state = game(own={"Ann": [deed]})
    out = ok(state, Mortgage("Ann", deed))
    assert cash(out.state, "Ann") == 1500 + value
    assert out.state.holding(state.deed(deed)).mortgaged
    (t,) = out.transfers
    assert (t.payer, t.payee, t.amount, t.kind) == ("bank", "Ann", value, "mortgage")


def test_mortgage_in_a_complete_group_without_buildings():
    state = game(own={"Ann": ["Park Place", "Boardwalk"]}, mortgaged=["Park Place"])
    out = ok(state, Mortgage("Ann", "Boardwalk"))
    assert out.summary == "Ann mortgages Boardwalk for $200"


@pytest.mark.parametrize(
    ("deed", "principal", "interest"),
    [
        ("Boardwalk", 200, 20),
        ("Electric Company", 75, 8),
        ("Park Place", 175, 18),
        ("Mediterranean Avenue", 30, 3),
        ("Short Line", 100, 10),
    ],
    ids=[
        "seed000-MORTGAGES-plus-10pc",
        "rulings-Part1-75-lifts-for-83",
        "rulings-Part1-175-lifts-for-193",
        "seed000-MORTGAGES-30",
        "seed000-MORTGAGES-railroad",
    ],
)
def test_lift_mortgage(deed, principal, interest):
    assert lift_cost(game().deed(deed)) == (principal, interest)
    state = game(own={"Ann": [deed]}, mortgaged=[deed])
    out = ok(state, Unmortgage("Ann", deed))
    assert cash(out.state, "Ann") == 1500 - principal - interest
    assert not out.state.holding(state.deed(deed)).mortgaged
    kinds = [(t.kind, t.amount, t.payee) for t in out.transfers]
    assert kinds == [("unmortgage", principal, "bank"), ("interest", interest, "bank")]


def test_lift_summary():
    state = game(own={"Ann": ["Electric Company"]}, mortgaged=["Electric Company"])
    assert ok(state, Unmortgage("Ann", "electric")).summary == (
        "Ann lifts the mortgage on Electric Company: $75 + $8 interest = $83"
    )


@pytest.mark.parametrize(
    ("kw", "action", "match"),
    [
        ({"own": {"Ann": {"Park Place": 1, "Boardwalk": 1}}}, Mortgage("Ann", "Boardwalk"), "sell the buildings"),
        (
            {"own": {"Ann": {"Park Place": 1, "Boardwalk": 0}}},
            Mortgage("Ann", "Boardwalk"),
            r"Dark Blue group \(Park Place\)",
        ),
        ({"own": {"Ann": ["Boardwalk"]}, "mortgaged": ["Boardwalk"]}, Mortgage("Ann", "Boardwalk"), "already"),
        ({"own": {"Bob": ["Boardwalk"]}}, Mortgage("Ann", "Boardwalk"), "belongs to Bob"),
        ({}, Mortgage("Ann", "Boardwalk"), "belongs to the bank"),
        ({"own": {"Ann": ["Boardwalk"]}}, Unmortgage("Ann", "Boardwalk"), "is not mortgaged"),
        ({"own": {"Bob": ["Boardwalk"]}, "mortgaged": ["Boardwalk"]}, Unmortgage("Ann", "Boardwalk"), "belongs to Bob"),
        ({"own": {"Ann": ["Boardwalk"]}, "bankrupt": ["Ann"]}, Mortgage("Ann", "Boardwalk"), "bankrupt"),
    ],
    ids=[
        "seed000-MORTGAGES-improved",
        "seed001-sell-group-buildings-first",
        "already-mortgaged",
        "not-owner",
        "unowned",
        "not-mortgaged",
        "seed000-MORTGAGES-only-the-owner-lifts",
        "seed000-BANKRUPTCY-retired",
    ],
)
def test_mortgage_refusals(kw, action, match):
    refused(game(**kw), action, match=match)


def test_lifting_needs_the_cash_for_principal_and_interest():
    state = game(own={"Ann": ["Boardwalk"]}, mortgaged=["Boardwalk"], cash={"Ann": 219})
    err = refused(state, Unmortgage("Ann", "Boardwalk"), error=CannotPay, match=r"\$220")
    assert err.missing == 1
