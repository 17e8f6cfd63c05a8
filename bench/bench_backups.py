"""Benchmark the backups (docs/storage.md, "Backups"): what a copy costs, and that the app's launch and keys do not
wait for it.

1. One backup (``banker.backups.back_up``) of a family's database (years of games) and of a large one: median ms,
   and MB per second.
2. Launch to the first frame of the table on the large database, with the launch backup (a copy made, the backups
   folder emptied before each launch) and with backups turned off, each launch in a fresh interpreter, headless,
   alternating, median of N; the ratio of the two. The copy starts once the first screen is drawn, in a thread
   worker: the first frame does not wait for it. Also how long after the first frame the copy was done.
3. Key press to updated balances (Enter in the rent dialog) while a backup of the large database runs in the app's
   worker, against the same with no backup running: medians and their ratio.

Run: ``python bench/bench_backups.py [--games 2000] [--runs 5] [--rents 30]``. Prints figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import rent_dialog_enter, timings

CYCLE = ["rent bob boardwalk", "rent ann reading", "go ann", "go bob", "pay ann 10", "collect bob 10"]
EVENTS = 300
"""Journal entries of each game: about an evening's."""


def build(db: Path, games: int) -> None:
    """``games`` games of :data:`EVENTS` entries each: one played through a session (unfinished, so the app opens
    it), the others copies of it made in SQL (playing each would take minutes)."""
    from banker.session import Session
    from rules import Settings

    with Session.create(db, ["ann", "bob", "cat"], Settings()) as session:
        for line in ("buy ann boardwalk", "buy bob reading"):
            assert session.execute(line).ok
        i = 0
        while session.last_seq < EVENTS:
            assert session.execute(CYCLE[i % len(CYCLE)]).ok
            i += 1
    conn = sqlite3.connect(db)
    with conn:
        for _ in range(games - 1):
            new = conn.execute(
                "INSERT INTO games (created, updated, variant, edition, settings, over, winner) "
                "SELECT created, '2000-01-01T00:00:00.000+00:00', variant, edition, settings, 1, winner FROM games "
                "WHERE id = 1"
            ).lastrowid
            for table, columns in (
                ("players", "seat, name, token"),
                ("events", "seq, time, kind, text, action, target, summary"),
                ("checkpoints", "seq, idx, last, state, stack, redo"),
            ):
                conn.execute(
                    f"INSERT INTO {table} (game, {columns}) SELECT ?, {columns} FROM {table} WHERE game = 1", (new,)
                )
    conn.close()


def megabytes(db: Path) -> float:
    return db.stat().st_size / 1024 / 1024


def one_backup(db: Path, repeat: int) -> float:
    """Median seconds of one backup (the folder emptied each time, as the first backup of a launch)."""
    from banker import backups

    def copy() -> None:
        shutil.rmtree(backups.folder(db), ignore_errors=True)
        assert backups.back_up(db) is not None

    _, times = timings(copy, repeat)
    return statistics.median(times)


CHILD = r"""
import sys, time
start, db, on = float(sys.argv[1]), sys.argv[2], sys.argv[3] == "on"
import banker.tui.app
from banker.tui.screens.table import TableScreen
from textual.app import App

banker.tui.app.BankerApp.backups = on
real_run = banker.tui.app.run
banker.tui.app.run = lambda path, **options: real_run(path, headless=True, size=(120, 40))
first, copied = [], []
display = App._display
back_up = banker.tui.app.BankerApp._back_up

def _back_up(self, path):
    back_up(self, path)
    copied.append(time.time() - start)

def _display(self, screen, renderable):
    if renderable is not None and not first and isinstance(screen, TableScreen):
        first.append(time.time() - start)
        self.call_later(self.exit)
    return display(self, screen, renderable)

App._display = _display
banker.tui.app.BankerApp._back_up = _back_up
from banker.cli.main import main

main(["--db", db])
print(first[0], copied[0] if copied else 0.0)
"""


def launch(db: Path, on: bool) -> tuple[float, float]:
    """Seconds to the first frame and to the end of the launch backup (0: none), from just before the process."""
    from banker import backups

    shutil.rmtree(backups.folder(db), ignore_errors=True)
    args = [sys.executable, "-c", CHILD, repr(time.time()), str(db), "on" if on else "off"]
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"launch failed:\n{out.stderr}")
    first, copied = out.stdout.split()
    if on:
        assert backups.listing(db), "the launch made no backup"
    return float(first), float(copied)


async def rents(db: Path, backing_up: bool, count: int) -> list[float]:
    """Rent dialog Enter to updated balances, ``count`` times; ``backing_up``: each while a backup of the database
    runs in the app's worker (one is started whenever none runs; a rent that did not begin and end inside one is
    not counted)."""
    from banker import backups
    from banker.tui.app import make_app

    shutil.rmtree(backups.folder(db), ignore_errors=True)
    app = make_app(db)
    app.backups = backing_up

    def copying() -> bool:
        return any(w.group == "backups" and not w.is_finished for w in app.workers)

    times = []
    async with app.run_test(size=(120, 40)) as pilot:
        card = app.screen.query_one("#player-1")
        while len(times) < count:
            if backing_up and not copying():
                app.back_up()
            app.session.execute("turn bob")
            began = copying()
            took = await rent_dialog_enter(app, pilot, card)
            if began == copying() == backing_up:
                times.append(took)
            await pilot.press("escape")
            await pilot.pause()
        await app.workers.wait_for_complete()
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rents", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        family, large = Path(tmp) / "family" / "banker.db", Path(tmp) / "large" / "banker.db"
        t = time.perf_counter()
        for db, games in ((family, 100), (large, args.games)):
            db.parent.mkdir()
            build(db, games)
        print(f"built the databases in {time.perf_counter() - t:.1f} s")
        for label, db, games in (("family", family, 100), ("large", large, args.games)):
            took = one_backup(db, args.runs)
            print(
                f"one backup, {label} database ({games} games of {EVENTS} entries, {megabytes(db):.0f} MB): "
                f"median {took * 1000:.0f} ms, {megabytes(db) / took:.0f} MB/s"
            )
        on, off = [], []
        launch(large, True)  # warm-up: the OS file cache, the bytecode
        for _ in range(args.runs):
            on.append(launch(large, True))
            off.append(launch(large, False))
        first_on, first_off = statistics.median(f for f, _ in on), statistics.median(f for f, _ in off)
        done = statistics.median(c - f for f, c in on)
        print(
            f"launch to first frame, large database, median of {args.runs}: with the launch backup "
            f"{first_on * 1000:.0f} ms, backups off {first_off * 1000:.0f} ms, ratio {first_on / first_off:.2f}; "
            f"the copy was done {done * 1000:.0f} ms after the first frame"
        )
        during = asyncio.run(rents(large, True, args.rents))
        quiet = asyncio.run(rents(large, False, args.rents))
        a, b = statistics.median(during), statistics.median(quiet)
        print(
            f"rent dialog Enter to updated balances, large database, median of {args.rents}: {a * 1000:.1f} ms "
            f"while a backup runs, {b * 1000:.1f} ms with none, ratio {a / b:.2f}"
        )


if __name__ == "__main__":
    main()
