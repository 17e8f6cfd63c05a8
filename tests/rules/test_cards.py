"""Chance and Community Chest: the decks as data and every money effect (seed 000, "CHANCE" and
"COMMUNITY CHEST"; card texts from tests/data/cards_classic.json). Rulings: docs/rulings.md, Part 2."""

import json
from pathlib import Path

import pytest

from rules import CannotPay, HouseRules, RuleError, apply
from rules.actions import Card, JailAction, Turn
from rules.cards import deck_cards, find_card
from rules.editions import load_board
from tests.kit.conservation import conserved
from tests.kit.games import fresh, own, set_cash

US = load_board("us")
REFERENCE = Path(__file__).parents[1] / "data" / "cards_classic.json"


@pytest.mark.parametrize("deck,ref", [("chance", "chance"), ("chest", "community_chest")])
def test_classic_decks_match_the_reference(deck, ref):
    cards = deck_cards("classic", deck, US)
    assert len(cards) == 16
    data = {c["id"]: c for c in json.loads(REFERENCE.read_text())[ref]}
    assert [c.id for c in cards] == list(data)
    for c in cards:
        effect = data[c.id]["effect"]
        if "receive_from_bank" in effect:
            assert (c.kind, c.amount) == ("collect", effect["receive_from_bank"])
        if "pay_bank" in effect:
            assert (c.kind, c.amount) == ("pay", effect["pay_bank"])
        if "pay_per_house" in effect:
            assert (c.house, c.hotel) == (effect["pay_per_house"], effect["pay_per_hotel"])
        if "move_to" in effect and "collect_go" not in effect:
            assert c.square == effect["move_to"]


def test_2008_texts_are_an_edition_choice():
    assert find_card("2008", "chest", "sale-of-stock", US).amount == 50
    assert find_card("2008", "chest", "hospital", US).amount == 50
    assert find_card("2008", "chest", "school_tax", US).amount == 50
    assert find_card("2008", "chest", "birthday", US).kind == "collect_each"
    assert find_card("2008", "chance", "crossword", US).amount == 100
    assert find_card("classic", "chest", "sale_of_stock", US).amount == 45
    with pytest.raises(RuleError, match="no Community Chest card"):
        find_card("classic", "chest", "birthday", US)


def test_unknown_card_lists_the_ids():
    with pytest.raises(RuleError) as e:
        find_card("classic", "chance", "lottery", US)
    assert "advance_to_go" in e.value.message and "chairman" in e.value.message


def test_unknown_deck_and_style_refused():
    with pytest.raises(RuleError, match="no deck"):
        deck_cards("classic", "treasure", US)
    with pytest.raises(RuleError, match="no card style"):
        deck_cards("1999", "chance", US)


@pytest.mark.parametrize(
    "deck,card,delta",
    [
        ("chance", "bank_dividend", 50),
        ("chance", "building_loan", 150),
        ("chest", "bank_error", 200),
        ("chest", "doctor_fee", -50),
        ("chance", "poor_tax", -15),
        ("chest", "school_tax", -150),
        ("chest", "beauty-contest", 10),
        ("chest", "inherit", 100),
    ],
)
def test_bank_money_cards(deck, card, delta):
    s = fresh()
    out = apply(s, Card("Ann", deck, card))
    assert out.state.players[0].cash == 1500 + delta
    assert out.state.bank == s.bank - delta and conserved(out.state)


def test_ruling_card_fines_go_to_the_pot_under_free_parking():
    s = fresh(3, house_rules=HouseRules(free_parking=True))
    out = apply(s, Card("Ann", "chest", "doctor_fee"))
    assert out.state.pot == 50 and out.state.bank == s.bank and conserved(out.state)


def test_chairman_pays_each_other_player_and_skips_the_bankrupt():
    s = fresh(4).with_player(3, bankrupt=True)
    s = set_cash(s, 3, 0)
    out = apply(s, Card("Ann", "chance", "chairman"))
    assert [p.cash for p in out.state.players] == [1400, 1550, 1550, 0]
    assert len(out.transfers) == 2 and "$100 in all" in out.summary


def test_chairman_all_or_nothing():
    s = set_cash(fresh(4), 0, 120)
    with pytest.raises(CannotPay) as e:
        apply(s, Card("Ann", "chance", "chairman"))
    assert e.value.amount == 150 and e.value.missing == 30


def test_grand_opera_collects_from_each_and_names_who_cannot_pay():
    out = apply(fresh(3), Card("Ann", "chest", "grand_opera"))
    assert [p.cash for p in out.state.players] == [1600, 1450, 1450]
    s = set_cash(fresh(3), 2, 20)
    with pytest.raises(CannotPay) as e:
        apply(s, Card("Ann", "chest", "grand_opera"))
    assert e.value.payer == "Cy"


def test_birthday_in_2008_style():
    out = apply(fresh(3, cards="2008"), Card("Ann", "chest", "birthday"))
    assert out.state.players[0].cash == 1520


@pytest.mark.parametrize(
    "deck,card,expected", [("chance", "general_repairs", 2 * 25 + 100), ("chest", "street_repairs", 2 * 40 + 115)]
)
def test_repairs_count_a_hotel_as_one_hotel(deck, card, expected):
    s = fresh()
    s = own(s, 0, "Mediterranean", 1)
    s = own(s, 0, "Baltic", 1)
    s = own(s, 0, "Boardwalk", s.hotel_level)
    out = apply(s, Card("Ann", deck, card))
    assert out.state.players[0].cash == 1500 - expected


def test_repairs_with_no_buildings_cost_nothing():
    out = apply(fresh(), Card("Ann", "chance", "general_repairs"))
    assert not out.transfers and "nothing to pay" in out.summary


def test_advance_to_go_pays_the_salary():
    out = apply(fresh(), Card("Ann", "chance", "advance-to-go"))
    assert out.state.players[0].cash == 1700


def test_advance_to_go_double_under_house_rule():
    out = apply(fresh(3, house_rules=HouseRules(double_go=True)), Card("Ann", "chest", "advance_to_go"))
    assert out.state.players[0].cash == 1900


def test_go_to_jail_card_sends_without_salary():
    out = apply(fresh(), Card("Ann", "chest", "go_to_jail"))
    assert out.state.players[0].jail is not None and out.state.players[0].cash == 1500


def test_get_out_of_jail_free_is_held_once_per_deck():
    s = apply(fresh(), Card("Ann", "chance", "get_out_of_jail_free")).state
    assert s.players[0].jail_cards == ("chance",)
    with pytest.raises(RuleError, match="already holds"):
        apply(s, Card("Bob", "chance", "get_out_of_jail_free"))
    s = apply(s, Card("Bob", "chest", "get_out_of_jail_free")).state
    assert s.players[1].jail_cards == ("chest",)


def test_used_card_can_be_drawn_again():
    s = apply(fresh(), Card("Ann", "chance", "get_out_of_jail_free")).state
    s = apply(s, JailAction("Ann", "send")).state
    s = apply(apply(s, Turn("Ann")).state, JailAction("Ann", "card")).state
    assert apply(s, Card("Bob", "chance", "get_out_of_jail_free")).state.players[1].jail_cards == ("chance",)


@pytest.mark.parametrize(
    "card,words",
    [
        ("nearest_railroad_1", "card` (twice the rent)"),
        ("nearest_utility", "ten times"),
        ("advance_to_illinois", "record `go Ann`"),
        ("boardwalk", "no salary"),
        ("go_back_3", "move back 3"),
    ],
)
def test_movement_cards_change_no_money_and_say_what_to_record(card, words):
    s = fresh()
    out = apply(s, Card("Ann", "chance", card))
    assert out.state.players == s.players and not out.transfers
    assert words in out.summary


def test_bankrupt_player_cannot_draw():
    s = set_cash(fresh(), 0, 0).with_player(0, bankrupt=True)
    with pytest.raises(RuleError, match="bankrupt"):
        apply(s, Card("Ann", "chance", "bank_dividend"))


def test_seed_000_chance_and_community_chest_the_deck_is_the_one_that_has_such_a_card():
    """A card named by its words without its deck (the card dialog's deck left blank): the one deck with such a
    card; refused when both decks or neither has one (seed 000, "CHANCE" and "COMMUNITY CHEST")."""
    from rules.cards import deck_of
    from rules.errors import RuleError
    from rules.words import Deck

    assert deck_of("classic", "xmas", US) is Deck.CHEST
    assert deck_of("classic", "street repairs", US) is Deck.CHEST
    assert deck_of("classic", "opera", US) is Deck.CHEST
    assert deck_of("classic", "chairman", US) is Deck.CHANCE
    for text in ("repairs", "advance", "zzz", ""):
        try:
            deck_of("classic", text, US)
        except RuleError:
            continue
        raise AssertionError(f"{text!r} names a card of one deck only")


@pytest.mark.parametrize(("edition", "style"), [("us", "classic"), ("us", "2008"), ("uk", "classic"), ("uk", "2008")])
def test_seed_000_chance_copies_of_one_printed_card_are_named_by_their_words(edition, style):
    """The classic and 2008 Chance decks hold two copies of "Advance to the nearest Railroad": the same text and the
    same effect, so its words name it (the first copy), in every edition that plays those decks, and a list of
    candidates names it once (seed 000, "CHANCE": the card is followed as printed)."""
    from rules.cards import deck_of, resolve_card
    from rules.editions import load_board
    from rules.errors import RuleError
    from rules.words import Deck

    assert deck_of(style, "nearest railroad", load_board(edition)) is Deck.CHANCE
    assert resolve_card(style, "chance", "nearest railroad", load_board(edition)).id == "nearest_railroad_1"
    assert (
        resolve_card(style, "chance", "nearest_railroad_2", load_board(edition)).id == "nearest_railroad_2"
    )  # by id: itself
    with pytest.raises(RuleError) as refused:
        resolve_card(style, "chance", "nearest", load_board(edition))  # the railroad and the utility: two printed cards
    assert "could be any of 2" in str(refused.value) and "nearest_railroad_2" not in str(refused.value)


def test_no_other_deck_of_any_edition_has_copies_of_a_card():
    """Only the nearest-railroad card comes twice (checked over every deck of every edition): the other cards that
    share a text are in different decks (UK "Advance to Go", "Go to jail"), which deck_of refuses to guess."""
    from dataclasses import replace

    from rules.cards import deck_cards
    from rules.editions import find_edition
    from rules.words import Deck

    copies = set()
    for edition in ("us", "uk"):
        for style in find_edition(edition).decks:
            for deck in Deck:
                seen: dict[object, str] = {}
                for c in deck_cards(style, deck.value, find_edition(edition)):
                    if replace(c, id="") in seen:
                        copies.add((deck.value, seen[replace(c, id="")], c.id))
                    seen.setdefault(replace(c, id=""), c.id)
    assert copies == {("chance", "nearest_railroad_1", "nearest_railroad_2")}


def test_every_shared_deck_file_shipped_is_a_whole_valid_deck():
    """A shared deck file (``rules/data/cards_<name>.toml``) is read and validated when its cards are first dealt,
    not with each edition that names it (that was launch time): so a broken one is found here, before a game."""
    from rules.data import HERE
    from rules.decks import _load_file
    from rules.words import Deck

    files = sorted(HERE.glob("cards_*.toml"))
    assert [f.name for f in files] == ["cards_2008.toml", "cards_classic.toml", "cards_uk.toml"]
    for path in files:
        _load_file.cache_clear()  # read it again here, whatever an earlier test left
        decks, sign = _load_file(path.stem.removeprefix("cards_"))
        assert set(decks) == set(Deck) and all(16 <= len(cards) <= 17 for cards in decks.values()) and sign
