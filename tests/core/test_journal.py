"""The journal's file handling: our schema, refusals of foreign, damaged and newer files (never modified), paths."""

import sqlite3

import pytest

from banker import paths
from banker.journal import SCHEMA_VERSION, Journal, JournalError
from banker.session import Session
from rules import Settings


def test_new_database_has_documented_tables(tmp_path):
    db = tmp_path / "new.db"
    Session.create(db, ["Ann", "Bob"], Settings()).close()
    with sqlite3.connect(db) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"meta", "games", "players", "events", "checkpoints", "scores"} <= tables
        assert dict(conn.execute("SELECT key, value FROM meta")) == {
            "app": "banker",
            "schema_version": str(SCHEMA_VERSION),
        }
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT name, seat FROM players ORDER BY seat").fetchall() == [("Ann", 0), ("Bob", 1)]


def _refused_untouched(path, fragment):
    before = path.read_bytes()
    with pytest.raises(JournalError) as err:
        Session.open(path)
    assert fragment in str(err.value)
    with pytest.raises(JournalError):
        Session.create(path, ["Ann", "Bob"], Settings())
    assert path.read_bytes() == before
    assert not path.with_name(path.name + "-wal").exists() or path.with_name(path.name + "-wal").stat().st_size == 0


def test_text_file_is_refused_and_untouched(tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("my shopping list\n" * 100)
    _refused_untouched(path, "not an SQLite file")


def test_foreign_sqlite_is_refused_and_untouched(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.close()
    _refused_untouched(path, "something else")


def test_foreign_meta_table_is_refused(tmp_path):
    path = tmp_path / "meta.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE meta (key TEXT, value TEXT)")
        conn.execute("INSERT INTO meta VALUES ('app', 'wordpress')")
    conn.close()
    _refused_untouched(path, "not a Banker database")


def test_damaged_sqlite_is_refused_and_untouched(tmp_path):
    path = tmp_path / "damaged.db"
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 20)
    _refused_untouched(path, "")


def test_newer_schema_is_refused_and_untouched(tmp_path):
    path = tmp_path / "newer.db"
    Session.create(path, ["Ann", "Bob"], Settings()).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
        conn.commit()
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    _refused_untouched(path, "newer Banker")


def test_unknown_older_schema_is_refused(tmp_path):
    path = tmp_path / "older.db"
    Session.create(path, ["Ann", "Bob"], Settings()).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = '0' WHERE key = 'schema_version'")
        conn.commit()
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    _refused_untouched(path, "schema version 0")


def test_directory_is_refused(tmp_path):
    with pytest.raises(JournalError):
        Journal(tmp_path)


def test_empty_file_becomes_a_database(tmp_path):
    path = tmp_path / "empty.db"
    path.touch()
    Session.create(path, ["Ann", "Bob"], Settings()).close()
    assert Session.open(path).game_id == 1


def test_db_path_precedence(tmp_path, monkeypatch):
    monkeypatch.setenv("BANKER_DB", str(tmp_path / "env" / "x.db"))
    assert paths.db_path(tmp_path / "arg.db") == tmp_path / "arg.db"
    assert paths.db_path() == tmp_path / "env" / "x.db" and (tmp_path / "env").is_dir()
    monkeypatch.delenv("BANKER_DB")
    monkeypatch.setenv("BANKER_DATA_DIR", str(tmp_path / "data"))
    assert paths.db_path() == tmp_path / "data" / "banker.db"
    assert paths.log_path() == tmp_path / "data" / "banker.log"


def test_games_are_listed_and_latest_is_opened(tmp_path):
    path = tmp_path / "g.db"
    Session.create(path, ["Ann", "Bob"], Settings()).close()
    s2 = Session.create(path, ["Cy", "Di"], Settings(variant="short-1973"))
    s2.execute("pay cy 5")
    s2.close()
    j = Journal(path)
    games = j.games()
    j.close()
    assert [(g.id, g.variant, g.players) for g in games] == [
        (1, "standard", ("Ann", "Bob")),
        (2, "short-1973", ("Cy", "Di")),
    ]
    with Session.open(path) as s:
        assert s.game_id == 2 and s.state.settings.variant == "short-1973"
    with pytest.raises(LookupError):
        Session.open(path, 99)


def test_opening_a_missing_database_creates_nothing(tmp_path):
    path = tmp_path / "typo.db"
    with pytest.raises(LookupError):
        Session.open(path)
    assert Session.last_unfinished(path) is None
    assert not path.exists()


def test_phone_links_table_is_added_to_an_existing_database_without_a_new_schema(tmp_path):
    """The phone pages' tokens live in `phone_links`, made the first time they are asked for: a database from
    before stays schema 1 and opens as it was; the tokens survive closing it (docs/storage.md)."""
    from banker.journal import TABLE_SEAT
    from banker.web.links import tokens

    db = tmp_path / "old.db"
    game = Session.create(db, ["Ann", "Bob"], Settings())
    game.close()
    reader = Journal(db, readonly=True)
    assert reader.phone_links(game.game_id) == {}  # no table yet: nothing, and nothing written
    reader.close()
    made = tokens(db, game.game_id, 2)
    assert sorted(made) == [TABLE_SEAT, 0, 1] and len(set(made.values())) == 3
    assert all(len(t) >= 22 for t in made.values())
    assert tokens(db, game.game_id, 2) == made
    with sqlite3.connect(db) as conn:
        assert dict(conn.execute("SELECT key, value FROM meta"))["schema_version"] == "1"
        assert conn.execute("SELECT COUNT(*) FROM phone_links").fetchone()[0] == 3
    Session.open(db).close()


def test_data_version_moves_when_another_connection_commits(tmp_path):
    db = tmp_path / "v.db"
    game = Session.create(db, ["Ann", "Bob"], Settings())
    reader = Journal(db, readonly=True)
    before = reader.data_version()
    assert reader.data_version() == before
    assert game.execute("pay ann 10").ok
    assert reader.data_version() != before
    reader.close()
    game.close()


def test_a_second_journal_in_the_process_keeps_the_first_ones_locks(tmp_path):
    """Found in issue 14's review, at a game night: the app open, the standings screen (its worker opens a
    read-only journal of its own) or the phone pages, then `banker do` in another terminal: the other process
    deleted the app's -wal file, and everything the app recorded after that was invisible to the other processes
    and lost or mixed up in the file. Opening a journal read the file's header with Python, and closing that
    descriptor dropped the process's POSIX locks, SQLite's included. Now a file the process has open is not read
    again."""
    import os
    import subprocess
    import sys

    db = tmp_path / "game.db"
    app = Session.create(db, ["Ann", "Bob"], Settings())
    assert app.execute("buy ann boardwalk").ok
    Journal(db, readonly=True).close()  # the standings worker's, or a phone feed's, journal
    other = subprocess.run(
        [sys.executable, "-m", "banker.cli.main", "do", "buy bob park place", "--db", str(db)],
        capture_output=True,
        text=True,
    )
    assert other.returncode == 0, other.stderr
    assert os.path.exists(f"{db}-wal"), "the other process took the app's write-ahead log away"
    assert app.execute("buy ann baltic").ok
    log = subprocess.run(
        [sys.executable, "-m", "banker.cli.main", "log", "--db", str(db)], capture_output=True, text=True
    )
    assert [line.split()[2:5] for line in log.stdout.splitlines()] == [
        ["buy", "ann", "boardwalk"],
        ["buy", "bob", "park"],
        ["buy", "ann", "baltic"],
    ], log.stdout
    app.close()
