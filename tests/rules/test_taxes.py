"""Income Tax and Luxury Tax (Super Tax on the UK board) by variant (seed 000 "INCOME TAX"; seed 001 INCOME TAX;
seed 003 SHORT GAME rule 4; seed 003 appendix for Luxury Tax/Super Tax). Rulings: docs/rulings.md, Part 2."""

import pytest

from rules import CannotPay, HouseRules, RuleError, apply
from rules.actions import Tax
from rules.taxes import income_tax_options
from tests.kit.conservation import conserved
from tests.kit.games import fresh, own, set_cash


def rich():
    """Ann: $1,500 cash, Boardwalk (mortgaged, $400 printed, $200 mortgage) and Baltic with 2 houses ($60, $50 each)."""

    s = fresh()
    s = own(s, 0, "Boardwalk", mortgaged=True)
    return own(s, 0, "Baltic", 2)


def test_income_tax_choice_required_seed000():
    with pytest.raises(RuleError, match=r"choose \$200 \(flat\) or 10% before adding up"):
        apply(fresh(), Tax("Ann", "income"))


def test_income_tax_200_option_seed000():
    out = apply(rich(), Tax("Ann", "income", "200"))
    assert out.state.players[0].cash == 1300 and conserved(out.state)


def test_income_tax_10_percent_of_total_worth_seed000():
    # worth = 1500 cash + 400 + 60 printed prices (mortgaged or not) + 2 x 50 buildings = 2060 -> $206
    opts = income_tax_options(rich(), "Ann")
    assert (opts.flat, opts.percent, opts.basis) == (200, 206, 2060)
    out = apply(rich(), Tax("Ann", "income", "10%"))
    assert out.state.players[0].cash == 1500 - 206


def test_hotel_counts_its_turned_in_houses_in_worth():
    s = own(fresh(), 0, "Boardwalk", fresh().hotel_level)
    assert income_tax_options(s, 0).basis == 1500 + 400 + 5 * 200


def test_ten_percent_rounds_halves_up():
    s = set_cash(fresh(), 0, 1535)
    assert income_tax_options(s, 0).percent == 154


def test_darrow_ten_percent_of_mortgage_values_seed001():
    s = own(fresh(4, "darrow-1935"), 0, "Boardwalk", mortgaged=True)
    s = own(s, 0, "Baltic", 2)
    opts = income_tax_options(s, 0)
    # 1500 cash + 200 + 30 mortgage values + 100 buildings = 1830 -> 183; no $200 option
    assert (opts.flat, opts.percent, opts.basis) == (None, 183, 1830)
    assert apply(s, Tax("Ann", "income")).state.players[0].cash == 1500 - 183


def test_ruling_darrow_refuses_the_200_option():
    with pytest.raises(RuleError, match="no \\$200 option"):
        apply(fresh(4, "darrow-1935"), Tax("Ann", "income", "200"))


def test_short_1990s_flat_200_seed003_rule4():
    out = apply(own(fresh(3, "short-1990s"), 0, "Boardwalk"), Tax("Ann", "income"))
    assert out.state.players[0].cash == 1300
    assert income_tax_options(fresh(3, "short-1990s"), 0).percent is None


def test_ruling_short_1990s_refuses_ten_percent():
    with pytest.raises(RuleError, match="flat \\$200"):
        apply(fresh(3, "short-1990s"), Tax("Ann", "income", "10%"))


def test_bad_option_and_kind_refused():
    with pytest.raises(RuleError, match="not an Income Tax option"):
        apply(fresh(), Tax("Ann", "income", "300"))
    with pytest.raises(RuleError, match="not a tax square"):
        apply(fresh(), Tax("Ann", "water"))


@pytest.mark.parametrize("settings,expected", [({}, 100), ({"luxury_tax": 75}, 75)])
def test_luxury_tax(settings, expected):
    out = apply(fresh(3, **settings), Tax("Ann", "luxury"))
    assert out.state.players[0].cash == 1500 - expected


@pytest.mark.parametrize(
    ("edition", "name", "money"),
    [("us", "Luxury Tax", "$100"), ("uk", "Super Tax", "£100")],
    ids=["seed003-appendix-us-luxury-tax", "seed003-appendix-uk-super-tax"],
)
def test_the_100_tax_is_named_as_the_editions_board_prints_it(edition, name, money):
    """seed 003, appendix: "Luxury Tax/Super Tax": the same square and figure, named by the board data."""
    out = apply(fresh(3, edition=edition), Tax("Ann", "luxury"))
    assert out.summary == f"Ann pays {name} of {money} to the bank"
    assert out.state.players[0].cash == 1400
    with pytest.raises(CannotPay, match=name):
        apply(set_cash(fresh(3, edition=edition), 0, 50), Tax("Ann", "luxury"))


def test_darrow_luxury_tax_75():
    assert apply(fresh(4, "darrow-1935"), Tax("Ann", "luxury")).state.players[0].cash == 1425


def test_tax_to_pot_under_free_parking():
    out = apply(fresh(3, house_rules=HouseRules(free_parking=True)), Tax("Ann", "luxury"))
    assert out.state.pot == 100 and conserved(out.state)


def test_tax_not_covered_refused():
    s = set_cash(fresh(), 0, 50)
    with pytest.raises(CannotPay) as e:
        apply(s, Tax("Ann", "income", "200"))
    assert e.value.missing == 150


def test_the_tax_basis_is_not_the_valuation_seed000():
    """Two figures the rule books both call worth: Income Tax's "total worth" counts a mortgaged deed at its printed
    price (seed 000, "INCOME TAX"); the short game's valuation at half of it (seed 000, SHORT GAME rule 3)."""
    from rules.taxes import tax_basis
    from rules.valuation import valuation

    s = own(fresh(), 0, "Boardwalk", mortgaged=True)
    assert tax_basis(s, 0) == tax_basis(s, "Ann") == 1500 + 400
    assert valuation(s, 0).total == 1500 + 200


@pytest.mark.parametrize("kind", ["super", "supertax", "luxurytax", "incometax", "Income"])
def test_engine_takes_only_the_canonical_tax_square(kind):
    """The command language reads "super" and the rest once; the engine refuses them (issue 14)."""
    with pytest.raises(RuleError, match="not a tax square"):
        apply(fresh(), Tax("Ann", kind, "200"))


@pytest.mark.parametrize("option", ["flat", "10", "percent", "pc", "none"])
def test_engine_takes_only_the_canonical_income_tax_choice_seed000(option):
    with pytest.raises(RuleError, match="not an Income Tax option") as e:
        apply(fresh(), Tax("Ann", "income", option))
    assert e.value.rule == 'seed 000, "INCOME TAX"'
