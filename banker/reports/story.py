"""The story of a game: each player's worth after every effective action and the rent each deed earned (the
standings screen's chart)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from rules.outcome import Outcome
from rules.state import GameState, new_game
from rules.valuation import valuation


@dataclass(frozen=True)
class GameStory:
    """Each player's worth after every effective action of play (starting from the position when play began: the
    deal, or a game taken over from the board) and rent earned per deed."""

    names: tuple[str, ...]
    worth: tuple[tuple[int, ...], ...]
    """``worth[i][k]``: player i's total after the k-th point (point 0 is the start)."""
    rent_by_deed: tuple[tuple[str, int], ...]
    """(deed, rent collected on it), most first."""


def story_from_history(state: GameState, history: Iterable[tuple[object, Outcome]]) -> GameStory:
    """Value every player after each effective action of ``history`` (``Session.history()``: read it first, so the
    replay can run off the UI thread without the database) and add up the rent per deed (the chart's data).

    The set-up before play begins (the deal, the lines of a position taken over from the board: every action whose
    state has not ``started``) is the story's start, one point: a game taken over from a paper board starts where
    the table stood, not at $1,500 each."""
    names = tuple(p.name for p in state.players)
    start = new_game(list(names), state.settings, check=False)  # as the game was set up (rules.state.new_game)
    series: list[list[int]] = [[valuation(start, i).total] for i in range(len(names))]
    rent: dict[str, int] = defaultdict(int)
    for _entry, outcome in history:
        after = outcome.state
        if not after.started:  # still the set-up: the start moves to it
            for i in range(len(names)):
                series[i][-1] = valuation(after, i).total
            continue
        for i in range(len(names)):
            series[i].append(0 if after.players[i].bankrupt else valuation(after, i).total)
        for t in outcome.transfers:
            if t.kind == "rent" and t.deed:
                rent[t.deed] += t.amount
    ranked = tuple(sorted(rent.items(), key=lambda kv: (-kv[1], kv[0])))
    return GameStory(names=names, worth=tuple(tuple(s) for s in series), rent_by_deed=ranked)
