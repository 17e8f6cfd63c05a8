"""Benchmark the rules engine: validated actions per second and rent computations per second, on one core.

Plays random games from a fixed seed: each step picks an action that is likely legal (buy a bank deed, auction one,
build on a complete group, sell, mortgage, lift, rent, pay, collect, GO, pass the turn) and applies it through
``rules.apply``; refused attempts (RuleError, e.g. a payment the player cannot cover, a rent asked too late) are
counted separately. Then times ``rules.rent.quote`` over the states the games went through. Prints figures; asserts
nothing.

    /tmp/venv/bin/python bench/bench_engine.py [--games 40] [--steps 500] [--seed 1935]
"""

from __future__ import annotations

import argparse
import random
import time

from rules import (
    Auction,
    Build,
    Buy,
    Collect,
    GameState,
    Go,
    Mortgage,
    Next,
    Pay,
    Rent,
    RuleError,
    Sell,
    Settings,
    Unmortgage,
    apply,
    new_game,
)
from rules.board import SquareKind
from rules.rent import quote
from rules.variants import find_variant

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
VARIANTS = ("standard", "short-1973", "short-1990s", "time-limit")


def pick_action(rng: random.Random, state: GameState):
    """A random action, aimed at what the state allows (names as printed, as the command parser journals them)."""
    board = state.board
    active = state.active()
    who = rng.choice(active)
    name = state.players[who].name
    roll = rng.random()
    unowned = [d for d in board.deeds if state.deeds[d.index].owner is None]
    mine = [d for d in board.deeds if state.deeds[d.index].owner == who]
    if unowned and roll < 0.20:
        deed = rng.choice(unowned)
        if rng.random() < 0.7:
            return Buy(name, deed.name)
        return Auction(deed.name, name, rng.randint(1, deed.price))
    if roll < 0.45:
        owned = [d for d in board.deeds if state.deeds[d.index].owner not in (None, who)]
        if owned:
            deed = rng.choice(owned)
            return Rent(name, deed.name, dice=rng.randint(2, 12) if deed.kind is SquareKind.UTILITY else None)
    if roll < 0.60:
        groups = [
            g for g in board.groups.values() if board.deeds[g.deeds[0]].is_street and state.owns_group(who, g.key)
        ]
        if groups:
            deed = board.deeds[rng.choice(rng.choice(groups).deeds)]
            return Build(name, deed.name, rng.randint(1, 3))
    if roll < 0.68 and mine:
        built = [d for d in mine if state.deeds[d.index].level]
        if built:
            return Sell(name, rng.choice(built).name, rng.randint(1, 2))
    if roll < 0.78 and mine:
        deed = rng.choice(mine)
        return Unmortgage(name, deed.name) if state.deeds[deed.index].mortgaged else Mortgage(name, deed.name)
    if roll < 0.86:
        others = [state.players[i].name for i in active if i != who]
        if others and rng.random() < 0.5:
            return Pay(name, rng.randint(1, 200), to=rng.choice(others))
        return Pay(name, rng.randint(1, 50), each=True)
    if roll < 0.93:
        return Collect(name, rng.randint(1, 100), each=rng.random() < 0.3)
    if roll < 0.97:
        return Go(name)
    return Next()  # turns passed on, so the deadline for asking rent (seed 000, PAYING RENT) is checked too


def run_games(games: int, steps: int, seed: int) -> tuple[int, int, float, list[GameState]]:
    rng = random.Random(seed)
    accepted = refused = 0
    seen: list[GameState] = []
    elapsed = 0.0
    for g in range(games):
        players = NAMES[: rng.randint(2, 6)]
        variant = find_variant(VARIANTS[g % len(VARIANTS)])
        minutes = 90 if variant.may_end_by_time else 0  # only a time-limit game agrees its length (seed 002)
        state = new_game(players, Settings(variant=variant.key, time_limit_minutes=minutes))
        actions = []
        for _ in range(steps):
            actions.append(pick_action(rng, state))
            start = time.perf_counter()
            try:
                state = apply(state, actions[-1]).state
                accepted += 1
            except RuleError:
                refused += 1
            elapsed += time.perf_counter() - start
            if len(seen) < 2000 and rng.random() < 0.2:
                seen.append(state)
    return accepted, refused, elapsed, seen


def bench_quotes(states: list[GameState], calls: int, seed: int) -> tuple[int, float]:
    rng = random.Random(seed)
    work = []
    for _ in range(calls):
        state = rng.choice(states)
        deed = rng.choice(state.board.deeds)
        payer = rng.randrange(len(state.players))
        work.append((state, deed.name, payer, rng.randint(2, 12)))
    start = time.perf_counter()
    for state, deed, payer, dice in work:
        quote(state, deed, payer, dice)
    return calls, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--steps", type=int, default=500)
    parser.add_argument("--quotes", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1935)
    args = parser.parse_args()
    apply(new_game(["Ann", "Bob"]), Go("Ann"))  # load the handlers outside the timing
    accepted, refused, elapsed, states = run_games(args.games, args.steps, args.seed)
    total = accepted + refused
    print(f"games: {args.games} x {args.steps} steps; {accepted:,} accepted, {refused:,} refused")
    print(f"actions/s (accepted + refused): {total / elapsed:,.0f}")
    print(f"actions/s (accepted only, time of all attempts): {accepted / elapsed:,.0f}")
    calls, q_elapsed = bench_quotes(states, args.quotes, args.seed)
    print(f"rent computations/s: {calls / q_elapsed:,.0f}")


if __name__ == "__main__":
    main()
