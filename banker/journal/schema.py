"""The journal's tables (docs/storage.md): their names, the schema version, and every ``CREATE`` statement.

The tables of schema 1 (``meta``, ``games``, ``players``, ``events``, ``checkpoints``, ``scores``) are made
when a database is created. The phones' tables and the maths mode's are additions a schema 1 database takes as it
is: each is made the first time it is written, so a database without it is still schema 1 and an older Banker
ignores it.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import sqlite_utils

SCHEMA_VERSION = 1
APP_ID = "banker"
SQLITE_HEADER = b"SQLite format 3\x00"
LINKS = "phone_links"
"""The phone pages' link tokens (docs/storage.md): created when the banker first turns the pages on for a game."""
MATHS = "maths_players"
"""The players of a game who work out their payments first (the maths mode): a table added on first use, as the
phone links' is."""
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


def has_table(conn: sqlite3.Connection, name: str) -> bool:
    """The database has the table ``name`` (one of the additions above may not be there yet)."""
    return bool(conn.execute(f"SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '{name}'").fetchone())


def create(db: sqlite_utils.Database, conn: sqlite3.Connection) -> None:
    """Schema 1, inside the caller's write transaction (``db``: sqlite-utils on ``conn``)."""
    db.table("meta").create({"key": str, "value": str}, pk="key", if_not_exists=True)
    # Plain SQL inside our transaction: sqlite-utils' insert helpers commit on their own.
    conn.executemany(
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
    conn.execute("CREATE INDEX IF NOT EXISTS checkpoints_idx ON checkpoints (game, idx)")


def create_links(conn: sqlite3.Connection) -> None:
    conn.execute(
        f"CREATE TABLE IF NOT EXISTS {LINKS} (game INTEGER NOT NULL REFERENCES games(id), "
        "seat INTEGER NOT NULL, token TEXT NOT NULL UNIQUE, PRIMARY KEY (game, seat))"
    )


def create_requests(conn: sqlite3.Connection) -> None:
    """``phone_requests``, its later columns and its indexes, where missing (an older Banker reads and writes the
    columns it knows)."""
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


def create_phone_settings(conn: sqlite3.Connection) -> None:
    conn.execute(
        f"CREATE TABLE IF NOT EXISTS {PHONE_SETTINGS} (game INTEGER PRIMARY KEY REFERENCES games(id), "
        "ask INTEGER NOT NULL)"
    )


def create_pages(conn: sqlite3.Connection) -> None:
    """``phone_pages`` and its ``host`` column (added after it first shipped), where missing."""
    conn.execute(
        f"CREATE TABLE IF NOT EXISTS {PAGES} (game INTEGER PRIMARY KEY REFERENCES games(id), "
        "port INTEGER NOT NULL, host TEXT)"
    )
    if "host" not in {row[1] for row in conn.execute(f"PRAGMA table_info({PAGES})")}:
        conn.execute(f"ALTER TABLE {PAGES} ADD COLUMN host TEXT")


def create_maths(conn: sqlite3.Connection) -> None:
    conn.execute(
        f"CREATE TABLE IF NOT EXISTS {MATHS} (game INTEGER NOT NULL REFERENCES games(id), "
        "seat INTEGER NOT NULL, PRIMARY KEY (game, seat))"
    )
