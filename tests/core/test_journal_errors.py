"""Issue 12 at the journal: read-only opening creates nothing; every failure of the database (a write refused by
SQLite, a damaged row, an unknown variant, a dropped table) is a JournalError naming the file, and a failed write
leaves the session as it was."""

import json
import sqlite3

import pytest

from banker.journal import Journal, JournalError
from banker.session import Session
from rules import Settings


@pytest.fixture
def db(tmp_path):
    return tmp_path / "game.db"


def played(db, lines=("go ann", "pay bob 20", "buy ann boardwalk")):
    with Session.create(db, ["Ann", "Bob"], Settings()) as s:
        for line in lines:
            assert s.execute(line).ok
        return s.game_id


def files(directory):
    return sorted(p.name for p in directory.iterdir())


def test_read_only_opening_of_a_missing_database_creates_nothing(tmp_path):
    with pytest.raises(LookupError, match="no Banker database"):
        Journal(tmp_path / "new" / "dir" / "x.db", readonly=True)
    assert files(tmp_path) == []


def test_read_only_opening_of_an_empty_file_reads_no_games_and_writes_nothing(db):
    db.write_bytes(b"")
    journal = Journal(db, readonly=True)
    assert journal.games() == [] and journal.latest_game() is None
    journal.close()
    assert db.read_bytes() == b"" and files(db.parent) == ["game.db"]
    with pytest.raises(LookupError, match="no games"):
        Session.open(db, readonly=True)


def test_read_only_opening_leaves_no_wal_or_shm_files_behind(db):
    played(db)
    assert files(db.parent) == ["game.db"]
    before = db.read_bytes()
    with Session.open(db, readonly=True) as s:
        assert s.state.players[0].cash == 1500 + 200 - 400
    assert files(db.parent) == ["game.db"] and db.read_bytes() == before


def test_a_write_sqlite_refuses_is_a_journal_error_and_the_session_is_unchanged(db):
    played(db)
    with Session.open(db) as s:
        state, seq = s.state, s.last_seq
        s._j.conn.execute("PRAGMA query_only = ON")  # SQLite now refuses every write, as on a read-only file
        with pytest.raises(JournalError, match=r"cannot write to .*game\.db.*nothing was recorded"):
            s.execute("pay ann 50")
        assert s.state is state and s.last_seq == seq and s.can_undo
        s._j.conn.execute("PRAGMA query_only = OFF")
        assert s.execute("pay ann 50").ok and s.state.players[0].cash == state.players[0].cash - 50


def _damage(db, sql, *params):
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM checkpoints")  # so the journal itself is read
        conn.execute(sql, params)


@pytest.mark.parametrize(
    ("sql", "params", "why"),
    [
        ("UPDATE events SET action = '{not json' WHERE seq = 2", (), "not the JSON Banker wrote"),
        ("UPDATE events SET action = ? WHERE seq = 2", ('{"verb": "frobnicate"}',), "event 2"),
        ("UPDATE events SET action = ? WHERE seq = 2", ('{"verb": "pay", "player": 7, "amount": "x"}',), "event 2"),
        ("UPDATE events SET action = ? WHERE seq = 3", ("[1, 2]",), "event 3"),
        ("UPDATE games SET settings = '[1' ", (), "not the JSON Banker wrote"),
        ("UPDATE games SET settings = json_set(settings, '$.variant', 'chess')", (), 'no variant called "chess"'),
        ("UPDATE games SET settings = '{\"house_rules\": 3}'", (), "settings of game 1"),
        ("DROP TABLE events", (), "no such table: events"),
    ],
)
def test_a_damaged_database_is_a_journal_error_naming_the_file(db, sql, params, why):
    played(db)
    _damage(db, sql, *params)
    for readonly in (True, False):
        with pytest.raises(JournalError, match="damaged") as info:
            Session.open(db, readonly=readonly).close()
        assert why in str(info.value) and str(db) in str(info.value)


def test_a_damaged_checkpoint_is_a_journal_error(db):
    played(db)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE checkpoints SET state = '{\"players\": 5}'")
    with pytest.raises(JournalError, match="saved state of game 1"):
        Session.open(db)


def test_a_new_database_in_a_missing_directory_is_refused_in_words(tmp_path):
    with pytest.raises(JournalError, match="directory .* does not exist"):
        Journal(tmp_path / "nowhere" / "x.db")
    (tmp_path / "file").write_text("x")
    with pytest.raises(JournalError, match="is a file, not a directory"):
        Journal(tmp_path / "file" / "x.db")


def test_a_figure_too_large_to_store_is_a_journal_error_not_an_overflow(db):
    """A game set up before the settings check with a pot start of 10**20 (issue 12, case 2): ending it cannot
    write the scores; that is said, and nothing is recorded."""
    played(db, ())
    with sqlite3.connect(db) as conn:
        settings = json.loads(conn.execute("SELECT settings FROM games").fetchone()[0])
        settings["house_rules"].update(free_parking=True, free_parking_start=10**20)
        conn.execute("UPDATE games SET settings = ?", (json.dumps(settings),))
    conn.close()
    with Session.open(db) as s:
        assert s.state.pot == 10**20
        assert s.execute("parking ann").ok  # the pot is collected (in memory and the journal: JSON holds it)
        with pytest.raises(JournalError, match="too large to store"):
            s.execute("end")
        assert not s.state.over


def test_banker_do_on_an_empty_file_says_so_and_writes_nothing(tmp_path, capsys):
    """Issue 22: a database truncated to 0 bytes got Banker's empty schema written into it by `banker do`."""
    from banker.cli.main import main

    empty = tmp_path / "truncated.db"
    empty.write_bytes(b"")
    assert main(["do", "pay", "ann", "5", "--db", str(empty)]) == 1
    assert "is empty (0 bytes): there are no games in it; nothing was written" in capsys.readouterr().err
    assert empty.read_bytes() == b""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["truncated.db"]
