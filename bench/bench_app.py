"""Benchmark the app against a bare Textual app, in one run: launch to the first frame, and a key to the frame that
shows what it changed. Each figure is printed in CPU time and wall time, and as a ratio to the bare app measured in
the same run over alternating pairs, so a busy machine slows both alike and the ratio is what to read.

1. Launch to the first frame of the table with a 2,000-event game, against a bare Textual app that shows one line:
   each launch in a fresh interpreter, headless at 120x40, from just before the process starts (wall) or from the
   interpreter's start (CPU, ``time.process_time``, which counts every thread) to the first frame the compositor
   renders for the screen (for Banker: the table, checked to show every player's balance); median of N alternating
   launches after a warm-up of each. Banker starts through ``banker.cli.main.main(["--db", PATH])``, the ``banker``
   command's entry point, which imports the app (only Textual's ``App.run`` is made headless; the hook is Textual's,
   so Textual is imported first, for both apps). The game was last closed by a session that recorded its
   commands, as after a game night's quit (so it resumes from a checkpoint), and the warm-up launch filled its cache
   directory (the code and data it keeps: docs/architecture.md) as a family's first launch does. Measured with
   bytecode cached (as an installed app runs) and, when this environment disables it, also without. Target: CPU
   ratio under 1.25, aiming for 1.1.
2. A key to the frame that shows what it changed, in one process, in rounds of alternating blocks: the bare app's
   Enter (its binding updates one line) beside Banker's Enter in the rent dialog on Mayfair (the rent recorded, the
   payer's balance changed, that frame rendered) and Enter on a typed ``rent ... mayfair``, on the UK board with 4
   and with 8 players. The key is posted straight to the app (no pilot waits); the clocks stop in the frame itself.
   Target: the rent dialog's Enter with 8 players under 5 ms of CPU and within 5x of the bare key.

Run: ``.venv/bin/python bench/bench_app.py [--events 2000] [--runs 7] [--rounds 3] [--keys 20]``. Prints figures
only; ``--keys 0`` times the launch only, ``--runs 0`` the keys only.
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
from collections.abc import Callable
from pathlib import Path

CYCLE = ["rent bob boardwalk", "rent ann reading", "go ann", "go bob", "pay ann 10", "collect bob 10"]
NAMES = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]


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


def build_uk_game(db: Path, players: int) -> None:
    """A UK game of ``players``: ann holds Park Lane and Mayfair (bob's rent is £100), the others a deed or two."""
    from banker.session import Session
    from rules.state import game_settings

    session = Session.create(db, NAMES[:players], game_settings(edition="uk"))
    lines = ["buy ann park lane", "buy ann mayfair", "buy bob old kent road", "buy cat whitechapel road"]
    lines += [
        f"buy {n} {d}"
        for n, d in zip(
            NAMES[3:players],
            ["the angel islington", "euston road", "pentonville road", "pall mall", "whitehall"][: players - 3],
            strict=True,
        )
    ]
    for line in lines:
        reply = session.execute(line)
        assert reply.ok, reply.message
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
    target = "Screen"
else:
    # What `banker --db PATH` runs, from its entry point (which imports the app itself), made headless at a fixed
    # size: the app's run, whatever app it is, is Textual's.
    target = "TableScreen"
    real_run = App.run
    App.run = lambda self, **options: real_run(self, headless=True, size=(120, 40))

first = []
display = App._display

def _display(self, screen, renderable):
    # The first frame the compositor renders for the target screen, the same hook for both apps.
    if renderable is not None and not first and type(screen).__name__ == target:
        first.append((time.time() - start, time.process_time()))
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
print(*first[0])
"""

Sample = tuple[float, float]
"""One measurement: (CPU seconds, wall seconds)."""


def launch(kind: str, db: Path | None, env: dict[str, str]) -> Sample:
    args = [sys.executable, "-c", CHILD, kind, repr(time.time())] + ([str(db)] if db else [])
    out = subprocess.run(args, capture_output=True, text=True, env=env)
    if out.returncode:
        raise SystemExit(f"{kind} launch failed:\n{out.stderr}")
    wall, cpu = map(float, out.stdout.strip().splitlines()[-1].split())
    return cpu, wall


def launches(db: Path, runs: int, env: dict[str, str]) -> tuple[list[Sample], list[Sample]]:
    """One warm-up launch of each (fills the OS file cache and, when allowed, the bytecode cache), then ``runs``
    launches of each, alternating, so a busy machine slows both alike."""
    launch("bare", None, env)
    launch("banker", db, env)
    bare, banker = [], []
    for _ in range(runs):
        bare.append(launch("bare", None, env))
        banker.append(launch("banker", db, env))
    return bare, banker


class Frames:
    """Stops two clocks once ``done()`` holds: when the handler that made it hold returns (the widget holds the new
    figure: the key's work, as far as the event loop's next turn) and in the first frame rendered after that (its
    drawing too)."""

    def __init__(self) -> None:
        from textual.app import App
        from textual.widget import Widget

        self.done: Callable[[], bool] = lambda: False
        self.stopped = asyncio.Event()
        self.seen = False
        self.changed: Sample | None = None
        self.drawn: Sample = (0.0, 0.0)
        display, refresh = App._display, Widget.refresh

        def stamp() -> None:
            self.changed = (time.process_time(), time.perf_counter())

        def _refresh(widget, *args, **kwargs):  # type: ignore[no-untyped-def]
            result = refresh(widget, *args, **kwargs)
            if not self.seen and self.done():
                self.seen = True
                asyncio.get_running_loop().call_soon(stamp)  # once the handler that changed it is done
            return result

        def _display(app, screen, renderable):  # type: ignore[no-untyped-def]
            result = display(app, screen, renderable)
            if renderable is not None and self.changed is not None and not self.stopped.is_set():
                self.drawn = (time.process_time(), time.perf_counter())
                self.stopped.set()
            return result

        Widget.refresh = _refresh
        App._display = _display

    async def time_key(self, app, done: Callable[[], bool]) -> tuple[Sample, Sample]:
        """Post Enter straight to ``app`` and wait, without spinning, for the frame that shows ``done()``; the
        (CPU, wall) seconds to the change and to that frame."""
        from textual import events

        self.stopped.clear()
        self.seen, self.changed = False, None
        self.done = done
        cpu, wall = time.process_time(), time.perf_counter()
        app.post_message(events.Key("enter", "\r"))
        await asyncio.wait_for(self.stopped.wait(), 60)
        self.done = lambda: False
        assert self.changed is not None
        (c1, w1), (c2, w2) = self.changed, self.drawn
        return (c1 - cpu, w1 - wall), (c2 - cpu, w2 - wall)


Timed = tuple[Sample, Sample]
"""A key's (CPU, wall) seconds to its change and to the frame that shows it."""


async def bare_keys(frames: Frames, keys: int) -> list[Timed]:
    """A bare Textual app whose Enter updates one line."""
    from textual.app import App
    from textual.widgets import Static

    class Bare(App[None]):
        BINDINGS = [("enter", "bump", "Bump")]
        count = 0

        def compose(self):  # type: ignore[no-untyped-def]
            yield Static("0")

        def action_bump(self) -> None:
            self.count += 1
            self.query_one(Static).update(str(self.count))

    app = Bare()
    out = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(keys):
            before = app.count
            out.append(await frames.time_key(app, lambda before=before: app.count != before))
            await pilot.pause()
    return out


async def banker_keys(frames: Frames, db: Path, keys: int) -> tuple[list[Timed], list[Timed]]:
    """Bob pays ann's Mayfair rent ``keys`` times in the rent dialog and ``keys`` times on the command line; the
    bank tops his cash up between the keys (untimed, as another terminal's command the table has not drawn)."""
    from banker.tui.app import make_app

    app = make_app(db)
    dialog: list[Timed] = []
    typed: list[Timed] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen
        card = table.query_one("#player-1")
        for _ in range(keys):
            for line in ("turn bob", "collect bob 150"):
                assert app.session.execute(line).ok
            await pilot.press("r")
            await pilot.pause()
            app.screen.query_one("#f-deed").value = "mayfair"
            await pilot.pause()
            before = card.cash
            dialog.append(await frames.time_key(app, lambda before=before: card.cash != before))
            await pilot.pause()
            assert app.session.execute("collect bob 150").ok
            line = table.query_one("#command")
            line.focus()
            line.value = "rent bob mayfair"
            await pilot.pause()
            before = card.cash
            typed.append(await frames.time_key(app, lambda before=before: card.cash != before))
            await pilot.press("escape")
            await pilot.pause()
    return dialog, typed


async def key_rounds(dbs: dict[int, Path], rounds: int, keys: int) -> dict[str, list[Timed]]:
    frames = Frames()
    out: dict[str, list[Timed]] = {}
    for _ in range(rounds):
        out.setdefault("bare Textual app, Enter updates one line", []).extend(await bare_keys(frames, keys))
        for players, db in dbs.items():
            dialog, typed = await banker_keys(frames, db, keys)
            out.setdefault(f"{players} players, rent dialog Enter", []).extend(dialog)
            out.setdefault(f"{players} players, typed rent Enter", []).extend(typed)
    return out


def bytecode_env(tmp: str) -> dict[str, str]:
    """Python writes and reuses compiled bytecode, in a private cache so no ``__pycache__`` lands in the tree."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
    return env


def medians(samples: list[Sample]) -> Sample:
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keys", type=int, default=20)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["BANKER_DATA_DIR"] = tmp
        # its own cache (the code and data each launch keeps), filled by the warm-up launch, as by a family's first
        os.environ["BANKER_CACHE_DIR"] = str(Path(tmp) / "cache")
        if args.runs:
            db = Path(tmp) / "bench.db"
            t = time.perf_counter()
            build_game(db, args.events)
            print(f"built a {args.events}-event game in {time.perf_counter() - t:.1f} s")
            modes = [("bytecode cached, as an installed app runs", bytecode_env(tmp))]
            if os.environ.get("PYTHONDONTWRITEBYTECODE"):
                modes.append(("no bytecode cache (PYTHONDONTWRITEBYTECODE is set here)", dict(os.environ)))
            for label, env in modes:
                bare, banker = launches(db, args.runs, env)
                (bc, bw), (kc, kw) = medians(bare), medians(banker)
                print(f"launch to first frame ({label}), median of {args.runs} alternating pairs:")
                print(
                    f"  CPU:  bare Textual app {bc * 1000:.0f} ms, Banker {kc * 1000:.0f} ms, ratio {kc / bc:.2f}"
                    " (target < 1.25, aim 1.1)"
                )
                print(f"  wall: bare Textual app {bw * 1000:.0f} ms, Banker {kw * 1000:.0f} ms, ratio {kw / bw:.2f}")
        if not args.keys:
            return
        dbs = {}
        for players in (4, 8):
            dbs[players] = Path(tmp) / f"uk{players}.db"
            build_uk_game(dbs[players], players)
        results = asyncio.run(key_rounds(dbs, args.rounds, args.keys))
        print(f"a key, UK board, median of {args.rounds} rounds x {args.keys} keys, alternating blocks:")
        bare = next(iter(results.values()))
        for i, upto in enumerate(("to the change (the widget holds it)", "to the frame that shows it")):
            print(f"  {upto}:")
            bc, bw = medians([t[i] for t in bare])
            for name, samples in results.items():
                c, w = medians([t[i] for t in samples])
                times = f"CPU {c * 1000:.2f} ms ({c / bc:.1f}x bare), wall {w * 1000:.2f} ms ({w / bw:.1f}x bare)"
                print(f"    {name}: {times}")
        print("  target: 8 players' rent dialog Enter under 5 ms of CPU and within 5x of the bare key")


if __name__ == "__main__":
    main()
