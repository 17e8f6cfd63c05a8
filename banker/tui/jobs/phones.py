"""The app's side of the phone pages (docs/phones.md): turning them on (the phones key, and again when a game that had
them on opens), and what the phone server calls on the app's loop: a request made or withdrawn (the table's count, an
open inbox), a bid (the open auction dialog takes it); and the auction dialog's lot and bids, sent to the phones.
The server and its screen are :mod:`banker.tui.screens.phones`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from banker.journal import JournalError
from banker.tui.screens import deferred
from rules.i18n import _

if TYPE_CHECKING:
    from banker.tui.jobs import AppHost
    from banker.web.page_data import AuctionFacts


class PhoneHooks:
    """What the phones ask of the app, and what the app tells them."""

    def __init__(self, app: AppHost) -> None:
        self.app = app

    def show(self) -> None:
        """The phones key: the pages on (the server started the first time, a worker) and their codes shown."""
        deferred.show_phones(self.app, self)

    def restore(self) -> None:
        """The game just opened had its phone pages on when it was last played: turn them on again."""
        session = self.app.session
        try:
            port = session.pages_port() if session is not None else None
        except JournalError:
            return
        if port is not None:
            deferred.restore_phones(self.app, port, self)

    def phone_request(self, game_id: int) -> None:
        """A phone made or withdrew a request (the phone server, on this loop): the count and an open inbox."""
        table = self.app.table()
        if table is None or table.session.game_id != game_id:
            return
        table.show_requests()
        for screen in self.app.screen_stack:
            changed = getattr(screen, "requests_changed", None)
            if changed is not None:
                changed()

    def phone_bid(self, game_id: int, seat: int, amount: int) -> str | None:
        """A phone's bid (the phone server, on this loop): the open auction dialog takes it, or says why not."""
        session = self.app.session
        if session is None or session.game_id != game_id:
            return _("No auction is open at the table.")
        for screen in reversed(self.app.screen_stack):
            if isinstance(screen, deferred.AuctionDialog):
                return screen.phone_bid(seat, amount)
        return _("No auction is open at the table.")

    def auction_changed(self, info: AuctionFacts | None) -> None:
        """The auction dialog opened, took a bid or closed: the phones of the game show it (when serving)."""
        phones, session = self.app.phones, self.app.session
        if phones is not None and session is not None:
            phones.auction(session.game_id, info)


__all__ = ["PhoneHooks"]
