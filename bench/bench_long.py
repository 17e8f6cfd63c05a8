"""Long games: what grows with the number of journal entries, at 2,000, 20,000 and 100,000 entries.

Each game is built by one session recording every command (a game night that never ends; in a process of its own),
so building it measures the first figure; the others run the ``banker`` command beside this Python as a subprocess
on the built game, each timed by its own process accounting (``os.wait4`` in a small launcher: CPU user + system,
peak resident memory) and by the wall clock:

1. **A session's command**: CPU and wall per command over the session's first 1,000 commands and its last 1,000
   (ratio last / first; target at 100,000 entries: within 1.5).
2. **``banker state --at N``** (N in the middle of the game, off a checkpoint) beside plain ``banker state``,
   alternating, median of ``--runs`` pairs (ratio; target at 100,000: within 2).
3. **``banker import``** of the game's exported file into a new database, and the same for a game a tenth as long
   (built for the purpose: 200, 2,000, 10,000 entries), alternating (ratio; target at 100,000: within 12, that is
   about linear).
4. **``banker export --format journal``** to a file: peak memory beside the 2,000-entry game's (target: flat) and
   its time.

Every ratio is of two figures measured in this one run (the machines are noisy; CPU time is the steadier figure on
a busy machine, wall time is said beside it). Run::

    .venv/bin/python bench/bench_long.py [--sizes 2000 20000 100000] [--runs 5] [--keep DIR]

``--keep DIR`` keeps the built games there and reuses them on the next run (then the first figure is not measured
again for the games found; it says so).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

BANKER = Path(sys.executable).parent / "banker"
SETUP = ("buy ann boardwalk", "buy ann park place", "buy bob reading", "buy cy electric")
CYCLE = (
    "rent bob boardwalk",
    "collect bob 75",
    "pay ann 100",
    "rent ann reading",
    "next",
    "undo",
    "redo",
    "pay cy 10",
    "collect cy 10",
    "go ann",
    "pay ann 175",
)
"""Rents, payments, turns, undo and redo; every player's cash stays where it started, give or take a rent."""
BLOCK = 1000


@dataclass(frozen=True)
class Run:
    """One subprocess's cost."""

    cpu: float
    wall: float
    rss_mb: float


def build(db: Path, entries: int) -> None:
    """A game of ``entries`` journal entries recorded by one session; prints (JSON) the CPU and wall time per
    command (ms) over its first and its last :data:`BLOCK` commands and the session's peak memory (MB). Runs in
    a process of its own (``--build``), so that what it holds is not taken for the subprocesses' memory."""
    from banker.session import Session
    from rules import Settings

    first: list[tuple[float, float]] = []
    last: list[tuple[float, float]] = []
    with Session.create(db, ["Ann", "Bob", "Cy"], Settings()) as session:
        for line in SETUP:
            assert session.execute(line).ok, line
        i = 0
        while session.last_seq < entries:
            cpu, wall = time.process_time(), time.perf_counter()
            reply = session.execute(CYCLE[i % len(CYCLE)])
            cost = (time.process_time() - cpu, time.perf_counter() - wall)
            assert reply.ok, reply.message
            if session.last_seq <= BLOCK + len(SETUP):
                first.append(cost)
            elif session.last_seq > entries - BLOCK:
                last.append(cost)
            i += 1

    def per_command(costs: list[tuple[float, float]]) -> list[float] | None:  # None: a game too short to tell
        n = len(costs)
        return [1000 * sum(c for c, _ in costs) / n, 1000 * sum(w for _, w in costs) / n] if n else None

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"first": per_command(first), "last": per_command(last), "peak": peak}))


TIMEOUT = 600.0
"""Seconds a subprocess is given: a quadratic import of a long game would otherwise run for hours."""

LAUNCH = """
import os, sys, time
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(usage.ru_utime + usage.ru_stime, time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""
"""Runs a command and says its CPU time, wall time, peak memory (KB) and exit status. The benchmark starts each
command through it: a process started straight from the benchmark's would be said to have peaked at the
benchmark's own memory (Linux counts the memory a process had when it started another program), this small
launcher's is below any ``banker``'s."""


class TimedOut(Exception):
    """A subprocess did not end in :data:`TIMEOUT`."""


def banker(*args: str) -> Run:
    """``banker ARGS`` as a subprocess, its output thrown away; what it cost (TimedOut after :data:`TIMEOUT`)."""
    launch = subprocess.Popen(
        [sys.executable, "-S", "-c", LAUNCH, str(BANKER), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # banker and its launcher in a group of their own, to stop both at the timeout
    )
    try:
        out, err = launch.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(launch.pid, signal.SIGKILL)
        launch.communicate()
        raise TimedOut(f"banker {' '.join(args)} did not end in {TIMEOUT:.0f} s") from None
    *_, said = out.decode().splitlines()  # banker's own output goes first, then the launcher's line
    cpu, wall, peak, status = said.split()
    if int(status) != 0:
        raise SystemExit(f"banker {' '.join(args)} failed ({status}): {err.decode()}")
    return Run(float(cpu), float(wall), int(peak) / 1024)


def median(runs: list[Run]) -> Run:
    return Run(*(statistics.median(getattr(r, f) for r in runs) for f in ("cpu", "wall", "rss_mb")))


def pairs(a: tuple[str, ...], b: tuple[str, ...], n: int, before=None) -> tuple[Run, Run]:
    """``banker A`` and ``banker B`` alternately, ``n`` times each after one of each to warm the caches;
    ``before()`` runs before each (untimed)."""
    got: tuple[list[Run], list[Run]] = ([], [])
    for i in range(n + 1):
        for args, into in ((a, got[0]), (b, got[1])) if i % 2 else ((b, got[1]), (a, got[0])):
            if before is not None:
                before()
            run = banker(*args)
            if i:
                into.append(run)
    return median(got[0]), median(got[1])


def ratio(a: Run, b: Run) -> str:
    return f"CPU {a.cpu / b.cpu:.2f}, wall {a.wall / b.wall:.2f}"


def game(root: Path, entries: int, keep: bool) -> tuple[Path, dict[str, list[float]] | None]:
    """The game of ``entries`` entries (kept from an earlier run, or built now in a process of its own: then what
    its session's commands cost)."""
    db = root / f"game-{entries}.db"
    if keep and db.exists():
        return db, None
    for path in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        path.unlink(missing_ok=True)
    t = time.perf_counter()
    done = subprocess.run(
        [sys.executable, __file__, "--build", str(db), str(entries)], stdout=subprocess.PIPE, check=True, text=True
    )
    print(f"  (built the {entries:,}-entry game in {time.perf_counter() - t:.0f} s)", flush=True)
    return db, json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 20000, 100000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="keep the built games in this folder and reuse them")
    parser.add_argument("--build", nargs=2, metavar=("DB", "ENTRIES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.build:
        build(Path(args.build[0]), int(args.build[1]))
        return 0
    tmp = tempfile.TemporaryDirectory()
    root = args.keep or Path(tmp.name)
    root.mkdir(parents=True, exist_ok=True)
    work = Path(tmp.name)
    print(f"long games: {', '.join(f'{n:,}' for n in args.sizes)} entries; medians of {args.runs} runs")
    export_base: Run | None = None
    for entries in args.sizes:
        db, per = game(root, entries, args.keep is not None)
        print(f"{entries:,} entries:")
        if per is None:
            print("  a session's command: not measured (the game was kept from an earlier run)")
        elif per["first"] is None or per["last"] is None:
            print(f"  a session's command: not measured (a game under {2 * BLOCK:,} entries)")
        else:
            first, last = Run(*per["first"], 0.0), Run(*per["last"], 0.0)
            print(
                f"  a session's command: first {BLOCK:,} {first.cpu:.2f} ms CPU ({first.wall:.2f} wall), "
                f"last {BLOCK:,} {last.cpu:.2f} ms CPU ({last.wall:.2f} wall); last / first: {ratio(last, first)}; "
                f"the session's peak memory {per['peak']:.0f} MB"
            )
        at = str(entries // 2 + 37)
        plain, then = pairs(
            ("--db", str(db), "state", "--json"), ("--db", str(db), "state", "--at", at, "--json"), args.runs
        )
        print(
            f"  state: {plain.cpu * 1000:.0f} ms CPU ({plain.wall * 1000:.0f} wall, {plain.rss_mb:.0f} MB); "
            f"state --at {at}: {then.cpu * 1000:.0f} ms CPU ({then.wall * 1000:.0f} wall, {then.rss_mb:.0f} MB); "
            f"ratio {ratio(then, plain)}"
        )
        out = work / f"game-{entries}.json"
        exported = [
            banker("--db", str(db), "export", "--format", "journal", "--out", str(out), "--force")
            for _ in range(max(1, args.runs // 2))
        ]
        export = median(exported)
        export_base = export_base or export
        print(
            f"  export --format journal: {export.cpu * 1000:.0f} ms CPU ({export.wall * 1000:.0f} wall), "
            f"peak {export.rss_mb:.0f} MB ({export.rss_mb / export_base.rss_mb:.2f} x the first size's); "
            f"the file {out.stat().st_size / 1e6:.1f} MB"
        )
        small_db, _ = game(root, entries // 10, args.keep is not None)
        small_out = work / f"game-{entries // 10}.json"
        banker("--db", str(small_db), "export", "--format", "journal", "--out", str(small_out), "--force")
        into = work / "imported.db"

        def fresh(into: Path = into) -> None:
            for path in (into, into.with_name(into.name + "-wal"), into.with_name(into.name + "-shm")):
                path.unlink(missing_ok=True)

        imports = max(1, args.runs // 2) if entries < 50000 else 1
        try:
            large, small = pairs(
                ("--db", str(into), "import", str(out)), ("--db", str(into), "import", str(small_out)), imports, fresh
            )
        except TimedOut as e:
            print(f"  import: {e}")
            continue
        print(
            f"  import: {large.cpu:.2f} s CPU ({large.wall:.2f} wall); a {entries // 10:,}-entry game's "
            f"{small.cpu:.2f} s CPU ({small.wall:.2f} wall); ratio {ratio(large, small)}"
        )
    tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
