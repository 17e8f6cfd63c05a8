"""Timing shared by the benchmarks: repeated calls timed one by one, percentiles, and the one key press they all
time in the app (Enter in the rent dialog -> the player's cash on screen changed).

The benchmarks run as scripts (``python bench/bench_app.py``), so this module is imported as ``timing``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def timings(fn: Callable[[], T], repeat: int) -> tuple[T, list[float]]:
    """Call ``fn`` ``repeat`` times; its last result and the seconds each call took (``time.perf_counter``)."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t)
    return result, times


def percentile(times: list[float], fraction: float) -> float:
    """The time ``fraction`` of the way up the sorted times (p95: ``fraction=0.95``)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


async def until_changed(card, before: str) -> None:
    """Wait, without the pilot's pauses, until a player card's cash is no longer ``before``."""
    while card.cash == before:
        await asyncio.sleep(0)


async def rent_dialog_enter(app, pilot, card) -> float:
    """Open the rent dialog on Boardwalk and post the Enter key straight to the app (no pilot waits); the seconds
    until ``card`` shows the new cash."""
    from textual import events

    await pilot.press("r")
    await pilot.pause()
    app.screen.query_one("#f-deed").value = "boardwalk"
    await pilot.pause()
    before = card.cash
    t = time.perf_counter()
    app.post_message(events.Key("enter", "\r"))
    await until_changed(card, before)
    return time.perf_counter() - t
