"""The timeline of one game: the undo and redo stacks, the actions in effect, and the states they lead to.

Pure: no SQLite and no I/O. A :class:`Timeline` is given the state the game was set up with, an ``apply`` function
(the rules engine, wrapped by :class:`banker.session.Session` to name the journal when a stored action no longer
replays) and, optionally, where to find what it does not hold in memory: the actions of a game resumed from a
checkpoint (``load_actions``) and stored state snapshots (``snapshots``). The session owns the journal and tells the
timeline what happened (:meth:`Timeline.record`, :meth:`~Timeline.undo`, :meth:`~Timeline.redo`); the timeline
answers what the state is after any number of the actions in effect.

An action is known by its journal ``seq``. ``stack`` holds the seqs of the actions in effect, oldest first;
``undone`` (the redo stack) the seqs of those taken back, the next to redo last. A new action clears ``undone``.
The state after the first ``k`` actions in effect is cached once computed; a state not cached is replayed from the
best start: a cached state or a stored snapshot of the same prefix of ``stack``, whichever is later.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import partial
from itertools import pairwise, takewhile
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # types only: the app imports this module on start-up
    from collections.abc import Callable, Iterable, Iterator, Sequence
    from typing import TypeAlias

    from rules.actions import Action
    from rules.outcome import Outcome
    from rules.state import GameState

    Apply: TypeAlias = Callable[[GameState, Action, int], Outcome]
    """``apply(state, action, seq)``: what the action journalled as ``seq`` does from ``state``."""
    LoadActions: TypeAlias = Callable[[list[int]], dict[int, Action]]
    """``load_actions(seqs)``: the journalled actions of those seqs (the timeline asks only for ones it lacks)."""
    Snapshots: TypeAlias = Callable[[int], Iterable[tuple[int, int, Callable[[], GameState]]]]
    """``snapshots(k)``: stored states with at most ``k`` actions in effect, best (most actions) first, each as
    ``(idx, last, load)``: how many actions it includes, the seq of the last of them (0 for none: identifies the
    prefix of the stack it belongs to), and a function that reads the state (called only for the one chosen)."""


def _no_actions(seqs: list[int]) -> dict[int, Action]:
    raise KeyError(f"the timeline holds no action for seq {seqs[0]}")  # i18n-exempt: a programming error


def _no_snapshots(k: int) -> Iterable[tuple[int, int, Callable[[], GameState]]]:
    return ()


def stacks_after(
    steps: Iterable[tuple[int, str, int | None]], stack: Sequence[int] = (), undone: Sequence[int] = ()
) -> tuple[list[int], list[int]]:
    """The undo and redo stacks after journal entries ``steps`` (each ``(seq, kind, target)``, oldest first), as
    :meth:`Timeline.record`, :meth:`~Timeline.undo` and :meth:`~Timeline.redo` leave them, without the actions or a
    state: where a game stood at an entry, to replay from a snapshot taken there (``banker state --at N``).
    ``stack`` and ``undone``: the stacks before the first of ``steps`` (empty: ``steps`` start at the game's start)."""
    stack, undone = list(stack), list(undone)
    for seq, kind, target in steps:
        if kind == "action":
            stack.append(seq)
            undone = []
        elif kind == "undo":
            stack.pop()
            undone.append(int(target or 0))
        elif kind == "redo":
            stack.append(undone.pop())
    return stack, undone


class Bookmark:
    """Where a timeline stood (:meth:`Timeline.bookmark`), to go back to if a transaction does not commit: how
    many changes the timeline's trail held then."""

    __slots__ = ("at",)

    def __init__(self, at: int) -> None:
        self.at = at


_MISSING: Any = object()
"""What a cache held where it held nothing (the trail puts back exactly that)."""


def _put(into: dict[int, Any], key: int, value: Any) -> None:
    """``into[key] = value``, or no ``key`` when ``value`` is :data:`_MISSING` (one change of the trail undone)."""
    if value is _MISSING:
        into.pop(key, None)
    else:
        into[key] = value


class Timeline:
    """The undo/redo stacks of one game and the state after any prefix of its actions in effect."""

    def __init__(
        self,
        base: GameState,
        apply: Apply,
        load_actions: LoadActions = _no_actions,
        snapshots: Snapshots = _no_snapshots,
    ) -> None:
        self.base = base
        """The state as the game was set up (no action yet)."""
        self._apply = apply
        self._load_actions = load_actions
        self._snapshots = snapshots
        self._stack: list[int] = []
        self._undone: list[int] = []
        self._states: dict[int, GameState] = {0: base}
        self._actions: dict[int, Action] = {}
        self._marks: list[Bookmark] = []
        """The bookmarks not yet returned to nor kept, oldest first."""
        self._trail: list[Callable[[], object]] = []
        """While a bookmark is open: what takes back each change made since the oldest, in order."""
        self._ordered: bool | None = True
        """The stacks are in the order this class keeps them in (:meth:`newest`); None: not looked at since
        :meth:`restore`."""

    # Reading -------------------------------------------------------------------------------------------------
    @property
    def stack(self) -> Sequence[int]:
        """The seqs of the actions in effect, oldest first (a view: do not change it)."""
        return self._stack

    @property
    def undone(self) -> Sequence[int]:
        """The redo stack: seqs of the actions taken back, the next to redo last (a view: do not change it)."""
        return self._undone

    def newest(self, lowest: int) -> tuple[set[int], set[int]]:
        """The seqs from ``lowest`` on in :attr:`stack` and in :attr:`undone`: which of the newest journal entries are
        in effect and which can be redone (the game's log), read from the stacks' ends, so a key costs the same at
        entry 100,000 as at entry 10 (the whole stacks, copied into sets, cost the table's journal 0.6 ms a key at
        20,000 entries; issue 33). The stacks are ordered as this class builds them: ``stack`` oldest first (an action
        is stacked as recorded, an undo takes the last off, a redo puts back the last taken off, newer than those
        left), ``undone`` newest first; a journal edited by hand may not be (an undo naming another entry than the
        last), and is read whole."""
        stack, undone = self._stack, self._undone
        if self._ordered is None:
            self._ordered = (
                all(a < b for a, b in pairwise(stack))
                and all(a > b for a, b in pairwise(undone))
                and not (stack and undone and stack[-1] > undone[-1])
            )
        if not self._ordered:
            return {s for s in stack if s >= lowest}, {s for s in undone if s >= lowest}
        return set(stack[bisect_left(stack, lowest) :]), set(takewhile(lambda s: s >= lowest, undone))

    @property
    def can_undo(self) -> bool:
        return bool(self._stack)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def state(self) -> GameState:
        """The state after every action in effect."""
        return self.state_at(len(self._stack))

    def action(self, seq: int) -> Action:
        """The action journalled as ``seq`` (loaded if the timeline does not hold it yet)."""
        self._load_missing([seq])
        return self._actions[seq]

    def state_at(self, k: int) -> GameState:
        """The state after the first ``k`` actions in effect: cached, else replayed from the best start."""
        if k in self._states:
            return self._states[k]
        start, state = 0, self.base
        best_cached = max((i for i in self._states if i <= k), default=0)
        for idx, last, load in self._snapshots(k):
            if idx <= best_cached:
                break
            if idx == 0 or self._stack[idx - 1] == last:  # a snapshot of this very prefix of the stack
                start, state = idx, load()
                break
        if best_cached >= start:
            start, state = best_cached, self._states[best_cached]
        self._load_missing(self._stack[start:k])
        for i in range(start, k):
            seq = self._stack[i]
            state = self._apply(state, self._actions[seq], seq).state
        self._set(self._states, k, state)
        return state

    def outcomes(self, start: int = 0) -> Iterator[tuple[int, Outcome]]:
        """Every action in effect in order from the ``start``-th (0: the first), with what it did, replayed from the
        state before it (the history; from ``start``, what was recorded since a look at the first ``start``)."""
        stack = list(self._stack)
        self._load_missing(stack[start:])
        state = self.state_at(start) if start else self.base
        for seq in stack[start:]:
            outcome = self._apply(state, self._actions[seq], seq)
            yield seq, outcome
            state = outcome.state

    def _load_missing(self, seqs: Iterable[int]) -> None:
        need = [s for s in seqs if s not in self._actions]
        if need:
            for seq, action in self._load_actions(need).items():
                self._set(self._actions, seq, action)

    # Changing ------------------------------------------------------------------------------------------------
    def record(self, seq: int, action: Action, state: GameState | None = None) -> GameState:
        """A new action (journalled as ``seq``) takes effect; the redo stack is cleared. ``state``: the state after
        it, if already known (else it is applied here). Returns that state."""
        if state is None:
            state = self._apply(self.state, action, seq).state
        self._push(seq, action, state)
        if self._undone:
            self._note(partial(setattr, self, "_undone", self._undone))
            self._undone = []
        return state

    def undo(self, target: int | None = None) -> int:
        """Take back the last action in effect and return its seq. ``target``: the seq the journal says the undo
        took back, pushed on the redo stack as recorded (it is the same one in any journal Banker wrote)."""
        seq = self._stack.pop()
        self._note(partial(self._stack.append, seq))
        self._set(self._states, len(self._stack) + 1, _MISSING)
        if target is not None and target != seq:  # not the order this class keeps (a journal edited by hand)
            self._ordered = False
        self._undone.append(seq if target is None else target)
        self._note(self._undone.pop)
        return seq

    def redo(self, state: GameState | None = None) -> int:
        """Bring back the last action taken back and return its seq. ``state``: the state after it, if already
        known (else it is applied here)."""
        seq = self._undone[-1]
        action = self.action(seq)
        if state is None:
            state = self._apply(self.state, action, seq).state
        self._undone.pop()
        self._note(partial(self._undone.append, seq))
        self._push(seq, action, state)
        return seq

    def _push(self, seq: int, action: Action, state: GameState) -> None:
        self._stack.append(seq)
        self._note(self._stack.pop)
        self._set(self._actions, seq, action)
        self._set(self._states, len(self._stack), state)

    def restore(self, stack: Iterable[int], undone: Iterable[int], idx: int, state: GameState) -> None:
        """Start from a stored snapshot: its stacks, and ``state`` after the first ``idx`` actions of ``stack``."""
        self._note(partial(setattr, self, "_stack", self._stack))
        self._note(partial(setattr, self, "_undone", self._undone))
        self._stack = list(stack)
        self._undone = list(undone)
        self._ordered = None
        self._set(self._states, idx, state)

    # Going back --------------------------------------------------------------------------------------------
    # A transaction that does not commit leaves the timeline as it was. Copying the stacks and the cache for each
    # command grew with the game (55 ms a command by 30,000 entries: issue 33); instead, while a bookmark is open,
    # every change notes what takes it back (the trail), and going back runs those in reverse.
    def bookmark(self) -> Bookmark:
        """Where the timeline stands now; then :meth:`return_to` it, or :meth:`keep` what happened since (its cost
        does not grow with the game: no copy)."""
        mark = Bookmark(len(self._trail))
        self._marks.append(mark)
        return mark

    def return_to(self, mark: Bookmark) -> None:
        """Forget every change since :meth:`bookmark` (a transaction that did not commit); bookmarks taken since are
        gone with them."""
        at = next((i for i, m in enumerate(self._marks) if m is mark), None)
        if at is None:
            raise ValueError("that bookmark was returned to or kept already")  # i18n-exempt: a programming error
        while len(self._trail) > mark.at:
            self._trail.pop()()
        del self._marks[at:]
        self._forget_trail()

    def keep(self, mark: Bookmark) -> None:
        """The changes since :meth:`bookmark` stand (the transaction committed, or wrote nothing): the timeline stops
        noting how to take them back once no bookmark is open. A bookmark returned to already is let be."""
        self._marks[:] = [m for m in self._marks if m is not mark]
        self._forget_trail()

    def _forget_trail(self) -> None:
        if not self._marks:
            self._trail.clear()

    def _note(self, back: Callable[[], object]) -> None:
        """One change made: ``back`` takes it back (kept while a bookmark is open)."""
        if self._marks:
            self._trail.append(back)

    def _set(self, into: dict[int, Any], key: int, value: Any) -> None:
        """``into[key] = value`` (:data:`_MISSING`: no ``key``), noted for :meth:`return_to`."""
        if self._marks:
            self._trail.append(partial(_put, into, key, into.get(key, _MISSING)))
        _put(into, key, value)
