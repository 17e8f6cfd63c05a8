"""The options of a new game are declared once (rules/options.py, issue 24): every front end is built from the
records, so a house rule with no record, or a record some front end ignores, fails here."""

import argparse
import dataclasses
from pathlib import Path

import pytest

from banker import settings
from banker.cli.commands import _settings
from banker.cli.parser import build_parser
from banker.commands import parse_new
from rules.names import RESERVED_WORDS
from rules.options import BY_KEY, OPTIONS, follower, options_markdown
from rules.state import HouseRules, Settings, game_settings

DOCS = Path(__file__).parents[2] / "docs"


def _new_help() -> str:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices["new"].format_help()


def test_every_house_rule_has_a_record():
    fields = {f.name for f in dataclasses.fields(HouseRules)}
    assert fields == {o.key for o in OPTIONS if o.house_rule}
    settings_fields = {f.name for f in dataclasses.fields(Settings)}
    assert {o.key for o in OPTIONS if not o.house_rule} <= settings_fields


def test_the_front_ends_read_every_record():
    flags = {w for w in _new_help().split() if w.startswith("--")}
    defaults = {f.name for f in dataclasses.fields(settings.NewGameDefaults)}
    for o in OPTIONS:
        assert o.key in defaults
        if not o.follows:
            assert o.flag in flags and o.word in RESERVED_WORDS
    assert options_markdown() in (DOCS / "commands.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("option", [o for o in OPTIONS if not o.follows], ids=lambda o: o.key)
def test_each_option_means_the_same_in_the_new_line_and_the_cli(option):
    """The `new` word and the `banker new` flag of each option give the same settings as game_settings."""
    after = follower(option)
    if option.kind is bool:
        words, flags = [option.word], [option.flag]
        expected = {option.key: True}
        if after is not None:
            words, flags = [option.word, "500"], [option.flag, "500"]
            expected[after.key] = 500
    else:
        value = option.choices[0] if option.choices else option.most
        words, flags, expected = [option.word, str(value)], [option.flag, str(value)], {option.key: value}
    variant = "time-limit" if option.key == "time_limit_minutes" else "standard"
    _, line = parse_new(" ".join(["new", variant, "Ann", "Bob", *words]))
    cli = build_parser().parse_args(["new", variant, "Ann", "Bob", *flags])
    assert line == _settings(cli) == game_settings(variant, **expected)


def test_a_house_rule_is_described_in_the_games_money():
    house = HouseRules(free_parking=True, free_parking_start=500, double_go=True)
    assert house.describe(lambda n: f"£{n:,}") == [
        "Free Parking pot (starts with £500)",
        "double salary for landing on GO",
    ]
    assert BY_KEY["free_parking_start"].follows == "free_parking"


def test_the_editions_table_is_the_editions():
    """docs/editions.md's table is built from the edition files (rules/editions.py, issue 24)."""
    from rules.editions import editions_markdown

    assert editions_markdown() in (DOCS / "editions.md").read_text(encoding="utf-8")


def test_the_edition_keys_table_in_the_docs_is_the_bounds_table():
    """docs/editions.md's tables of what each key of an edition file holds are made from the tables that bound them
    (issue 31): regenerate from ``rules.edition_file.keys_markdown()``."""
    from rules.edition_file import keys_markdown

    assert keys_markdown() in (DOCS / "editions.md").read_text(encoding="utf-8")
