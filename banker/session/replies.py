"""What a session hands out: the reply to a command, a line of the log, and an entry of another game's journal to
replay (with its refusal). Frozen records, no behaviour; :mod:`banker.session` re-exports them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from banker.journal import EventKind
from rules.errors import RuleError

if TYPE_CHECKING:
    from rules.actions import Action
    from rules.outcome import Outcome  # imported with the engine (prepare): opening a game needs no outcome


@dataclass(frozen=True)
class Reply:
    """What :meth:`Session.execute` (and :meth:`Session.preview`) answers: accepted or refused, in words, and what
    changed."""

    ok: bool
    message: str
    """What happened in words, the refusal (with its rule), or a query's answer."""
    outcome: Outcome | None = None
    error: RuleError | None = None
    """The refusal (a :class:`~rules.errors.CannotPay` carries ``missing`` and ``can_raise``)."""
    changed: bool = False
    """The state changed: an accepted action, undo or redo; also a refusal after reloading another process's
    commands ("the game changed; reloaded"), so screens redraw."""
    query: bool = False
    action: Action | None = None
    """The action recorded (or redone), so the app asks what it was instead of re-reading the typed text."""
    kind: EventKind | None = None
    """What was recorded: an action, an undo or a redo; None for a refusal or a query."""
    line: str = ""
    """The command line :meth:`Session.execute` was given (accepted or refused), so that a payment refused for
    want of cash can be recorded again, as typed, once the money is raised."""


@dataclass(frozen=True)
class ReplayEntry:
    """One entry of another game's journal to replay (:meth:`Session.imported`): ``kind`` action, undo or redo;
    ``line`` as typed; ``action`` the journalled action (JSON) the line must replay as, when known; ``seq`` and
    ``target`` the entry's number and, for an undo or redo, the entry it took back or brought back; ``time`` when it
    was first recorded."""

    kind: str
    line: str
    action: dict[str, Any] | None = None
    seq: int | None = None
    target: int | None = None
    time: str | None = None
    """When the entry was first recorded (ISO 8601), kept by the replay."""


class ReplayRefused(Exception):
    """An entry of an imported journal does not replay: ``index`` (0-based) and why."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


@dataclass(frozen=True)
class LogEntry:
    """One line of the game's log (:meth:`Session.log`): an action, an undo or a redo, and whether the action is
    taken back now."""

    seq: int
    time: str
    text: str
    kind: EventKind
    summary: str
    undone: bool
    """For an action: it is currently taken back."""
    target: int | None
    """For undo/redo: the seq of the action taken back or redone."""
    verb: str = ""
    """For an action: its verb (``rent``, ``next``...), as journalled."""
    redoable: bool = False
    """For an action taken back: a redo can still bring it back (no new action has been recorded since)."""
