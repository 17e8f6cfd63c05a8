"""Jail: sending, the three-turn timer, the fine, doubles and Get Out of Jail Free cards (seed 000, JAIL;
seed 003, SHORT GAME rule 3). Rulings: docs/rulings.md, Part 2."""

import pytest

from rules import CannotPay, HouseRules, RuleError, apply
from rules.actions import Items, JailAction, Next, Rent, Trade, Turn
from rules.jail import JAIL_CARD_RULE, JAIL_RULE, jail_status
from tests.kit.conservation import conserved
from tests.kit.games import fresh, own, set_cash


def jailed(variant="standard", cash=1500):
    """Ann sent to jail on her turn, then the turn goes round to her again (her first turn in jail)."""

    s = set_cash(fresh(3, variant), 0, cash)
    s = apply(s, JailAction("Ann", "send")).state
    return apply(s, Turn("Ann")).state


def test_send_pays_no_salary_and_starts_the_timer_seed000_jail():
    s = fresh()
    out = apply(s, JailAction("Ann", "send"))
    assert out.state.players[0].jail.since_turn == s.turn_no
    assert out.state.players[0].cash == 1500 and not out.transfers
    assert "no salary" in out.summary
    assert jail_status(out.state, 0) == "in jail, just sent"


def test_send_twice_refused():
    s = apply(fresh(), JailAction("Ann", "send")).state
    with pytest.raises(RuleError, match="already in jail"):
        apply(s, JailAction("Ann", "send"))


def test_no_way_out_on_the_turn_sent_seed000_jail():
    s = apply(fresh(), JailAction("Ann", "send")).state
    for how in ("doubles", "fine", "miss"):
        with pytest.raises(RuleError, match="next turn"):
            apply(s, JailAction("Ann", how))


def test_not_in_jail_refused():
    with pytest.raises(RuleError, match="not in jail"):
        apply(fresh(), JailAction("Bob", "fine"))


def test_not_their_turn_refused():
    s = apply(jailed(), Next()).state
    with pytest.raises(RuleError, match="Bob's turn"):
        apply(s, JailAction("Ann", "fine"))


def test_unknown_how_refused():
    with pytest.raises(RuleError, match="not a way"):
        apply(jailed(), JailAction("Ann", "dig"))


def test_doubles_frees_without_charge_seed000_jail():
    out = apply(jailed(), JailAction("Ann", "doubles"))
    assert out.state.players[0].jail is None and out.state.players[0].cash == 1500


def test_fine_before_rolling_goes_to_bank_seed000_jail():
    s = jailed()
    out = apply(s, JailAction("Ann", "fine"))
    assert out.state.players[0].cash == 1450 and out.state.bank == s.bank + 50
    assert out.state.players[0].jail is None and conserved(out.state)


def test_fine_goes_to_pot_under_free_parking_house_rule():
    s = set_cash(fresh(3, house_rules=HouseRules(free_parking=True)), 0, 1500)
    s = apply(apply(s, JailAction("Ann", "send")).state, Turn("Ann")).state
    out = apply(s, JailAction("Ann", "fine"))
    assert out.state.pot == 50 and conserved(out.state)


def test_one_roll_per_turn():
    s = apply(jailed(), JailAction("Ann", "miss")).state
    assert jail_status(s, 0) == "in jail, turn 1 of 3"
    for how in ("miss", "doubles"):
        with pytest.raises(RuleError, match="already rolled"):
            apply(s, JailAction("Ann", how))


def test_ruling_no_fine_after_a_failed_roll_in_the_same_turn():
    s = apply(jailed(), JailAction("Ann", "miss")).state
    with pytest.raises(RuleError, match="already rolled"):
        apply(s, JailAction("Ann", "fine"))


def test_third_failed_roll_charges_the_fine_and_frees_seed000_jail():
    s = jailed()
    for turn in (1, 2):
        assert jail_status(s, 0) == f"in jail, turn {turn} of 3"
        s = apply(s, JailAction("Ann", "miss")).state
        s = apply(s, Turn("Ann")).state
    assert jail_status(s, 0) == "in jail, turn 3 of 3"
    out = apply(s, JailAction("Ann", "miss"))
    assert out.state.players[0].jail is None and out.state.players[0].cash == 1450
    assert out.transfers[0].amount == 50 and out.transfers[0].kind == "fine"


def test_ruling_fine_may_be_paid_before_rolling_on_the_third_turn():
    s = jailed()
    for _ in (1, 2):
        s = apply(apply(s, JailAction("Ann", "miss")).state, Turn("Ann")).state
    out = apply(s, JailAction("Ann", "fine"))
    assert out.state.players[0].jail is None and out.state.players[0].cash == 1450


def test_forced_fine_not_covered_is_refused_with_cannot_pay():
    s = jailed(cash=20)
    for _ in (1, 2):
        s = apply(apply(s, JailAction("Ann", "miss")).state, Turn("Ann")).state
    with pytest.raises(CannotPay) as e:
        apply(s, JailAction("Ann", "miss"))
    assert e.value.missing == 30 and "$30 missing" in e.value.message


def test_short_1990s_must_leave_next_turn_seed003_short_game_rule3():
    s = fresh(3, "short-1990s")
    s = apply(s, JailAction("Ann", "send")).state
    assert jail_status(s, 0) == "in jail, leaves next turn"
    s = apply(s, Turn("Ann")).state
    assert jail_status(s, 0) == "in jail, must leave this turn"
    out = apply(s, JailAction("Ann", "miss"))
    assert out.state.players[0].jail is None and out.state.players[0].cash == 1450


def test_card_use_returns_it_to_its_deck():
    s = jailed()
    s = s.with_player(0, jail_cards=("chance", "chest"))
    out = apply(s, JailAction("Ann", "card", deck="chest"))
    assert out.state.players[0].jail_cards == ("chance",) and out.state.players[0].jail is None
    assert out.state.players[0].cash == 1500


@pytest.mark.parametrize("how", ["pay", "fail", "failed", "go", "goto", "Fine", "SEND"])
def test_engine_takes_only_the_canonical_way_seed000_jail(how):
    """The command language reads "pay", "fail", "go" and the rest once; the engine refuses them (issue 14)."""
    with pytest.raises(RuleError, match="not a way in or out of jail") as e:
        apply(jailed(), JailAction("Ann", how))
    assert e.value.rule == JAIL_RULE


@pytest.mark.parametrize("deck", ["community chest", "cc", "Chance", "c"])
def test_engine_takes_only_the_canonical_deck(deck):
    s = jailed().with_player(0, jail_cards=("chance", "chest"))
    with pytest.raises(RuleError, match="no deck called") as e:
        apply(s, JailAction("Ann", "card", deck=deck))
    assert e.value.rule == JAIL_CARD_RULE


def test_card_not_held_refused():
    with pytest.raises(RuleError, match="holds no Get Out"):
        apply(jailed(), JailAction("Ann", "card"))
    s = jailed().with_player(0, jail_cards=("chance",))
    with pytest.raises(RuleError, match="Community Chest"):
        apply(s, JailAction("Ann", "card", deck="chest"))


def test_status_free_is_empty():
    assert jail_status(fresh(), 1) == ""


def test_a_jailed_player_still_collects_rent_and_trades_seed000_jail():
    s = own(jailed(), 0, "Boardwalk")
    s = apply(s, Rent("Bob", "Boardwalk")).state
    assert s.players[0].cash > 1500
    s = apply(s, Trade("Ann", "Cy", Items(deeds=("Boardwalk",)), Items(cash=10))).state
    assert s.holding(s.deed("Boardwalk")).owner == 2 and s.players[0].jail is not None
