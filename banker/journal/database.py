"""The database file under the journal: opening it (checked first, created with its schema if new, or read-only),
the write transaction, closing it. Each accepted command is one ``BEGIN IMMEDIATE`` transaction in WAL mode, so a
killed process never leaves half a command, and two processes (the app and a CLI command) on one database never
interleave writes."""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from banker.journal import schema
from banker.journal.errors import JournalError, NoDatabase, cause
from banker.journal.files import (
    _check_directory,
    _check_file,
    _check_writable,
    _closing,
    _companions,
    _connect_readonly,
    _file_key,
    _inspect,
    _marker,
    _opening,
)
from rules.i18n import N_, _

if TYPE_CHECKING:
    import sqlite_utils


_NOT_WRITTEN = N_("cannot write to {path}: {why}; nothing was recorded")
"""A write the database refused (read-only, disk full, busy): nothing of it was written."""


class Database:
    """One open database file of Banker's: the checks on opening it (:mod:`banker.journal.files`), its schema, the
    one way to write (:meth:`write`), and closing it, also when its path was given to another file meanwhile
    (:meth:`replaced`, :meth:`let_go`). The tables' reads and writes are its subclasses' (:class:`~banker.journal.
    Journal`); reads are plain queries on :attr:`conn`."""

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
        if (readonly or not create) and not self.path.exists():
            if self.path.parent.exists() and not self.path.parent.is_dir():
                said = _("there is no Banker database at {path}: {parent} is a file, not a directory")
                raise JournalError(said.format(path=self.path, parent=self.path.parent))
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
            said = _("{path} is empty (0 bytes): there are no games in it; nothing was written")
            raise LookupError(said.format(path=self.path))
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
            said = (
                _("cannot use {path} as a Banker database: {why}")
                if existed
                else _("cannot create {path} as a Banker database: {why}")
            )
            raise JournalError(said.format(path=self.path, why=cause(e))) from None
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
            _opening(self._key)

    def _unregister(self) -> None:
        key, self._key = self._key, None
        if key is not None:
            _closing(key)

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
            raise JournalError(_("cannot read {path}: {why}").format(path=self.path, why=cause(e))) from None
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
        if schema.has_table(self.conn, "meta"):
            return
        with self.write():
            schema.create(self.db, self.conn)

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
            raise JournalError(_(_NOT_WRITTEN).format(path=self.path, why=cause(e))) from None
        try:
            if self._opened is not None:  # every transaction says which file it was written for (_foreign_log)
                self.conn.execute(f"PRAGMA user_version = {_marker(self._opened)}")
            yield self.conn
        except sqlite3.Error as e:
            self._rollback()
            raise JournalError(_(_NOT_WRITTEN).format(path=self.path, why=cause(e))) from None
        except OverflowError:  # a figure beyond SQLite's 64-bit integers (a game set up before the settings check)
            self._rollback()
            said = _("cannot write to {path}: a figure is too large to store; nothing was recorded")
            raise JournalError(said.format(path=self.path)) from None
        except BaseException:
            self._rollback()
            raise
        try:
            self.conn.execute("COMMIT")
        except sqlite3.Error as e:
            self._rollback()
            raise JournalError(_(_NOT_WRITTEN).format(path=self.path, why=cause(e))) from None

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """One read transaction: the reads inside the block see the journal as it stood at the first of them, even
        while another process commits (SQLite WAL). Inside a :meth:`write` block (or another snapshot) the reads
        already share one transaction, and nothing more is begun."""
        if self.conn.in_transaction:
            yield
            return
        try:
            self.conn.execute("BEGIN DEFERRED")
        except sqlite3.Error as e:
            raise JournalError(_("cannot read {path}: {why}").format(path=self.path, why=cause(e))) from None
        try:
            yield
        finally:
            if self.conn.in_transaction:
                with contextlib.suppress(sqlite3.Error):  # a read commits nothing: ending it cannot lose a row
                    self.conn.execute("COMMIT")

    def _savepoint(self) -> Iterator[sqlite3.Connection]:
        self.conn.execute("SAVEPOINT inner_write")
        try:
            yield self.conn
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("ROLLBACK TO inner_write")  # i18n-exempt: SQL
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
