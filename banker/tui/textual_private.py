"""Every use of Textual's private API, in one place.

Textual is pinned (pyproject.toml), but a private name can change in any release without notice. Each use is a
small function here, with why we need it; ``tests/tui/test_textual_private.py`` checks every name below still exists
with the kind and signature we rely on, and that each function still has its effect, so an upgrade fails there,
naming the attribute, instead of somewhere deep in a screen. The same test file checks that no other module of
``banker`` touches these names (:data:`PRIVATE_NAMES`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any, Literal, Protocol, TypeVar

from textual import events
from textual._ansi_sequences import ANSI_SEQUENCES_KEYS
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.binding import BindingsMap
from textual.dom import DOMNode
from textual.message import Message
from textual.message_pump import MessagePump
from textual.notifications import Notification
from textual.screen import Screen
from textual.widgets import Input, OptionList

PRIVATE_NAMES = frozenset(
    {
        "_push_result_callback",
        "_decorated_handlers",
        "_textual_on",
        "_suggestion",
        "_message_queue",
        "_callbacks",
        "_sequence_to_key_events",
        "_move_page",
        "_handle_exception",
        "_index_to_line",
        "_unnotify",
        "_component_styles",
        "_bindings",
        "_pruning",
        "_set_dirty",
        "_styles_cache",
        "_cache",
        "_dirty_lines",
        "_cache_key",
        "_on_screen_resume",
    }
)
"""The private Textual names used here; nowhere else in ``banker``."""


class WidgetFailed(Protocol):
    """What :func:`catch_escaped_errors` asks of the app it decorates (Textual's ``App`` has the second)."""

    def widget_failed(self, error: Exception) -> bool: ...

    def _handle_exception(self, error: Exception) -> None: ...


AppClass = TypeVar("AppClass", bound=type[WidgetFailed])
ScreenClass = TypeVar("ScreenClass", bound=type[Screen[Any]])


def translate_bindings(node: DOMNode, translate: Callable[[str], str]) -> None:
    """Give ``node`` its bindings with each description and tooltip put through ``translate``: Textual merges a
    class's ``BINDINGS`` once, when the class is made (before the banker's language is known), and copies them into
    each node as it is made (``_bindings``, where the app also adds its command palette key), which the footer, the
    keys panel and the tooltips read (issue 36). Once a node: a node translated again keeps its words."""
    if node.__dict__.get("banker_translated"):
        return
    node.__dict__["banker_translated"] = True
    node._bindings = BindingsMap.from_keys(
        {
            key: [
                replace(
                    b,
                    description=translate(b.description) if b.description else b.description,
                    tooltip=translate(b.tooltip) if b.tooltip else b.tooltip,
                )
                for b in found
            ]
            for key, found in node._bindings.key_to_bindings.items()
        }
    )


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


def suggestion(field: Input) -> str:
    """The completion an :class:`~textual.widgets.Input` is offering (shown dimmed after the cursor; "" when none):
    Tab and the right arrow accept it in ``CompletingInput``. Textual keeps it in a private reactive and accepts it
    only with its own right-arrow binding."""
    return field._suggestion


def queue_empty(pump: MessagePump) -> bool:
    """Nothing waits in ``pump``'s message queue (:mod:`banker.tui.keyorder`: a key has settled when every queue of
    the screen is empty). Textual keeps the queue private."""
    return pump._message_queue.empty()


def app_ending(app: App[Any]) -> bool:
    """The app is on its way out (it failed, was told to exit with a message, or stopped running): its message loops
    will handle nothing more, so a wait for them to settle would only run out its deadline (a worker's bug raised
    under test held the key order 30 s so). Textual keeps the failure and the exit's renderables private."""
    return bool(app._exit_renderables) or app._exception is not None or not app.is_running


def being_removed(node: DOMNode) -> bool:
    """``node`` is on its way out of the DOM (its screen closing, or itself removed): what it would update now is
    never drawn. Textual marks it so (``_pruning``) as it starts removing it."""
    return bool(node._pruning)


def after_refresh_pending(screen: Screen[Any]) -> bool:
    """``call_after_refresh`` callbacks wait on ``screen`` for its next refresh (the table mounts its command line
    so): a key has not settled while they wait."""
    return bool(screen._callbacks)


def withdraw_notification(app: App[Any], notification: Notification) -> None:
    """Take ``notification`` off the screen before its time is up (the offer of keys set aside ends at the next key,
    and the toast offering them with it). Textual removes a toast only when it times out or is clicked
    (``App._unnotify``, a no-op for one already gone)."""
    app._unnotify(notification)


def split_escape_prefix() -> None:
    """Read Escape followed quickly by another key as the two keys typed, never as Alt+that key. A terminal sends
    Alt+key as ESC then the key, so Textual's parser reads an Escape typed less than its escape delay (about 50 ms)
    before the next key as Alt+key: Escape then Enter arrived as Enter (Alt dropped) and confirmed the dialog the
    banker had just cancelled; Escape then U as Alt+U, which nothing is bound to, so the key was lost and the keys
    after it landed elsewhere. Banker binds no Alt key. The parser's ``_sequence_to_key_events`` is told ``alt`` when
    an ESC came first; the ESC-and-a-key sequences of Textual's table (Mac Option keys) are split the same way.
    And a line feed is Enter: typed in the first instant of a launch, before the app had the terminal, Enter
    arrived as the terminal's line mode made it, LF (Ctrl+J), and was lost, with every key after it landing in
    the dialog it should have closed."""
    original = XTermParser._sequence_to_key_events
    if getattr(original, "banker_split", False):
        return

    def kept_escapes(parser: XTermParser, count: int) -> None:
        """The ESCs read again as keys that ``parser`` has yet to give back: our own count, kept on the parser (in
        its ``__dict__``: Textual's class declares no such attribute)."""
        parser.__dict__["banker_escapes"] = count

    def split(self: XTermParser, sequence: str, alt: bool = False) -> Iterator[events.Key]:
        if alt:
            yield events.Key("escape", "\x1b")
        elif len(sequence) == 2 and sequence[0] == "\x1b" and sequence in ANSI_SEQUENCES_KEYS:
            # ESC and one key that Textual's table reads as a Mac Option key: ESC b Ctrl+Left, ESC f Ctrl+Right,
            # ESC DEL Ctrl+W, ESC 1 "¡", ESC 3 "£", ESC 5 "∞"... Escape then b (buy) typed fast was lost so
            yield events.Key("escape", "\x1b")
            sequence = sequence[1]
        elif sequence == "\x1b":  # an ESC read again as a key, which Textual then turns into "^"
            kept_escapes(self, getattr(self, "banker_escapes", 0) + 1)
        if sequence == "\n":
            # LF is Enter typed while the terminal was still in its line mode (before the app took it over: the
            # terminal turned CR into LF), never otherwise in the app's raw mode but as Ctrl+J, bound to nothing
            yield events.Key("enter", "\r")
            return
        yield from original(self, sequence, False)

    def escapes_kept(
        read: Callable[..., Iterable[Message]],
    ) -> Callable[..., Iterator[Message]]:
        """``feed`` and ``tick`` with the "^" Textual made of an ESC (ESC, a key, then another ESC in one write:
        Escape, U, Escape, x) given back as the Escape it was; a "^" typed stays a "^"."""

        def wrapper(self: XTermParser, *args: Any) -> Iterator[Message]:
            try:
                for token in read(self, *args):
                    escapes = getattr(self, "banker_escapes", 0)
                    if escapes and isinstance(token, events.Key) and token.key == "circumflex_accent":
                        kept_escapes(self, escapes - 1)
                        token = events.Key("escape", "\x1b")
                    yield token
            finally:
                kept_escapes(self, 0)

        return wrapper

    # The patch itself: mypy refuses to assign to a method, and a function declares no attributes (the mark that
    # makes a second call a no-op).
    split.banker_split = True  # type: ignore[attr-defined]
    XTermParser._sequence_to_key_events = split  # type: ignore[method-assign]
    XTermParser.feed = escapes_kept(XTermParser.feed)  # type: ignore[method-assign]
    XTermParser.tick = escapes_kept(XTermParser.tick)  # type: ignore[method-assign]


def page_moves_guarded() -> None:
    """PageUp or PageDown in an :class:`~textual.widgets.OptionList` with no lines yet (the command palette just
    opened, its lines not laid out yet) ends the app with ``KeyError: 0`` in ``OptionList._move_page`` (Textual 8.2.8,
    the newest release): with no lines, a page move does nothing."""
    original = OptionList._move_page
    if getattr(original, "banker_guarded", False):
        return

    def move_page(self: OptionList, direction: Literal[-1, 1]) -> None:
        if (self.highlighted or 0) not in self._index_to_line:
            return  # no lines laid out yet (an empty width): nothing to page through
        return original(self, direction)

    move_page.banker_guarded = True  # type: ignore[attr-defined]  # the mark, as for the parser above
    OptionList._move_page = move_page  # type: ignore[method-assign]  # the patch itself


def screens_styled_once_when_first_shown() -> None:
    """A screen pushed is styled as it is mounted, then styled whole again by the first ``ScreenResume`` Textual
    sends it (``refresh_styles``, True for a push; Textual 8.2.8), with nothing changed between the two: its CSS is
    read before it is mounted, its children are styled as each is mounted, and the focus it gives restyles what it
    touches. That second pass was a third of the styling a dialog's opening did (the rent dialog: 105 nodes styled,
    69 without it), and a share of every pilot test (issue 33). A screen's first resume keeps everything else it
    does (the focus, a layout for a new size, the repaint); a later resume (a screen shown again, the table after a
    dialog) is Textual's as it was."""
    original = Screen._on_screen_resume
    if getattr(original, "banker_guarded", False):
        return

    def resume(self: Screen[Any], event: events.ScreenResume) -> None:
        if not self.__dict__.get("banker_resumed"):
            self.__dict__["banker_resumed"] = True
            event.refresh_styles = False
        original(self, event)

    resume.banker_guarded = True  # type: ignore[attr-defined]  # the mark, as for the parser above
    Screen._on_screen_resume = resume  # type: ignore[method-assign]  # the patch itself


def footer_keys_drawn_only_when_styled() -> None:
    """A key of a :class:`~textual.widgets.Footer` drawn after it was removed (the footer recomposes its keys when the
    screen's bindings change, and a frame already on its way draws the old ones) ends the app with ``KeyError: "No
    'footer-key--key' key in COMPONENT_CLASSES"`` (Textual 8.2.8: a removed widget's component styles are cleared;
    seen on the standings screen on a loaded machine). A key without its styles draws nothing: it is gone, or is
    drawn again once styled. Called by :mod:`banker.tui.widgets.footer`, the screens' one way to a footer, so the
    launch (whose table has no footer) does not import Textual's footer."""
    from textual.widgets._footer import FooterKey  # the footer's module, imported with the screens that show one

    original = FooterKey.render
    if getattr(original, "banker_guarded", False):
        return

    def render(self: Any) -> Any:
        if not all(name in self._component_styles for name in self.COMPONENT_CLASSES):
            return ""
        return original(self)

    render.banker_guarded = True  # type: ignore[attr-defined]  # the mark, as for the parser above
    FooterKey.render = render  # type: ignore[method-assign]  # the patch itself


def footer_keys(widgets: Iterable[Any]) -> list[Any]:
    """Textual's footer keys among ``widgets`` (its ``FooterKey`` is private), for
    :class:`banker.tui.widgets.footer.Footer` to measure them and to make them compact before they are mounted."""
    from textual.widgets._footer import FooterKey

    return [w for w in widgets if isinstance(w, FooterKey)]


def footer_key_words(widgets: Iterable[Any]) -> list[tuple[str, str]]:
    """The key and the words of each of Textual's footer keys among ``widgets`` (:func:`footer_keys`)."""
    return [(w.key_display, w.description) for w in footer_keys(widgets)]


def catch_escaped_errors(cls: AppClass) -> AppClass:
    """Class decorator for the app: an exception that escapes a widget's handler reaches ``App._handle_exception``,
    which ends the app; ask ``widget_failed(error)`` first, and end the app only when it returns False."""
    original = cls._handle_exception

    def handle(self: WidgetFailed, error: Exception) -> None:
        if isinstance(error, Exception) and self.widget_failed(error):
            return
        original(self, error)

    cls._handle_exception = handle  # type: ignore[method-assign]  # the patch itself, as for the parser above
    return cls


def own_lines_kept(cls: ScreenClass) -> ScreenClass:
    """Class decorator for a screen whose own lines are its background alone (the table, its panels over it): Textual
    repaints a screen whole (a dialog closing over it, twice; the focus moving) by drawing its own lines again too,
    and 40 blank lines drawn again, each cut at every panel's edge into new pieces, were a third of the frame after a
    dialog's Enter (issue 33). The screen is still repainted whole; its own lines are kept while its styles are the
    ones they were drawn with (``Styles._cache_key`` changes with any style: a theme, a class); a new width draws
    them again, as Textual's lines cache does for any widget."""
    original = cls._set_dirty

    def set_dirty(self: Screen[Any], *regions: Any) -> None:
        if regions:
            original(self, *regions)
            return
        cache, drawn_with = self._styles_cache, self.styles._cache_key
        kept = cache._cache if self.__dict__.get("banker_lines_for") == drawn_with else None
        if kept:
            cache._cache = {}  # out of the way of the clearing
        original(self)
        if kept:
            cache._cache = kept
            cache._dirty_lines.clear()
        self.__dict__["banker_lines_for"] = drawn_with

    cls._set_dirty = set_dirty  # type: ignore[method-assign, assignment]  # the patch itself, as for the parser above
    return cls
