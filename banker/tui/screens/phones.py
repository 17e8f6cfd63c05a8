"""The phones screen: the phone pages turned on, and a QR code per player and one for the table to join them.

The table's phones key (o) calls :func:`show_phones`: the first time it starts the server (:mod:`banker.web.server`,
imported only then) on the app's own event loop, at the laptop's LAN address (``BANKER_WEB_HOST`` and
``BANKER_WEB_PORT`` override it; loopback answers too, for the laptop itself), and subscribes it to the app's session,
so the phones update as soon as a command is recorded. A server that cannot start (the port in use) is said in a
notification and the game goes on. The server runs until the app quits (:meth:`banker.tui.app.BankerApp.on_unmount`);
Escape only closes this screen. The game remembers that its pages were on (``Session.remember_pages``): opening it
again, after a quit or a crash, turns them on again at the same links (:func:`restore_phones`, the same port when it
is free) with a notification that says where, and "the same links" only when the host and the port are both those the
links were made with.

Each QR code is drawn in half blocks, light modules as white on black whatever the theme (a camera wants dark
modules on light), one character per module across and two per line down, so at 120x40 a code is about 41
columns wide: a phone at arm's length reads it. The link is written under it for typing by hand.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ItemGrid, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from banker.journal import JournalError
from banker.reports.qr import terminal_text
from banker.settings import SettingsError, load
from banker.tui.widgets.footer import Footer
from banker.tui.words import translated
from banker.web.links import Link, app_address, bind_error
from banker.web.server import PhoneServer
from rules.i18n import N_, _

if TYPE_CHECKING:
    from banker.tui.host import PhoneCalls, PhoneHost


class QRCode(Static):
    """A QR code of ``url`` in half blocks; ``text`` is what it draws (tests decode it)."""

    DEFAULT_CSS = """
    QRCode { width: auto; height: auto; color: #ffffff; background: #000000; }
    """

    def __init__(self, url: str, **kwargs: Any) -> None:
        self.url = url
        self.text = terminal_text(url).rstrip("\n")
        super().__init__(Text(self.text, no_wrap=True, overflow="crop"), **kwargs)


@translated
class PhonesScreen(Screen[None]):
    """The links of one game's phone pages, each as a QR code with its name above and its URL below."""

    DEFAULT_CSS = """
    PhonesScreen { layout: vertical; }
    PhonesScreen #phones-title { padding: 0 1; text-style: bold; }
    PhonesScreen #phones-note, PhonesScreen #phones-local { padding: 0 1; color: $text-muted; }
    PhonesScreen #phones-scroll { height: 1fr; }
    PhonesScreen ItemGrid { height: auto; padding: 0 1; grid-gutter: 1 2; }
    PhonesScreen .phone { height: auto; width: 1fr; }
    PhonesScreen .phone-name { text-style: bold; }
    PhonesScreen .phone-url { color: $text-muted; }
    """

    BINDINGS = [
        Binding(
            "escape",
            "close",
            N_("Back to the table"),
            id="phones.close",
            tooltip=N_("The phone pages stay on until Banker quits"),
        )
    ]

    def __init__(self, links: list[Link], base_url: str, local_url: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.links = links
        self.base_url = base_url
        self.local_url = local_url
        """Where the laptop itself reaches the pages when the links name its LAN address (None: the links do)."""

    def compose(self) -> ComposeResult:
        yield Static(
            _("Phone pages on at {url}: each player scans their own code").format(url=self.base_url),
            id="phones-title",
            markup=False,
        )
        yield Static(
            _(
                "Phones on the same Wi-Fi as this laptop. Players may ask from their pages; nothing is recorded until"
                " you record it from the inbox (i). The links stay the same next time. Scroll for more codes; Escape"
                " returns to the table."
            ),
            id="phones-note",
        )
        if self.local_url is not None:
            yield Static(
                _("On this laptop itself, {url} works too (the same path as each link).").format(url=self.local_url),
                id="phones-local",
                markup=False,
            )
        with VerticalScroll(id="phones-scroll"), ItemGrid(min_column_width=48):
            for link in self.links:
                label = _("The table: standings and bank") if link.name == "table" else link.name
                with Vertical(classes="phone"):
                    yield Static(label, classes="phone-name", markup=False)
                    yield QRCode(link.url, classes="phone-qr")
                    yield Static(link.url, classes="phone-url", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#phones-scroll").focus()

    def action_close(self) -> None:
        self.dismiss()


def show_phones(app: PhoneHost, calls: PhoneCalls) -> None:
    """Turn the phone pages on for the app's game (starting the server the first time, its requests and bids to
    ``calls``) and show the codes."""
    app.run_worker(_show(app, calls), group="phones")


def restore_phones(app: PhoneHost, port: int, calls: PhoneCalls) -> None:
    """The game just opened had its pages on (at ``port``) when it was last played: turn them on again, at the
    same links, without a screen, and say so and where in a notification (``o`` still shows the codes)."""
    app.run_worker(_restore(app, port, calls), group="phones")


_STARTING: weakref.WeakKeyDictionary[PhoneHost, asyncio.Lock] = weakref.WeakKeyDictionary()
"""One lock per app: the pages turned on again as the game opens and the o key pressed at once start one server."""


async def _start(app: PhoneHost, ports: list[int], calls: PhoneCalls) -> PhoneServer | None:
    """The app's server, started the first time on the first of ``ports`` that is free (the last one's failure
    is said in a notification: None)."""
    lock = _STARTING.setdefault(app, asyncio.Lock())
    async with lock:
        return app.phones if app.phones is not None else await _listen(app, ports, calls)


async def _listen(app: PhoneHost, ports: list[int], calls: PhoneCalls) -> PhoneServer | None:
    host, default = app_address()
    reporter = _Reporter(app)
    asking = _asking()
    for port in dict.fromkeys(ports or [default]):
        server = PhoneServer(app.db_path, host, port, on_error=reporter, on_warning=reporter.warn, asking=asking)
        server.on_request = calls.phone_request
        server.on_bid = calls.phone_bid
        try:
            await server.start()
        except OSError as error:
            failed = (port, error)
            continue
        app.phones = server
        return server
    port, why = failed
    app.notify(
        _(
            "The phone pages could not start on {host}:{port}: {why}. The game goes on; set BANKER_WEB_PORT to another"
            " port to try again."
        ).format(host=host, port=port, why=bind_error(why)),
        title=_("Phones"),
        severity="error",
        timeout=10,
        markup=False,
    )
    return None


def _serve(app: PhoneHost, server: PhoneServer) -> list[Link] | None:
    """Serve the app's game and follow its session; its links, or None (said in a notification)."""
    session = app.session
    if session is None:  # the game closed while the server started (its file replaced by one without it)
        return None
    try:
        links = server.serve(session.game_id)
    except (JournalError, LookupError) as e:
        app.notify(
            _("The phone pages cannot serve this game: {error}").format(error=e),
            title=_("Phones"),
            severity="error",
            timeout=10,
            markup=False,
        )
        return None
    session.add_listener(server.session_changed)
    try:
        if session.pages_place() != (server.host, server.port):
            session.remember_pages(server.port, server.host)  # so that opening the game turns them on again
    except JournalError:
        pass  # a read-only database: the pages are on, only not turned on again by themselves
    return links


async def _show(app: PhoneHost, calls: PhoneCalls) -> None:
    server = await _start(app, [], calls)
    if server is None:
        return
    links = _serve(app, server)
    if links is not None:
        await app.push_screen(PhonesScreen(links, server.base_url, server.loopback_url))


async def _restore(app: PhoneHost, port: int, calls: PhoneCalls) -> None:
    opened = app.session
    try:  # read before serving remembers the new place
        place = opened.pages_place() if opened is not None else None
    except JournalError:
        place = None
    host = place[0] if place is not None else None
    server = await _start(app, [port, 0], calls)  # the same port when it is free, so the links are the same
    if server is None:
        return
    session = app.session
    if session is None:  # the game closed while the server started (its file replaced by one without it)
        return
    was_on = session.game_id in server.feeds  # this game's pages never went off (another game was open)
    if _serve(app, server) is None or was_on:
        return
    app.notify(
        _("Phone pages on again at {url}, as when this game was last played: {links}. Press o for the codes.").format(
            url=server.base_url, links=_again(host, port, server.host, server.port)
        ),
        title=_("Phones"),
        timeout=8,
        markup=False,
    )


def _again(host: str | None, port: int, now_host: str, now_port: int) -> str:
    """Whether the phones' old links still work: "the same links" only when the host and the port are both the
    ones the links were made with (new-user review: a new ``BANKER_WEB_HOST`` kept the port and changed every
    link)."""
    if host is None:  # remembered by an earlier version, which kept only the port
        if now_port != port:
            return _("a new port ({port} is taken): scan the codes again").format(port=port)
        return _("the same port; if the phones do not reconnect, the laptop's address changed: scan the codes again")
    if now_host != host and now_port != port:
        moved = _(
            "a new address ({address}, was {was}) and a new port ({port} is taken): the old links do not work, scan"
            " the codes again"
        )
    elif now_host != host:
        moved = _("a new address ({address}, was {was}): the old links do not work, scan the codes again")
    elif now_port != port:
        moved = _("a new port ({port} is taken): the old links do not work, scan the codes again")
    else:
        return _("the same links")
    return moved.format(address=now_host, was=host, port=port)


def _asking() -> bool:
    """The setting (config.toml ``[phones] ask``): phones may ask the banker to record their payments."""
    try:
        return load(only="phones").phones_ask
    except SettingsError:
        return True  # the app said so when it started; the default stands


class _Reporter:
    """The server's failures as notifications (markup off); the same failure again at once (the poll runs 20 times
    a second) is not repeated."""

    def __init__(self, app: PhoneHost) -> None:
        self.app = app
        self.last = ""

    def __call__(self, exc: BaseException) -> None:
        message = _("The phone pages had a problem ({error}: {message}); the game is unaffected.").format(
            error=type(exc).__name__, message=exc
        )
        if message == self.last:
            return
        self.last = message
        self.app.notify(message, title=_("Phones"), severity="warning", timeout=8, markup=False)

    def warn(self, text: str) -> None:
        """A warning of the server (a failure counted, a feed caught up), said once in a while."""
        text = text.removeprefix("phone pages: ")
        if text == self.last:
            return
        self.last = text
        self.app.notify(
            _("Phone pages: {warning}.").format(warning=text),
            title=_("Phones"),
            severity="warning",
            timeout=8,
            markup=False,
        )
