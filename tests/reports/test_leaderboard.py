"""The leaderboard: wins and average rank per name across finished games, names compared ignoring case."""

from __future__ import annotations

from banker.journal import Journal
from banker.reports.leaderboard import LeaderRow, leaderboard, leaderboard_from_scores, leaderboard_text


def _finished(journal: Journal, names: list[str], ranks: list[int], over: bool = True) -> int:
    game, _ = journal.create_game({}, "standard", "us", names, [""] * len(names))
    scores = [
        {
            "name": n,
            "rank": r,
            "total": 1000 * (5 - r),
            "cash": 0,
            "deeds": 0,
            "mortgaged": 0,
            "buildings": 0,
            "winner": int(r == 1),
        }
        for n, r in zip(names, ranks, strict=True)
    ]
    with journal.write() as conn:
        journal.set_result(conn, game, over, names[ranks.index(1)] if over else None, scores)
    return game


def test_leaderboard_counts_wins_and_average_rank(tmp_path):
    db = tmp_path / "games.db"
    journal = Journal(db)
    _finished(journal, ["Ann", "Bob", "Cy"], [1, 2, 3])
    _finished(journal, ["bob", "ANN"], [1, 2])
    _finished(journal, ["Bob", "Dee"], [1, 2])
    _finished(journal, ["Cy", "Dee"], [1, 2], over=False)  # not finished: does not count
    journal.close()
    assert leaderboard(db) == [
        LeaderRow("Bob", 3, 2, 1.33),
        LeaderRow("ANN", 2, 1, 1.5),
        LeaderRow("Dee", 1, 0, 2.0),
        LeaderRow("Cy", 1, 0, 3.0),
    ]


def test_leaderboard_of_missing_database_is_empty_and_creates_nothing(tmp_path):
    db = tmp_path / "none.db"
    assert leaderboard(db) == []
    assert not db.exists()


def test_leaderboard_text():
    rows = leaderboard_from_scores(
        [{"game": 1, "name": "Ann", "rank": 1, "winner": 1}, {"game": 1, "name": "Bob", "rank": 2, "winner": 0}]
    )
    text = leaderboard_text(rows).splitlines()
    assert text[0].split() == ["Player", "Games", "Wins", "Avg", "rank"]
    assert text[1].split() == ["Ann", "1", "1", "1.00"]
    assert leaderboard_text([]) == "No finished games yet."


def test_rows_journalled_without_winner_flags_read_the_games_winner_else_the_sole_first():
    """A ``scores`` row read back is a standing; with no winner flag the game's recorded winner counts, else the
    rules' winner by the recorded ranks (``rules.valuation.winner_of``), where a tie for first is nobody's win."""
    rows = [
        {"game": 1, "name": "Ann", "rank": 2, "winner": 0, "game_winner": "Bob"},
        {"game": 1, "name": "Bob", "rank": 1, "winner": 0, "game_winner": "Bob"},
        {"game": 2, "name": "Ann", "rank": 1, "winner": None, "game_winner": None},
        {"game": 2, "name": "Bob", "rank": 2, "winner": None, "game_winner": None},
        {"game": 3, "name": "Ann", "rank": 1, "winner": 0, "game_winner": ""},
        {"game": 3, "name": "Bob", "rank": 1, "winner": 0, "game_winner": ""},
    ]
    assert leaderboard_from_scores(rows) == [LeaderRow("Ann", 3, 1, 1.33), LeaderRow("Bob", 3, 1, 1.33)]
