"""The five rule systems as data (seed 000-004), their lookup and the game settings."""

import pytest

from rules import HouseRules, RuleError, Settings, new_game
from rules.variants import EndRule, IncomeTax, JailRule, all_variants, find_variant
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
