"""The `position` and `correct` lines (issue 35): the issue's own syntax reads as the set-up and correction actions,
each writes back as the line it reads, a badly shaped line quotes the one form it was read as, and the command
line completes them as the parser reads them."""

from __future__ import annotations

import pytest

from banker import commands
from banker.commands import parse
from banker.commands.completion import complete
from rules import HouseRules, RuleError, Settings, UnknownName, new_game
from rules.actions import (
    Correction,
    PositionCash,
    PositionDeed,
    PositionJail,
    PositionJailCard,
    PositionPot,
    PositionTurn,
)
from rules.words import Deck


@pytest.fixture
def state():
    return new_game(["Ann", "Bob", "Cy"], Settings(house_rules=HouseRules(free_parking=True)))


CASES = [
    # the lines, as written there
    ("position ann cash 1230", PositionCash("Ann", 1230), "position Ann cash 1230"),
    ("position ann owns boardwalk", PositionDeed("Ann", "Boardwalk"), "position Ann owns Boardwalk"),
    ("position ann owns boardwalk 2 houses", PositionDeed("Ann", "Boardwalk", 2), None),
    ("position ann owns boardwalk hotel", PositionDeed("Ann", "Boardwalk", hotel=True), None),
    ("position ann owns boardwalk mortgaged", PositionDeed("Ann", "Boardwalk", mortgaged=True), None),
    ("position ann jail card chance", PositionJailCard("Ann", Deck.CHANCE), "position Ann jail card chance"),
    ("position bob in jail 2", PositionJail("Bob", 2), "position Bob in jail 2"),
    ("position pot 300", PositionPot(300), "position pot 300"),
    ("position turn cy", PositionTurn("Cy"), "position turn Cy"),
    ("correct ann -50 change given twice", Correction("Ann", -50, "change given twice"), None),
    # other spellings a banker types
    ("pos a owns st charles 1 house", PositionDeed("Ann", "St. Charles Place", 1), None),
    ("position ann holds park place 3", PositionDeed("Ann", "Park Place", 3), None),
    ("position ann owns park place a hotel", PositionDeed("Ann", "Park Place", hotel=True), None),
    ("position ann owns b&o 0 houses", PositionDeed("Ann", "B. & O. Railroad"), "position Ann owns B. & O. Railroad"),
    # the summary's own word for a lot with nothing on it ("Hal holds Baltic Avenue, unimproved": a game-night review)
    ("position ann owns baltic unimproved", PositionDeed("Ann", "Baltic Avenue"), "position Ann owns Baltic Avenue"),
    ("position ann money $1,230", PositionCash("Ann", 1230), "position Ann cash 1230"),
    ("position ann cash 0", PositionCash("Ann", 0), None),
    ("position cy jail card cc", PositionJailCard("Cy", Deck.CHEST), "position Cy jail card chest"),
    ("position bob in jail", PositionJail("Bob", 1), "position Bob in jail 1"),
    ("position bob jail 3", PositionJail("Bob", 3), "position Bob in jail 3"),
    ("position pot 0", PositionPot(0), None),
    ("correct bob 20 short-changed", Correction("Bob", 20, "short-changed"), "correct Bob +20 short-changed"),
    ("correction bob +$20 short   changed", Correction("Bob", 20, "short changed"), "correct Bob +20 short changed"),
    ("correct bob -$1,000 banker's slip", Correction("Bob", -1000, "banker's slip"), None),
    # a reason is free text: brackets are the banker's words there (issue 30: refused a character at a time)
    (
        "correct ann -20 [bold] gave $20 too much <b>{x}</b>",
        Correction("Ann", -20, "[bold] gave $20 too much <b>{x}</b>"),
        "correct Ann -20 [bold] gave $20 too much <b>{x}</b>",
    ),
]


@pytest.mark.parametrize("line,action,canonical", CASES, ids=[c[0] for c in CASES])
def test_the_lines_read_and_write_back(state, line, action, canonical):
    assert parse(line, state) == action
    written = commands.format(action)
    if canonical is not None:
        assert written == canonical
    assert parse(written, state) == action


@pytest.mark.parametrize(
    "line,says",
    [
        ("position ann", "more words needed"),
        ("position ann cash", "more words needed; expected: position <player> cash <amount>"),
        ("position ann cash -5", "cannot be negative"),
        ("position ann cash 5 5", "too many words; expected: position <player> cash <amount>"),
        ("position ann owns boardwalk 2 hotels", '"2 hotels" is not what stands on Boardwalk'),
        ("position ann owns boardwalk hotel mortgaged", "is not what stands on Boardwalk"),
        ("position ann owns", "more words needed; expected: position <player> owns <deed>"),
        ("position ann in prison", '"prison" is not "jail"'),
        ("position ann in jail second", "is not the number of the turn in jail"),
        ("position ann jail card", "expected: position <player> jail card chance|chest"),
        ("position ann jail card tarot", '"tarot" is not a deck'),
        ("position ann sits 4", '"sits" is not cash, owns, jail card or in jail'),
        ("position pot lots", "is not an amount"),
        ("correct ann -50", "more words needed; expected: correct <player> <amount> <reason>"),
        ("correct ann 0 nothing", "must be more than $0"),
        ("correct ann fifty oops", "is not an amount"),
        ("correct ann -50 " + "x" * 81, "81 characters"),
        ("correct [ann] -50 oops", '"[" is in no command'),
        ("correct ann <-50> oops", '"<" is in no command'),
    ],
)
def test_badly_shaped_lines_are_refused_with_the_form_they_were_read_as(state, line, says):
    with pytest.raises(RuleError) as refused:  # CommandError for the shape; the reason's own rule for its length
        parse(line, state)
    assert says in str(refused.value)


def test_names_are_the_games(state):
    with pytest.raises(UnknownName):
        parse("position zed cash 5", state)
    with pytest.raises(UnknownName):
        parse("position turn zed", state)
    with pytest.raises(RuleError, match="Boardwalk|no deed"):
        parse("position ann owns boredwalk", state)


def test_a_player_called_turn_is_read_by_the_lines_shape():
    """`position turn <player>` has two words; a line about a player three or more, so a player called Turn (not a
    word the names refuse) is still addressed."""
    state = new_game(["Turn", "Ann"], Settings())
    assert parse("position turn ann", state) == PositionTurn("Ann")
    assert parse("position turn cash 700", state) == PositionCash("Turn", 700)
    assert parse("position turn turn", state) == PositionTurn("Turn")


@pytest.mark.parametrize(
    "typed,completed",
    [
        ("pos", "position "),
        ("position a", "position ann "),
        ("position ann c", "position ann cash "),
        ("position ann o", "position ann owns "),
        ("position ann owns park p", "position ann owns park place "),
        ("position ann owns boardwalk ho", None),  # house or hotel
        ("position ann owns boardwalk hot", "position ann owns boardwalk hotel "),
        ("position ann owns boardwalk m", "position ann owns boardwalk mortgaged "),
        ("position ann j", "position ann jail "),
        ("position ann jail c", "position ann jail card "),
        ("position ann jail card ch", "position ann jail card chance "),
        ("position ann in j", "position ann in jail "),
        ("position p", "position pot "),
        ("position turn b", "position turn bob "),
        ("corr", "correct "),
        ("correct b", "correct bob "),
    ],
)
def test_completion_offers_what_the_parser_reads(state, typed, completed):
    assert complete(typed, state) == completed


def test_completed_lines_read_as_the_words_they_complete(state):
    line = complete("position ann owns park p", state) + "hot"
    assert parse(complete(line, state), state) == PositionDeed("Ann", "Park Place", hotel=True)
    assert parse(complete("position ann jail card ch", state), state) == PositionJailCard("Ann", Deck.CHANCE)
