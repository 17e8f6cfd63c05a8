"""The phone pages' server: aiohttp on the caller's event loop (the app's, or ``banker serve``'s).

Routes: ``GET /<token>`` the page (player or table, by the token), ``GET /<token>/events`` a server-sent event
stream of snapshots of that page (:func:`banker.web.pages.snapshot`): one on connect, one after every change of
the game, a ``ping`` every :data:`PING_SECONDS`; and the phones' requests (:mod:`banker.web.requests`, registered
by :func:`banker.web.requests.register`): a phone asks, the banker's key records. Any other method is 405 and any
other path or token 404; the game's journal is never written here (a request is stored as pending; only
:meth:`banker.session.Session.execute` records it).

One :class:`Feed` per served game holds a read-only :class:`~banker.session.Session` of its own (one reader per
game, however many phones) and notices every commit to the database by ``PRAGMA data_version`` every
:data:`POLL_SECONDS`: the app's own commands, another process's ``banker do``, an undo. Only then does it reload
(the session's change listener) and push a snapshot to the phones of that game. The app also calls
:meth:`PhoneServer.changed` as soon as it records a command (its session's listener), so the phones need not
wait for the next poll.

The new snapshots are written as soon as the feed has them, each as an HTTP chunk straight to its connection's
transport (aiohttp sent the headers and the first snapshot): the phones do not wait for their handlers' turn of a
loop that is busy drawing the app's next frame. A phone that sleeps, drops its connection or crashes costs one
stream that ends at its next failed write, or as soon as more than :data:`BUFFER_LIMIT` bytes wait for it (a
phone that stopped reading): it reconnects by itself and catches up from the snapshot sent on connect. A failure
of the server (the database unreadable for a moment) is reported through ``on_error`` and the server carries on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from pathlib import Path

from aiohttp import web

from banker.journal import TABLE_SEAT, Journal
from banker.session import Session
from banker.web import asking, pages, requests
from banker.web.links import Link, tokens, url_host

POLL_SECONDS = 0.05
"""How often each served game checks ``PRAGMA data_version`` for another connection's commit."""
PING_SECONDS = 15.0
"""A stream with nothing to say sends a ``ping`` event this often: a dead connection shows at the next write,
and the page's script reconnects when it hears nothing for three times as long."""
BUFFER_LIMIT = 256 * 1024
"""A phone with more than this waiting to be sent (about fifty snapshots: asleep, or gone without a word) has its
stream closed; it catches up when it reconnects."""
RETRY_MS = 2000
"""How soon a browser reconnects a dropped stream (the ``retry`` field of the stream)."""

_PING = b"event: ping\ndata: \n\n"
_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Robots-Tag": "noindex, nofollow",
}
_STREAM_HEADERS = {"Content-Type": "text/event-stream; charset=utf-8", "X-Accel-Buffering": "no"}
_TOKEN = r"{token:[A-Za-z0-9_-]{16,64}}"

log = logging.getLogger("banker.web")


def frame(snapshot: str) -> bytes:
    """One ``snapshot`` event of the stream (the JSON is on one line)."""
    return f"event: snapshot\ndata: {snapshot}\n\n".encode()


class Stream:
    """One phone's event stream once its first snapshot is sent: later frames go straight to its connection as
    HTTP chunks (the response is chunked, as every HTTP/1.1 stream aiohttp sends), so a change reaches the phones
    on the feed's turn of the loop, however busy the rest of the loop is. Its handler only sends the pings and
    ends the stream when it closes."""

    __slots__ = ("closed", "event", "seat", "transport")

    def __init__(self, seat: int, transport: asyncio.Transport | None) -> None:
        self.seat = seat
        self.transport = transport
        self.closed = False
        self.event = asyncio.Event()

    def put(self, data: bytes) -> None:
        """Send ``data`` now; a phone that is gone or not reading (:data:`BUFFER_LIMIT`) ends its stream."""
        if self.closed:
            return
        transport = self.transport
        if not data or transport is None or transport.is_closing():
            self.close()
            return
        if transport.get_write_buffer_size() > BUFFER_LIMIT:
            transport.close()  # asleep or gone: it reconnects and catches up
            self.close()
            return
        transport.write(b"%x\r\n%b\r\n" % (len(data), data))

    def close(self) -> None:
        self.closed = True
        self.event.set()

    async def wait(self) -> bool:
        """Until the stream closes (True) or :data:`PING_SECONDS` pass (False)."""
        try:
            await asyncio.wait_for(self.event.wait(), PING_SECONDS)
        except TimeoutError:
            return self.closed
        return True


class Feed:
    """One served game: its read-only session, its pages' tokens and the streams open on them."""

    def __init__(
        self,
        db_path: Path,
        game_id: int,
        seats: dict[str, int],
        on_error: Callable[[BaseException], None],
        asks: bool = False,
    ) -> None:
        journal = Journal(db_path, create=False, readonly=True)
        try:
            self.session = Session(journal, game_id)
        except BaseException:
            journal.close()
            raise
        self._journal = journal
        self.seats = seats
        """Token -> seat (:data:`TABLE_SEAT`: the table page)."""
        self.streams: set[Stream] = set()
        self._on_error = on_error
        self._version = journal.data_version()
        self._pending = False
        self.asks = self.session.phones_ask(asks)
        """Phones may ask (docs/phones.md): the players' pages carry the request forms and their statuses (the
        game's own choice from the new-game screen, else the server's setting)."""
        self._asked = self.session.requests_mark()
        self.auction: dict | None = None
        """The auction the banker has open in the app, as the pages show it (:meth:`PhoneServer.auction`)."""
        self.session.add_listener(self._changed)
        self._task = asyncio.get_running_loop().create_task(self._watch())

    def data(self, seat: int, view: pages.View | None = None) -> dict:
        view = view or pages.view_of(self.session)
        if seat == TABLE_SEAT:
            return pages.table_data(view)
        data = pages.player_data(view, seat)
        if self.asks:
            data["asks"] = self._requests(seat)
            data["asks"]["auction"] = self.auction
        return data

    def _requests(self, seat: int) -> dict:
        """A player's latest requests and what the forms offer (the page's request section)."""
        session = self.session
        names = [p.name for p in session.state.players]
        rows = session.requests(seat=seat, limit=pages.REQUEST_LINES)
        token = next(t for t, s in self.seats.items() if s == seat)
        return {
            "path": f"/{token}",
            "requests": [asking.as_json(asking.standing(session, r), names) for r in reversed(rows)],
            "choices": pages.form_choices(session.state, seat),
        }

    def check(self) -> None:
        """Catch up with the database if another connection committed since the last look."""
        version = self._journal.data_version()
        if version != self._version:
            self._version = version
            if not self.session.reload() and self.asks:  # the listener pushes, if the game changed
                self.requests_changed()

    def push(self) -> None:
        """A new snapshot for every page watched (something the journal does not hold changed: an auction)."""
        self._changed(self.session)

    def requests_changed(self) -> None:
        """A request was made, withdrawn, declined or recorded: push the players' pages if anything did change."""
        mark = self.session.requests_mark()
        if mark != self._asked:
            self._asked = mark
            self._changed(self.session)

    def poke(self) -> None:
        """The game changed (the app recorded a command): read it in and push it on the loop's next turn, once
        however many commands were recorded in this one, and after the caller (the app's key press) is done."""
        if not self._pending:
            self._pending = True
            asyncio.get_running_loop().call_soon(self.refresh)

    def refresh(self) -> None:
        """Read in what changed and push it (about 2 ms for eight phones); a failure is reported, never raised."""
        self._pending = False
        try:
            self.session.reload()
        except Exception as exc:  # noqa: BLE001 - the server reports and carries on; the game is not touched
            self._on_error(exc)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            try:
                self.check()
            except Exception as exc:  # noqa: BLE001
                self._on_error(exc)

    def _changed(self, _session: Session) -> None:
        """The session's listener: a new snapshot for every page that has a phone watching."""
        if self.asks:
            self._asked = self.session.requests_mark()
        if not self.streams:
            return
        view = pages.view_of(self.session)
        frames: dict[int, bytes] = {}
        for stream in list(self.streams):
            if stream.seat not in frames:
                frames[stream.seat] = frame(pages.snapshot(self.data(stream.seat, view)))
            stream.put(frames[stream.seat])

    async def close(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        for stream in list(self.streams):
            stream.close()
        self.session.remove_listener(self._changed)
        self.session.close()


class PhoneServer:
    """The pages of the games the banker turned them on for (:meth:`serve`), on ``host:port`` (port 0: any)."""

    def __init__(
        self,
        db_path: str | Path,
        host: str,
        port: int,
        on_error: Callable[[BaseException], None] | None = None,
        asking: bool = True,
    ) -> None:
        self.db_path = Path(db_path)
        self.asking = asking
        """Phones may ask the banker to record their payments (docs/phones.md); False: the pages only read."""
        self.on_request: Callable[[int], None] | None = None
        """Called with the game's id when a phone made or withdrew a request (the app's inbox count)."""
        self.on_bid: Callable[[int, int, int], str | None] | None = None
        """A phone's bid in the auction the banker opened: (game, seat, amount) -> None when the auction took it,
        else why not (the app's auction dialog)."""
        self.asked = requests.Asked(self)
        self.host = host
        self.port = port
        self.on_error = on_error or (lambda exc: log.error("phone pages: %s", exc))
        self.feeds: dict[int, Feed] = {}
        self._pages: dict[str, Feed] = {}
        self._runner: web.AppRunner | None = None
        self.app = self._make_app()

    # Running ---------------------------------------------------------------------------------------------------
    def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        app.router.add_get(f"/{_TOKEN}", self._page)
        app.router.add_get(f"/{_TOKEN}/events", self._events)
        requests.register(app, self, _TOKEN)
        app.on_response_prepare.append(_secure)
        app.on_shutdown.append(self._close_feeds)
        return app

    async def start(self) -> None:
        """Listen (``OSError`` if the address cannot be used: a port in use, a host not of this machine). No
        signal handlers: the app's (Textual's) or ``asyncio.run``'s stay in charge."""
        runner = web.AppRunner(self.app, handle_signals=False, access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = runner.addresses[0][1]

    async def stop(self) -> None:
        """Close every stream and stop listening; the feeds' sessions are closed (they wrote nothing)."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()  # on_shutdown closes the feeds first, so the streams end at once
        await self._close_feeds()
        self.asked.close()

    @property
    def running(self) -> bool:
        return self._runner is not None

    @property
    def base_url(self) -> str:
        return f"http://{url_host(self.host)}:{self.port}"

    # Games -------------------------------------------------------------------------------------------------------
    def serve(self, game_id: int) -> list[Link]:
        """Turn the pages of a game on (its tokens made the first time) and return its links: one per player in
        seating order, then the table's."""
        feed = self.feeds.get(game_id)
        if feed is None:
            info = _names(self.db_path, game_id)
            by_seat = tokens(self.db_path, game_id, len(info))
            feed = Feed(self.db_path, game_id, {t: s for s, t in by_seat.items()}, self._failed, self.asking)
            self.feeds[game_id] = feed
            self._pages.update(dict.fromkeys(feed.seats, feed))
        names = [p.name for p in feed.session.state.players]
        by_seat = {s: t for t, s in feed.seats.items()}
        return [
            Link(names[s] if s != TABLE_SEAT else "table", f"{self.base_url}/{by_seat[s]}", s)
            for s in [*range(len(names)), TABLE_SEAT]
        ]

    def changed(self, game_id: int | None = None) -> None:
        """A command was recorded (in this process): the phones of that game (None: of every game) update on the
        loop's next turn, without waiting for the next poll."""
        for gid, feed in list(self.feeds.items()):
            if game_id is None or gid == game_id:
                feed.poke()

    def requested(self, game_id: int) -> None:
        """A phone made or withdrew a request: its page updates, and the app's inbox count."""
        feed = self.feeds.get(game_id)
        if feed is not None:
            feed.requests_changed()
        if self.on_request is not None:
            try:
                self.on_request(game_id)
            except Exception as exc:  # noqa: BLE001 - the app's count must not break the phone's answer
                self._failed(exc)

    def auction(self, game_id: int, info: dict | None) -> None:
        """The banker's auction dialog opened, took a bid or closed (None): the players' pages show it and offer a
        bid (docs/phones.md)."""
        feed = self.feeds.get(game_id)
        if feed is not None and feed.auction != info:
            feed.auction = info
            feed.push()

    def session_changed(self, session: Session) -> None:
        """A :meth:`Session.add_listener` callback for the app's session."""
        self.changed(session.game_id)

    async def _close_feeds(self, _app: web.Application | None = None) -> None:
        self.asked.close()  # reopened if a phone asks again (serve() after a stop)
        feeds, self.feeds, self._pages = list(self.feeds.values()), {}, {}
        for feed in feeds:
            try:
                await feed.close()
            except Exception as exc:  # noqa: BLE001 - closing a reader must not stop the others closing
                self._failed(exc)

    def _failed(self, exc: BaseException) -> None:
        try:
            self.on_error(exc)
        except Exception:  # noqa: BLE001 - the report itself must not break the server
            log.exception("phone pages: reporting an error failed")

    # Requests --------------------------------------------------------------------------------------------------
    @web.middleware
    async def _guard(self, request: web.Request, handler):
        if request.method not in ("GET", "HEAD") and not requests.writes(request):
            raise web.HTTPMethodNotAllowed(request.method, ["GET", "HEAD"])
        try:
            return await handler(request)
        except web.HTTPException:
            raise
        except (ConnectionError, asyncio.CancelledError):
            raise
        except Exception as exc:  # noqa: BLE001 - a page that cannot be drawn is a 500, never a stopped game
            self._failed(exc)
            raise web.HTTPInternalServerError(text="The banker's laptop could not draw this page.") from None

    def find(self, request: web.Request) -> tuple[Feed, int]:
        """The served game and seat of a link (404 for any other path)."""
        return self._find(request)

    def _find(self, request: web.Request) -> tuple[Feed, int]:
        token = request.match_info["token"]
        feed = self._pages.get(token)
        if feed is None:
            raise web.HTTPNotFound(text="No such page: ask the banker for your link.")
        return feed, feed.seats[token]

    async def _page(self, request: web.Request) -> web.Response:
        feed, seat = self._find(request)
        feed.check()
        html = pages.page(feed.data(seat))
        return web.Response(
            text=html,
            content_type="text/html",
            charset="utf-8",
            headers={"Content-Security-Policy": pages.content_security_policy()},
        )

    async def _events(self, request: web.Request) -> web.StreamResponse:
        feed, seat = self._find(request)
        if request.method == "HEAD":
            return web.Response(headers=_STREAM_HEADERS)
        if request.version < (1, 1):
            raise web.HTTPVersionNotSupported(text="The live figures need HTTP/1.1.")
        feed.check()
        seq = feed.session.last_seq
        first = frame(pages.snapshot(feed.data(seat)))
        response = web.StreamResponse(headers=_STREAM_HEADERS)
        response.enable_chunked_encoding()  # what Stream.put writes: HTTP/1.1 chunks
        await response.prepare(request)
        stream = Stream(seat, request.transport)
        try:
            await response.write(f"retry: {RETRY_MS}\n\n".encode() + first)  # the headers and the first snapshot
            feed.streams.add(stream)
            if feed.session.last_seq != seq:  # the game moved on while that was sent
                stream.put(frame(pages.snapshot(feed.data(seat))))
            while not await stream.wait():
                stream.put(_PING)
        except ConnectionError:
            pass  # the phone went away (asleep, closed, crashed): its stream ends, nothing else does
        finally:
            feed.streams.discard(stream)
            stream.closed = True
        return response


async def _secure(_request: web.Request, response: web.StreamResponse) -> None:
    for key, value in _HEADERS.items():
        response.headers.setdefault(key, value)


def _names(db_path: Path, game_id: int) -> list[str]:
    journal = Journal(db_path, create=False, readonly=True)
    try:
        info = journal.game(game_id)
    finally:
        journal.close()
    if info is None:
        raise LookupError(f"there is no game {game_id} in {db_path}")
    return info["names"]


async def serve_forever(
    db_path: Path, game_id: int, host: str, port: int, say: Callable[[str], None], asking: bool = True
) -> None:
    """``banker serve``: serve one game's pages until cancelled (Ctrl+C), printing each link (``asking``: phones
    may ask the banker to record their payments; ``banker requests`` or the app's inbox records them)."""
    server = PhoneServer(db_path, host, port, asking=asking)
    await server.start()
    try:
        for link in server.serve(game_id):
            say(f"{link.name}: {link.url}")
        await asyncio.Event().wait()
    finally:
        await server.stop()
