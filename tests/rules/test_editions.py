"""Editions as data (issue 24): one TOML file per edition, found by all_editions()/find_edition(), its money written
by one formatter, its decks its own (the UK decks as printed in the classic UK sets, not the US decks renamed)."""

import pytest

from banker.commands import CommandError, parse, parse_amount
from rules import Card, Go, apply, new_game
from rules.board import format_money
from rules.cards import EFFECTS, CardKind, deck_cards
from rules.editions import all_editions, built_in, find_edition
from rules.errors import RuleError
from rules.state import HouseRules, Settings, game_settings
from tests.kit.conservation import conserved
from tests.kit.games import own


def uk(players=("Ann", "Bob", "Cat"), **house):
    return new_game(list(players), game_settings("standard", "uk", **house))


def test_the_built_in_editions_are_their_files():
    assert [b.edition for b in all_editions()] == ["us", "uk"]
    assert [b.source for b in built_in()] == ["editions/uk.toml", "editions/us.toml"]
    assert find_edition("London") is find_edition("uk") is find_edition("UK")
    with pytest.raises(RuleError, match='no edition called "fr"; choose one of us, uk'):
        find_edition("fr")


@pytest.mark.parametrize(
    ("amount", "kwargs", "text"),
    [
        (1500, {}, "$1,500"),
        (-1500, {"currency": "£"}, "-£1,500"),
        (1500, {"currency": "€", "after": True, "thousands": "."}, "1.500 €"),
        (12.5, {"currency": "€", "after": True, "thousands": "."}, "12,5 €"),
        (1234567, {"currency": "kr", "after": True, "thousands": " "}, "1 234 567 kr"),
        (1500, {"thousands": ""}, "$1500"),
    ],
)
def test_one_money_formatter(amount, kwargs, text):
    assert format_money(amount, **kwargs) == text


def test_a_new_uk_game_plays_the_uk_decks_and_an_old_one_keeps_its_cards():
    assert uk().settings.cards == "uk"
    assert new_game(["Ann", "Bob"], game_settings()).settings.cards == "classic"
    # a UK game journalled before the UK decks (cards = "classic") still finds the cards it recorded
    old = new_game(["Ann", "Bob"], Settings(edition="uk"), check=False)
    assert "Illinois" in apply(old, Card("Ann", "chance", "advance_to_illinois")).summary


def test_the_uk_decks_are_not_the_us_decks_renamed():
    for deck in ("chance", "chest"):
        uk_cards, us_cards = deck_cards("uk", deck, "uk"), deck_cards("classic", deck, "us")
        assert len(uk_cards) == 16 and {c.text for c in uk_cards}.isdisjoint(c.text for c in us_cards)
        assert not any("$" in c.text for c in uk_cards)
    texts = {c.id: c.text for deck in ("chance", "chest") for c in deck_cards("uk", deck, "uk")}
    for printed in ("Go back to Old Kent Road", "Pay a £10 fine or take a Chance", "Speeding fine £15"):
        assert printed in texts.values()


@pytest.mark.parametrize(
    "card", [(d, c.id) for d in ("chance", "chest") for c in deck_cards("uk", d, "uk")], ids="-".join
)
def test_every_uk_card_plays_in_pounds(card):
    """Every UK card's effect is one the engine has (EFFECTS), and no summary has a dollar sign."""
    deck, card_id = card
    s = own(own(own(uk(), 0, "Old Kent Road", level=2), 0, "Whitechapel Road", level=5), 1, "Mayfair")
    out = apply(s, Card("Ann", deck, card_id))
    assert conserved(out.state)
    title = "Chance" if deck == "chance" else "Community Chest"
    assert "$" not in out.summary and out.summary.startswith(f"Ann draws {title}")


def test_every_card_kind_has_an_effect():
    assert set(EFFECTS) == set(CardKind)


def test_uk_community_chest_pay_a_10_fine_or_take_a_chance():
    """cards_uk.toml, Community Chest "Pay a £10 fine or take a Chance": recorded, the card is the fine (to the
    pot under the Free Parking house rule, like every card fine); the summary says how to take a Chance instead."""
    s = uk()
    out = apply(s, Card("Ann", "chest", "fine_or_chance"))
    assert out.state.players[0].cash == 1490 and out.state.bank == s.bank + 10
    assert "take a Chance instead: undo" in out.summary and "`card Ann chance <card>`" in out.summary
    pot = uk(free_parking=True)
    assert apply(pot, Card("Ann", "chest", "fine_or_chance")).state.pot == 10


def test_uk_chance_drunk_in_charge_and_birthday_use_the_payments_code():
    s = uk()
    out = apply(s, Card("Ann", "chest", "birthday"))
    assert [p.cash for p in out.state.players] == [1520, 1490, 1490]
    assert "£10 (£20 in all)" in out.summary
    assert apply(s, Card("Bob", "chance", "drunk_in_charge")).state.players[1].cash == 1480


@pytest.mark.parametrize("double_go", [False, True])
def test_go_salary_is_one_function_seed000_go(double_go):
    """seed 000, "GO": the go verb landing exactly and the Advance to GO card pay the same salary."""
    s = new_game(["Ann", "Bob"], Settings(house_rules=HouseRules(double_go=double_go)))
    by_card = apply(s, Card("Ann", "chance", "advance_to_go")).state.players[0].cash
    by_verb = apply(s, Go("Ann", exact=True)).state.players[0].cash
    assert by_card == by_verb == 1500 + (400 if double_go else 200)


def test_a_uk_game_reads_its_own_sign_and_refuses_the_dollar():
    s = uk()
    assert parse("pay ann £50", s).amount == 50 and parse("pay ann 50", s).amount == 50
    with pytest.raises(CommandError, match=r'"\$50" is not an amount in whole pounds \(for example £150\)'):
        parse("pay ann $50", s)
    assert parse_amount("£1,500", board=s.board) == 1500


def test_an_edition_in_euros_reads_its_own_separator():
    from rules.board import parse_board
    from tests.rules.test_board import raw

    data = {**raw("us"), "edition": "eu", "currency": "€", "currency_position": "after", "thousands": "."}
    board = parse_board(data, source="eu.toml")
    assert parse_amount("1.500€", board=board) == 1500 and parse_amount("€20", board=board) == 20
    assert board.money(1500) == "1.500 €"
    with pytest.raises(CommandError, match="not an amount"):
        parse_amount("1,500", board=board)


def test_a_uk_station_is_called_a_station_seed003_appendix():
    """Seed 003, appendix: the UK board's railroads are "Stations"; rent, the deed card and a refusal say so (a UK
    family read "2 railroads owned" on King's Cross). The word comes from the board's own group title."""
    from rules import Build, Rent
    from rules.queries import deed_card
    from tests.kit.games import game, ok, refused

    state = game(("Ann", "Bob"), own={"Ann": ["King's Cross Station", "Marylebone Station"]}, edition="uk")
    assert ok(state, Rent("Bob", "King's Cross Station")).summary == (
        "Bob pays Ann £50: King's Cross Station, 2 stations owned"
    )
    lines = [line.label for line in deed_card(state, "Marylebone Station").rents]
    assert lines == ["1 station owned", "2 stations owned", "3 stations owned", "4 stations owned"]
    refused(state, Build("Ann", "King's Cross Station"), "is a station: houses and hotels go on colour-group streets")
    us = game(("Ann", "Bob"), own={"Ann": ["Reading Railroad"]})
    assert ok(us, Rent("Bob", "Reading Railroad")).summary == "Bob pays Ann $25: Reading Railroad, 1 railroad owned"
