"""Run the whole suite (the README's test command, in this checkout's ``.venv``) with each number of workers in turn,
alternating, and print each run's wall time, how busy the machine's cores were, and the machine's own speed just
before it: issue 33's "a fresh `.ci/run` under 4 minutes on a quiet machine", read against the machine it ran on.

Why the yardstick: on the same two cores, with nothing else running, the same code's suite took 231 s one day and
290 to 340 s the next. A fixed piece of pure-Python work (:func:`yardstick`, CPU seconds) moves with it, so a
figure read beside its yardstick says whether the code or the machine changed. Why the alternation: only runs side
by side in one sitting compare (the brief: ratios measured in one run).

The busy share is sampled from ``/proc/stat`` once a second: the suite's CPU-bound phases keep every core busy, and a
share well under 1 in a phase is time the workers spent waiting (for an app in tmux, a browser) that another worker
could have used.

Run: ``.venv/bin/python bench/bench_suite.py [--workers 3 4] [--rounds 1] [-- extra pytest arguments]``. Prints
figures only; exits non-zero if any run failed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def yardstick() -> float:
    """CPU seconds for a fixed loop of plain Python (about 2.3 s on the test machine's slow days)."""
    start = time.process_time()
    n = 0
    for i in range(20_000_000):
        n += i
    return time.process_time() - start


def _cpu_times() -> tuple[int, int]:
    with open("/proc/stat") as stat:
        values = [int(v) for v in stat.readline().split()[1:]]
    return sum(values), values[3] + values[4]  # all, idle + waiting for the disk


class Busy:
    """The share of the cores' time spent working, sampled once a second while running."""

    def __init__(self) -> None:
        self.shares: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        total, idle = _cpu_times()
        while not self._stop.wait(1.0):
            t, i = _cpu_times()
            self.shares.append(1 - (i - idle) / max(1, t - total))
            total, idle = t, i

    def __enter__(self) -> Busy:
        if Path("/proc/stat").exists():
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()

    def mean(self) -> float:
        return sum(self.shares) / len(self.shares) if self.shares else float("nan")


def run(python: Path, workers: str, extra: list[str]) -> tuple[int, float, float, str]:
    """One whole run: its exit status, wall seconds, mean busy share, and pytest's last line."""
    start = time.monotonic()
    with Busy() as busy:
        done = subprocess.run(
            [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", workers, *extra],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
    last = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
    return done.returncode, time.monotonic() - start, busy.mean(), last


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workers", nargs="+", default=["3", "4"], help="pytest-xdist's -n values, alternated")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("pytest_args", nargs="*")
    args = parser.parse_args()
    python = ROOT / ".venv" / "bin" / "python"
    if not python.exists():
        python = Path(sys.executable)
    print(f"{os.cpu_count()} cores; yardstick {yardstick():.2f} s of CPU", flush=True)
    failed = 0
    walls: dict[str, list[float]] = {w: [] for w in args.workers}
    for round_no in range(args.rounds):
        order = args.workers if round_no % 2 == 0 else list(reversed(args.workers))
        for workers in order:
            stick = yardstick()
            status, wall, busy, last = run(python, workers, args.pytest_args)
            walls[workers].append(wall)
            failed += status != 0
            said = f"-n {workers}: {wall:.0f} s wall, cores {busy:.0%} busy, yardstick {stick:.2f} s: {last}"
            print(said, flush=True)
    for workers, times in walls.items():
        print(f"-n {workers}: mean {sum(times) / len(times):.0f} s over {len(times)} run(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
