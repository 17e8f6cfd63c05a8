"""The board sheet on the table (B): every deed's owner, buildings and mortgage with its group's mark, jail and the
bank; the building count check's matches and refusals; the game at a journal entry."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from banker.session import Session
from banker.tui.app import make_app
from banker.tui.screens.board import BoardScreen
from banker.tui.screens.table import TableScreen
from rules import Settings
from tests.kit.journal import db_path
from tests.kit.screens import text_of
from tests.kit.waits import until

LINES = ("buy ann boardwalk", "buy ann park place", "build ann boardwalk 3", "jail bob", "buy cy reading")


def _game():
    db = db_path()
    with Session.create(db, ["Ann", "Bob", "Cy"], Settings(), ["car", "hat", "dog"]) as s:
        for line in LINES:
            assert s.execute(line).ok, line
    return db


@asynccontextmanager
async def _sheet(size: tuple[int, int]) -> AsyncIterator:
    """The app on the game of :data:`LINES`, and `B` pressed: the pilot, with the board sheet on show."""
    app = make_app(_game())
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("B")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen), "the board sheet")
        yield pilot


async def _answer(pilot, app, field: str, typed: str) -> str:
    screen = app.screen
    screen.query_one(f"#{field}").focus()
    screen.query_one(f"#{field}").value = ""
    before = text_of(screen.query_one("#board-answer"))
    await pilot.press(*typed, "enter")
    await until(pilot, lambda: text_of(screen.query_one("#board-answer")) != before, "an answer")
    return text_of(screen.query_one("#board-answer"))


async def test_the_board_sheet_count_check_and_the_game_at_an_entry():
    app = make_app(_game())
    async with app.run_test(size=(100, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("B")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen), "the board sheet")
        sheet = text_of(app.screen.query_one("#board-sheet"))
        lines = sheet.splitlines()
        assert any(ln.split() == ["█DB", "Boardwalk", "Ann", "(car)", "2", "houses"] for ln in lines), sheet
        assert any(ln.split() == ["█RR", "Reading", "Railroad", "Cy", "(dog)", "-"] for ln in lines)
        assert [ln for ln in lines if ln.startswith("  Bob")] == ["  Bob (hat): $1,500; in jail, just sent"]
        assert lines[-1] == "Bank: houses 29 of 32; hotels 12 of 12"
        assert (
            await _answer(pilot, app, "board-count", "3 0") == "The board matches the journal: 3 houses and 0 hotels."
        )
        said = await _answer(pilot, app, "board-count", "4 0")
        assert said.startswith("The board does not match the journal: 4 houses counted, 3 in the journal.")
        assert "Dark Blue [DB] 3 houses and 0 hotels" in said
        said = await _answer(pilot, app, "board-count", "1 0 db")
        assert said == (
            "The Dark Blue group does not match the journal: 1 house counted, 3 in the journal. "
            "The journal has Park Place 1 house, Boardwalk 2 houses."
        )
        for typed, refusal in (
            ("40 0", "40 houses is more than the bank's 32"),
            ("1 0 purple", 'no colour group called "purple"'),
            ("0 0 rail", "no building stands on the Railroads"),
            ("[b]x 0", '"[" is in no command, amount or name'),  # a stray bracket (issue 20)
        ):
            assert refusal in await _answer(pilot, app, "board-count", typed), typed
        assert await _answer(pilot, app, "board-at", "2") == "The game as it was right after entry 2."
        sheet = text_of(app.screen.query_one("#board-sheet"))
        assert "As it was right after journal entry 2" in sheet
        assert any(ln.split() == ["█DB", "Boardwalk", "Ann", "(car)"] for ln in sheet.splitlines())  # no houses yet
        assert "  Ann (car): $750; to play" in sheet.splitlines()
        # the sheet shows entry 2; the count is checked against the board on the table, the game now, and says so
        said = await _answer(pilot, app, "board-count", "3 0")
        assert (
            said
            == "Against the game now (the sheet shows entry 2): The board matches the journal: 3 houses and 0 hotels."
        )
        assert "there is no entry 99" in await _answer(pilot, app, "board-at", "99")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "back to the table")
    with Session.open(db_path(), readonly=True) as s:
        assert [e.text for e in s.log()] == list(LINES)  # the questions were never journalled


async def test_a_count_typed_right_after_b_is_checked():
    """Found in review: `B` then `3 0` Enter did nothing (the keys went to the sheet); the count field has the
    cursor when the sheet opens, so the keys typed in one burst after B are the count."""
    app = make_app(_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("B", *"3 0", "enter")
        await until(pilot, lambda: isinstance(app.screen, BoardScreen), "the board sheet")
        answer = app.screen.query_one("#board-answer")
        await until(pilot, lambda: "matches the journal" in text_of(answer), "the count's answer")


async def test_tab_completes_the_group_in_the_count_field():
    """Found by a game-night review: `1 0 dark b` Tab in the count field did nothing, where `show count 1 0 dark b`
    Tab completes on the command line; it completes here too and stays (a second review: Tab went on to "at entry",
    where Enter then asked nothing), so Enter checks the count on that group. Tab with nothing to complete goes on
    to the next field."""
    async with _sheet((80, 24)) as pilot:
        app = pilot.app
        count = app.screen.query_one("#board-count")
        await pilot.press(*"3 0 dark b", "tab")
        assert count.value.rstrip() == "3 0 dark blue" and count.has_focus
        await pilot.press("enter")
        answer = app.screen.query_one("#board-answer")
        await until(pilot, lambda: "Dark Blue group matches" in text_of(answer), "the group's count")
        await pilot.press("tab")
        assert app.screen.query_one("#board-at").has_focus


async def test_the_at_entry_field_left_empty_is_not_marked_wrong():
    """Regression (a game-night review, 2026-11-28): Tab into "at entry" and out again, left empty, and its border
    turned the colour of a refused field and stayed so, though empty means now (its placeholder says so). An empty
    field is valid; a sign alone is not."""
    async with _sheet((120, 40)) as pilot:
        app = pilot.app
        at = app.screen.query_one("#board-at")
        await pilot.press("tab")
        assert at.has_focus
        await pilot.press("tab")
        assert not at.has_focus and "-invalid" not in at.classes
        at.focus()
        await pilot.press("minus", "tab")
        assert at.value == "-" and "-invalid" in at.classes
