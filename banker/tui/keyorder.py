"""Keys in the order typed: each key acts on what the keys before it left, at any typing speed.

Textual hands a key to the widget that has the focus *when the key is read*, then runs the key's binding when the
key has travelled up to the app, one message queue at a time; a focus move, a pushed dialog, an Input's change and
its completion all follow later, as messages. So the keys of a burst (a fast banker, a paste, a busy moment) used to
overtake one another: Space ticked the row the cursor was on before the arrows typed ahead of it, text typed after
Tab went into the field being left, ``/go bob⏎`` opened the GO dialog. Making one more key "act as it arrives"
only moved the race to the next key, so there is now one gate, at the app's edge, for every key:

* :meth:`KeyOrder.admit` (called by ``BankerApp.on_event`` for every key and paste the terminal or the pilot posts)
  lets a key through only when the effects of the key before it are done (:meth:`KeyOrder._settled`, looked at as
  the key comes); otherwise the key waits in a FIFO;
* a single consumer task (not a message handler: waiting here never holds a message queue, so it cannot deadlock the
  app), started by a key that had to wait, settles what the keys before it set off, then posts the next waiting one
  to the app again, marked as released, and settles that one before the next, until none waits.

Settled means: every message queue of the app, of each screen on the stack and of every widget of the screen on top
is empty (a round of ``call_later`` through the pumps that had messages waits for them, again until none has: so the
key, its bubbling, its binding, the focus moves and the messages they posted are handled, and a newly pushed dialog
has mounted and focused its first field), the top screen has no after-refresh callbacks waiting, and no completion
an Input of the top screen started looking for on this key is still being looked for (Tab and the right arrow
accept it), and the screen on top has been built (mounted). Other workers (the standings' figures, the phones'
server) are not waited for: the screens that start them take keys while they work. A key whose effects do not settle
within :attr:`KeyOrder.DEADLINE` seconds of the machine's attention (time spent waiting for a CPU does not count, nor
any while the screen on top is still being built, up to :attr:`KeyOrder.CAP` deadlines) is logged and the next key
goes on (the app never stops reading keys).

Every key then goes through Textual's ordinary paths (bindings, the Input's own keys, a list's arrows and Space),
strictly in order, and no widget or screen needs to know about typing ahead.

Keys act in the context the banker saw when typing them. A screen the app opens on its own, as a consequence of a
key rather than as what the key is for (the ways to raise money after a payment the player cannot make, the maths
question, the offer to deal, the standings at the end), and a refusal shown inside a dialog, are a context nobody
saw while typing the keys already on their way: :meth:`KeyOrder.hold` sets those keys aside (:class:`SetAside`),
and every key read before the screen or the refusal has been drawn and on show for :attr:`KeyOrder.reaction`
(``[keyboard] reaction_ms`` in config.toml), or read less than that after a key set aside (a run of typing that
went on without a pause). The screen says so in one line (with a bell), and once it has closed the table offers
them: Ctrl+R (:data:`REPLAY`) puts them back at the front of this queue, to act where they were meant, through
this same path; any other key drops them. A key's time is when the terminal's bytes were read (``Message.time``),
so a burst typed before the screen showed is told apart from keys typed after, however busy the app was.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeGuard

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Input

from banker.tui.textual_private import after_refresh_pending, app_ending, queue_empty
from banker.tui.words import styled
from rules.i18n import _

if TYPE_CHECKING:
    from textual.app import App
    from textual.message_pump import MessagePump
    from textual.screen import Screen

log = logging.getLogger("banker.keys")

Typed = events.Key | events.Paste
REPLAY = "ctrl+r"
"""The key that types again the keys a closed screen set aside (any other key drops them)."""
Why = Literal["opened", "refused"]
"""Why keys were set aside: a screen the app opened on its own, or a refusal shown in a dialog."""

# i18n-exempt: keys as keyboards print them
SHOWN_KEYS = {
    "enter": "⏎",
    "tab": "⇥",
    "shift+tab": "⇤",
    "escape": "Esc",
    "backspace": "⌫",
    "delete": "Del",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
}


def typed_text(keys: list[Typed], room: int = 40) -> str:
    """Keys as the banker typed them, for one line: ``go anna ⏎`` (text as typed, other keys by their sign or
    name), cut in the middle with ``…`` past ``room`` characters. A space typed at either end of a run of text is
    shown as ``␣``: a Space set aside alone was shown as nothing, two backquotes round no key (found at a game
    night)."""
    runs: list[str] = []  # runs of text typed, and the signs or names of the other keys, in order
    text = ""
    for key in keys:
        if isinstance(key, events.Paste):
            text += key.text
        elif key.is_printable and key.character is not None:
            text += key.character
        else:
            runs += [_edges_shown(text), SHOWN_KEYS.get(key.key) or key.key.replace("ctrl+", "Ctrl+").title()]
            text = ""
    runs.append(_edges_shown(text))
    shown = " ".join(run for run in runs if run)
    if len(shown) > room:
        half = (room - 1) // 2
        shown = f"{shown[:half]}…{shown[-(room - 1 - half) :]}"
    return shown


def _edges_shown(run: str) -> str:
    """A run of text on one line: the spaces (or line breaks, pasted) at either end shown as ``␣``, those inside it
    one space between the words."""
    words = run.split()
    start = len(run) - len(run.lstrip())
    end = len(run) - len(run.rstrip()) if words else 0
    return "␣" * start + " ".join(words) + "␣" * end


@dataclass(eq=False)
class SetAside:
    """The keys a screen did not take because nobody saw it when they were typed: the app opened it on its own (or
    it showed a refusal) while they were on their way (:meth:`KeyOrder.hold`)."""

    screen: Screen[Any]
    why: Why
    keys: list[Typed] = field(default_factory=list)
    drawn: float | None = None
    """When the screen (or the refusal) was drawn, on the clock of ``Message.time``; None until then."""
    told: bool = False
    """The banker has been told (the bell rings once a screen, not once a key)."""

    def takes(self, event: Typed, reaction: float) -> bool:
        """Whether ``event`` was typed after the banker could see the screen: read at least ``reaction`` seconds
        after it was drawn and after the last key set aside (a run of typing that goes on is still the same run)."""
        if self.drawn is None:
            return False
        last = max((k.time for k in self.keys), default=self.drawn)
        return event.time >= max(self.drawn, last) + reaction


@dataclass(eq=False)
class KeptInView:
    """A refusal where the next reply replaces it (the table's reply box: the command line's refusal moves no focus,
    so it sets no keys aside, docs/architecture.md): kept above the replies that follow until a key typed after the
    banker could have seen it. In a burst, ``tax ann 200⏎card ann chance repairs⏎`` showed the card alone; the
    refused tax was gone with nothing on the screen (review, item 2)."""

    kept: Text | None = None
    drawn: float | None = None
    """When the refusal was drawn (:func:`now`); None until then."""

    def shown(self, text: Text, refused: str | None, order: object) -> Text:
        """What to show for a reply ``text`` (``refused``: the line it refused, else None), with the refusals before
        it the banker has not seen above it."""
        drawn = self.drawn
        unseen = drawn is None or (isinstance(order, KeyOrder) and order.typed_before_seen(drawn))
        kept = self.kept if unseen else None
        if refused is not None:
            not_recorded = "✗ " + _("{line} not recorded: {reason}")
            mine = styled(not_recorded, style="bold red", line=(refused, "bold"), reason=text[2:])
            self.kept, self.drawn = (mine if kept is None else Text.assemble(kept, "\n", mine)), None
        elif kept is None:
            self.kept = None
        return text if kept is None else Text.assemble(kept, "\n", text)

    def stamp(self) -> None:
        """The reply box has been drawn: a refusal kept is on show from now."""
        if self.kept is not None and self.drawn is None:
            self.drawn = now()


class Told:
    """What the key order tells the app (which shows it); the default tells nobody (an app without a banker)."""

    def keys_set_aside(self, aside: SetAside) -> None:
        """``aside`` holds one key more (or was given the keys waiting): say so on its screen."""

    def keys_offered(self, keys: list[Typed], why: Why = "opened") -> None:
        """A screen that set ``keys`` aside closed: offer them (REPLAY types them; any other key drops them), saying
        ``why`` they were set aside (the last screen's reason, where several offered theirs)."""

    def offer_ended(self) -> None:
        """The keys offered were typed again, dropped or set aside once more: the offer is no longer open."""

    def aside_ended(self, screen: Screen[Any]) -> None:
        """``screen``, still open, holds no keys set aside now (:meth:`KeyOrder.went_on`): its line saying so goes."""


class KeyOrder:
    """The app's one key path: admit a key now, or keep it until the keys before it have taken effect."""

    DEADLINE = 2.0
    """Seconds of the machine's attention a key's effects may take to settle before the next key is let through
    anyway (logged): time the app waited for a CPU does not count (:meth:`_overdue`)."""
    CAP = 10
    """Whatever the machine, a key's effects are not waited for longer than this many deadlines."""
    REACTION = 0.5
    """Seconds a screen the app opened on its own (or a refusal) must have been on show before it takes a key, when
    config.toml does not say (``[keyboard] reaction_ms``): a banker typing at speed needs about this long to see
    that something new is on the screen and stop; a key meant for it comes later, once it has been read. The
    pilot tests set it to 0: keys read before the screen was drawn are still set aside (tests/conftest.py)."""

    def __init__(self, app: App[Any], told: Told | None = None) -> None:  # whatever the app returns when it exits
        self.app = app
        self.told = told or Told()
        self.reaction = self.REACTION
        self.asides: list[SetAside] = []
        """Keys set aside by the screens still open, one record a screen."""
        self.offered: list[Typed] = []
        """Keys a closed screen set aside, until the next key: REPLAY types them, any other drops them."""
        self.passed = 0
        """How many keys have been let through to act (the tests compare a burst with the keys typed one by one)."""
        self.waiting: deque[Typed] = deque()
        self.released: Typed | None = None
        """The waiting key the consumer has just posted again: the one key :meth:`admit` lets through while busy."""
        self.acting: Typed | None = None
        """The last key let through to act (its effects are what happens now)."""
        self.task: asyncio.Task[None] | None = None
        self.idle = asyncio.Event()
        self.idle.set()
        self.late = 0
        """How many keys had effects that did not settle in time (a test fails on it)."""
        self.before: set[int] = set()
        """The app's workers (by id) when the last key was let through: a completion started since is that key's."""

    @staticmethod
    def applies(event: events.Event) -> TypeGuard[Typed]:
        """A key or a paste from the terminal (or the pilot), not one Textual is forwarding down the DOM."""
        return isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded

    def admit(self, event: Typed) -> bool:
        """True: handle ``event`` now; False: it waits for the keys before it (and is posted again in turn).

        A key that finds the effects of the one before it done (:meth:`_settled`: at a banker's pace, every key)
        goes at once, and nothing runs to settle it until a key comes that finds them not done: then this waits
        in the queue while :meth:`_settle` waits for them, as for a key typed ahead. Settling every key as it was
        let through (a task, and rounds of callbacks through the screen's widgets, while the key itself was being
        handled) cost each key some 1.3 ms, a quarter of a rent's Enter, for keys that mostly came once it was
        all done anyway (issue 33)."""
        if event is self.released:
            self.released = None
            return True
        if self.task is None:
            if self._ready() and not self.asides and not self.offered and self._settled():
                self.passed += 1
                self.acting = event
                self.before = {id(w) for w in self.app.workers}
                return True
            self.idle.clear()
            self.task = asyncio.create_task(self._run(), name="banker key order")
        self.waiting.append(event)  # (with keys set aside or offered, every key is looked at in turn by _run)
        return False

    def _settled(self) -> bool:
        """What :meth:`_settle` waits for, seen now: no message waits anywhere it looks (the app's queue holds no
        key typed ahead either), the screen on top is built and waits for no refresh, and no completion a key
        started since the last one let through is still being looked for. The app itself is done with the key
        before: it is handling this one."""
        app = self.app
        stack = app.screen_stack
        if not stack or not queue_empty(app):
            return False
        screen = stack[-1]
        if not screen.is_mounted or after_refresh_pending(screen):
            return False
        pumps = [*stack[:-1], *screen.walk_children(with_self=True)]
        if not all(queue_empty(p) for p in pumps):
            return False
        return not self._completing(pumps)

    def _completing(self, pumps: Sequence[MessagePump]) -> bool:
        """An Input among ``pumps`` is still looking for a completion it started since the last key let through."""
        before = self.before
        return any(
            id(w) not in before and w.is_running and isinstance(w.node, Input) and w.node in pumps
            for w in self.app.workers
        )

    # Keys typed before a screen was seen ----------------------------------------------------------------------
    def hold(self, screen: Screen[Any], why: Why = "opened") -> None:
        """The app has just opened ``screen`` on its own, or ``screen`` has just refused what it was given: the keys
        on their way (waiting here, or offered from a screen that closed) were typed for what the banker saw before
        it, so they are set aside, and so is every key until ``screen`` takes keys (:meth:`SetAside.takes`)."""
        aside = self._aside_of(screen)
        if aside is None:
            aside = SetAside(screen, why)
            self.asides.append(aside)
        if not aside.keys:  # the keys already set aside keep the reason they were set aside for
            aside.why = why
        aside.drawn = None
        moved = [*self.offered, *self.waiting]
        self._end_offer()
        self.waiting.clear()
        aside.keys.extend(moved)
        screen.call_after_refresh(self._drawn, aside)
        if moved:
            self.told.keys_set_aside(aside)

    def closed(self, screen: Screen[Any]) -> None:
        """``screen`` left the screen stack: the keys it set aside are offered (after any offered already)."""
        aside = self._aside_of(screen)
        if aside is None:
            return
        self.asides.remove(aside)
        if aside.keys:
            self.offered.extend(aside.keys)
            self.told.keys_offered(list(self.offered), aside.why)

    def went_on(self, screen: Screen[Any]) -> None:
        """``screen`` recorded what it was given and stays open for more (the take-over screen, a line at a time):
        the keys it set aside are offered now, as its closing would offer them, for they were typed for what came
        after the line it refused, which is now. Kept until it closed instead, they were offered on the table
        minutes later, where Ctrl+R played a position's figures as table keys (found by a game-night review)."""
        if self._aside_of(screen) is not None:
            self.closed(screen)
            self.told.aside_ended(screen)

    def drop(self) -> None:
        """Forget every key set aside or offered (another game is opened: they were meant for this one)."""
        self.asides.clear()
        self._end_offer()

    def _end_offer(self) -> None:
        if self.offered:
            self.offered = []
            self.told.offer_ended()

    @staticmethod
    def _drawn(aside: SetAside) -> None:
        aside.drawn = now()

    def _aside_of(self, screen: Screen[Any]) -> SetAside | None:
        return next((a for a in self.asides if a.screen is screen), None)

    def _route(self, event: Typed) -> bool:
        """True: ``event`` acts now. False: it was set aside, or it was REPLAY and the keys offered are waiting
        again, at the front."""
        stack = self.app.screen_stack
        for gone in [a.screen for a in self.asides if a.screen not in stack]:  # left without closing through the app
            self.closed(gone)
        top = self._aside_of(stack[-1]) if stack else None
        if top is not None and not top.takes(event, self.reaction):
            top.keys.append(event)
            self.told.keys_set_aside(top)
            return False
        if self.offered:  # offered until this key: REPLAY types them again, any other drops them (the offer said so)
            keys = self.offered
            self._end_offer()
            if isinstance(event, events.Key) and event.key == REPLAY:
                self.waiting.extendleft(reversed(keys))
                return False
        self.passed += 1
        self.acting = event
        return True

    def typed_before_seen(self, drawn: float) -> bool:
        """Whether the key acting now was read before the banker could have seen something drawn at ``drawn`` (on
        the clock of ``Message.time``): read less than the reaction time after it, as a run of typing goes on."""
        return self.acting is not None and self.acting.time < drawn + self.reaction

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
        posted = False
        try:
            while True:
                await self._settle()
                if not self.waiting:
                    return
                event = self.waiting.popleft()
                if not self._route(event):
                    continue
                self.released = event
                self.before = {id(w) for w in self.app.workers}
                if not self.app.post_message(event):  # the app is closing: nothing more will be read
                    self.waiting.clear()
                    return
                if not self.waiting:  # the next key to come settles this one, as it would any key let through
                    posted = True
                    return
        except Exception:  # noqa: BLE001 - the keyboard must keep working whatever went wrong here
            log.exception("the key order failed; keys typed since go straight through")
            self.waiting.clear()
        finally:
            self.task = None
            if not posted:  # (a key posted again is let through when it comes back: admit)
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
        began, starved_before = loop.time(), starved()
        app = self.app
        first = True
        while True:
            if app_ending(app):
                return  # nothing more will be handled: the next key finds the app closed (_run)
            pumps = self._pumps()
            # A handler runs to its end before another task runs, so only a pump with messages waiting (or the app,
            # which may be inside an awaiting key handler when this starts) has anything left to do.
            busy = [p for p in pumps if not queue_empty(p)]
            if first and app not in busy:
                busy.append(app)
            first = False
            screen = app.screen_stack[-1] if app.screen_stack else None
            # a screen still being built (a key let through then reaches no field; review, item 5), a refresh or a
            # completion to wait for, not a message
            waiting = (
                screen is not None and (not screen.is_mounted or after_refresh_pending(screen))
            ) or self._completing(pumps)
            if not busy and not waiting:
                return
            if self._overdue(loop.time() - began, starved_before):
                break
            if busy:
                await self._round(app, busy, self.DEADLINE)
            else:
                await asyncio.sleep(0.001)
        self.late += 1
        log.warning("a key's effects did not settle in %.1f s; the next key goes on", self.DEADLINE)

    def _overdue(self, waited: float, starved_before: float) -> bool:
        """A key's effects have had :attr:`DEADLINE` seconds of the machine's attention: the time the app waited for
        a CPU does not count (on a loaded machine a screen took longer than that to be built, and the keys typed
        after the one that opened it were let through into a screen not yet there), nor, while the screen on top is
        still being built, any time at all, up to :attr:`CAP` times the deadline."""
        if waited < self.DEADLINE:
            return False
        if waited >= self.DEADLINE * self.CAP:
            return True
        stack = self.app.screen_stack
        return waited - (starved() - starved_before) >= self.DEADLINE and bool(stack) and stack[-1].is_mounted

    LOOK = 0.25
    """Seconds between looks at whether the app is ending while a round waits (:meth:`_round`)."""

    @classmethod
    async def _round(cls, app: App[Any], pumps: list[MessagePump], timeout: float) -> None:
        """Until every pump has handled what was in its queue when the round began, the app is ending (its pumps
        will handle nothing more: a round would wait out its timeout), or ``timeout`` seconds have passed."""
        countdown = _Countdown(asyncio.get_running_loop().create_future())
        for pump in pumps:
            # the Callback event call_later posts, without the partial it wraps every callback in: Textual reads the
            # parameters of each new partial's function again (inspect.signature), 14% of a dialog test's time
            if pump.post_message(events.Callback(callback=countdown.one)):
                countdown.left += 1
        loop = asyncio.get_running_loop()
        end = loop.time() + max(timeout, 0.001)
        while countdown.left and not app_ending(app):
            if await countdown.wait(max(min(end - loop.time(), cls.LOOK), 0.001)) or loop.time() >= end:
                return


class _Countdown:
    """One round of :meth:`KeyOrder._round`: done when each pump it went through has called :meth:`one`. Its
    callback is a method, not a closure made for the round, and is posted as it is, not wrapped in a partial by
    ``call_later``: Textual reads the parameters of a callback it has not seen before (``inspect.signature``), and
    a closure or a partial a round was a new one each time, some 0.2 ms of every key (issue 33); its wait is a
    future with a timeout, not a task of its own."""

    def __init__(self, done: asyncio.Future[None]) -> None:
        self.done = done
        self.left = 0

    def one(self) -> None:
        self.left -= 1
        if self.left == 0 and not self.done.done():
            self.done.set_result(None)

    async def wait(self, timeout: float) -> bool:
        """Until done, or ``timeout`` seconds; whether it is done."""
        if not self.done.done():
            await asyncio.wait((self.done,), timeout=timeout)
        return self.done.done()


def now() -> float:
    """Now, on the clock Textual stamps every message (and so every key) with."""
    return Message().time


def starved() -> float:
    """Seconds this thread (the app's event loop) has spent ready to run but waiting for a CPU (Linux's
    ``schedstat``); 0 where it cannot be told."""
    try:
        with open("/proc/thread-self/schedstat", "rb") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def typed_ahead_offered(screen: Screen[Any]) -> None:
    """``screen`` recorded what it was given and stays open: the keys it set aside are offered now
    (:meth:`KeyOrder.went_on`); nothing in an app without a key order."""
    order = getattr(screen.app, "keys", None)
    if isinstance(order, KeyOrder):
        order.went_on(screen)


def hold_typed_ahead(screen: Screen[Any], why: Why = "refused") -> None:
    """``screen`` has just refused what it was given (or opened on its own): set aside the keys on their way
    (:meth:`KeyOrder.hold`); nothing in an app without a key order."""
    order = getattr(screen.app, "keys", None)
    if isinstance(order, KeyOrder):
        order.hold(screen, why)


__all__ = [
    "REPLAY",
    "KeptInView",
    "KeyOrder",
    "SetAside",
    "Told",
    "hold_typed_ahead",
    "now",
    "typed_ahead_offered",
    "typed_text",
]
