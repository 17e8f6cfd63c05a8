"""``banker export``, ``banker qr`` and ``banker leaderboard`` through the real entry point's parser."""

from __future__ import annotations

import csv
import io
import json

from banker.cli.main import main
from banker.journal import Journal
from tests.kit.exports import needs_zbarimg, zbar
from tests.kit.journal import finished_game


def test_export_prints_json_to_stdout(tmp_path, capsys):
    db = tmp_path / "g.db"
    game = finished_game(db)
    assert main(["export", str(game), "--format", "json", "--db", str(db)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"]["id"] == game and data["game"]["winner"] == "Ann"


def test_out_dash_is_standard_output(tmp_path, capsys, monkeypatch):
    """Found in review: `-o -` wrote a file named `-` (and the next export refused, `-` existing)."""
    db = tmp_path / "g.db"
    game = finished_game(db)
    monkeypatch.chdir(tmp_path)
    for fmt in ("json", "journal"):
        assert main(["export", str(game), "--format", fmt, "-o", "-", "--db", str(db)]) == 0
        assert json.loads(capsys.readouterr().out)
    assert not (tmp_path / "-").exists()


def test_export_uses_the_global_db_option_and_latest_game(tmp_path, capsys):
    db = tmp_path / "g.db"
    finished_game(db)
    assert main(["--db", str(db), "export", "-f", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["name"] for r in rows] == ["Ann", "Bob"]


def test_export_to_a_file(tmp_path, capsys):
    db = tmp_path / "g.db"
    finished_game(db)
    out = tmp_path / "x" / "result.md"
    assert main(["export", "--format", "md", "--out", str(out), "--db", str(db)]) == 0
    assert out.read_text(encoding="utf-8").startswith("## Final standings")
    assert str(out) in capsys.readouterr().err


def test_export_of_an_unknown_game_is_refused(tmp_path, capsys):
    db = tmp_path / "g.db"
    finished_game(db)
    assert main(["export", "99", "--db", str(db)]) == 1
    assert "no game 99" in capsys.readouterr().err


def test_export_with_no_games(tmp_path, capsys):
    assert main(["export", "--db", str(tmp_path / "empty.db")]) == 1
    assert f"there is no Banker database at {tmp_path / 'empty.db'}" in capsys.readouterr().err
    Journal(tmp_path / "empty.db").close()  # a database without a game
    assert main(["export", "--db", str(tmp_path / "empty.db")]) == 1
    assert "there are no games in" in capsys.readouterr().err


@needs_zbarimg
def test_qr_prints_and_saves(tmp_path, capsys):
    db = tmp_path / "g.db"
    game = finished_game(db)
    assert main(["qr", "--out", str(tmp_path / "qr"), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "█" in out and "Saved" in out
    png = tmp_path / "qr" / f"banker-game-{game}-final-qr.png"
    assert zbar(png).splitlines()[1] == "1. Ann $1,900"
    assert (tmp_path / "qr" / f"banker-game-{game}-final-qr.svg").exists()


def test_leaderboard_command(tmp_path, capsys):
    db = tmp_path / "g.db"
    finished_game(db)
    finished_game(db)
    assert main(["leaderboard", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["Ann", "2", "2", "1.00"]
    assert lines[2].split() == ["Bob", "2", "0", "2.00"]
