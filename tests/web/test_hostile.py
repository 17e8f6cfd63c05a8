"""The phone server under a hostile guest (issue 22): more idle connections than the server's descriptor limit
leave a phone's page and event stream working and the output short; connections that send nothing, or nothing
more, are closed; the caps close the oldest idle connections first; a failed reload of the feed is retried.

Every connection goes to loopback only; every loop here is bounded in count and time."""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import signal
import socket
import subprocess
import sys
import urllib.request

import pytest

from banker.journal import JournalError
from banker.session import Session
from banker.web import limits as limits_module
from banker.web.limits import Limits, Tally, connection_cap
from banker.web.server import PhoneServer
from tests.kit.patience import Deadline, scaled, within
from tests.kit.phones import cash_of, phone_game
from tests.kit.waits import eventually, soon

DESCRIPTORS = 256
"""The soft and hard descriptor limit of the served process in the test (so that exceeding it is quick)."""


def _small_limits() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl+C as a terminal gives it (tests/web/test_serve.py)
    resource.setrlimit(resource.RLIMIT_NOFILE, (DESCRIPTORS, DESCRIPTORS))


def _hold(address: str, port: int, count: int, source: str) -> list[socket.socket]:
    """``count`` connections from ``source`` (a loopback address) that send nothing."""
    held = []
    for _ in range(count):
        sock = socket.socket()
        sock.bind((source, 0))
        sock.settimeout(scaled(5))
        sock.connect((address, port))
        held.append(sock)
    return held


def _closed_by_server(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def _first_snapshot(response) -> dict:
    event = ""
    deadline = Deadline(10)
    while not deadline.passed():
        line = response.readline().decode()
        if line.startswith("event: "):
            event = line[7:].strip()
        elif line.startswith("data: ") and event == "snapshot":
            return json.loads(line[6:])
    raise deadline.fail("no snapshot came")


def test_more_connections_than_descriptors_leave_the_phones_working(tmp_path):
    db = tmp_path / "hostile.db"
    game = phone_game(db, names=("Ann", "Bob"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "banker.cli.main", "--db", str(db), "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_small_limits,
    )
    held: list[socket.socket] = []
    try:
        urls = dict(proc.stdout.readline().rstrip("\n").split(": ", 1) for _ in range(3))
        port = int(urls["Ann"].split(":")[2].split("/")[0])
        # 400 idle connections from twenty addresses (past the caps of the server and of an address, and past the
        # process's 256 descriptors), then 60 more from one address.
        for i in range(20):
            held += _hold("127.0.0.1", port, 20, f"127.0.0.{i + 2}")
        held += _hold("127.0.0.1", port, 60, "127.0.0.40")
        assert len(held) > DESCRIPTORS

        with urllib.request.urlopen(urls["Ann"], timeout=scaled(10)) as page:
            assert page.status == 200 and "$1,500" in page.read().decode()
        with urllib.request.urlopen(urls["Ann"] + "/events", timeout=scaled(10)) as stream:
            assert cash_of(_first_snapshot(stream), "Ann") == 1500
            done = subprocess.run(
                [sys.executable, "-m", "banker.cli.main", "--db", str(db), "do", "pay", "ann", "100"]
                + ["--game", str(game)],
                capture_output=True,
                text=True,
                timeout=scaled(30),
            )
            assert done.returncode == 0, done.stderr
            assert cash_of(_first_snapshot(stream), "Ann") == 1400
        # The server closed the oldest idle connections to make room: it holds no more than its caps allow.
        eventually(
            lambda: sum(1 for s in held if not _closed_by_server(s)) <= connection_cap(DESCRIPTORS),
            "the server to close the oldest idle connections",
            10,
            every=0.1,
        )
        assert sum(1 for s in held[-60:] if not _closed_by_server(s)) <= limits_module.PER_ADDRESS
    finally:
        for sock in held:
            sock.close()
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        try:
            _out, err = proc.communicate(timeout=scaled(15))
        except subprocess.TimeoutExpired:
            proc.kill()
            _out, err = proc.communicate()
    assert proc.returncode == 0
    assert len(err.splitlines()) <= 5, err[-2000:]
    assert "Traceback" not in err


@pytest.fixture
async def server(tmp_path, monkeypatch):
    # the sweep that times connections out runs every 50 ms, not every second: the tests set short timeouts and
    # wait for the sweep's closes (the sweep itself is the code under test, not its period)
    monkeypatch.setattr(limits_module, "SWEEP_SECONDS", 0.05)
    db = tmp_path / "limits.db"
    game = phone_game(db, names=("Ann", "Bob"))
    served = PhoneServer(db, "127.0.0.1", 0)
    await served.start()
    links = served.serve(game)
    yield served, links, db, game
    await served.stop()


async def _eof(reader: asyncio.StreamReader, seconds: float) -> bool:
    """The server closes the connection (within ``seconds`` of the machine's attention: the test fails if not)."""
    return await within(reader.read(), seconds, "the server to close the connection") is not None


async def test_a_connection_that_sends_no_request_or_no_next_one_is_closed(server):
    served, links, _db, _game = server
    assert served.limits is not None
    served.limits.request_seconds = served.limits.idle_seconds = 0.3
    silent_r, _silent_w = await asyncio.open_connection("127.0.0.1", served.port)
    slow_r, slow_w = await asyncio.open_connection("127.0.0.1", served.port)
    slow_w.write(b"GET /nothing HTTP/1.1\r\nHost: x\r\n")  # never finishes its headers
    kept_r, kept_w = await asyncio.open_connection("127.0.0.1", served.port)
    kept_w.write(b"GET /nothing-here-at-all-0000 HTTP/1.1\r\nHost: x\r\n\r\n")  # answered, then kept alive
    stream_r, stream_w = await asyncio.open_connection("127.0.0.1", served.port)
    token = links[0].url.rsplit("/", 1)[1]
    stream_w.write(f"GET /{token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert b"404" in await within(kept_r.readline(), 5, "the 404")
    assert await _eof(silent_r, 5) and await _eof(slow_r, 5) and await _eof(kept_r, 5)
    # An event stream is a request being answered: never timed out.
    assert b"200" in await within(stream_r.readline(), 5, "the stream's 200")
    # A silent connection opened after the stream is timed out: the stream has outlived a timeout by then.
    late_r, _late_w = await asyncio.open_connection("127.0.0.1", served.port)
    assert await _eof(late_r, 5)
    assert not stream_r.at_eof() and len(served.limits.connections) == 1
    assert served.limits.closed_by["timeout"] == 4
    stream_w.close()


async def test_a_request_whose_body_never_comes_is_answered_and_closed(server):
    """A phone's post (issue 23) is a request being answered, never timed out by the limits: its body has as long
    as a connection has for its request, then it is answered 408, its connection closed, and nothing stored."""
    served, links, db, game = server
    assert served.limits is not None
    served.limits.request_seconds = served.limits.idle_seconds = 0.3
    token = links[1].url.rsplit("/", 1)[1]
    reader, writer = await asyncio.open_connection("127.0.0.1", served.port)
    writer.write(
        f"POST /{token}/requests HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nContent-Type: application/json\r\n"
        'Content-Length: 100\r\n\r\n{"id": "never-whole-01", '.encode()
    )
    assert b"408" in await within(reader.readline(), 5, "the 408")
    assert await _eof(reader, 5)
    writer.close()
    with Session.open(db, game, readonly=True) as session:
        assert session.requests() == []
    assert len(served.limits.connections) == 0 and served.limits.closed_by["timeout"] == 1


def test_the_caps_close_the_oldest_idle_connections_first():
    class Fake:
        def __init__(self, address: str, busy: int = 0) -> None:
            self.address, self.busy, self.closed, self.transport = address, busy, False, None

        def close(self) -> None:
            self.closed = True
            limits.forget(self)  # type: ignore[arg-type]

    limits = Limits(cap=4, per_address=2)
    busy = Fake("a", busy=1)
    idle = Fake("a")
    for c in (busy, idle):
        limits.admit(c.address)
        limits.add(c)  # type: ignore[arg-type]
    third = Fake("a")
    limits.admit("a")  # a third from a: the oldest idle of a goes, not the older busy one
    limits.add(third)  # type: ignore[arg-type]
    assert idle.closed and not busy.closed
    others = [Fake("b"), Fake("c")]
    for c in others:
        limits.admit(c.address)
        limits.add(c)  # type: ignore[arg-type]
    limits.admit("d")  # the server is full: the oldest idle connection overall goes
    assert third.closed and not busy.closed and not any(c.closed for c in others)
    assert limits.closed_by == {"cap": 1, "address": 1, "timeout": 0, "descriptors": 0}
    assert limits.shed() and others[0].closed


def test_a_failure_is_said_once_per_kind_with_a_count():
    said: list[str] = []
    now = [0.0]
    tally = Tally(said.append, clock=lambda: now[0])
    for _ in range(1000):
        tally.note("EMFILE", "accepting failed: Too many open files")
    tally.note("ECONNABORTED", "accepting failed: aborted")
    assert said == ["accepting failed: Too many open files", "accepting failed: aborted"]
    now[0] = 61.0
    tally.note("EMFILE", "accepting failed: Too many open files")
    assert said[-1] == "accepting failed: Too many open files (1000 times since it was last said)"
    tally.note("EMFILE", "accepting failed: Too many open files")
    tally.flush()
    assert said[-1].endswith("(1 time since it was last said)") and len(said) == 4


def test_the_descriptor_limit_is_raised_to_what_the_system_allows():
    code = (
        "import resource; from banker.web.limits import raise_descriptor_limit; "
        "print(raise_descriptor_limit(), resource.getrlimit(resource.RLIMIT_NOFILE)[0])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (200, 700)),
        timeout=scaled(30),
    )
    assert done.stdout.split() == ["700", "700"], done.stderr


async def test_a_failed_reload_is_tried_again_until_it_succeeds(server, aiohttp_client, monkeypatch):
    served, links, db, game = server
    feed = served.feeds[game]
    errors: list[BaseException] = []
    served.on_error = errors.append
    journal = feed.session._j
    real = journal.events
    failures = [3]

    def failing(*args, **kwargs):
        if failures[0]:
            failures[0] -= 1
            raise JournalError(f"cannot read {db}: too many open files")
        return real(*args, **kwargs)

    monkeypatch.setattr(journal, "events", failing)
    with Session.open(db, game) as other:  # another process's command: only the poll sees it
        assert other.execute("pay ann 100").ok
    await soon(lambda: feed.session.state.players[0].cash == 1400, "the poll to read the other process's command", 5)
    assert not feed.stale
    assert len(errors) == 1  # said once, though the poll failed three times
    # A snapshot that could not be drawn is drawn again on the next poll.
    from tests.kit.phones import next_snapshot, path_of

    async with contextlib.AsyncExitStack() as stack:
        import aiohttp

        http = await stack.enter_async_context(aiohttp.ClientSession())
        stream = await stack.enter_async_context(http.get(f"{served.base_url}{path_of(links, 0)}/events"))
        assert cash_of(await next_snapshot(stream), "Ann") == 1400
        from banker.web import pages

        real_view = pages.view_of
        broken = [2]

        def view_of(session, **kwargs):
            if broken[0]:
                broken[0] -= 1
                raise OSError(24, "Too many open files")
            return real_view(session, **kwargs)

        monkeypatch.setattr(pages, "view_of", view_of)
        with Session.open(db, game) as other:
            assert other.execute("pay ann 50").ok
        assert cash_of(await next_snapshot(stream), "Ann") == 1350
        assert not feed.unsent


SERVE_UNCAPPED = """
import asyncio, sys
from banker.web import server
server.connection_cap = lambda descriptors: 10_000  # no cap: the process runs out of descriptors instead
from banker.web.server import serve_forever
from pathlib import Path
try:
    asyncio.run(serve_forever(Path(sys.argv[1]), int(sys.argv[2]), "127.0.0.1", 0, lambda l: print(l, flush=True)))
except KeyboardInterrupt:
    pass
"""


def test_out_of_descriptors_the_oldest_idle_connection_goes_and_the_failure_is_said_once(tmp_path):
    """With no cap (as if the cap were wrong), the accept loop itself runs out of descriptors: it closes the
    oldest idle connection and accepts again, and says so in one line, not a traceback per connection."""
    db = tmp_path / "uncapped.db"
    game = phone_game(db, names=("Ann", "Bob"))
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE_UNCAPPED, str(db), str(game)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_small_limits,
    )
    held: list[socket.socket] = []
    try:
        urls = dict(proc.stdout.readline().rstrip("\n").split(": ", 1) for _ in range(3))
        port = int(urls["Ann"].split(":")[2].split("/")[0])
        for i in range(15):
            held += _hold("127.0.0.1", port, 20, f"127.0.3.{i + 1}")
        with urllib.request.urlopen(urls["Ann"], timeout=scaled(10)) as page:
            assert page.status == 200 and "$1,500" in page.read().decode()
    finally:
        for sock in held:
            sock.close()
        proc.send_signal(signal.SIGINT)
        try:
            _out, err = proc.communicate(timeout=scaled(15))
        except subprocess.TimeoutExpired:
            proc.kill()
            _out, err = proc.communicate()
    lines = err.splitlines()
    assert "phone pages: accepting a connection failed: Too many open files (EMFILE)" in lines, repr(lines[:3])
    assert len(lines) <= 4 and "Traceback" not in err, err[-2000:]
