"""Backups of the game database, taken on their own (docs/storage.md, "Backups").

The app copies the database at each launch and at each game's end, and ``banker`` does at the end of a game it
records, into ``backups/`` beside the database: ``banker-2026-11-24T20-15-03.123Z.db`` for ``banker.db`` (the time
in UTC). The copy is made with SQLite's online backup API in one step: one read transaction, so it is the database
as some commit left it, while the app or another process goes on writing (WAL mode: a reader never blocks a
writer, and the step never restarts). It is written under a hidden temporary name and renamed only once complete
and on disk, so a backup killed half-way never looks like a good one, and it is made a plain database (no ``-wal``)
that any SQLite tool opens. Then the oldest are removed beyond :data:`KEEP` and beyond :data:`LIMIT` bytes in all.

Every SQL statement here reads: the database to copy (through SQLite's own connections, never a plain ``open``,
which would drop the locks of this process's other connections: :func:`banker.journal.files._check_file` says why) and
the backups to list. A failure is a :class:`BackupError` in words; the callers say it once and the game goes on.
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from banker.journal import APP_ID, SQLITE_HEADER, Journal, JournalError, cause
from rules.i18n import _

FOLDER = "backups"
"""The folder beside the database that holds its backups."""
KEEP = 10
"""How many backups of one database are kept: the newest."""
LIMIT = 1024 * 1024 * 1024
"""The most the backups of one database may take in all (bytes): the oldest go first. A database larger than this
is not backed up (it is said, once)."""
HEADROOM = 64 * 1024 * 1024
"""Free space a backup leaves on the disk (bytes): a backup never takes the room the game's next commands need."""
_STAMP = "%Y-%m-%dT%H-%M-%S"
_TEMP = ".tmp"


class BackupError(Exception):
    """A backup could not be made or restored; the message names the file and the cause, in words."""


@dataclass(frozen=True)
class Mark:
    """What a database holds, in three figures: two copies with the same mark hold the same games and entries."""

    games: int
    entries: int
    """Journal entries (``events`` rows) of all the games."""
    updated: str
    """The newest game's last change (``games.updated``)."""


@dataclass(frozen=True)
class Backup:
    """One backup file and what it holds (``mark`` None: it cannot be read, ``problem`` says why)."""

    path: Path
    time: datetime
    """When it was taken (UTC, from its name)."""
    size: int
    mark: Mark | None
    problem: str = ""


def folder(db: Path) -> Path:
    """Where the backups of ``db`` live: ``backups`` beside it."""
    return Path(db).parent / FOLDER


def _suffix(db: Path) -> str:
    return db.suffix or ".db"


def _name(db: Path, time: datetime) -> str:
    return f"{db.stem}-{time.strftime(_STAMP)}.{time.microsecond // 1000:03d}Z{_suffix(db)}"


def _pattern(db: Path) -> re.Pattern[str]:
    stamp = r"(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d)\.(\d{3})Z"
    return re.compile(re.escape(db.stem) + "-" + stamp + re.escape(_suffix(db)))


def _time_of(db: Path, name: str) -> datetime | None:
    match = _pattern(db).fullmatch(name)
    if match is None:
        return None
    try:
        moment = datetime.strptime(match[1], _STAMP).replace(tzinfo=UTC)
    except ValueError:
        return None
    return moment + timedelta(milliseconds=int(match[2]))


def _files(db: Path) -> list[tuple[datetime, Path]]:
    """The backup files of ``db``, newest first (other files in the folder are not ours and are left alone)."""
    try:
        entries = list(os.scandir(folder(db)))
    except (FileNotFoundError, NotADirectoryError):
        return []
    except OSError as e:
        said = _("cannot read the backups folder {folder}: {why}")
        raise BackupError(said.format(folder=folder(db), why=cause(e))) from None
    found = []
    for entry in entries:
        time = _time_of(db, entry.name)
        if time is not None and entry.is_file(follow_symlinks=False):
            found.append((time, Path(entry.path)))
    return sorted(found, reverse=True)


def listing(db: Path) -> list[Backup]:
    """The backups of ``db``, newest first, each read for what it holds."""
    return [_read(path, time) for time, path in _files(db)]


def _read(path: Path, time: datetime) -> Backup:
    try:
        size = path.stat().st_size
        with path.open("rb") as f:  # a backup file, never the live database: reading it takes no lock away
            head = f.read(len(SQLITE_HEADER))
    except OSError as e:
        return Backup(path, time, 0, None, cause(e))
    if head != SQLITE_HEADER:
        return Backup(path, time, size, None, _("not an SQLite database"))
    try:
        with _closing(_immutable(path)) as conn:
            return Backup(path, time, size, _mark(conn))
    except (sqlite3.Error, BackupError) as e:
        return Backup(path, time, size, None, str(e) if isinstance(e, BackupError) else cause(e))


def _immutable(path: Path) -> sqlite3.Connection:
    """A backup opened to read: it never changes once renamed into place, so SQLite need not lock it."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True, isolation_level=None)


@contextlib.contextmanager
def _closing(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    try:
        yield conn
    finally:
        conn.close()


def _mark(conn: sqlite3.Connection) -> Mark:
    """The mark of a Banker database; a database of something else is a :class:`BackupError`."""
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not {"meta", "games", "events"} <= tables:
        raise BackupError(_("not a Banker database"))
    app = conn.execute("SELECT value FROM meta WHERE key = 'app'").fetchone()
    if app is None or app[0] != APP_ID:
        raise BackupError(_("not a Banker database"))
    games, updated = conn.execute("SELECT COUNT(*), COALESCE(MAX(updated), '') FROM games").fetchone()
    (entries,) = conn.execute("SELECT COUNT(*) FROM events").fetchone()
    return Mark(int(games), int(entries), str(updated))


@contextlib.contextmanager
def _source(db: Path) -> Iterator[sqlite3.Connection]:
    """The live database, opened read-only as the journal opens it to read (``Journal(readonly=True)``: a file
    that is not ours, damaged, or beside another file's ``-wal`` is refused, and the ``-wal``/``-shm`` files a
    reader makes are removed again), beside whatever else has it open: in WAL mode neither blocks the other."""
    try:
        journal = Journal(db, readonly=True)
    except (JournalError, LookupError) as e:
        raise BackupError(str(e)) from None
    try:
        yield journal.conn
    finally:
        journal.close()


def _size(db: Path) -> int:
    """The database's size with its ``-wal``: about what a copy takes."""
    total = 0
    for suffix in ("", "-wal"):
        with contextlib.suppress(OSError):
            total += Path(f"{db}{suffix}").stat().st_size
    return total


def _megabytes(n: int) -> str:
    return f"{n / 1024 / 1024:,.0f} MB" if n >= 1024 * 1024 else f"{n / 1024:,.0f} KB"


def back_up(
    db: Path,
    *,
    same: bool = False,
    keep: int | None = None,
    limit: int | None = None,
    headroom: int | None = None,
    now: datetime | None = None,
) -> Backup | None:
    """Copy ``db`` into its backups folder, then keep the newest ``keep`` within ``limit`` bytes. None when there
    is nothing to copy (no database yet, an empty file) or when the newest backup already holds the same games and
    entries (so launching the app five times keeps five older backups, not five of one database; ``same``: copy
    even then). Raises :class:`BackupError`: nothing was kept, the database and the older backups are as they
    were."""
    db = Path(db)
    keep, limit, headroom = keep or KEEP, limit or LIMIT, HEADROOM if headroom is None else headroom
    try:
        if not db.is_file() or db.stat().st_size == 0:
            return None
    except OSError:
        return None
    place = folder(db)
    needed = _size(db)
    if needed > limit:
        said = _(
            "no backup of {db} was made: it takes {needed}, more than the {limit} the backups may take in all; copy "
            "it somewhere safe yourself"
        )
        raise BackupError(said.format(db=db, needed=_megabytes(needed), limit=_megabytes(limit)))
    try:
        place.mkdir(exist_ok=True)
        if not os.access(place, os.W_OK | os.X_OK):  # said in these words, before SQLite says "cannot open"
            said = _("no backup of {db} was made: cannot write to {place}: the folder is read-only")
            raise BackupError(said.format(db=db, place=place))
        _tidy(place)
        free = shutil.disk_usage(place).free
    except OSError as e:
        said = _("no backup of {db} was made: cannot write to {place}: {why}")
        raise BackupError(said.format(db=db, place=place, why=cause(e))) from None
    if free < needed + headroom:
        said = _(
            "no backup of {db} was made: the disk holding {place} has {free} free, and a backup needs {needed} and "
            "leaves {headroom} for the game"
        )
        raise BackupError(
            said.format(
                db=db, place=place, free=_megabytes(free), needed=_megabytes(needed), headroom=_megabytes(headroom)
            )
        )
    try:
        with _source(db) as source:
            mark = _mark(source)
            if not same:
                newest = next((_read(path, time) for time, path in _files(db)), None)
                if newest is not None and newest.mark == mark:
                    return None
            time = now or datetime.now(UTC)
            target = place / _name(db, time)
            while target.exists():  # two backups in one millisecond (the app and a command): one a millisecond on
                time += timedelta(milliseconds=1)
                target = place / _name(db, time)
            _copy(source, target)
    except BackupError as e:
        raise BackupError(_("no backup of {db} was made: {why}").format(db=db, why=e)) from None
    except (sqlite3.Error, OSError) as e:
        said = _("no backup of {db} was made: cannot copy it to {place}: {why}")
        raise BackupError(said.format(db=db, place=place, why=cause(e))) from None
    prune(db, keep, limit)
    return _read(target, time)


def _copy(source: sqlite3.Connection, target: Path) -> None:
    """Copy the database ``source`` reads to ``target``, atomically: written under a temporary name beside it,
    made a plain (rollback-journal) database, flushed to the disk, then renamed. Anything that stops it half-way
    (an error, a full disk, SIGKILL) leaves at most the temporary file, which no listing shows (:func:`_tidy`
    removes it later)."""
    temp = target.with_name(f".{target.name}.{os.getpid()}{_TEMP}")
    try:
        with _closing(sqlite3.connect(temp, isolation_level=None)) as copy:
            copy.execute("PRAGMA journal_mode = OFF")  # the rename makes it atomic: no journal needed while copying
            copy.execute("PRAGMA synchronous = OFF")
            source.backup(copy)  # one step: one read transaction, a writer never makes it start again
            copy.execute("PRAGMA journal_mode = DELETE")  # a plain file, readable anywhere, even read-only
        _flush(temp)
        os.replace(temp, target)
        _flush_folder(target.parent)
    except BaseException:
        _remove_temp(temp)
        raise


def _flush(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _flush_folder(path: Path) -> None:
    """Put a rename on the disk (POSIX); where a folder cannot be opened so (Windows), the rename stands anyway."""
    with contextlib.suppress(OSError):
        _flush(path)


_COMPANIONS = ("-journal", "-wal", "-shm")
"""The files SQLite keeps beside a database while it writes it."""


def _remove_temp(temp: Path) -> None:
    """Remove a temporary copy and its companions: the companions first, so a process stopped half-way through
    this leaves the copy itself, by whose name :func:`_tidy` finds what is left."""
    for suffix in (*_COMPANIONS, ""):
        with contextlib.suppress(OSError):
            Path(f"{temp}{suffix}").unlink()


def _tidy(place: Path, pattern: str = f".*{_TEMP}") -> None:
    """Remove the temporary files of copies that were stopped half-way (their process is gone): the copy and its
    companions, and the companions alone where the copy has gone (a backup killed while it removed another's: a
    busy run of the suite left a ``.tmp-wal`` and a ``.tmp-shm`` that no tidy found again, issue 33)."""
    for path in place.glob(f"{pattern}*"):
        name = path.name
        for suffix in _COMPANIONS:
            name = name.removesuffix(suffix)
        if not name.endswith(_TEMP):
            continue
        pid = name.removesuffix(_TEMP).rsplit(".", 1)[-1]
        if pid.isdigit() and not _alive(int(pid)):
            _remove_temp(path.with_name(name))


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process
    return True


def prune(db: Path, keep: int | None = None, limit: int | None = None) -> list[Path]:
    """Remove the oldest backups of ``db`` beyond the newest ``keep`` (:data:`KEEP`) and beyond ``limit`` bytes
    (:data:`LIMIT`) in all; the paths removed."""
    keep, limit = keep or KEEP, limit or LIMIT
    kept = total = 0
    full = False
    removed = []
    for _time, path in _files(db):
        try:
            size = path.stat().st_size
        except OSError:
            continue
        full = full or kept >= keep or total + size > limit  # from the first that does not fit, every older goes
        if not full:
            kept += 1
            total += size
            continue
        with contextlib.suppress(OSError):
            path.unlink()
            removed.append(path)
    return removed


def mark_of(db: Path) -> Mark:
    """What the database at ``db`` holds now (read-only, beside whatever has it open)."""
    try:
        with _source(Path(db)) as conn:
            return _mark(conn)
    except sqlite3.Error as e:
        raise BackupError(_("{db} cannot be read: {why}").format(db=db, why=cause(e))) from None


def _companions(db: Path) -> list[Path]:
    return [p for p in (Path(f"{db}-wal"), Path(f"{db}-shm")) if p.exists()]


def in_use(db: Path) -> bool:
    """Another program has the database open. SQLite removes a WAL database's ``-wal`` and ``-shm`` files when the
    last connection to it closes, having written the log into the file; so they are opened and closed here, and
    if they are still there, a connection elsewhere holds them (the app, ``banker serve``)."""
    if not _companions(db):
        return False
    with contextlib.suppress(BackupError, sqlite3.Error):
        with _source(db):  # refuses a -wal that is another file's: it must never be written into this one
            pass
        with _closing(sqlite3.connect(db, timeout=1, isolation_level=None)) as conn:
            conn.execute("PRAGMA schema_version").fetchone()
    return bool(_companions(db))


@dataclass(frozen=True)
class Restored:
    """A backup brought back: where the database it replaced was kept (None: there was none)."""

    kept: Backup | Path | None
    """A new backup of it, or (when SQLite could not read it: damaged, not a database) a copy of its bytes."""


def restore(db: Path, backup: Backup, *, now: datetime | None = None) -> Restored:
    """Put ``backup`` in the place of ``db``. The database there now is kept first: copied into the backups (so
    ``banker restore 1`` brings it back), or, if SQLite cannot read it, its bytes copied beside it. The backup is
    copied beside ``db`` under a temporary name, checked, and renamed over it only then, so ``db`` is either the
    old file or the whole backup. Refused while another program has ``db`` open (its commands would go on into
    the file taken away). Raises :class:`BackupError`; then ``db`` is as it was."""
    db = Path(db)
    if backup.mark is None:
        raise BackupError(_("{backup} cannot be restored: {why}").format(backup=backup.path, why=backup.problem))
    if in_use(db):
        said = _(
            "{db} is open in another program (the Banker app or `banker serve`); quit it, then restore; nothing was "
            "changed"
        )
        raise BackupError(said.format(db=db))
    temp = db.with_name(f".{db.name}.restore.{os.getpid()}{_TEMP}")
    with contextlib.suppress(OSError):
        _tidy(db.parent, f".{glob.escape(db.name)}.restore.*{_TEMP}")
    try:
        with _closing(_immutable(backup.path)) as source:
            _copy(source, temp)
        with _closing(_immutable(temp)) as check:
            problem = check.execute("PRAGMA quick_check").fetchone()[0]
            if problem != "ok" or _mark(check) != backup.mark:
                raise BackupError(_("{backup} is damaged ({why})").format(backup=backup.path, why=problem))
    except BackupError as e:
        _remove_temp(temp)
        raise BackupError(_("{why}; nothing was changed").format(why=e)) from None
    except (sqlite3.Error, OSError) as e:
        _remove_temp(temp)
        said = _("cannot restore {backup} as {db}: {why}; nothing was changed")
        raise BackupError(said.format(backup=backup.path, db=db, why=cause(e))) from None
    try:
        kept = _keep(db, now)
        os.replace(temp, db)
        _flush_folder(db.parent)
    except BaseException:
        _remove_temp(temp)
        raise
    return Restored(kept)


def _keep(db: Path, now: datetime | None) -> Backup | Path | None:
    """Keep the database about to be replaced: a backup of it, or a copy of its bytes beside it when SQLite
    cannot read it (that may be why it is being replaced)."""
    try:
        if not db.exists() or db.stat().st_size == 0:
            return None
    except OSError as e:
        raise BackupError(_("cannot read {db}: {why}; nothing was changed").format(db=db, why=cause(e))) from None
    try:
        mark_of(db)
    except BackupError:
        return _keep_bytes(db, now)
    try:
        return back_up(db, same=True, now=now)
    except BackupError as e:
        raise BackupError(_("{why}, so {db} was not replaced; nothing was changed").format(why=e, db=db)) from None


def _keep_bytes(db: Path, now: datetime | None) -> Path:
    time = now or datetime.now(UTC)
    kept = db.with_name(f"{db.name}.replaced-{time.strftime(_STAMP)}Z")
    try:
        shutil.copyfile(db, kept)
        _flush(kept)
    except OSError as e:
        with contextlib.suppress(OSError):
            kept.unlink()
        said = _("cannot keep a copy of {db} at {kept}: {why}; nothing was changed")
        raise BackupError(said.format(db=db, kept=kept, why=cause(e))) from None
    return kept
