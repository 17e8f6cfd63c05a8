"""Figures for the standings and exports on a long game: building the report, replaying the history for the chart
(worth of every player after every action), rendering each format and writing the QR code.

Run: /tmp/venv/bin/python bench/bench_exports.py [ACTIONS]   (prints figures; asserts nothing about time)
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from timing import timings

import rules
from banker.reports.files import write_qr
from banker.reports.formats import KEYS as FORMATS
from banker.reports.formats import render
from banker.reports.report import report
from banker.reports.story import story_from_history
from banker.session import Session


def timed(label: str, fn, repeat: int = 1):
    result, times = timings(fn, repeat)
    per = sum(times) / repeat
    print(f"{label:<44} {per * 1000:9.1f} ms")
    return result


def main(actions: int = 2000) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        session = Session.create(db, ["Ann", "Bob", "Cy", "Dee"], rules.Settings(variant="standard"))
        for line in (
            "buy ann boardwalk",
            "buy ann park place",
            "buy bob reading",
            "buy cy baltic",
            "buy dee mediterranean",
        ):
            assert session.execute(line).ok, line
        cycle = [
            "go bob",
            "rent bob boardwalk",
            "go cy",
            "rent cy park place",
            "go ann",
            "rent ann reading",
            "go dee",
            "rent dee baltic",
            "go cy",
            "rent ann mediterranean",
        ]
        start = time.perf_counter()
        done = 5
        while done < actions:
            reply = session.execute(cycle[done % len(cycle)])
            assert reply.ok, reply.message
            done += 1
        assert session.execute("end").ok  # over: the report reads the end time from the log
        print(f"game of {done} actions journalled in {time.perf_counter() - start:.1f} s (Session, not exports)")
        rep = timed("report(session)", lambda: report(session), 5)
        history = timed("session.history() (replay from the journal)", session.history, 3)
        timed(
            "story_from_history (worth after every action)",
            lambda: story_from_history(session.state, history),
            3,
        )
        for fmt in FORMATS:
            timed(f"render {fmt}", lambda fmt=fmt: render(rep, fmt), 20)
        timed("write_qr (SVG + PNG)", lambda: write_qr(rep, Path(tmp) / "qr"), 5)
        session.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
