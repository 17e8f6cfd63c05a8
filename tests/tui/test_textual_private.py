"""The private Textual names ``banker`` relies on (:mod:`banker.tui.textual_private`) are still there and still do what
we use them for; and no other module of ``banker`` touches them. A Textual upgrade that changes one fails here, with
the attribute's name in the message."""

from __future__ import annotations

import ast
import asyncio
import inspect
from pathlib import Path

import pytest
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.geometry import Region
from textual.notifications import Notification, Notify
from textual.screen import Screen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Static

import banker
from banker.tui import textual_private
from banker.tui.safety import guard_actions
from banker.tui.textual_private import PRIVATE_NAMES


def test_push_result_callback_is_there_with_the_signature_we_call():
    method = getattr(Screen, "_push_result_callback", None)
    assert callable(method), "Textual changed Screen._push_result_callback (banker.tui.textual_private)"
    params = list(inspect.signature(method).parameters)
    assert params[:3] == ["self", "requester", "callback"], f"Screen._push_result_callback now takes {params}"


class _FirstScreen(Screen):
    def compose(self) -> ComposeResult:
        yield Static("first")


class _Switching(App):
    """Starts on its own default screen and switches it away, as BankerApp does when another game is opened."""

    def __init__(self, give: bool) -> None:
        super().__init__()
        self.give = give

    def get_default_screen(self) -> Screen:
        screen = _FirstScreen()
        if self.give:
            textual_private.give_result_callback(screen)
        return screen


async def test_the_first_screen_can_be_switched_away_once_given_a_result_callback():
    app = _Switching(give=True)
    async with app.run_test() as pilot:
        await app.switch_screen(_FirstScreen())
        await pilot.pause()
        assert len(app.screen_stack) == 1


async def test_without_the_callback_switching_away_from_the_first_screen_still_fails():
    """Textual issue #2650, the reason for give_result_callback: once this passes (Textual fixed it), the workaround
    and this test can go."""
    app = _Switching(give=False)
    failed: BaseException | None = None
    try:
        async with app.run_test() as pilot:
            await app.switch_screen(_FirstScreen())
            await pilot.pause()
    except IndexError as e:  # Screen._pop_result_callback: pop from empty list
        failed = e
    assert failed is not None, "Textual issue #2650 is fixed: drop textual_private.give_result_callback"


class _Clicks(App):
    def __init__(self) -> None:
        super().__init__()
        self.reported: list[str] = []

    def compose(self) -> ComposeResult:
        yield Button("Boom", id="boom")

    def report_error(self, exc: BaseException, context: str) -> None:
        self.reported.append(f"{context}: {exc}")


@guard_actions
class _GuardedScreen(Screen):
    def compose(self) -> ComposeResult:
        yield Button("Boom", id="boom")

    @on(Button.Pressed, "#boom")
    def _boom(self) -> None:
        raise RuntimeError("boom")


def test_on_marks_its_handlers_and_the_class_collects_them():
    assert textual_private.is_on_handler(_GuardedScreen.__dict__["_boom"]), "textual.on no longer sets _textual_on"
    table = vars(_GuardedScreen).get("_decorated_handlers")
    assert isinstance(table, dict), "Textual no longer collects @on handlers in the class's _decorated_handlers"
    [(method, selectors)] = table[Button.Pressed]
    assert callable(method) and isinstance(selectors, dict), "_decorated_handlers entries are not (method, selectors)"


async def test_a_guarded_on_handler_is_the_one_textual_calls():
    """The guarded version runs (the error is reported, the app goes on): replace_on_handlers reached the table
    Textual dispatches from."""
    app = _Clicks()
    async with app.run_test() as pilot:
        await app.push_screen(_GuardedScreen())
        await pilot.click("#boom")
        await pilot.pause()
        assert app.reported == ["_GuardedScreen._boom: boom"]


class _Suggesting(App):
    def compose(self) -> ComposeResult:
        yield Input(suggester=SuggestFromList(["boardwalk"], case_sensitive=False))


async def test_suggestion_is_the_completion_on_offer():
    assert "_suggestion" in vars(Input), "Textual changed Input._suggestion (the completion on offer)"
    app = _Suggesting()
    async with app.run_test() as pilot:
        field = app.query_one(Input)
        field.focus()
        await pilot.press(*"boa")
        await pilot.pause()
        assert textual_private.suggestion(field) == "boardwalk"
        await pilot.press("x")
        await pilot.pause()
        assert textual_private.suggestion(field) == ""


def _private_uses(path: Path) -> list[str]:
    """Attribute accesses and string constants (getattr, hasattr) naming one of the private Textual names."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        name = None
        if isinstance(node, ast.Attribute):
            name = node.attr
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            name = node.value
        if name in PRIVATE_NAMES:
            found.append(f"{path}:{getattr(node, 'lineno', '?')}: {name}")
    return found


def test_no_other_module_touches_the_private_names():
    root = Path(banker.__file__).parent
    own = Path(textual_private.__file__)
    uses = [use for path in sorted(root.rglob("*.py")) if path != own for use in _private_uses(path)]
    assert uses == [], "private Textual names belong in banker/tui/textual_private.py:\n" + "\n".join(uses)


def test_the_key_orders_private_names_are_there():
    """banker.tui.keyorder reads every pump's queue and the screen's after-refresh callbacks; the parser fix, the
    page-move guard and the app's edge wrap private methods (a Textual upgrade that renames one fails here)."""
    from textual._xterm_parser import XTermParser
    from textual.widgets import OptionList

    assert callable(getattr(XTermParser, "_sequence_to_key_events", None)), "XTermParser._sequence_to_key_events"
    assert "alt" in inspect.signature(XTermParser._sequence_to_key_events).parameters
    from textual._ansi_sequences import ANSI_SEQUENCES_KEYS  # the ESC-and-a-key sequences the parser fix splits

    assert isinstance(ANSI_SEQUENCES_KEYS, dict), "textual._ansi_sequences.ANSI_SEQUENCES_KEYS"
    assert callable(getattr(OptionList, "_move_page", None)), "OptionList._move_page"
    assert isinstance(inspect.getattr_static(OptionList, "_index_to_line"), property), "OptionList._index_to_line"
    assert callable(getattr(App, "_handle_exception", None)), "App._handle_exception"
    assert callable(getattr(App, "_unnotify", None)), "App._unnotify"


async def test_withdraw_notification_takes_the_toast_away_once():
    app = App()
    async with app.run_test() as pilot:
        shown = Notification("offer", timeout=10)
        app.post_message(Notify(shown))
        await pilot.pause()
        assert shown in app._notifications
        textual_private.withdraw_notification(app, shown)
        textual_private.withdraw_notification(app, shown)  # already gone: nothing happens
        assert shown not in app._notifications


async def test_queue_empty_and_after_refresh_pending_see_what_waits():
    class Plain(App):
        def compose(self) -> ComposeResult:
            yield Static("x")

    app = Plain()
    async with app.run_test() as pilot:
        await pilot.pause()
        static = app.query_one(Static)
        assert textual_private.queue_empty(static)
        static.post_message(events.Callback(callback=lambda: None))
        assert not textual_private.queue_empty(static)
        await pilot.pause()
        assert textual_private.queue_empty(static)
        assert not textual_private.after_refresh_pending(app.screen)


async def test_being_removed_sees_a_widget_on_its_way_out():
    app = _Label()
    async with app.run_test() as pilot:
        await pilot.pause()
        static = app.query_one(Static)
        assert not textual_private.being_removed(static)
        removed = static.remove()
        assert textual_private.being_removed(static)
        await removed


@pytest.mark.frames
async def test_a_screen_that_keeps_its_own_lines_keeps_them_until_its_look_changes():
    """``own_lines_kept``: Textual's ``_set_dirty`` clears the screen's lines cache (``_styles_cache``: its
    ``_cache`` and ``_dirty_lines``) on a whole repaint; the decorated screen keeps it while ``styles._cache_key``
    is the one it was drawn with, and lets it go when a style changes."""

    @textual_private.own_lines_kept
    class Kept(Screen[None]):
        def compose(self) -> ComposeResult:
            yield Static("x")

    class Showing(App):
        def on_mount(self) -> None:
            self.push_screen(Kept())

    app = Showing()
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, Kept)
        screen.refresh()  # the first whole repaint draws the lines again (none were drawn with a known look)
        await pilot.pause()
        lines = dict(screen._styles_cache._cache)
        assert lines and isinstance(screen.styles._cache_key, int)
        screen.refresh()
        assert screen._styles_cache._cache == lines and not screen._styles_cache._dirty_lines  # kept
        screen.styles.background = "red"  # a new look: drawn again
        assert not screen._styles_cache._cache
        screen.refresh(Region(0, 0, 1, 1))  # a region: Textual's own way, untouched
        assert 0 in screen._styles_cache._dirty_lines


class _Label(App):
    def compose(self) -> ComposeResult:
        yield Static("first")


class _Unshowable(Static):
    broken = False

    def render(self) -> str:
        if self.broken:
            raise ValueError("cannot show this")
        return "shown"


class _WithUnshowable(App):
    def compose(self) -> ComposeResult:
        yield _Unshowable()


async def test_the_test_kits_frame_without_drawing_leaves_nothing_to_draw_and_still_fails_on_what_cannot_render():
    """tests/kit/frames.py stands in for ``Screen._compositor_refresh`` (private) in the pilot tests: after a change
    the screen holds no dirty region or widget (as a drawn frame leaves it), and a widget that cannot render what it
    was given still fails the test, as a drawn frame would have."""
    from tests.kit import frames

    assert Screen._compositor_refresh is frames.content_only  # tests/conftest.py put it in place
    assert callable(frames.DRAW) and frames.DRAW.__name__ == "_compositor_refresh"
    app = _Label()
    async with app.run_test() as pilot:
        label = app.query_one(Static)
        label.update("second")
        await pilot.pause()
        assert not app.screen._dirty_widgets and not app.screen._compositor._dirty_regions
        assert str(label.render()) == "second"
    broken = _WithUnshowable()
    with pytest.raises(ValueError, match="cannot show this"):
        async with broken.run_test() as pilot:
            widget = broken.query_one(_Unshowable)
            widget.broken = True
            widget.refresh()
            await pilot.pause()


async def test_a_footer_key_drawn_after_its_removal_draws_nothing():
    """Textual 8.2.8 clears a removed widget's component styles, and a footer key drawn by a frame already on its way
    raised KeyError (the standings screen, under load): the guard of banker.tui.widgets.footer draws it empty."""
    from textual.app import App
    from textual.widgets._footer import FooterKey

    from banker.tui.widgets.footer import Footer

    class Keys(App[None]):
        BINDINGS = [("x", "bell", "Ring")]

        def compose(self):
            yield Footer()

    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        key = app.query(FooterKey).first()
        assert "Ring" in str(key.render())  # styled: drawn as Textual draws it
        await key.remove()
        assert str(key.render()) == ""


class _Described(Screen):
    BINDINGS = [("x", "app.bell", "Ring"), Binding("y", "app.bell", "Quiet", tooltip="Not a sound")]


async def test_translate_bindings_describes_a_nodes_keys_where_the_footer_reads_them():
    """Issue 36: Textual merges a class's BINDINGS when the class is made, before the banker's language is known, and
    copies them into each node (``DOMNode._bindings``), which ``Screen.active_bindings`` (the footer, the keys panel)
    reads; ``translate_bindings`` gives the node its own words, once, and leaves the class's alone."""
    assert isinstance(Screen()._bindings, BindingsMap), "Textual changed DOMNode._bindings"
    assert callable(getattr(BindingsMap, "from_keys", None)), "Textual changed BindingsMap.from_keys"

    class Host(App):
        def on_mount(self) -> None:
            screen = _Described()
            textual_private.translate_bindings(screen, str.upper)
            textual_private.translate_bindings(screen, str.upper)  # once: RING, not RING again through upper
            self.push_screen(screen)

    app = Host()
    async with app.run_test() as pilot:
        await pilot.pause()
        shown = {b.key: (b.description, b.tooltip) for _, b, _, _ in app.screen.active_bindings.values()}
        assert shown["x"] == ("RING", "") and shown["y"] == ("QUIET", "NOT A SOUND")
        assert {b.description for b in _Described()._bindings.key_to_bindings["x"]} == {"Ring"}


class _Stuck(Static):
    """A widget inside a handler that never finishes: what it is sent next waits in its queue for ever."""

    def __init__(self) -> None:
        super().__init__("stuck")
        self.never = asyncio.Event()

        self.clicked = False

    async def on_click(self) -> None:
        self.clicked = True
        await self.never.wait()


def gremlin() -> None:
    raise RuntimeError("a gremlin")


async def until(condition) -> None:
    while not condition():
        await asyncio.sleep(0.001)


class _Failing(App):
    def compose(self) -> ComposeResult:
        yield _Stuck()


async def test_a_round_ends_when_the_app_ends_not_when_its_time_runs_out():
    """``KeyOrder._round`` waits for pumps to handle what it sends them; once the app has failed they never will,
    and the round (how the key order settles a key, and the pilot's wait under test: tests/kit/quiet.py) stops at
    once (``app_ending``) instead of waiting out its timeout: an export bug raised under test held a test 30 s so
    (issue 33)."""
    from banker.tui.keyorder import KeyOrder
    from tests.kit.patience import within

    app = _Failing()
    ended: object = None
    with pytest.raises(RuntimeError, match="gremlin"):
        async with app.run_test():
            stuck = app.query_one(_Stuck)
            stuck.post_message(events.Click(stuck, 0, 0, 0, 0, 1, False, False, False))
            await within(until(lambda: stuck.clicked), 30, "the widget to be inside its handler")
            assert not textual_private.app_ending(app)
            app.call_later(gremlin)  # the app fails while the round waits on the stuck widget
            try:
                await within(KeyOrder._round(app, [stuck], timeout=3600), 30, "a round while the app ends")
                ended = textual_private.app_ending(app)
            except AssertionError as failed:  # the app's own failure is raised as the test leaves run_test
                ended = failed
            finally:
                stuck.never.set()  # the app can close
    assert ended is True


async def test_the_pilots_wait_sees_a_handler_that_awaits_with_nothing_queued_and_waits_for_it():
    """The test kit's wait (tests/kit/quiet.py) sends nothing through a pump at rest, so it must tell "waits for its
    next message" from "inside a handler that awaits", though both have an empty queue: the pump's task suspended
    on the future Textual's queue waits on (asyncio's ``_fut_waiter``, the queue's ``ready_event._waiters``). Were
    that lost in an upgrade, the wait would return while a handler still ran, and here it would not wait."""
    from tests.kit.patience import within
    from tests.kit.quiet import at_rest, quiet, waiting

    app = _Failing()
    async with app.run_test() as pilot:
        await pilot.pause()
        stuck = app.query_one(_Stuck)
        assert waiting(stuck) and at_rest(app)
        stuck.post_message(events.Click(stuck, 0, 0, 0, 0, 1, False, False, False))
        assert not waiting(stuck)  # queued
        await within(until(lambda: stuck.clicked), 30, "the widget to be inside its handler")
        assert textual_private.queue_empty(stuck)
        assert not waiting(stuck) and not at_rest(app)  # nothing queued, but inside the handler
        wait = asyncio.ensure_future(quiet(app))
        await within(until(lambda: stuck._task._fut_waiter is not None), 30, "the handler to await again")
        for _ in range(20):
            await asyncio.sleep(0)
        assert not wait.done()
        stuck.never.set()
        await within(wait, 30, "the wait, once the handler finished")
        assert waiting(stuck) and at_rest(app)
        await pilot.pause()


def test_the_kits_shared_css_parse_is_shared_only_where_all_it_reads_is_the_same():
    """The test kit parses each stylesheet source once for the run (tests/kit/css.py): the same source with the same
    variables, even from another app's dictionary, gives the same rules; other variables (another theme) parse
    again, to other colours."""
    from textual.css.stylesheet import Stylesheet

    from tests.kit.css import parsed_once

    source = "Static { color: $accent; }"
    red = parsed_once(Stylesheet(variables={"accent": "red"}), source, ("test", "red"))
    again = parsed_once(Stylesheet(variables={"accent": "red"}), source, ("test", "red"))
    blue = parsed_once(Stylesheet(variables={"accent": "blue"}), source, ("test", "red"))
    assert again is red
    assert blue is not red
    assert red[0].styles.color != blue[0].styles.color


class _Box(Screen[None]):
    """A screen whose styles hang on its children's order and on the focus: what a second styling could change."""

    DEFAULT_CSS = """
    _Box Static:last-child { color: red; }
    _Box Static:odd { background: blue; }
    _Box Vertical:focus-within { border: solid green; }
    """

    def compose(self) -> ComposeResult:
        from textual.containers import Vertical

        with Vertical():
            yield Static("one")
            yield Static("two")
            yield Input()
            yield Static("three")


async def test_a_screen_pushed_is_styled_once_and_as_a_second_styling_would_style_it():
    """Issue 33: Textual styled a pushed screen whole again on its first resume (``ScreenResume.refresh_styles``,
    True for a push), a third of a dialog's styling; ``screens_styled_once_when_first_shown`` skips that one pass.
    What it leaves on screen is what the skipped pass would have drawn, and a later resume that asks for styles
    still gets them."""
    assert inspect.signature(Screen._on_screen_resume).parameters.keys() == {"self", "event"}
    assert events.ScreenResume().refresh_styles is True  # Textual's default: what a push sends
    textual_private.screens_styled_once_when_first_shown()
    restyled: list[object] = []
    update_styles = App.update_styles

    def spy(app: App, node, animate: bool = True) -> None:
        restyled.append(node)
        update_styles(app, node, animate)

    app: App[None] = App()
    async with app.run_test(size=(40, 12)) as pilot:
        App.update_styles = spy  # type: ignore[method-assign]
        try:
            await app.push_screen(_Box())
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, _Box) and screen.focused is not None  # the focus given on its first resume
            assert screen not in restyled  # not styled whole a second time
            picture = app.export_screenshot()
            app.update_styles(screen)  # the pass skipped
            await pilot.pause()
            assert app.export_screenshot() == picture
            restyled.clear()
            screen.post_message(events.ScreenResume())  # a later resume asking for styles: Textual's as it was
            await pilot.pause()
            assert screen in restyled
        finally:
            App.update_styles = update_styles  # type: ignore[method-assign]
