"""Issue 22 in a real terminal (tmux, the installed ``banker``): where a banker meets each fix. The oracle is
``banker log`` and ``banker state --json`` on the same database."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from tests.kit.terminal import MARKS, Terminal

pytestmark = MARKS


@pytest.mark.parametrize(
    ("names", "line", "refusal"),
    [
        (("kim", "al", "ann"), "collect kim 7 from a", '"a" could be each, al or ann'),
        (("kim", "bob", "bea"), "pay kim 7 to b", '"b" could be bank, bob or bea'),
    ],
)
def test_a_prefix_two_players_share_is_refused_at_the_command_line(tmp_path, names, line, refusal):
    with Terminal(tmp_path, 80, 24) as term:
        term.banker("new", "standard", *names)
        term.launch(ready="Mortgage")
        term.command_line()
        term.run_line(line)
        term.wait_for(refusal)
        assert term.typed() == [] and set(term.cash().values()) == {1500}
        term.quit()


def test_a_time_limit_game_reopened_past_its_deadline_ends_at_the_deadline_and_records_nothing_more(tmp_path):
    """seed 002, TIME LIMIT GAME: the game ended while Banker was closed ends when it is opened, stamped with the
    deadline; undone from another terminal, the table says Time is up in the header and refuses what is typed."""
    with Terminal(tmp_path, 100, 30) as term:
        term.banker("new", "time-limit", "kim", "al", "--minutes", "1")
        term.do("deal random 3")
        with sqlite3.connect(term.env["BANKER_DB"]) as conn:
            started = (datetime.now(UTC) - timedelta(minutes=6)).isoformat(timespec="milliseconds")
            conn.execute("UPDATE games SET created = ?", (started,))
        conn.close()
        term.launch(ready="Final standings")
        assert term.typed() == ["deal random 3", "end time"]
        exported = json.loads(term.banker("export", "--format", "json").stdout)
        assert exported["game"]["duration_minutes"] == 1  # the agreed minute, not the 6 until it was opened
        term.escape(lambda s: "GAME OVER" in s, "the table")
        term.do("undo")  # another terminal takes the end back
        term.wait_until(lambda s: "GAME OVER" not in s and "Time is up" in s, "the game open past its deadline")
        term.command_line()
        term.run_line("pay kim 10 to al")
        term.wait_for("time is up")
        done = term.banker("do", "pay", "kim", "10", "to", "al", check=False)
        assert done.returncode == 2 and "time is up" in done.stderr
        assert term.typed() == ["deal random 3", "end time", "undo"]
        term.quit()


@pytest.mark.parametrize("size", [(100, 30), (120, 40)], ids=["100x30", "120x40"])
def test_every_key_is_on_the_bar_from_100_columns(tmp_path, size):
    """Issue 22: U (undo to here), Ctrl+N and the saved games were missing from the bar; Quit stays in view."""
    with Terminal(tmp_path, *size) as term:
        term.banker("new", "standard", "ann", "bob")
        screen = term.launch()
        for shown in ("U Undo to", "^n New game", "^o Games", "^p Palette", "q Quit"):
            assert shown in screen, shown
        term.keys("C-o")
        term.wait_for("saved games")
