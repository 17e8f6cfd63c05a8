"""Waiting on conditions, never on the clock: a test says what it waits for, and gets a deadline and a message
naming that condition when it does not come (a loaded CI machine makes everything slower, never different).

* :func:`until` polls a predicate between the app's idle moments, with a deadline;
* :func:`palette_found` waits for the command palette's search (a worker, in batches) to put a line first;
* :func:`settled` waits for the keys typed to take effect, for the app's workers and then for its message
  queues to be empty;
* :func:`eventually` does the same outside Textual (a subprocess, a file, a server), with plain sleeps between
  tries, and :func:`soon` inside an event loop (a server's streams, a browser), letting the loop run between
  tries.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Callable

from tests.kit.patience import Deadline

DEADLINE = 30.0
"""Seconds before a wait gives up: far above what any condition needs on a quiet machine, so only a real hang (or
a defect) reaches it; counted in the machine's attention, so a loaded machine only makes it later
(:class:`tests.kit.patience.Deadline`)."""


async def until(pilot, predicate: Callable[[], object], what: str, deadline: float = DEADLINE) -> None:
    """Let the app run until ``predicate()`` is true; fail naming ``what`` after ``deadline`` seconds."""
    due = Deadline(deadline)
    while True:
        await pilot.pause()
        if predicate():
            return
        if due.passed():
            raise due.fail(f"waited for {what}")
        await asyncio.sleep(0.01)


async def settled(pilot) -> None:
    """The app's workers are done and everything they reported has been handled."""
    keys = getattr(pilot.app, "keys", None)
    if keys is not None:  # every key typed has been read and has taken effect (banker.tui.keyorder)
        await pilot.pause()
        await keys.wait_idle()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def palette_found(pilot, words: str) -> None:
    """The open command palette's first line holds ``words`` (case aside): its search has got that far, so Enter
    chooses it. (Tests used to give the search a fixed 0.3 s.)"""
    from textual.command import CommandList

    listed = pilot.app.screen.query_one(CommandList)

    def first() -> str:
        return str(listed.get_option_at_index(0).prompt).casefold() if listed.option_count else ""

    await until(pilot, lambda: words.casefold() in first(), f"{words!r} first in the palette")


async def chosen_in_palette(pilot, typed: str, first: str) -> None:
    """Ctrl+P, ``typed`` in the palette's search, and Enter once ``first`` heads its list."""
    await pilot.press("ctrl+p")
    await settled(pilot)
    await pilot.press(*typed)
    await palette_found(pilot, first)
    await pilot.press("enter")


def eventually(predicate: Callable[[], object], what: str, deadline: float = DEADLINE, every: float = 0.02) -> None:
    """Outside the app's loop: try ``predicate`` until it is true; fail naming ``what`` after ``deadline``."""
    due = Deadline(deadline)
    while not predicate():
        if due.passed():
            raise due.fail(f"waited for {what}")
        time.sleep(every)


async def soon(predicate: Callable[[], object], what: str, deadline: float = DEADLINE, every: float = 0.02) -> object:
    """In an event loop, outside Textual: let the loop run until ``predicate()`` (awaited when it returns an
    awaitable) is true, and return that value; fail naming ``what`` after ``deadline`` seconds."""
    due = Deadline(deadline)
    while True:
        value = predicate()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return value
        if due.passed():
            raise due.fail(f"waited for {what}")
        await asyncio.sleep(every)


__all__ = ["DEADLINE", "chosen_in_palette", "eventually", "palette_found", "settled", "soon", "until"]
