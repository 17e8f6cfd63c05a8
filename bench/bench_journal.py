"""Journal benchmarks: the cost of journalling one command, and resume time for a short and a long game.

Run: /tmp/venv/bin/python bench/bench_journal.py   (prints figures; targets: 2 ms per command, resume ratio of a
10,000-event game to a 100-event game under 1.5 thanks to checkpoints).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from banker.session import Session
from rules import Settings

CYCLE = ["pay ann 1", "collect ann 1", "pay bob 2", "collect bob 2", "undo", "redo"]


def build(db: Path, events: int) -> None:
    """A game of ``events`` journalled commands."""
    with Session.create(db, ["Ann", "Bob", "Cy"], Settings()) as s:
        for i in range(events):
            reply = s.execute(CYCLE[i % len(CYCLE)])
            assert reply.ok, reply.message


def per_command(db: Path, n: int) -> list[float]:
    times = []
    with Session.create(db, ["Ann", "Bob"], Settings()) as s:
        for i in range(n):
            line = "pay ann 1" if i % 2 == 0 else "collect ann 1"
            t = time.perf_counter()
            reply = s.execute(line)
            times.append((time.perf_counter() - t) * 1000)
            assert reply.ok
    return times


def resume(db: Path, repeat: int = 15) -> float:
    """Median ms to open the game and have its current state."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        with Session.open(db) as s:
            _ = s.state
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        times = per_command(root / "cmd.db", 2000)
        print(f"journal one command: median {statistics.median(times):.3f} ms, "
              f"p95 {sorted(times)[int(len(times) * 0.95)]:.3f} ms over {len(times)} commands")
        small, large = root / "small.db", root / "large.db"
        build(small, 100)
        t = time.perf_counter()
        build(large, 10_000)
        print(f"(built the 10,000-event game in {time.perf_counter() - t:.1f} s)")
        r_small, r_large = resume(small), resume(large)
        print(f"resume 100-event game: {r_small:.2f} ms")
        print(f"resume 10,000-event game: {r_large:.2f} ms")
        print(f"ratio: {r_large / r_small:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
