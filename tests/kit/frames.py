"""Pilot tests draw no frames they do not look at.

A headless app (``app.run_test()``) renders every frame as a terminal app does: after each key the screen's
compositor turns every changed widget into lines of styled text (a refresh, a focus move, a preview, a key bar),
and the headless driver throws them away. That was some 40% of a pilot test's CPU time (``tests/tui/test_dialogs.py``
and ``test_raise_money.py``: 42 s of CPU with every frame drawn, 25 s without; drawing one frame each time the
pilot's wait found the app at rest still cost 38 s), for pictures nobody looks at: the tests read the widgets
(``widget.render()``, ``render_line``, their values) and the session, and the snapshot tests take their picture
with ``export_screenshot``, which draws the whole screen itself.

:func:`content_only` stands in for ``Screen._compositor_refresh`` in a headless app: a frame's bookkeeping (the dirty
regions and widgets forgotten, as drawing them would; the widget under the mouse looked at again) and each changed
widget's content made, as a frame makes it before drawing it into lines, so a widget that cannot show what it was
given (a markup error, a render that raises) still fails the test where it changed. Layout happens as before (sizes,
positions, scrolling, clicks by place). ``tests/conftest.py`` puts it in place for every test but those marked
``frames``, which draw every frame (a test of the drawing itself).
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

DRAW = Screen._compositor_refresh
"""Textual's own frame."""


def content_only(screen: Screen[Any]) -> None:
    """``Screen._compositor_refresh`` without the drawing, for a headless, non-inline app; else the real one."""
    app = screen.app
    if not app.is_headless or app.is_inline:
        DRAW(screen)
        return
    if screen is app.screen or screen in app._background_screens:
        shown = screen._compositor.visible_widgets.keys()  # laid out and on screen: what a frame would draw
        for widget in list(shown if screen in screen._dirty_widgets else shown & screen._dirty_widgets):
            if widget is not screen:
                widget._render()  # its content, as a frame makes it before drawing it
        screen._compositor._dirty_regions.clear()
        screen._dirty_widgets.clear()
    app._update_mouse_over(screen)


__all__ = ["DRAW", "content_only"]
