"""Side deals about rent (rules/side_deals.py, docs/rulings.md "Side deals"): recorded with their end, said with a
rent they cover, ended by the turn count, a GO salary, a bankruptcy or the banker; no money moves by a deal."""

from __future__ import annotations

import pytest

from rules import CannotPay, GameState, RuleError, apply, new_game
from rules.actions import Action, Bankrupt, Buy, Card, EndSideDeal, Go, Next, Pay, PositionDeed, Rent, SideDeal, Turn
from rules.codec import state_from_dict, state_to_dict
from rules.words import Deck, RentShare
from tests.kit.conservation import conserved

NO, HALF = RentShare.NONE, RentShare.HALF


def play(*actions: Action, names: tuple[str, ...] = ("Ann", "Bob", "Cy")) -> tuple[GameState, list[str]]:
    state = new_game(list(names))
    said = []
    for action in actions:
        outcome = apply(state, action)
        assert conserved(outcome.state)
        state = outcome.state
        said.append(outcome.summary)
    return state, said


OWNS_DARK_BLUE = (Buy("Ann", "Boardwalk"), Buy("Ann", "Park Place"))


def test_a_deal_moves_no_money_and_is_said_in_words():
    before, _ = play(*OWNS_DARK_BLUE)
    state, said = play(*OWNS_DARK_BLUE, SideDeal("Ann", NO, "Dark Blue", "Bob", turns=3))
    assert [p.cash for p in state.players] == [p.cash for p in before.players]
    assert (state.bank, state.pot) == (before.bank, before.pot)
    assert said[-1] == "Side deal 1: Ann asks no rent of Bob on Dark Blue until turn 5 (no money moves by it)"


def test_seed_000_rent_the_owner_may_let_rent_go_the_reminder_rides_on_the_rent_the_banker_records():
    """seed 000, RENT: the owner must ask; the deal reminds, the banker records what the owner asks."""
    _, said = play(*OWNS_DARK_BLUE, SideDeal("Ann", NO, "Dark Blue", "Bob"), Rent("Bob", "Boardwalk"))
    assert said[-1] == (
        "Bob pays Ann $100: Boardwalk, full set, unimproved, 2 x $50; "
        "side deal 1 applies: Ann asks no rent of Bob on Dark Blue until called off"
    )


def test_half_rent_names_the_half_rounded_up_and_covers_every_other_player():
    _, said = play(
        Buy("Ann", "Reading Railroad"), SideDeal("Ann", HALF, "Railroads", None, until_go="Bob"), Rent("Cy", "Reading")
    )
    assert said[-1].endswith(
        "side deal 1 applies ($13): Ann asks half rent of Bob and Cy on Railroads until Bob passes GO"
    )


def test_a_deal_covers_only_its_payer_its_deeds_and_its_owner():
    state, said = play(
        *OWNS_DARK_BLUE,
        Buy("Ann", "Reading Railroad"),
        SideDeal("Ann", NO, "Boardwalk", "Bob"),
        Rent("Cy", "Boardwalk"),  # another payer
        Rent("Bob", "Park Place"),  # another deed
        Rent("Bob", "Reading Railroad"),
    )
    assert not any("side deal" in s for s in said[-3:])


def test_for_n_turns_counts_the_turns_after_the_one_it_is_made_in():
    state, said = play(*OWNS_DARK_BLUE, SideDeal("Ann", NO, "Dark Blue", "Bob", turns=2), Next(), Rent("Bob", "Park"))
    assert "side deal 1 applies" in said[-1]
    state, said = play(*OWNS_DARK_BLUE, SideDeal("Ann", NO, "Dark Blue", "Bob", turns=2), Next(), Turn("Ann"))
    assert said[-1] == "Ann's turn (turn 3)"
    state, said = play(
        *OWNS_DARK_BLUE, SideDeal("Ann", NO, "Dark Blue", "Bob", turns=2), Next(), Next(), Next(), Rent("Bob", "Park")
    )
    assert said[-2] == "Ann's turn (turn 4); side deal 1 ends (turn 4): Ann asks no rent of Bob on Dark Blue"
    assert "side deal" not in said[-1]
    assert state.side_deals[0].ended == "turn 4"


@pytest.mark.parametrize("salary", [Go("Bob"), Card("Bob", Deck.CHANCE, "advance_to_go")], ids=["go", "card"])
def test_until_a_player_passes_go_ends_at_their_salary_by_the_verb_or_a_card(salary):
    state, said = play(Buy("Ann", "Boardwalk"), SideDeal("Ann", HALF, "Boardwalk", "Cy", until_go="Bob"), Go("Cy"))
    assert "ends" not in said[-1]
    state, said = play(Buy("Ann", "Boardwalk"), SideDeal("Ann", HALF, "Boardwalk", "Cy", until_go="Bob"), salary)
    assert said[-1].endswith("; side deal 1 ends (Bob passed GO): Ann asks half rent of Cy on Boardwalk")
    assert not apply(state, Rent("Cy", "Boardwalk")).summary.count("side deal")


def test_called_off_by_its_number_and_not_twice():
    state, said = play(*OWNS_DARK_BLUE, SideDeal("Ann", NO, "Dark Blue", "Bob"), EndSideDeal(1))
    assert said[-1] == "Side deal 1 is called off: Ann asks no rent of Bob on Dark Blue until called off"
    with pytest.raises(RuleError, match="no side deal 1 is in effect"):
        apply(state, EndSideDeal(1))


def test_a_bankruptcy_ends_the_deals_of_the_player_out():
    state, said = play(*OWNS_DARK_BLUE, SideDeal("Ann", NO, "Dark Blue", "Bob"), Bankrupt("Bob", "Ann"))
    assert said[-1].endswith("side deal 1 ends (Bob is out of the game): Ann asks no rent of Bob on Dark Blue")


@pytest.mark.parametrize(
    ("action", "why"),
    [
        (SideDeal("Ann", NO, "Dark Blue", "Ann"), "themselves"),
        (SideDeal("Bob", NO, "Dark Blue", "Ann"), "Bob holds nothing of Dark Blue"),
        (SideDeal("Ann", NO, "Dark Blue", "Bob", turns=101), "1 to 100 turns"),
        (SideDeal("Ann", NO, "Dark Blue", "Bob", turns=2, until_go="Bob"), "ends one way"),
        (SideDeal("Ann", "quarter", "Dark Blue", "Bob"), "no rent or half rent"),  # type: ignore[arg-type]
        (EndSideDeal(1), "none"),
    ],
)
def test_a_deal_that_is_not_one_is_refused_naming_the_rule(action, why):
    state, _ = play(*OWNS_DARK_BLUE)
    with pytest.raises(RuleError, match=why) as refused:
        apply(state, action)
    assert refused.value.rule == "rulings, side deals"


def test_deals_in_effect_are_bounded():
    state, _ = play(*OWNS_DARK_BLUE, *[SideDeal("Ann", NO, "Boardwalk", "Bob")] * 20)
    with pytest.raises(RuleError, match="20 side deals are in effect"):
        apply(state, SideDeal("Ann", NO, "Boardwalk", "Bob"))
    assert len(apply(apply(state, EndSideDeal(3)).state, SideDeal("Ann", NO, "Boardwalk", "Bob")).state.side_deals)


def test_a_deal_is_no_move_a_position_taken_over_stays_open_after_it():
    fresh = apply(new_game(["Ann", "Bob"]), PositionDeed("Ann", "Boardwalk")).state
    made = apply(fresh, SideDeal("Ann", NO, "Boardwalk", "Bob")).state
    assert not made.started
    assert apply(made, PositionDeed("Ann", "Park Place")).state.taken_over


def test_a_state_with_deals_round_trips_and_one_without_keeps_its_bytes():
    state, _ = play(*OWNS_DARK_BLUE, SideDeal("Ann", HALF, "Dark Blue", None, until_go="Cy"), EndSideDeal(1))
    assert state_from_dict(state_to_dict(state)) == state
    assert "side_deals" not in state_to_dict(play(*OWNS_DARK_BLUE)[0])


def test_a_payer_short_of_the_rent_is_reminded_of_the_deal_in_the_refusal():
    """A player who cannot pay is when a deal matters most: the banker sees it before raising money opens."""
    state, _ = play(*OWNS_DARK_BLUE, SideDeal("Ann", NO, "Dark Blue", "Bob"), Pay("Bob", 1450))
    with pytest.raises(CannotPay) as short:
        apply(state, Rent("Bob", "Boardwalk"))
    assert short.value.missing == 50 and short.value.creditor == "Ann"
    assert short.value.message.endswith("; side deal 1 applies: Ann asks no rent of Bob on Dark Blue until called off")
    state, _ = play(*OWNS_DARK_BLUE, Pay("Bob", 1450))
    with pytest.raises(CannotPay) as plain:
        apply(state, Rent("Bob", "Boardwalk"))
    assert "side deal" not in plain.value.message
