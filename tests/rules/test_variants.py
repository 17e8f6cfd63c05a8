"""The five rule systems as data (seed 000-004), their lookup and the game settings."""

import tomllib

import pytest

from rules import HouseRules, RuleError, Settings, new_game
from rules.data import read_text
from rules.variants import EndRule, IncomeTax, JailRule, all_variants, find_variant
from rules.words import TaxChoice
from tests.kit.conservation import conserved
from tests.kit.games import fresh

SEEDS = {
    "standard": "seed 000",
    "short-1973": "seed 000",
    "short-1990s": "seed 003",
    "time-limit": "seed 002",
    "darrow-1935": "seed 001",
}


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.key)
def test_each_variant_cites_its_seed(variant):
    assert SEEDS[variant.key] in variant.seeds


@pytest.mark.parametrize(
    "name,key",
    [
        ("Short-1973", "short-1973"),
        ("darrow", "darrow-1935"),
        ("1935", "darrow-1935"),
        ("short90", "short-1990s"),
        ("TIMED", "time-limit"),
        ("classic", "standard"),
    ],
)
def test_lookup_by_alias(name, key):
    assert find_variant(name).key == key


def test_unknown_variant_lists_the_choices():
    with pytest.raises(RuleError) as e:
        find_variant("speed die")
    for key in SEEDS:
        assert key in e.value.message


@pytest.mark.parametrize(
    "key,attrs",
    [
        ("short-1973", {"deal_count": 2, "deal_paid": True, "hotel_level": 4, "end": EndRule.SECOND_BANKRUPTCY}),
        (
            "short-1990s",
            {
                "deal_count": 3,
                "deal_paid": False,
                "income_tax": IncomeTax.FLAT,
                "jail": JailRule.NEXT_TURN,
                "end": EndRule.FIRST_BANKRUPTCY,
            },
        ),
        ("time-limit", {"deal_count": 2, "deal_paid": True, "end": EndRule.TIME_LIMIT}),
        (
            "darrow-1935",
            {
                "buy_at_price": False,
                "income_tax": IncomeTax.DARROW,
                "transfer_free_of_mortgage": True,
                "min_players": 2,
                "max_players": 9,
                "luxury_tax": 75,
            },
        ),
        ("standard", {"deal_count": 0, "hotel_level": 5, "end": EndRule.LAST_STANDING, "income_tax": IncomeTax.CHOICE}),
    ],
)
def test_variant_settings_follow_the_seeds(key, attrs):
    v = find_variant(key)
    for name, value in attrs.items():
        assert getattr(v, name) == value, name


@pytest.mark.parametrize(
    "key,low,high",
    [("standard", 2, 8), ("short-1973", 2, 8), ("short-1990s", 2, 8), ("time-limit", 2, 8), ("darrow-1935", 2, 9)],
    ids=["standard", "short-1973", "short-1990s", "time-limit", "seed001-any-number-preferably-four-to-nine"],
)
def test_player_counts(key, low, high):
    names = [f"P{i}" for i in range(12)]
    extra = {"time_limit_minutes": 60} if key == "time-limit" else {}
    assert len(new_game(names[:low], Settings(variant=key, **extra)).players) == low
    assert len(new_game(names[:high], Settings(variant=key, **extra)).players) == high
    for bad in (low - 1, high + 1):
        with pytest.raises(RuleError, match=f"{low} to {high} players"):
            new_game(names[:bad], Settings(variant=key, **extra))


@pytest.mark.parametrize("n", [2, 3], ids=["seed001-two-players", "seed001-three-players"])
def test_darrow_fewer_than_four_players_seed001(n):
    """seed 001: "The game of MONOPOLY can be played by any number of players, preferably four to nine": four is
    the book's preference, not its minimum."""
    state = fresh(n, "darrow-1935")
    assert [p.cash for p in state.players] == [1500] * n and conserved(state)


def test_darrow_summary_gives_the_books_preference_seed001():
    """The new-game screen shows the variant's summary: it says who may play and what the book prefers."""
    summary = find_variant("darrow-1935").summary
    assert "2 to 9 players" in summary and "four to nine" in summary


def test_duplicate_and_reserved_names_refused():
    with pytest.raises(RuleError, match="two players"):
        new_game(["Ann", "ann"])
    with pytest.raises(RuleError, match="command word"):
        new_game(["Ann", "bank"])


@pytest.mark.parametrize(
    "tokens", [["car", "dog", "hat"], ["car", "dog", "hat", "iron", "ship"]], ids=["one-missing", "one-extra"]
)
def test_tokens_one_per_player_or_none_seed000_preparation(tokens):
    """seed 000, PREPARATION: "Each player chooses one token"; a missing or extra token is refused, never padded."""
    with pytest.raises(RuleError, match=f"4 players but {len(tokens)} tokens") as refused:
        new_game(["Ann", "Bob", "Cy", "Dee"], tokens=tokens)
    assert refused.value.rule == "seed 000, PREPARATION"
    assert [p.token for p in new_game(["Ann", "Bob"]).players] == ["", ""]
    assert [p.token for p in new_game(["Ann", "Bob"], tokens=["car", "dog"]).players] == ["car", "dog"]


def test_settings_luxury_tax_and_house_rules():
    assert fresh().luxury_tax == 100 and fresh(luxury_tax=75).luxury_tax == 75
    assert fresh(4, "darrow-1935").luxury_tax == 75
    s = fresh(3, house_rules=HouseRules(free_parking=True, free_parking_start=500))
    assert s.pot == 500 and conserved(s)
    assert fresh(3, "standard", edition="uk").board.currency == "£"


def test_time_limit_needs_an_agreed_length_seed002():
    with pytest.raises(RuleError, match="agreed length"):
        new_game(["Ann", "Bob"], Settings(variant="time-limit"))


@pytest.mark.parametrize(
    "key,ends,time,jail_next,choices",
    [
        ("standard", [False, False, False], False, False, (TaxChoice.FLAT, TaxChoice.PERCENT)),
        ("short-1973", [False, True, True], False, False, (TaxChoice.FLAT, TaxChoice.PERCENT)),
        ("short-1990s", [True, True, True], False, True, (TaxChoice.FLAT,)),
        ("time-limit", [False, False, False], True, False, (TaxChoice.FLAT, TaxChoice.PERCENT)),
        ("darrow-1935", [False, False, False], False, False, (TaxChoice.PERCENT,)),
    ],
    ids=["seed000", "seed000-short-rule3", "seed003-short-rules-3-4-5", "seed002-time-limit", "seed001"],
)
def test_what_the_engine_asks_of_each_variant(key, ends, time, jail_next, choices):
    """The variant answers for its rule book: which bankruptcy ends the game, a time limit, the jail timer and the
    Income Tax options."""
    v = find_variant(key)
    assert [v.ends_at_bankruptcy(n) for n in (1, 2, 3)] == ends
    assert v.play_ceases_at_bankruptcy(2) is (key == "short-1973") and not v.play_ceases_at_bankruptcy(1)
    assert (v.may_end_by_time, v.leaves_jail_next_turn, v.income_tax_choices) == (time, jail_next, choices)
    # the engine's own words for the tax action, not words of their own to translate (issue 20)
    assert all(type(c) is TaxChoice for c in v.income_tax_choices)
    assert v.income_tax_at_mortgage_values is (key == "darrow-1935")


def _variant_toml(key: str = "standard") -> dict:
    import tomllib

    from rules.data import read_text

    return tomllib.loads(read_text(f"variants/{key}.toml"))


@pytest.mark.parametrize(
    "mutate,match",
    [
        (lambda d: d.update(speed_die=True), "speed_die: not a variant setting"),
        (lambda d: d.pop("jail"), "jail: missing"),
        (lambda d: d.update(end="sudden_death"), "end: 'sudden_death' is not one of 'last_standing'"),
        (lambda d: d.update(income_tax="choise"), "income_tax: 'choise' is not one of 'choice', 'flat', 'darrow'"),
        (lambda d: d.update(deal_paid="yes"), "deal_paid: must be true or false, not 'yes'"),
        (lambda d: d.update(max_players="8"), "max_players: must be a whole number from 2, not '8'"),
        (lambda d: d.update(houses_before_hotel=True), "houses_before_hotel: must be a whole number from 1"),
        (lambda d: d.update(min_players=9), r"max_players: 8 is fewer than min_players \(9\)"),
        (lambda d: d.update(aliases="classic"), "aliases: must be a list of names"),
        (lambda d: d.update(title=""), "title: must be some text"),
        (lambda d: d.update(luxury_tax=-75), "luxury_tax: must be a whole number from 0"),
    ],
    ids=[
        "unknown-key",
        "missing-field",
        "unknown-end",
        "misspelt-income-tax",
        "flag-as-text",
        "count-as-text",
        "count-as-bool",
        "fewer-max-than-min",
        "aliases-not-a-list",
        "empty-title",
        "negative-luxury-tax",
    ],
)
def test_bad_variant_files_are_refused_naming_file_and_key(mutate, match):
    """Like the board, a variant file is checked on load: nothing half-read reaches a game."""
    from rules.variants import VariantDataError, parse_variant

    data = _variant_toml()
    mutate(data)
    with pytest.raises(VariantDataError, match=match) as refused:
        parse_variant(data, source="variants/broken.toml")
    assert str(refused.value).startswith("variants/broken.toml: ")


@pytest.mark.parametrize("key", [v.key for v in all_variants()])
def test_the_shipped_variant_files_pass_the_checks(key):
    from rules.variants import parse_variant

    assert parse_variant(_variant_toml(key)) == find_variant(key)


def test_a_variant_file_names_its_own_key(monkeypatch):
    """A file whose key is not its name (a copy left unedited) is refused rather than loaded under the wrong name."""
    from rules import variants
    from rules.data import HERE

    monkeypatch.setattr(variants, "parsed", lambda _path, parse: parse(HERE / "variants/standard.toml"))
    variants.load_variant.cache_clear()
    try:
        with pytest.raises(variants.VariantDataError, match="variants/short-1973.toml: key: 'standard'"):
            variants.load_variant("short-1973")
    finally:
        monkeypatch.undo()
        variants.load_variant.cache_clear()


def test_a_summary_names_amounts_in_the_editions_money():
    """seed 003, SHORT GAME rule 4: a flat Income Tax, the board's figure ($200, £200), in the edition's money; a
    summary that writes a sign of its own is refused when the file is read."""
    from rules.editions import load_board
    from rules.variants import VariantDataError, parse_variant

    short = find_variant("short-1990s")
    assert "flat $200 tax" in short.summary_on(load_board("us"))
    assert "flat £200 tax" in short.summary_on(load_board("uk"))
    for variant in all_variants():
        assert "$" not in variant.summary_on(load_board("uk")), variant.key
    data = tomllib.loads(read_text("variants/short-1990s.toml"))
    with pytest.raises(VariantDataError, match="summary"):
        parse_variant({**data, "summary": "flat $200 tax"})
    with pytest.raises(VariantDataError, match="summary"):
        parse_variant({**data, "summary": "flat {income} tax"})
