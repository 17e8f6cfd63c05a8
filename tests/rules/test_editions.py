"""Editions as data (issue 24): one TOML file per edition, found by all_editions()/find_edition(), its money written
by one formatter, its decks its own (the UK decks as printed in the classic UK sets, not the US decks renamed)."""

import pytest

from banker.commands import CommandError, parse, parse_amount
from rules import Card, Go, apply, new_game
from rules.board import SquareKind, format_money
from rules.cards import EFFECTS, CardKind, deck_cards
from rules.editions import all_editions, built_in, find_edition, load_board
from rules.errors import RuleError
from rules.state import HouseRules, Settings, game_settings
from tests.kit.conservation import conserved
from tests.kit.games import own


def uk(players=("Ann", "Bob", "Cat"), **house):
    return new_game(list(players), game_settings("standard", "uk", **house))


def test_the_built_in_editions_are_their_files():
    assert [b.edition for b in all_editions()] == ["us", "uk", "de-dm"]
    assert [b.source for b in built_in()] == ["editions/de-dm.toml", "editions/uk.toml", "editions/us.toml"]
    assert find_edition("London") is find_edition("uk") is find_edition("UK")
    assert find_edition("Deutsche Mark") is find_edition("de-dm")
    with pytest.raises(RuleError, match='no edition called "fr"; choose one of us, uk, de-dm'):
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
        uk_cards, us_cards = deck_cards("uk", deck, load_board("uk")), deck_cards("classic", deck, load_board("us"))
        assert len(uk_cards) == 16 and {c.text for c in uk_cards}.isdisjoint(c.text for c in us_cards)
        assert not any("$" in c.text for c in uk_cards)
    texts = {c.id: c.text for deck in ("chance", "chest") for c in deck_cards("uk", deck, load_board("uk"))}
    for printed in ("Go back to Old Kent Road", "Pay a £10 fine or take a Chance", "Speeding fine £15"):
        assert printed in texts.values()


@pytest.mark.parametrize(
    "card", [(d, c.id) for d in ("chance", "chest") for c in deck_cards("uk", d, load_board("uk"))], ids="-".join
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
    from rules.edition_file import parse_board
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


# The German Deutsche Mark board (issue 36): what its box prints ------------------------------------------------------

DM_FACTOR = 20
"""Every figure of the DM deeds is the US deed's times 20 (editions/de-dm.toml names its source)."""


def dm(players=("Anna", "Berti", "Carla"), variant="standard", **options):
    return new_game(list(players), game_settings(variant, "de-dm", **options))


def test_the_dm_board_prints_the_us_figures_times_20_in_its_own_streets():
    us, de = find_edition("us"), find_edition("de-dm")
    assert [s.kind for s in de.squares] == [s.kind for s in us.squares]
    for u, d in zip(us.deeds, de.deeds, strict=True):
        assert (d.price, d.mortgage, d.house_cost) == (u.price * 20, u.mortgage * 20, u.house_cost * 20), d.name
        assert d.rents == tuple(r * DM_FACTOR for r in u.rents) and d.group.replace("purple", "brown") == u.group
    assert de.railroad_rents == tuple(r * DM_FACTOR for r in us.railroad_rents)
    assert (de.starting_cash, de.go_salary, de.jail_fine) == (30000, 4000, 1000)
    assert (de.income_tax, de.luxury_tax, de.utility_multipliers) == (4000, 2000, (4, 10))
    names = [d.name for d in de.deeds]
    assert names[0] == "Badstraße" and names[-2:] == ["Parkstraße", "Schloßallee"] and "Opernplatz" in names
    assert de.square_name(SquareKind.LUXURY_TAX) == "Zusatzsteuer" and de.money(30000) == "30.000 DM"


@pytest.mark.parametrize(
    ("typed", "deed"),
    [
        ("schlossallee", "Schloßallee"),  # ß and ss are one letter to the names' key
        ("Schloßallee", "Schloßallee"),
        ("muenchner strasse", "Münchner Straße"),  # typed without umlauts
        ("Münchener Straße", "Münchner Straße"),  # the older spelling
        ("suedbahnhof", "Südbahnhof"),
        ("e-werk", "Elektrizitätswerk"),
        ("badstr", "Badstraße"),
    ],
)
def test_dm_streets_are_found_as_families_type_them(typed, deed):
    assert find_edition("de-dm").deed(typed).name == deed


def test_a_dm_game_starts_with_30000_each_and_charges_the_board_figures():
    """seed 000, PREPARATION ("Each player is given $1500"), with the edition's figure: 30.000 DM each, the bank
    owing the players' money; GO, jail, both taxes and the German cards in DM."""
    from rules import JailAction, Next, Tax
    from rules.words import TaxChoice

    s = dm()
    assert [p.cash for p in s.players] == [30000] * 3 and s.bank == -90000 and conserved(s)
    assert apply(s, Go("Anna")).state.players[0].cash == 34000
    assert apply(s, Tax("Anna", "income", TaxChoice.FLAT)).summary == ("Anna pays the 4.000 DM Income Tax to the bank")
    assert apply(s, Tax("Anna", "luxury")).summary == "Anna pays Zusatzsteuer of 2.000 DM to the bank"
    jailed = apply(s, JailAction("Anna", "send")).state
    for _ in range(3):  # round the table to Anna's next turn
        jailed = apply(jailed, Next()).state
    assert apply(jailed, JailAction("Anna", "fine")).state.players[0].cash == 29000
    assert apply(s, Card("Anna", "chest", "geburtstag")).state.players[0].cash == 32000
    out = apply(s, Card("Anna", "chance", "strafe_oder_gemeinschaftskarte"))
    assert out.state.players[0].cash == 29800
    assert "take a Community Chest card instead" in out.summary and "`card Anna chest <card>`" in out.summary


def test_the_rule_books_dollar_figures_scale_with_the_editions_money():
    """The rule books' figures for the US box, which starts each player with $1,500 (docs/rulings.md, "Figures in
    other money"): Darrow's $75 Luxury Tax (seed 001; the 1935 board) is 1.500 DM on a board that starts with
    30.000 DM, and the new-game options' printed figures and bounds follow (the luxury tax's 75 or 100 is 1.500 or
    2.000 DM, the pot's 5,000 is 100.000 DM); on a board that starts with 1,500 they are as printed."""
    from rules.options import BY_KEY

    de = find_edition("de-dm")
    assert [de.scaled(n) for n in (75, 100, 5000, 1)] == [1500, 2000, 100000, 20]
    assert find_edition("uk").scaled(75) == 75
    assert dm(variant="darrow-1935", players=("Anna", "Berti", "Carla", "Dora")).luxury_tax == 1500
    assert dm().luxury_tax == 2000 and dm(luxury_tax=1500).luxury_tax == 1500
    luxury = BY_KEY["luxury_tax"].on_board(de.scaled)
    assert luxury.choices == (1500, 2000) and BY_KEY["free_parking_start"].on_board(de.scaled).most == 100000
    assert BY_KEY["time_limit_minutes"].on_board(de.scaled).most == 24 * 60  # minutes are not money
    with pytest.raises(RuleError, match=r"75 DM is not a printed figure: 1\.500 DM or 2\.000 DM"):
        game_settings("standard", "de-dm", luxury_tax=75).checked()
    game_settings("standard", "de-dm", free_parking=True, free_parking_start=100000).checked()


@pytest.mark.parametrize(
    ("edition", "typed", "deed"),
    [
        ("uk", "Fenchurch Street Station", "Fenchurch St. Station"),
        ("uk", "Liverpool Street Station", "Liverpool St. Station"),
        ("uk", "liverpool street", "Liverpool St. Station"),
        ("uk", "Angel Islington", "The Angel Islington"),
        ("uk", "Old Kent Rd", "Old Kent Road"),
        ("uk", "Pentonville Rd", "Pentonville Road"),
        ("us", "Saint Charles Place", "St. Charles Place"),
        ("us", "Saint James Place", "St. James Place"),
        ("us", "B and O Railroad", "B. & O. Railroad"),
    ],
)
def test_names_as_families_write_them_find_their_deed(edition, typed, deed):
    """Issue 36: a name spelt out in full ("Fenchurch Street Station" for the printed "Fenchurch St. Station") or as
    families write it is an alias in the edition's file, so `rent bob liverpool street station` finds the deed. An
    alias must not make a short prefix ambiguous: "Baltimore and Ohio Railroad" made "balt" no longer Baltic Avenue
    (found by the dialogs' tests), so the B&O is "B and O Railroad" only."""
    state = new_game(["Ann", "Bob"], game_settings(edition=edition))
    assert state.deed(typed).name == deed
    assert parse(f"rent bob {typed}", state).deed == deed
    assert edition != "us" or state.deed("balt").name == "Baltic Avenue"
