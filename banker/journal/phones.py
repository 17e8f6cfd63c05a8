"""What the phone pages keep in the journal (docs/storage.md, docs/phones.md): the links' tokens, the players'
requests, whether a game's phones may ask, and where its pages were last served. Each table is an addition a
schema 1 database takes as it is (:mod:`banker.journal.schema`), so every read first asks whether it is there."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from banker.journal import schema
from banker.journal.database import Database
from banker.journal.errors import reading
from banker.journal.rows import Added, RequestRow, RequestStatus, now
from banker.journal.schema import LINKS, PAGES, PHONE_SETTINGS, REQUESTS

_REQUEST_COLUMNS = "n, game, seat, rid, time, line, status, seq, reason, updated"  # i18n-exempt: SQL
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


_PENDING = "status IN ('pending', 'expired')"  # i18n-exempt: SQL
"""The SQL condition for a pending request (``expired``: what earlier versions stored when a game ended)."""


class PhoneTables(Database):
    """The phone pages' tables on a :class:`~banker.journal.database.Database` (:class:`banker.journal.Journal`
    adds the game's own). A request is stored once, read within bounds, and marked recorded inside the transaction
    that journals its entry (:meth:`claim_request`)."""

    def __init__(self, path: str | Path, create: bool = True, readonly: bool = False) -> None:
        self._asked_columns = False
        """``phone_requests`` has the columns added after it first shipped (seen once: columns are only added)."""
        self._requests_ready = False
        """``phone_requests`` and its indexes are as this version writes them (:meth:`_create_requests`)."""
        super().__init__(path, create, readonly)

    # Phone links ---------------------------------------------------------------------------------------------
    @reading
    def phone_links(self, game_id: int) -> dict[int, str]:
        """The phone pages' link tokens of a game by seat (:data:`TABLE_SEAT` for the table page); empty when
        none were made (or the database predates the ``phone_links`` table)."""
        if not schema.has_table(self.conn, LINKS):
            return {}
        rows = self.conn.execute(f"SELECT seat, token FROM {LINKS} WHERE game = ?", (game_id,)).fetchall()
        return {int(seat): str(token) for seat, token in rows}

    def add_phone_links(self, game_id: int, tokens: dict[int, str]) -> dict[int, str]:
        """Store link tokens for the seats that have none yet (creating the ``phone_links`` table if missing: an
        addition schema 1 databases take as they are), and return every token of the game."""
        with self.write() as conn:
            schema.create_links(conn)
            conn.executemany(
                f"INSERT OR IGNORE INTO {LINKS} (game, seat, token) VALUES (?, ?, ?)",
                [(game_id, seat, token) for seat, token in tokens.items()],
            )
        return self.phone_links(game_id)

    # Phone requests ------------------------------------------------------------------------------------------
    def _has_requests(self) -> bool:
        return schema.has_table(self.conn, REQUESTS)

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
        schema.create_requests(conn)

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

    @reading
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

    @reading
    def request_by_id(self, game_id: int, seat: int, rid: str) -> RequestRow | None:
        """The request a seat's phone sent with id ``rid`` (one indexed row), or None."""
        if not self._has_requests():
            return None
        row = self.conn.execute(
            f"SELECT {self._request_columns()} FROM {REQUESTS} WHERE game = ? AND seat = ? AND rid = ?",
            (game_id, seat, rid),
        ).fetchone()
        return None if row is None else _request(row)

    @reading
    def requests(
        self, game_id: int, seat: int | None = None, status: RequestStatus | None = None, limit: int | None = None
    ) -> list[RequestRow]:
        """A game's phone requests, oldest first (``seat``, ``status``: only those; ``limit``: only the newest)."""
        if not self._has_requests():
            return []
        where, args = "game = ?", list[object]([game_id])
        if seat is not None:
            where, args = where + " AND seat = ?", [*args, seat]  # i18n-exempt: SQL
        if status is RequestStatus.PENDING:
            where += f" AND {_PENDING}"  # i18n-exempt: SQL
        elif status is not None:
            where, args = where + " AND status = ?", [*args, status.value]  # i18n-exempt: SQL
        tail = f" LIMIT {int(limit)}" if limit is not None else ""  # i18n-exempt: SQL
        rows = self.conn.execute(
            f"SELECT {self._request_columns()} FROM {REQUESTS} WHERE {where} ORDER BY n DESC{tail}", args
        ).fetchall()
        return [_request(r) for r in reversed(rows)]

    @reading
    def request(self, n: int) -> RequestRow | None:
        if not self._has_requests():
            return None
        row = self.conn.execute(f"SELECT {self._request_columns()} FROM {REQUESTS} WHERE n = ?", (n,)).fetchone()
        return None if row is None else _request(row)

    @reading
    def requests_mark(self, game_id: int) -> tuple[int, str]:
        """Changes when a request of the game is added or changes status: (count, newest update); both read from
        the ``(game, updated)`` index alone."""
        if not self._has_requests():
            return (0, "")
        count, newest = self.conn.execute(
            f"SELECT COUNT(*), MAX(updated) FROM {REQUESTS} WHERE game = ?", (game_id,)
        ).fetchone()
        return (int(count), newest or "")

    @reading
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
            where, args = f"n = ? AND {_PENDING}", [n]  # i18n-exempt: SQL
            if seat is not None:
                where, args = where + " AND seat = ?", [*args, seat]  # i18n-exempt: SQL
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
            schema.create_phone_settings(conn)
            conn.execute(f"INSERT OR REPLACE INTO {PHONE_SETTINGS} (game, ask) VALUES (?, ?)", (game_id, int(ask)))

    @reading
    def phones_ask(self, game_id: int) -> bool | None:
        """The game's stored choice (None: none was stored; the setting in config.toml decides)."""
        if not schema.has_table(self.conn, PHONE_SETTINGS):
            return None
        row = self.conn.execute(f"SELECT ask FROM {PHONE_SETTINGS} WHERE game = ?", (game_id,)).fetchone()
        return None if row is None else bool(row[0])

    @reading
    def pages_port(self, game_id: int) -> int | None:
        """The port a game's phone pages were last turned on at in the app, or None (never turned on, or a
        database that predates the ``phone_pages`` table)."""
        place = self.pages_place(game_id)
        return None if place is None else place[1]

    @reading
    def pages_place(self, game_id: int) -> tuple[str | None, int] | None:
        """The host their links named and the port a game's phone pages were last turned on at in the app, or
        None (never turned on); the host is None when an earlier version remembered the port only."""
        if not schema.has_table(self.conn, PAGES):
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
            schema.create_pages(conn)
            conn.execute(f"INSERT OR REPLACE INTO {PAGES} (game, port, host) VALUES (?, ?, ?)", (game_id, port, host))
