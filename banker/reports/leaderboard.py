"""The leaderboard: wins and average rank per player name across finished games (``banker leaderboard``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from banker.journal import Journal
from banker.reports.numbers import decimal
from banker.views import standing_from_score
from rules.i18n import _
from rules.valuation import winner_of


@dataclass(frozen=True)
class LeaderRow:
    """One player name across finished games."""

    name: str
    games: int
    wins: int
    average_rank: float


def leaderboard(db: Journal | str | Path) -> list[LeaderRow]:
    """Wins and average rank per player name over finished games, names compared ignoring case.

    Reads the journal's ``scores`` table (written when a game ends) joined to ``games`` where ``over`` is set
    (:meth:`banker.journal.Journal.finished_scores`), from an open :class:`~banker.journal.Journal` or a database
    path. The name shown is the spelling used in the most recent game. Sorted by wins, then better average rank,
    then name.
    """
    if isinstance(db, Journal):
        rows = db.finished_scores()
    else:
        try:
            # read-only: a leaderboard never writes, and must not create a database where there was none
            journal = Journal(db, readonly=True)
        except LookupError:
            return []
        try:
            rows = journal.finished_scores()
        finally:
            journal.close()
    return leaderboard_from_scores(asdict(row) for row in rows)


def _winners(rows: list[Mapping[str, Any]]) -> set[tuple[int, str]]:
    """(game, casefolded name) of each game's winners: the ``scores.winner`` flags the rules set when the game
    ended, else (a row journalled without them) the name(s) in ``games.winner``, else the rules' winner by the
    recorded ranks (``rules.valuation.winner_of``: a tie for first is nobody's win)."""
    by_game: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        by_game[row["game"]].append(row)
    out: set[tuple[int, str]] = set()
    for game, players in by_game.items():
        table = [standing_from_score(p) for p in players]
        flagged = {s.name.casefold() for s in table if s.winner}
        named = {n.strip().casefold() for n in str(players[0].get("game_winner") or "").split(",") if n.strip()}
        first = winner_of(table)
        chosen = flagged or named or ({first.casefold()} if first is not None else set())
        out |= {(game, name) for name in chosen}
    return out


def leaderboard_from_scores(scores: Iterable[Mapping[str, Any]]) -> list[LeaderRow]:
    """The leaderboard of ``scores`` rows (``game``, ``name``, ``rank``, ``winner``, ``game_winner``)."""
    rows = list(scores)
    won = _winners(rows)
    spelling: dict[str, str] = {}
    games: dict[str, set[int]] = defaultdict(set)
    wins: dict[str, int] = defaultdict(int)
    ranks: dict[str, list[int]] = defaultdict(list)
    for row in rows:
        key = str(row["name"]).casefold()
        if row["game"] in games[key]:
            continue
        spelling[key] = row["name"]
        games[key].add(row["game"])
        ranks[key].append(int(row["rank"]))
        wins[key] += 1 if (row["game"], key) in won else 0
    board = [LeaderRow(spelling[k], len(games[k]), wins[k], round(sum(ranks[k]) / len(ranks[k]), 2)) for k in games]
    board.sort(key=lambda r: (-r.wins, r.average_rank, r.name.casefold()))
    return board


def leaderboard_text(rows: list[LeaderRow]) -> str:
    """The leaderboard as a plain table (``banker leaderboard``)."""
    if not rows:
        return _("No finished games yet.")
    heads = (_("Player"), _("Games"), _("Wins"), _("Avg rank"))
    width = max(len(heads[0]), *(len(r.name) for r in rows))
    games, wins, rank = (max(least, len(head)) for least, head in zip((5, 4, 8), heads[1:], strict=True))
    lines = [f"{heads[0]:<{width}}  {heads[1]:>{games}}  {heads[2]:>{wins}}  {heads[3]:>{rank}}"]
    lines += [
        f"{r.name:<{width}}  {r.games:>{games}}  {r.wins:>{wins}}  {decimal(r.average_rank, 2):>{rank}}" for r in rows
    ]
    return "\n".join(lines)
