"""Rent from the state (seed 000, PAYING RENT, HOUSES, HOTELS, MORTGAGES; the printed deeds; the Chance cards)."""

import pytest

from rules import Rent, RuleError
from rules.rent import RentQuote, quote
from tests.kit.games import cash, game, ok, refused

DARK_BLUE = ["Park Place", "Boardwalk"]
RAILROADS = ["Reading Railroad", "Pennsylvania Railroad", "B. & O. Railroad", "Short Line"]


@pytest.mark.parametrize(
    ("variant", "own", "mortgaged", "deed", "kw", "amount", "explanation"),
    [
        ("standard", {"Boardwalk": 0}, (), "Boardwalk", {}, 50, "Boardwalk, unimproved: $50"),
        (
            "standard",
            {"Boardwalk": 0, "Park Place": 0},
            (),
            "Boardwalk",
            {},
            100,
            "Boardwalk, full set, unimproved: 2 x $50 = $100",
        ),
        (
            "standard",
            {"Boardwalk": 0, "Park Place": 0},
            ("Park Place",),
            "Boardwalk",
            {},
            100,
            "Boardwalk, full set, unimproved: 2 x $50 = $100",
        ),
        ("standard", {"Boardwalk": 1, "Park Place": 1}, (), "Boardwalk", {}, 200, "Boardwalk, 1 house: $200"),
        ("standard", {"Boardwalk": 2, "Park Place": 2}, (), "Boardwalk", {}, 600, "Boardwalk, 2 houses: $600"),
        ("standard", {"Boardwalk": 3, "Park Place": 3}, (), "Boardwalk", {}, 1400, "Boardwalk, 3 houses: $1,400"),
        ("standard", {"Boardwalk": 4, "Park Place": 4}, (), "Boardwalk", {}, 1700, "Boardwalk, 4 houses: $1,700"),
        ("standard", {"Boardwalk": 5, "Park Place": 4}, (), "Boardwalk", {}, 2000, "Boardwalk, hotel: $2,000"),
        ("short-1973", {"Boardwalk": 3, "Park Place": 3}, (), "Boardwalk", {}, 1400, "Boardwalk, 3 houses: $1,400"),
        ("short-1973", {"Boardwalk": 4, "Park Place": 3}, (), "Boardwalk", {}, 2000, "Boardwalk, hotel: $2,000"),
        ("short-1990s", {"Boardwalk": 4, "Park Place": 4}, (), "Park Place", {}, 1500, "Park Place, hotel: $1,500"),
        (
            "standard",
            {"Oriental Avenue": 0, "Vermont Avenue": 0},
            (),
            "Oriental Avenue",
            {},
            6,
            "Oriental Avenue, unimproved: $6",
        ),
        (
            "standard",
            {"Reading Railroad": 0},
            (),
            "Reading Railroad",
            {},
            25,
            "Reading Railroad, 1 railroad owned: $25",
        ),
        (
            "standard",
            dict.fromkeys(RAILROADS[:2], 0),
            (),
            "Reading Railroad",
            {},
            50,
            "Reading Railroad, 2 railroads owned: $50",
        ),
        (
            "standard",
            dict.fromkeys(RAILROADS[:3], 0),
            (),
            "Reading Railroad",
            {},
            100,
            "Reading Railroad, 3 railroads owned: $100",
        ),
        (
            "standard",
            dict.fromkeys(RAILROADS, 0),
            ("Short Line",),
            "Reading Railroad",
            {},
            200,
            "Reading Railroad, 4 railroads owned: $200",
        ),
        ("standard", dict.fromkeys(RAILROADS[:3], 0), (), "Short Line", {"card": True}, 0, None),
        (
            "standard",
            dict.fromkeys(RAILROADS[:3], 0),
            (),
            "Reading Railroad",
            {"card": True},
            200,
            "Reading Railroad, 3 railroads owned, Chance card: 2 x $100 = $200",
        ),
        (
            "standard",
            {"Electric Company": 0},
            (),
            "Electric Company",
            {"dice": 8},
            32,
            "Electric Company, one utility: 4 x 8 = $32",
        ),
        (
            "standard",
            {"Electric Company": 0, "Water Works": 0},
            (),
            "Electric Company",
            {"dice": 8},
            80,
            "Electric Company, both utilities: 10 x 8 = $80",
        ),
        (
            "standard",
            {"Electric Company": 0, "Water Works": 0},
            ("Water Works",),
            "Electric Company",
            {"dice": 12},
            120,
            "Electric Company, both utilities: 10 x 12 = $120",
        ),
        (
            "standard",
            {"Water Works": 0},
            (),
            "Water Works",
            {"dice": 2, "card": True},
            20,
            "Water Works, Chance card: 10 x 2 = $20",
        ),
        (
            "standard",
            {"Boardwalk": 0, "Park Place": 0},
            ("Boardwalk",),
            "Boardwalk",
            {},
            0,
            "Boardwalk is mortgaged: no rent",
        ),
    ],
    ids=[
        "seed000-PAYING-RENT-base",
        "seed000-PAYING-RENT-full-set-double",
        "seed000-PAYING-RENT-double-even-with-group-lot-mortgaged",
        "seed000-HOUSES-1",
        "seed000-HOUSES-2",
        "seed000-HOUSES-3",
        "seed000-HOUSES-4",
        "seed000-HOTELS-hotel",
        "seed000-SHORT-GAME-3-houses",
        "seed000-SHORT-GAME-rule2-hotel-rent-unchanged",
        "seed003-SHORT-GAME-hotel",
        "seed000-PAYING-RENT-partial-group",
        "deed-railroad-1",
        "deed-railroad-2",
        "deed-railroad-3",
        "deed-railroad-4-mortgaged-one-still-counts",
        "chance-nearest-railroad-unowned-square",
        "chance-nearest-railroad-double",
        "deed-utility-one",
        "deed-utility-both",
        "deed-utility-both-one-mortgaged",
        "chance-nearest-utility-ten-times",
        "seed000-MORTGAGES-no-rent",
    ],
)
def test_quote(variant, own, mortgaged, deed, kw, amount, explanation):
    state = game(own={"Ann": own}, mortgaged=mortgaged, variant=variant, cash={"Bob": 5000})
    q = quote(state, deed, payer="Bob", **kw)
    assert isinstance(q, RentQuote)
    assert q.amount == amount
    if explanation:
        assert q.explanation == explanation
    if amount:
        out = ok(state, Rent("Bob", deed, **kw))
        assert cash(out.state, "Bob") == 5000 - amount
        assert cash(out.state, "Ann") == 1500 + amount
        (t,) = out.transfers
        assert (t.payer, t.payee, t.amount, t.kind, t.deed) == ("Bob", "Ann", amount, "rent", q.deed)


def test_rent_summary_reads_like_the_table():
    state = game(own={"Ann": {"Boardwalk": 0, "Park Place": 0}})
    assert ok(state, Rent("Bob", "Boardwalk")).summary == "Bob pays Ann $100: Boardwalk, full set, unimproved, 2 x $50"
    state = game(own={"Ann": {"Boardwalk": 2, "Park Place": 2}})
    assert ok(state, Rent("Bob", "boardwalk")).summary == "Bob pays Ann $600: Boardwalk, 2 houses"


def test_quote_of_unowned_deed_and_owner_landing():
    state = game(own={"Ann": ["Boardwalk"]})
    assert quote(state, "Park Place") == RentQuote("Park Place", None, 0, "the bank holds Park Place: no rent")
    q = quote(state, "Boardwalk", payer="Ann")
    assert (q.owner, q.amount, q.explanation) == ("Ann", 0, "Ann owns Boardwalk: no rent")
    assert quote(state, "Boardwalk").amount == 50  # no payer named: what any opponent would owe


@pytest.mark.parametrize(
    ("own", "mortgaged", "bankrupt", "action", "match"),
    [
        (
            {"Ann": DARK_BLUE},
            ("Boardwalk",),
            (),
            Rent("Bob", "Boardwalk"),
            r"^Boardwalk is mortgaged: no rent \(seed 000, MORTGAGES\)$",
        ),
        ({"Ann": DARK_BLUE}, (), (), Rent("Ann", "Boardwalk"), "Ann owns Boardwalk: no rent"),
        ({}, (), (), Rent("Bob", "Boardwalk"), "the bank holds Boardwalk"),
        ({"Ann": ["Electric Company"]}, (), (), Rent("Bob", "Electric Company"), "give the total thrown"),
        ({"Ann": ["Electric Company"]}, (), (), Rent("Bob", "Electric Company", dice=13), "2 to 12"),
        ({"Ann": ["Electric Company"]}, (), (), Rent("Bob", "Electric Company", dice=1), "2 to 12"),
        ({"Ann": DARK_BLUE}, (), (), Rent("Bob", "Boardwalk", card=True), "nearest railroad or utility"),
        ({"Ann": DARK_BLUE}, (), ("Bob",), Rent("Bob", "Boardwalk"), "Bob is bankrupt"),
        ({"Ann": DARK_BLUE}, (), ("Ann",), Rent("Bob", "Boardwalk"), "Ann, who is bankrupt: no rent"),
    ],
    ids=[
        "seed000-MORTGAGES-refused",
        "seed000-PAYING-RENT-own-deed",
        "seed000-PAYING-RENT-unowned",
        "deed-utility-needs-dice",
        "deed-utility-dice-too-high",
        "deed-utility-dice-too-low",
        "chance-card-on-street",
        "seed000-BANKRUPTCY-payer",
        "seed000-BANKRUPTCY-owner",
    ],
)
def test_rent_refusals(own, mortgaged, bankrupt, action, match):
    state = game(own=own, mortgaged=mortgaged, bankrupt=bankrupt)
    refused(state, action, match=match)


def test_rent_the_payer_cannot_cover_is_refused_with_what_is_missing():
    state = game(own={"Ann": {"Boardwalk": 5, "Park Place": 5}, "Bob": ["Mediterranean Avenue"]}, cash={"Bob": 100})
    err = refused(state, Rent("Bob", "Boardwalk"), match=r"\$1,900 missing")
    assert err.can_raise == 30


def test_quote_refuses_card_on_street_directly():
    with pytest.raises(RuleError, match="not to Boardwalk"):
        quote(game(), "Boardwalk", card=True)


def test_uk_rent_in_pounds():
    state = game(own={"Ann": ["Mayfair", "Park Lane"]}, edition="uk")
    assert quote(state, "mayfair").explanation == "Mayfair, full set, unimproved: 2 x £50 = £100"


def test_importing_rent_first_does_not_hide_the_other_handlers():
    """The session imports rules.rent for quote() before applying anything; every handler must still load."""

    import subprocess
    import sys

    code = (
        "from rules.rent import quote\nfrom rules import Buy, apply, new_game\n"
        "print(apply(new_game(['Ann', 'Bob']), Buy('Ann', 'Boardwalk')).summary)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "Ann buys Boardwalk from the bank for $400"
