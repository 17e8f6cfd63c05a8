"""What the journal's reads return: frozen rows, never dicts, and the closed words stored in them (an event's
kind, a request's status). No SQL here: :mod:`banker.journal` reads and writes the rows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any


def now() -> str:
    """UTC time, to the millisecond, ISO 8601: sorts as text and reads in any SQLite tool."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class EventKind(StrEnum):
    """What an event records: an action, or an ``undo``/``redo`` that takes one back or brings it back."""

    ACTION = "action"
    UNDO = "undo"
    REDO = "redo"


@dataclass(frozen=True)
class EventRow:
    """One journal event as stored: its number and time, its kind (an action, an undo or a redo), the line as typed,
    the action as journalled (actions only), the entry an undo or redo takes back or brings back, and the summary."""

    seq: int
    time: str
    kind: EventKind
    text: str
    action: dict[str, Any] | None
    target: int | None
    summary: str


@dataclass(frozen=True)
class LogRow:
    """An event as the log shows it: without the journalled action, but with its verb."""

    seq: int
    time: str
    text: str
    kind: EventKind
    summary: str
    target: int | None
    verb: str | None
    """For an action: its verb (``rent``, ``next``...) as journalled; None for an undo or a redo."""


@dataclass(frozen=True)
class GameRow:
    """One game as the ``games`` and ``players`` tables hold it: what opening it needs."""

    id: int
    created: str
    updated: str
    variant: str
    edition: str
    settings: dict[str, Any]
    """The settings as ``rules.codec`` wrote them."""
    over: bool
    winner: str | None
    """The winners' names, comma-separated (None while the game runs, or for nobody)."""
    names: tuple[str, ...]
    """The players in seating order."""
    tokens: tuple[str, ...]


@dataclass(frozen=True)
class GameListing:
    """One line of the list of games (``banker games``, the saved-games screen): no settings."""

    id: int
    created: str
    updated: str
    variant: str
    edition: str
    over: bool
    winner: str | None
    players: tuple[str, ...]


@dataclass(frozen=True)
class ScoreRow:
    """One player's line of a finished game's final standings as journalled in ``scores``
    (``banker.views.score_row`` writes it from the rules' ``Standing``)."""

    game: int
    name: str
    rank: int
    total: int
    cash: int
    deeds: int
    mortgaged: int
    buildings: int
    winner: int
    """1 if the standings flagged this player as a winner."""


@dataclass(frozen=True)
class FinishedScore:
    """One player's line of a finished game's final standings, with the game's recorded winner(s)."""

    game: int
    name: str
    rank: int
    winner: int
    """1 if the standings flagged this player as a winner."""
    game_winner: str | None
    """``games.winner``: the winners' names, comma-separated (None for nobody)."""


class RequestStatus(StrEnum):
    """Where a phone's request stands in ``phone_requests``. What follows from the game is derived, never stored
    (:func:`banker.web.asking.standing`): ``stale`` (a pending request the engine now refuses, or one pending while
    the game is over) and ``undone`` (a recorded request whose entry is undone)."""

    PENDING = "pending"
    RECORDED = "recorded"
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"
    EXPIRED = "expired"
    """Stored by earlier versions for a request still pending when its game ended; read as pending (an undone
    ``end`` brings it back; while the game is over it shows as stale)."""


class Added(StrEnum):
    """What :meth:`Journal.add_request` did with a phone's request."""

    CREATED = "created"
    """Stored, pending."""
    AGAIN = "again"
    """The phone sent this id before with this line (a retry): the stored request, nothing written."""
    WAITING = "waiting"
    """The same line from the same phone is pending already, under another id (a double tap): that one, nothing
    written."""
    TAKEN = "taken"
    """The phone sent this id before with another line: the stored request, nothing written (answered 409)."""
    FULL = "full"
    """The phone has the most pending requests it may: nothing written."""


@dataclass(frozen=True)
class RequestRow:
    """One phone's request: ``n`` its short number (unique in the database), ``rid`` the id the phone chose."""

    n: int
    game: int
    seat: int
    rid: str
    time: str
    line: str
    status: RequestStatus
    seq: int | None
    """The journal entry that recorded it."""
    reason: str
    """The banker's reason for declining it (may be empty)."""
    updated: str
    asked: str = ""
    """The engine's summary when the phone asked (empty for a request stored by an earlier version): a request
    priced otherwise now was repriced (docs/phones.md)."""
    asked_after: int | None = None
    """The journal entry the game stood at when the phone asked."""


@dataclass(frozen=True)
class CheckpointMark:
    """Which state a stored checkpoint holds, without the state (:meth:`Journal.checkpoint_state` reads it)."""

    seq: int
    """The last event seq the snapshot includes."""
    idx: int
    """How many effective actions its state includes."""
    last: int
    """The seq of the last of those actions (0 for none)."""


@dataclass(frozen=True)
class Checkpoint:
    """A saved state of a game and where it stands in the journal: resuming replays only the events after it (a
    cache of what the events say, never the truth)."""

    seq: int
    """The last event seq the snapshot includes."""
    idx: int
    """How many effective actions the snapshot's state includes."""
    last: int
    """The seq of the last of those actions (0 for none): identifies the prefix of the undo stack."""
    state: dict[str, Any]
    stack: list[int] | None
    redo: list[int] | None
