"""The app never crashes on input: an unexpected exception in an action is caught, shown and logged.

Refusals by the rules are normal replies (``Reply.error``); this guard is for bugs. The game is safe either way:
the journal only changes inside ``Session.execute``'s transaction, so a failure leaves it as it was.
"""

from __future__ import annotations

import functools
import logging
import traceback
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar, cast

from textual.message_pump import MessagePump

from banker.paths import log_path
from banker.tui.textual_private import is_on_handler, replace_on_handlers
from rules.i18n import _

P = ParamSpec("P")
R = TypeVar("R")
Node = TypeVar("Node", bound=MessagePump)
"""A screen, widget or the app itself: what has an ``app`` to report to."""
C = TypeVar("C", bound=type)


class ReportsErrors(Protocol):
    """What the guard asks of the app (:meth:`banker.tui.app.BankerApp.report_error`)."""

    def report_error(self, exc: BaseException, context: str) -> None: ...


def log_error(exc: BaseException, context: str) -> str:
    """Append the traceback to the data directory's log file; returns the log's path for the message."""
    try:
        path = log_path()
        with path.open("a", encoding="utf-8") as f:
            f.write(f"--- {context}\n{''.join(traceback.format_exception(exc))}\n")
        return str(path)
    except Exception:  # noqa: BLE001 - logging must not itself crash the app
        logging.getLogger("banker").exception("could not write the error log")  # i18n-exempt: a log line
        return _("(log unavailable)")


def guarded(fn: Callable[Concatenate[Node, P], R]) -> Callable[Concatenate[Node, P], R | None]:
    """Wrap an action or event handler: any exception is reported by the app instead of ending it (then None)."""

    @functools.wraps(fn)
    def wrapper(self: Node, /, *args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            return fn(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - the point of the guard
            # Textual types ``app`` as App[object]; in Banker it is always the BankerApp
            cast(ReportsErrors, self.app).report_error(exc, f"{type(self).__name__}.{fn.__name__}")
            return None

    return wrapper


def guard_actions(cls: C) -> C:
    """Class decorator: guard every ``action_*`` method and every ``_``-prefixed event handler marked by @on."""
    wrapped: dict[Callable[..., Any], Callable[..., Any]] = {}
    for name, value in list(vars(cls).items()):
        if callable(value) and (name.startswith("action_") or is_on_handler(value)):
            wrapped[value] = guarded(value)
            setattr(cls, name, wrapped[value])
    # Textual collected the @on handlers when the class was made; point them at the guarded versions too.
    replace_on_handlers(cls, wrapped)
    return cls
