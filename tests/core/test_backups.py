"""Backups of the database (banker/backups.py, docs/storage.md "Backups"): a copy through SQLite's online backup
API that holds only committed commands while another connection writes, pruned to the newest ten and to a bounded
size, never a copy of what the newest backup already holds, and brought back over the database only once the file
it replaces is kept."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from banker import backups
from banker.backups import BackupError, back_up, listing, prune, restore
from banker.session import Session
from tests.kit.conservation import conserved
from tests.kit.journal import make_game

START = datetime(2026, 11, 24, 19, 0, tzinfo=UTC)


def at(minutes: int) -> datetime:
    return START + timedelta(minutes=minutes)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def db(tmp_path) -> Path:
    path = tmp_path / "family.db"
    make_game(path, ("Ann", "Bob"), ("go ann", "buy ann boardwalk", "pay bob 20 to ann"))
    return path


def integrity(path: Path) -> str:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()


def test_a_backup_is_a_whole_plain_database_beside_the_file_named_for_it_and_its_time(db):
    made = back_up(db, now=at(0))
    assert made is not None
    assert made.path == db.parent / "backups" / "family-2026-11-24T19-00-00.000Z.db"
    assert made.mark == backups.Mark(1, 3, made.mark.updated) and made.mark.updated
    assert integrity(made.path) == "ok"
    assert made.path.read_bytes()[18:20] == b"\x01\x01"  # not WAL: any SQLite tool reads it, even read-only
    assert sorted(p.name for p in made.path.parent.iterdir()) == [made.path.name]  # no temporary file left
    with Session.open(made.path, readonly=True) as copy, Session.open(db, readonly=True) as live:
        assert copy.state == live.state and [e.text for e in copy.log()] == [e.text for e in live.log()]


def test_nothing_new_since_the_newest_backup_makes_no_copy(db):
    """Launching the app five times keeps the five older backups, not five copies of one database."""
    assert back_up(db, now=at(0)) is not None
    assert back_up(db, now=at(1)) is None
    make_game(db, ("Cy", "Dee"))  # a new game
    assert back_up(db, now=at(2)) is not None
    with Session.open(db) as s:
        assert s.execute("go cy").ok  # a new entry
    assert back_up(db, now=at(3)) is not None
    assert back_up(db, now=at(4), same=True) is not None  # asked for even so (restore keeps the file it replaces)
    assert [(b.mark.games, b.mark.entries) for b in listing(db) if b.mark] == [(2, 1 + 3)] * 2 + [(2, 3), (1, 3)]


def test_no_database_yet_or_an_empty_file_makes_no_backup_and_no_folder(tmp_path):
    assert back_up(tmp_path / "none.db") is None
    (tmp_path / "empty.db").write_bytes(b"")
    assert back_up(tmp_path / "empty.db") is None
    assert not (tmp_path / "backups").exists()


def test_the_newest_ten_are_kept(db):
    for minute in range(12):
        assert back_up(db, same=True, now=at(minute)) is not None
    kept = listing(db)
    assert [b.time for b in kept] == [at(m) for m in range(11, 1, -1)]


def test_the_backups_never_take_more_than_the_limit_in_all(db):
    size = back_up(db, same=True, now=at(0)).size
    for minute in range(1, 6):
        back_up(db, same=True, now=at(minute), limit=3 * size + size // 2)
    assert [b.time for b in listing(db)] == [at(5), at(4), at(3)]
    assert sum(b.size for b in listing(db)) <= 3 * size + size // 2
    assert prune(db, keep=1) == [backups.folder(db) / backups._name(db, at(m)) for m in (4, 3)]


def test_a_database_larger_than_the_limit_is_not_backed_up_and_says_so(db):
    with pytest.raises(BackupError, match=r"no backup of .*family.db was made: it takes .* more than the 1 KB"):
        back_up(db, limit=1024)
    assert not (db.parent / "backups").exists() or not listing(db)


def test_a_backup_leaves_the_game_room_on_the_disk(db):
    with pytest.raises(BackupError, match="free, and a backup needs .* and leaves .* for the game"):
        back_up(db, headroom=2**62)
    assert listing(db) == []


def test_other_files_and_other_databases_backups_are_left_alone(db, tmp_path):
    other = tmp_path / "other.db"
    make_game(other, ("Eve", "Fay"))
    folder = backups.folder(db)
    folder.mkdir()
    (folder / "notes.txt").write_text("ours, not Banker's")
    (folder / "family-2026-11-24T19-00-00.000Z.db.txt").write_text("not a backup's name")
    back_up(other, now=at(0))
    for minute in range(12):
        back_up(db, same=True, now=at(minute + 1))
    assert len(listing(db)) == 10 and len(listing(other)) == 1
    assert (folder / "notes.txt").exists() and (folder / "family-2026-11-24T19-00-00.000Z.db.txt").exists()


def test_a_copy_holds_only_committed_commands_while_another_connection_writes(db):
    """WAL: the backup reads one committed snapshot; a transaction open in the app's connection neither blocks it
    nor gets half into it, and commits afterwards as usual."""
    with Session.open(db) as s, s._j.write() as conn:
        conn.execute("UPDATE games SET updated = 'in the middle' WHERE id = 1")
        made = back_up(db, now=at(0))
    assert made is not None and made.mark.entries == 3 and made.mark.updated != "in the middle"
    assert backups.mark_of(db).updated == "in the middle"


def _dead_pid() -> int:
    """The pid of a process that has ended (a backup killed half-way leaves its files named for it)."""
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    return pid


def test_a_temporary_file_of_a_killed_backup_is_never_listed_and_is_removed_later(db):
    folder = backups.folder(db)
    folder.mkdir()
    dead = _dead_pid()
    name = backups._name(db, at(0))
    stale = folder / f".{name}.{dead}.tmp"
    stale.write_bytes(b"SQLite format 3\x00 half a copy")
    Path(f"{stale}-journal").write_bytes(b"x")
    mine = folder / f".{name}.{os.getpid()}.tmp"  # a copy this process is making
    mine.write_bytes(b"SQLite format 3\x00")
    assert listing(db) == []
    back_up(db, now=at(1))
    assert sorted(p.name for p in folder.iterdir()) == sorted([mine.name, backups._name(db, at(1))])


def test_the_companions_of_a_killed_backup_are_removed_when_its_copy_is_gone(db):
    """Found by a busy run of the crash test (issue 33): a backup killed while it removed a killed one's temporary
    files had removed the copy but not its ``-wal`` and ``-shm``, and no backup after it found them again."""
    folder = backups.folder(db)
    folder.mkdir()
    dead = _dead_pid()
    stale = folder / f".{backups._name(db, at(0))}.{dead}.tmp"
    for suffix in ("-wal", "-shm"):
        Path(f"{stale}{suffix}").write_bytes(b"x")
    mine = folder / f".{backups._name(db, at(0))}.{os.getpid()}.tmp-wal"  # beside a copy this process is making
    mine.write_bytes(b"x")
    back_up(db, now=at(1))
    assert sorted(p.name for p in folder.iterdir()) == sorted([mine.name, backups._name(db, at(1))])


def test_a_temporary_copy_loses_its_companions_before_itself(tmp_path, monkeypatch):
    """So a process stopped while it removes them leaves the copy, by whose name the next backup finds the rest."""
    temp = tmp_path / ".g.db.2026.1.tmp"
    for suffix in ("", "-journal", "-wal", "-shm"):
        Path(f"{temp}{suffix}").write_bytes(b"x")
    removed: list[str] = []
    unlink = Path.unlink
    monkeypatch.setattr(Path, "unlink", lambda self, *a, **k: (removed.append(self.name), unlink(self, *a, **k)))
    backups._remove_temp(temp)
    assert removed[-1] == temp.name and len(removed) == 4 and not list(tmp_path.iterdir())


def test_a_backup_that_cannot_be_read_is_listed_with_why(db):
    back_up(db, now=at(0))
    bad = backups.folder(db) / backups._name(db, at(1))
    bad.write_bytes(b"not a database at all")
    listed = listing(db)
    assert [(b.time, b.problem) for b in listed] == [(at(1), "not an SQLite database"), (at(0), "")]
    with pytest.raises(BackupError, match="cannot be restored: not an SQLite database"):
        restore(db, listed[0])


# Restoring ---------------------------------------------------------------------------------------------------


def test_restore_keeps_the_file_it_replaces_as_the_newest_backup(db):
    first = back_up(db, now=at(0))
    with Session.open(db) as s:
        assert s.execute("go bob").ok
        after = s.state
    done = restore(db, first, now=at(5))
    assert done.kept is not None and done.kept.path.name == backups._name(db, at(5))
    with Session.open(db) as s:
        assert [e.text for e in s.log()] == ["go ann", "buy ann boardwalk", "pay bob 20 to ann"]
        conserved(s.state)
    with Session.open(done.kept.path, readonly=True) as kept:
        assert kept.state == after
    restore(db, listing(db)[0], now=at(6))  # and back again: "banker restore 1"
    with Session.open(db) as s:
        assert s.state == after


def test_restore_over_a_file_sqlite_cannot_read_keeps_its_bytes_beside_it(db):
    first = back_up(db, now=at(0))
    db.write_bytes(b"scribbled over by something else")
    done = restore(db, first, now=at(5))
    assert done.kept == db.with_name("family.db.replaced-2026-11-24T19-05-00Z")
    assert done.kept.read_bytes() == b"scribbled over by something else"
    assert backups.mark_of(db) == first.mark


def test_restore_is_refused_while_another_connection_has_the_database_open(db):
    first = back_up(db, now=at(0))
    before = digest(db)
    with Session.open(db), pytest.raises(BackupError, match="is open in another program .* nothing was changed"):
        restore(db, first)
    assert digest(db) == before


def test_restore_with_nowhere_to_keep_the_file_it_replaces_changes_nothing(db, monkeypatch):
    first = back_up(db, now=at(0))
    with Session.open(db) as s:
        assert s.execute("go bob").ok
    before = digest(db)
    monkeypatch.setattr(backups, "HEADROOM", 2**62)  # no room on the disk for a copy of it
    with pytest.raises(BackupError, match="free, .* so .*family.db was not replaced; nothing was changed"):
        restore(db, first)
    assert digest(db) == before and sorted(p.name for p in db.parent.iterdir()) == ["backups", "family.db"]
