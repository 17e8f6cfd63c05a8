"""Reading the Textual app under a pilot, and opening it on a game with a dialog."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from textual.pilot import Pilot

from banker.tui.app import make_app
from rules import Settings
from tests.kit.journal import db_path, make_game

SIZE = (120, 40)


@asynccontextmanager
async def opened(
    *keys: str,
    lines: Sequence[str] = (),
    names: Sequence[str] = ("ann", "bob", "cat"),
    settings: Settings | None = None,
    size: tuple[int, int] = SIZE,
) -> AsyncIterator[Pilot]:
    """A game recorded with ``lines`` in the test's database (:func:`tests.kit.journal.make_game`), the app opened on
    its table, and ``keys`` pressed there (the key of a dialog: ``opened("m", lines=["buy bob reading"])``), the app
    at rest after each; the pilot, whose ``app`` is the app. Without keys, the table."""
    db = db_path()
    make_game(db, names, lines, settings)
    app = make_app(db)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        yield pilot


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
