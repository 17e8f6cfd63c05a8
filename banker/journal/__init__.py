"""The journal: every game and every command typed, in one plain SQLite database (docs/storage.md).

The state of a game is never stored as the truth; it is derived from the journalled actions through the rules
engine. Checkpoints (state snapshots) only make resuming fast. Each accepted command is one ``BEGIN IMMEDIATE``
transaction in WAL mode, so a killed process never leaves half a command, and two processes (the app and a CLI
command) on one database never interleave writes.

A file that is not ours (not SQLite, or SQLite with other tables and no ``meta``) is refused without writing a
byte; a newer schema is refused, never misread. ``Journal(path, readonly=True)`` opens the file read-only and
creates nothing. Every failure of the database (read-only, disk full, damaged rows) is a :class:`JournalError`
naming the file and the cause.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

if TYPE_CHECKING:
    import sqlite_utils

SCHEMA_VERSION = 1
LINKS = "phone_links"
MATHS = "maths_players"
"""The players of a game who work out their payments first (the maths mode): a table added on first use, as the
phone links' is."""
"""The phone pages' link tokens (docs/storage.md): created when the banker first turns the pages on for a game."""
TABLE_SEAT = -1
"""The seat of the table page's link in ``phone_links``."""
PHONE_SETTINGS = "phone_settings"
"""Per game: may the phones ask (the new-game screen's choice); created when a game is started with a choice."""
REQUESTS = "phone_requests"
"""What the players' phones asked the banker to record (docs/storage.md, docs/phones.md): created the first time a
phone asks, like ``phone_links``, so a database without it is still schema 1 and an older Banker ignores it."""
PAGES = "phone_pages"
"""The games whose phone pages the app turned on, and on which port (docs/storage.md): the app turns them on again
when the game is opened."""
APP_ID = "banker"
SQLITE_HEADER = b"SQLite format 3\x00"


class JournalError(Exception):
    """The database cannot be used: not ours, damaged, or written by a newer Banker. Nothing was written."""


class NoDatabase(LookupError):
    """There is no Banker database at ``path`` (a command that only reads never creates one)."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"there is no Banker database at {path}")
        self.path = path


class NoGame(LookupError):
    """The database at ``path`` holds no game ``game`` (None: no game at all)."""

    def __init__(self, path: Path, game: int | None = None) -> None:
        what = f"there is no game {game} in {path}" if game is not None else f"there are no games in {path}"
        super().__init__(what)
        self.path = path
        self.game = game


def cause(error: BaseException) -> str:
    """What went wrong, in words, from an SQLite or OS error."""
    name = getattr(error, "sqlite_errorname", "") or ""
    detail = str(error) or type(error).__name__
    if name.startswith("SQLITE_READONLY"):
        return "the file or its directory is read-only"
    if name == "SQLITE_FULL" or getattr(error, "errno", None) == 28:
        return "the disk is full"
    if name.startswith("SQLITE_IOERR"):
        return f"the disk could not be read or written ({detail})"
    if name.startswith("SQLITE_BUSY") or name.startswith("SQLITE_LOCKED"):
        return "another program kept the database busy for 30 seconds; try again"
    if name.startswith("SQLITE_CANTOPEN"):
        return "the file cannot be opened"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return f"the file is damaged ({detail})"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror[0].lower() + error.strerror[1:]
    if isinstance(error, (KeyError, TypeError, AttributeError, IndexError)):
        return f"{type(error).__name__}: {detail}"
    return detail


def damaged(path: Path, error: BaseException, what: str = "") -> JournalError:
    """The error for a database whose rows cannot be read as Banker wrote them (a dropped table, a row that is
    not JSON, an unknown variant)."""
    where = f" ({what})" if what else ""
    why = cause(error)
    why = why if len(why) <= 120 else why[:119] + "…"
    return JournalError(f"{path} is damaged{where}: {why}; nothing was changed")


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _reading(method: Callable[Concatenate[Journal, _P], _R]) -> Callable[Concatenate[Journal, _P], _R]:
    """A read of the journal: an SQLite error or a row that is not JSON becomes a :class:`JournalError`."""

    def wrapper(self: Journal, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(self, *args, **kwargs)
        except (sqlite3.Error, ValueError, TypeError) as e:
            raise _read_failure(self.path, e) from None

    functools.update_wrapper(wrapper, method)
    return wrapper


def _read_failure(path: Path, e: sqlite3.Error | ValueError | TypeError) -> JournalError:
    """What a failed read of the journal is said as (:func:`_reading`)."""
    if not isinstance(e, sqlite3.Error):  # json.JSONDecodeError is a ValueError
        return damaged(path, e, "a row is not the JSON Banker wrote")
    if getattr(e, "sqlite_errorname", "").startswith(
        ("SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_IOERR", "SQLITE_CANTOPEN")
    ):
        return JournalError(f"cannot read {path}: {cause(e)}")
    return damaged(path, e)


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


_REQUEST_COLUMNS = "n, game, seat, rid, time, line, status, seq, reason, updated"
_ASKED_COLUMNS = ", asked, asked_after"
"""Columns added to ``phone_requests`` after it first shipped (``ALTER TABLE ... ADD COLUMN`` on the next write);
read only where the table has them."""
REQUESTS_KEPT = 20
"""Per phone (a seat of a game), the withdrawn and declined requests kept, the newest; older ones are deleted
whenever a request of the game is written (issue 31: a guest who asks and withdraws all evening must cost nothing).
Pending and recorded requests are never deleted (at most five wait per phone; a recorded one is a journal entry)."""


def _request(row: tuple[Any, ...]) -> RequestRow:
    n, game, seat, rid, time, line, status, seq, reason, updated, *more = row
    now = RequestStatus(status)
    if now is RequestStatus.EXPIRED:  # an expiry is derived from the game now (an undone ``end`` lifts it)
        now = RequestStatus.PENDING
    asked, after = (more + [None, None])[:2]
    return RequestRow(n, game, seat, rid, time, line, now, seq, reason or "", updated, asked or "", after)


_PENDING = "status IN ('pending', 'expired')"
"""The SQL condition for a pending request (``expired``: what earlier versions stored when a game ended)."""


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


_OPEN: Counter[tuple[int, int]] = Counter()
"""The database files (device, inode) this process has a journal open on, and how many."""
_OPEN_LOCK = threading.Lock()


def _file_key(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _check_file(path: Path) -> None:
    """Refuse a file that is not an SQLite database before SQLite can touch it.

    Not if this process already has the database open: POSIX drops every lock a process holds on a file when
    the process closes any descriptor of it, so reading the header here would take away SQLite's locks of the
    open connections. Another process would then think itself the last one, checkpoint and delete the -wal
    file the app still writes to, and the app's commands would be lost (found in issue 14's review: the
    standings screen's worker and the phone pages each open a journal of their own)."""
    if not path.exists():
        return
    if path.is_dir():
        raise JournalError(f"{path} is a directory, not a Banker database")
    size = path.stat().st_size
    if size == 0:
        return
    with _OPEN_LOCK:
        if _OPEN.get(_file_key(path) or (-1, -1)):
            return  # a database this process has open (and checked when it opened it)
    with path.open("rb") as f:
        head = f.read(16)
    if head != SQLITE_HEADER:
        raise JournalError(f"{path} is not a Banker database (not an SQLite file); it was left untouched")


def _inspect(path: Path, ro: sqlite3.Connection | None = None) -> None:
    """Refuse an existing file if it is damaged, foreign or from a newer Banker, reading it through ``ro`` (a
    read-only connection; one is opened and closed here if not given)."""
    if ro is None and (not path.exists() or path.stat().st_size == 0):
        return
    conn = ro
    try:
        if conn is None:
            conn = _connect_readonly(path)
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return
        if "meta" not in tables:
            raise JournalError(
                f"{path} is an SQLite database of something else (tables: "
                f"{', '.join(sorted(tables)[:5])}); Banker will not write to it"
            )
        foreign = _foreign_log(path, conn)
        if foreign:
            raise JournalError(foreign)
        columns = {row[1] for row in conn.execute("PRAGMA table_info(meta)")}
        # another program's meta table: said so, not as SQLite's "no such column: key" (found by the reliability run)
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall()) if {"key", "value"} <= columns else {}
        if meta.get("app") != APP_ID:
            raise JournalError(f"{path} has a meta table but is not a Banker database; Banker will not write to it")
        version = int(meta.get("schema_version", "0"))
    except sqlite3.DatabaseError as e:
        if getattr(e, "sqlite_errorname", "").startswith(("SQLITE_CANTOPEN", "SQLITE_BUSY", "SQLITE_IOERR")):
            raise JournalError(f"cannot read {path}: {cause(e)}") from None
        raise JournalError(f"{path} is damaged or not a Banker database ({e}); it was left untouched") from None
    except (ValueError, TypeError):
        raise JournalError(f"{path} has an unreadable schema version; it was left untouched") from None
    finally:
        if ro is None and conn is not None:
            conn.close()
    if version > SCHEMA_VERSION:
        raise JournalError(
            f"{path} was written by a newer Banker (schema {version}; this one reads up to "
            f"{SCHEMA_VERSION}); upgrade Banker to open it"
        )
    if version < 1:
        raise JournalError(f"{path} has schema version {version}, which no Banker release wrote; left untouched")


def _companions(path: Path) -> bool:
    """SQLite's ``-wal`` or ``-shm`` file is there (a WAL database some connection has open, or left by a crash)."""
    return any(Path(f"{path}{suffix}").exists() for suffix in ("-wal", "-shm"))


def _connect_readonly(path: Path) -> sqlite3.Connection:
    """A read-only connection (``mode=ro``). A WAL reader needs SQLite's ``-shm`` file; when the database or its
    directory is read-only to this process and there is no ``-wal`` file (so no connection has the database open
    for writing), it is opened ``immutable`` instead, which reads the file alone and leaves nothing behind."""
    uri = path.resolve().as_uri()
    writable = os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)
    if writable or Path(f"{path}-wal").exists():
        conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=30, isolation_level=None, check_same_thread=False)
    else:
        conn = sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None, check_same_thread=False)
    try:
        conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
    except BaseException:
        conn.close()
        raise
    return conn


def _check_directory(path: Path) -> None:
    """A new database needs a directory this process can write: say which, and why not, before SQLite tries."""
    parent = path.parent
    if not parent.exists():
        raise JournalError(f"cannot create {path}: the directory {parent} does not exist")
    if not parent.is_dir():
        raise JournalError(f"cannot create {path}: {parent} is a file, not a directory")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise JournalError(f"cannot create {path}: the directory {parent} is read-only")


def _check_writable(path: Path) -> None:
    """Writing needs the file and its directory (where SQLite keeps the ``-wal`` file) to be writable: refuse
    before SQLite opens the file read-only in silence and leaves its ``-wal`` and ``-shm`` files behind."""
    if not os.access(path, os.W_OK):
        raise JournalError(
            f"cannot write to {path}: the file is read-only; nothing was recorded (`banker state`, "
            "`log` and `export` can still read it)"
        )
    if not Path(f"{path}-wal").exists() and not os.access(path.parent, os.W_OK | os.X_OK):
        raise JournalError(
            f"cannot write to {path}: its directory {path.parent} is read-only, and SQLite keeps "
            "its journal file there; nothing was recorded"
        )


_WAL_HEADER = 32
"""A -wal file no longer than its header holds no transaction."""


def _marker(key: tuple[int, int]) -> int:
    """The file's mark in SQLite's ``user_version`` (every write sets it): which file the transactions in a -wal
    were written for (the inode's low 31 bits; never 0, which means "no mark yet")."""
    return (key[1] & 0x7FFFFFFF) or 1


def _foreign_log(path: Path, conn: sqlite3.Connection) -> str:
    """Why the -wal file beside ``path`` is not this file's, or "" when it is (or no one can tell).

    SQLite finds a database's write-ahead log by name alone: a database file replaced while a connection held the
    old one open (``mv backup.db game.db`` under a running server) finds the old file's log beside it, and the next
    writer would read it over the new file and checkpoint it into it (sqlite.org/howtocorrupt.html, 2.4). Banker's
    every write marks the transaction with the file it was written for (:func:`_marker`), so a log whose newest
    mark names another file is refused before anything is written."""
    wal = Path(f"{path}-wal")
    try:
        if wal.stat().st_size <= _WAL_HEADER:
            return ""
    except OSError:
        return ""
    key = _file_key(path)
    if key is None:
        return ""
    seen = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if seen in (0, _marker(key)):
        return ""
    return (
        f"{wal} belongs to another file ({path} was replaced while a Banker had it open); nothing was read or "
        f"written: quit every Banker using it, then move {wal.name} and {path.name}-shm aside"
    )


class Journal:
    """One open database. Reads are plain queries; every write goes through :meth:`write`."""

    def __init__(self, path: str | Path, create: bool = True, readonly: bool = False) -> None:
        """Open (``create``: or create) the database at ``path``. ``readonly``: open it read-only and create
        nothing (no file, no directory, no schema); an empty file reads as a database with no games."""
        self.path = Path(path)
        self.readonly = readonly
        self._tidy = False
        """A read-only connection made SQLite's -wal/-shm files; :meth:`close` has them removed again."""
        self._key: tuple[int, int] | None = None
        self._opened: tuple[int, int] | None = None
        """The file opened (device, inode): :meth:`replaced` compares the path with it."""
        self._logs: tuple[tuple[int, int] | None, tuple[int, int] | None] = (None, None)
        """The -wal and -shm files beside it when it was opened."""
        self._stack_texts: dict[int, _IntsText] = {}
        """Each game's undo stack as the last checkpoint wrote it (:meth:`add_checkpoint`)."""
        self._asked_columns = False
        """``phone_requests`` has the columns added after it first shipped (seen once: columns are only added)."""
        self._requests_ready = False
        """``phone_requests`` and its indexes are as this version writes them (:meth:`_create_requests`)."""
        if (readonly or not create) and not self.path.exists():
            if self.path.parent.exists() and not self.path.parent.is_dir():
                raise JournalError(
                    f"there is no Banker database at {self.path}: {self.path.parent} is a file, not a directory"
                )
            raise NoDatabase(self.path)
        _check_file(self.path)
        if readonly:
            self._open_readonly()
            self._register()
            return
        existed = self.path.exists()
        if not create and existed and self.path.stat().st_size == 0:
            # A file truncated to nothing (or made empty by hand) has no games to open; writing Banker's schema into
            # it would hide that it was emptied (issue 22: `banker do` did).
            raise LookupError(f"{self.path} is empty (0 bytes): there are no games in it; nothing was written")
        if not existed:
            _check_directory(self.path)
        _inspect(self.path)
        if existed:
            _check_writable(self.path)
        try:
            self.conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
            self.conn.execute("PRAGMA journal_mode = WAL")
            # NORMAL in WAL mode: a killed process loses nothing committed; only a power cut may lose the very
            # last commits, never corrupt the file (sqlite.org/wal.html).
            self.conn.execute("PRAGMA synchronous = NORMAL")
            self.conn.execute("PRAGMA foreign_keys = ON")
            self._create_schema()
        except sqlite3.DatabaseError as e:
            with contextlib.suppress(AttributeError, sqlite3.Error):
                self.conn.close()
            verb = "use" if existed else "create"
            raise JournalError(f"cannot {verb} {self.path} as a Banker database: {cause(e)}") from None
        except JournalError:
            self.conn.close()
            raise
        self._register()

    def _register(self) -> None:
        """Count this journal among the process's open ones on its file (see :func:`_check_file`), and note which
        files it opened (:meth:`replaced`)."""
        self._key = _file_key(self.path)
        self._opened = self._key
        self._logs = (_file_key(Path(f"{self.path}-wal")), _file_key(Path(f"{self.path}-shm")))
        if self._key is not None:
            with _OPEN_LOCK:
                _OPEN[self._key] += 1

    def _unregister(self) -> None:
        key, self._key = self._key, None
        if key is not None:
            with _OPEN_LOCK:
                _OPEN[key] -= 1
                if _OPEN[key] <= 0:
                    del _OPEN[key]

    def _open_readonly(self) -> None:
        if self.path.stat().st_size == 0:  # SQLite reads an empty file as an empty database: so does Banker
            self.conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            self._create_schema()
            return
        had_companions = _companions(self.path)
        try:
            self.conn = _connect_readonly(self.path)
        except sqlite3.Error as e:
            _inspect(self.path)  # says why: damaged, not a database, or cannot be read
            raise JournalError(f"cannot read {self.path}: {cause(e)}") from None
        self._tidy = not had_companions
        try:
            _inspect(self.path, self.conn)
        except BaseException:
            self.close()
            raise

    @functools.cached_property
    def db(self) -> sqlite_utils.Database:
        """sqlite-utils on our connection, imported only when needed: it takes longer to import than the app
        takes to open a game, and reading a game needs only plain SQL."""
        import sqlite_utils

        return sqlite_utils.Database(self.conn)

    def _create_schema(self) -> None:
        if self.conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone():
            return
        with self.write():
            db = self.db
            db.table("meta").create({"key": str, "value": str}, pk="key", if_not_exists=True)
            # Plain SQL inside our transaction: sqlite-utils' insert helpers commit on their own.
            self.conn.executemany(
                "INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)",
                [("app", APP_ID), ("schema_version", str(SCHEMA_VERSION))],
            )
            db.table("games").create(
                {
                    "id": int,
                    "created": str,
                    "updated": str,
                    "variant": str,
                    "edition": str,
                    "settings": str,
                    "over": int,
                    "winner": str,
                },
                pk="id",
                if_not_exists=True,
            )
            db.table("players").create(
                {"game": int, "seat": int, "name": str, "token": str},
                pk=("game", "seat"),
                foreign_keys=[("game", "games", "id")],
                if_not_exists=True,
            )
            db.table("events").create(
                {
                    "game": int,
                    "seq": int,
                    "time": str,
                    "kind": str,
                    "text": str,
                    "action": str,
                    "target": int,
                    "summary": str,
                },
                pk=("game", "seq"),
                foreign_keys=[("game", "games", "id")],
                if_not_exists=True,
            )
            db.table("checkpoints").create(
                {"game": int, "seq": int, "idx": int, "last": int, "state": str, "stack": str, "redo": str},
                pk=("game", "seq"),
                foreign_keys=[("game", "games", "id")],
                if_not_exists=True,
            )
            db.table("scores").create(
                {
                    "game": int,
                    "name": str,
                    "rank": int,
                    "total": int,
                    "cash": int,
                    "deeds": int,
                    "mortgaged": int,
                    "buildings": int,
                    "winner": int,
                },
                pk=("game", "name"),
                foreign_keys=[("game", "games", "id")],
                if_not_exists=True,
            )
            self.conn.execute("CREATE INDEX IF NOT EXISTS checkpoints_idx ON checkpoints (game, idx)")

    @contextlib.contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: committed when the block ends, rolled back if it raises. A failure
        of the database itself (read-only, disk full, busy) is a :class:`JournalError`: nothing was written.

        Inside another ``write`` block (a game imported in one transaction, :meth:`Session.imported`) it is a
        savepoint: rolled back alone if its block raises, committed only with the outer transaction."""
        if self.conn.in_transaction:
            yield from self._savepoint()
            return
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise JournalError(f"cannot write to {self.path}: {cause(e)}; nothing was recorded") from None
        try:
            if self._opened is not None:  # every transaction says which file it was written for (_foreign_log)
                self.conn.execute(f"PRAGMA user_version = {_marker(self._opened)}")
            yield self.conn
        except sqlite3.Error as e:
            self._rollback()
            raise JournalError(f"cannot write to {self.path}: {cause(e)}; nothing was recorded") from None
        except OverflowError:  # a figure beyond SQLite's 64-bit integers (a game set up before the settings check)
            self._rollback()
            raise JournalError(
                f"cannot write to {self.path}: a figure is too large to store; nothing was recorded"
            ) from None
        except BaseException:
            self._rollback()
            raise
        try:
            self.conn.execute("COMMIT")
        except sqlite3.Error as e:
            self._rollback()
            raise JournalError(f"cannot write to {self.path}: {cause(e)}; nothing was recorded") from None

    def _savepoint(self) -> Iterator[sqlite3.Connection]:
        self.conn.execute("SAVEPOINT inner_write")
        try:
            yield self.conn
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK TO inner_write")
                self.conn.execute("RELEASE inner_write")
            raise
        self.conn.execute("RELEASE inner_write")

    def _rollback(self) -> None:
        if self.conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):  # SQLite may have rolled back already (disk full)
                self.conn.execute("ROLLBACK")

    def close(self) -> None:
        if self.replaced():
            self.let_go()
            return
        self.conn.close()
        self._unregister()
        if self._tidy:
            self._tidy = False
            if self.path.exists():  # not for a file moved away: connecting by the name would create one
                self._remove_companions()

    def replaced(self) -> bool:
        """The path names another file than the one this journal has open (``mv backup.db game.db``). A file moved
        away or deleted, with nothing in its place, is not replaced: the journal goes on with the file it has open,
        as before, and closes it as usual. One ``stat``: the app's and the phone server's polls ask it."""
        opened = getattr(self, "_opened", None)
        now = _file_key(self.path)
        return opened is not None and now is not None and now != opened

    def let_go(self) -> list[Path]:
        """Close a journal whose file was replaced without touching what the path names now (SQLite neither
        checkpoints nor removes a log on closing a file that has moved), and move the old file's -wal and -shm,
        if still beside the path, aside (to ``<name>-wal.replaced-<inode>``): left there, the next connection to
        the new file would read them over it (sqlite.org/howtocorrupt.html, 2.4). The paths they were moved to."""
        moved = []
        opened = self._opened
        for suffix, key in zip(("-wal", "-shm"), self._logs, strict=True):
            here = Path(f"{self.path}{suffix}")
            if key is not None and opened is not None and _file_key(here) == key:
                target = here.with_name(f"{here.name}.replaced-{opened[1]}")
                with contextlib.suppress(OSError):
                    os.replace(here, target)
                    moved.append(target)
        self._tidy = False
        # SQLite itself neither checkpoints nor removes the -wal and -shm on closing a database whose path names
        # another file now (SQLITE_FCNTL_HAS_MOVED); what is left to do is the moving aside above.
        self.conn.close()
        self._unregister()
        return moved

    def _remove_companions(self) -> None:
        """A read-only connection leaves the -wal and -shm files it made. SQLite removes them when the last
        connection that can write closes; opening and closing one (it writes nothing: there is nothing to
        checkpoint) does that safely, and leaves them if another process has the database open."""
        if not _companions(self.path):
            return
        with contextlib.suppress(sqlite3.Error, OSError):
            conn = sqlite3.connect(self.path, timeout=0.1)
            try:
                conn.execute("PRAGMA schema_version").fetchone()
            finally:
                conn.close()

    # Games -------------------------------------------------------------------------------------------------
    def create_game(
        self,
        settings: dict[str, Any],
        variant: str,
        edition: str,
        names: list[str],
        tokens: list[str],
        created: str | None = None,
    ) -> tuple[int, str]:
        """A new game; ``created``: when it started, if not now (a game imported from a file keeps its own)."""
        created = created or now()
        with self.write() as conn:
            cur = conn.execute(
                "INSERT INTO games (created, updated, variant, edition, settings, over, winner) "
                "VALUES (?, ?, ?, ?, ?, 0, NULL)",
                (created, created, variant, edition, json.dumps(settings)),
            )
            game = cur.lastrowid
            assert game is not None  # an INSERT sets it
            conn.executemany(
                "INSERT INTO players (game, seat, name, token) VALUES (?, ?, ?, ?)",
                [(game, i, n, t) for i, (n, t) in enumerate(zip(names, tokens, strict=True))],
            )
        return int(game), created

    @_reading
    def game(self, game_id: int) -> GameRow | None:
        row = self.conn.execute(
            "SELECT id, created, updated, variant, edition, settings, over, winner FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            return None
        id_, created, updated, variant, edition, settings, over, winner = row
        players = self.conn.execute(
            "SELECT name, token FROM players WHERE game = ? ORDER BY seat", (game_id,)
        ).fetchall()
        return GameRow(
            id=id_,
            created=created,
            updated=updated,
            variant=variant,
            edition=edition,
            settings=json.loads(settings),
            over=bool(over),
            winner=winner,
            names=tuple(p[0] for p in players),
            tokens=tuple(p[1] or "" for p in players),
        )

    @_reading
    def games(self) -> list[GameListing]:
        rows = self.conn.execute(
            "SELECT id, created, updated, variant, edition, over, winner FROM games ORDER BY id"
        ).fetchall()
        out = []
        for id_, created, updated, variant, edition, over, winner in rows:
            players = tuple(
                r[0] for r in self.conn.execute("SELECT name FROM players WHERE game = ? ORDER BY seat", (id_,))
            )
            out.append(GameListing(id_, created, updated, variant, edition, bool(over), winner, players))
        return out

    @_reading
    def latest_game(self, unfinished: bool = False) -> int | None:
        where = "WHERE over = 0" if unfinished else ""
        row = self.conn.execute(f"SELECT id FROM games {where} ORDER BY updated DESC, id DESC LIMIT 1").fetchone()
        return None if row is None else int(row[0])

    # Events ------------------------------------------------------------------------------------------------
    @_reading
    def last_seq(self, game_id: int) -> int:
        row = self.conn.execute("SELECT MAX(seq) FROM events WHERE game = ?", (game_id,)).fetchone()
        return int(row[0] or 0)

    @_reading
    def events(
        self, game_id: int, after: int = 0, with_actions: bool = True, upto: int | None = None
    ) -> list[EventRow]:
        """The events after ``after`` (and up to ``upto``), oldest first."""
        return list(self.iter_events(game_id, after, with_actions, upto))

    def iter_events(
        self, game_id: int, after: int = 0, with_actions: bool = True, upto: int | None = None
    ) -> Iterator[EventRow]:
        """:meth:`events`, read a batch at a time as they are used (a whole game's export holds one batch, not the
        game: issue 33)."""
        cols = (
            "seq, time, kind, text, action, target, summary"
            if with_actions
            else "seq, time, kind, text, NULL, target, summary"
        )
        until, args = ("", (game_id, after)) if upto is None else (" AND seq <= ?", (game_id, after, upto))
        try:
            cursor = self.conn.execute(
                f"SELECT {cols} FROM events WHERE game = ? AND seq > ?{until} ORDER BY seq", args
            )
            while rows := cursor.fetchmany(500):
                for r in rows:
                    yield EventRow(r[0], r[1], EventKind(r[2]), r[3], json.loads(r[4]) if r[4] else None, r[5], r[6])
        except (sqlite3.Error, ValueError, TypeError) as e:
            raise _read_failure(self.path, e) from None

    @_reading
    def steps(self, game_id: int, upto: int) -> list[tuple[int, EventKind, int | None]]:
        """The kind and target of each event up to ``upto``, oldest first: what the undo and redo stacks after it
        follow from (:func:`banker.timeline.stacks_after`), without the actions."""
        rows = self.conn.execute(
            "SELECT seq, kind, target FROM events WHERE game = ? AND seq <= ? ORDER BY seq", (game_id, upto)
        ).fetchall()
        return [(seq, EventKind(kind), target) for seq, kind, target in rows]

    @_reading
    def event(self, game_id: int, seq: int) -> EventRow | None:
        """One event, without its action (``action`` is None), or None if the game has no such event."""
        row = self.conn.execute(
            "SELECT seq, time, kind, text, target, summary FROM events WHERE game = ? AND seq = ?", (game_id, seq)
        ).fetchone()
        return None if row is None else EventRow(row[0], row[1], EventKind(row[2]), row[3], None, row[4], row[5])

    @_reading
    def in_effect(self, game_id: int, seq: int) -> bool:
        """Is entry ``seq`` an action in effect as the journal stands: an action, and the last undo or redo that names
        it since (if any) a redo (a new action after an undo leaves the undone one undone)."""
        row = self.conn.execute("SELECT kind FROM events WHERE game = ? AND seq = ?", (game_id, seq)).fetchone()
        if row is None or row[0] != EventKind.ACTION:
            return False
        last = self.conn.execute(
            "SELECT kind FROM events WHERE game = ? AND seq > ? AND target = ? AND kind IN ('undo', 'redo') "
            "ORDER BY seq DESC LIMIT 1",
            (game_id, seq, seq),
        ).fetchone()
        return last is None or last[0] == EventKind.REDO

    @_reading
    def log(self, game_id: int, limit: int | None = None) -> list[LogRow]:
        """The game's events, oldest first (``limit``: only the newest ``limit``)."""
        if limit is None:
            rows = self.conn.execute(
                f"SELECT {_LOG_COLUMNS} FROM events WHERE game = ? ORDER BY seq", (game_id,)
            ).fetchall()
        else:
            rows = self.conn.execute(
                f"SELECT {_LOG_COLUMNS} FROM events WHERE game = ? ORDER BY seq DESC LIMIT ?", (game_id, limit)
            ).fetchall()[::-1]
        return [LogRow(seq, time, text, EventKind(kind), *rest) for seq, time, text, kind, *rest in rows]

    @_reading
    def actions(self, game_id: int, seqs: list[int]) -> dict[int, dict[str, Any]]:
        """The journalled actions of the given events, by seq (chunked to stay under SQLite's variable limit)."""
        out: dict[int, dict[str, Any]] = {}
        for i in range(0, len(seqs), 500):
            chunk = seqs[i : i + 500]
            marks = ",".join("?" * len(chunk))
            for seq, action in self.conn.execute(
                f"SELECT seq, action FROM events WHERE game = ? AND seq IN ({marks})", (game_id, *chunk)
            ):
                out[seq] = json.loads(action)
        return out

    def add_event(
        self,
        conn: sqlite3.Connection,
        game_id: int,
        seq: int,
        kind: EventKind,
        text: str,
        action: dict[str, Any] | None,
        target: int | None,
        summary: str,
        time: str | None = None,
    ) -> str:
        """One event; ``time``: when it was recorded, if not now (an imported game's entries keep theirs)."""
        time = time or now()
        conn.execute(
            "INSERT INTO events (game, seq, time, kind, text, action, target, summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                seq,
                time,
                EventKind(kind).value,
                text,
                json.dumps(action) if action is not None else None,
                target,
                summary,
            ),
        )
        conn.execute("UPDATE games SET updated = ? WHERE id = ?", (time, game_id))
        return time

    # Checkpoints -------------------------------------------------------------------------------------------
    def add_checkpoint(self, conn: sqlite3.Connection, game_id: int, cp: Checkpoint) -> None:
        """Store a snapshot. Only the newest keeps the undo/redo stacks (all a resume needs); older snapshots
        keep their state, which undo past them still uses. Neither step grows with the game (issue 33): the stacks
        are taken from the checkpoint a resume would use (the newest that has them), found by the key, not by
        reading every checkpoint's row; the stack's text reuses what the last checkpoint wrote of it."""
        conn.execute(
            "UPDATE checkpoints SET stack = NULL, redo = NULL WHERE game = ? AND seq = (SELECT seq FROM checkpoints "
            "WHERE game = ? AND stack IS NOT NULL ORDER BY seq DESC LIMIT 1)",
            (game_id, game_id),
        )
        stack = "null" if cp.stack is None else self._stack_texts.setdefault(game_id, _IntsText()).text(cp.stack)
        conn.execute(
            "INSERT OR REPLACE INTO checkpoints (game, seq, idx, last, state, stack, redo) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, cp.seq, cp.idx, cp.last, json.dumps(cp.state), stack, json.dumps(cp.redo)),
        )

    def drop_checkpoints_off(self, conn: sqlite3.Connection, game_id: int, every: int) -> None:
        """Delete the snapshots not taken at a multiple of ``every`` events (those saved on closing): each new
        one replaces the last, so a game recorded one ``banker do`` at a time keeps one, not one per command."""
        conn.execute("DELETE FROM checkpoints WHERE game = ? AND seq % ? != 0", (game_id, every))

    @_reading
    def latest_checkpoint(self, game_id: int) -> Checkpoint | None:
        row = self.conn.execute(
            "SELECT seq, idx, last, state, stack, redo FROM checkpoints WHERE game = ? AND "
            "stack IS NOT NULL ORDER BY seq DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        return None if row is None else _checkpoint(row)

    @_reading
    def checkpoint_at(self, game_id: int, seq: int) -> CheckpointMark | None:
        """The newest snapshot taken at or before event ``seq`` (None: there is none)."""
        row = self.conn.execute(
            "SELECT seq, idx, last FROM checkpoints WHERE game = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
            (game_id, seq),
        ).fetchone()
        return None if row is None else CheckpointMark(*row)

    @_reading
    def checkpoints_below(self, game_id: int, idx: int) -> list[CheckpointMark]:
        """The snapshots with at most ``idx`` effective actions, best (largest, then newest) first."""
        rows = self.conn.execute(
            "SELECT seq, idx, last FROM checkpoints WHERE game = ? AND idx <= ? ORDER BY idx DESC, seq DESC",
            (game_id, idx),
        ).fetchall()
        return [CheckpointMark(*row) for row in rows]

    @_reading
    def checkpoint_state(self, game_id: int, seq: int) -> dict[str, Any]:
        row = self.conn.execute("SELECT state FROM checkpoints WHERE game = ? AND seq = ?", (game_id, seq)).fetchone()
        state: dict[str, Any] = json.loads(row[0])
        return state

    # Scores ------------------------------------------------------------------------------------------------
    def set_result(
        self, conn: sqlite3.Connection, game_id: int, over: bool, winner: str | None, scores: list[dict[str, Any]]
    ) -> None:
        conn.execute("UPDATE games SET over = ?, winner = ? WHERE id = ?", (int(over), winner, game_id))
        conn.execute("DELETE FROM scores WHERE game = ?", (game_id,))
        conn.executemany(
            "INSERT INTO scores (game, name, rank, total, cash, deeds, mortgaged, buildings, winner) "
            "VALUES (:game, :name, :rank, :total, :cash, :deeds, :mortgaged, :buildings, :winner)",
            [{"game": game_id, **s} for s in scores],
        )

    @_reading
    def scores(self, game_id: int) -> list[ScoreRow]:
        rows = self.conn.execute(
            "SELECT game, name, rank, total, cash, deeds, mortgaged, buildings, winner FROM scores WHERE game = ? "
            "ORDER BY rank, name",
            (game_id,),
        ).fetchall()
        return [ScoreRow(*row) for row in rows]

    @_reading
    def finished_scores(self) -> list[FinishedScore]:
        """The final standings of every finished game (``games.over``), by game, then rank: the leaderboard's
        data."""
        rows = self.conn.execute(
            "SELECT s.game, s.name, s.rank, s.winner, g.winner FROM scores s JOIN games g "
            "ON g.id = s.game WHERE g.over ORDER BY s.game, s.rank"
        ).fetchall()
        return [FinishedScore(*row) for row in rows]

    # Phone links ---------------------------------------------------------------------------------------------
    @_reading
    def phone_links(self, game_id: int) -> dict[int, str]:
        """The phone pages' link tokens of a game by seat (:data:`TABLE_SEAT` for the table page); empty when
        none were made (or the database predates the ``phone_links`` table)."""
        if not self.conn.execute(f"SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '{LINKS}'").fetchone():
            return {}
        rows = self.conn.execute(f"SELECT seat, token FROM {LINKS} WHERE game = ?", (game_id,)).fetchall()
        return {int(seat): str(token) for seat, token in rows}

    def add_phone_links(self, game_id: int, tokens: dict[int, str]) -> dict[int, str]:
        """Store link tokens for the seats that have none yet (creating the ``phone_links`` table if missing: an
        addition schema 1 databases take as they are), and return every token of the game."""
        with self.write() as conn:
            conn.execute(
                f"CREATE TABLE IF NOT EXISTS {LINKS} (game INTEGER NOT NULL REFERENCES games(id), "
                "seat INTEGER NOT NULL, token TEXT NOT NULL UNIQUE, PRIMARY KEY (game, seat))"
            )
            conn.executemany(
                f"INSERT OR IGNORE INTO {LINKS} (game, seat, token) VALUES (?, ?, ?)",
                [(game_id, seat, token) for seat, token in tokens.items()],
            )
        return self.phone_links(game_id)

    # Phone requests ------------------------------------------------------------------------------------------
    def _has_requests(self) -> bool:
        return bool(
            self.conn.execute(f"SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '{REQUESTS}'").fetchone()
        )

    def _request_columns(self) -> str:
        """The columns a request is read with: the later ones only where the table has them (a database whose
        requests were last written by an earlier version, read before anything writes one)."""
        if not self._asked_columns:
            columns = {row[1] for row in self.conn.execute(f"PRAGMA table_info({REQUESTS})")}
            self._asked_columns = "asked_after" in columns  # columns are only ever added: once seen, kept
        return _REQUEST_COLUMNS + (_ASKED_COLUMNS if self._asked_columns else "")

    def _create_requests(self, conn: sqlite3.Connection) -> None:
        """The ``phone_requests`` table, its later columns and its indexes, where missing (additions schema 1
        databases take as they are; an older Banker reads and writes the columns it knows). Once a write with them
        has committed (:attr:`_requests_ready`), not looked for again: nothing takes a table or a column away."""
        if self._requests_ready:
            return
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {REQUESTS} (n INTEGER PRIMARY KEY, game INTEGER NOT NULL REFERENCES "
            "games(id), seat INTEGER NOT NULL, rid TEXT NOT NULL, time TEXT NOT NULL, line TEXT NOT NULL, "
            "status TEXT NOT NULL, seq INTEGER, reason TEXT, updated TEXT NOT NULL, asked TEXT, asked_after INTEGER, "
            "UNIQUE (game, seat, rid))"
        )
        columns = {row[1] for row in conn.execute(f"PRAGMA table_info({REQUESTS})")}
        for column, kind in (("asked", "TEXT"), ("asked_after", "INTEGER")):
            if column not in columns:
                conn.execute(f"ALTER TABLE {REQUESTS} ADD COLUMN {column} {kind}")
        conn.execute(f"CREATE INDEX IF NOT EXISTS {REQUESTS}_status ON {REQUESTS} (game, status)")
        # A phone's latest requests in order of asking (the index holds ``n``, the rowid, after the seat), and the
        # game's newest change (requests_mark): each read touches only the rows it returns.
        conn.execute(f"CREATE INDEX IF NOT EXISTS {REQUESTS}_seat ON {REQUESTS} (game, seat)")
        conn.execute(f"CREATE INDEX IF NOT EXISTS {REQUESTS}_updated ON {REQUESTS} (game, updated)")

    def _prune_requests(self, conn: sqlite3.Connection, game_id: int) -> None:
        """Delete each phone's withdrawn and declined requests beyond the newest :data:`REQUESTS_KEPT`. The
        newest request of the database is never one of them (the phone's newer ones are kept), so ``n`` is never
        given to a second request."""
        conn.execute(
            f"DELETE FROM {REQUESTS} WHERE n IN (SELECT n FROM (SELECT n, ROW_NUMBER() OVER "
            f"(PARTITION BY seat ORDER BY n DESC) AS newest FROM {REQUESTS} WHERE game = ? AND status IN "
            "('withdrawn', 'declined')) WHERE newest > ?)",
            (game_id, REQUESTS_KEPT),
        )

    def add_request(
        self,
        game_id: int,
        seat: int,
        rid: str,
        line: str,
        most: int,
        asked: str = "",
        asked_after: int | None = None,
    ) -> tuple[RequestRow | None, Added]:
        """Store a phone's pending request (``asked``: the engine's summary of it now, at journal entry
        ``asked_after``), once: the same ``rid`` from the same seat again gives the stored one back (``AGAIN``, or
        ``TAKEN`` when it was sent with another line), and so does the same line while it is pending (``WAITING``);
        (None, ``FULL``) when the seat already has ``most`` pending requests. Those answers are read before the
        write transaction, so that they write nothing at all (every write transaction marks the file:
        :meth:`write`), and again inside it."""
        if self._has_requests():
            known = self._known_request(self.conn, game_id, seat, rid, line, most)
            if known is not None:
                return known
        with self.write() as conn:
            self._create_requests(conn)
            known = self._known_request(conn, game_id, seat, rid, line, most)
            if known is not None:
                return known
            time = now()
            cur = conn.execute(
                f"INSERT INTO {REQUESTS} (game, seat, rid, time, line, status, seq, reason, updated, asked, "
                "asked_after) VALUES (?, ?, ?, ?, ?, 'pending', NULL, NULL, ?, ?, ?)",
                (game_id, seat, rid, time, line, time, asked or None, asked_after),
            )
            n = cur.lastrowid
            self._prune_requests(conn, game_id)
        self._requests_ready = True
        row = RequestRow(
            int(n or 0), game_id, seat, rid, time, line, RequestStatus.PENDING, None, "", time, asked, asked_after
        )
        return row, Added.CREATED

    @_reading
    def _known_request(
        self, conn: sqlite3.Connection, game_id: int, seat: int, rid: str, line: str, most: int
    ) -> tuple[RequestRow | None, Added] | None:
        """:meth:`add_request`'s answer when nothing is to be stored; None when the request is to be stored."""
        columns = self._request_columns()
        row = conn.execute(
            f"SELECT {columns} FROM {REQUESTS} WHERE game = ? AND seat = ? AND rid = ?", (game_id, seat, rid)
        ).fetchone()
        if row is not None:
            known = _request(row)
            return known, Added.AGAIN if known.line == line else Added.TAKEN
        waiting = conn.execute(
            f"SELECT {columns} FROM {REQUESTS} WHERE game = ? AND seat = ? AND {_PENDING} ORDER BY n",
            (game_id, seat),
        ).fetchall()
        same = next((r for r in waiting if r[5] == line), None)
        if same is not None:
            return _request(same), Added.WAITING
        return (None, Added.FULL) if len(waiting) >= most else None

    @_reading
    def request_by_id(self, game_id: int, seat: int, rid: str) -> RequestRow | None:
        """The request a seat's phone sent with id ``rid`` (one indexed row), or None."""
        if not self._has_requests():
            return None
        row = self.conn.execute(
            f"SELECT {self._request_columns()} FROM {REQUESTS} WHERE game = ? AND seat = ? AND rid = ?",
            (game_id, seat, rid),
        ).fetchone()
        return None if row is None else _request(row)

    @_reading
    def requests(
        self, game_id: int, seat: int | None = None, status: RequestStatus | None = None, limit: int | None = None
    ) -> list[RequestRow]:
        """A game's phone requests, oldest first (``seat``, ``status``: only those; ``limit``: only the newest)."""
        if not self._has_requests():
            return []
        where, args = "game = ?", list[object]([game_id])
        if seat is not None:
            where, args = where + " AND seat = ?", [*args, seat]
        if status is RequestStatus.PENDING:
            where += f" AND {_PENDING}"
        elif status is not None:
            where, args = where + " AND status = ?", [*args, status.value]
        tail = f" LIMIT {int(limit)}" if limit is not None else ""
        rows = self.conn.execute(
            f"SELECT {self._request_columns()} FROM {REQUESTS} WHERE {where} ORDER BY n DESC{tail}", args
        ).fetchall()
        return [_request(r) for r in reversed(rows)]

    @_reading
    def request(self, n: int) -> RequestRow | None:
        if not self._has_requests():
            return None
        row = self.conn.execute(f"SELECT {self._request_columns()} FROM {REQUESTS} WHERE n = ?", (n,)).fetchone()
        return None if row is None else _request(row)

    @_reading
    def requests_mark(self, game_id: int) -> tuple[int, str]:
        """Changes when a request of the game is added or changes status: (count, newest update); both read from
        the ``(game, updated)`` index alone."""
        if not self._has_requests():
            return (0, "")
        count, newest = self.conn.execute(
            f"SELECT COUNT(*), MAX(updated) FROM {REQUESTS} WHERE game = ?", (game_id,)
        ).fetchone()
        return (int(count), newest or "")

    @_reading
    def requests_marks(self, game_id: int) -> dict[int, tuple[int, str]]:
        """:meth:`requests_mark` for each seat: which phones' lists changed (their pages alone are drawn again)."""
        if not self._has_requests():
            return {}
        rows = self.conn.execute(
            f"SELECT seat, COUNT(*), MAX(updated) FROM {REQUESTS} WHERE game = ? GROUP BY seat", (game_id,)
        ).fetchall()
        return {int(seat): (int(count), newest or "") for seat, count, newest in rows}

    def claim_request(self, conn: sqlite3.Connection, n: int, seq: int) -> bool:
        """Inside the transaction that journals entry ``seq``: mark request ``n`` recorded by it, only if it is
        still pending (False: it is not, and the caller rolls back; so a request is recorded once at most, however
        many screens or processes accept it)."""
        if not self._has_requests():
            return False
        cur = conn.execute(
            f"UPDATE {REQUESTS} SET status = 'recorded', seq = ?, updated = ? WHERE n = ? AND {_PENDING}",
            (seq, now(), n),
        )
        return cur.rowcount == 1

    def close_request(self, n: int, status: RequestStatus, reason: str = "", seat: int | None = None) -> bool:
        """Decline (the banker) or withdraw (the phone, ``seat``) a pending request; False if it was not pending
        (then nothing is written: read before the write transaction, which marks the file, and again in it)."""
        now_row = self.request(n)
        if now_row is None or now_row.status is not RequestStatus.PENDING or seat not in (None, now_row.seat):
            return False
        with self.write() as conn:
            self._create_requests(conn)
            where, args = f"n = ? AND {_PENDING}", [n]
            if seat is not None:
                where, args = where + " AND seat = ?", [*args, seat]
            cur = conn.execute(
                f"UPDATE {REQUESTS} SET status = ?, reason = ?, updated = ? WHERE {where}",
                (status.value, reason or None, now(), *args),
            )
            self._prune_requests(conn, now_row.game)
            closed = cur.rowcount == 1
        self._requests_ready = True
        return closed

    def set_phones_ask(self, game_id: int, ask: bool) -> None:
        """Store whether the phones of a game may ask the banker to record their payments."""
        with self.write() as conn:
            conn.execute(
                f"CREATE TABLE IF NOT EXISTS {PHONE_SETTINGS} (game INTEGER PRIMARY KEY REFERENCES games(id), "
                "ask INTEGER NOT NULL)"
            )
            conn.execute(f"INSERT OR REPLACE INTO {PHONE_SETTINGS} (game, ask) VALUES (?, ?)", (game_id, int(ask)))

    @_reading
    def phones_ask(self, game_id: int) -> bool | None:
        """The game's stored choice (None: none was stored; the setting in config.toml decides)."""
        if not self.conn.execute(
            f"SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '{PHONE_SETTINGS}'"
        ).fetchone():
            return None
        row = self.conn.execute(f"SELECT ask FROM {PHONE_SETTINGS} WHERE game = ?", (game_id,)).fetchone()
        return None if row is None else bool(row[0])

    @_reading
    def pages_port(self, game_id: int) -> int | None:
        """The port a game's phone pages were last turned on at in the app, or None (never turned on, or a
        database that predates the ``phone_pages`` table)."""
        place = self.pages_place(game_id)
        return None if place is None else place[1]

    @_reading
    def pages_place(self, game_id: int) -> tuple[str | None, int] | None:
        """The host their links named and the port a game's phone pages were last turned on at in the app, or
        None (never turned on); the host is None when an earlier version remembered the port only."""
        if not self.conn.execute(f"SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '{PAGES}'").fetchone():
            return None
        columns = {row[1] for row in self.conn.execute(f"PRAGMA table_info({PAGES})")}
        host = "host" if "host" in columns else "NULL"
        row = self.conn.execute(f"SELECT {host}, port FROM {PAGES} WHERE game = ?", (game_id,)).fetchone()
        return (row[0], int(row[1])) if row else None

    def remember_pages(self, game_id: int, port: int, host: str | None = None) -> None:
        """Note that a game's phone pages are on at ``port``, their links naming ``host`` (creating the
        ``phone_pages`` table if missing, and its ``host`` column: additions schema 1 databases take as they are;
        an older Banker reads the port and leaves the host alone)."""
        with self.write() as conn:
            conn.execute(
                f"CREATE TABLE IF NOT EXISTS {PAGES} (game INTEGER PRIMARY KEY REFERENCES games(id), "
                "port INTEGER NOT NULL, host TEXT)"
            )
            if "host" not in {row[1] for row in conn.execute(f"PRAGMA table_info({PAGES})")}:
                conn.execute(f"ALTER TABLE {PAGES} ADD COLUMN host TEXT")
            conn.execute(f"INSERT OR REPLACE INTO {PAGES} (game, port, host) VALUES (?, ?, ?)", (game_id, port, host))

    # Maths mode ------------------------------------------------------------------------------------------------
    @_reading
    def maths_seats(self, game_id: int) -> set[int]:
        """The seats of the game's players in maths mode (empty when none, or the table was never made)."""
        if not self.conn.execute(f"SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '{MATHS}'").fetchone():
            return set()
        return {row[0] for row in self.conn.execute(f"SELECT seat FROM {MATHS} WHERE game = ?", (game_id,))}

    def set_maths(self, game_id: int, seat: int, on: bool) -> None:
        """Turn the maths mode on or off for one seat (creating the table if missing: an addition schema 1
        databases take as they are)."""
        with self.write() as conn:
            conn.execute(
                f"CREATE TABLE IF NOT EXISTS {MATHS} (game INTEGER NOT NULL REFERENCES games(id), "
                "seat INTEGER NOT NULL, PRIMARY KEY (game, seat))"
            )
            if on:
                conn.execute(f"INSERT OR IGNORE INTO {MATHS} (game, seat) VALUES (?, ?)", (game_id, seat))
            else:
                conn.execute(f"DELETE FROM {MATHS} WHERE game = ? AND seat = ?", (game_id, seat))

    def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version``: changes when another connection committed since the last call; a
        cheap way to notice another process's commands without querying the events."""
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])


_LOG_COLUMNS = "seq, time, text, kind, summary, target, json_extract(action, '$.verb')"


class _IntsText:
    """``json.dumps`` of a list of ints that changes mostly at its end from one call to the next (a game's undo
    stack at each checkpoint): the text of each block of :data:`BLOCK` is kept, and written again only when the
    block changed. Encoding the whole stack every 100 commands cost 7 ms at 80,000 actions (issue 33)."""

    BLOCK = 1024

    def __init__(self) -> None:
        self._blocks: list[tuple[list[int], str]] = []

    def text(self, values: list[int]) -> str:
        texts = []
        for n, i in enumerate(range(0, len(values), self.BLOCK)):
            block = values[i : i + self.BLOCK]
            if n < len(self._blocks) and self._blocks[n][0] == block:
                texts.append(self._blocks[n][1])
                continue
            text = json.dumps(block)[1:-1]
            self._blocks[n:] = [(block, text)]
            texts.append(text)
        del self._blocks[len(texts) :]
        return "[" + ", ".join(texts) + "]"


def _checkpoint(row: tuple[Any, ...]) -> Checkpoint:
    seq, idx, last, state, stack, redo = row
    return Checkpoint(
        seq, idx, last, json.loads(state), json.loads(stack) if stack else None, json.loads(redo) if redo else None
    )
