"""Crash safety: a child process journals commands in a loop and is killed with SIGKILL at random moments.

After every kill the database must pass ``PRAGMA integrity_check``, hold every command the child reported as
committed (it reports each seq through a pipe only after ``execute`` returned), hold no gap or half-written
command, and replay to a consistent state (money invariant, contiguous seqs).
"""

import os
import random
import signal
import sqlite3
import struct
import sys
import time

import pytest

from banker.session import Session
from rules import Settings
from tests.kit.conservation import conserved
from tests.kit.skips import platform_only

KILLS = 200
CYCLE = ["pay ann 1", "collect ann 1", "undo", "redo", "pay bob 2", "collect bob 2", "buy cy park place", "undo"]

pytestmark = [pytest.mark.slow, platform_only(sys.platform != "win32", "needs os.fork")]


def _child(db: str, fd: int) -> None:
    try:
        s = Session.open(db)
        i = s.last_seq
        while True:
            line = CYCLE[i % len(CYCLE)]
            reply = s.execute(line)
            if not reply.ok:
                os.write(fd, struct.pack("<q", -1))
                break
            i += 1
            os.write(fd, struct.pack("<q", s.last_seq))
    finally:
        os._exit(0)


def _drain(fd: int) -> list[int]:
    data = b""
    while True:
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        data += chunk
    n = len(data) // 8
    return list(struct.unpack(f"<{n}q", data[: n * 8]))


def test_sigkill_never_loses_or_half_applies(tmp_path):
    db = str(tmp_path / "crash.db")
    Session.create(db, ["Ann", "Bob", "Cy"], Settings()).close()
    # The parser and the engine load on a session's first command (some 30 ms, as long as the longest wait before a
    # kill): load them here, so every child starts committing at once whatever ran before in this process.
    Session.prepare()
    rng = random.Random(4)
    reported_max = 0
    for _ in range(KILLS):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            _child(db, w)
        os.close(w)
        time.sleep(rng.uniform(0, 0.03))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        seqs = _drain(r)
        os.close(r)
        assert -1 not in seqs, "the child's command was refused: the cycle must always be valid"
        if seqs:
            assert seqs == sorted(seqs)
            reported_max = max(reported_max, seqs[-1])
        conn = sqlite3.connect(db)
        try:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            stored = [row[0] for row in conn.execute("SELECT seq FROM events ORDER BY seq")]
        finally:
            conn.close()
        assert stored == list(range(1, len(stored) + 1)), "a gap or duplicate in the journal"
        assert len(stored) >= reported_max, "a command reported as committed was lost"
        with Session.open(db) as s:  # replays: every stored command is whole and valid
            st = s.state
            assert conserved(st)
            assert s.last_seq == len(stored)
    assert reported_max > 0


def test_two_processes_writing_at_once_lose_nothing(tmp_path):
    db = str(tmp_path / "two.db")
    Session.create(db, ["Ann", "Bob", "Cy"], Settings()).close()
    pids = []
    for who in ("ann", "bob"):
        pid = os.fork()
        if pid == 0:
            ok = True
            try:
                with Session.open(db) as s:
                    for i in range(60):
                        ok &= s.execute(f"pay {who} {i + 1}" if i % 2 == 0 else f"collect {who} {i}").ok
            finally:
                os._exit(0 if ok else 1)
        pids.append(pid)
    for pid in pids:
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0, "a command was refused or failed"
    with Session.open(db) as s:
        assert s.last_seq == 120
        assert s.state.player("Ann").cash == s.state.player("Bob").cash == 1500
        texts = [e.text for e in s.log()]
        assert sorted(texts) == sorted(
            [f"pay {w} {i + 1}" if i % 2 == 0 else f"collect {w} {i}" for w in ("ann", "bob") for i in range(60)]
        )
