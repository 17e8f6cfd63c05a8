"""Every use of Textual's private API, in one place.

Textual is pinned (pyproject.toml), but a private name can change in any release without notice. Each use is a
small function here, with why we need it; ``tests/tui/test_textual_private.py`` checks every name below still exists
with the kind and signature we rely on, and that each function still has its effect, so an upgrade fails there,
naming the attribute, instead of somewhere deep in a screen. The same test file checks that no other module of
``banker`` touches these names (:data:`PRIVATE_NAMES`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Input

PRIVATE_NAMES = frozenset({"_push_result_callback", "_decorated_handlers", "_textual_on", "_bindings", "_suggestion"})
"""The private Textual names used here; nowhere else in ``banker``."""


def give_result_callback(screen: Screen[Any]) -> None:
    """Give the app's first screen the (empty) result callback every pushed or switched screen has, so switching
    away from it works like switching away from any other (Textual issue #2650: ``App.switch_screen`` pops a
    callback the default screen never had, and fails with an IndexError)."""
    screen._push_result_callback(screen, None)


def is_on_handler(method: object) -> bool:
    """Whether ``method`` was decorated with ``@on`` (``textual.on`` marks it with ``_textual_on``)."""
    return hasattr(method, "_textual_on")


def replace_on_handlers(cls: type, replaced: dict[Callable[..., Any], Callable[..., Any]]) -> None:
    """Point the ``@on`` handlers of ``cls`` at their replacements (``banker.tui.safety.guard_actions`` wraps
    them): Textual collects them in ``_decorated_handlers`` when the class is made, before a class decorator can
    wrap them, and dispatches from that table, not from the class attributes."""
    for handlers in vars(cls).get("_decorated_handlers", {}).values():
        handlers[:] = [(replaced.get(method, method), selectors) for method, selectors in handlers]


def bindings_for_key(node: DOMNode, key: str) -> list[Binding]:
    """The bindings ``node`` itself declares for ``key`` (``CompletingInput`` runs an editing key's action as the key
    arrives, not when Textual reaches the binding after keys typed later: :mod:`banker.tui.widgets.typeahead`). Textual
    offers the bindings of the whole focus chain only (``Screen.active_bindings``), not one node's."""
    return list(node._bindings.key_to_bindings.get(key, []))


def suggestion(field: Input) -> str:
    """The completion an :class:`~textual.widgets.Input` is offering (shown dimmed after the cursor; "" when none):
    Tab and the right arrow accept it in ``CompletingInput``. Textual keeps it in a private reactive and accepts it
    only with its own right-arrow binding."""
    return field._suggestion
