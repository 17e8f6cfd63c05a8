"""Shared test helpers: build a game where given players own given deeds with given buildings, and check that a
refused action raises and changes nothing.

States built here keep the engine's invariants (cash + bank + pot == 0; houses and hotels on the board + the bank's
== 32 and 12), so tests can check that money and buildings are never created or lost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

from rules import GameState, HouseRules, RuleError, Settings, apply, new_game
from rules.actions import Action
from rules.codec import state_to_dict
from rules.outcome import Outcome

Owned = Mapping[str, int] | Sequence[str]


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
    """A game in progress. ``own`` maps a player to the deeds they hold: a list of names, or a dict of deed name
    to building level (``state.hotel_level`` is a hotel). ``bank_houses``/``bank_hotels`` override the bank's
    stock for shortage tests: the missing buildings stand elsewhere as far as the test is concerned (the
    conservation check in :func:`ok` compares before and after, so it still holds)."""
    settings = Settings(variant=variant, edition=edition, house_rules=house_rules or HouseRules())
    state = new_game(list(players), settings)
    for name, deeds in (own or {}).items():
        index = state.player_index(name)
        levels = deeds if isinstance(deeds, Mapping) else dict.fromkeys(deeds, 0)
        for deed_name, level in levels.items():
            deed = state.deed(deed_name)
            state = state.with_holding(deed.index, owner=index, level=level)
            if level >= state.hotel_level:
                state = replace(state, hotels=state.hotels - 1)
            else:
                state = replace(state, houses=state.houses - level)
    for deed_name in mortgaged:
        state = state.with_holding(state.deed(deed_name).index, mortgaged=True)
    for name, amount in (cash or {}).items():
        index = state.player_index(name)
        state = replace(state.with_player(index, cash=amount), bank=state.bank + state.players[index].cash - amount)
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


def money_total(state: GameState) -> int:
    """Zero while no money has been created or lost."""
    return sum(p.cash for p in state.players) + state.bank + state.pot


def buildings_on_board(state: GameState) -> tuple[int, int]:
    houses = hotels = 0
    for h in state.deeds:
        if h.level >= state.hotel_level:
            hotels += 1
        else:
            houses += h.level
    return houses, hotels


def ok(state: GameState, action: Action) -> Outcome:
    """Apply an action that must be accepted, checking that money and buildings are conserved."""
    before_houses = buildings_on_board(state)[0] + state.houses
    before_hotels = buildings_on_board(state)[1] + state.hotels
    outcome = apply(state, action)
    after = outcome.state
    assert money_total(after) == money_total(state)
    assert buildings_on_board(after)[0] + after.houses == before_houses
    assert buildings_on_board(after)[1] + after.hotels == before_hotels
    assert all(p.cash >= 0 for p in after.players)
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
