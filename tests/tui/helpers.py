"""Shared helpers for the TUI tests: a fixed game in a temporary database, and waiting for screens."""

from __future__ import annotations

from pathlib import Path

from banker.session import Session
from rules import Settings


def make_game(db: Path, names=("ann", "bob", "cat"), lines=(), settings: Settings | None = None) -> None:
    """Create a game and record ``lines`` through the same Session the app uses, then close it."""
    session = Session.create(db, list(names), settings or Settings())
    for line in lines:
        reply = session.execute(line)
        assert reply.ok, (line, reply.message)
    session.close()


def cash(app) -> list[int]:
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
