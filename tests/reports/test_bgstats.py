"""BG Stats: a finished game as BG Stats' push-play link (BG Stats support, "Push plays to BG Stats from other apps
or websites": ``https://app.bgstatsapp.com/createPlay.html?data=<URL-encoded JSON>``), decoded back from the QR code
by zbarimg and checked against that format; from ``banker qr --bgstats`` and from the standings screen's ``b``."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

import rules
from banker.cli.main import main
from banker.reports.bgstats import bgstats_play, bgstats_url
from banker.reports.report import report
from banker.session import Session
from tests.kit.exports import needs_zbarimg, rasterise_svg, sample_report, zbar

PLAY_KEYS = {"sourceName", "sourcePlayId", "game", "playDate", "durationMin", "location", "players"}
PLAYER_KEYS = {"name", "score", "winner", "rank"}


def decode(url: str) -> dict:
    """The play JSON back from a push-play link, checked against the documented shape."""
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    query = parse_qs(parts.query, strict_parsing=True)
    assert list(query) == ["data"] and len(query["data"]) == 1
    assert url.isascii() and " " not in url
    play = json.loads(query["data"][0])
    assert set(play) <= PLAY_KEYS and {"sourceName", "game", "playDate", "players"} <= set(play)
    assert {k: v for k, v in play["game"].items() if k != "sourceGameId"} == {"name": "Monopoly", "bggId": 1406}
    assert re.fullmatch(r"[a-z0-9-]{1,20}", play["game"]["sourceGameId"])
    assert re.fullmatch(r"[0-9a-f]{12}", play["sourcePlayId"])
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    for p in play["players"]:
        assert set(p) <= PLAYER_KEYS and {"name", "score", "winner"} <= set(p)
        assert isinstance(p["score"], int) and isinstance(p["winner"], bool)
    return play


def test_play_maps_the_standings():
    rep = sample_report()
    play = decode(bgstats_url(rep))
    assert play == bgstats_play(rep)
    assert play["sourceName"] == "Banker"
    assert play["durationMin"] == rep.duration_minutes == 86  # 03:00:00 to 04:25:30, rounded
    assert play["players"] == [
        {"name": "Ann", "score": 4520, "winner": True, "rank": 1},
        {"name": "Bob", "score": 1540, "winner": False, "rank": 2},
        {"name": "Cy", "score": 0, "winner": False, "rank": 3},
    ]


def test_play_date_is_the_start_in_local_time(monkeypatch):
    monkeypatch.setenv("TZ", "America/New_York")
    import time

    time.tzset()
    try:
        assert bgstats_play(sample_report())["playDate"] == "2026-11-21 22:00:00"  # 03:00 UTC
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_tie_for_first_has_no_winner():
    rep = sample_report()
    rows = (replace(rep.rows[0], winner=False), replace(rep.rows[1], rank=1), rep.rows[2])
    play = decode(bgstats_url(replace(rep, rows=rows, winner="")))
    assert [p["winner"] for p in play["players"]] == [False, False, False]
    assert [p["rank"] for p in play["players"]] == [1, 1, 3]


def test_names_are_percent_encoded_utf8():
    rep = sample_report()
    rows = (replace(rep.rows[0], name="Zoë & Ødegaard"), *rep.rows[1:])
    url = bgstats_url(replace(rep, rows=rows))
    assert "Zo%C3%AB%20%26%20%C3%98degaard" in url
    assert decode(url)["players"][0]["name"] == "Zoë & Ødegaard"
    assert unquote(url.split("data=", 1)[1]).startswith('{"sourceName":"Banker"')


def test_a_game_in_progress_is_not_a_play():
    with pytest.raises(ValueError, match="still in progress"):
        bgstats_url(sample_report(over=False))


def _finished(db: Path, names=("Ann", "Bob", "Cy")) -> int:
    s = Session.create(db, list(names), rules.Settings(variant="short-1990s"))
    for line in ("deal ann boardwalk", f"rent {names[1]} boardwalk", f"bankrupt {names[2]} to bank"):
        assert s.execute(line).ok
    game = s.game_id
    s.close()
    return game


@needs_zbarimg
def test_cli_qr_bgstats_decodes_to_the_documented_format(tmp_path, capsys):
    db = tmp_path / "g.db"
    game = _finished(db, ("Ann", "Zoë", "Cy"))
    assert main(["qr", "--bgstats", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    folder = tmp_path / "g-exports"
    png, svg = (folder / f"banker-game-{game}-final-bgstats.{ext}" for ext in ("png", "svg"))
    url = zbar(png)
    assert url in out and zbar(rasterise_svg(svg, tmp_path / "svg.png")) == url
    play = decode(url)
    with Session.open(db, game, readonly=True) as s:
        rep = report(s)
    assert play["durationMin"] == rep.duration_minutes
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        (r.name, r.total, r.rank, r.winner) for r in rep.rows
    ]
    assert [p["name"] for p in play["players"] if p["winner"]] == [rep.winner] == ["Ann"]


def test_cli_refuses_a_game_in_progress_in_one_line(tmp_path, capsys):
    db = tmp_path / "g.db"
    Session.create(db, ["Ann", "Bob"], rules.Settings()).close()
    assert main(["qr", "--bgstats", "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err == "banker: game 1 is still in progress; BG Stats records finished plays\n"
    assert not (tmp_path / "g-exports").exists()


@needs_zbarimg
def test_six_players_fit_100_columns_and_a_second_scan_is_the_same_play(tmp_path, capsys):
    """Six players with long names: the terminal's code still fits 100 columns, zbarimg reads it back, and the
    play's sourcePlayId is the same on a second export of the game (BG Stats then updates the play rather than add
    one) and differs for another game; sourceGameId names the rule system."""
    db = tmp_path / "g.db"
    names = ("Ann", "Bartholomew", "Christabel", "Demetrius", "Evangeline", "Florentino")
    game = _finished(db, names)
    assert main(["qr", "--bgstats", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    code = [ln for ln in out.splitlines() if ln and set(ln) <= set("\xa0█▀▄")]
    assert len(code) > 20 and max(len(ln) for ln in code) <= 100
    # the code as the terminal shows it (a two-module light margin) still scans: drawn light-on-dark as a terminal
    # draws it, in a dark frame, and read by zbarimg
    scanned = decode(zbar(_terminal_png(code, tmp_path / "terminal.png")))
    assert sorted(p["name"] for p in scanned["players"]) == sorted(names)
    assert "playDate is when the game started, in this computer's time zone (" in out
    png = tmp_path / "g-exports" / f"banker-game-{game}-final-bgstats.png"
    play = decode(zbar(png))
    assert [p["name"] for p in play["players"]] == [r for r in play_names(db, game)]
    assert play["game"]["sourceGameId"] == "short-1990s"
    assert main(["qr", "--bgstats", "--force", "--db", str(db)]) == 0
    capsys.readouterr()
    assert decode(zbar(png))["sourcePlayId"] == play["sourcePlayId"]
    other = _finished(db, names)
    with Session.open(db, other, readonly=True) as s:
        assert bgstats_play(report(s))["sourcePlayId"] != play["sourcePlayId"]


def play_names(db: Path, game: int) -> list[str]:
    with Session.open(db, game, readonly=True) as s:
        return [r.name for r in report(s).rows]


def _terminal_png(lines: list[str], path: Path, scale: int = 6) -> Path:
    """The terminal's half-block code as an image: a block's cell light, a space dark, a dark frame around it."""
    from PIL import Image

    width, height = max(len(ln) for ln in lines), 2 * len(lines)
    image = Image.new("L", ((width + 8) * scale, (height + 8) * scale), 0)
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            for half, light in ((0, ch in "█▀"), (1, ch in "█▄")):
                if light:
                    box = ((x + 4) * scale, (2 * y + half + 4) * scale)
                    image.paste(255, (*box, box[0] + scale, box[1] + scale))
    image.save(path)
    return path
