"""Benchmark the app: start-up with a long game, and key press to updated balances for a rent.

1. Launch to the first frame of the table with a 2,000-event game, as a ratio to a bare Textual app that shows
   one line, both measured in this one run the same way: each launch in a fresh interpreter, headless, timed from
   just before the process starts to the first frame the compositor renders for the screen (for Banker: the table,
   checked to show every player's balance); median of N alternating launches after a warm-up. Banker starts
   through ``banker.cli.main.main(["--db", PATH])``, the ``banker`` command's entry point, with the app made
   headless. The game was last closed by a session that recorded its commands, as after a game night's quit
   (so it resumes from a checkpoint). Its command line, button bar and footer keys are mounted just after that
   first frame (their rows are reserved in it). Measured with bytecode cached (as an installed app runs) and,
   when this environment disables it, also without. Target: < 1.5.
2. Key press to updated balances for a rent (press Enter in the rent dialog -> the player's cash on screen
   changed), median over many rents in a pilot session. Target: under 16 ms.

Run: ``/tmp/venv/bin/python bench/bench_app.py [--events 2000] [--runs 7] [--rents 60]``. Prints figures only;
``--rents 0`` times the launch only.
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

from timing import percentile, rent_dialog_enter, until_changed

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
from textual.app import App

if kind == "bare":
    from textual.screen import Screen
    from textual.widgets import Static

    class Bare(App):
        def compose(self):
            yield Static("one line")

    app = Bare()
    target = Screen
else:
    import banker.tui.app
    from banker.tui.screens.table import TableScreen

    target = TableScreen
    real_run = banker.tui.app.run
    # What `banker --db PATH` runs, made headless at a fixed size.
    banker.tui.app.run = lambda path, **options: real_run(path, headless=True, size=(120, 40))

first = []
display = App._display

def _display(self, screen, renderable):
    # The first frame the compositor renders for the target screen, the same hook for both apps.
    if renderable is not None and not first and isinstance(screen, target):
        first.append(time.time() - start)
        if kind == "banker":
            # Honest only if that frame already shows every player's balance (and not an empty table).
            state = self.session.state
            for i, p in enumerate(state.players):
                assert screen.query_one(f"#player-{i}").cash == state.money(p.cash), "balances not shown"
        self.call_later(self.exit)
    return display(self, screen, renderable)

App._display = _display
if kind == "bare":
    app.run(headless=True, size=(120, 40))
else:
    from banker.cli.main import main  # the `banker` console script's entry point

    main(["--db", sys.argv[3]])
print(first[0])
"""


def launch(kind: str, db: Path | None, env: dict[str, str]) -> float:
    args = [sys.executable, "-c", CHILD, kind, repr(time.time())] + ([str(db)] if db else [])
    out = subprocess.run(args, capture_output=True, text=True, env=env)
    if out.returncode:
        raise SystemExit(f"{kind} launch failed:\n{out.stderr}")
    return float(out.stdout.strip().splitlines()[-1])


def launches(db: Path, runs: int, env: dict[str, str]) -> tuple[list[float], list[float]]:
    """One warm-up launch of each (fills the OS file cache and, when allowed, the bytecode cache), then ``runs``
    launches of each, alternating, so a busy machine slows both alike."""
    launch("bare", None, env)
    launch("banker", db, env)
    bare, banker = [], []
    for _ in range(runs):
        bare.append(launch("bare", None, env))
        banker.append(launch("banker", db, env))
    return bare, banker


async def rent_latency(db: Path, rents: int) -> tuple[list[float], list[float]]:
    """Post the Enter key straight to the app (no pilot waits) and time until bob's cash on screen changes:
    once confirming the rent dialog, once submitting a typed ``rent bob boardwalk`` on the command line."""
    from textual import events

    from banker.tui.app import make_app

    app = make_app(db)
    dialog, typed = [], []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen
        card = table.query_one("#player-1")
        for _ in range(rents):
            app.session.execute("turn bob")
            dialog.append(await rent_dialog_enter(app, pilot, card))
            await pilot.pause()
            line = table.query_one("#command")
            line.focus()
            line.value = "rent bob boardwalk"
            await pilot.pause()
            before = card.cash
            t = time.perf_counter()
            app.post_message(events.Key("enter", "\r"))
            await until_changed(card, before)
            typed.append(time.perf_counter() - t)
            await pilot.press("escape")
            await pilot.pause()
    return dialog, typed


def bytecode_env(tmp: str) -> dict[str, str]:
    """Python writes and reuses compiled bytecode, in a private cache so no ``__pycache__`` lands in the tree."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
    return env


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--rents", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["BANKER_DATA_DIR"] = tmp
        db = Path(tmp) / "bench.db"
        t = time.perf_counter()
        build_game(db, args.events)
        print(f"built a {args.events}-event game in {time.perf_counter() - t:.1f} s")
        modes = [("compiled bytecode cached, as an installed app runs", bytecode_env(tmp))]
        if os.environ.get("PYTHONDONTWRITEBYTECODE"):
            modes.append(("no bytecode cache (PYTHONDONTWRITEBYTECODE is set here)", dict(os.environ)))
        for label, env in modes:
            bare, banker = launches(db, args.runs, env)
            b, k = statistics.median(bare), statistics.median(banker)
            print(
                f"launch to first frame ({label}), median of {args.runs}: bare Textual app {b * 1000:.0f} ms, "
                f"Banker with {args.events} events {k * 1000:.0f} ms, ratio {k / b:.2f} (target < 1.5)"
            )
        if not args.rents:
            return
        dialog, typed = asyncio.run(rent_latency(db, args.rents))
        for name, times in (("rent dialog Enter", dialog), ("typed command Enter", typed)):
            print(
                f"key press to updated balances, {name}: median {statistics.median(times) * 1000:.1f} ms, "
                f"p90 {percentile(times, 0.9) * 1000:.1f} ms over {len(times)} rents "
                "(target < 16 ms)"
            )


if __name__ == "__main__":
    main()
