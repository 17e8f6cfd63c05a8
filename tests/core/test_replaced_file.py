"""A database file replaced while a Banker holds it open (issue 22): ``mv backup.db game.db`` under a running
server left the old file's write-ahead log beside the new file, and the next command read it over the new file and
checkpointed it into it. Now a journal notices the path names another file (``replaced``), lets the old file go
without touching the new one (its log moved aside), and a writer that finds another file's log refuses in one line."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from banker.journal import Journal, JournalError
from banker.session import Session
from tests.kit.journal import make_game
from tests.kit.patience import scaled


def _cash(db, game: int) -> list[int]:
    with Session.open(db, game, readonly=True) as session:
        return [p.cash for p in session.state.players]


def _banker(db, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "banker.cli.main", "--db", str(db), *args],
        capture_output=True,
        text=True,
        timeout=scaled(60),
    )


@pytest.fixture
def replaced(tmp_path):
    """g.db held open by a reader (as the phone server holds it) with a command in its log, then a backup moved
    over it: (path, the reader's journal, the game)."""
    db = tmp_path / "g.db"
    game = make_game(db, ("ann", "bob"), ["buy ann boardwalk"])
    shutil.copy(db, tmp_path / "backup.db")
    reader = Journal(db, create=False, readonly=True)
    with Session.open(db, game) as writer:  # the old game moves on: in the log, beside the file
        assert writer.execute("collect bob 50").ok
    assert (tmp_path / "g.db-wal").stat().st_size > 32
    (tmp_path / "backup.db").replace(db)
    yield db, reader, game
    reader.close()


def test_a_writer_refuses_another_files_log_in_one_line(replaced):
    db, reader, game = replaced
    assert reader.replaced()
    done = _banker(db, "do", "collect", "ann", "7", "--game", str(game))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "g.db-wal belongs to another file" in done.stderr, done.stderr
    with pytest.raises(JournalError, match="belongs to another file"):
        Journal(db, create=False, readonly=True)
    # The reader lets the old file go: its log is moved aside, and the backup is whole, as it was.
    moved = reader.let_go()
    assert sorted(p.name.split(".replaced-")[0] for p in moved) == ["g.db-shm", "g.db-wal"]
    assert _cash(db, game) == [1100, 1500]
    done = _banker(db, "do", "collect", "ann", "7", "--game", str(game))
    assert done.returncode == 0, done.stderr
    assert _cash(db, game) == [1107, 1500]
    check = Journal(db, create=False, readonly=True)
    try:
        assert check.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        check.close()


def test_closing_a_session_on_a_replaced_file_touches_nothing_the_path_names_now(tmp_path):
    db = tmp_path / "g.db"
    game = make_game(db, ("ann", "bob"))
    shutil.copy(db, tmp_path / "backup.db")
    app = Session.open(db, game)  # the app: it writes, and would checkpoint on close
    assert app.execute("collect bob 50").ok
    (tmp_path / "backup.db").replace(db)
    assert app.replaced()
    app.close()  # without checkpointing the old log into the new file or removing any log by name
    assert _cash(db, game) == [1500, 1500]
    assert not (tmp_path / "g.db-wal").exists() or (tmp_path / "g.db-wal").stat().st_size == 0


def test_a_moved_or_copied_file_is_not_refused(tmp_path):
    db = tmp_path / "g.db"
    game = make_game(db, ("ann", "bob"), ["collect ann 1"])
    shutil.copy(db, tmp_path / "copy.db")
    assert _banker(tmp_path / "copy.db", "do", "collect", "ann", "1", "--game", str(game)).returncode == 0
    holder = Session.open(db, game)  # open, with its log beside it
    assert holder.execute("collect ann 1").ok
    other = Session.open(db, game)  # a second process's view: the log is this file's
    assert other.execute("collect ann 1").ok and not other.replaced()
    other.close()
    holder.close()
    assert _cash(db, game) == [1503, 1500]
