"""Reading the Textual app under a pilot."""

from __future__ import annotations


def balances(app) -> list[int]:
    """Every player's cash, in seat order, as the app's session holds it."""
    return [p.cash for p in app.session.state.players]


def text_of(widget) -> str:
    """The plain text a Static shows (its last update)."""
    content = widget.render()
    return str(getattr(content, "plain", content))


def no_blink(app) -> None:
    """Snapshots must not depend on the cursor's blink phase."""
    from textual.widgets import Input

    for w in app.screen.query(Input):
        w.cursor_blink = False
