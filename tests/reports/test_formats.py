"""The export formats on a hand-made report: CSV opens as a table, JSON reads back, Markdown is a pasteable table."""

from __future__ import annotations

import csv
import io
import json

import pytest

from banker.reports.exports import CSV_COLUMNS, from_dict, md_cell, to_csv, to_dict, to_markdown
from banker.reports.files import write_export
from banker.reports.formats import render
from banker.reports.report import duration_text
from tests.kit.exports import sample_report


def test_csv_has_one_header_and_one_row_per_player():
    rep = sample_report()
    rows = list(csv.DictReader(io.StringIO(to_csv(rep))))
    assert tuple(rows[0].keys()) == CSV_COLUMNS
    assert [r["name"] for r in rows] == ["Ann", "Bob", "Cy"]
    assert [int(r["total"]) for r in rows] == [4520, 1540, 0]
    assert [r["winner"] for r in rows] == ["yes", "no", "no"]
    assert [r["bankrupt"] for r in rows] == ["no", "no", "yes"]
    # the game's facts repeat on every row, so sorting or filtering in a spreadsheet never loses them
    assert {(r["game"], r["variant"], r["status"], r["duration_minutes"]) for r in rows} == {
        ("7", "short-1973", "final", "86")
    }


def test_csv_amounts_are_plain_integers_a_spreadsheet_can_sum():
    rows = list(csv.reader(io.StringIO(to_csv(sample_report()))))[1:]
    for row in rows:
        for cell in row[2:9]:
            assert cell.lstrip("-").isdigit()


def test_json_round_trip():
    rep = sample_report()
    data = json.loads(render(rep, "json"))
    assert data["format"] == "banker-standings" and data["version"] == 1
    assert data["game"]["winner"] == "Ann" and data["game"]["duration_minutes"] == 86
    assert data["game"]["players"] == ["Bob", "Ann", "Cy"]  # seating order (issue 22: it was the ranking's)
    assert [r["name"] for r in data["standings"]] == ["Ann", "Bob", "Cy"]  # ranking order
    assert from_dict(data) == rep


def test_json_of_a_game_in_progress_is_marked():
    data = to_dict(sample_report(over=False))
    assert data["game"]["status"] == "in progress"
    assert data["game"]["winner"] is None and data["game"]["ended"] is None
    assert data["game"]["duration_minutes"] is None


def test_markdown_table():
    text = to_markdown(sample_report())
    lines = text.splitlines()
    assert lines[0] == "## Final standings"
    assert "**Winner: Ann**, second bankruptcy" in text
    table = [line for line in lines if line.startswith("|")]
    assert len(table) == 2 + 3
    assert {line.count("|") for line in table} == {10}
    assert "| 1 | Ann 🏆 | $1,200 | $1,400 | $120 | 6 | 1 | $1,800 | $4,520 |" in table
    assert "| 3 | Cy (bankrupt) |" in table[4]
    assert "1 h 26 min" in text


def test_markdown_of_a_game_in_progress_says_so():
    text = to_markdown(sample_report(over=False))
    assert "not final" in text.splitlines()[0]
    assert "Winner" not in text


def test_markdown_escapes_pipes():
    assert md_cell("a|b") == "a\\|b"


def test_unknown_format_is_refused():
    with pytest.raises(ValueError, match="unknown export format"):
        render(sample_report(), "xls")


def test_write_export_goes_beside_the_database(tmp_path):
    """Not the global data directory: a folder beside the database in use (BANKER_DB here is tmp/banker.db)."""
    path = write_export(sample_report(), "csv")
    assert path == tmp_path / "banker-exports" / "banker-game-7-final.csv"
    assert path.read_bytes().startswith(b"rank,name,")
    assert b"\r\n" in path.read_bytes()


def test_write_export_to_chosen_dir(tmp_path):
    path = write_export(sample_report(over=False), "md", tmp_path / "out")
    assert path == tmp_path / "out" / "banker-game-7-current.md"


@pytest.mark.parametrize(
    ("minutes", "text"), [(None, ""), (0, "0 min"), (59, "59 min"), (60, "1 h 00 min"), (135, "2 h 15 min")]
)
def test_duration_text(minutes, text):
    assert duration_text(minutes) == text


@pytest.fixture
def tz_plus_one(monkeypatch):
    """A machine one hour east of UTC (a POSIX TZ string: no time-zone database needed)."""
    import time

    monkeypatch.setenv("TZ", "XXX-1")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_csv_times_are_local_as_a_spreadsheet_reads_them(tz_plus_one):
    """Issue 22: the CSV had ISO times (2026-11-22T03:00:00+00:00), which spreadsheets keep as text."""
    import csv
    import io

    row = next(csv.DictReader(io.StringIO(render(sample_report(), "csv"))))
    assert (row["created"], row["ended"]) == ("2026-11-22 04:00:00", "2026-11-22 05:25:30")


def test_the_saved_games_list_shows_local_times(tz_plus_one):
    from banker.journal import GameListing
    from banker.tui.screens.games import GamesScreen

    g = GameListing(3, "2026-11-24T06:13:00.000+00:00", "", "standard", "us", False, None, ("Ann", "Bob"))
    assert GamesScreen.describe(g) == "#3  standard US  Ann, Bob  (unfinished; started 24 Nov 2026, 07:13)"
