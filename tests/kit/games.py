"""Engine states built by hand, keeping the engine's invariants (:mod:`tests.kit.conservation`), so tests can check
that money and buildings are never created or lost; and applying an action that must be accepted or refused."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import SimpleNamespace

import pytest

from rules import GameState, HouseRules, RuleError, Settings, apply, new_game
from rules.actions import Action
from rules.codec import state_to_dict
from rules.outcome import Outcome
from tests.kit.conservation import conserved, totals

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")

Owned = Mapping[str, int] | Sequence[str]


def fresh(n: int = 3, variant: str = "standard", **settings) -> GameState:
    """A new game of the first ``n`` of :data:`NAMES`, before play starts (time-limit games get an agreed length)."""
    if variant == "time-limit":
        settings.setdefault("time_limit_minutes", 90)
    return new_game(list(NAMES[:n]), Settings(variant=variant, **settings))


def own(state: GameState, player: int, deed: str, level: int = 0, mortgaged: bool = False) -> GameState:
    """Give ``player`` (index) a deed with ``level`` buildings taken from the bank's supply (conserving them;
    ``state.hotel_level`` is a hotel)."""
    d = state.deed(deed)
    if level >= state.hotel_level:
        state = replace(state, hotels=state.hotels - 1)
    else:
        state = replace(state, houses=state.houses - level)
    return state.with_holding(d.index, owner=player, level=level, mortgaged=mortgaged)


_give = own  # game()'s keyword ``own`` hides the function


def set_cash(state: GameState, player: int, cash: int) -> GameState:
    """Set a player's cash, the bank paying or taking the difference (money stays conserved)."""
    diff = cash - state.players[player].cash
    return replace(state.with_player(player, cash=cash), bank=state.bank - diff)


def game(
    players: Sequence[str] = ("Ann", "Bob", "Cy"),
    *,
    own: Mapping[str, Owned] | None = None,
    mortgaged: Sequence[str] = (),
    cash: Mapping[str, int] | None = None,
    variant: str = "standard",
    edition: str = "us",
    house_rules: HouseRules | None = None,
    bankrupt: Sequence[str] = (),
    bank_houses: int | None = None,
    bank_hotels: int | None = None,
) -> GameState:
    """A game in progress (play has started). ``own`` maps a player to the deeds they hold: a list of names, or a
    dict of deed name to building level (``state.hotel_level`` is a hotel). ``bank_houses``/``bank_hotels``
    override the bank's stock for shortage tests: the missing buildings stand elsewhere as far as the test is
    concerned (:func:`ok` compares the totals after with those before, so the check still holds)."""
    settings = Settings(variant=variant, edition=edition, house_rules=house_rules or HouseRules())
    state = new_game(list(players), settings)
    for name, deeds in (own or {}).items():
        index = state.player_index(name)
        levels = deeds if isinstance(deeds, Mapping) else dict.fromkeys(deeds, 0)
        for deed_name, level in levels.items():
            state = _give(state, index, deed_name, level)
    for deed_name in mortgaged:
        state = state.with_holding(state.deed(deed_name).index, mortgaged=True)
    for name, amount in (cash or {}).items():
        state = set_cash(state, state.player_index(name), amount)
    for name in bankrupt:
        state = state.with_player(state.player_index(name), bankrupt=True)
    if bank_houses is not None:
        state = replace(state, houses=bank_houses)
    if bank_hotels is not None:
        state = replace(state, hotels=bank_hotels)
    return replace(state, started=True)


def cash(state: GameState, name: str) -> int:
    return state.player(name).cash


def level(state: GameState, deed: str) -> int:
    return state.holding(state.deed(deed)).level


def ok(state: GameState, action: Action) -> Outcome:
    """Apply an action that must be accepted, checking that money and buildings are conserved and nobody's cash
    is negative."""
    outcome = apply(state, action)
    assert conserved(outcome.state, totals(state))
    assert all(p.cash >= 0 for p in outcome.state.players)
    return outcome


def refused(
    state: GameState, action: Action, match: str | None = None, error: type[RuleError] = RuleError
) -> RuleError:
    """Apply an action that must be refused with ``error`` (message matching ``match``) and check that the state
    is exactly as it was."""
    before = state_to_dict(state)
    with pytest.raises(error, match=match) as info:
        apply(state, action)
    assert state_to_dict(state) == before
    return info.value


class EngineGame:
    """A game driven straight through the rules engine, with the attributes the standings screen reads from a
    Session (game_id, created, state, history()). Lets the screen be tested apart from the journal."""

    def __init__(self, names, variant="standard", **settings) -> None:
        self.game_id = 1
        self.created = "2026-11-22T03:00:00.000+00:00"
        self.state = new_game(names, Settings(variant=variant, **settings))
        self._history: list[tuple[object, Outcome]] = []

    def do(self, action):
        outcome = apply(self.state, action)
        entry = SimpleNamespace(
            seq=len(self._history) + 1,
            time=f"2026-11-22T04:{len(self._history):02d}:00+00:00",
            text=action.verb,
            kind="action",
            summary=outcome.summary,
            undone=False,
            target=None,
        )
        self._history.append((entry, outcome))
        self.state = outcome.state
        return outcome

    def history(self):
        return list(self._history)

    def log(self, limit=None):
        entries = [entry for entry, _ in self._history]
        return entries if limit is None else entries[-limit:]
