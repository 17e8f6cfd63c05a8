"""The app's jobs, one module each, apart from :class:`banker.tui.app.BankerApp`, which holds the open game and
routes to them: the maths mode's questions (:mod:`.maths`), the phone pages' hooks (:mod:`.phones`), the keys a
screen set aside shown and offered (:mod:`.set_aside`), the database's backups (:mod:`.backups`). Each is given the
app as :class:`AppHost`, what a job may ask of it; the app records every command (:meth:`AppHost.record`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from banker.tui.host import Banker, PhoneHost

if TYPE_CHECKING:
    from textual.geometry import Size
    from textual.message import Message
    from textual.screen import Screen

    from banker.session import Session
    from banker.tui.screens.table import TableScreen


class AppHost(Banker, PhoneHost, Protocol):
    """What the app's jobs ask of the app (:class:`banker.tui.app.BankerApp` is the one implementation)."""

    keys_bell: bool
    backups: bool

    @property
    def game(self) -> Session:
        """The open game (raises LookupError when none is)."""
        ...

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...

    @property
    def size(self) -> Size: ...

    def table(self) -> TableScreen | None:
        """The open game's table, if it is on the screen stack."""
        ...

    def open_on_its_own(self, screen: Screen[Any], callback: Callable[[Any], None] | None = None) -> None:
        """Push a screen the app opens as a consequence of something (keys typed before it are set aside)."""
        ...

    def call_next(self, callback: Callable[..., object], *args: Any, **kwargs: Any) -> None: ...

    def post_message(self, message: Message) -> bool: ...

    def bell(self) -> None: ...

    def report_error(self, exc: BaseException, context: str) -> None: ...


__all__ = ["AppHost"]
