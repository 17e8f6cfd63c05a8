"""The pilot's wait, on conditions instead of the clock.

Textual's pilot waits after every key and every ``pause()`` with ``textual._wait.wait_for_idle``: it sleeps 20 ms
at a time until a 20 ms slice passes in which the process used under 1 ms of CPU. That is a guess from the clock,
twice over: every key costs at least 40 ms of sleeping (three quarters of the suite's time was spent so), and on a
loaded machine the process is idle because it is *not scheduled*, not because it is done, so the guess comes early
exactly when CI is busy.

:func:`quiet` waits for what the guess stands for, as conditions:

* every message pump of the app (the app, the screens below the top one and every widget of the top one) has handled
  what it held and finished the handler it was in (a round of ``call_later`` through the app and the top screen's
  pumps, and through a screen below only when it holds messages, as :mod:`banker.tui.keyorder` settles a key),
  again until a round finds the same pumps and every queue empty;
* the top screen has no layout, repaint or after-refresh callback waiting (its update timer is run now, as
  ``pilot.pause()`` itself does);
* every key typed has taken effect (the app's key order is idle) and no animation is running.

It gives up (failing the test, naming what was still going) after :data:`DEADLINE` seconds of the machine's
attention (:class:`tests.kit.patience.Deadline`): time the test waited for a CPU does not count, so a busy machine
only makes it later, never failed.

Workers are not waited for here (the phones' server runs for the app's whole life): a test that needs a worker's
result waits for it by name (:func:`tests.kit.waits.settled` waits for all of them). ``tests/conftest.py`` puts
:func:`idle` in the place of Textual's ``wait_for_idle`` for every test.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual._context import active_app
from textual.app import App
from textual.message_pump import MessagePump

from banker.tui.keyorder import KeyOrder
from banker.tui.textual_private import after_refresh_pending, app_ending, queue_empty
from tests.kit.patience import Deadline

DEADLINE = 30.0
"""Seconds, of the machine's attention (:class:`tests.kit.patience.Deadline`), before an app that never comes to rest
fails the test (a hang is a defect; no condition needs this)."""


def _pumps(app: App[Any]) -> list[MessagePump]:
    stack = list(app.screen_stack)
    if not stack:
        return [app]
    return [app, *stack[:-1], *stack[-1].walk_children(with_self=True)]


def _screen_waits(app: App[Any]) -> bool:
    """The top screen has a layout, a repaint or an after-refresh callback still to come."""
    if not app.screen_stack:
        return False
    screen = app.screen_stack[-1]
    return bool(
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
        or after_refresh_pending(screen)
    )


async def quiet(app: App[Any], deadline: float = DEADLINE) -> None:
    """Until the app has done everything it was given to do so far (see the module docstring)."""
    due = Deadline(deadline)
    await asyncio.sleep(0)
    while True:
        if due.passed():
            raise due.fail(f"the app did not come to rest: {_unrest(app)}")
        if app_ending(app):
            return  # the app is ending (or failed): nothing more will settle, and the test sees why
        pumps = _pumps(app)
        # The same round a key's settling makes (it returns when time runs out): through every pump of the top
        # screen and the app, which may be inside a handler with nothing queued; a screen below it only if it has
        # messages. A message to a screen below a dialog makes Textual repaint it and the dialog over it a frame
        # later, every time: a round through it at each look kept the dialog dirty for ever once a look took
        # longer than a frame (on a loaded machine).
        screens = set(app.screen_stack[:-1])
        await KeyOrder._round(app, [p for p in pumps if p not in screens or not queue_empty(p)], due.left())
        if due.passed():
            continue
        if _pumps(app) != pumps or any(not queue_empty(p) for p in pumps):
            continue
        if _screen_waits(app):
            if not app._batch_count:
                app.screen._on_timer_update()
            await asyncio.sleep(0.001)
            continue
        keys = getattr(app, "keys", None)
        if keys is not None and not keys.idle.is_set():
            await keys.wait_idle()
            continue
        if not app.animator._complete_event.is_set():
            await app.animator.wait_until_complete()
            continue
        return


def _unrest(app: App[Any]) -> str:
    """What was still going when the deadline passed, for the failure's message."""
    queued = [repr(p) for p in _pumps(app) if not queue_empty(p)]
    if queued:
        return f"messages wait in {', '.join(queued[:5])}"
    if _screen_waits(app):
        screen = app.screen
        flags = ("_layout_required", "_scroll_required", "_repaint_required", "_recompose_required")
        return f"{screen!r} still waits: {[f for f in flags if getattr(screen, f)]}, {len(screen._dirty_widgets)} dirty"
    keys = getattr(app, "keys", None)
    if keys is not None and not keys.idle.is_set():
        return "keys typed have not all taken effect"
    return "a message handler has not finished"


async def idle(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
    """In the place of ``textual._wait.wait_for_idle`` (same signature; the clock's arguments are not used)."""
    try:
        app = active_app.get()
    except LookupError:  # not inside an app: let the loop run once, as the original's first sleep did
        await asyncio.sleep(0)
        return
    await quiet(app)


__all__ = ["DEADLINE", "idle", "quiet"]
