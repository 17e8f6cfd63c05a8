"""A game taken over from the board (issue 35; docs/rulings.md, "Taking over a game"): the position on the table
entered line by line before the first move, each line checked on its own and the whole checked when play begins.

The seeds cited: seed 000, EQUIPMENT (32 houses, 12 hotels), HOUSES and HOTELS (a whole group, evenly), MORTGAGES
(no buildings while a lot of the group is mortgaged), "CHANCE" and "COMMUNITY CHEST" (one Get Out of Jail Free card
a deck, out of it while held), JAIL (three turns); seed 002, EQUIPMENT (one Title Deed card each); seed 003, SHORT
GAME rule 3 (jail left on the next turn)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import HouseRules, RuleError, apply, new_game
from rules.actions import (
    Action,
    Auction,
    Buy,
    Deal,
    DealRandom,
    JailAction,
    JailWay,
    Next,
    PositionCash,
    PositionDeed,
    PositionJail,
    PositionJailCard,
    PositionPot,
    PositionTurn,
    Rent,
    Turn,
)
from rules.codec import state_to_dict
from rules.jail import jail_status
from rules.position import position_problems
from rules.state import GameState, Jail, Settings
from rules.valuation import standings, valuation
from rules.words import Deck
from tests.kit.conservation import conserved
from tests.kit.fuzz import examples
from tests.kit.games import fresh, refused


def taken_over(state: GameState, *lines: Action) -> GameState:
    """Apply position lines that must each be accepted, checking after each that nothing was created or lost and
    that play has not begun."""
    for line in lines:
        state = apply(state, line).state
        assert conserved(state) and not state.started and state.taken_over
    return state


FULL = (
    PositionCash("Ann", 1230),
    PositionCash("Bob", 85),
    PositionCash("Cy", 2470),
    PositionDeed("Ann", "Boardwalk", hotel=True),
    PositionDeed("Ann", "Park Place", houses=4),
    PositionDeed("Bob", "Baltic Avenue", houses=2),
    PositionDeed("Bob", "Mediterranean Avenue", houses=3),
    PositionDeed("Bob", "Reading Railroad", mortgaged=True),
    PositionDeed("Cy", "Electric Company"),
    PositionDeed("Cy", "Water Works"),
    PositionDeed("Cy", "Illinois Avenue", mortgaged=True),
    PositionJailCard("Ann", Deck.CHANCE),
    PositionJailCard("Cy", Deck.CHEST),
    PositionJail("Bob", 2),
    PositionPot(300),
    PositionTurn("Cy"),
)


def test_a_full_position_taken_over_field_by_field():
    """Cash, deeds, houses, hotels, mortgages, jail, cards, pot and turn, each as entered; the bank paid out or
    took back the cash and the pot, and holds the buildings that do not stand on the board."""
    start = fresh(3, house_rules=HouseRules(free_parking=True))
    s = taken_over(start, *FULL)
    assert [p.cash for p in s.players] == [1230, 85, 2470]
    assert s.pot == 300 and s.bank == -(1230 + 85 + 2470 + 300)
    holdings = {d.name: s.deeds[d.index] for d in s.board.deeds if s.deeds[d.index].owner is not None}
    assert {name: (h.owner, h.level, h.mortgaged) for name, h in holdings.items()} == {
        "Boardwalk": (0, 5, False),
        "Park Place": (0, 4, False),
        "Baltic Avenue": (1, 2, False),
        "Mediterranean Avenue": (1, 3, False),
        "Reading Railroad": (1, 0, True),
        "Electric Company": (2, 0, False),
        "Water Works": (2, 0, False),
        "Illinois Avenue": (2, 0, True),
    }
    assert (s.houses, s.hotels) == (32 - 4 - 2 - 3, 12 - 1)
    assert [p.jail_cards for p in s.players] == [(Deck.CHANCE,), (), (Deck.CHEST,)]
    assert s.players[1].jail == Jail(since_turn=0, failed=1)
    assert jail_status(s, 1) == "in jail, turn 2 of 3"
    assert s.turn == 2 and s.turn_no == 1
    assert position_problems(s) == ()
    # play begins with the first move, from the position as entered
    out = apply(s, Rent("Cy", "Boardwalk"))
    assert out.state.started and out.state.players[0].cash == 1230 + 2000 and conserved(out.state)


def test_each_line_says_it_was_taken_over_from_the_board():
    s = fresh(3, house_rules=HouseRules(free_parking=True))
    said = []
    for line in FULL:
        out = apply(s, line)
        said.append(out.summary)
        assert out.transfers == ()  # no money moved at the table: no statistic or maths question counts it
        s = out.state
    assert all(line.startswith("Taken over from the board: ") for line in said)
    assert said[0] == "Taken over from the board: Ann has $1,230 in cash (was: $1,500)"
    assert said[3] == "Taken over from the board: Ann holds Boardwalk, a hotel"
    assert said[7] == "Taken over from the board: Bob holds Reading Railroad, mortgaged"
    assert said[13] == "Taken over from the board: Bob is in jail, on turn 2 of 3 there"
    assert said[-2:] == [
        "Taken over from the board: the Free Parking pot holds $300 (was: $0)",
        "Taken over from the board: it is Cy's turn",
    ]


def test_a_line_said_again_replaces_what_it_said():
    s = taken_over(fresh(2), PositionCash("Ann", 900), PositionDeed("Ann", "Boardwalk", houses=2))
    out = apply(s, PositionCash("Ann", 950))
    assert out.state.players[0].cash == 950 and "(was: $900)" in out.summary
    out = apply(out.state, PositionDeed("Ann", "Boardwalk", hotel=True))
    assert out.state.houses == 32 and out.state.hotels == 11 and "(was: 2 houses)" in out.summary
    assert conserved(out.state)
    out = apply(out.state, PositionDeed("Ann", "Boardwalk"))
    assert (out.state.houses, out.state.hotels) == (32, 12) and out.summary.endswith("unimproved (was: a hotel)")


def test_33_houses_refused_seed000_equipment():
    """Eight colour groups could hold more than the box's 32 houses: the line that would need a 33rd is refused."""
    s = fresh(4)
    streets = [d.name for d in s.board.deeds if d.is_street]
    for name in streets[:8]:  # 8 lots of 4 houses: the 32
        s = taken_over(s, PositionDeed("Ann", name, houses=4))
    assert s.houses == 0
    refused(s, PositionDeed("Ann", streets[8], houses=1), "the game has 32 houses and 32 stand on other lots")
    # saying a lot's houses again counts its own back: 4 -> 3 is fine, and frees one for another lot
    s = taken_over(s, PositionDeed("Ann", streets[0], houses=3), PositionDeed("Ann", streets[8], houses=1))
    assert s.houses == 0


def test_a_13th_hotel_refused_seed000_equipment():
    s = fresh(4)
    streets = [d.name for d in s.board.deeds if d.is_street]
    s = taken_over(s, *(PositionDeed("Bob", name, hotel=True) for name in streets[:12]))
    refused(s, PositionDeed("Bob", streets[12], hotel=True), "the game has 12 hotels and all of them stand")


def test_a_deed_owned_twice_refused_seed002_equipment():
    s = taken_over(fresh(3), PositionDeed("Ann", "Boardwalk"))
    refused(s, PositionDeed("Bob", "Boardwalk"), "Boardwalk is already Ann's")


def test_a_card_in_two_hands_refused_seed000_chance():
    s = taken_over(fresh(3), PositionJailCard("Ann", Deck.CHANCE))
    refused(s, PositionJailCard("Bob", Deck.CHANCE), "held by Ann: there is one")
    refused(s, PositionJailCard("Ann", Deck.CHANCE), "already holds it")
    s = taken_over(s, PositionJailCard("Bob", Deck.CHEST))  # the other deck's card is another card
    assert [p.jail_cards for p in s.players] == [(Deck.CHANCE,), (Deck.CHEST,), ()]


def test_a_card_held_is_out_of_its_deck_seed000_chance():
    """A card taken over from the board is not in its deck: drawing it is refused."""
    from rules.actions import Card

    s = taken_over(fresh(3), PositionJailCard("Ann", Deck.CHANCE))
    refused(s, Card("Bob", Deck.CHANCE, "get_out_of_jail_free"), "Ann already holds the Chance Get Out of Jail")


def test_uneven_building_refused_when_play_begins_seed000_houses():
    """Lots of a group are entered one line at a time, in any order, so evenness is checked of the whole: the first
    move is refused, naming the group, until the position stands."""
    s = taken_over(fresh(3), PositionDeed("Ann", "Boardwalk", houses=3), PositionDeed("Ann", "Park Place", houses=1))
    (problem,) = position_problems(s)
    assert "the Dark Blue group is built unevenly: Park Place 1 house, Boardwalk 3 houses" in problem.message
    for move in (Buy("Bob", "Baltic Avenue"), Rent("Bob", "Boardwalk")):
        refused(s, move, "the position taken over from the board cannot stand: the Dark Blue group is built unevenly")
    # turns are set-up too: they do not begin play, so they are not refused
    s = taken_over(s, PositionTurn("Bob"))
    s = apply(apply(s, Turn("Cy")).state, Next()).state
    assert not s.started
    s = taken_over(s, PositionDeed("Ann", "Park Place", houses=2))
    assert apply(s, Rent("Bob", "Boardwalk")).state.started


def test_buildings_on_a_group_not_one_owners_whole_refused_seed000_houses():
    s = taken_over(fresh(3), PositionDeed("Ann", "Boardwalk", houses=1))
    assert "Park Place is the bank's" in position_problems(s)[0].message
    s = taken_over(s, PositionDeed("Bob", "Park Place"))
    refused(s, Rent("Cy", "Boardwalk"), "Ann's Boardwalk has 1 house, but Park Place is Bob's")


def test_buildings_beside_a_mortgaged_lot_refused_seed000_mortgages():
    s = taken_over(
        fresh(3), PositionDeed("Ann", "Boardwalk", houses=1), PositionDeed("Ann", "Park Place", mortgaged=True)
    )
    refused(s, Rent("Cy", "Boardwalk"), "the Dark Blue group has buildings while Park Place is mortgaged")


def test_every_fault_is_named_at_once():
    s = taken_over(
        fresh(3),
        PositionDeed("Ann", "Boardwalk", houses=2),
        PositionDeed("Ann", "Park Place"),
        PositionDeed("Bob", "Baltic Avenue", houses=1),
    )
    error = refused(s, Buy("Cy", "Reading Railroad"))
    assert (
        "Dark Blue group is built unevenly" in error.message and "Mediterranean Avenue is the bank's" in error.message
    )


def test_refused_lines_say_why():
    s = fresh(3)
    refused(s, PositionDeed("Ann", "Reading Railroad", houses=1), "houses and hotels go on colour-group streets")
    refused(s, PositionDeed("Ann", "Boardwalk", houses=1, mortgaged=True), "a mortgaged lot has no buildings")
    refused(s, PositionDeed("Ann", "Boardwalk", houses=5), "0 to 4 houses, or a hotel")
    refused(s, PositionDeed("Ann", "Boardwalk", houses=2, hotel=True), "a hotel or houses, not both")
    refused(s, PositionCash("Ann", -5), re.escape("the cash must be $0 to $1,000,000"))
    refused(s, PositionPot(100), "this game has no Free Parking pot")
    refused(s, PositionJail("Bob", 4), "turns 1 to 3")
    refused(s, PositionJail("Bob", 0), "turns 1 to 3")


def test_setup_after_the_first_move_refused():
    s = apply(taken_over(fresh(3), PositionCash("Ann", 1000)), Buy("Ann", "Boardwalk")).state
    assert s.started
    for line in FULL[:5] + (PositionJail("Bob"), PositionTurn("Bob"), PositionJailCard("Bob", Deck.CHEST)):
        refused(s, line, "play has begun: the position on the table is taken over only before the first move")
    # in a game never taken over too
    s = apply(fresh(3), Buy("Ann", "Boardwalk")).state
    refused(s, PositionCash("Ann", 1000), "record a correction")


def test_jail_taken_over_goes_on_as_if_every_turn_was_recorded_seed000_jail():
    """On the third turn in jail a failed roll makes the fine due and the player leaves (seed 000, JAIL)."""
    s = taken_over(fresh(3), PositionJail("Bob", 3), PositionTurn("Bob"))
    assert jail_status(s, 1) == "in jail, turn 3 of 3"
    out = apply(s, JailAction("Bob", JailWay.MISS))
    assert out.state.players[1].jail is None and out.state.players[1].cash == 1450 and "pays the $50" in out.summary


def test_jail_in_the_1990s_short_game_is_the_next_turn_only_seed003_short_rule3():
    s = fresh(3, "short-1990s")
    refused(s, PositionJail("Bob", 2), "the next turn only")
    s = taken_over(s, PositionJail("Bob"))
    assert jail_status(s, 1) == "in jail, must leave this turn"


def test_a_short_game_taken_over_and_its_valuation_seed000_short_rule3():
    """The short game (1973) taken over after its deal: the deeds held are entered, not dealt (nobody pays for them
    again), and the valuation is the book's: cash, deeds at the printed price, mortgaged ones at half, houses at
    cost, a hotel at cost with the three houses turned in for it."""
    s = taken_over(
        fresh(3, "short-1973"),
        PositionCash("Ann", 310),
        PositionCash("Bob", 742),
        PositionCash("Cy", 1055),
        PositionDeed("Ann", "Boardwalk", hotel=True),  # a hotel stands on 3 houses in the short game
        PositionDeed("Ann", "Park Place", houses=3),
        PositionDeed("Bob", "Baltic Avenue", mortgaged=True),
        PositionDeed("Bob", "Reading Railroad"),
        PositionDeed("Cy", "Oriental Avenue"),
    )
    error = refused(s, PositionDeed("Cy", "Vermont Avenue", houses=4), "0 to 3 houses, or a hotel")
    assert error.rule == "seed 000, RULES for a SHORT GAME; seed 002"  # the short game's own rule, not HOTELS
    assert s.hotel_level == 4 and (s.houses, s.hotels) == (29, 11)
    ann, bob, cy = (valuation(s, i) for i in range(3))
    assert ann.total == 310 + 400 + 350 + (4 + 3) * 200  # the hotel's level counts the houses turned in for it
    assert (ann.houses, ann.hotels, ann.buildings) == (3, 1, 1400)
    assert bob.total == 742 + 60 // 2 + 200 and bob.mortgaged == 30
    assert cy.total == 1055 + 100
    assert [(r.rank, r.name, r.total) for r in standings(s)] == [(1, "Ann", 2460), (2, "Cy", 1155), (3, "Bob", 972)]
    # the deal is over: a deal now would hand Ann a third deed
    refused(s, Deal("Ann", "Vermont Avenue"), "already has the 2 deeds")
    refused(s, DealRandom(7), "some deeds are already dealt")


def test_a_dealt_short_game_takes_position_lines_too_seed000_short_rule1():
    s = apply(fresh(2, "short-1990s"), Deal("Ann", "Boardwalk")).state
    s = taken_over(s, PositionDeed("Ann", "Park Place"), PositionDeed("Ann", "Boardwalk", houses=1))
    s = taken_over(s, PositionDeed("Ann", "Park Place", houses=1))
    assert apply(s, Rent("Bob", "Park Place")).state.started


def test_darrow_takes_a_position_too_seed001():
    s = taken_over(
        fresh(4, "darrow-1935"),
        PositionCash("Dee", 40),
        PositionDeed("Dee", "Marvin Gardens", mortgaged=True),
        PositionJail("Ann", 3),
    )
    assert valuation(s, 3).total == 40 + 280 // 2
    out = apply(s, Auction("Boardwalk", "Dee", 40))  # seed 001: every property is auctioned
    assert out.state.started and out.state.players[3].cash == 0


def test_a_game_never_taken_over_begins_as_before():
    """No position line, no whole check: a game set up by the deal (or states built by hand) plays as it did."""
    s = new_game(["Ann", "Bob"], Settings(variant="short-1973"))
    assert not s.taken_over and apply(s, Buy("Ann", "Boardwalk")).state.started


@pytest.mark.parametrize("line", FULL, ids=lambda a: a.verb)
def test_a_refused_position_line_changes_nothing(line):
    s = apply(fresh(3), Buy("Ann", "Mediterranean Avenue")).state
    with pytest.raises(RuleError):
        apply(s, line)


# A property: any mix of position lines and moves keeps the engine's invariants --------------------------------

_players = st.sampled_from(("Ann", "Bob", "Cy", "Ann", "Zed"))
_deeds = st.sampled_from(("Boardwalk", "Park Place", "Baltic Avenue", "Mediterranean Avenue", "Reading Railroad"))
_LINES = st.one_of(
    st.builds(PositionCash, _players, st.sampled_from((0, 85, 1230, -1, 2_000_000))),
    st.builds(PositionDeed, _players, _deeds, st.integers(-1, 5), st.booleans(), st.booleans()),
    st.builds(PositionJailCard, _players, st.sampled_from(("chance", "chest", "tarot"))),
    st.builds(PositionJail, _players, st.integers(0, 4)),
    st.builds(PositionPot, st.sampled_from((0, 300, -5))),
    st.builds(PositionTurn, _players),
    st.builds(Rent, _players, _deeds),
    st.builds(Buy, _players, _deeds),
    st.builds(Next),
)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(("standard", "short-1973", "short-1990s", "darrow-1935")), st.lists(_LINES, max_size=30))
def test_any_mix_of_position_lines_and_moves_keeps_the_invariants(variant, actions):
    """Money, buildings, deeds and cards are conserved after every line, refused lines change nothing, and once
    play has begun every group with buildings is one owner's whole, unmortgaged and even (seed 000, HOUSES)."""
    s = fresh(3, variant, house_rules=HouseRules(free_parking=True))
    for action in actions:
        before = state_to_dict(s)
        try:
            s = apply(s, action).state
        except RuleError:
            assert state_to_dict(s) == before
            continue
        assert conserved(s) and all(p.cash >= 0 for p in s.players) and s.pot >= 0
        for deck in ("chance", "chest"):
            assert sum(p.jail_cards.count(deck) for p in s.players) <= 1
        if s.started:
            assert position_problems(s) == ()
