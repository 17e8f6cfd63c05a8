"""The maths mode on the table (pilot): the rent dialog's payment is asked of the player first, and recorded only
when answered; the raise-money dialog's steps go through as ticked, never stopped half-way by the maths dialog."""

from __future__ import annotations

from textual.widgets import Input

from banker.session import Session
from banker.tui.app import make_app
from banker.tui.dialogs import RaiseMoneyDialog
from banker.tui.dialogs.maths import MathsDialog
from banker.tui.screens.table import TableScreen
from tests.kit.journal import db_path, journal_lines, make_game
from tests.kit.screens import balances, text_of
from tests.kit.waits import until
from tests.tui.test_raise_money import SHORT

SIZE = (120, 40)


async def test_a_short_player_in_maths_mode_raises_money_without_being_stopped():
    db = db_path()
    make_game(db, lines=SHORT)
    with Session.open(db) as s:
        s.set_maths("ann")
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("slash", *"rent ann boardwalk", "enter")
        await until(pilot, lambda: isinstance(app.screen, RaiseMoneyDialog), "the raise-money dialog")
        await pilot.press("space", "down", "down", "down", "space", "enter")  # a house and Electric Company
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "back to the table")
        assert not any(isinstance(s, MathsDialog) for s in app.screen_stack)
        assert journal_lines(app)[len(SHORT) :] == [
            "sell ann St. James Place",
            "mortgage ann Electric Company",
            "rent ann boardwalk",
        ]
        assert balances(app)[0] == 490 + 50 + 75 - 600


async def test_a_payment_from_a_dialog_waits_for_the_answer():
    db = db_path()
    make_game(db, lines=["buy ann boardwalk", "buy ann park place"])
    with Session.open(db) as s:
        s.set_maths("bob")
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("p")  # pay: bob pays $25 to the bank
        await pilot.pause()
        app.screen.query_one("#f-player", Input).value = "bob"
        app.screen.query_one("#f-amount", Input).value = "25"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, MathsDialog), "the maths question")
        assert text_of(app.screen.query_one("#maths-question")) == "How much does bob pay the bank?"
        assert journal_lines(app) == ["buy ann boardwalk", "buy ann park place"]
        await pilot.press(*"2o", "enter")  # not an amount: said, nothing recorded
        assert '"2o" is not an amount' in text_of(app.screen.query_one("#maths-note"))
        await pilot.press("ctrl+u", *"$25", "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "back to the table")
        assert journal_lines(app)[-1] == "pay bob 25"
        assert balances(app) == [1500 - 750, 1500 - 25, 1500]


async def test_a_phones_request_for_a_player_in_maths_mode_is_recorded_once_worked_out(monkeypatch):
    """A phone's request (issue 23) of a payment to or from a player in maths mode (issue 25): the inbox's Enter
    asks the player first; the right answer records the line and marks the request recorded, in one transaction, as
    any request; Escape records nothing and the request stays pending."""
    from tests.tui.test_inbox import phone_asks

    monkeypatch.setattr(TableScreen, "RELOAD_SECONDS", 0.05)
    db = db_path()
    game = make_game(db, lines=["buy ann boardwalk"])
    with Session.open(db) as s:
        s.set_maths("bob")
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        phone_asks(db, game, 1, "bob-rent-0001", "rent Bob Boardwalk")
        await until(pilot, lambda: "1 request from phones (i)" in text_of(app.screen.query_one("#status")), "count")
        await pilot.press("i")
        await until(pilot, lambda: type(app.screen).__name__ == "InboxDialog", "the inbox")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MathsDialog), "the maths question")
        await pilot.press("escape")  # not worked out: nothing recorded, the request still pending
        await until(pilot, lambda: not isinstance(app.screen, MathsDialog), "the maths dialog closed")
        assert journal_lines(app) == ["buy ann boardwalk"]
        assert [r.status.value for r in app.session.requests()] == ["pending"]
        await until(pilot, lambda: type(app.screen).__name__ == "InboxDialog", "the inbox again")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MathsDialog), "the maths question again")
        await pilot.press(*"50", "enter")
        await until(pilot, lambda: len(journal_lines(app)) == 2, "the rent recorded")
        assert journal_lines(app)[-1] == "rent Bob Boardwalk"
        assert balances(app) == [1500 - 400 + 50, 1500 - 50, 1500]
        assert [r.status.value for r in app.session.requests()] == ["recorded"]
        assert app.session.log()[-1].summary.endswith("(asked from bob's phone)")
