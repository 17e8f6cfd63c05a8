"""One settings check for every way a game starts (issue 12, case 2; docs/rulings.md, "Game settings")."""

import pytest

from rules import RuleError, Settings, new_game
from rules.limits import MAX_MINUTES, MAX_POT_START, setting_number
from rules.state import HouseRules


def fp(start):
    return HouseRules(free_parking=True, free_parking_start=start)


@pytest.mark.parametrize(
    ("settings", "why"),
    [
        (Settings(variant="time-limit", time_limit_minutes=9_999_999_999_999), "out of range: 1 to 1,440"),
        (Settings(variant="time-limit", time_limit_minutes=MAX_MINUTES + 1), "out of range"),
        (Settings(variant="time-limit", time_limit_minutes=-5), "out of range"),
        (Settings(variant="time-limit"), "needs an agreed length"),
        (Settings(house_rules=fp(100_000_000_000_000_000_000)), "pot start of .* out of range"),
        (Settings(house_rules=fp(MAX_POT_START + 1)), "out of range"),
        (Settings(house_rules=fp(-1)), "out of range"),
        (Settings(luxury_tax=999), "not a printed figure"),
        (Settings(luxury_tax=-75), "not a printed figure"),
        (Settings(time_limit_minutes=1.5), "whole number"),  # type: ignore[arg-type]  # a wrong type on purpose: the engine refuses it
        (Settings(house_rules=HouseRules(free_parking="yes")), "on or off"),  # type: ignore[arg-type]  # a wrong type on purpose: the engine refuses it
        (Settings(cards="tarot"), "card style"),
        (Settings(variant="chess"), "no variant"),
        (Settings(edition="mars"), "no edition"),
    ],
)
def test_absurd_settings_are_refused(settings, why):
    with pytest.raises(RuleError, match=why):
        settings.checked(2)
    with pytest.raises(RuleError, match=why):
        new_game(["Ann", "Bob"], settings)


@pytest.mark.parametrize(
    "settings",
    [
        Settings(variant="time-limit", time_limit_minutes=1),
        Settings(variant="time-limit", time_limit_minutes=1440),
        Settings(house_rules=fp(0)),
        Settings(house_rules=fp(MAX_POT_START)),
        Settings(luxury_tax=75),
        Settings(luxury_tax=100, edition="UK"),
        Settings(variant="Darrow", cards="2008"),
    ],
)
def test_the_edges_of_the_ranges_are_accepted(settings):
    checked = settings.checked(4)
    assert checked.variant in ("standard", "time-limit", "darrow-1935") and checked.edition in ("us", "uk")


def test_the_player_count_is_the_variants():
    with pytest.raises(RuleError, match="2 to 8 players, not 9"):
        Settings().checked(9)
    with pytest.raises(RuleError, match="2 to 9 players, not 10"):  # seed 001: any number, preferably 4 to 9
        Settings(variant="darrow-1935").checked(10)


@pytest.mark.parametrize(("text", "value"), [("", 0), (" 90 ", 90), ("$500", 500), ("0", 0)])
def test_setting_number_reads_a_field(text, value):
    assert setting_number(text, "pot start") == value


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("-5", "whole number"),
        ("1e3", "whole number"),
        ("12a", "whole number"),
        ("１２", "whole number"),
        ("9" * 5000, "out of range"),
        ("1000000000", "out of range"),
    ],
)
def test_setting_number_refuses_what_is_not_a_short_whole_number(text, why):
    with pytest.raises(RuleError, match=why) as info:
        setting_number(text, "pot start")
    assert len(str(info.value)) < 100
