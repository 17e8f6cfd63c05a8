"""Raising money (rules.raising): what a player short of cash may sell back and mortgage, in an order the rules allow.

seed 000, SELLING PROPERTY (half price, evenly in reverse, hotels whole or as five houses), seed 000, MORTGAGES (the
printed mortgage value; a group's buildings sold before any lot of it is mortgaged), seed 001 (the same order). The
creditor a refused payment names is checked here too (seed 000, BANKRUPTCY: "either to another player or to the
Bank").
"""

import pytest

from rules import CannotPay, Mortgage, Sell
from rules.actions import Buy, Card, Collect, JailAction, Pay, Rent, Tax, TaxKind
from rules.money import can_raise
from rules.raising import MORTGAGE, SELL, raise_actions, raise_options, with_needs, without_dependents
from tests.kit.games import cash, game, level, ok, refused

DARROW = ("Ann", "Bob", "Cy", "Dee")


def rows(options):
    return [(o.kind, o.deed, o.count, o.amount) for o in options]


def test_unbuilt_deeds_are_mortgages_at_the_printed_value_in_board_order():
    """seed 000, MORTGAGES: "The mortgage value is printed on each Title Deed card"; a mortgaged deed raises
    nothing more."""
    state = game(
        own={"Ann": ["Boardwalk", "Reading Railroad", "Electric Company", "Baltic Avenue"]},
        mortgaged=["Electric Company"],
    )
    assert rows(raise_options(state, 0)) == [
        (MORTGAGE, "Baltic Avenue", 1, 30),
        (MORTGAGE, "Reading Railroad", 1, 100),
        (MORTGAGE, "Boardwalk", 1, 200),
    ]
    assert all(o.needs == () for o in raise_options(state, 0))


def test_houses_sell_evenly_at_half_price_before_the_group_is_mortgaged():
    """seed 000, SELLING PROPERTY: "one-half the price paid", "one by one, evenly, in reverse"; Park Place and
    Boardwalk houses cost $200, so each sells for $100. seed 000, MORTGAGES: "all the buildings on all the
    properties of its color-group must be sold back ... before any property of that color-group may be
    mortgaged"."""
    state = game(own={"Ann": {"Park Place": 2, "Boardwalk": 3}})
    options = raise_options(state, 0)
    # 3 and 2: the first from Boardwalk, the highest; then 2 and 2, ties to the lot the sale started from
    assert rows(options) == [
        (SELL, "Boardwalk", 1, 100),
        (SELL, "Boardwalk", 1, 100),
        (SELL, "Park Place", 1, 100),
        (SELL, "Boardwalk", 1, 100),
        (SELL, "Park Place", 1, 100),
        (MORTGAGE, "Park Place", 1, 175),
        (MORTGAGE, "Boardwalk", 1, 200),
    ]
    assert [o.needs for o in options[:5]] == [(), (0,), (0, 1), (0, 1, 2), (0, 1, 2, 3)]
    assert options[5].needs == options[6].needs == (0, 1, 2, 3, 4)
    assert options[4].what == "Sell the last house on Park Place"
    assert sum(o.amount for o in options) == can_raise(state, 0) == 500 + 375


def test_every_prefix_of_a_group_sale_is_one_sell_the_engine_accepts():
    state = game(own={"Ann": {"Park Place": 2, "Boardwalk": 3}})
    options = raise_options(state, 0)
    for k in range(1, 6):
        (action,) = raise_actions(state, 0, options, [k - 1])
        assert action == Sell("Ann", "Boardwalk", k)
        after = ok(state, action).state
        assert cash(after, "Ann") == 1500 + 100 * k
        sold = [o.deed for o in options[:k]]
        assert level(after, "Boardwalk") == 3 - sold.count("Boardwalk")
        assert level(after, "Park Place") == 2 - sold.count("Park Place")


def test_a_mortgage_takes_its_groups_sales_with_it():
    """Ticking the mortgage of Park Place brings in every sale of the Dark Blue group first (seed 000, MORTGAGES)."""
    state = game(own={"Ann": {"Park Place": 1, "Boardwalk": 1, "Reading Railroad": 0}})
    options = raise_options(state, 0)
    assert rows(options) == [
        (SELL, "Park Place", 1, 100),
        (SELL, "Boardwalk", 1, 100),
        (MORTGAGE, "Reading Railroad", 1, 100),
        (MORTGAGE, "Park Place", 1, 175),
        (MORTGAGE, "Boardwalk", 1, 200),
    ]
    park = 3
    assert with_needs(options, [park]) == {0, 1, park}
    actions = raise_actions(state, 0, options, [park])
    assert actions == [Sell("Ann", "Park Place", 2), Mortgage("Ann", "Park Place")]
    after = state
    for a in actions:
        after = ok(after, a).state
    assert cash(after, "Ann") == 1500 + 100 + 100 + 175
    assert without_dependents(options, {0, 1, 2, park}, 1) == {0, 2}


def test_every_groups_sales_come_before_any_mortgage():
    """Sales group by group in board order, then the mortgages in board order: recorded in list order, no mortgage
    ever meets a building of its group (seed 000, MORTGAGES)."""
    state = game(
        own={
            "Ann": {
                "Reading Railroad": 0,
                "Oriental Avenue": 1,
                "Vermont Avenue": 0,
                "Connecticut Avenue": 0,
                "Park Place": 1,
                "Boardwalk": 0,
            }
        }
    )
    options = raise_options(state, 0)
    assert rows(options) == [
        (SELL, "Oriental Avenue", 1, 25),
        (SELL, "Park Place", 1, 100),
        (MORTGAGE, "Reading Railroad", 1, 100),
        (MORTGAGE, "Oriental Avenue", 1, 50),
        (MORTGAGE, "Vermont Avenue", 1, 50),
        (MORTGAGE, "Connecticut Avenue", 1, 60),
        (MORTGAGE, "Park Place", 1, 175),
        (MORTGAGE, "Boardwalk", 1, 200),
    ]
    assert [o.needs for o in options] == [(), (), (), (0,), (0,), (0,), (1,), (1,)]
    after = state
    for a in raise_actions(state, 0, options, range(len(options))):
        after = ok(after, a).state
    assert cash(after, "Ann") == 1500 + can_raise(state, 0) == 1500 + 125 + 635


def test_hotels_break_down_as_houses_then_go_back_whole_when_the_bank_is_short():
    """seed 000, SELLING PROPERTY: "All hotels on one color-group may be sold at once. Or they may be sold one
    house at a time (one hotel equals five houses)". Brown houses cost $50, so a level sells for $25. With 4 houses
    in the bank the first hotel can come down to 4 houses; the second then cannot (the bank has none left), so the
    rest of the group goes back at once: 1 hotel and 4 houses, 9 levels, $225."""
    state = game(own={"Bob": {"Mediterranean Avenue": 5, "Baltic Avenue": 5}}, bank_houses=4)
    options = raise_options(state, 1)
    assert rows(options) == [
        (SELL, "Mediterranean Avenue", 1, 25),
        (SELL, "Mediterranean Avenue", 9, 225),
        (MORTGAGE, "Mediterranean Avenue", 1, 30),
        (MORTGAGE, "Baltic Avenue", 1, 30),
    ]
    assert options[0].what == "Sell the hotel on Mediterranean Avenue (it becomes 4 houses)"
    assert options[1].what == "Sell all at once the 1 hotel and 4 houses left on the Brown group"
    for chosen, total in (([0], 25), ([1], 250)):
        after = state
        for a in raise_actions(state, 1, options, chosen):
            after = ok(after, a).state
        assert cash(after, "Bob") == 1500 + total
    assert sum(o.amount for o in options) == can_raise(state, 1) == 250 + 60


def test_with_no_houses_in_the_bank_a_hotel_group_is_one_step():
    state = game(own={"Bob": {"Mediterranean Avenue": 5, "Baltic Avenue": 5}}, bank_houses=0)
    assert rows(raise_options(state, 1))[0] == (SELL, "Mediterranean Avenue", 10, 250)


def test_darrow_sells_a_groups_buildings_before_mortgaging_in_it():
    """seed 001: "a player must sell all buildings on any color group before mortgaging any property in that
    group"; the engine refuses the mortgage before, and the options put the sales first."""
    state = game(
        DARROW, own={"Ann": {"Oriental Avenue": 1, "Vermont Avenue": 1, "Connecticut Avenue": 1}}, variant="darrow-1935"
    )
    refused(state, Mortgage("Ann", "Vermont Avenue"), match="sell the buildings")
    options = raise_options(state, 0)
    assert [o.kind for o in options] == [SELL] * 3 + [MORTGAGE] * 3
    vermont = next(i for i, o in enumerate(options) if o.deed == "Vermont Avenue" and o.kind == MORTGAGE)
    assert options[vermont].needs == (0, 1, 2)
    after = state
    for a in raise_actions(state, 0, options, [vermont]):
        after = ok(after, a).state
    assert cash(after, "Ann") == 1500 + 3 * 25 + 50  # light blue houses $50 (half: $25); Vermont mortgage $50


def test_another_players_deeds_and_a_bankrupts_are_not_listed():
    state = game(own={"Ann": ["Boardwalk"], "Bob": ["Park Place"]})
    assert rows(raise_options(state, 1)) == [(MORTGAGE, "Park Place", 1, 175)]
    assert raise_options(game(), 0) == []


@pytest.mark.parametrize(
    ("setup", "action", "creditor"),
    [
        ({"own": {"Bob": ["Boardwalk"]}, "cash": {"Ann": 10}}, Rent("Ann", "Boardwalk"), "Bob"),
        ({"cash": {"Ann": 10}}, Pay("Ann", 50, "Cy"), "Cy"),
        ({"cash": {"Ann": 10}}, Pay("Ann", 50), "bank"),
        ({"cash": {"Ann": 10}}, Tax("Ann", TaxKind.LUXURY), "bank"),
        ({"cash": {"Cy": 5}}, Collect("Ann", 10, "Cy"), "Ann"),
        ({"cash": {"Cy": 5}}, Collect("Ann", 10, each=True), "Ann"),
        ({"cash": {"Ann": 10}}, Pay("Ann", 50, each=True), None),
        ({"cash": {"Ann": 10}}, Buy("Ann", "Boardwalk"), None),
    ],
    ids=[
        "rent-to-owner",
        "pay-to-payee",
        "pay-to-bank",
        "tax-to-bank",
        "collect-from-one",
        "collect-from-each",
        "pay-each-no-single-creditor",
        "buy-is-no-debt",
    ],
)
def test_a_refused_payment_names_its_creditor(setup, action, creditor):
    """seed 000, BANKRUPTCY: a debt "to another player" or "to the Bank ... (because of taxes or penalties)"."""
    err = refused(game(**setup), action, error=CannotPay)
    assert err.creditor == creditor


def test_cards_and_the_forced_fine_are_owed_to_the_bank_even_with_the_pot():
    """Card payments, taxes and fines go to the Free Parking pot under that house rule, but the debt is the
    bank's (seed 000, BANKRUPTCY: "owe the Bank ... because of taxes or penalties"). A card paying each player
    owes no single creditor; a fine paid by choice before rolling owes nobody, the fine after the third failed
    roll is owed (seed 000, JAIL: "he must pay the $50 fine")."""
    from rules import HouseRules
    from rules.actions import Turn

    state = game(cash={"Ann": 5}, house_rules=HouseRules(free_parking=True))
    assert refused(state, Card("Ann", "chance", "poor_tax"), error=CannotPay).creditor == "bank"
    assert refused(state, Card("Ann", "chest", "doctor_fee"), error=CannotPay).creditor == "bank"
    assert refused(state, Card("Ann", "chance", "chairman"), error=CannotPay).creditor is None
    jailed = ok(state, JailAction("Ann")).state
    jailed = ok(jailed, Turn("Ann")).state
    assert refused(jailed, JailAction("Ann", "fine"), error=CannotPay).creditor is None
    for _ in (1, 2):
        jailed = ok(ok(jailed, JailAction("Ann", "miss")).state, Turn("Ann")).state
    assert refused(jailed, JailAction("Ann", "miss"), error=CannotPay).creditor == "bank"
