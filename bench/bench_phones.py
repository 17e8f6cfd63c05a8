"""Benchmark the phone pages: eight phones on loopback, each with its own page's event stream open.

1. Commit to every phone: a command is committed, and the clock runs until all eight phones hold the snapshot that
   includes it (each phone is an aiohttp client in a separate process, stamping each snapshot as it arrives with
   ``time.perf_counter``, the system-wide monotonic clock on Linux; the commit is stamped by a session listener
   called right after the commit). Three ways a command arrives:
   a. recorded by the app's session, whose listener tells the server at once (what the app does);
   b. recorded by another connection, seen only by the ``PRAGMA data_version`` poll (``banker do`` in a shell);
   c. in the running app (headless Textual), a rent recorded with the Enter key, the phones updated while the
      table redraws.
   Median and p95 over N commands; targets under 50 ms median and 100 ms p95.
2. Key press to updated balances in the app with the eight phones connected: as ``bench/bench_app.py`` measures
   it (Enter in the rent dialog -> the player's cash on screen changed), median over many rents. Target < 16 ms.
3. Phones that ask (issue 23), in the running app with the eight phones connected:
   a. a phone's request to the count on the banker's screen: from the moment the phone sends ``POST
      <link>/requests`` (an aiohttp client) until the table's status line shows the new count;
   b. the banker's Enter in the inbox to "recorded" on the phone: from posting the Enter key until all eight
      phones hold the snapshot of the new entry (the asking phone's page then says "recorded as entry N").
   Median and p95; targets under 100 ms.
4. A hostile guest: ``banker serve`` in a child process, then 1,000 idle connections that never send a request,
   from 40 loopback addresses (25 each), held open; the time a phone's page takes (a fresh connection each) before
   and while they are held, how many the server still holds, and the server's resident memory (``VmRSS``) before
   and after. Loopback only; every loop bounded.
5. A guest who asks and withdraws all evening (issue 31): ``banker serve`` in a child process; one guest with Bob's
   link asks (``POST <link>/requests``) and withdraws (``DELETE``) 3,000 times on one kept-alive connection while
   Ann's phone loads her page (a fresh connection each). Side by side in the same run: Ann's pages are timed in
   alternating rounds with the guest running and paused (so the machine's other work falls on both alike); the
   honest page's median with the guest is to stay within 1.2x of the same page without. Then, the 3,000 cycles
   done, the guest polls ``GET <link>/requests`` from 4 loops while Ann's page is timed again, against rounds with
   the 4 loops paused; and the guest's own ask, first 100 against last 100 (the store is bounded: it does not grow
   slower). Loopback only; every loop bounded.

Run: ``.venv/bin/python bench/bench_phones.py [--commands 200] [--rents 60] [--hostile 1000] [--guest 3000]``.
Prints figures only (``--commands 0 --rents 0 --hostile 0`` for the guest's figures alone).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from timing import percentile, rent_dialog_enter

from banker.web.limits import DESCRIPTOR_CEILING, PACE_RATE, PER_ADDRESS, connection_cap

NAMES = ["ann", "bob", "cat", "dee", "eve", "fay", "gus", "hal"]
PHONES = r"""
import asyncio, json, re, sys, time
import aiohttp

async def pictures_of(i, base, http, wanted):
    # as a browser: one picture at a time, the newest the page names (an older one not yet fetched is skipped)
    while True:
        seq, src = await wanted.get()
        while not wanted.empty():
            seq, src = wanted.get_nowait()
        async with http.get(base + src) as r:
            await r.read()
        print("picture", i, seq, time.perf_counter(), flush=True)

async def phone(i, url, http, pictures):
    base = url.rsplit("/", 1)[0]
    shown, wanted = None, asyncio.Queue()
    if pictures:
        asyncio.ensure_future(pictures_of(i, base, http, wanted))
    async with http.get(url + "/events") as r:
        event = ""
        async for raw in r.content:
            line = raw.decode()
            if line.startswith("event: "):
                event = line[7:].strip()
            elif line.startswith("data: ") and event == "snapshot":
                t = time.perf_counter()
                snap = json.loads(line[6:])
                seq = snap["seq"]
                print(i, seq, t, flush=True)
                chart = snap["sections"].get("chart", {}).get("html", "")
                src = next(iter(re.findall(r'<img src="([^"]+)"', chart)), None)
                if pictures and src and src != shown:
                    shown = src
                    wanted.put_nowait((seq, src))

async def main():
    pictures, urls = sys.argv[1] == "pictures", sys.argv[2:]
    async with aiohttp.ClientSession() as http:
        await asyncio.gather(*(phone(i, u, http, pictures) for i, u in enumerate(urls)))

asyncio.run(main())
"""


class Phones:
    """Eight phones in a child process; ``arrived[seq]`` maps phone -> arrival time."""

    def __init__(self, pictures: bool = False) -> None:
        self.pictures = pictures
        """Each phone also fetches its chart's picture when a snapshot names a new one, as a browser does."""
        self.drawn: dict[int, dict[int, float]] = {}
        """When each phone held its chart's picture of an entry (``pictures``)."""
        self.arrived: dict[int, dict[int, float]] = {}
        self.waiters: dict[int, asyncio.Event] = {}
        self.count = 0

    async def start(self, urls: list[str]) -> None:
        self.count = len(urls)
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            PHONES,
            "pictures" if self.pictures else "snapshots",
            *urls,
            stdout=asyncio.subprocess.PIPE,
        )
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while line := await self.proc.stdout.readline():
            if line.startswith(b"picture "):
                _, i, seq, t = line.split()
                self.drawn.setdefault(int(seq), {})[int(i)] = float(t)
                continue
            i, seq, t = line.split()
            got = self.arrived.setdefault(int(seq), {})
            got[int(i)] = float(t)
            if len(got) == self.count and int(seq) in self.waiters:
                self.waiters[int(seq)].set()

    async def all_hold(self, seq: int, timeout: float = 5.0) -> float:
        """When the last phone got the snapshot with ``seq``."""
        got = self.arrived.get(seq, {})
        if len(got) < self.count:
            event = self.waiters.setdefault(seq, asyncio.Event())
            await asyncio.wait_for(event.wait(), timeout)
        return max(self.arrived[seq].values())

    async def stop(self) -> None:
        self.proc.terminate()
        await self.proc.wait()
        self.reader.cancel()


def figures(label: str, times: list[float], targets: str = "targets < 50 ms median, < 100 ms p95") -> None:
    print(
        f"{label}: median {statistics.median(times) * 1000:.1f} ms, p95 {percentile(times, 0.95) * 1000:.1f} ms, max "
        f"{max(times) * 1000:.1f} ms over {len(times)} commands ({targets})"
    )


def build_game(db: Path) -> int:
    from banker.session import Session
    from rules import Settings

    session = Session.create(db, NAMES, Settings())
    for line in ("buy ann boardwalk", "buy bob reading"):
        assert session.execute(line).ok
    session.close()
    return session.game_id


async def commit_to_phones(db: Path, game: int, commands: int, pictures: bool = False) -> None:
    from banker.session import Session
    from banker.web.server import PhoneServer

    server = PhoneServer(db, "127.0.0.1", 0)
    await server.start()
    links = server.serve(game)
    phones = Phones(pictures)
    await phones.start([link.url for link in links if link.name != "table"])
    await phones.all_hold(server.feeds[game].session.last_seq, timeout=10)
    fetching = ", each phone fetching its chart's picture" if pictures else ""

    app = Session.open(db, game)
    stamps: dict[int, float] = {}
    app.add_listener(lambda s: stamps.__setitem__(s.last_seq, time.perf_counter()))  # first: the commit's time
    app.add_listener(server.session_changed)
    other = Session.open(db, game)  # another process's connection: no listener, only the poll sees its commits
    for label, session, own in (
        ("a. the app's session (listener)", app, True),
        ("b. another connection (data_version poll every 50 ms)", other, False),
    ):
        times = []
        for i in range(commands):
            reply = session.execute(f"pay {NAMES[i % 8]} 1" if i % 2 else f"collect {NAMES[i % 8]} 1")
            assert reply.ok, reply.message
            t0 = stamps.pop(session.last_seq) if own else time.perf_counter()
            times.append(await phones.all_hold(session.last_seq) - t0)
            await asyncio.sleep(random.uniform(0.005, 0.06))  # commits fall at any phase of the 50 ms poll
        figures(f"commit to all 8 phones{fetching}, {label}", times)
    if pictures:
        await asyncio.sleep(1.0)  # the last pictures
        drawn = [t - phones.arrived[seq][i] for seq, got in phones.drawn.items() for i, t in got.items()]
        figures(
            "a phone's snapshot to its chart's picture (the newest named; 8 pictures an entry)",
            drawn,
            "no target: the figures come first",
        )
    app.close()
    other.close()
    await phones.stop()
    await server.stop()


async def in_app(db: Path, rents: int) -> None:
    """The app with its phone pages on and eight phones connected: rents by the Enter key."""

    from banker.tui.app import make_app
    from banker.tui.screens.phones import PhonesScreen

    os.environ["BANKER_WEB_HOST"], os.environ["BANKER_WEB_PORT"] = "127.0.0.1", "0"
    app = make_app(db)
    phones = Phones()
    keys, pushes = [], []
    stamps: dict[int, float] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        # The commit's time, by a listener added before the server's (pressing o adds that one).
        app.session.add_listener(lambda s: stamps.__setitem__(s.last_seq, time.perf_counter()))
        await pilot.press("o")
        while not isinstance(app.screen, PhonesScreen):
            await pilot.pause(0.01)
        await phones.start([link.url for link in app.screen.links if link.name != "table"])
        await pilot.press("escape")
        await pilot.pause()
        feed = app.phones.feeds[app.session.game_id]
        while len(feed.streams) < 8:
            await pilot.pause(0.01)
        table = app.screen
        card = table.query_one("#player-1")
        for _ in range(rents):
            app.session.execute("turn bob")
            app.record("collect bob 50")  # what the rent takes back: bob never runs short (and the table shows it)
            keys.append(await rent_dialog_enter(app, pilot, card))
            seq = app.session.last_seq
            pushes.append(await phones.all_hold(seq) - stamps[seq])
            await pilot.pause()
        asks, records = await requests_in_app(app, pilot, phones, rents)
        await phones.stop()
    figures("a phone's request to the count on the banker's screen, 8 phones connected", asks, "target < 100 ms")
    figures("the banker's Enter in the inbox to 'recorded' on the phones", records, "target < 100 ms")
    print(
        f"key press to updated balances in the app, 8 phones connected, rent dialog Enter: median "
        f"{statistics.median(keys) * 1000:.1f} ms, p90 {percentile(keys, 0.9) * 1000:.1f} ms over "
        f"{len(keys)} rents (target < 16 ms)"
    )
    figures("commit to all 8 phones, c. in the running app (Enter in the rent dialog)", pushes)


async def requests_in_app(app, pilot, phones: Phones, n: int) -> tuple[list[float], list[float]]:
    """A phone asks (the count on the table), then the banker records it from the inbox with Enter."""
    import aiohttp
    from textual import events

    from banker.tui.dialogs.inbox import InboxDialog
    from banker.tui.screens.phones import PhonesScreen

    await pilot.press("o")
    while not isinstance(app.screen, PhonesScreen):
        await pilot.pause(0.01)
    ann = next(link.url for link in app.screen.links if link.seat == 0)
    await pilot.press("escape")
    await pilot.pause()
    status = app.screen.query_one("#status")
    asks, records = [], []
    async with aiohttp.ClientSession() as http:
        for i in range(n):
            before = str(status.render())
            t = time.perf_counter()
            async with http.post(ann + "/requests", json={"id": f"bench-{i:06}", "line": "collect ann 5"}) as r:
                assert r.status == 202, await r.text()
            while str(status.render()) == before:
                await asyncio.sleep(0)
            asks.append(time.perf_counter() - t)
            await pilot.press("i")
            while not isinstance(app.screen, InboxDialog):
                await pilot.pause(0.01)
            await pilot.pause()
            seq = app.session.last_seq + 1
            t = time.perf_counter()
            app.post_message(events.Key("enter", "\r"))
            records.append(await phones.all_hold(seq) - t)
            await pilot.press("escape")
            await pilot.pause()
    return asks, records


def raised() -> int:
    import resource

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    return min(hard, DESCRIPTOR_CEILING) if hard != resource.RLIM_INFINITY else DESCRIPTOR_CEILING


def _rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def _page_times(url: str, count: int, gap: float = 0.06) -> list[float]:
    """A phone's page loaded ``count`` times, a fresh connection each, ``gap`` seconds apart (not timed): a phone
    within its link's pace (``banker.web.limits.PACE_RATE``), as a person's is."""
    import urllib.request

    times = []
    for _ in range(count):
        time.sleep(gap)
        t = time.perf_counter()
        with urllib.request.urlopen(url, timeout=10) as page:
            assert page.status == 200 and page.read()
        times.append(time.perf_counter() - t)
    return times


def serve(db: Path, game: int, descriptors: int = 0) -> tuple[subprocess.Popen[str], dict[str, str]]:
    """``banker serve`` in a child process on loopback (``descriptors``: its hard descriptor limit, 0: as inherited),
    and each page's link by name (the players', then ``table``)."""
    import resource
    import signal

    def child() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        if descriptors:
            resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    proc = subprocess.Popen(
        [sys.executable, "-m", "banker.cli.main", "--db", str(db), "serve", str(game), "--host", "127.0.0.1"]
        + ["--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=child,
    )
    assert proc.stdout is not None
    links: dict[str, str] = {}
    while "table" not in links:
        name, url = proc.stdout.readline().rstrip("\n").split(": ", 1)
        links[name] = url
    return proc, links


def hostile(db: Path, game: int, connections: int, descriptors: int = 0, pages: int = 100) -> None:
    """``banker serve`` with ``connections`` idle connections held against it (loopback only); ``descriptors``: the
    server's hard descriptor limit (0: as inherited)."""
    import signal
    import socket

    proc, links = serve(db, game, descriptors)
    held: list[socket.socket] = []
    try:
        url = links[NAMES[0]]
        port = int(url.split(":")[2].split("/")[0])
        _page_times(url, 5)  # warm up
        rss_before = _rss_kib(proc.pid)
        calm = _page_times(url, pages)
        per_address = 25
        t = time.perf_counter()
        for i in range(connections):
            sock = socket.socket()
            sock.bind((f"127.0.1.{i // per_address + 1}", 0))
            sock.settimeout(5)
            sock.connect(("127.0.0.1", port))
            held.append(sock)
        opened = time.perf_counter() - t
        busy = _page_times(url, pages)
        time.sleep(0.5)
        still = 0
        for sock in held:
            sock.setblocking(False)
            try:
                still += sock.recv(1) != b""
            except BlockingIOError:
                still += 1
            except OSError:
                pass
        rss_after = _rss_kib(proc.pid)
    finally:
        for sock in held:
            sock.close()
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=15)
    print(
        f"hostile guest: {connections} idle connections from {-(-connections // per_address)} loopback addresses "
        f"opened in {opened:.2f} s against a server with {descriptors or 'the inherited'} descriptors; it still "
        f"holds {still} of them (its caps: {connection_cap(descriptors or raised())} in all, {PER_ADDRESS} an address)"
    )
    print(
        f"a phone's page (a new connection each, {pages} pages): median {statistics.median(calm) * 1000:.1f} ms, "
        f"p95 {percentile(calm, 0.95) * 1000:.1f} ms without them; median {statistics.median(busy) * 1000:.1f} ms, "
        f"p95 {percentile(busy, 0.95) * 1000:.1f} ms, max {max(busy) * 1000:.1f} ms while they are held"
    )
    print(
        f"server memory (VmRSS): {rss_before / 1024:.1f} MiB before, {rss_after / 1024:.1f} MiB with them held; "
        f"its output while they were held: {len(err.splitlines())} lines"
    )
    for line in err.splitlines()[:5]:
        print(f"  {line}")


class Guest:
    """A guest with a player's link, in processes of its own (so that it takes nothing of this process, which times
    the honest phone): asks and withdraws ``cycles`` times on one kept-alive connection, or polls the link's list
    from ``loops`` connections; each runs only while :attr:`go` is set."""

    def __init__(self, url: str) -> None:
        import multiprocessing
        from urllib.parse import urlsplit

        parts = urlsplit(url)
        self.where = (parts.hostname or "127.0.0.1", parts.port or 80, parts.path)
        self.mp = multiprocessing.get_context("fork")
        self.go = self.mp.Event()
        self.stop = self.mp.Event()
        self.done = self.mp.Event()
        self.polls = self.mp.Value("i", 0)
        self.times = self.mp.Queue()
        """The asking guest's ask times, put when it is done."""
        self.workers: list[multiprocessing.process.BaseProcess] = []

    def start_asking(self, cycles: int) -> None:
        self.workers = [self.mp.Process(target=_ask_and_withdraw, args=(self, cycles), daemon=True)]
        self.workers[0].start()

    def start_polling(self, loops: int) -> None:
        self.workers = [self.mp.Process(target=_poll, args=(self,), daemon=True) for _ in range(loops)]
        for worker in self.workers:
            worker.start()

    def running(self) -> bool:
        return not self.done.is_set()

    def finish(self) -> None:
        self.stop.set()
        self.go.set()
        for worker in self.workers:
            worker.join(timeout=30)


def _connection(guest: Guest):  # noqa: ANN202 - http.client, imported in the guest's process
    import http.client

    host, port, _path = guest.where
    return http.client.HTTPConnection(host, port, timeout=10)


def _ask_and_withdraw(guest: Guest, cycles: int, probes: int = 100) -> None:
    """``cycles`` asks and withdrawals as fast as the server answers; the first and the last ``probes`` spaced within
    the link's pace, so that their times are the server's work, not turns waited."""
    import json

    path = guest.where[2]
    conn = _connection(guest)
    asks: list[float] = []
    try:
        for i in range(cycles):
            guest.go.wait()
            if i < probes or i >= cycles - probes:
                time.sleep(0.12)
            rid = f"guest-{i:06}"
            t = time.perf_counter()
            body = json.dumps({"id": rid, "line": "pay bob 1"})
            conn.request("POST", path + "/requests", body, {"Content-Type": "application/json"})
            reply = conn.getresponse()
            reply.read()
            asks.append(time.perf_counter() - t)
            assert reply.status == 202, reply.status
            conn.request("DELETE", f"{path}/requests/{rid}")
            reply = conn.getresponse()
            reply.read()
            assert reply.status == 200, reply.status
    finally:
        conn.close()
        guest.times.put(asks)
        guest.done.set()


def _poll(guest: Guest) -> None:
    path = guest.where[2]
    conn = _connection(guest)
    try:
        while not guest.stop.is_set():
            if not guest.go.wait(0.1) or guest.stop.is_set():
                continue
            conn.request("GET", path + "/requests")
            reply = conn.getresponse()
            reply.read()
            assert reply.status == 200, reply.status
            with guest.polls.get_lock():
                guest.polls.value += 1
    finally:
        conn.close()


def side_by_side(url: str, guest: Guest, pages: int, running: Callable[[], bool]) -> tuple[list[float], list[float]]:
    """Ann's page timed in alternating rounds of ``pages``, the guest paused then running, while ``running()``:
    (times without the guest, times with it)."""
    alone: list[float] = []
    beside: list[float] = []
    while running():
        guest.go.clear()
        time.sleep(0.05)  # the guest's request in flight, if any, is answered
        alone += _page_times(url, pages)
        guest.go.set()
        beside += _page_times(url, pages)
    guest.go.clear()
    return alone, beside


def ratio_line(label: str, alone: list[float], beside: list[float]) -> None:
    a, b = statistics.median(alone), statistics.median(beside)
    print(
        f"{label}: median {b * 1000:.1f} ms (p95 {percentile(beside, 0.95) * 1000:.1f} ms) against {a * 1000:.1f} "
        f"ms (p95 {percentile(alone, 0.95) * 1000:.1f} ms) without it, {len(beside)} and {len(alone)} pages: "
        f"{b / a:.2f}x (target within 1.2x)"
    )


def guest_evening(db: Path, game: int, cycles: int, pages: int = 10) -> None:
    """5. (module docstring): a guest who asks and withdraws ``cycles`` times beside an honest phone."""
    import signal

    from banker.journal import Journal

    proc, links = serve(db, game)
    try:
        ann, bob = links[NAMES[0]], links[NAMES[1]]
        _page_times(ann, 5)  # warm up
        guest = Guest(bob)
        guest.start_asking(cycles)
        t = time.perf_counter()
        alone, beside = side_by_side(ann, guest, pages, guest.running)
        took = time.perf_counter() - t
        asks = guest.times.get(timeout=30)
        guest.finish()
        ratio_line(f"Ann's page while a guest asks and withdraws {cycles:,} times on Bob's link", alone, beside)
        first, last = asks[:100], asks[-100:]
        print(
            f"the guest's own ask (spaced within its link's pace): median {statistics.median(first) * 1000:.1f} ms "
            f"for the first 100, {statistics.median(last) * 1000:.1f} ms for the last 100 ({len(asks):,} "
            f"cycles in {took:.0f} s, paced to {PACE_RATE:.0f} requests a second after a burst)"
        )
        journal = Journal(db, create=False, readonly=True)
        try:
            kept = len(journal.requests(game, seat=1))
        finally:
            journal.close()
        print(f"Bob's requests kept in the database after the {cycles:,} cycles: {kept}")
        pollers = Guest(bob)
        pollers.start_polling(4)
        rounds = iter(range(20))
        alone, beside = side_by_side(ann, pollers, pages, lambda: next(rounds, None) is not None)
        pollers.finish()
        polls = pollers.polls.value
        ratio_line(f"Ann's page while the guest polls Bob's list from 4 loops ({polls:,} polls)", alone, beside)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=15)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument(
        "--pictures", action="store_true", help="1. again with each phone fetching its chart's picture, as a browser"
    )
    parser.add_argument("--rents", type=int, default=60)
    parser.add_argument("--hostile", type=int, default=1000, help="idle connections of a hostile guest (0: none)")
    parser.add_argument("--descriptors", type=int, default=0, help="the served process's descriptor limit")
    parser.add_argument("--guest", type=int, default=3000, help="a guest's ask-and-withdraw cycles (0: none)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["BANKER_DATA_DIR"] = tmp
        db = Path(tmp) / "bench.db"
        game = build_game(db)
        if args.commands:
            asyncio.run(commit_to_phones(db, game, args.commands))
            if args.pictures:
                asyncio.run(commit_to_phones(db, game, args.commands, pictures=True))
        if args.rents:
            asyncio.run(in_app(db, args.rents))
        if args.hostile:
            hostile(db, game, args.hostile, args.descriptors)
        if args.guest:
            guest_evening(db, game, args.guest)


if __name__ == "__main__":
    main()
