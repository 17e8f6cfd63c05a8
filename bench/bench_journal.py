"""Journal benchmarks: the cost of journalling one command, and resume time for a short and a long game.

Resume is measured twice: after the banker quit (closing saved a checkpoint of the last event: nothing to replay)
and after a crash (no such checkpoint: the 99 events after the last periodic checkpoint are replayed), each for a
short and a long game.

Run: /tmp/venv/bin/python bench/bench_journal.py   (prints figures; targets: 2 ms per command, resume ratio of a
10,000-event game to a 100-event game under 1.5 thanks to checkpoints).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from timing import percentile, timings

from banker.session import Session
from rules import Settings

CYCLE = ["pay ann 1", "collect ann 1", "pay bob 2", "collect bob 2", "undo", "redo"]


def build(db: Path, events: int, crash: bool = False) -> None:
    """A game of ``events`` journalled commands; ``crash``: ended as if the process died (no closing checkpoint)."""
    s = Session.create(db, ["Ann", "Bob", "Cy"], Settings())
    for i in range(events):
        reply = s.execute(CYCLE[i % len(CYCLE)])
        assert reply.ok, reply.message
    if crash:
        s._recorded = False  # what a killed process never got to: the checkpoint on closing
    s.close()


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

    def opened() -> None:
        with Session.open(db) as s:
            _ = s.state

    _, times = timings(opened, repeat)
    return statistics.median(times) * 1000


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        times = per_command(root / "cmd.db", 2000)
        print(
            f"journal one command: median {statistics.median(times):.3f} ms, "
            f"p95 {percentile(times, 0.95):.3f} ms over {len(times)} commands"
        )
        t = time.perf_counter()
        for label, crash, short, long in (("after quitting", False, 100, 10_000), ("after a crash", True, 199, 10_099)):
            small, large = root / f"small-{crash}.db", root / f"large-{crash}.db"
            build(small, short, crash)
            build(large, long, crash)
            r_small, r_large = resume(small), resume(large)
            print(
                f"resume {label}: {short}-event game {r_small:.2f} ms, {long:,}-event game {r_large:.2f} ms, "
                f"ratio {r_large / r_small:.2f}"
            )
        print(f"(built the games in {time.perf_counter() - t:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
