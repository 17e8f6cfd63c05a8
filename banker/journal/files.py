"""The checks on a database file before SQLite touches it: a file that is not ours (not SQLite, another program's
SQLite, a newer schema, a write-ahead log left by another file) is refused without writing a byte, and a new or
writable one needs a directory SQLite can write its log in. Also which files this process has open, since reading
a header of one of them would drop SQLite's locks (:func:`_check_file`)."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections import Counter
from pathlib import Path

from banker.journal.errors import JournalError, cause
from banker.journal.schema import APP_ID, SCHEMA_VERSION, SQLITE_HEADER
from rules.i18n import _

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
        raise JournalError(_("{path} is a directory, not a Banker database").format(path=path))
    size = path.stat().st_size
    if size == 0:
        return
    with _OPEN_LOCK:
        if _OPEN.get(_file_key(path) or (-1, -1)):
            return  # a database this process has open (and checked when it opened it)
    with path.open("rb") as f:
        head = f.read(16)
    if head != SQLITE_HEADER:
        said = _("{path} is not a Banker database (not an SQLite file); it was left untouched")
        raise JournalError(said.format(path=path))


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
            said = _("{path} is an SQLite database of something else (tables: {tables}); Banker will not write to it")
            raise JournalError(said.format(path=path, tables=", ".join(sorted(tables)[:5])))
        foreign = _foreign_log(path, conn)
        if foreign:
            raise JournalError(foreign)
        columns = {row[1] for row in conn.execute("PRAGMA table_info(meta)")}
        # another program's meta table: said so, not as SQLite's "no such column: key" (found by the reliability run)
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall()) if {"key", "value"} <= columns else {}
        if meta.get("app") != APP_ID:
            said = _("{path} has a meta table but is not a Banker database; Banker will not write to it")
            raise JournalError(said.format(path=path))
        version = int(meta.get("schema_version", "0"))
    except sqlite3.DatabaseError as e:
        if getattr(e, "sqlite_errorname", "").startswith(("SQLITE_CANTOPEN", "SQLITE_BUSY", "SQLITE_IOERR")):
            raise JournalError(_("cannot read {path}: {why}").format(path=path, why=cause(e))) from None
        said = _("{path} is damaged or not a Banker database ({why}); it was left untouched")
        raise JournalError(said.format(path=path, why=e)) from None
    except (ValueError, TypeError):
        said = _("{path} has an unreadable schema version; it was left untouched")
        raise JournalError(said.format(path=path)) from None
    finally:
        if ro is None and conn is not None:
            conn.close()
    if version > SCHEMA_VERSION:
        said = _(
            "{path} was written by a newer Banker (schema {version}; this one reads up to {known}); upgrade Banker "
            "to open it"
        )
        raise JournalError(said.format(path=path, version=version, known=SCHEMA_VERSION))
    if version < 1:
        said = _("{path} has schema version {version}, which no Banker release wrote; left untouched")
        raise JournalError(said.format(path=path, version=version))


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
        raise JournalError(
            _("cannot create {path}: the directory {parent} does not exist").format(path=path, parent=parent)
        )
    if not parent.is_dir():
        raise JournalError(
            _("cannot create {path}: {parent} is a file, not a directory").format(path=path, parent=parent)
        )
    if not os.access(parent, os.W_OK | os.X_OK):
        raise JournalError(
            _("cannot create {path}: the directory {parent} is read-only").format(path=path, parent=parent)
        )


def _check_writable(path: Path) -> None:
    """Writing needs the file and its directory (where SQLite keeps the ``-wal`` file) to be writable: refuse
    before SQLite opens the file read-only in silence and leaves its ``-wal`` and ``-shm`` files behind."""
    if not os.access(path, os.W_OK):
        said = _(
            "cannot write to {path}: the file is read-only; nothing was recorded (`banker state`, `log` and `export` "
            "can still read it)"
        )
        raise JournalError(said.format(path=path))
    if not Path(f"{path}-wal").exists() and not os.access(path.parent, os.W_OK | os.X_OK):
        said = _(
            "cannot write to {path}: its directory {parent} is read-only, and SQLite keeps its journal file there; "
            "nothing was recorded"
        )
        raise JournalError(said.format(path=path, parent=path.parent))


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
    said = _(
        "{wal} belongs to another file ({path} was replaced while a Banker had it open); nothing was read or written: "
        "quit every Banker using it, then move {wal_name} and {shm_name} aside"
    )
    return said.format(wal=wal, path=path, wal_name=wal.name, shm_name=f"{path.name}-shm")


def _opening(key: tuple[int, int]) -> None:
    """Count a journal this process opened on the file ``key`` (:func:`_check_file` asks)."""
    with _OPEN_LOCK:
        _OPEN[key] += 1


def _closing(key: tuple[int, int]) -> None:
    with _OPEN_LOCK:
        _OPEN[key] -= 1
        if _OPEN[key] <= 0:
            del _OPEN[key]
