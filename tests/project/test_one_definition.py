"""Each limit and figure the parser and the engine share has one definition (issue 14): the largest amount, the
dice totals, the half-price building refund and a new game's settings."""

import pytest

from banker import commands
from banker.cli.commands import _settings
from banker.cli.parser import build_parser
from rules import fields, money, rent, words
from rules.state import HouseRules, Settings, game_settings, new_game
from tests.kit.games import fresh, own


def test_the_parser_refuses_amounts_above_the_engines_limit():
    assert commands.MAX_AMOUNT is money.MAX_AMOUNT is fields.MAX_AMOUNT is words.MAX_AMOUNT
    assert commands.parse_amount(f"{words.MAX_AMOUNT}") == words.MAX_AMOUNT
    with pytest.raises(commands.CommandError, match="absurd"):
        commands.parse_amount(f"{words.MAX_AMOUNT + 1}")


@pytest.mark.parametrize("roll", [0, 1, 2, 7, 12, 13, True, "7", None])
def test_the_parser_and_the_engine_agree_on_the_dice(roll):
    s = own(fresh(), 0, "Electric Company")
    engine = rent.is_roll(roll)
    assert engine == (isinstance(roll, int) and not isinstance(roll, bool) and 2 <= roll <= 12)
    if isinstance(roll, int) and not isinstance(roll, bool):
        for line in (f"rent bob electric dice {roll}", f"show rent electric dice {roll}"):
            if engine:
                assert commands.parse(line, s).dice == roll
            else:
                with pytest.raises(commands.CommandError, match="not a roll of two dice"):
                    commands.parse(line, s)


def test_the_building_refund_is_half_the_cost_per_level():
    boardwalk = fresh().deed("Boardwalk")
    assert money.building_refund(boardwalk) == boardwalk.house_cost // 2 == 100
    assert money.building_refund(boardwalk, 5) == 5 * boardwalk.house_cost // 2


def test_every_way_of_starting_builds_the_same_settings():
    line = "new standard Ann Bob edition uk free-parking 500 double-go no-auctions luxury-tax 75"
    names, parsed = commands.parse_new(line)
    cli = build_parser().parse_args(
        ["new", "standard", "Ann", "Bob", "--edition", "uk", "--free-parking", "500", "--double-go"]
        + ["--no-auctions", "--luxury-tax", "75"]
    )
    built = game_settings(
        "standard", "uk", luxury_tax=75, free_parking=True, free_parking_start=500, double_go=True, no_auctions=True
    )
    assert built == Settings(
        "standard",
        "uk",
        75,
        HouseRules(free_parking=True, free_parking_start=500, double_go=True, no_auctions=True),
        cards="uk",  # the UK edition's own decks (rules/data/cards_uk.toml)
    )
    assert parsed == new_game(names, built).settings == new_game(cli.players, _settings(cli)).settings
