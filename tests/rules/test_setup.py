"""Dealing deeds at the start (seed 000, SHORT GAME rule 1; seed 002, TIME LIMIT GAME; seed 003, SHORT GAME rule 1)."""

import pytest

from rules import CannotPay, RuleError, apply
from rules.actions import Buy, Deal, DealRandom, Turn
from tests.kit.conservation import conserved
from tests.kit.games import fresh, refused, set_cash


@pytest.mark.parametrize("variant", ["short-1973", "time-limit"])
def test_paid_deal_seed000_short_rule1_seed002(variant):
    s = fresh(3, variant)
    out = apply(s, Deal("Ann", "Boardwalk"))
    assert out.state.holding(s.deed("Boardwalk")).owner == 0 and out.state.players[0].cash == 1100
    assert not out.state.started and conserved(out.state)


def test_free_deal_seed003_short_rule1():
    out = apply(fresh(3, "short-1990s"), Deal("Ann", "Boardwalk"))
    assert out.state.players[0].cash == 1500 and not out.transfers and "free" in out.summary


@pytest.mark.parametrize("variant", ["standard", "darrow-1935"])
def test_no_deal_in_standard_or_darrow(variant):
    with pytest.raises(RuleError, match="deals no title deeds"):
        apply(fresh(4, variant), Deal("Ann", "Boardwalk"))


def test_a_retired_player_is_dealt_nothing_seed000_bankruptcy():
    """Found by the precondition property (tests/rules/test_preconditions.py, issue 30): a free deal went to a
    bankrupt player, who "must immediately retire from the game" (seed 000, BANKRUPTCY)."""
    s = fresh(3, "short-1990s")
    s = s.with_player(2, bankrupt=True)
    refused(s, Deal("Cy", "Boardwalk"), match="Cy is bankrupt and has retired")


def test_deal_limit_and_already_dealt():
    s = apply(fresh(3, "short-1973"), Deal("Ann", "Boardwalk")).state
    with pytest.raises(RuleError, match="already dealt to Ann"):
        apply(s, Deal("Bob", "boardwalk"))
    s = apply(s, Deal("Ann", "Baltic")).state
    with pytest.raises(RuleError, match="already has the 2 deeds"):
        apply(s, Deal("Ann", "Park Place"))


def test_deal_closed_after_play_starts():
    s = apply(fresh(3, "short-1973"), Buy("Bob", "Baltic")).state
    assert s.started
    with pytest.raises(RuleError, match="play has started"):
        apply(s, Deal("Ann", "Boardwalk"))
    with pytest.raises(RuleError, match="play has started"):
        apply(s, DealRandom(1))


def test_turns_do_not_close_the_deal():
    s = apply(fresh(3, "short-1973"), Turn("Bob")).state
    assert apply(s, Deal("Ann", "Boardwalk")).state.holding(s.deed("Boardwalk")).owner == 0


def test_paid_deal_not_covered_refused():
    s = set_cash(fresh(3, "short-1973"), 0, 100)
    with pytest.raises(CannotPay):
        apply(s, Deal("Ann", "Boardwalk"))


@pytest.mark.parametrize("variant,count", [("short-1973", 2), ("time-limit", 2), ("short-1990s", 3)])
def test_random_deal_is_deterministic_and_complete(variant, count):
    s = fresh(4, variant)
    a = apply(s, DealRandom(42))
    b = apply(s, DealRandom(42))
    assert a.state == b.state and a.summary == b.summary
    for i in range(4):
        assert len(a.state.owned_by(i)) == count
    assert conserved(a.state)
    paid = [1500 - sum(d.price for d in a.state.owned_by(i)) for i in range(4)]
    expected = paid if s.variant.deal_paid else [1500] * 4
    assert [p.cash for p in a.state.players] == expected


def test_random_deals_differ_by_seed():
    s = fresh(4, "short-1990s")
    assert apply(s, DealRandom(1)).state.deeds != apply(s, DealRandom(2)).state.deeds


def test_random_deal_only_when_nobody_was_dealt():
    s = apply(fresh(3, "short-1990s"), Deal("Ann", "Boardwalk")).state
    with pytest.raises(RuleError, match="already dealt"):
        apply(s, DealRandom(3))
