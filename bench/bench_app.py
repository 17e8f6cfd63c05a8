"""Benchmark the app: start-up with a long game, and key press to updated balances for a rent.

1. Launch to the first frame of the table with a 2,000-event game, as a ratio to a bare Textual app that shows
   one line, both measured in this one run (each in a fresh interpreter, headless; best of N). Target: under 1.5.
2. Key press to updated balances for a rent (press Enter in the rent dialog -> the player's cash on screen
   changed), median over many rents in a pilot session. Target: under 16 ms.

Run: ``/tmp/venv/bin/python bench/bench_app.py [--events 2000] [--runs 5] [--rents 60]``. Prints figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CYCLE = ["rent bob boardwalk", "rent ann reading", "go ann", "go bob", "pay ann 10", "collect bob 10"]


def build_game(db: Path, events: int) -> None:
    """A standard game with ``events`` journal events: a few buys, then rents, salaries and payments."""
    from banker.session import Session
    from rules import Settings

    session = Session.create(db, ["ann", "bob", "cat"], Settings())
    for line in ("buy ann boardwalk", "buy bob reading"):
        assert session.execute(line).ok
    i = 0
    while session.last_seq < events:
        reply = session.execute(CYCLE[i % len(CYCLE)])
        assert reply.ok, reply.message
        i += 1
    session.close()


CHILD = r"""
import sys, time
start = float(sys.argv[2])
kind = sys.argv[1]
if kind == "bare":
    from textual.app import App
    from textual.widgets import Static

    class Bare(App):
        def compose(self):
            yield Static("one line")

    app = Bare()
    target = None
else:
    from pathlib import Path
    from banker.app import make_app
    from banker.screens.table import TableScreen

    app = make_app(Path(sys.argv[3]))
    target = TableScreen

async def first_frame(pilot):
    while target is not None and not isinstance(pilot.app.screen, target):
        await pilot.pause(0.001)
    await pilot.pause()
    print(time.time() - start)
    pilot.app.exit()

app.run(headless=True, auto_pilot=first_frame, size=(120, 40))
"""


def launch(kind: str, db: Path | None) -> float:
    args = [sys.executable, "-c", CHILD, kind, repr(time.time())] + ([str(db)] if db else [])
    out = subprocess.run(args, capture_output=True, text=True, env=os.environ)
    if out.returncode:
        raise SystemExit(f"{kind} launch failed:\n{out.stderr}")
    return float(out.stdout.strip().splitlines()[-1])


async def _until_changed(widget, before: str) -> None:
    while widget.value == before:
        await asyncio.sleep(0)


async def rent_latency(db: Path, rents: int) -> tuple[list[float], list[float]]:
    """Post the Enter key straight to the app (no pilot waits) and time until bob's cash on screen changes:
    once confirming the rent dialog, once submitting a typed ``rent bob boardwalk`` on the command line."""
    from textual import events

    from banker.app import make_app

    app = make_app(db)
    dialog, typed = [], []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen
        digits = table.query_one("#cash-1")
        for _ in range(rents):
            app.session.execute("turn bob")
            await pilot.press("r")
            await pilot.pause()
            app.screen.query_one("#f-deed").value = "boardwalk"
            await pilot.pause()
            before = digits.value
            t = time.perf_counter()
            app.post_message(events.Key("enter", "\r"))
            await _until_changed(digits, before)
            dialog.append(time.perf_counter() - t)
            await pilot.pause()
            line = table.query_one("#command")
            line.focus()
            line.value = "rent bob boardwalk"
            await pilot.pause()
            before = digits.value
            t = time.perf_counter()
            app.post_message(events.Key("enter", "\r"))
            await _until_changed(digits, before)
            typed.append(time.perf_counter() - t)
            await pilot.press("escape")
            await pilot.pause()
    return dialog, typed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rents", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["BANKER_DATA_DIR"] = tmp
        db = Path(tmp) / "bench.db"
        t = time.perf_counter()
        build_game(db, args.events)
        print(f"built a {args.events}-event game in {time.perf_counter() - t:.1f} s")
        bare = min(launch("bare", None) for _ in range(args.runs))
        banker = min(launch("banker", db) for _ in range(args.runs))
        print(f"launch to first frame: bare Textual app {bare * 1000:.0f} ms, Banker with {args.events} events "
              f"{banker * 1000:.0f} ms, ratio {banker / bare:.2f} (target < 1.5)")
        dialog, typed = asyncio.run(rent_latency(db, args.rents))
        for name, times in (("rent dialog Enter", dialog), ("typed command Enter", typed)):
            print(f"key press to updated balances, {name}: median {statistics.median(times) * 1000:.1f} ms, "
                  f"p90 {sorted(times)[int(len(times) * 0.9)] * 1000:.1f} ms over {len(times)} rents "
                  "(target < 16 ms)")


if __name__ == "__main__":
    main()
