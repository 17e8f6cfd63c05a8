"""Bankruptcy to a player or the bank and the game's end by variant (seed 000, BANKRUPTCY; seed 000, SHORT
GAME rule 3; seed 003, SHORT GAME rule 5; seed 001)."""

from dataclasses import replace

import pytest

from rules import CannotPay, RuleError, apply
from rules.actions import Bankrupt, Next, Turn
from rules.valuation import valuation, winner
from tests.kit.conservation import conserved
from tests.kit.games import fresh, own, set_cash


def broke(variant="standard", n=3):
    """Cy: $30 cash, Baltic with 2 houses ($50 each), Boardwalk mortgaged, the Chance jail card."""
    s = set_cash(fresh(n, variant), 2, 30)
    s = own(s, 2, "Mediterranean")
    s = own(s, 2, "Baltic", 2)
    s = own(s, 2, "Boardwalk", mortgaged=True)
    return s.with_player(2, jail_cards=("chance",))


def test_to_a_player_seed000_bankruptcy():
    s = broke()
    out = apply(s, Bankrupt("Cy", "Ann"))
    st = out.state
    cy, ann = st.players[2], st.players[0]
    assert cy.bankrupt and cy.cash == 0 and cy.jail_cards == ()
    # 2 houses back to the bank at half price ($50) to Ann, Cy's $30, then Ann pays 10% of $200 on Boardwalk
    assert ann.cash == 1500 + 50 + 30 - 20
    assert ann.jail_cards == ("chance",)
    assert all(st.holding(st.deed(d)).owner == 0 for d in ("Mediterranean", "Baltic", "Boardwalk"))
    assert st.holding(st.deed("Boardwalk")).mortgaged and st.holding(st.deed("Baltic")).level == 0
    assert st.houses == 32 and conserved(st) and st.bankruptcies == 1 and not st.over


def test_creditor_cannot_pay_interest_refused_naming_creditor():
    s = set_cash(broke(), 0, 0)
    s = replace(s, houses=s.houses + 2).with_holding(s.deed("Baltic").index, level=0)
    s = set_cash(s, 2, 0)
    with pytest.raises(CannotPay) as e:
        apply(s, Bankrupt("Cy", "Ann"))
    assert e.value.payer == "Ann"


def test_to_the_bank_seed000_bankruptcy():
    s = broke()
    out = apply(s, Bankrupt("Cy"))
    st = out.state
    assert all(h.owner is None and not h.mortgaged and h.level == 0 for h in st.deeds)
    assert st.houses == 32 and st.players[2].jail_cards == () and conserved(st)
    assert "auction" in out.summary


def test_hotel_returns_as_a_hotel():
    s = own(set_cash(fresh(), 2, 0), 2, "Park Place", fresh().hotel_level)
    st = apply(s, Bankrupt("Cy", "Ann")).state
    assert st.hotels == 12 and conserved(st) and st.players[0].cash == 1500 + 5 * 200 // 2


def test_turn_passes_on_and_skips_the_bankrupt():
    s = apply(broke(n=4), Turn("Cy")).state
    st = apply(s, Bankrupt("Cy", "Ann")).state
    assert st.turn == 3
    st = apply(apply(st, Next()).state, Next()).state
    assert st.turn == 1


def test_last_player_standing_wins_seed000():
    s = apply(broke(n=3), Bankrupt("Cy", "Ann")).state
    s = set_cash(s, 1, 0)
    out = apply(s, Bankrupt("Bob", "Ann"))
    assert out.state.over and "last player standing (Ann)" in out.state.end_reason
    assert winner(out.state) == "Ann"


def test_short_1973_second_bankruptcy_ends_with_buildings_to_creditor_seed000_short_rule3():
    s = apply(set_cash(fresh(4, "short-1973"), 3, 0), Bankrupt("Dee")).state
    assert not s.over
    s = broke("short-1973", n=4)
    s = replace(s, bankruptcies=1).with_player(3, bankrupt=True)
    s = set_cash(s, 3, 0)
    out = apply(s, Bankrupt("Cy", "Ann"))
    st = out.state
    assert st.over and st.end_reason == "second bankruptcy (Cy to Ann)"
    assert st.holding(st.deed("Baltic")).level == 2 and st.holding(st.deed("Baltic")).owner == 0
    assert st.players[0].cash == 1500 + 30 and conserved(st)  # play has ceased: no interest on Boardwalk


def second_bankruptcy_1973(ann_cash=1500):
    """Short game (1973), Dee already bankrupt: Cy ($30, Baltic with 2 houses, Boardwalk mortgaged) goes next."""
    s = broke("short-1973", n=4)
    s = set_cash(replace(s, bankruptcies=1).with_player(3, bankrupt=True), 3, 0)
    return set_cash(s, 0, ann_cash)


@pytest.mark.parametrize("ann_cash", [1500, 0], ids=["creditor-with-cash", "creditor-without-cash"])
def test_short_1973_play_ceases_no_interest_mortgaged_at_half_price_seed000_short_rule3(ann_cash):
    """seed 000, RULES for a SHORT GAME, 3: "when the second bankruptcy occurs the game ends. Play immediately
    ceases with the bankrupt player turning over to his creditor all that he has of value, including buildings";
    then "(3.) any mortgaged property owned by him at one-half price". No 10% falls due, so nothing (not even a
    creditor without cash) can hold up the end of the game."""
    out = apply(second_bankruptcy_1973(ann_cash), Bankrupt("Cy", "Ann"))
    st = out.state
    assert st.over and [t.kind for t in out.transfers] == ["bankruptcy"]
    assert st.players[0].cash == ann_cash + 30 and conserved(st)
    assert st.holding(st.deed("Boardwalk")).mortgaged and st.holding(st.deed("Boardwalk")).owner == 0
    w = valuation(st, 0)
    assert (w.deeds, w.mortgaged) == (60 + 60, 400 // 2)  # Mediterranean, Baltic; Boardwalk at half its $400
    assert w.total == ann_cash + 30 + 120 + 200 + 2 * 50
    assert "no interest" in out.summary and "interest on Boardwalk" not in out.summary


def test_short_1973_first_bankruptcy_still_charges_the_interest_seed000_bankruptcy():
    """Only the second bankruptcy ends play; at the first the creditor pays the 10% at once (seed 000,
    BANKRUPTCY): buildings sold back ($50) and Cy's $30 to Ann, who pays $20 on Boardwalk."""
    out = apply(broke("short-1973", n=4), Bankrupt("Cy", "Ann"))
    assert not out.state.over and out.state.players[0].cash == 1500 + 50 + 30 - 20
    assert [t.kind for t in out.transfers] == ["bankruptcy", "bankruptcy", "interest"]


def test_short_1973_second_bankruptcy_to_the_bank_auctions_nothing_seed000_short_rule3():
    """ "whether the creditor happens to be a rival player or the Bank": everything goes back to the bank, and
    since play has ceased the bank holds no auctions."""
    out = apply(second_bankruptcy_1973(), Bankrupt("Cy"))
    st = out.state
    assert st.over and all(h.owner is None and not h.mortgaged and h.level == 0 for h in st.deeds)
    assert "record each `auction`" not in out.summary and "nothing is auctioned" in out.summary
    assert conserved(st)


def test_short_1990s_first_bankruptcy_ends_seed003_short_rule5():
    out = apply(broke("short-1990s", n=4), Bankrupt("Cy"))
    assert out.state.over and out.state.end_reason == "first bankruptcy (Cy to the bank)"


def test_ruling_darrow_creditor_lifts_mortgages():
    s = broke("darrow-1935", n=4)
    st = apply(s, Bankrupt("Cy", "Ann")).state
    assert not st.holding(st.deed("Boardwalk")).mortgaged
    assert st.players[0].cash == 1500 + 50 + 30 - 220


def test_refusals():
    s = broke()
    with pytest.raises(RuleError, match="themselves"):
        apply(s, Bankrupt("Cy", "Cy"))
    st = apply(s, Bankrupt("Cy")).state
    with pytest.raises(RuleError, match="already bankrupt"):
        apply(st, Bankrupt("Cy"))
    with pytest.raises(RuleError, match="bankrupt"):
        apply(set_cash(st, 1, 0), Bankrupt("Bob", "Cy"))


def test_nothing_recorded_after_the_end():
    st = apply(broke("short-1990s"), Bankrupt("Cy")).state
    with pytest.raises(RuleError, match="game is over"):
        apply(st, Bankrupt("Bob"))


def test_creditor_named_bank_is_the_bank():
    st = apply(broke(), Bankrupt("Cy", "Bank")).state
    assert all(h.owner is None for h in st.deeds) and st.players[0].cash == 1500


def test_ruling_a_declared_bankruptcy_is_taken_as_declared():
    """docs/rulings.md (General): the table knows the debt, so a declared bankruptcy is recorded even when the
    player still has cash; everything of value still goes to the creditor, so no money is lost."""
    s = fresh(3)
    out = apply(s, Bankrupt("Bob", "Ann"))
    assert out.state.players[1].bankrupt and out.state.players[0].cash == 3000
    assert conserved(out.state)


def test_the_creditors_ten_percent_is_rounded_deed_by_deed_seed000_bankruptcy():
    """seed 000, BANKRUPTCY: "the new owner must at once pay the Bank the amount of interest on the loan, which is
    10% of the value of the property"; per property, so rounded deed by deed (docs/rulings.md): Electric Company and
    Water Works (mortgage $75 each) cost $8 + $8 = $16, not 10% of $150 = $15."""
    s = set_cash(fresh(3), 2, 0)
    s = own(s, 2, "Electric Company", mortgaged=True)
    s = own(s, 2, "Water Works", mortgaged=True)
    out = apply(s, Bankrupt("Cy", "Ann"))
    assert out.state.players[0].cash == 1500 - 16
    assert conserved(out.state)


def test_what_goes_to_the_creditor_is_said_in_the_right_number_seed000_bankruptcy():
    """Regression (a game-night review, 2026-11-28): a player with $0 and one deed went bankrupt and the journal said
    "Ventnor Avenue go to ann". One deed or one sum goes; several go."""
    one = own(set_cash(fresh(), 2, 0), 2, "Ventnor Avenue", mortgaged=True)
    said = apply(one, Bankrupt("Cy", "Ann")).summary
    assert "Ventnor Avenue goes to Ann" in said, said
    several = own(set_cash(fresh(), 2, 30), 2, "Ventnor Avenue")
    said = apply(several, Bankrupt("Cy", "Ann")).summary
    assert "Ventnor Avenue, $30 go to Ann" in said, said
