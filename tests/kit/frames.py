"""Pilot tests draw no frames they do not look at.

A headless app (``app.run_test()``) still renders every frame: after each key the screen's compositor turns every
changed widget into lines of styled text, and the headless driver throws them away. That was some 40% of a pilot
test's CPU time (``tests/tui/test_raise_money.py``, profiled) for pictures nobody looks at: the tests read the
widgets (``widget.render()``, ``render_line``, their values) and the session, and the snapshot tests take their
picture with ``export_screenshot``, which renders the whole screen itself.

:func:`bookkeeping_only` stands in for ``Screen._compositor_refresh`` in a headless app: everything a frame does but
draw (the dirty regions and widgets are forgotten, as drawing them would; the widget under the mouse is looked at
again). Layout still happens (sizes, positions, scrolling, clicks by place), and so does every widget's own
rendering when a test asks for it. ``tests/conftest.py`` puts it in place for every test but those marked
``frames`` (a test of the drawing itself).
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

DRAW = Screen._compositor_refresh


def bookkeeping_only(screen: Screen[Any]) -> None:
    """``Screen._compositor_refresh`` without the drawing, for a headless, non-inline app; else the real one."""
    app = screen.app
    if not app.is_headless or app.is_inline:
        DRAW(screen)
        return
    if screen is app.screen or screen in app._background_screens:
        screen._compositor._dirty_regions.clear()
        screen._dirty_widgets.clear()
    app._update_mouse_over(screen)


__all__ = ["DRAW", "bookkeeping_only"]
