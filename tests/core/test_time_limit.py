"""seed 002, TIME LIMIT GAME: "agree upon a definite hour of termination, when the richest player will be declared
the winner". Past the deadline nothing played counts, in the app and ``banker do`` alike (one session path); a game
whose deadline passed while Banker was closed ended at the deadline (issue 22)."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from banker.cli.main import main
from banker.reports.report import report
from banker.session import Session
from rules import Settings

TIME = Settings(variant="time-limit", time_limit_minutes=1)


def _started_ago(db, game_id: int, minutes: int) -> None:
    """Move the game's start back, as if it had been set up ``minutes`` ago."""
    conn = sqlite3.connect(db)
    start = (datetime.now(UTC) - timedelta(minutes=minutes)).isoformat(timespec="milliseconds")
    with conn:
        conn.execute("UPDATE games SET created = ? WHERE id = ?", (start, game_id))
    conn.close()


@pytest.fixture
def game(tmp_path):
    db = tmp_path / "t.db"
    with Session.create(db, ["Ann", "Bob"], TIME) as s:
        assert s.execute("deal random 3").ok
        game_id = s.game_id
    _started_ago(db, game_id, 6)  # a 1-minute game opened again 6 minutes after it started
    return db, game_id


def test_nothing_played_after_the_deadline_counts_seed002(game):
    db, game_id = game
    with Session.open(db, game_id) as s:
        assert s.time_is_up()
        cash = [p.cash for p in s.state.players]
        reply = s.execute("pay ann 100 to bob")
        assert not reply.ok and "time is up" in reply.message and "`end time`" in reply.message
        assert "time is up: the game's minute is over, so" in reply.message  # not "1 minute are over" (review)
        assert not s.preview("pay ann 100 to bob").ok
        assert [p.cash for p in s.state.players] == cash
        assert s.execute("end time").ok and s.state.over
        # the end taken back (to correct the record), the game is open past its deadline: still nothing counts
        assert s.execute("undo").ok and not s.state.over
        assert not s.execute("pay ann 100 to bob").ok
        assert s.execute("redo").ok and s.state.over
        assert [p.cash for p in s.state.players] == cash


def test_the_end_recorded_late_is_stamped_at_the_deadline_seed002(game):
    db, game_id = game
    with Session.open(db, game_id) as s:
        assert s.execute("end time").ok
        rep = report(s)
        deadline = s.deadline()
    assert deadline is not None
    assert datetime.fromisoformat(rep.ended) == deadline
    assert rep.duration_minutes == 1  # the agreed time, not the 6 minutes until the app was opened again


def test_an_end_by_agreement_before_the_deadline_keeps_its_own_time(tmp_path):
    with Session.create(tmp_path / "a.db", ["Ann", "Bob"], Settings(variant="time-limit", time_limit_minutes=60)) as s:
        assert s.execute("deal random 3").ok and s.execute("pay ann 10 to bob").ok
        assert s.execute("end").ok
        rep = report(s)
        assert rep.ended == s.log()[-1].time and rep.duration_minutes == 0


def test_end_time_before_the_agreed_time_is_refused_seed002(tmp_path):
    """Found in review: `end time` 23 s before the deadline was recorded "(time is up)". Seed 002, TIME LIMIT GAME:
    the game ends at the agreed hour; before it, only by agreement (`end`), and the refusal says so."""
    with Session.create(tmp_path / "a.db", ["Ann", "Bob"], Settings(variant="time-limit", time_limit_minutes=60)) as s:
        assert s.execute("deal random 3").ok
        reply = s.execute("end time")
        assert not reply.ok and "not up yet (60 minutes left)" in reply.message and "`end`" in reply.message
        assert not s.state.over and [e.text for e in s.log()] == ["deal random 3"]


def test_banker_do_after_the_deadline_is_refused_seed002(game, capsys):
    db, game_id = game
    assert main(["do", "pay", "ann", "100", "to", "bob", "--db", str(db)]) == 2
    assert "time is up" in capsys.readouterr().err
    assert main(["do", "end", "time", "--db", str(db)]) == 0
    with Session.open(db, game_id) as s:
        assert [e.text for e in s.log()] == ["deal random 3", "end time"]
