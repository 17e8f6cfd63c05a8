"""Turn order and the end of the game (seed 000, THE PLAY; seed 002, TIME LIMIT GAME)."""

import pytest

from rules import RuleError, Settings, apply, new_game
from rules.actions import End, JailAction, Next, Rent, Turn
from rules.jail import jail_status
from rules.valuation import winner
from tests.kit.games import fresh, own, set_cash


def test_turn_and_next_count_turns():
    s = fresh(3)
    s = apply(s, Turn("Bob")).state
    assert (s.turn, s.turn_no) == (1, 2)
    s = apply(s, Next()).state
    assert (s.turn, s.turn_no) == (2, 3)
    s = apply(s, Next()).state
    assert (s.turn, s.turn_no) == (0, 4)


def test_next_skips_bankrupt_players():
    s = set_cash(fresh(4), 1, 0).with_player(1, bankrupt=True)
    assert apply(s, Next()).state.turn == 2


def test_turn_to_a_bankrupt_player_refused():
    s = set_cash(fresh(3), 1, 0).with_player(1, bankrupt=True)
    with pytest.raises(RuleError, match="bankrupt"):
        apply(s, Turn("Bob"))


def test_turn_order_never_blocks_rent():
    s = own(fresh(3), 0, "Boardwalk")
    s = apply(s, Turn("Cy")).state
    out = apply(s, Rent("Bob", "Boardwalk"))
    assert out.state.players[1].cash < 1500


def test_jail_timer_counts_turns():
    s = apply(fresh(3), JailAction("Ann", "send")).state
    s = apply(apply(apply(s, Next()).state, Next()).state, Next()).state
    assert jail_status(s, 0) == "in jail, turn 1 of 3"


def test_end_by_agreement_richest_wins():
    s = set_cash(fresh(3), 1, 2000)
    out = apply(s, End())
    assert out.state.over and out.state.end_reason == "by agreement"
    assert winner(out.state) == "Bob" and "Bob wins" in out.summary


def test_time_up_only_in_time_limit_game_seed002():
    with pytest.raises(RuleError, match="no time limit"):
        apply(fresh(3), End("time"))
    out = apply(fresh(3, "time-limit"), End("time"))
    assert out.state.end_reason == "time is up"


def test_tie_has_no_single_winner():
    out = apply(fresh(3), End("agreement"))
    assert winner(out.state) is None and "tie" in out.summary


def test_end_refusals():
    with pytest.raises(RuleError, match="not a reason"):
        apply(fresh(3), End("boredom"))
    s = apply(fresh(3), End()).state
    with pytest.raises(RuleError, match="already over"):
        apply(s, End())


def test_winner_while_playing():
    assert winner(fresh(3)) is None
    s = set_cash(set_cash(fresh(3), 1, 0), 2, 0).with_player(1, bankrupt=True).with_player(2, bankrupt=True)
    assert winner(s) == "Ann"


@pytest.mark.parametrize(
    ("settings", "started", "expected"),
    [
        (
            Settings(variant="time-limit", time_limit_minutes=90),
            "2026-11-22T19:00:00+00:00",
            "2026-11-22T20:30:00+00:00",
        ),
        (Settings(variant="time-limit", time_limit_minutes=60), "2026-11-22T19:00:00", "2026-11-22T20:00:00+00:00"),
        (Settings(), "2026-11-22T19:00:00+00:00", None),
    ],
    ids=["seed002-time-limit-90-minutes", "seed002-no-zone-is-utc", "standard-has-no-deadline"],
)
def test_the_time_limit_games_deadline_seed002(settings, started, expected):
    """seed 002, TIME LIMIT GAME: the game ends at the agreed time, counted from its start."""
    state = new_game(["Ann", "Bob"], settings)
    deadline = state.deadline(started)
    assert (deadline.isoformat() if deadline else None) == expected


def test_a_length_too_large_to_be_a_time_never_ends_the_game():
    """An older Banker accepted any length; such a game is rebuilt as recorded (check=False) and has no deadline."""
    state = new_game(["Ann", "Bob"], Settings(variant="time-limit", time_limit_minutes=9_999_999_999_999), check=False)
    assert state.deadline("2026-11-22T19:00:00+00:00") is None


@pytest.mark.parametrize("reason", ["timeisup", "timeup", "agreed", "agree", "", "Time"])
def test_engine_takes_only_the_canonical_end_reason(reason):
    """The command language reads "agreed" and the rest once; the engine refuses them (issue 14)."""
    with pytest.raises(RuleError, match="not a reason to end") as e:
        apply(fresh(3, "time-limit"), End(reason))
    assert e.value.rule == "end of game"
