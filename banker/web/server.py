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
import contextvars
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path

from aiohttp import web

from banker.journal import TABLE_SEAT, Journal, JournalError, NoGame
from banker.language import LANGUAGES, accepted, installed, speaking, spoken
from banker.reports.story import WorthKeeper
from banker.session import Session
from banker.web import asking, pages, requests
from banker.web.limits import (
    IDLE_SECONDS,
    REPORT_SECONDS,
    Limits,
    Listener,
    Pace,
    Tally,
    connection_cap,
    raise_descriptor_limit,
)
from banker.web.links import Link, tokens, url_host
from banker.web.page_data import AsksFacts, AuctionFacts, PageData
from rules.i18n import _, ngettext

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

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
_KINDS = "|".join(pages.PICTURE_SIZES)
"""The chart's pictures a page may fetch (``/<token>/chart/<kind>/<entry>.svg``)."""
PICTURES_KEPT = 24
"""The chart's pictures a game's feed keeps drawn (its worth, cash and the television's) for its last entries."""
_PICTURE_POLICY = "default-src 'none'; style-src 'unsafe-inline'"  # i18n-exempt: a header's value
LANGUAGE_COOKIE = "banker_language"
"""The language a phone chose on its page (a link of the page's chooser: ``?lang=de``), kept for a year."""
LANGUAGE_KEPT = 365 * 24 * 3600

log = logging.getLogger("banker.web")


def frame(snapshot: str) -> bytes:
    """One ``snapshot`` event of the stream (the JSON is on one line)."""
    return f"event: snapshot\ndata: {snapshot}\n\n".encode()  # i18n-exempt: the event stream's own words


def phone_language(request: web.Request) -> str:
    """The language a phone reads its page and every answer in: the one its page asks in (``?lang=``: the
    chooser's links, and every address the page names, so a page and what it fetches agree), else the one it chose
    before (:data:`LANGUAGE_COOKIE`), else the first shipped language its browser prefers (``Accept-Language``,
    read within bounds: :func:`banker.language.accepted`), else the banker's. Nothing else a phone sends is a
    language: an unknown code is passed over."""
    asked = request.query.get("lang", "")
    if asked in LANGUAGES:
        return asked
    kept = request.cookies.get(LANGUAGE_COOKIE, "")
    if kept in LANGUAGES:
        return kept
    return accepted(request.headers.get("Accept-Language")) or installed()


class Stream:
    """One phone's event stream once its first snapshot is sent: later frames go straight to its connection as
    HTTP chunks (the response is chunked, as every HTTP/1.1 stream aiohttp sends), so a change reaches the phones
    on the feed's turn of the loop, however busy the rest of the loop is. Its handler only sends the pings and
    ends the stream when it closes."""

    __slots__ = ("closed", "event", "language", "seat", "transport")

    def __init__(self, seat: int, transport: asyncio.Transport | None, language: str) -> None:
        self.seat = seat
        self.transport = transport
        self.language = language
        """The phone's language: its snapshots are drawn in it."""
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
    """One served game: its read-only session, its pages' tokens and the streams open on them.

    The feed is never left behind: a reload that failed (the database busy, the process out of descriptors) keeps
    the feed marked stale, and every poll tries again until one succeeds; a snapshot that could not be drawn is
    drawn again on the next poll. A failure is reported once (then counted) until the feed has caught up."""

    def __init__(
        self,
        db_path: Path,
        game_id: int,
        seats: dict[str, int],
        on_error: Callable[[BaseException], None],
        on_warning: Callable[[str], None] | None = None,
        on_replaced: Callable[[Feed], None] | None = None,
        asks: bool = False,
        drawer: Executor | None = None,
    ) -> None:
        journal = Journal(db_path, create=False, readonly=True)
        try:
            self.session = Session(journal, game_id)
        except BaseException:
            journal.close()
            raise
        self._journal = journal
        self.game_id = game_id
        self.seats = seats
        """Token -> seat (:data:`TABLE_SEAT`: the table page)."""
        self.streams: set[Stream] = set()
        self._on_error = on_error
        self._on_warning = on_warning or (lambda text: log.warning("%s", text))
        self._version = journal.data_version()
        self._pending = False
        self.stale = False
        """A reload failed: the next poll reads the journal again whatever ``data_version`` says."""
        self.unsent = False
        """A change was read in but its snapshots could not be drawn: the next poll draws them again."""
        self._failing = ""
        self._failures = 0
        self._on_replaced = on_replaced
        self.asks = self.session.phones_ask(asks)
        """Phones may ask (docs/phones.md): the players' pages carry the request forms and their statuses (the
        game's own choice from the new-game screen, else the server's setting)."""
        self._asked = self.session.requests_marks()
        """Each seat's requests as last pushed (:meth:`requests_changed` pushes only the pages whose list changed)."""
        self.worth = WorthKeeper()
        """The game's worth over time, for the pages' chart."""
        self._drawer = drawer
        """Where the chart's pictures are drawn (:meth:`PhoneServer.drawer`: one thread; None: the loop's
        default executor)."""
        self._pictures: OrderedDict[tuple[int, str, str], str] = OrderedDict()
        """The chart's pictures drawn, by (entry, kind, language), the oldest dropped first (:data:`PICTURES_KEPT`)."""
        self._drawing: dict[tuple[int, str, str], asyncio.Future[str]] = {}
        """The pictures being drawn: a second phone asking for one waits for the same drawing."""
        self.auction: AuctionFacts | None = None
        """The auction the banker has open in the app, as the pages show it (:meth:`PhoneServer.auction`)."""
        self.session.add_listener(self._changed)
        self._task = asyncio.get_running_loop().create_task(self._watch())

    def view(self) -> pages.View:
        """The game as the pages draw it, with its worth over time kept up to date (:class:`WorthKeeper`: each
        change values only the actions recorded since the last). The chart's pictures are not drawn here: a
        snapshot names them, and each page fetches its own (:meth:`chart`)."""
        return pages.view_of(self.session, story=self.worth.story(self.session))

    def token(self, seat: int) -> str:
        return next(t for t, s in self.seats.items() if s == seat)

    def link(self, seat: int) -> str:
        """The path of ``seat``'s page (``/<token>``)."""
        return f"/{self.token(seat)}"

    async def chart(self, seat: int, kind: str) -> tuple[int, str]:
        """The chart's picture of ``kind`` for ``seat``'s page at the current entry, in the language read here (its
        title and scale are words): (the entry, the SVG). Drawn once per entry, kind and language for every page
        (pygal's some 40 ms, in a thread that reads the same language: recording a command and its snapshots never
        wait for it), kept (the newest :data:`PICTURES_KEPT`), drawn once however many ask at once, and made the
        page's own as it is sent (:func:`pages.own_picture`, a fraction of a millisecond)."""
        view = self.view()
        at = (view.seq, kind, spoken())
        kept = self._pictures.get(at)
        if kept is not None:
            self._pictures.move_to_end(at)
            return view.seq, pages.own_picture(kept, seat)
        drawing = self._drawing.get(at)
        if drawing is None:
            chart = pages.chart_facts(view)
            if chart is None:
                raise web.HTTPNotFound(text=_("No chart yet."))
            loop = asyncio.get_running_loop()
            here = contextvars.copy_context()  # the thread draws in this request's language
            drawing = self._drawing[at] = asyncio.ensure_future(
                loop.run_in_executor(self._drawer, here.run, pages.draw_chart, chart, kind)
            )
            drawing.add_done_callback(lambda _done: self._drawn(at, drawing))
        return view.seq, pages.own_picture(await asyncio.shield(drawing), seat)

    def _drawn(self, at: tuple[int, str, str], drawing: asyncio.Future[str]) -> None:
        if self._drawing.get(at) is drawing:
            del self._drawing[at]
        if not drawing.cancelled() and drawing.exception() is None:
            self._pictures[at] = drawing.result()
            while len(self._pictures) > PICTURES_KEPT:
                self._pictures.popitem(last=False)

    def data(self, seat: int, view: pages.View | None = None) -> PageData:
        """``seat``'s page as plain JSON, its words in the language read here."""
        view = view or self.view()
        link = self.link(seat)
        if seat == TABLE_SEAT:
            return pages.table_data(view, link)
        data = pages.player_data(view, seat, link)
        if self.asks:
            data["asks"] = self._requests(seat)
        return data

    def _requests(self, seat: int) -> AsksFacts:
        """A player's latest requests and what the forms offer (the page's request section)."""
        session = self.session
        names = [p.name for p in session.state.players]
        rows = session.requests(seat=seat, limit=pages.REQUEST_LINES)
        return {
            "path": f"/{self.token(seat)}",
            "requests": [asking.as_json(asking.standing(session, r), names) for r in reversed(rows)],
            "choices": pages.form_choices(session.state, seat),
            "auction": self.auction,
        }

    def check(self) -> None:
        """Catch up with the database if another connection committed since the last look, or if the last
        reload failed; send the snapshots a failure held back. Raises what the database raised (and stays
        stale, so the next call tries again)."""
        if self._journal.replaced():
            with speaking(None):  # for the banker, whoever's request found it
                said = _("{path} was replaced by another file; the pages are reopening it").format(
                    path=self._journal.path
                )
            raise JournalError(said)
        version = self._journal.data_version()
        if version != self._version or self.stale:
            self.stale = True
            changed = self.session.reload()  # the listener pushes, if the game changed
            self._version = version
            self.stale = False
            if not changed and self.asks:
                self.requests_changed()  # a phone asked through another process's server
        if self.unsent:
            self._push()
        if not self.unsent:
            self._recovered()

    def push(self) -> None:
        """A new snapshot for every page watched (something the journal does not hold changed: an auction)."""
        self._changed(self.session)

    def requests_changed(self) -> None:
        """A request was made, withdrawn, declined or recorded: push the pages of the players whose requests changed,
        and only theirs (a page lists its own player's requests alone: a guest who asks and withdraws all evening
        redraws no other phone's page)."""
        marks = self.session.requests_marks()
        seats = {seat for seat in marks.keys() | self._asked.keys() if marks.get(seat) != self._asked.get(seat)}
        if not seats:
            return
        whole = self.unsent  # a snapshot not sent yet (a failure): every page, not only these
        self.unsent = True
        try:
            self._push(None if whole else seats, marks)
        except Exception as exc:  # noqa: BLE001 - drawn again on the next poll (all of them: unsent)
            self._failed(exc)

    def poke(self) -> None:
        """The game changed (the app recorded a command): read it in and push it on the loop's next turn, once
        however many commands were recorded in this one, and after the caller (the app's key press) is done."""
        if not self._pending:
            self._pending = True
            asyncio.get_running_loop().call_soon(self.refresh)

    def refresh(self) -> None:
        """Read in what changed and push it (about 2 ms for eight phones); a failure is reported, never raised,
        and the next poll tries again."""
        self._pending = False
        try:
            self.stale = True
            self.session.reload()
            self.stale = False
        except Exception as exc:  # noqa: BLE001 - the server reports and carries on; the game is not touched
            self._failed(exc)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            if self._on_replaced is not None and self._journal.replaced():
                self._on_replaced(self)  # the server closes this feed and serves the new file
                return
            try:
                self.check()
            except Exception as exc:  # noqa: BLE001
                self._failed(exc)

    def _failed(self, exc: BaseException) -> None:
        """Report a failure the first time it happens (the poll runs 20 times a second); count the repeats."""
        key = f"{type(exc).__name__}: {exc}"
        if key == self._failing:
            self._failures += 1
            return
        self._failing, self._failures = key, 1
        self._on_error(exc)

    def _recovered(self) -> None:
        if self._failing:
            failures, self._failing, self._failures = self._failures, "", 0
            with speaking(None):
                said = ngettext(
                    "phone pages: game {game} caught up after {n} failed attempt",
                    "phone pages: game {game} caught up after {n} failed attempts",
                    failures,
                ).format(game=self.game_id, n=failures)
            self._on_warning(said)

    def _changed(self, _session: Session) -> None:
        """The session's listener: a new snapshot for every page that has a phone watching (never raises: a
        snapshot that cannot be drawn now is drawn on the next poll)."""
        self.unsent = True
        try:
            self._push()
        except Exception as exc:  # noqa: BLE001
            self._failed(exc)

    def _push(self, seats: set[int] | None = None, marks: dict[int, tuple[int, str]] | None = None) -> None:
        """A snapshot to every stream (``seats``: of those seats only, whose requests are now ``marks``)."""
        if self.asks:
            self._asked = marks if marks is not None else self.session.requests_marks()
        watched = [stream for stream in self.streams if seats is None or stream.seat in seats]
        if not watched:
            self.unsent = False
            return
        view = self.view()
        frames: dict[tuple[int, str], bytes] = {}
        for seat, code in {(stream.seat, stream.language) for stream in watched}:
            with speaking(code):  # each phone's page in its own language: Oma's German beside the cousins' English
                frames[seat, code] = frame(pages.snapshot(self.data(seat, view)))
        self.unsent = False
        for stream in watched:
            stream.put(frames[stream.seat, stream.language])

    async def close(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        for drawing in list(self._drawing.values()):
            drawing.cancel()
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
        on_warning: Callable[[str], None] | None = None,
        asking: bool = True,
        loopback: bool = True,
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
        """The address the links name (the laptop's LAN address unless told otherwise)."""
        self.port = port
        self.loopback = loopback
        """Listen on 127.0.0.1 as well when ``host`` is not a loopback or wildcard address, so a browser on the
        laptop itself reaches the pages too (:attr:`loopback_url`); the links still name ``host``."""
        self.on_error = on_error or (lambda exc: log.error("phone pages: %s", exc))
        self.on_warning = on_warning or (lambda text: log.warning("%s", text))
        self.feeds: dict[int, Feed] = {}
        self._pages: dict[str, Feed] = {}
        self._runner: web.AppRunner | None = None
        self._listener: Listener | None = None
        self.limits: Limits | None = None
        """The connections and their bounds (:mod:`banker.web.limits`) while the server listens."""
        self.tally = Tally(self._warn)
        """The accept loop's failures and each link's bad requests, said once per kind with a count."""
        self._reporting: asyncio.Task[None] | None = None
        self._drawer: ThreadPoolExecutor | None = None
        self.pace = Pace()
        """Each link's requests, paced (:class:`banker.web.limits.Pace`)."""
        self.app = self._make_app()

    # Running ---------------------------------------------------------------------------------------------------
    def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._track, self._speak, self._pace, self._guard])
        app.router.add_get(f"/{_TOKEN}", self._page)
        app.router.add_get(f"/{_TOKEN}/events", self._events)
        app.router.add_get(f"/{_TOKEN}/chart/{{kind:{_KINDS}}}/{{at:[0-9]{{1,12}}}}.svg", self._chart)
        requests.register(app, self, _TOKEN)
        app.on_response_prepare.append(_secure)
        app.on_shutdown.append(self._close_feeds)
        return app

    async def start(self) -> None:
        """Listen (``OSError`` if the address cannot be used: a port in use, a host not of this machine), with the
        process's descriptor limit raised first and the connections bounded (:mod:`banker.web.limits`). No
        signal handlers: the app's (Textual's) or ``asyncio.run``'s stay in charge."""
        runner = web.AppRunner(
            self.app, handle_signals=False, access_log=None, shutdown_timeout=1.0, keepalive_timeout=IDLE_SECONDS
        )
        await runner.setup()
        server = runner.server
        assert server is not None
        limits = Limits(cap=connection_cap(raise_descriptor_limit()))
        listener = Listener(self.host, self.port, server, limits, self.tally, loopback=self.loopback)
        try:
            self.port = listener.open()
        except BaseException:
            await runner.cleanup()
            raise
        limits.start()
        self._runner, self._listener, self.limits = runner, listener, limits
        self._reporting = asyncio.get_running_loop().create_task(self._report())

    async def _report(self) -> None:
        """The counts of failures and bad requests not yet said, said within a minute (:meth:`Tally.due`)."""
        while True:
            await asyncio.sleep(REPORT_SECONDS / 6)
            self.tally.due()

    async def stop(self) -> None:
        """Close every stream and connection and stop listening; the feeds' sessions are closed (they wrote
        nothing)."""
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.close()
        reporting, self._reporting = self._reporting, None
        if reporting is not None:
            reporting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reporting
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()  # on_shutdown closes the feeds first, so the streams end at once
        limits, self.limits = self.limits, None
        if limits is not None:
            await limits.stop()
        drawer, self._drawer = self._drawer, None
        if drawer is not None:
            drawer.shutdown(wait=False, cancel_futures=True)  # a picture being drawn ends in its own time
        self.tally.flush()
        await self._close_feeds()
        self.asked.close()

    @property
    def running(self) -> bool:
        return self._runner is not None

    @property
    def base_url(self) -> str:
        return f"http://{url_host(self.host)}:{self.port}"

    @property
    def loopback_url(self) -> str | None:
        """The pages' address on the laptop itself (``http://127.0.0.1:port``) when the server listens there too
        and the links name another; None otherwise (the links work on the laptop as they are, or loopback's port
        was taken by another program)."""
        listener = self._listener
        if listener is None or not listener.on_loopback or self.base_url == f"http://127.0.0.1:{self.port}":
            return None
        return f"http://127.0.0.1:{self.port}"

    def drawer(self) -> Executor:
        """The one thread the chart's pictures are drawn in (started the first time; one for every game served):
        one picture at a time, so the pictures never take more than one core's share from the loop, nor the
        loop's default executor from the other work it does."""
        if self._drawer is None:
            self._drawer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="banker-chart")
        return self._drawer

    # Games -------------------------------------------------------------------------------------------------------
    def serve(self, game_id: int) -> list[Link]:
        """Turn the pages of a game on (its tokens made the first time) and return its links: one per player in
        seating order, then the table's."""
        feed = self.feeds.get(game_id)
        if feed is None:
            info = _names(self.db_path, game_id)
            by_seat = tokens(self.db_path, game_id, len(info))
            feed = Feed(
                self.db_path,
                game_id,
                {t: s for s, t in by_seat.items()},
                self._failed,
                self._warn,
                self._replaced,
                asks=self.asking,
                drawer=self.drawer(),
            )
            self.feeds[game_id] = feed
            self._pages.update(dict.fromkeys(feed.seats, feed))
        names = [p.name for p in feed.session.state.players]
        by_seat = {s: t for t, s in feed.seats.items()}
        return [
            Link(names[s] if s != TABLE_SEAT else "table", f"{self.base_url}/{by_seat[s]}", s)
            for s in [*range(len(names)), TABLE_SEAT]
        ]

    def _replaced(self, feed: Feed) -> None:
        """The database file was replaced under a feed (``mv backup.db game.db``): close it without touching the
        new file (its old log moved aside: :meth:`~banker.journal.Journal.let_go`) and serve the game from the
        new file, or stop serving it if the new file has no such game."""
        if self.feeds.get(feed.game_id) is not feed:
            return
        del self.feeds[feed.game_id]
        for token in feed.seats:
            self._pages.pop(token, None)
        asyncio.get_running_loop().create_task(self._reopen(feed))

    async def _reopen(self, feed: Feed) -> None:
        await feed.close()
        try:
            self.serve(feed.game_id)
        except (JournalError, LookupError) as exc:
            self._warn(
                _(
                    "phone pages: {path} was replaced by another file, and game {game} cannot be served from it "
                    "({why}); its pages are off"
                ).format(path=self.db_path, game=feed.game_id, why=exc)
            )
            return
        self._warn(
            _("phone pages: {path} was replaced by another file; game {game} is served from it").format(
                path=self.db_path, game=feed.game_id
            )
        )

    def changed(self, game_id: int | None = None) -> None:
        """A command was recorded (in this process): the phones of that game (None: of every game) update on the
        loop's next turn, without waiting for the next poll."""
        for gid, feed in list(self.feeds.items()):
            if game_id is None or gid == game_id:
                feed.poke()

    def requested(self, game_id: int) -> None:
        """A phone made or withdrew a request: its page updates, and the app's inbox count (in the banker's
        language, though a phone's request calls it)."""
        feed = self.feeds.get(game_id)
        if feed is not None:
            feed.requests_changed()
        if self.on_request is not None:
            with speaking(None):
                try:
                    self.on_request(game_id)
                except Exception as exc:  # noqa: BLE001 - the app's count must not break the phone's answer
                    self._failed(exc)

    def bid(self, game_id: int, seat: int, amount: int) -> str | None:
        """A phone's bid handed to the app's auction dialog (:attr:`on_bid`), which answers in the banker's
        language: what it draws is the banker's."""
        on_bid = self.on_bid
        if on_bid is None:
            return None
        with speaking(None):
            return on_bid(game_id, seat, amount)

    def bad_request(self, game_id: int, seat: int, why: str) -> None:
        """A request no page of Banker sends came on a player's link (a body that is not the page's, a bad id, a
        body too large or too slow): counted per link, and said as one line (the first at once, then with the
        count at most once a minute), never a notification for each (issue 31)."""
        feed = self.feeds.get(game_id)
        players = feed.session.state.players if feed is not None else ()
        with speaking(None):  # the banker reads it, though a phone's request made it
            if 0 <= seat < len(players):
                said = _("phone pages: {player}'s link (game {game}) sent a request its page never sends: {why}")
            else:
                said = _("phone pages: a link (game {game}) sent a request its page never sends: {why}")
            self.tally.note(  # i18n-exempt: the first is the kind's key
                f"bad request {game_id} {seat}",
                said.format(player=players[seat].name if players else "", game=game_id, why=why.rstrip(".")),
            )

    def auction(self, game_id: int, info: AuctionFacts | None) -> None:
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
        with speaking(None):  # the banker's, whoever's request met it
            try:
                self.on_error(exc)
            except Exception:  # noqa: BLE001 - the report itself must not break the server
                log.exception("phone pages: reporting an error failed")

    def _warn(self, text: str) -> None:
        with speaking(None):
            try:
                self.on_warning(text)
            except Exception:  # noqa: BLE001 - the report itself must not break the server
                log.exception("phone pages: reporting a warning failed")

    # Requests --------------------------------------------------------------------------------------------------
    @web.middleware
    async def _track(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """A complete request arrived: its connection is busy (never closed as idle, never timed out) until the
        answer is done (an event stream: until it ends)."""
        limits = self.limits
        connection = limits.started(request.transport) if limits is not None else None
        try:
            return await handler(request)
        finally:
            if connection is not None and limits is not None:
                limits.finished(connection)

    @web.middleware
    async def _pace(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """A link's requests wait their turn (:class:`banker.web.limits.Pace`): a guest sending as fast as it can
        takes a small share of the server, and the other phones' pages come as fast as without it (issue 31)."""
        token = request.match_info.get("token")
        if token is not None and token in self._pages:
            delay = self.pace.wait(token)
            if delay is None:
                feed = self._pages[token]
                with speaking(None):
                    self.bad_request(feed.game_id, feed.seats[token], _("more requests at once than any phone sends"))
                said = _("Too many requests from this link at once; try again in a moment.")
                raise web.HTTPTooManyRequests(text=said + "\n")
            if delay:
                await asyncio.sleep(delay)
        return await handler(request)

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
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
            raise web.HTTPInternalServerError(text=_("The banker's laptop could not draw this page.")) from None

    @web.middleware
    async def _speak(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every answer to a phone in the phone's own language (:func:`phone_language`), the engine's refusals
        included: its request's task reads it (:func:`banker.language.speaking`), and only that task, so two phones
        of one game read two languages at once while the app reads the banker's."""
        code = request["language"] = phone_language(request)
        with speaking(code):
            return await handler(request)

    def find(self, request: web.Request) -> tuple[Feed, int]:
        """The served game and seat of a link (404 for any other path)."""
        return self._find(request)

    def _find(self, request: web.Request) -> tuple[Feed, int]:
        token = request.match_info["token"]
        feed = self._pages.get(token)
        if feed is None:
            raise web.HTTPNotFound(text=_("No such page: ask the banker for your link."))
        return feed, feed.seats[token]

    async def _page(self, request: web.Request) -> web.Response:
        """A page, in the phone's language; a language chosen on it (``?lang=``) is kept for the phone's next
        visits (:data:`LANGUAGE_COOKIE`)."""
        feed, seat = self._find(request)
        feed.check()
        html = pages.page(feed.data(seat), link=feed.link(seat))
        response = web.Response(
            text=html,
            content_type="text/html",
            charset="utf-8",
            headers={"Content-Security-Policy": pages.content_security_policy()},
        )
        chosen = request.query.get("lang", "")
        if chosen in LANGUAGES and request.cookies.get(LANGUAGE_COOKIE) != chosen:
            response.set_cookie(LANGUAGE_COOKIE, chosen, max_age=LANGUAGE_KEPT, path="/", httponly=True, samesite="Lax")
        return response

    async def _chart(self, request: web.Request) -> web.Response:
        """A picture of a page's chart (its link's token; the kind and the entry in the path, each bounded by the
        route). The current entry's picture, kept by the browser for good when it is the entry asked for (its
        address names it); an entry the game has left (a page behind by a moment) gets the current picture, not
        kept."""
        feed, seat = self._find(request)
        kind = request.match_info["kind"]
        if kind == "tv" and seat != TABLE_SEAT:
            raise web.HTTPNotFound(text=_("No such picture."))
        feed.check()
        at, svg = await feed.chart(seat, kind)
        current = str(at) == request.match_info["at"]
        return web.Response(
            text=svg,
            content_type="image/svg+xml",
            charset="utf-8",
            headers={
                "Cache-Control": "private, max-age=86400, immutable" if current else "no-store",
                "Content-Security-Policy": _PICTURE_POLICY,
            },
        )

    async def _events(self, request: web.Request) -> web.StreamResponse:
        feed, seat = self._find(request)
        if request.method == "HEAD":
            return web.Response(headers=_STREAM_HEADERS)
        if request.version < (1, 1):
            raise web.HTTPVersionNotSupported(text=_("The live figures need HTTP/1.1."))
        feed.check()
        seq = feed.session.last_seq
        first = frame(pages.snapshot(feed.data(seat)))
        response = web.StreamResponse(headers=_STREAM_HEADERS)
        response.enable_chunked_encoding()  # what Stream.put writes: HTTP/1.1 chunks
        await response.prepare(request)
        stream = Stream(seat, request.transport, request["language"])
        try:
            # i18n-exempt: the event stream's own words; the headers and the first snapshot
            await response.write(f"retry: {RETRY_MS}\n\n".encode() + first)
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
        raise NoGame(db_path, game_id)
    return list(info.names)


async def serve_forever(
    db_path: Path, game_id: int, host: str, port: int, say: Callable[[str], None], asking: bool = True
) -> None:
    """``banker serve``: serve one game's pages until cancelled (Ctrl+C), printing each link (``asking``: phones
    may ask the banker to record their payments; ``banker requests`` or the app's inbox records them)."""
    server = PhoneServer(db_path, host, port, asking=asking)
    await server.start()
    try:
        for link in server.serve(game_id):
            say(f"{link.name if link.seat != TABLE_SEAT else _('table')}: {link.url}")
        if server.loopback_url is not None:
            say(_("(on this computer itself, {url} works too, with the same paths)").format(url=server.loopback_url))
        await asyncio.Event().wait()
    finally:
        await server.stop()
