"""The raise-money loop (issue 11): a payment the player cannot make opens one dialog that lists every sale and
mortgage, records the ticked ones and then the payment, or records the bankruptcy to the right creditor.

seed 000, BANKRUPTCY: "A player is bankrupt when he owes more than he can pay"; until then he sells buildings and
mortgages. Figures from the seed 000 title deeds: Boardwalk with 2 houses rents for $600; orange houses cost $100
and sell back for $50 (seed 000, SELLING PROPERTY: "one-half the price paid"); Electric Company mortgages for $75,
St. James Place for $90 (seed 000, MORTGAGES: "The mortgage value is printed on each Title Deed card").
"""

from __future__ import annotations

from textual.widgets import Input, Static

from banker.session import Session
from banker.tui.app import make_app
from banker.tui.dialogs import RaiseMoneyDialog
from banker.tui.dialogs.confirm import WordDialog
from banker.tui.screens.table import TableScreen
from banker.tui.widgets.inputs import TickList
from tests.kit.journal import db_path, journal_lines, make_game
from tests.kit.screens import balances, opened, text_of
from tests.kit.waits import until

SIZE = (120, 40)
# ann: $1,500 - St. James $180 - Tennessee $180 - New York $200 - 3 houses $300 - Electric Company $150 = $490,
# one house on each orange lot. bob: $1,500 - Boardwalk $400 - Park Place $350 - 3 houses $600 = $150, two houses
# on Boardwalk (rent $600) and one on Park Place.
SHORT = [
    "buy ann st james place",
    "buy ann tennessee",
    "buy ann new york",
    "build ann st james 3",
    "buy ann electric company",
    "buy bob boardwalk",
    "buy bob park place",
    "build bob boardwalk 3",
]
ROWS = [
    "Sell a house on St. James Place",
    "Sell a house on Tennessee Avenue",
    "Sell the last house on New York Avenue",
    "Mortgage Electric Company",
    "Mortgage St. James Place",
    "Mortgage Tennessee Avenue",
    "Mortgage New York Avenue",
]


def shown(app, widget_id: str) -> str:
    return text_of(app.screen.query_one(f"#{widget_id}", Static))


async def _short_of_rent(pilot, app) -> None:
    """ann lands on Boardwalk: $600 rent with $490 in hand, $110 missing."""
    await pilot.pause()
    await pilot.press("slash", *"rent ann boardwalk", "enter")
    await pilot.pause()
    assert isinstance(app.screen, RaiseMoneyDialog)


async def test_ticked_sale_and_mortgage_then_the_rent_are_recorded():
    db = db_path()
    make_game(db, lines=SHORT)
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await _short_of_rent(pilot, app)
        ticks = app.screen.query_one("#options", TickList)
        assert app.focused is ticks
        prompts = [str(ticks.get_option_at_index(i).prompt) for i in range(ticks.option_count)]
        assert [p.split("  +")[0].strip() for p in prompts] == ROWS
        assert [p.rsplit("+", 1)[1] for p in prompts] == ["$50", "$50", "$50", "$75", "$90", "$90", "$100"]
        assert "$110 missing" in shown(app, "total")
        await pilot.press("space")  # the house on St. James Place: $50
        await pilot.pause()
        await pilot.press("enter")  # $50 of $110: refused in the dialog, nothing recorded
        await pilot.pause()
        assert isinstance(app.screen, RaiseMoneyDialog)
        assert "raise $50 of the $110 missing" in shown(app, "refusal")
        assert journal_lines(app) == SHORT
        await pilot.press("down", "down", "down", "space")  # Mortgage Electric Company: $75
        await pilot.pause()
        assert sorted(ticks.selected) == [0, 3]
        assert "Ticked: $125" in shown(app, "total") and "Enough" in shown(app, "total")
        assert shown(app, "refusal") == ""  # ticking clears the old refusal
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app) == [
            *SHORT,
            "sell ann St. James Place",
            "mortgage ann Electric Company",
            "rent ann boardwalk",
        ]
        # ann: $490 + $50 + $75 - $600 = $15; bob: $150 + $600 = $750
        assert balances(app) == [15, 750, 1500]
        state = app.session.state
        assert state.holding(state.deed("St. James Place")).level == 0
        assert state.holding(state.deed("Electric Company")).mortgaged


async def test_one_u_takes_back_the_raise_and_its_payment_and_one_y_brings_them_back():
    """Issue 22: one u after "Raise and pay" took back only the rent, leaving the sale and the mortgage; the key bar
    says how many steps u takes back."""
    from banker.tui.widgets.keybar import KeyBar

    db = db_path()
    make_game(db, lines=SHORT)
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await _short_of_rent(pilot, app)
        await pilot.press("space", "down", "down", "down", "space", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        before = balances(app)
        assert "3 steps: ann pays bob $600" in app.screen.query_one(KeyBar).undo_text
        await pilot.press("escape", "u")  # the rent was typed: the command line has the keys until Escape
        await pilot.pause()
        assert balances(app) == [490, 150, 1500]
        state = app.session.state
        assert state.holding(state.deed("St. James Place")).level == 1
        assert not state.holding(state.deed("Electric Company")).mortgaged
        assert "Took back 3 actions recorded as one step" in shown(app, "reply")
        await pilot.press("y")
        await pilot.pause()
        assert balances(app) == before
        await pilot.press("u")  # the group again, not the rent alone
        await pilot.pause()
        assert balances(app) == [490, 150, 1500]
        assert [e.kind for e in app.session.log()][-12:] == ["action"] * 3 + ["undo"] * 3 + ["redo"] * 3 + ["undo"] * 3


async def test_a_mortgage_ticks_its_groups_sales_and_ctrl_s_confirms():
    """seed 000, MORTGAGES: the orange houses go back before St. James Place is mortgaged; unticking a sale drops
    the mortgage that needed it."""
    db = db_path()
    make_game(db, lines=SHORT)
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await _short_of_rent(pilot, app)
        ticks = app.screen.query_one("#options", TickList)
        await pilot.press("down", "down", "down", "down", "space")  # Mortgage St. James Place
        await pilot.pause()
        assert sorted(ticks.selected) == [0, 1, 2, 4]
        await pilot.press("up", "up", "up", "space")  # untick the Tennessee house: the mortgage that needed it goes,
        await pilot.pause()  # and with it the other sales, ticked only for the mortgage
        assert sorted(ticks.selected) == []
        await pilot.press("down", "down", "down", "space", "ctrl+s")  # the mortgage again, then Ctrl+S
        await pilot.pause()
        assert journal_lines(app)[len(SHORT) :] == [
            "sell ann St. James Place 3",
            "mortgage ann St. James Place",
            "rent ann boardwalk",
        ]
        # ann: $490 + 3 x $50 + $90 - $600 = $130
        assert balances(app) == [130, 750, 1500]


async def test_a_refused_step_stops_and_the_rent_is_not_recorded():
    """Another screen mortgages Electric Company while the dialog is open: the sale goes through, the mortgage is
    refused, the rent is not recorded; the dialog says so and stays, and the money now in hand pays on Enter."""
    db = db_path()
    make_game(db, lines=SHORT)
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await _short_of_rent(pilot, app)
        other = Session.open(db)
        try:
            assert other.execute("mortgage ann electric company").ok  # ann: $490 + $75 = $565
        finally:
            other.close()
        await pilot.press("space", "down", "down", "down", "space", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RaiseMoneyDialog)
        assert journal_lines(app)[len(SHORT) :] == ["mortgage ann electric company", "sell ann St. James Place"]
        assert "mortgage ann Electric Company" in shown(app, "refusal")
        assert "already mortgaged" in shown(app, "refusal")
        assert "Recorded so far: sell ann St. James Place" in shown(app, "done")
        assert balances(app)[0] == 490 + 75 + 50
        assert "$0 missing" in shown(app, "total")
        assert app.focused is app.screen.query_one("#options", TickList)
        await pilot.press("enter")  # $615 in hand covers the $600
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app)[-1] == "rent ann boardwalk"
        assert balances(app) == [15, 750, 1500]


async def test_not_enough_records_the_bankruptcy_to_the_rents_owner():
    """seed 000, BANKRUPTCY: owing bob more than she can raise, ann turns over all she has to bob: her $440 and
    Mediterranean Avenue (which could raise only its $30 mortgage). Opened from the rent dialog."""
    db = db_path()
    make_game(
        db,
        lines=[
            "pay ann 1000",
            "buy ann mediterranean",
            "buy bob boardwalk",
            "buy bob park place",
            "build bob boardwalk 3",
        ],
    )
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.press(*"boardwalk", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RaiseMoneyDialog)
        assert "leaves $130 short" in shown(app, "total") and "bankruptcy to bob" in shown(app, "total")
        await pilot.press("space", "enter")  # Enter never goes bankrupt: refused, nothing recorded
        await pilot.pause()
        assert "not enough" in shown(app, "refusal")
        before = journal_lines(app)
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, WordDialog) and journal_lines(app) == before  # the word, typed whole
        await pilot.press("y", "enter")  # a letter is not the word: refused, nothing recorded
        assert isinstance(app.screen, WordDialog) and journal_lines(app) == before
        assert '"y" is not bankrupt' in shown(app, "refusal")
        await pilot.press(*"bankrupt", "enter")  # the y, selected by the refusal, is replaced
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app) == [*before, "bankrupt ann to bob"]
        state = app.session.state
        assert state.players[0].bankrupt
        assert state.holding(state.deed("Mediterranean Avenue")).owner == 1
        assert balances(app) == [0, 150 + 440, 1500]


def _fifty_dollars_left():
    """A game in which ann has $50 and nothing to sell or mortgage: any tax leaves her bankrupt."""
    db = db_path()
    make_game(db, lines=["pay ann 1450"])
    return db


async def _luxury_tax(pilot) -> None:
    """Luxury Tax on ann, typed: the raise-money dialog opens on it."""
    await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen), "the table")
    await pilot.press("slash", *"tax ann luxury", "enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, RaiseMoneyDialog), "the raise-money dialog")


async def test_a_tax_not_covered_goes_bankrupt_to_the_bank():
    """seed 000, BANKRUPTCY: "Should a player owe the Bank ... (because of taxes or penalties)": the creditor is the
    bank. Luxury Tax is $75 (seed 000); ann has $50 and nothing to sell or mortgage."""
    app = make_app(_fifty_dollars_left())
    async with app.run_test(size=SIZE) as pilot:
        await _luxury_tax(pilot)
        assert app.focused is app.screen.query_one("#options")  # nothing to tick: the list still has the keys
        await pilot.press("x", *"bankrupt", "enter")
        await pilot.pause()
        assert journal_lines(app)[-1] == "bankrupt ann to bank"
        assert app.session.state.players[0].bankrupt


async def test_escape_records_nothing_and_the_reply_says_the_rent_is_owed():
    db = db_path()
    make_game(db, lines=SHORT)
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await _short_of_rent(pilot, app)
        screen = app.screen
        await pilot.press("space", "down", "down", "down", "space", "escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app) == SHORT
        assert balances(app) == [490, 150, 1500]
        assert "ann still owes $600" in shown(app, "reply") and "rent ann boardwalk" in shown(app, "reply")
        screen.action_cancel()  # closing again, or confirming after, does nothing
        screen.action_confirm()
        await pilot.pause()
        assert journal_lines(app) == SHORT


async def test_a_typed_payment_raised_for_leaves_nothing_to_record_twice():
    """Found at a game night: after the dialog recorded the rent, the refused line was still in the command line,
    so a second Enter charged the rent again. It is cleared once the payment is recorded."""
    db = db_path()
    make_game(db, lines=SHORT)
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await _short_of_rent(pilot, app)
        await pilot.press("space", "down", "down", "down", "space", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        line = app.screen.query_one("#command")
        assert line.value == ""
        await pilot.press("enter")
        await pilot.pause()
        assert journal_lines(app)[-1] == "rent ann boardwalk" and journal_lines(app).count("rent ann boardwalk") == 1


async def test_a_choice_the_player_cannot_afford_is_refused_not_raised_for():
    """A build, a purchase or a bid is a choice, not a debt (seed 000, BANKRUPTCY speaks of what a player owes):
    it is refused where it was typed and nothing is sold or mortgaged for it; an auction keeps its bids."""
    async with opened(lines=SHORT) as pilot:
        app = pilot.app
        await pilot.press("slash", *"build ann st james 6", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        before = text_of(app.screen.query_one("#reply", Static))
        assert "cannot pay $600 for 6 houses" in before
        await pilot.press("escape", "a", *"oriental", "tab", *"700", "ctrl+s")  # ann has $490
        await pilot.pause()
        assert type(app.screen).__name__ == "AuctionDialog"
        assert "cannot pay" in shown(app, "refusal")
        assert app.screen.query_one("#bid-0").value == "700"
        await pilot.press("escape")
        await pilot.pause()
        assert journal_lines(app) == SHORT
        assert text_of(app.screen.query_one("#reply", Static)) == before, "the dialog's refusal stayed in it"


async def test_unticking_a_mortgage_unticks_the_sales_ticked_only_for_it():
    """Found at a game night: ticking "Mortgage St. James Place" ticked the orange house sales it needs (seed 000,
    MORTGAGES: the buildings go back first), but unticking the mortgage left the sales ticked: houses would be sold
    that nothing needed any more. A sale the banker ticked on its own stays ticked."""
    db = db_path()
    make_game(db, lines=SHORT)
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await _short_of_rent(pilot, app)
        ticks = app.screen.query_one("#options", TickList)
        await pilot.press("down", "down", "down", "down", "space")  # Mortgage St. James Place
        await pilot.pause()
        assert sorted(ticks.selected) == [0, 1, 2, 4]
        await pilot.press("space")  # untick it: the sales it brought go too
        await pilot.pause()
        assert sorted(ticks.selected) == []
        assert "Ticked: $0." in shown(app, "total")
        await pilot.press("home", "space", "down", "down", "down", "down", "space")  # a sale by hand, the mortgage
        await pilot.pause()
        assert sorted(ticks.selected) == [0, 1, 2, 4]
        await pilot.press("space")  # untick the mortgage: the sale ticked by hand stays
        await pilot.pause()
        assert sorted(ticks.selected) == [0]
        await pilot.press("up", "space", "enter")  # and Electric Company: $50 + $75 covers the $110
        await pilot.pause()
        assert journal_lines(app)[len(SHORT) :] == [
            "sell ann St. James Place",
            "mortgage ann Electric Company",
            "rent ann boardwalk",
        ]


async def test_an_x_typed_among_letters_asks_before_a_bankruptcy():
    """Found in issue 20's game-night review: "next" typed for the command line while the dialog was open had its x
    record a bankruptcy at once; then (issue 30) x and the y of "buy" did. x asks for the word: letters typed on
    are not it, Escape goes back, and nothing is recorded."""
    app = make_app(_fifty_dollars_left())
    async with app.run_test(size=SIZE) as pilot:
        await _luxury_tax(pilot)
        dialog, before = app.screen, journal_lines(app)
        await pilot.press(*"next", *"buy bea marvin", "enter")  # n e: nothing here; x: the word asked for
        assert isinstance(app.screen, WordDialog) and journal_lines(app) == before
        assert "is not bankrupt" in shown(app, "refusal")
        await pilot.press("escape")
        assert app.screen is dialog and journal_lines(app) == before
        assert not app.session.state.players[0].bankrupt


async def test_enter_with_nothing_to_raise_explains_and_never_asks_the_bankruptcy_question():
    """Issue 30: with nothing to sell or mortgage the Bankruptcy button had the focus, so Enter asked the question
    and the y of the next command typed ("buy bea marvin") recorded it. Enter explains; nothing is asked."""
    app = make_app(_fifty_dollars_left())
    async with app.run_test(size=SIZE) as pilot:
        await _luxury_tax(pilot)
        dialog, before = app.screen, journal_lines(app)
        await pilot.press("enter")
        assert app.screen is dialog and journal_lines(app) == before
        refusal = shown(app, "refusal")
        assert "ann has nothing to sell or mortgage: $50 missing; nothing recorded" in refusal, refusal
        assert "the word bankrupt" in refusal, refusal
        await pilot.press("y", "enter", "space", "enter")
        assert app.screen is dialog and journal_lines(app) == before
        assert not app.session.state.players[0].bankrupt


async def test_the_bankruptcy_dialog_records_only_once_the_word_is_typed():
    """Issue 30, "a bankruptcy is never one stray letter away", in any dialog: the table's ! dialog, filled in and
    confirmed, asks for the word too; Escape there leaves the dialog as it was, nothing recorded."""
    app = make_app(_fifty_dollars_left())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        before = journal_lines(app)
        await pilot.press("exclamation_mark", *"ann", "tab", *"bank", "enter")
        assert isinstance(app.screen, WordDialog) and journal_lines(app) == before
        # with money in hand, the question says so: a bankruptcy is for a debt beyond what one can raise (review)
        assert "ann still has $50 in cash: a player goes bankrupt when they owe more" in app.screen.question
        await pilot.press("escape")
        assert type(app.screen).__name__ == "CommandDialog" and journal_lines(app) == before
        await pilot.press("ctrl+s", *"bankrupt", "enter")
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app) == [*before, "bankrupt ann to bank"]


async def test_a_slash_typed_again_in_the_command_line_is_not_part_of_the_command():
    """Regression (a game-night review, 2026-11-28): the raise-money dialog, opened by a line typed in the command
    line, closed with Escape and gave the keyboard back to the command line; the banker typed `/` out of habit and
    "/pay bob 10" was refused as an unknown command "/pay". A leading `/` is the key that opens the line, not part
    of what is typed in it."""
    app = make_app(_fifty_dollars_left())
    async with app.run_test(size=SIZE) as pilot:
        await _luxury_tax(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        line = app.screen.query_one("#command", Input)
        assert app.focused is line
        await pilot.press("slash", *"collect ann 10", "enter")
        await pilot.pause()
        assert journal_lines(app)[-1] == "collect ann 10" and line.value == ""


async def test_the_bankruptcy_question_has_a_title_and_its_buttons_look_like_buttons():
    """Found by a game-night review at 80x24: the bankruptcy question was the one dialog with no bold title, and
    Back and Cancel were the colour of the box (their words floated, the gaps between buttons looked uneven; then
    short words sat in wide buttons). The question is titled "Bankruptcy", from the raise-money dialog and from the
    `!` key, and every dialog's plain button has a background of its own, its words two cells from its edges, two
    cells from the next."""
    from textual.widgets import Button, Label

    app = make_app(_fifty_dollars_left())
    async with app.run_test(size=(80, 24)) as pilot:
        await _luxury_tax(pilot)
        box = app.screen.query_one(".dialog-box").styles.background
        back = app.screen.query_one("#cancel", Button)
        assert back.styles.background != box, (back.styles.background, box)
        buttons = list(app.screen.query(".dialog-buttons Button").results(Button))
        assert len(buttons) == 3
        for button in buttons:  # the words two cells from each edge, whatever their length
            assert button.region.width == len(str(button.label)) + 4, (str(button.label), button.region)
        for left, right in zip(buttons, buttons[1:], strict=False):  # two cells apart
            assert right.region.x - left.region.right == 2, (str(left.label), str(right.label))
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, WordDialog), "the bankruptcy question")
        title = app.screen.query_one(".dialog-title", Label)
        assert str(title.render()) == "Bankruptcy" and title.styles.text_style.bold
        await pilot.press("escape", "escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("escape", "!")
        await pilot.press(*"ann", "tab", *"bank", "enter")
        await until(pilot, lambda: isinstance(app.screen, WordDialog), "the bankruptcy question from !")
        assert str(app.screen.query_one(".dialog-title", Label).render()) == "Bankruptcy"
