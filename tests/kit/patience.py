"""How long a test waits before it calls a wait a hang: deadlines that scale with the machine.

A wait in the tests ends on its condition (:mod:`tests.kit.waits`, :mod:`tests.kit.quiet`, :mod:`tests.kit.terminal`);
its deadline only tells a hang from slowness. A fixed number of seconds cannot: two shared cores running the suite
beside other work (CI, a laptop compiling) made 34 tests fail with "the app did not come to rest in 30 s" though no
app had hung. So a :class:`Deadline` is counted in the time the processes waited on *had the machine's attention*:

* the seconds it is given are multiplied by :data:`PATIENCE` (``BANKER_TEST_PATIENCE``: CI or a loaded laptop
  raises it; 1 on a quiet machine);
* time the watched processes spent ready to run but waiting for a CPU (Linux's ``schedstat``: the run queue) does
  not count: on a busy machine the deadline moves out by as long as the app and the test were starved, however
  long that is. An app that hangs (sleeping on something that never comes) or spins (running) is not starved, so
  it still fails in about the seconds given;
* where ``/proc`` cannot tell (not Linux), wall-clock seconds, times :data:`PATIENCE`.

Whatever happens, a deadline ends after :data:`CAP` times its scaled seconds of wall-clock time.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import TypeVar

T = TypeVar("T")

PATIENCE = max(1.0, float(os.environ.get("BANKER_TEST_PATIENCE") or 1))
"""How many times the seconds a wait is given (``BANKER_TEST_PATIENCE``, at least 1)."""
CAP = 20.0
"""A deadline ends after this many times its scaled seconds of wall-clock time, starved or not."""


def scaled(seconds: float) -> float:
    """``seconds`` times :data:`PATIENCE`: for a timeout handed to something that cannot watch the run queue (a
    subprocess's ``communicate``, a socket, ``urlopen``)."""
    return seconds * PATIENCE


def _waited(pid: int) -> int | None:
    """Nanoseconds the main thread of process ``pid`` has spent waiting for a CPU (``schedstat``); None if
    unknown (not Linux, the process gone)."""
    try:
        with open(f"/proc/{pid}/schedstat", "rb") as f:
            return int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None


def descendants(pid: int) -> list[int]:
    """The processes ``pid`` started, and theirs (a browser's, a server's), as ``/proc`` lists them now."""
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{parent}/task/{task}/children") as f:
                    children = [int(c) for c in f.read().split()]
            except (OSError, ValueError):
                continue
            found += children
            todo += children
    return found


class Deadline:
    """``seconds`` (times :data:`PATIENCE`) of the machine's attention from now, to the processes a wait depends
    on: this one (the pilot's app runs in its event loop), those it started (a browser, a server) and ``pids()``
    (an app in a terminal, say): the longest any of them waited for a CPU meanwhile does not count."""

    def __init__(self, seconds: float, pids: Callable[[], Iterable[int]] | None = None) -> None:
        self.seconds = scaled(seconds)
        self.start = time.monotonic()
        self._pids = pids
        self._since: dict[int, int] = {}
        """Each process's wait for a CPU when first seen (0 for one started since: all of its wait counts)."""
        self._starved = 0
        self._look(first=True)

    def _watched(self) -> list[int]:
        me = os.getpid()
        watched = [me, *descendants(me)]
        if self._pids is not None:
            with contextlib.suppress(OSError):  # the process went while its children were listed
                watched += list(self._pids())
        return watched

    def _look(self, first: bool = False) -> None:
        for pid in self._watched():
            waited = _waited(pid)
            if waited is None:
                continue
            since = self._since.setdefault(pid, waited if first else 0)
            self._starved = max(self._starved, waited - since)

    def starved(self) -> float:
        """Seconds the most starved of the watched processes has waited for a CPU since the start."""
        self._look()
        return self._starved / 1e9

    def elapsed(self) -> float:
        """Seconds since the start that count: the wall clock's, less :meth:`starved`."""
        wall = time.monotonic() - self.start
        if wall <= self.seconds:
            return wall  # not due yet, starved or not: no need to look
        return wall - self.starved() if wall < CAP * self.seconds else float("inf")

    def left(self) -> float:
        """Seconds still given (0 once :meth:`passed`): the longest one wait should block before looking again."""
        return max(self.seconds - self.elapsed(), 0.0)

    def passed(self) -> bool:
        return self.elapsed() > self.seconds

    def fail(self, what: str) -> AssertionError:
        """The error a test fails with when the deadline has passed waiting for ``what``."""
        wall = time.monotonic() - self.start
        return AssertionError(
            f"{what} ({wall:.0f} s, of which {self.starved():.0f} s waiting for a CPU; given "
            f"{self.seconds:.0f} s: BANKER_TEST_PATIENCE={PATIENCE:g})"
        )


async def within(awaitable: Awaitable[T], seconds: float, what: str) -> T:
    """``await awaitable``, failing naming ``what`` once a :class:`Deadline` of ``seconds`` has passed (in the
    place of ``asyncio.wait_for`` with a fixed timeout)."""
    due = Deadline(seconds)
    task = asyncio.ensure_future(awaitable)
    while not task.done():
        await asyncio.wait({task}, timeout=max(due.left(), 0.05))
        if not task.done() and due.passed():
            task.cancel()
            raise due.fail(f"waited for {what}")
    return task.result()


__all__ = ["CAP", "PATIENCE", "Deadline", "descendants", "scaled", "within"]
