"""``banker stats``: players across finished games per rule system (never mixed), one player's history and
head-to-head record, and the records read from the journal's events and the engine's outcomes."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import rules
from banker.cli.main import main
from banker.journal import Journal
from banker.reports import stats, story
from banker.reports.leaderboard import leaderboard
from banker.session import Session


def play(db, variant: str, names: list[str], lines: list[str]) -> int:
    session = Session.create(db, names, rules.Settings(variant=variant))
    for line in lines:
        reply = session.execute(line)
        assert reply.ok, f"{line}: {reply.message}"
    game = session.game_id
    session.close()
    return game


SHORT_A = [
    "deal ann boardwalk",
    "deal ann park place",
    "deal bob reading",
    "build ann boardwalk 3",
    "rent bob boardwalk",  # $600 on Boardwalk with 2 houses
    "rent cy park place",  # $175
    "bankrupt cy to ann",
]  # the short game (1990s) ends at the first bankruptcy
SHORT_B = [
    "deal bob boardwalk",
    "deal cy mediterranean",
    "rent ann boardwalk",
    "rent ann mediterranean",
    "undo",  # taken back: counts for nothing
    "bankrupt ann to bank",
]


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "g.db"
    play(path, "short-1990s", ["Ann", "Bob", "Cy"], SHORT_A)
    play(path, "short-1990s", ["ann", "Bob", "Cy"], SHORT_B)  # Ann spelt in lower case this time
    play(path, "standard", ["Ann", "Dee"], ["buy ann boardwalk", "rent dee boardwalk", "bankrupt dee to ann"])
    play(path, "standard", ["Ann", "Dee"], ["buy dee boardwalk"])  # not finished: not counted
    return path


def test_games_are_grouped_by_rule_system_never_mixed(db):
    groups = stats.by_variant(stats.collect(db))
    assert [(g.variant, len(g.games)) for g in groups] == [("short-1990s", 2), ("standard", 1)]
    short, standard = groups
    assert {p.name for p in standard.players} == {"Ann", "Dee"}
    assert [p.games for p in standard.players] == [1, 1]


def test_player_table_agrees_with_the_final_standings(db):
    short = stats.by_variant(stats.collect(db))[0]
    reports = [f.report for f in short.games]
    for p in short.players:
        rows = [r for rep in reports for r in rep.rows if r.name.casefold() == p.name.casefold()]
        assert p.games == len(rows)
        assert p.wins == sum(r.winner for r in rows)
        assert p.win_rate == pytest.approx(p.wins / p.games, abs=1e-3)
        assert p.average_rank == pytest.approx(sum(r.rank for r in rows) / len(rows), abs=0.01)
        assert p.best_total == max(r.total for r in rows)
        assert p.average_total == pytest.approx(sum(r.total for r in rows) / len(rows), abs=0.1)
    ann = next(p for p in short.players if p.name.casefold() == "ann")
    assert ann.name == "ann" and ann.games == 2 and ann.wins == 1  # the latest spelling; names ignore case


def test_records_of_each_game_from_the_journal(db):
    first, second = stats.by_variant(stats.collect(db))[0].games
    r = first.records
    assert r.biggest_rent == story.Rent("Bob", "Ann", 600, "Boardwalk")
    assert r.most_rent == story.Collected("Ann", 775)
    assert r.best_group == story.GroupRent("Dark Blue", 775, "Ann", 775)
    assert r.bankruptcies == (story.Bankruptcy("Cy", "Ann"),)
    assert r.actions == 7
    r = second.records
    assert r.biggest_rent == story.Rent("ann", "Bob", 50, "Boardwalk")  # the undone Mediterranean rent is not there
    assert r.best_group == story.GroupRent("Dark Blue", 50, "Bob", 50)
    assert r.bankruptcies == (story.Bankruptcy("ann", "the bank"),)
    assert r.actions == 4  # five actions, one of them undone


def test_railroads_and_utilities_are_not_colour_groups(tmp_path):
    db = tmp_path / "g.db"
    play(db, "short-1990s", ["Ann", "Bob"], ["deal ann reading", "rent bob reading", "bankrupt bob to ann"])
    (facts,) = stats.collect(db)
    assert facts.records.biggest_rent.deed == "Reading Railroad" and facts.records.best_group is None


def test_all_time_records(db):
    short = stats.by_variant(stats.collect(db))[0]
    first, second = (f.game for f in short.games)
    r = short.records
    assert r.biggest_rent == (first, story.Rent("Bob", "Ann", 600, "Boardwalk"))
    assert r.most_rent == (first, story.Collected("Ann", 775))
    assert r.best_group[0] == first
    assert r.bankruptcies == ((first, story.Bankruptcy("Cy", "Ann")), (second, story.Bankruptcy("ann", "the bank")))
    assert r.longest_game[0] == first and r.longest_game[2] == 7  # equal clocks: more actions


def test_longest_game_goes_by_the_clock_first(db):
    a, b = stats.by_variant(stats.collect(db))[0].games
    later = replace(b.report, created="2026-01-01T10:00:00+00:00", ended="2026-01-01T13:05:00+00:00")
    records = stats.all_time([a, replace(b, report=later)])
    assert records.longest_game == (b.game, 185, 4)
    assert "3 h 05 min, 5 actions" in stats.length_text(185, 5)


def test_one_players_history_and_head_to_head(db):
    short = stats.by_variant(stats.collect(db))[0]
    rep = stats.player_report(short, "BOB")
    assert rep.name == "Bob" and [p.game for p in rep.history] == [f.game for f in short.games]
    ranks = [(p.rank, p.players, p.winner) for p in rep.history]
    expected = []
    for f in short.games:
        row = next(r for r in f.report.rows if r.name == "Bob")
        expected.append((row.rank, 3, row.winner))
    assert ranks == expected
    h2h = {h.opponent.casefold(): h for h in rep.head_to_head}
    assert set(h2h) == {"ann", "cy"} and all(h.games == 2 for h in h2h.values())
    for opponent, h in h2h.items():
        ahead = sum(
            1
            for f in short.games
            if next(r.rank for r in f.report.rows if r.name == "Bob")
            < next(r.rank for r in f.report.rows if r.name.casefold() == opponent)
        )
        assert h.ahead == ahead and h.ahead + h.behind + h.level == h.games
    assert stats.player_report(short, "Dee") is None


def test_cli_table(db, capsys):
    assert main(["stats", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert out.index("Short game (1990s): 2 finished games") < out.index("Standard game: 1 finished game")
    assert "Player  Games  Wins  Win rate  Avg rank  Best total  Avg total" in out
    assert "Biggest single rent    $600: Bob paid Ann for Boardwalk" in out
    assert "Ann bankrupted Cy" in out and "the bank bankrupted ann" in out


def test_cli_one_player(db, capsys):
    assert main(["stats", "dee", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Dee, Standard game: 1 game, 0 wins (0%)")
    assert "Opponent  Games  Ahead  Behind  Level" in out and "Short" not in out


def test_cli_json(db, capsys):
    assert main(["stats", "--json", "--db", str(db)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "banker-stats" and [v["variant"] for v in data["variants"]] == ["short-1990s", "standard"]
    short = data["variants"][0]
    assert short["records"]["biggest_rent"]["amount"] == 600
    assert short["records"]["bankruptcies"][0] == {"game": 1, "player": "Cy", "creditor": "Ann"}
    assert len(short["each_game"]) == 2
    assert main(["stats", "ann", "--json", "--db", str(db)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [v["player"]["name"] for v in data["variants"]] == ["ann", "Ann"]
    assert {h["opponent"] for h in data["variants"][1]["player"]["head_to_head"]} == {"Dee"}


def test_cli_escapes_what_it_echoes(db, capsys):
    assert main(["stats", "\x1b]0;owned\x07", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\\x1b" in out


def test_cli_without_games(tmp_path, capsys):
    assert main(["stats", "--db", str(tmp_path / "none.db")]) == 1  # issue 31: a mistyped path is said
    assert capsys.readouterr().err == f"banker: there is no Banker database at {tmp_path / 'none.db'}\n"
    assert not (tmp_path / "none.db").exists()
    Journal(tmp_path / "none.db").close()
    assert main(["stats", "--db", str(tmp_path / "none.db")]) == 0
    assert capsys.readouterr().out == "No finished games yet.\n"


def test_stats_agree_with_the_leaderboard(db):
    board = {r.name.casefold(): (r.games, r.wins) for r in leaderboard(db)}
    groups = stats.by_variant(stats.collect(db))
    totals: dict[str, list[int]] = {}
    for g in groups:
        for p in g.players:
            t = totals.setdefault(p.name.casefold(), [0, 0])
            t[0] += p.games
            t[1] += p.wins
    assert {k: tuple(v) for k, v in totals.items()} == board
