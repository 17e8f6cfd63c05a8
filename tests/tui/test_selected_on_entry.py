"""Text already in a field is selected when the field is entered (the developers' brief, "The keyboard").

Every screen and dialog that opens with text in its first field (the rent dialog's payer, the trade's players, the
tax's choice, the take-over's player...) opens with that text selected, so the first key typed replaces it; and
every field, entered by Tab, has its text selected. Walks every key of the table (``banker.tui.keys``'s ``ACTIONS``)
that opens a screen, the new-game screen (Ctrl+N) and the take-over screen (T before play). The game-night review
found the take-over screen's "Ann" not selected: ``ann`` made "Annann"."""

from __future__ import annotations

from textual.widgets import Input

from banker.tui.app import make_app
from banker.tui.keys import ACTIONS
from banker.tui.screens.table import TableScreen
from banker.tui.screens.takeover import TakeOverScreen
from tests.kit.journal import make_game
from tests.kit.waits import settled, until

SIZE = (120, 40)
GAME = ["buy ann boardwalk", "buy ann park place", "buy bob baltic avenue", "mortgage bob baltic", "go ann"]


def unselected(screen) -> list[str]:
    """The fields of ``screen`` holding text that is not all selected while focused."""
    field = screen.focused
    if (
        isinstance(field, Input)
        and field.value
        and (field.selection.start, field.selection.end)
        not in {
            (0, len(field.value)),
            (len(field.value), 0),
        }
    ):
        return [f"{type(screen).__name__} #{field.id}: {field.value!r} {field.selection}"]
    return []


async def walk_fields(pilot, screen) -> list[str]:
    """Tab round every field of ``screen`` once: each is entered with its text selected."""
    found = unselected(screen)
    for _ in range(len(screen.focus_chain)):
        await pilot.press("tab")
        await settled(pilot)
        found += unselected(screen)
    return found


async def test_every_dialog_opens_and_is_walked_with_its_text_selected(tmp_path):
    db = tmp_path / "game.db"
    make_game(db, ("ann", "bob", "cy"), GAME)
    app = make_app(db)
    opened, found = [], []
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        for key in [*(action.key for action in ACTIONS), "ctrl+n"]:
            assert isinstance(app.screen, TableScreen), key
            await pilot.press(key)
            await settled(pilot)
            if isinstance(app.screen, TableScreen):
                continue  # a key that acts on the table (next, undo) or says why not now
            opened.append(type(app.screen).__name__)
            screen = app.screen
            if screen.query(Input):
                found += await walk_fields(pilot, screen)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, TableScreen), f"the table after {key}")
            await settled(pilot)
    assert {"CommandDialog", "TradeDialog", "AuctionDialog", "NewGameScreen"} <= set(opened), opened
    assert found == []


async def test_the_take_over_screen_opens_with_the_player_selected(tmp_path):
    db = tmp_path / "game.db"
    make_game(db, ("ann", "bob", "cy"))
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("T")
        await until(pilot, lambda: isinstance(app.screen, TakeOverScreen), "the take-over screen")
        await settled(pilot)
        screen = app.screen
        assert screen.focused is screen.query_one("#to-player", Input) and screen.focused.value == "ann"
        assert await walk_fields(pilot, screen) == []
        # a refusal keeps the cursor in its field, its text selected (a field already focused gets no focus event)
        await pilot.press("tab", *"12x0", "enter")  # the cash: not an amount
        await settled(pilot)
        cash = screen.query_one("#to-cash", Input)
        assert screen.focused is cash and cash.value == "12x0" and cash.selection.end - cash.selection.start == 4
        await pilot.press(*"800", "enter")
        await settled(pilot)
        assert app.session.log()[-1].text == "position ann cash 800"
