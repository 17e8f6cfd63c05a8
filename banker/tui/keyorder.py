"""Keys in the order typed: each key acts on what the keys before it left, at any typing speed.

Textual hands a key to the widget that has the focus *when the key is read*, then runs the key's binding when the
key has travelled up to the app, one message queue at a time; a focus move, a pushed dialog, an Input's change and
its completion all follow later, as messages. So the keys of a burst (a fast banker, a paste, a busy moment) used to
overtake one another: Space ticked the row the cursor was on before the arrows typed ahead of it, text typed after
Tab went into the field being left, ``/go bob⏎`` opened the GO dialog. Making one more key "act as it arrives"
only moved the race to the next key, so there is now one gate, at the app's edge, for every key:

* :meth:`KeyOrder.admit` (called by ``BankerApp.on_event`` for every key and paste the terminal or the pilot posts)
  lets a key through only when the effects of the key before it are done; otherwise the key waits in a FIFO;
* a single consumer task (not a message handler: waiting here never holds a message queue, so it cannot deadlock the
  app) settles each admitted key and then posts the next waiting one to the app again, marked as released.

Settled means: every message queue of the app, of each screen on the stack and of every widget of the screen on top
is empty (a round of ``call_later`` through the pumps that had messages waits for them, again until none has: so the
key, its bubbling, its binding, the focus moves and the messages they posted are handled, and a newly pushed dialog
has mounted and focused its first field), the top screen has no after-refresh callbacks waiting, and no completion
an Input of the top screen started looking for on this key is still being looked for (Tab and the right arrow
accept it). Other workers (the standings' figures, the phones' server) are not waited for: the screens that start
them take keys while they work. A key whose effects do not settle within
:attr:`KeyOrder.DEADLINE` is logged and the next key goes on (the app never stops reading keys).

Every key then goes through Textual's ordinary paths (bindings, the Input's own keys, a list's arrows and Space),
strictly in order, and no widget or screen needs to know about typing ahead.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import TYPE_CHECKING, Any, TypeGuard

from textual import events
from textual.widgets import Input

from banker.tui.textual_private import after_refresh_pending, queue_empty

if TYPE_CHECKING:
    from textual.app import App
    from textual.message_pump import MessagePump

log = logging.getLogger("banker.keys")

Typed = events.Key | events.Paste


class KeyOrder:
    """The app's one key path: admit a key now, or keep it until the keys before it have taken effect."""

    DEADLINE = 2.0
    """Seconds a key's effects may take to settle before the next key is let through anyway (logged)."""

    def __init__(self, app: App[Any]) -> None:  # whatever the app returns when it exits
        self.app = app
        self.waiting: deque[Typed] = deque()
        self.released: Typed | None = None
        """The waiting key the consumer has just posted again: the one key :meth:`admit` lets through while busy."""
        self.task: asyncio.Task[None] | None = None
        self.idle = asyncio.Event()
        self.idle.set()
        self.late = 0
        """How many keys had effects that did not settle in time (a test fails on it)."""

    @staticmethod
    def applies(event: events.Event) -> TypeGuard[Typed]:
        """A key or a paste from the terminal (or the pilot), not one Textual is forwarding down the DOM."""
        return isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded

    def admit(self, event: Typed) -> bool:
        """True: handle ``event`` now; False: it waits for the keys before it (and is posted again in turn)."""
        if event is self.released:
            self.released = None
            return True
        if self.task is None:  # nothing in flight: this key goes now (if the screen is ready), settled before the next
            self.idle.clear()
            self.task = asyncio.create_task(self._run(), name="banker key order")
            if self._ready():
                return True
        self.waiting.append(event)
        return False

    def _ready(self) -> bool:
        """A quick look: the screen on top has nothing waiting (a first frame still to mount the command line, a
        dialog just pushed); otherwise the key waits for the screen to settle, like a key typed ahead."""
        stack = self.app.screen_stack
        if not stack:
            return False
        screen = stack[-1]
        return screen.is_mounted and queue_empty(screen) and not after_refresh_pending(screen)

    async def wait_idle(self) -> None:
        """Until every key typed so far has taken effect (the pilot's press waits for this under test)."""
        await self.idle.wait()

    async def _run(self) -> None:
        try:
            while True:
                await self._settle()
                if not self.waiting:
                    return
                event = self.waiting.popleft()
                self.released = event
                if not self.app.post_message(event):  # the app is closing: nothing more will be read
                    self.waiting.clear()
                    return
        except Exception:  # noqa: BLE001 - the keyboard must keep working whatever went wrong here
            log.exception("the key order failed; keys typed since go straight through")
            self.waiting.clear()
        finally:
            self.task = None
            self.released = None
            self.idle.set()

    def _pumps(self) -> list[MessagePump]:
        app = self.app
        stack = list(app.screen_stack)
        if not stack:
            return [app]
        return [app, *stack[:-1], *stack[-1].walk_children(with_self=True)]

    async def _settle(self) -> None:
        """Until the key just let through (and all it set off) has been handled; see the module docstring."""
        loop = asyncio.get_running_loop()
        end = loop.time() + self.DEADLINE
        app = self.app
        workers = {id(w) for w in app.workers}
        first = True
        while loop.time() < end:
            pumps = self._pumps()
            # A handler runs to its end before another task runs, so only a pump with messages waiting (or the app,
            # which may be inside an awaiting key handler when this starts) has anything left to do.
            busy = [p for p in pumps if not queue_empty(p)]
            if first and app not in busy:
                busy.append(app)
            first = False
            if busy:
                await self._round(busy, end - loop.time())
                continue
            screen = app.screen_stack[-1] if app.screen_stack else None
            if (screen is not None and after_refresh_pending(screen)) or any(
                id(w) not in workers and w.is_running and isinstance(w.node, Input) and w.node in pumps
                for w in app.workers
            ):
                await asyncio.sleep(0.001)  # a refresh or a completion to wait for, not a message
                continue
            return
        self.late += 1
        log.warning("a key's effects did not settle in %.1f s; the next key goes on", self.DEADLINE)

    @staticmethod
    async def _round(pumps: list[MessagePump], timeout: float) -> None:
        """Until every pump has handled what was in its queue when the round began."""
        left = 0
        done = asyncio.Event()

        def one() -> None:
            nonlocal left
            left -= 1
            if left == 0:
                done.set()

        for pump in pumps:
            if pump.call_later(one):
                left += 1
        if left:
            try:
                await asyncio.wait_for(done.wait(), max(timeout, 0.001))
            except TimeoutError:
                return


__all__ = ["KeyOrder"]
