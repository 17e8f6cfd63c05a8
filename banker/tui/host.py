"""What the screens ask of the app that hosts them, as a protocol, so the screens depend on an interface below them
rather than on :mod:`banker.tui.app` above them (no import cycle, not even for the type checker).

:class:`~banker.tui.app.BankerApp` is the one implementation; the table reaches it as ``self.banker``.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from banker.journal import RequestRow
    from banker.session import Reply
    from banker.web.page_data import AuctionFacts


class Banker(Protocol):
    """The app's side of a game night: recording commands and what follows them."""

    def now(self) -> datetime:
        """The time for the time-limit game (injectable in tests)."""
        ...

    def record(self, line: str, *, in_dialog: bool = False, request: RequestRow | None = None) -> Reply:
        """Execute one command and redraw the table: the only place the app changes the game."""
        ...

    def record_request(self, line: str, request: RequestRow) -> Reply:
        """:meth:`record` of a phone's request (the inbox): recorded once, marked recorded in the same transaction."""
        ...

    def auction_changed(self, info: AuctionFacts | None) -> None:
        """The auction dialog's lot and bids (None: it closed), for the phone pages (docs/phones.md)."""
        ...

    def record_in_dialog(self, line: str) -> Reply:
        """:meth:`record` for a dialog, which shows the reply itself."""
        ...

    def run_command(self, line: str) -> Any:
        """A typed command (or a key such as n, u, y): record it, then what the reply calls for."""
        ...

    def follow_up(self, reply: Reply | None) -> None:
        """After a command: the ways to raise money for a debt, the standings when the game ends."""
        ...

    def open_standings(self) -> None:
        """Push the standings screen for the open game."""
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


__all__ = ["Banker"]
