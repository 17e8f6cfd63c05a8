"""A backup killed half-way (SIGKILL, as a laptop's battery or ``kill -9`` would) while another process goes on
writing the game: the database stays whole and keeps every command, the older backups are not touched, and the
half-written copy never looks like a backup (it is written under a temporary name and renamed once whole); the next
backup removes it. Every backup that was finished is a whole database whose game replays with nothing created or
lost, though commands were being committed while it was copied (WAL: the copy reads one committed snapshot)."""

from __future__ import annotations

import hashlib
import os
import random
import signal
import sqlite3
import sys
import time
from pathlib import Path

import pytest

from banker import backups
from banker.session import Session
from rules import Settings
from tests.kit.conservation import conserved
from tests.kit.skips import platform_only

KILLS = 40
CYCLE = ["pay ann 1", "collect ann 1", "pay bob 2", "collect bob 2", "undo", "redo"]

pytestmark = [pytest.mark.slow, platform_only(sys.platform != "win32", "needs os.fork and SIGKILL")]


def _grow(db: Path, copies: int) -> None:
    """Copy game 1 ``copies`` times, so that a backup takes long enough for kills to land inside it."""
    conn = sqlite3.connect(db)
    try:
        with conn:
            for _ in range(copies):
                new = conn.execute(
                    "INSERT INTO games (created, updated, variant, edition, settings, over, winner) "
                    "SELECT created, updated, variant, edition, settings, over, winner FROM games WHERE id = 1"
                ).lastrowid
                conn.execute(
                    "INSERT INTO players (game, seat, name, token) SELECT ?, seat, name, token FROM players "
                    "WHERE game = 1",
                    (new,),
                )
                conn.execute(
                    "INSERT INTO events (game, seq, time, kind, text, action, target, summary) SELECT ?, seq, time, "
                    "kind, text, action, target, summary FROM events WHERE game = 1",
                    (new,),
                )
                conn.execute(
                    "INSERT INTO checkpoints (game, seq, idx, last, state, stack, redo) SELECT ?, seq, idx, last, "
                    "state, stack, redo FROM checkpoints WHERE game = 1",
                    (new,),
                )
    finally:
        conn.close()


def _writer(db: Path) -> None:
    try:
        with Session.open(db, 1) as s:
            i = 0
            while True:
                s.execute(CYCLE[i % len(CYCLE)])
                i += 1
    finally:
        os._exit(0)


def _backing_up(db: Path, fd: int) -> None:
    try:
        while True:
            backups.back_up(db, same=True, keep=100_000)
            os.write(fd, b".")
    finally:
        os._exit(0)


def _integrity(path: Path, live: bool = False) -> str:
    uri = f"{path.resolve().as_uri()}?mode=ro" + ("" if live else "&immutable=1")
    conn = sqlite3.connect(uri, uri=True, timeout=30)
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _drain(fd: int) -> int:
    count = 0
    while chunk := os.read(fd, 65536):
        count += len(chunk)
    return count


def test_sigkill_during_a_backup_leaves_the_database_and_the_older_backups_whole(tmp_path):
    db = tmp_path / "family.db"
    with Session.create(db, ["Ann", "Bob", "Cy"], Settings()) as s:
        for i in range(300):
            assert s.execute(CYCLE[i % len(CYCLE)]).ok
    _grow(db, 60)
    Session.prepare()  # the parser and the engine, loaded before the children are forked
    older = [backups.back_up(db, same=True) for _ in range(2)]
    kept = {b.path: _digest(b.path) for b in older if b is not None}
    t = time.perf_counter()
    backups.back_up(db, same=True, keep=100_000)
    took = time.perf_counter() - t
    checked = set(kept) | {b.path for b in backups.listing(db)}

    writer = os.fork()
    if writer == 0:
        _writer(db)
    rng = random.Random(35)
    finished = interrupted = 0
    try:
        for _ in range(KILLS):
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(r)
                _backing_up(db, w)
            os.close(w)
            time.sleep(rng.uniform(0, 2.5 * took))
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            finished += _drain(r)
            os.close(r)
            interrupted += any(backups.folder(db).glob(f".*.{pid}.tmp"))
            assert _integrity(db, live=True) == "ok"
            listed = backups.listing(db)
            assert all(b.problem == "" for b in listed), [b.problem for b in listed]
            for b in listed:
                if b.path not in checked:  # each new backup once: whole, and its game replays conserved
                    checked.add(b.path)
                    assert _integrity(b.path) == "ok"
                    with Session.open(b.path, 1, readonly=True) as copy:
                        assert conserved(copy.state)
            assert {p: _digest(p) for p in kept} == kept
    finally:
        os.kill(writer, signal.SIGKILL)
        os.waitpid(writer, 0)
    assert interrupted > 0, "no kill landed inside a backup: the test proved nothing"
    assert len(checked) >= len(kept) + 1 + finished
    backups.back_up(db, same=True, keep=100_000)  # the next backup removes what the killed ones left
    assert [p.name for p in backups.folder(db).iterdir() if p.name.startswith(".")] == []
    with Session.open(db, 1) as s:
        assert s.last_seq > 300, "the writer recorded nothing while the backups ran"
        assert conserved(s.state) and s.execute("pay ann 1").ok
