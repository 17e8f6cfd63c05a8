"""The journal: every game and every command typed, in one plain SQLite database (docs/storage.md).

The state of a game is never stored as the truth; it is derived from the journalled actions through the rules
engine. Checkpoints (state snapshots) only make resuming fast. Each accepted command is one ``BEGIN IMMEDIATE``
transaction in WAL mode, so a killed process never leaves half a command, and two processes (the app and a CLI
command) on one database never interleave writes.

A file that is not ours (not SQLite, or SQLite with other tables and no ``meta``) is refused without writing a
byte; a newer schema is refused, never misread. ``Journal(path, readonly=True)`` opens the file read-only and
creates nothing. Every failure of the database (read-only, disk full, damaged rows) is a :class:`JournalError`
naming the file and the cause.

Every SQL statement of the app is in this package (but the backups' copying and reading, :mod:`banker.backups`),
one module a job, each importing only those listed after it:

- this module: :class:`Journal`, the game's own tables (games, players, events, checkpoints, scores, the maths
  mode), and every name callers import (``from banker.journal import Journal, EventKind, ...``);
- :mod:`~banker.journal.phones`: the phone pages' tables (links, requests, settings, pages);
- :mod:`~banker.journal.database`: the file opened, its write transaction, closed;
- :mod:`~banker.journal.files`: the checks on a file before SQLite touches it;
- :mod:`~banker.journal.schema`: the tables' names and ``CREATE`` statements, the schema version;
- :mod:`~banker.journal.rows`: the frozen rows reads return; :mod:`~banker.journal.errors`: failures in words.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from banker.journal import schema
from banker.journal.errors import JournalError, NoDatabase, NoGame, cause, damaged, read_failure, reading
from banker.journal.files import _file_key, _marker
from banker.journal.phones import REQUESTS_KEPT, PhoneTables
from banker.journal.rows import (
    Added,
    Checkpoint,
    CheckpointMark,
    EventKind,
    EventRow,
    FinishedScore,
    GameListing,
    GameRow,
    LogRow,
    RequestRow,
    RequestStatus,
    ScoreRow,
    now,
)
from banker.journal.schema import (
    APP_ID,
    LINKS,
    MATHS,
    PAGES,
    PHONE_SETTINGS,
    REQUESTS,
    SCHEMA_VERSION,
    SQLITE_HEADER,
    TABLE_SEAT,
)

__all__ = [
    "APP_ID",
    "LINKS",
    "MATHS",
    "PAGES",
    "PHONE_SETTINGS",
    "REQUESTS",
    "REQUESTS_KEPT",
    "SCHEMA_VERSION",
    "SQLITE_HEADER",
    "TABLE_SEAT",
    "Added",
    "Checkpoint",
    "CheckpointMark",
    "EventKind",
    "EventRow",
    "FinishedScore",
    "GameListing",
    "GameRow",
    "Journal",
    "JournalError",
    "LogRow",
    "NoDatabase",
    "NoGame",
    "RequestRow",
    "RequestStatus",
    "ScoreRow",
    "_IntsText",
    "_file_key",
    "_marker",
    "cause",
    "damaged",
    "now",
]


class Journal(PhoneTables):
    """One open database and the game's tables in it. Reads are plain queries; every write goes through
    :meth:`write`. ``now`` is looked up in this module when an event or a game is written, so a test can fix the
    clock (``banker.journal.now``)."""

    def __init__(self, path: str | Path, create: bool = True, readonly: bool = False) -> None:
        """Open (``create``: or create) the database at ``path``. ``readonly``: open it read-only and create
        nothing (no file, no directory, no schema); an empty file reads as a database with no games."""
        self._stack_texts: dict[int, _IntsText] = {}
        """Each game's undo stack as the last checkpoint wrote it (:meth:`add_checkpoint`)."""
        super().__init__(path, create, readonly)

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

    @reading
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

    @reading
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

    @reading
    def latest_game(self, unfinished: bool = False) -> int | None:
        where = "WHERE over = 0" if unfinished else ""  # i18n-exempt: SQL
        row = self.conn.execute(f"SELECT id FROM games {where} ORDER BY updated DESC, id DESC LIMIT 1").fetchone()
        return None if row is None else int(row[0])

    # Events ------------------------------------------------------------------------------------------------
    @reading
    def last_seq(self, game_id: int) -> int:
        row = self.conn.execute("SELECT MAX(seq) FROM events WHERE game = ?", (game_id,)).fetchone()
        return int(row[0] or 0)

    @reading
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
            "seq, time, kind, text, action, target, summary"  # i18n-exempt: SQL
            if with_actions
            else "seq, time, kind, text, NULL, target, summary"  # i18n-exempt: SQL
        )
        # i18n-exempt: SQL
        until, args = ("", (game_id, after)) if upto is None else (" AND seq <= ?", (game_id, after, upto))
        try:
            cursor = self.conn.execute(
                f"SELECT {cols} FROM events WHERE game = ? AND seq > ?{until} ORDER BY seq", args
            )
            while rows := cursor.fetchmany(500):
                for r in rows:
                    yield EventRow(r[0], r[1], EventKind(r[2]), r[3], json.loads(r[4]) if r[4] else None, r[5], r[6])
        except (sqlite3.Error, ValueError, TypeError) as e:
            raise read_failure(self.path, e) from None

    @reading
    def steps(self, game_id: int, upto: int | None, after: int = 0) -> list[tuple[int, EventKind, int | None]]:
        """The kind and target of each event after ``after`` up to ``upto`` (None: the last), oldest first: what the
        undo and redo stacks after it follow from (:func:`banker.timeline.stacks_after`), without the actions."""
        rows = self.conn.execute(
            "SELECT seq, kind, target FROM events WHERE game = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (game_id, after, upto if upto is not None else 2**62),
        ).fetchall()
        return [(seq, EventKind(kind), target) for seq, kind, target in rows]

    @reading
    def event(self, game_id: int, seq: int) -> EventRow | None:
        """One event, without its action (``action`` is None), or None if the game has no such event."""
        row = self.conn.execute(
            "SELECT seq, time, kind, text, target, summary FROM events WHERE game = ? AND seq = ?", (game_id, seq)
        ).fetchone()
        return None if row is None else EventRow(row[0], row[1], EventKind(row[2]), row[3], None, row[4], row[5])

    @reading
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

    @reading
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

    @reading
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

    @reading
    def latest_checkpoint(self, game_id: int) -> Checkpoint | None:
        row = self.conn.execute(
            "SELECT seq, idx, last, state, stack, redo FROM checkpoints WHERE game = ? AND "
            "stack IS NOT NULL ORDER BY seq DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        return None if row is None else _checkpoint(row)

    @reading
    def checkpoint_at(self, game_id: int, seq: int) -> CheckpointMark | None:
        """The newest snapshot taken at or before event ``seq`` (None: there is none)."""
        row = self.conn.execute(
            "SELECT seq, idx, last FROM checkpoints WHERE game = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
            (game_id, seq),
        ).fetchone()
        return None if row is None else CheckpointMark(*row)

    @reading
    def checkpoints_below(self, game_id: int, idx: int) -> list[CheckpointMark]:
        """The snapshots with at most ``idx`` effective actions, best (largest, then newest) first."""
        rows = self.conn.execute(
            "SELECT seq, idx, last FROM checkpoints WHERE game = ? AND idx <= ? ORDER BY idx DESC, seq DESC",
            (game_id, idx),
        ).fetchall()
        return [CheckpointMark(*row) for row in rows]

    @reading
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

    @reading
    def scores(self, game_id: int) -> list[ScoreRow]:
        rows = self.conn.execute(
            "SELECT game, name, rank, total, cash, deeds, mortgaged, buildings, winner FROM scores WHERE game = ? "
            "ORDER BY rank, name",
            (game_id,),
        ).fetchall()
        return [ScoreRow(*row) for row in rows]

    @reading
    def finished_scores(self) -> list[FinishedScore]:
        """The final standings of every finished game (``games.over``), by game, then rank: the leaderboard's
        data."""
        rows = self.conn.execute(
            "SELECT s.game, s.name, s.rank, s.winner, g.winner FROM scores s JOIN games g "
            "ON g.id = s.game WHERE g.over ORDER BY s.game, s.rank"
        ).fetchall()
        return [FinishedScore(*row) for row in rows]

    # Maths mode ------------------------------------------------------------------------------------------------
    @reading
    def maths_seats(self, game_id: int) -> set[int]:
        """The seats of the game's players in maths mode (empty when none, or the table was never made)."""
        if not schema.has_table(self.conn, MATHS):
            return set()
        return {row[0] for row in self.conn.execute(f"SELECT seat FROM {MATHS} WHERE game = ?", (game_id,))}

    def set_maths(self, game_id: int, seat: int, on: bool) -> None:
        """Turn the maths mode on or off for one seat (creating the table if missing: an addition schema 1
        databases take as they are)."""
        with self.write() as conn:
            schema.create_maths(conn)
            if on:
                conn.execute(f"INSERT OR IGNORE INTO {MATHS} (game, seat) VALUES (?, ?)", (game_id, seat))
            else:
                conn.execute(f"DELETE FROM {MATHS} WHERE game = ? AND seat = ?", (game_id, seat))

    def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version``: changes when another connection committed since the last call; a
        cheap way to notice another process's commands without querying the events."""
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])


_LOG_COLUMNS = "seq, time, text, kind, summary, target, json_extract(action, '$.verb')"  # i18n-exempt: SQL


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
