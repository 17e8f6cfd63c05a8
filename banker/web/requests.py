"""The phones' requests: the routes under each player's link that let a phone *ask* the banker to record a payment
(docs/phones.md). Nothing here records anything: a request is stored as pending (``phone_requests``, through
:class:`banker.journal.Journal`) and only the banker's key records it (:meth:`banker.session.Session.execute`).

Routes (``<link>`` is ``/<token>``):

* ``POST <link>/requests``: JSON ``{"id", "line"}`` (or the page's form post): 202 and the request when kept; the
  same id again gives the same request back (200), never a second one, and so does the same line while it waits
  (200, ``already``); the same id with another line is 409; 422 with one line when refused;
* ``GET <link>/requests``: the player's requests with their status;
* ``DELETE <link>/requests/<id>``: withdraw a pending one;
* ``POST <link>/preview``: what a line or a form would do now (the engine's preview or refusal), storing nothing.

Refused with nothing stored: the table's link (403), an ``Origin`` that is not the page's own (403), a body over
:data:`~banker.web.bodies.MAX_BODY` (413), a body :func:`banker.web.bodies.fields` does not read (422: too deep,
too many fields, a field over its limit or not text), a phone with :data:`~banker.web.asking.MOST_PENDING` requests
waiting (429), and anything :func:`banker.web.asking.check` refuses (422). The bad requests no page sends (a body
that is not the page's, a bad id, a body too large or too slow) are counted per link (:meth:`PhoneServer.bad_request`):
one line that counts them, never one notification each.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from aiohttp import web

from banker.journal import TABLE_SEAT, Added, Journal, JournalError, RequestStatus
from banker.language import SOURCE, number, speaking, spoken
from banker.web import asking, bodies, pages
from banker.web.limits import REQUEST_SECONDS, Limits
from rules.i18n import _

if TYPE_CHECKING:
    from banker.journal import RequestRow
    from banker.session import Session
    from banker.web.page_data import AuctionFacts, PageData

JSON = "application/json"
FORM = bodies.FORM
LISTED = 50
"""``GET <link>/requests`` lists a phone's latest requests, at most this many (its page shows six)."""


class Feed(Protocol):
    """What the routes ask of a served game (:class:`banker.web.server.Feed`; a protocol, so that this module
    does not import the server that registers it)."""

    @property
    def session(self) -> Session: ...

    @property
    def game_id(self) -> int: ...

    @property
    def asks(self) -> bool: ...

    @property
    def auction(self) -> AuctionFacts | None: ...

    def check(self) -> None: ...

    def data(self, seat: int) -> PageData: ...

    def link(self, seat: int) -> str: ...


class PhoneServer(Protocol):
    """What the routes ask of the server (:class:`banker.web.server.PhoneServer`)."""

    @property
    def db_path(self) -> Path: ...

    @property
    def asked(self) -> Asked: ...

    @property
    def on_bid(self) -> Callable[[int, int, int], str | None] | None: ...

    @property
    def limits(self) -> Limits | None: ...

    def find(self, request: web.Request) -> tuple[Feed, int]: ...

    def requested(self, game_id: int) -> None: ...

    def bid(self, game_id: int, seat: int, amount: int) -> str | None: ...

    def bad_request(self, game_id: int, seat: int, why: str) -> None: ...


def register(app: web.Application, server: PhoneServer, token: str) -> None:
    """Add the request routes to the server's application (``token``: the route pattern of a link's token)."""
    routes = Routes(server)
    app.router.add_post(f"/{token}/requests", routes.ask)
    app.router.add_get(f"/{token}/requests", routes.mine)
    app.router.add_delete(f"/{token}/requests/{{rid}}", routes.withdraw)
    app.router.add_post(f"/{token}/preview", routes.preview)
    app.router.add_post(f"/{token}/bids", routes.bid)


def writes(request: web.Request) -> bool:
    """A post or delete to the request routes (every other path of the server answers only GET and HEAD)."""
    path = request.path
    if request.method == "POST":
        return path.endswith(("/requests", "/preview", "/bids")) and path.count("/") == 2
    return request.method == "DELETE" and path.count("/") == 3 and path.split("/")[2] == "requests"


class Asked:
    """The server's one writable connection, for the ``phone_requests`` table only (opened on the first request)."""

    def __init__(self, server: PhoneServer) -> None:
        self.server = server
        self._journal: Journal | None = None

    @property
    def journal(self) -> Journal:
        if self._journal is not None and self._journal.replaced():  # mv backup.db game.db: write to the new file
            self.close()  # the old file is let go untouched (Journal.close)
        if self._journal is None:
            self._journal = Journal(self.server.db_path, create=False)
        return self._journal

    def close(self) -> None:
        journal, self._journal = self._journal, None
        if journal is not None:
            journal.close()


def _fail(status: int, reason: str, html: bool = False, page: Callable[[str, bool], str] | None = None) -> web.Response:
    """A refusal: one line of text (or the page with the line on it, for a form post)."""
    reason = " ".join(str(reason).split())
    if html and page is not None:
        return web.Response(status=status, text=page(reason, False), content_type="text/html", charset="utf-8")
    return web.Response(status=status, text=reason + "\n", content_type="text/plain", charset="utf-8")


def _taken(stored: RequestRow, html: bool, page: Callable[[str, bool], str]) -> web.Response:
    """An id sent again with another ask (a page restored by Back without script, a client reusing ids): 409,
    never the first ask's answer."""
    return _fail(
        409,
        _(
            "This form was sent already, as request {request} ({line}); that id cannot ask for anything else. "
            "Reload the page and ask again."
        ).format(request=stored.n, line=stored.line),
        html,
        page,
    )


class Routes:
    def __init__(self, server: PhoneServer) -> None:
        self.server = server

    # Checks ------------------------------------------------------------------------------------------------
    def _player(self, request: web.Request) -> tuple[Feed, int]:
        feed, seat = self.server.find(request)  # 404 for a link that is not one
        if seat == TABLE_SEAT:
            raise web.HTTPForbidden(text=_("The table's page only reads; a player asks from their own page.") + "\n")
        if not feed.asks:  # the pages only read in this game, as before phones could ask
            raise web.HTTPMethodNotAllowed(request.method, ["GET", "HEAD"])
        return feed, seat

    @staticmethod
    def _same_origin(request: web.Request) -> None:
        """A browser says where a post comes from: only the page's own origin may post (no CORS headers are ever
        sent, so a page elsewhere cannot read the answers either)."""
        origin = request.headers.get("Origin")
        site = request.headers.get("Sec-Fetch-Site")
        if site is not None and site not in ("same-origin", "none"):
            raise web.HTTPForbidden(text=_("A request must come from the player's own page.") + "\n")
        # A browser that withholds the origin (a page whose referrer policy is no-referrer) sends "null"; only the
        # browser's own fetch metadata, which no page can forge, then says the post came from the page itself.
        if origin == "null" and site == "same-origin":
            return
        if origin is not None and origin != f"{request.scheme}://{request.host}":
            raise web.HTTPForbidden(text=_("A request must come from the player's own page.") + "\n")

    async def _body(self, request: web.Request, feed: Feed, seat: int) -> tuple[dict[str, str], bool]:
        """The post's fields (:func:`banker.web.bodies.fields`: read within bounds, or refused 422 with the reason)
        and whether it is a form post (answered with a page unless the page's script asks for JSON). A body that
        does not arrive whole within the time a connection has to send its request
        (:data:`banker.web.limits.REQUEST_SECONDS`) is answered 408 and its connection closed: a request being
        answered is never timed out by the limits, so a guest could otherwise hold it open by never sending it.
        The connection is idle again once answered: closed by the limits' idle timeout (or sooner by aiohttp, which
        reads what remains of the body for a few seconds before closing a connection left mid-body). Every refusal
        here is counted against the link (:meth:`PhoneServer.bad_request`). No page sends such a body, so its refusal
        is said in the banker's language, the one the count is said in."""
        with speaking(None):
            return await self._read(request, feed, seat)

    async def _read(self, request: web.Request, feed: Feed, seat: int) -> tuple[dict[str, str], bool]:
        most = bodies.MAX_BODY
        if (request.content_length or 0) > most:
            self._bad(
                feed,
                seat,
                _("a body of {size} bytes (at most {most})").format(
                    size=number(request.content_length or 0), most=number(most)
                ),
            )
            raise web.HTTPRequestEntityTooLarge(most, request.content_length or 0)
        limits = self.server.limits
        raw = bytearray()
        try:
            async with asyncio.timeout(limits.request_seconds if limits is not None else REQUEST_SECONDS):
                while chunk := await request.content.read(most + 1 - len(raw)):  # it may come in pieces
                    raw += chunk
                    if len(raw) > most:  # sent without a length (chunked), and too long
                        self._bad(feed, seat, _("a body of more than {most} bytes").format(most=number(most)))
                        raise web.HTTPRequestEntityTooLarge(most, len(raw))
        except TimeoutError:  # answered; the connection is then idle, and closed as the limits close idle ones
            self._bad(feed, seat, _("a body that did not arrive in time"))
            text = _("The request did not arrive whole in time; send it again.") + "\n"
            raise web.HTTPRequestTimeout(text=text) from None
        kind = request.content_type
        try:
            fields = bodies.fields(bytes(raw), kind)
        except bodies.BadBody as e:
            self._bad(feed, seat, str(e))
            raise web.HTTPUnprocessableEntity(text=f"{e}\n") from None
        return fields, kind == FORM and JSON not in request.headers.get("Accept", "")

    def _bad(self, feed: Feed, seat: int, why: str) -> None:
        self.server.bad_request(feed.game_id, seat, why)

    def _names(self, feed: Feed) -> list[str]:
        return [p.name for p in feed.session.state.players]

    def _json(self, feed: Feed, standing: asking.Standing, status: int = 200) -> web.Response:
        return web.json_response(asking.as_json(standing, self._names(feed)), status=status)

    def _page(self, feed: Feed, seat: int) -> Callable[[str, bool], str]:
        def page(message: str, ok: bool) -> str:
            return pages.page(feed.data(seat), notice=(message, ok), link=feed.link(seat))

        return page

    # Routes ------------------------------------------------------------------------------------------------
    async def ask(self, request: web.Request) -> web.StreamResponse:
        feed, seat = self._player(request)
        self._same_origin(request)
        fields, html = await self._body(request, feed, seat)
        page = self._page(feed, seat)
        if fields.get("withdraw"):  # the page's withdraw button, without script
            return await self._withdraw(feed, seat, fields["withdraw"], html, page)
        feed.check()
        rid = fields.get("id", "")
        if not asking.ID_PATTERN.fullmatch(rid):
            with speaking(None):
                self._bad(feed, seat, _("a request id that is not 8 to 64 letters, digits or _.:-"))
            return _fail(422, _("The id must be 8 to 64 letters, digits or _.:- chosen by the phone."), html, page)
        session = feed.session
        stored = session.request_by_id(seat, rid)
        if stored is not None:  # the same request again (a retry): the same answer, never a second request
            if not asking.same_ask(session, seat, fields, stored):
                return _taken(stored, html, page)
            return self._answer(feed, asking.standing(session, stored), 200, html, page)
        try:
            priced = asking.check(session, seat, asking.line_of(session, seat, fields))
        except asking.Refusal as e:
            return _fail(422, str(e), html, page)
        if fields.get("do") == "preview":  # the page's Check button, without script
            return web.Response(text=page(priced.preview, True), content_type="text/html", charset="utf-8")
        asked = priced.preview if spoken() == SOURCE else self._in_source(session, seat, priced.line)
        try:
            row, how = self.server.asked.journal.add_request(
                session.game_id, seat, rid, priced.line, asking.MOST_PENDING, asked, session.last_seq
            )
        except (JournalError, LookupError) as e:
            return _fail(503, _("The banker's laptop cannot keep requests now: {why}").format(why=e), html, page)
        if row is None:
            return _fail(
                429,
                _("{n} requests are waiting for the banker already; wait or withdraw one.").format(
                    n=asking.MOST_PENDING
                ),
                html,
                page,
            )
        if how is Added.TAKEN:  # another post with this id was stored first
            return _taken(row, html, page)
        if how is Added.CREATED:
            self.server.requested(session.game_id)
            same = asking.same_as(session, row)
            return self._answer(
                feed, asking.Standing(row, row.status.value, priced.preview), 202, html, page, same=same
            )
        return self._answer(feed, asking.standing(session, row), 200, html, page, already=how is Added.WAITING)

    @staticmethod
    def _in_source(session: Session, seat: int, line: str) -> str:
        """The price of an ask as kept with it: in the language the messages are written in, whatever the phone's
        (:func:`banker.web.asking.in_source`: an ask is compared with its price now in one language)."""
        with speaking(SOURCE):
            return asking.check(session, seat, line).preview

    def _answer(
        self,
        feed: Feed,
        standing: asking.Standing,
        status: int,
        html: bool,
        page: Callable[[str, bool], str],
        already: bool = False,
        same: str = "",
    ) -> web.Response:
        """A request as the phone is told about it (``already``: the same ask was waiting, and is not sent twice;
        ``same``: it moves the same money as an entry recorded or another phone's waiting ask, said so)."""
        if html:
            text = asking.described(standing)
            if standing.ok:
                text = asking.sent_text(standing.preview, already, same)
            elif same:
                text = _(asking.SENT_SAME).format(sent=text, same=same)
            return web.Response(status=status, text=page(text, True), content_type="text/html", charset="utf-8")
        if already:
            return web.json_response({**asking.as_json(standing, self._names(feed)), "already": True}, status=status)
        if same:
            return web.json_response({**asking.as_json(standing, self._names(feed)), "same": same}, status=status)
        return self._json(feed, standing, status)

    async def mine(self, request: web.Request) -> web.Response:
        feed, seat = self._player(request)
        feed.check()
        session = feed.session
        names = self._names(feed)
        listed = session.requests(seat=seat, limit=LISTED)
        rows = [asking.as_json(asking.standing(session, r), names) for r in listed]
        return web.json_response({"requests": rows})

    async def withdraw(self, request: web.Request) -> web.Response:
        feed, seat = self._player(request)
        self._same_origin(request)
        return await self._withdraw(feed, seat, request.match_info["rid"], False, self._page(feed, seat))

    async def _withdraw(
        self, feed: Feed, seat: int, rid: str, html: bool, page: Callable[[str, bool], str]
    ) -> web.Response:
        session = feed.session
        row = session.request_by_id(seat, rid)
        if row is None:
            return _fail(404, _("No such request from this phone."), html, page)
        try:
            closed = self.server.asked.journal.close_request(row.n, RequestStatus.WITHDRAWN, seat=seat)
        except (JournalError, LookupError) as e:
            return _fail(503, _("The banker's laptop cannot change requests now: {why}").format(why=e), html, page)
        if not closed:
            now = session.request(row.n) or row
            where = asking.described(asking.standing(session, now))
            return _fail(409, _("That request is not pending: {status}.").format(status=where), html, page)
        self.server.requested(session.game_id)
        now = session.request(row.n) or row
        return self._answer(feed, asking.standing(session, now), 200, html, page)

    async def bid(self, request: web.Request) -> web.Response:
        """A bid in the auction the banker opened (``{"amount": "150"}`` or the page's form): the banker's auction
        dialog takes it as the player's bid; the banker's Sold! still records the sale."""
        from banker.commands import CommandError, parse_amount

        feed, seat = self._player(request)
        self._same_origin(request)
        fields, html = await self._body(request, feed, seat)
        page = self._page(feed, seat)
        auction = feed.auction
        if auction is None or self.server.on_bid is None:
            return _fail(409, _("No auction is open at the table."), html, page)
        state = feed.session.state
        try:
            amount = parse_amount(str(fields.get("amount", "")).strip(), "bid", board=state.board)
        except CommandError as e:
            return _fail(422, e.message, html, page)
        cash = state.players[seat].cash
        if amount > cash:  # the winner pays in cash (docs/rulings.md, Auctions): a bid past it cannot stand
            return _fail(
                422,
                _(
                    "You have {cash} in cash, and the winner pays the bid in cash: bid at most {cash}, or raise "
                    "money with the banker first."
                ).format(cash=state.money(cash)),
                html,
                page,
            )
        why = self.server.bid(feed.session.game_id, seat, amount)
        if why is not None:
            return _fail(422, why, html, page)
        said = _("Your bid of {amount} is with the banker.").format(amount=state.money(amount))
        if html:
            return web.Response(status=202, text=page(said, True), content_type="text/html", charset="utf-8")
        return web.json_response({"ok": True, "bid": amount, "auction": feed.auction}, status=202)

    async def preview(self, request: web.Request) -> web.Response:
        feed, seat = self._player(request)
        self._same_origin(request)
        fields, _html = await self._body(request, feed, seat)
        feed.check()
        try:
            priced = asking.check(feed.session, seat, asking.line_of(feed.session, seat, fields))
        except asking.Refusal as e:
            return web.json_response({"ok": False, "refusal": " ".join(str(e).split())}, status=422)
        return web.json_response({"ok": True, "line": priced.line, "preview": priced.preview})
