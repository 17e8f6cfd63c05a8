"""Bounds on the phone pages' connections, so that one guest on the Wi-Fi cannot lock the phones out.

The server accepts its connections itself (:class:`Listener`, instead of asyncio's accept loop) and keeps every
connection in :class:`Limits`:

- at most :func:`connection_cap` connections in all (what the process's descriptor limit leaves after
  :data:`RESERVED_DESCRIPTORS` for the game's own files) and :data:`PER_ADDRESS` from one address; a connection
  beyond either cap closes the oldest *idle* one first (one with no request being answered: a connection that has
  sent nothing yet, or a keep-alive between requests), and only when none is idle the oldest of the address that
  holds the most;
- a connection that sends no complete request within :data:`REQUEST_SECONDS` of opening, or no next request within
  :data:`IDLE_SECONDS` of its last answer (a keep-alive), is closed; a request being answered (a phone's event
  stream) is never timed out;
- :func:`raise_descriptor_limit` raises the process's soft descriptor limit to what the system allows;
- each link's requests are paced (:class:`Pace`): a burst of :data:`PACE_BURST`, then :data:`PACE_RATE` a second;
  more wait their turn, and one that would wait more than :data:`PACE_MOST_WAIT` is answered 429 at once, so one
  guest with a link holds at most a small share of the server however fast it sends (issue 31);
- a failure of the accept loop (out of descriptors, a connection reset before it was accepted) is said once per
  kind, then counted and said again as one line with the count at most every :data:`REPORT_SECONDS`
  (:class:`Tally`): never a traceback per connection. Out of descriptors, the oldest idle connection is closed at
  once and the accept tried again.

No aiohttp here: the server (:mod:`banker.web.server`) wraps each of aiohttp's protocols in a :class:`Connection`
and tells :class:`Limits` when a request starts and ends (its middleware).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import logging
import socket
import time
from collections.abc import Callable

from rules.i18n import _, ngettext

MAX_CONNECTIONS = 512
"""Connections held at once, whatever the descriptor limit (eight phones need a dozen or so)."""
PER_ADDRESS = 32
"""Connections from one address (a browser opens up to six to one server; a phone, a few tabs)."""
RESERVED_DESCRIPTORS = 64
"""Descriptors kept for the rest of the process: the database and its log, the terminal, the app's own files."""
REQUEST_SECONDS = 10.0
"""A new connection has this long to send a complete request (its headers)."""
IDLE_SECONDS = 15.0
"""A keep-alive connection has this long after an answer to send its next request."""
SWEEP_SECONDS = 1.0
"""How often the timed-out connections are looked for."""
REPORT_SECONDS = 60.0
"""A failure already said is said again, with its count, at most this often."""
ACCEPT_PAUSE = 0.25
"""Out of descriptors with no idle connection to close: the accept loop waits this long before trying again."""
DESCRIPTOR_CEILING = 65536
"""The soft descriptor limit is raised to the hard one, but not beyond this."""
PACE_BURST = 10
"""Requests a link may send at once (a page, its stream, a preview as the player types, a send)."""
PACE_RATE = 20.0
"""Then, requests a second a link may send (a person taps a few times a minute)."""
PACE_MOST_WAIT = 2.0
"""A request that would wait longer than this for its turn is answered 429 at once (nothing queues for ever)."""

_OUT_OF_RESOURCES = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}

log = logging.getLogger("banker.web")


def raise_descriptor_limit() -> int:
    """Raise the soft limit of open descriptors to the hard limit (at most :data:`DESCRIPTOR_CEILING`); the soft
    limit now in force (0 where the system has no such limit)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit per process
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = DESCRIPTOR_CEILING if hard == resource.RLIM_INFINITY else min(hard, DESCRIPTOR_CEILING)
    if soft != resource.RLIM_INFINITY and target > soft:
        for wanted in (target, 10240):  # 10240: macOS's OPEN_MAX, when the hard limit is "unlimited"
            if wanted <= soft:
                break
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
                return wanted
            except (ValueError, OSError):
                continue
    return soft if soft != resource.RLIM_INFINITY else DESCRIPTOR_CEILING


def connection_cap(descriptors: int) -> int:
    """How many connections the server holds with ``descriptors`` open files allowed (0: no limit known)."""
    if descriptors <= 0:
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, descriptors - RESERVED_DESCRIPTORS))


class Pace:
    """Each link's requests as a bucket of :data:`PACE_BURST` turns, refilled at :data:`PACE_RATE` a second: a
    request takes a turn, and one that finds none waits until its turn comes (the turns owed are counted, so
    requests sent at once are answered one by one at the rate). Keyed by the link's token: as many buckets as
    links, never one per guest's guess."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._links: dict[str, tuple[float, float]] = {}
        """token -> (turns left, negative when owed; when counted)."""

    def wait(self, key: str) -> float | None:
        """Seconds the request must wait for its turn (0: none), or None when that is more than
        :data:`PACE_MOST_WAIT` (then it takes no turn: answer it 429)."""
        now = self._clock()
        turns, when = self._links.get(key, (float(PACE_BURST), now))
        turns = min(float(PACE_BURST), turns + (now - when) * PACE_RATE)
        delay = max(0.0, (1.0 - turns) / PACE_RATE)
        if delay > PACE_MOST_WAIT:
            self._links[key] = (turns, now)
            return None
        self._links[key] = (turns - 1.0, now)
        return delay


def _counted(message: str, unsaid: int) -> str:
    return ngettext(
        "{message} ({n} time since it was last said)", "{message} ({n} times since it was last said)", unsaid
    ).format(message=message, n=unsaid)


class Tally:
    """Failures counted by kind: the first of a kind is said at once, later ones as one line with their count, at
    most every :data:`REPORT_SECONDS` (and when :meth:`flush` is called)."""

    def __init__(self, say: Callable[[str], None], clock: Callable[[], float] = time.monotonic) -> None:
        self._say = say
        self._clock = clock
        self._kinds: dict[str, tuple[str, int, float]] = {}
        """kind -> (message, count not yet said, when last said)."""
        self.counts: dict[str, int] = {}
        """Every failure seen, by kind."""

    def note(self, kind: str, message: str) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1
        now = self._clock()
        seen = self._kinds.get(kind)
        if seen is None:
            self._kinds[kind] = (message, 0, now)
            self._tell(message)
            return
        _message, unsaid, said = seen
        unsaid += 1
        if now - said >= REPORT_SECONDS:
            self._kinds[kind] = (message, 0, now)
            self._tell(_counted(message, unsaid))
        else:
            self._kinds[kind] = (message, unsaid, said)

    def due(self) -> None:
        """Say the counts not said for :data:`REPORT_SECONDS` (a flood that stopped is still said with its count,
        within a minute, not only when the next failure of its kind comes)."""
        now = self._clock()
        for kind, (message, unsaid, said) in list(self._kinds.items()):
            if unsaid and now - said >= REPORT_SECONDS:
                self._kinds[kind] = (message, 0, now)
                self._tell(_counted(message, unsaid))

    def flush(self) -> None:
        """Say the counts not yet said."""
        for kind, (message, unsaid, _said) in list(self._kinds.items()):
            if unsaid:
                self._kinds[kind] = (message, 0, self._clock())
                self._tell(_counted(message, unsaid))

    def _tell(self, text: str) -> None:
        try:
            self._say(text)
        except Exception:  # noqa: BLE001 - saying a failure must never stop the server
            log.warning("phone pages: %s", text)


def _kind(error: OSError) -> str:
    return errno.errorcode.get(error.errno or 0, type(error).__name__)


class Connection(asyncio.Protocol):
    """One accepted connection: aiohttp's protocol for it (``inner``), with what :class:`Limits` needs to know."""

    def __init__(self, limits: Limits, inner: asyncio.Protocol, address: str) -> None:
        self.limits = limits
        self.inner = inner
        self.address = address
        self.transport: asyncio.Transport | None = None
        self.busy = 0
        """Requests being answered on it (an event stream is one for as long as it is open)."""
        self.deadline = limits.clock() + limits.request_seconds
        self.closed = False
        self._made = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        if self.closed:  # closed by the limits before asyncio finished making it
            transport.abort()  # type: ignore[attr-defined]
            return
        self.limits.made(self)
        self._made = True
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self.limits.forget(self)
        if self._made:
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def close(self) -> None:
        """Close it now (nothing is owed to an idle connection; a busy one's phone reconnects)."""
        if self.closed:
            return
        self.closed = True
        self.limits.forget(self)
        if self.transport is not None:
            self.transport.abort()


class Limits:
    """The connections of one server, oldest first, and the caps and timeouts that bound them."""

    def __init__(
        self,
        cap: int = MAX_CONNECTIONS,
        per_address: int = PER_ADDRESS,
        request_seconds: float = REQUEST_SECONDS,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.cap = cap
        self.per_address = per_address
        self.request_seconds = request_seconds
        self.idle_seconds = idle_seconds
        self.clock = clock
        self.connections: dict[Connection, None] = {}
        """Every open connection, oldest first."""
        self._by_address: dict[str, dict[Connection, None]] = {}
        self._by_transport: dict[object, Connection] = {}
        self.closed_by: dict[str, int] = {"cap": 0, "address": 0, "timeout": 0, "descriptors": 0}
        """How many connections the limits closed, by why."""
        self._sweeper: asyncio.Task[None] | None = None

    # The connections --------------------------------------------------------------------------------------------
    def admit(self, address: str) -> None:
        """Make room for a new connection from ``address``: the caps close the oldest idle ones first."""
        mine = self._by_address.get(address, {})
        while len(mine) >= self.per_address:
            self._close(self._oldest(mine), "address")
        while len(self.connections) >= self.cap:
            victim = self._oldest_idle(self.connections)
            if victim is None:
                crowd = max(self._by_address.values(), key=len)
                victim = next(iter(crowd))
            self._close(victim, "cap")

    def add(self, connection: Connection) -> None:
        self.connections[connection] = None
        self._by_address.setdefault(connection.address, {})[connection] = None

    def made(self, connection: Connection) -> None:
        if connection.transport is not None:
            self._by_transport[connection.transport] = connection

    def forget(self, connection: Connection) -> None:
        self.connections.pop(connection, None)
        mine = self._by_address.get(connection.address)
        if mine is not None:
            mine.pop(connection, None)
            if not mine:
                del self._by_address[connection.address]
        if connection.transport is not None:
            self._by_transport.pop(connection.transport, None)

    def shed(self) -> bool:
        """Out of descriptors: close the oldest idle connection; False if there is none."""
        victim = self._oldest_idle(self.connections)
        if victim is None:
            return False
        self._close(victim, "descriptors")
        return True

    def _oldest(self, connections: dict[Connection, None]) -> Connection:
        return self._oldest_idle(connections) or next(iter(connections))

    @staticmethod
    def _oldest_idle(connections: dict[Connection, None]) -> Connection | None:
        return next((c for c in connections if not c.busy), None)

    def _close(self, connection: Connection, why: str) -> None:
        self.closed_by[why] += 1
        connection.close()

    # Requests (the server's middleware) -----------------------------------------------------------------------
    def started(self, transport: object) -> Connection | None:
        """A request arrived complete on ``transport``: its connection is busy until :meth:`finished`."""
        connection = self._by_transport.get(transport)
        if connection is not None:
            connection.busy += 1
            connection.deadline = float("inf")
        return connection

    def finished(self, connection: Connection) -> None:
        connection.busy = max(0, connection.busy - 1)
        if not connection.busy:
            connection.deadline = self.clock() + self.idle_seconds

    # Timeouts -----------------------------------------------------------------------------------------------------
    def sweep(self) -> int:
        """Close the connections whose time to send a request ran out; how many."""
        now = self.clock()
        late = [c for c in self.connections if not c.busy and c.deadline <= now]
        for connection in late:
            self._close(connection, "timeout")
        return len(late)

    def start(self) -> None:
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            self.sweep()

    async def stop(self) -> None:
        """Stop the timeouts and close every connection still open."""
        sweeper, self._sweeper = self._sweeper, None
        if sweeper is not None:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
        for connection in list(self.connections):
            connection.close()


def _reaches_loopback(bound: tuple[object, object]) -> bool:
    """A socket bound to this (family, address) answers at 127.0.0.1: an IPv4 loopback or wildcard address."""
    try:
        address = ipaddress.ip_address(str(bound[1]).split("%", 1)[0])
    except ValueError:
        return False
    return address.version == 4 and (address.is_loopback or address.is_unspecified)


class Listener:
    """The listening sockets of one server and their accept loops: each accepted connection is admitted by the
    limits (which may close older ones), wrapped in a :class:`Connection` and handed to aiohttp's protocol."""

    def __init__(
        self,
        host: str,
        port: int,
        protocol: Callable[[], asyncio.Protocol],
        limits: Limits,
        tally: Tally,
        backlog: int = 1024,
        loopback: bool = False,
    ) -> None:
        self.host = host
        self.port = port
        self.loopback = loopback
        """Listen on 127.0.0.1 too (same port) when ``host`` names no loopback or wildcard address, so the laptop
        itself reaches the pages (loopback is only this machine: no exposure added). Best effort: a loopback port
        another program holds leaves the pages on ``host`` alone."""
        self.on_loopback = False
        """Whether the pages are reachable at 127.0.0.1 (``host`` is a loopback or wildcard address, or the extra
        loopback socket is listening)."""
        self._protocol = protocol
        self.limits = limits
        self.tally = tally
        self.backlog = backlog
        self.sockets: list[socket.socket] = []
        self._tasks: list[asyncio.Task[None]] = []
        self._pending: set[asyncio.Task[None]] = set()

    def open(self) -> int:
        """Listen on every address ``host`` names (``OSError`` if one cannot be used) and start accepting; the
        port (the one chosen when asked for port 0)."""
        infos = socket.getaddrinfo(
            self.host or None, self.port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP, flags=socket.AI_PASSIVE
        )
        seen = set()
        port = self.port
        try:
            for family, kind, proto, _name, address in infos:
                if (family, address[0]) in seen:
                    continue
                seen.add((family, address[0]))
                sock = socket.socket(family, kind, proto)
                self.sockets.append(sock)
                if hasattr(socket, "SO_REUSEADDR") and socket.SO_REUSEADDR and not _windows():
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                    sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                sock.bind((address[0], port, *address[2:]))
                port = sock.getsockname()[1]  # port 0: the others take the port the first got
                sock.listen(self.backlog)
                sock.setblocking(False)
        except BaseException:
            self.close()
            raise
        self.on_loopback = any(_reaches_loopback(address) for address in seen)
        if self.loopback and not self.on_loopback:
            self._add_loopback(port)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._accept(sock)) for sock in self.sockets]
        self.port = port
        return port

    def _add_loopback(self, port: int) -> None:
        """The extra 127.0.0.1 socket on ``port`` (nothing when it cannot be had: the pages stay on the host)."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            if hasattr(socket, "SO_REUSEADDR") and socket.SO_REUSEADDR and not _windows():
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(("127.0.0.1", port))
            sock.listen(self.backlog)
            sock.setblocking(False)
        except OSError:
            sock.close()
            return
        self.sockets.append(sock)
        self.on_loopback = True

    async def _accept(self, sock: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                conn, address = await loop.sock_accept(sock)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError as exc:
                if sock.fileno() < 0:
                    return  # closed: the server stopped
                self.tally.note(
                    _kind(exc), _("phone pages: accepting a connection failed: {why}").format(why=_said(exc))
                )
                if exc.errno in _OUT_OF_RESOURCES and not self.limits.shed():
                    await asyncio.sleep(ACCEPT_PAUSE)
                continue
            self._connect(loop, conn, str(address[0]))
            # An accept that finds a connection waiting does not yield: let the loop make the transports and
            # close the connections the caps closed (their descriptors are freed then) before the next one.
            await asyncio.sleep(0)

    def _connect(self, loop: asyncio.AbstractEventLoop, conn: socket.socket, address: str) -> None:
        """Admit a connection (the caps may close older ones) and hand it to asyncio, which makes its transport
        on a later turn of the loop; the accept loop goes straight on to the next one."""
        self.limits.admit(address)
        try:
            connection = Connection(self.limits, self._protocol(), address)
        except Exception as exc:  # noqa: BLE001 - aiohttp shutting down: this connection only is refused
            conn.close()
            self.tally.note(
                type(exc).__name__, _("phone pages: a connection could not be served: {why}").format(why=exc)
            )
            return
        self.limits.add(connection)
        task = loop.create_task(self._made(loop, conn, connection))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _made(self, loop: asyncio.AbstractEventLoop, conn: socket.socket, connection: Connection) -> None:
        try:
            await loop.connect_accepted_socket(lambda: connection, conn)
        except asyncio.CancelledError:  # the server stopped first
            self.limits.forget(connection)
            if connection.transport is None:
                conn.close()
            raise
        except OSError as exc:
            self.limits.forget(connection)
            conn.close()
            self.tally.note(
                _kind(exc), _("phone pages: a connection could not be served: {why}").format(why=_said(exc))
            )

    def close(self) -> None:
        """Stop accepting (the connections already open are the limits' to close)."""
        for task in [*self._tasks, *self._pending]:
            task.cancel()
        self._tasks = []
        for sock in self.sockets:
            with contextlib.suppress(OSError):
                sock.close()
        self.sockets = []


def _said(error: OSError) -> str:
    name = errno.errorcode.get(error.errno or 0)
    text = error.strerror or str(error) or type(error).__name__
    return f"{text} ({name})" if name else text


def _windows() -> bool:
    import sys

    return sys.platform == "win32"
