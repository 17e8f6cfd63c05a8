"""The pilot's wait, on conditions instead of the clock.

Textual's pilot waits after every key and every ``pause()`` with ``textual._wait.wait_for_idle``: it sleeps 20 ms
at a time until a 20 ms slice passes in which the process used under 1 ms of CPU. That is a guess from the clock,
twice over: every key costs at least 40 ms of sleeping (three quarters of the suite's time was spent so), and on a
loaded machine the process is idle because it is *not scheduled*, not because it is done, so the guess comes early
exactly when CI is busy.

:func:`quiet` waits for what the guess stands for, as conditions:

* every message pump of the app (the app, the screens below the top one and every widget of the top one) waits for
  its next message, with none queued and no callback to call next: its task is suspended in Textual's queue, on the
  very future the queue's ``get`` waits on (:func:`waiting`), so it is not inside a handler, awaiting or not;
* nothing else is ready to run on the event loop (a key the pilot sends, a task just made, a future just set is a
  callback there before it reaches a pump);
* the top screen has no layout, repaint or after-refresh callback waiting (its update timer is run now, as
  ``pilot.pause()`` itself does);
* every key typed has taken effect (the app's key order is idle) and no animation is running.

Where some pump is still busy, the wait goes through those pumps only (a round of callbacks, as
:mod:`banker.tui.keyorder` settles a key) and looks again. A wait at rest costs a look at each pump and sends no
message: before, every wait sent a callback through every widget of the screen, and the pilot waits four times for
each key (``_press_keys`` twice, ``press``, ``pause``), most of a pilot test's time (issue 33).

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
from textual._queue import Queue
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


def waiting(pump: MessagePump) -> bool:
    """``pump`` waits for its next message with nothing queued and no callback to call next: its task is suspended
    on the future Textual's queue waits on in ``get`` (asyncio keeps the future a task waits on in ``_fut_waiter``,
    Textual's queue its event's waiters in ``ready_event._waiters``). A pump not started yet waits if nothing is
    queued for it; one whose loop has ended waits for ever."""
    task = pump._task
    queue: Queue[Any] = pump._message_queue
    if queue.values or pump._next_callbacks:
        return False
    if task is None or task.done():
        return True
    waiter = task._fut_waiter  # type: ignore[attr-defined]
    return waiter is not None and waiter in queue.ready_event._waiters


def busy(app: App[Any]) -> list[MessagePump]:
    """The app's pumps that are not :func:`waiting`."""
    return [p for p in _pumps(app) if not waiting(p)]


def at_rest(app: App[Any]) -> bool:
    """The app has done everything it was given so far: what :func:`quiet` waits for, looked at once."""
    if app_ending(app):
        return True
    if asyncio.get_running_loop()._ready:  # type: ignore[attr-defined]  # something is about to run
        return False
    if busy(app) or _screen_waits(app):
        return False
    keys = getattr(app, "keys", None)
    return (keys is None or keys.idle.is_set()) and app.animator._complete_event.is_set()


async def quiet(app: App[Any], deadline: float = DEADLINE) -> None:
    """Until the app has done everything it was given to do so far (see the module docstring)."""
    if at_rest(app):
        return
    due = Deadline(deadline)
    loop = asyncio.get_running_loop()
    while True:
        if due.passed():
            raise due.fail(f"the app did not come to rest: {_unrest(app)}")
        if app_ending(app):
            return  # the app is ending (or failed): nothing more will settle, and the test sees why
        if loop._ready:  # type: ignore[attr-defined]  # callbacks and tasks ready to run go first
            await asyncio.sleep(0)
            continue
        working = busy(app)
        if working:
            await KeyOrder._round(app, working, due.left())
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
    working = [repr(p) for p in busy(app)]
    if working:
        return f"handlers have not finished in {', '.join(working[:5])}"
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


__all__ = ["DEADLINE", "at_rest", "busy", "idle", "quiet", "waiting"]
