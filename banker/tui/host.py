"""What the screens ask of the app that hosts them, as a protocol, so the screens depend on an interface below them
rather than on :mod:`banker.tui.app` above them (no import cycle, not even for the type checker).

:class:`~banker.tui.app.BankerApp` is the one implementation; the table reaches it as ``self.banker``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from banker.journal import RequestRow
    from banker.session import Reply, Session
    from banker.web.page_data import AuctionFacts
    from banker.web.server import PhoneServer


class Banker(Protocol):
    """The app's side of a game night: recording commands and what follows them."""

    session: Session | None
    """The open game: a table whose own session is no longer this one is on its way out."""

    def now(self) -> datetime:
        """The time for the time-limit game (injectable in tests)."""
        ...

    def record(
        self, line: str, *, in_dialog: bool = False, worked_out: bool = False, request: RequestRow | None = None
    ) -> Reply:
        """Execute one command and redraw the table: the only place the app records a command (``worked_out``: the
        maths mode's question is answered)."""
        ...

    def record_request(self, line: str, request: RequestRow) -> Reply:
        """:meth:`record` of a phone's request (the inbox): recorded once, marked recorded in the same transaction."""
        ...

    @property
    def phone_hooks(self) -> PhoneCalls:
        """The phone pages' side of the app (the auction dialog tells them its bids)."""
        ...

    def record_in_dialog(self, line: str) -> Reply:
        """:meth:`record` for a dialog, which shows the reply itself."""
        ...

    def run_command(self, line: str) -> Reply:
        """A typed command (or a key such as n, u, y): record it, then what the reply calls for."""
        ...

    def follow_up(self, reply: Reply | None) -> None:
        """After a command: the ways to raise money for a debt, the standings when the game ends."""
        ...

    def open_standings(self, on_its_own: bool = False) -> None:
        """Push the standings screen for the open game (``on_its_own``: at the game's end, keys typed on set aside)."""
        ...

    def file_replaced(self) -> None:
        """The database's path names another file now (``mv backup.db game.db``): open the game from it."""
        ...

    def new_game(self) -> None:
        """Push the new-game screen."""
        ...

    def show_games(self) -> None:
        """Show the saved games in place of the table, to resume another game."""
        ...


class PhoneCalls(Protocol):
    """What the phone server calls on the app's loop, and what the auction dialog tells the phones
    (:class:`banker.tui.jobs.phones.PhoneHooks`)."""

    def phone_request(self, game_id: int) -> None:
        """A phone made or withdrew a request: the count and an open inbox."""
        ...

    def phone_bid(self, game_id: int, seat: int, amount: int) -> str | None:
        """A phone's bid: the open auction dialog takes it, or says why not."""
        ...

    def auction_changed(self, info: AuctionFacts | None) -> None:
        """The auction dialog's lot and bids (None: it closed), for the phone pages (docs/phones.md)."""
        ...


class PhoneHost(Protocol):
    """The app's side of the phone pages (:mod:`banker.tui.screens.phones`): the server it holds, the game it
    serves, and the Textual calls the phones screen makes of it."""

    db_path: Path
    session: Session | None
    phones: PhoneServer | None

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A toast (``App.notify``; its text never markup unless asked)."""
        ...

    def run_worker(
        self,
        work: Coroutine[Any, Any, None] | Callable[[], None],
        *,
        group: str,
        thread: bool = False,
        exit_on_error: bool = True,
    ) -> object:
        """Run ``work`` in a worker (``App.run_worker``; ``thread``: a function run in a thread)."""
        ...

    def push_screen(self, screen: Screen[None]) -> Awaitable[object]:
        """Push ``screen`` (``App.push_screen``); awaited, it is mounted."""
        ...


__all__ = ["Banker", "PhoneCalls", "PhoneHost"]
