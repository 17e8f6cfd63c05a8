"""Side deals at the table (issue 35), as a banker meets them in a pilot: a deal typed on the command line is
recorded; the rent dialog's preview reminds the banker of it before Enter, and Escape records nothing (the owner
let the rent go); once the deal has ended the preview says nothing of it. The journal is the oracle."""

from __future__ import annotations

from textual.widgets import Static

from banker.tui.app import make_app
from banker.tui.dialogs import CommandDialog
from banker.tui.screens.table import TableScreen
from tests.kit.journal import db_path, journal_lines, make_game
from tests.kit.screens import text_of

SIZE = (80, 24)
REMINDER = "side deal 1 applies: bob asks no rent of ann on Dark Blue until turn 3"


async def _rent_preview(pilot, deed: str) -> str:
    await pilot.press("r", *deed)
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, CommandDialog)
    return " ".join(text_of(dialog.query_one("#preview", Static)).split())


async def test_the_rent_dialog_previews_the_side_deal_and_the_banker_decides():
    db = db_path()
    make_game(db, lines=["buy bob boardwalk", "buy bob park place"])
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("slash", *"side bob no rent dark blue from ann for 1 turn", "enter")
        await pilot.pause()
        assert journal_lines(app)[-1] == "side bob no rent dark blue from ann for 1 turn"
        await pilot.press("escape")  # off the command line: r is the rent key again
        preview = await _rent_preview(pilot, "boardwalk")
        assert "ann pays bob $100: Boardwalk, full set" in preview and REMINDER in preview
        await pilot.press("escape")  # Bob keeps the deal: no rent is recorded
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app)[-1] == "side bob no rent dark blue from ann for 1 turn"
        await pilot.press("slash", *"next", "enter", *"next", "enter", *"turn ann", "enter")
        await pilot.pause()
        assert app.session.log()[-2].summary.endswith("side deal 1 ends (turn 3): bob asks no rent of ann on Dark Blue")
        await pilot.press("escape")
        await pilot.pause()
        preview = await _rent_preview(pilot, "boardwalk")
        assert "ann pays bob $100" in preview and "side deal" not in preview
