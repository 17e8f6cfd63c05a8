"""The keyboard contract of the command line and every dialog (issue 10), as a banker meets it in a pilot.

A command typed or confirmed is recorded exactly once, or refused with a message that stays visible; a refused
dialog keeps every field as typed with the focus on the field at fault; Enter confirms from any field but a list
field; Ctrl+S confirms everywhere; Escape cancels; Tab accepts a completion; text is never markup. The journal
(``session.log()``) is the oracle.
"""

from __future__ import annotations

import sqlite3

import pytest
from textual import events
from textual.widgets import Checkbox, Input, Static

from banker.session import Session
from banker.tui.app import make_app
from banker.tui.dialogs import AuctionDialog, BankerDialog, CommandDialog, TradeDialog
from banker.tui.screens.games import GamesScreen
from banker.tui.screens.new_game import NewGameScreen
from banker.tui.screens.table import TableScreen
from rules import Settings
from rules.i18n import _
from tests.kit.journal import db_path, journal_lines, make_game
from tests.kit.screens import balances, opened, text_of
from tests.kit.waits import settled
from tests.tui.speaking import banker_language

SIZE = (120, 40)
OWNED = ["buy ann boardwalk", "buy ann park place", "buy bob baltic avenue", "buy bob reading railroad"]


def refusal(app) -> str:
    return text_of(app.screen.query_one("#refusal", Static))


# One row per dialog: the key that opens it, what to type into the field it opens on, and the line it records
# (the canonical line: the deed's printed name, whatever was typed).
RECORDING = [
    ("r", "boardwalk", "rent ann Boardwalk", ["buy bob boardwalk"]),
    ("b", "mediterranean", "buy ann Mediterranean Avenue", []),
    ("p", "75", "pay ann 75", []),
    ("c", "20", "collect ann 20", []),
    ("g", "", "go ann", []),
    ("m", "boardwalk", "mortgage ann Boardwalk", ["buy ann boardwalk"]),
    ("t", "", "tax ann luxury", []),
    ("j", "", "jail ann", []),
    ("k", "chairman", "card ann chance chairman", []),
]


async def _open(pilot, key: str, typed: str) -> None:
    await pilot.press(key)
    await pilot.pause()
    if key == "t":  # the tax dialog opens on its choice, filled with the first; make it luxury
        pilot.app.screen.focused.value = ""
        typed = "luxury"
    if typed:
        await pilot.press(*typed)
    await pilot.pause()


KEYS = {
    "enter-enter": ("enter", "enter"),
    "enter-ctrl+s": ("enter", "ctrl+s"),
    "ctrl+s-enter-enter": ("ctrl+s", "enter", "enter"),
}
CASES = [
    (*row, keys) for row in RECORDING for name, keys in KEYS.items() if name == "enter-enter" or row[0] in ("r", "b")
]


@pytest.mark.parametrize(
    ("key", "typed", "line", "setup", "keys"), CASES, ids=[f"{c[0]}-{'-'.join(c[4])}" for c in CASES]
)
async def test_a_confirmed_dialog_records_exactly_once(key, typed, line, setup, keys):
    """A second Enter, or Enter plus Ctrl+S, after the dialog closed does nothing: one journal line, no error
    (under test an error would fail the test: BankerApp.raise_errors)."""
    async with opened(lines=setup) as pilot:
        app = pilot.app
        before = journal_lines(app)
        await _open(pilot, key, typed)
        assert isinstance(app.screen, CommandDialog)
        await pilot.press(*keys)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app) == before + [line]


@pytest.mark.parametrize(
    ("key", "field", "wrong", "fault"),
    [
        ("b", "f-deed", "nowhere", "f-deed"),
        ("m", "f-deed", "oriental", "f-deed"),  # the bank holds it: the engine refuses, the deed field is at fault
        ("p", "f-player", "zed", "f-player"),
        ("r", "f-payer", "zed", "f-payer"),
        ("k", "f-card", "no such card", "f-card"),
    ],
    ids=["buy-unknown-deed", "mortgage-not-owner", "pay-unknown-player", "rent-unknown-payer", "card-unknown"],
)
async def test_a_refused_dialog_keeps_its_fields_and_says_why_inside(key, field, wrong, fault):
    async with opened(key, lines=OWNED) as pilot:
        app = pilot.app
        before = journal_lines(app)
        dialog = app.screen
        dialog.query_one(f"#{field}", Input).value = wrong
        if key == "p":
            dialog.query_one("#f-amount", Input).value = "10"
        if key == "r":
            dialog.query_one("#f-deed", Input).value = "boardwalk"
        await pilot.pause()
        values = dialog.values()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog, "a refusal keeps the dialog open"
        assert dialog.values() == values, "every field as typed"
        assert refusal(app).startswith("✗"), "the refusal is shown inside the dialog"
        assert dialog.focused is not None and dialog.focused.id == fault
        assert journal_lines(app) == before
        assert dialog.focused.selected_text == dialog.focused.value  # selected, as the refused command line is
        await pilot.press("x")  # the next key replaces the text at fault (issue 30: it was glued on, "parklpark")
        await pilot.pause()
        assert dialog.query_one(f"#{fault}", Input).value == "x"
        assert refusal(app) == "", "editing clears the refusal"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app) == before


async def test_enter_on_a_checkbox_confirms_and_space_toggles():
    """The rent dialog's "sent by a card" checkbox takes Space; Enter there records the rent (seed 000 rent)."""
    async with opened(lines=["buy bob reading railroad"]) as pilot:
        app = pilot.app
        await pilot.press("r", *"reading")
        app.screen.query_one("#f-card", Checkbox).focus()
        await pilot.press("space")
        await pilot.pause()
        assert app.screen.query_one("#f-card", Checkbox).value is True
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session.log()[-1].text == "rent ann Reading Railroad card"


async def test_tab_accepts_a_completion_and_moves_on_in_a_dialog():
    async with opened() as pilot:
        app = pilot.app
        await pilot.press("b", *"boa")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert app.screen.query_one("#f-deed", Input).value == "Boardwalk"
        assert app.screen.focused.id == "f-player"
        assert app.screen.focused.value == "ann"  # not selected: a key typed now would not wipe it
        await pilot.press("escape", "b", *"b")  # "b" alone: Baltic, Boardwalk or B. & O.: nothing offered
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert app.screen.query_one("#f-deed", Input).value == "b"


@pytest.mark.parametrize(("typed", "name"), [("st j", "St. James Place"), ("b&o", "B. & O. Railroad")])
async def test_tab_puts_the_whole_name_for_words_shortened_inside_it(typed, name):
    """The parser reads ``st j`` as St. James Place; nothing can be drawn after the cursor for it, so Tab puts the
    name in its place and moves on (game-night review: Tab moved on and left ``st j``)."""
    async with opened() as pilot:
        app = pilot.app
        await pilot.press("b", *typed)
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert app.screen.query_one("#f-deed", Input).value == name
        assert app.screen.focused.id == "f-player"


async def test_the_command_line_keeps_the_keyboard():
    """Tab completes with a space and never leaves the line; no table key fires while it has focus; a refused
    line stays for correction, Ctrl+U clears it; a query's answer does not take the next command."""
    async with opened(lines=["buy ann boardwalk"]) as pilot:
        app = pilot.app
        await pilot.press("slash", *"ren", "tab", *"bo", "tab")
        await pilot.pause()
        line = app.screen.query_one("#command", Input)
        assert line.value == "rent bob "
        await pilot.press("tab", "g")  # nothing to complete: Tab stays; g is text, not the GO dialog
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.focused is line
        assert line.value == "rent bob g"
        await pilot.press("ctrl+u", *"rent bob boardwalk", "enter")
        await pilot.pause()
        assert journal_lines(app)[-1] == "rent bob boardwalk" and line.value == ""
        await pilot.press(*"rent bob nowhere", "enter")
        await pilot.pause()
        assert line.value == "rent bob nowhere", "a refused line stays for correction"
        assert text_of(app.screen.query_one("#reply", Static)).startswith("✗ no deed")
        await pilot.press("ctrl+u")
        assert line.value == ""
        for query in ("show worth", "show rent boardwalk", "show scores", "show tax ann"):
            await pilot.press(*query, "enter", *"go ann", "enter")
            await pilot.pause()
            assert journal_lines(app)[-1] == "go ann", query
        assert balances(app)[0] == 1100 + 4 * 200 + 50


@pytest.mark.parametrize("typed", ["[/]", "show worth # [/]", "[reverse]x[/reverse]", "[@click=app.quit]q[/]"])
async def test_typed_text_is_never_markup(typed):
    async with opened() as pilot:
        app = pilot.app
        app.screen.query_one("#command", Input).focus()
        app.screen.query_one("#command", Input).value = typed
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.is_running
        reply = text_of(app.screen.query_one("#reply", Static))
        if not typed.startswith("show"):
            assert typed in reply, reply  # echoed literally in the refusal


async def test_a_deed_field_of_brackets_alone_is_refused_as_typed():
    """Game-night review: ``[/]`` in the Buy dialog's deed field and Enter said "no deed name given"; the refusal
    now says what was typed, literally, and the dialog stays with it."""
    async with opened() as pilot:
        app = pilot.app
        await pilot.press("b", *"[/]", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CommandDialog)
        assert text_of(app.screen.query_one("#refusal", Static)).startswith('✗ no deed called "[/]"; the cursor')
        assert app.screen.query_one("#f-deed", Input).value == "[/]"


async def test_names_with_brackets_show_literally_everywhere():
    """Setup refuses a name like Bo[/]b, and says so on the new-game screen literally (it used to fail silently,
    the refusal itself read as markup); a database whose names hold brackets (an older Banker's) still lists
    its games."""
    db = db_path()
    make_game(db, names=("Ann", "Bob"), lines=["bankrupt bob to bank"])  # standard: one left, the game ends
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE players SET name = '[b]Bo[/]b' WHERE name = 'Bob'")
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GamesScreen)
        shown = str(app.screen.query_one("#games").get_option_at_index(0).prompt)
        assert "[b]Bo[/]b" in shown
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press(*"Ann Bo", "left_square_bracket", "slash", "right_square_bracket", "b", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.is_running
        error = text_of(app.screen.query_one("#setup-error", Static))
        assert '"Bo[/]b" is not a usable player name' in error, error
        assert Session.last_unfinished(db) is None  # nothing was created


async def test_trade_list_fields_add_on_enter_and_ctrl_s_records():
    """seed 000: property may be sold by one player to another. Enter in gives/gets/lift adds an item (the
    placeholder says so); Ctrl+S records, with anything still typed; a refusal keeps every item."""
    async with opened("x", lines=OWNED + ["mortgage bob reading railroad"]) as pilot:
        app = pilot.app
        dialog = app.screen
        assert isinstance(dialog, TradeDialog)
        assert "Enter adds" in dialog.query_one("#give", Input).placeholder
        await pilot.press(*"bob", "tab")
        dialog.query_one("#give", Input).focus()
        await pilot.press(*"baltic avenue", "enter")  # ann does not own Baltic: refused at Ctrl+S
        await pilot.pause()
        assert dialog.lists["give"] == ["baltic avenue"] and app.screen is dialog
        dialog.query_one("#lift", Input).focus()
        await pilot.press(*"reading", "enter")
        await pilot.pause()
        assert app.screen is dialog and dialog.lists["lift"] == ["reading"], "Enter in lift adds, never records"
        before = journal_lines(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog and refusal(app).startswith("✗")
        assert dialog.lists == {"give": ["baltic avenue"], "get": [], "lift": ["reading"]}
        assert journal_lines(app) == before
        await pilot.press("button" if False else "escape")
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#b", Input).value = "bob"
        dialog.query_one("#give", Input).value = "$100"
        dialog.query_one("#get", Input).value = "reading"  # still typed, not added: recorded all the same
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app)[-1] == "trade ann bob give 100 get Reading Railroad"


async def test_backspace_in_an_empty_trade_list_takes_its_last_item_back_to_mend():
    """Found by a game-night review: an item added to a side could go only with every other, by Clear. Backspace
    where nothing is typed puts the side's last item back in its field, to mend (or clear) and add again; Backspace
    in text still deletes a letter."""
    async with opened("x", lines=OWNED) as pilot:
        app = pilot.app
        dialog = app.screen
        assert isinstance(dialog, TradeDialog)
        await pilot.press(*"bob", "tab", "backspace")  # nothing added yet: Backspace takes nothing back
        give = dialog.query_one("#give", Input)
        assert dialog.lists["give"] == [] and give.value == "" and app.focused is give
        await pilot.press(*"boardwalk", "enter", *"$50", "enter")
        assert dialog.lists["give"] == ["boardwalk", "$50"] and app.focused is give and give.value == ""
        await pilot.press("backspace")
        assert dialog.lists["give"] == ["boardwalk"] and give.value == "$50"
        await pilot.press("backspace", *"20", "enter", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), refusal(app)
        assert journal_lines(app)[-1] == "trade ann bob give Boardwalk, 520"


async def test_a_trade_item_that_is_no_deed_amount_or_jail_card_is_refused_as_it_is_added():
    """Found by a game-night review: in the trade dialog `bob` Enter in "gives" and `$100` Enter in "lift now" were
    listed ("Ann gives: bob", "lifted at once: $100") without a word until Ctrl+S; the docs say the trade is checked
    as you go. An item is refused as it is added, the field keeping it selected; a deed, an amount and a jail card
    are added, and only a deed to lift."""
    async with opened("x", lines=OWNED) as pilot:
        app = pilot.app
        dialog = app.screen
        assert isinstance(dialog, TradeDialog)
        give, lift = dialog.query_one("#give", Input), dialog.query_one("#lift", Input)
        give.focus()
        await pilot.press(*"bob", "enter")
        await pilot.pause()
        assert dialog.lists["give"] == [] and 'no deed called "bob"' in refusal(app)
        assert app.focused is give and give.selected_text == "bob"
        for item in ("boardwalk", "$100", "jail card"):
            await pilot.press(*item, "enter")
            await pilot.pause()
        assert dialog.lists["give"] == ["boardwalk", "$100", "jail card"]
        lift.focus()
        await pilot.press(*"$100", "enter")
        await pilot.pause()
        assert dialog.lists["lift"] == [] and app.focused is lift and lift.selected_text == "$100"
        assert journal_lines(app) == OWNED


async def test_trade_sides_name_what_the_trade_will_read():
    """Each side's items as the trade reads them, not as typed (review: "Cy gives: verm"): a deed by its printed
    name, an amount in the game's money, a player by their name; a word that is none of these as typed."""
    db = db_path()
    make_game(db, lines=["buy cat vermont"])
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TradeDialog)
        dialog.query_one("#a", Input).value = "ca"
        dialog.query_one("#b", Input).value = "ANN"
        dialog.query_one("#give", Input).value = "verm"
        dialog.query_one("#get", Input).value = "1200"
        await pilot.pause()
        sides = text_of(dialog.query_one("#sides", Static))
        assert "cat gives: Vermont Avenue" in sides and "ann gives: $1,200" in sides, sides
        dialog.query_one("#give", Input).value = "zz"
        await pilot.pause()
        assert "cat gives: zz" in text_of(dialog.query_one("#sides", Static))


async def test_auction_enter_takes_a_bid_and_only_ctrl_s_sells():
    """seed 000, BUYING PROPERTY: the bids come in any order; the highest bidder buys. A tie sells nothing
    (docs/rulings.md) and the refusal stays in the dialog."""
    async with opened() as pilot:
        app = pilot.app
        await pilot.press("a", *"park place", "tab", *"200", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog) and dialog.focused.id == "bid-1"
        await pilot.press(*"200", "ctrl+s")
        await pilot.pause()
        assert app.screen is dialog and "tied" in refusal(app)
        await pilot.press("backspace", "backspace", "backspace", *"250", "enter")
        await pilot.pause()
        assert app.screen is dialog, "Enter in a bid field never sells"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app)[-1] == "auction Park Place bob 250"  # completed to the printed name
        assert balances(app) == [1500, 1250, 1500]


async def test_every_dialog_closes_once():
    """The base class owns the single dismiss: a second close is a no-op, not a ScreenStackError."""
    async with opened() as pilot:
        app = pilot.app
        for key in ("r", "a", "x", "p", "question_mark"):
            await pilot.press(key)
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, BankerDialog):
                screen.action_cancel()
                screen.action_cancel()
                screen.action_confirm()
            else:
                await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)


async def test_help_scrolls_by_keyboard():
    """Every key and the whole command language are in reach without a mouse (issue 11, point 3)."""
    async with opened("question_mark") as pilot:
        app = pilot.app
        scroll = app.screen.query_one("#help-scroll")
        assert scroll.max_scroll_y > 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@pytest.mark.parametrize(
    ("key", "deed", "line"),
    [
        ("m", "reading", "mortgage bob Reading Railroad"),
        ("s", "boardwalk", "sell cat Boardwalk"),
        ("h", "boardwalk", "build cat Boardwalk"),
        ("l", "baltic", "unmortgage bob Baltic Avenue"),
    ],
    ids=["mortgage", "sell", "build", "lift"],
)
async def test_the_player_follows_the_deed(key, deed, line):
    """Sell, mortgage, lift and build are done by the deed's owner: typing the deed fills in its owner, not
    whoever's turn it is (it is ann's turn throughout)."""
    db = db_path()
    make_game(
        db,
        lines=[
            "buy bob reading railroad",
            "buy bob baltic avenue",
            "mortgage bob baltic avenue",
            "buy cat boardwalk",
            "buy cat park place",
            "build cat boardwalk 2",
        ],
    )
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key, *deed)
        await pilot.pause()
        assert app.screen.query_one("#f-player", Input).value == line.split()[1]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app)[-1] == line


async def test_a_player_typed_by_hand_is_kept():
    async with opened(lines=["buy bob reading railroad"]) as pilot:
        app = pilot.app
        await pilot.press("m")
        app.screen.query_one("#f-player", Input).value = "cat"
        app.screen.query_one("#f-deed", Input).value = "reading"
        await pilot.pause()
        assert app.screen.query_one("#f-player", Input).value == "cat"
        await pilot.press("enter")
        await pilot.pause()
        # the player typed is the one the command names: the engine refuses cat, not a player guessed for her
        assert "cat cannot mortgage Reading Railroad: it belongs to bob (seed 000, MORTGAGES)" in refusal(app)


@pytest.mark.parametrize(
    ("variant", "shown", "not_shown"),
    [
        ("standard", "Boardwalk is mortgaged: the new owner pays $20 interest now, or lifts it for $220", "Darrow"),
        (
            "darrow-1935",
            "Boardwalk is mortgaged; under Darrow's rules it must be lifted (for $220) before it changes hands",
            "interest now",
        ),
    ],
    ids=["seed000-mortgages", "seed001-darrow-free-of-mortgage"],
)
async def test_trade_dialog_says_what_a_mortgaged_deed_costs_as_the_engine_will(variant, shown, not_shown):
    """The trade dialog asks the engine (``rules.trades.takeover_terms``): the standard 10% interest, or in a Darrow
    game no interest at all but the lift the owner must make first (seed 001: transferred only free of mortgage)."""
    db = db_path()
    make_game(
        db,
        names=("ann", "bob", "cat", "dee"),
        settings=Settings(variant=variant),
        lines=["auction boardwalk ann 400", "mortgage ann boardwalk"]
        if variant != "standard"
        else ["buy ann boardwalk", "mortgage ann boardwalk"],
    )
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#b", Input).value = "bob"
        dialog.query_one("#give", Input).value = "boardwalk"
        dialog.query_one("#get", Input).value = "$300"
        await pilot.pause()
        sides = text_of(dialog.query_one("#sides", Static))
        assert shown in sides and not_shown not in sides, sides


async def test_auction_enter_goes_round_the_table():
    """Enter on the last bidder's field goes back to the first bidder, not to the deed (a game-night slip)."""
    async with opened() as pilot:
        app = pilot.app
        await pilot.press("a", *"oriental", "tab", *"10", "enter", *"20", "enter", *"30", "enter")
        await pilot.pause()
        assert app.screen.focused.id == "bid-0"
        assert [app.screen.query_one(f"#bid-{i}", Input).value for i in range(3)] == ["10", "20", "30"]


async def test_a_command_typed_before_the_command_line_is_mounted_is_kept():
    """Seen under load in CI: / pressed in the moment before the command line was mounted lost the keys after it.
    The app lets no key through before the table's first frame has mounted the line (banker.tui.keyorder), so the
    keys typed at once, in one burst as the app starts, are a command."""
    db = db_path()
    make_game(db)
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        for key, char in (("slash", "/"), *((c, c) for c in "go"), ("space", " "), *((c, c) for c in "ann")):
            app.post_message(events.Key(key, char))
        app.post_message(events.Key("enter", "\r"))
        await settled(pilot)
        assert journal_lines(app)[-1] == "go ann"


@pytest.mark.parametrize(
    ("key", "button", "recorded"),
    [
        ("g", "#ok", True),
        ("g", "#cancel", False),
        ("x", "#cancel", False),
    ],
    ids=["go-ok", "go-cancel", "trade-cancel"],
)
async def test_the_dialog_buttons_confirm_and_cancel_once(key, button, recorded):
    """The mouse does what the keys do: OK records once (a second click finds the dialog closed), Cancel records
    nothing; the base class owns both buttons for every dialog."""
    async with opened(key) as pilot:
        app = pilot.app
        before = journal_lines(app)
        await pilot.click(button)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app) == (before + ["go ann"] if recorded else before)


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("1e3", '"1e3" is not an amount in whole dollars'),
        ("-5", "the bid cannot be negative"),
        ("0", "the bid must be more than $0"),
        ("2000000", "is absurd"),
    ],
)
async def test_a_bid_that_is_no_amount_is_refused_as_typed(typed, why):
    """Found in issue 14's review: the bid fields took digits only, so "1e3" became "13" without a word, and "-5"
    stayed on screen but was left out of the sale. A bid is read as any amount is (``$1,000`` and ``£250`` too),
    and one that is no amount keeps what was typed, says why and holds up the sale."""
    async with opened() as pilot:
        app = pilot.app
        await pilot.press("a", *"park place", "tab", *"$1,000", "enter", *typed)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog) and dialog.query_one("#bid-1", Input).value == typed
        assert why in text_of(dialog.query_one("#highest", Static)) and "bob's bid" in text_of(
            dialog.query_one("#highest", Static)
        )
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog and why in refusal(app) and dialog.focused.id == "bid-1"
        assert journal_lines(app) == []
        await pilot.press("ctrl+u", *"900", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app)[-1] == "auction Park Place ann 1000"


async def test_the_build_dialog_counts_as_typed_and_a_cost_too_high_points_at_how_many():
    """Found in issue 14's review: the build dialog's How many field opened holding "1", so a typed 3 made 13; and
    when the player could not pay for the houses asked, the cursor went to the deed, so the corrected count
    replaced the deed's name. Empty means one house; the refusal puts the cursor on How many."""
    db = db_path()
    make_game(db, lines=["buy ann boardwalk", "buy ann park place", "pay ann 350"])  # Ann: $400
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h", *"boardwalk")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CommandDialog) and dialog.query_one("#f-count", Input).value == ""
        await pilot.press("tab", "tab", *"8", "enter")  # 8 houses: $1,600
        await pilot.pause()
        assert app.screen is dialog and "cannot" in refusal(app) and dialog.focused.id == "f-count"
        await pilot.press("ctrl+u", "2", "enter")  # one on each: $400
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app)[-1] == "build ann Boardwalk 2"
        assert balances(app)[0] == 0


async def test_one_house_on_a_lot_that_cannot_take_it_is_refused_in_the_build_dialog_with_the_lot_that_can():
    """Issue 30: `build ann mediterranean` twice gave Baltic Avenue the second house. Seed 000, HOUSES: "cannot
    erect more than one house on any one property of any color-group until he has built one house on every property
    of that group". The preview says so before Enter, Enter records nothing and leaves the cursor on the deed, and the
    group's name (the field is "Deed or group") puts the house where it may go, the owner following it."""
    async with opened(lines=["buy bob mediterranean", "buy bob baltic", "build bob mediterranean"]) as pilot:
        app = pilot.app
        await pilot.press("h", *"mediterranean")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CommandDialog)
        said = "build evenly: Baltic Avenue first (Mediterranean Avenue has 1 house; Baltic Avenue has no houses)"
        assert said in text_of(dialog.query_one("#preview", Static))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog and said in refusal(app) and dialog.focused.id == "f-deed"
        assert journal_lines(app)[-1] == "build bob mediterranean"
        await pilot.press("escape")
        await _built_in_the_dialog(pilot, "brown", "Baltic Avenue")  # ann's turn: the player follows the owner


async def _built_in_the_dialog(pilot, group: str, lot: str) -> None:
    """`h`, the group typed in "Deed or group": the dialog shows bob, the group's owner, building on ``lot``, and
    Enter records it there."""
    app = pilot.app
    await pilot.press("h", *group)
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, CommandDialog) and dialog.query_one("#f-player", Input).value == "bob"
    assert f"> build bob {lot}" in text_of(dialog.query_one("#command", Static))
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, TableScreen)
    assert journal_lines(app)[-1] == f"build bob {lot}"
    assert app.session.state.holding(app.session.state.deed(lot)).level == 1


async def test_the_build_dialog_takes_a_groups_mark_as_the_deeds_panel_shows_it():
    """Found by a game-night review: the deeds panel shows each group's mark beside its colour (`█DB Park Place`),
    and `show count` takes it, but the Build dialog's "Deed or group" field refused `db` as no deed. The mark names
    the group as its title does: the house goes where it may, the owner follows it."""
    async with opened(lines=["buy bob park place", "buy bob boardwalk", "build bob park place"]) as pilot:
        await _built_in_the_dialog(pilot, "db", "Boardwalk")


async def test_the_build_dialog_takes_the_start_of_a_groups_name_and_its_owner_follows():
    """Found by a game-night review: `dark b` in "Deed or group" was read as the dark blue group, but the Player
    stayed whoever's turn it was (ann), so the preview refused "cannot build"; the owner follows the group as it
    follows a deed. A start several deeds share (`b`) follows nothing."""
    async with opened(lines=["buy bob park place", "buy bob boardwalk", "build bob park place"]) as pilot:
        await pilot.press("h", "b")
        await pilot.pause()
        assert pilot.app.screen.query_one("#f-player", Input).value == "ann"  # Baltic, the B. & O. or Boardwalk?
        await pilot.press("escape")
        await pilot.pause()
        await _built_in_the_dialog(pilot, "dark b", "Boardwalk")


async def test_the_tax_dialog_makes_no_income_tax_choice_for_the_player():
    """seed 000, "INCOME TAX": the player chooses 200 or 10% before adding up. Found in issue 14's second review:
    the dialog opened with 200 already in the field, so a quick Enter chose for the player. The field starts
    empty where the rules give a choice, and Enter on it asks for the choice."""
    async with opened("t") as pilot:
        app = pilot.app
        dialog = app.screen
        assert isinstance(dialog, CommandDialog) and dialog.focused.value == ""
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog and journal_lines(app) == []
        await pilot.press(*"10%", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert journal_lines(app)[-1].startswith("tax ann income") and balances(app)[0] == 1350


async def test_the_tax_dialog_previews_a_200_the_player_cannot_pay_but_never_the_10_percent():
    """Issue 22: the rent dialog's preview says a player cannot pay; the tax dialog's said nothing for `200`. The
    10% is still not previewed (seed 000, "INCOME TAX": chosen before adding up)."""
    db = db_path()
    make_game(db, lines=["pay ann 1350"])  # Ann has $150
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CommandDialog)
        preview = lambda: text_of(dialog.query_one("#preview", Static))  # noqa: E731
        assert preview() == ""
        await pilot.press(*"200")
        await pilot.pause()
        assert "ann cannot pay $200" in preview().casefold() and "$50 missing" in preview()
        await pilot.press("ctrl+u", *"10%")
        await pilot.pause()
        assert preview() == ""
        assert journal_lines(app) == ["pay ann 1350"]


async def test_a_refusal_stays_until_a_field_changes():
    """Found by a CI dry run (on the new-game form, the same in every dialog): Enter acts as it arrives, so the
    change messages of keys typed just before it can come after its refusal; they cleared it as if the banker had
    edited. A refusal now goes only when a field's text changes."""
    async with opened() as pilot:
        app = pilot.app
        await pilot.press("p", *"1e3", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CommandDialog) and "not an amount" in refusal(app)
        field = dialog.focused
        assert isinstance(field, Input)
        field.post_message(Input.Changed(field, field.value))  # a typed key's message, arriving after the refusal
        await pilot.pause()
        assert "not an amount" in refusal(app)
        assert text_of(dialog.query_one("#preview", Static)) == ""  # said once: the preview does not repeat it
        await pilot.press("backspace")
        await pilot.pause()
        assert refusal(app) == ""


async def test_an_auction_bidders_label_never_wraps_mid_name():
    """Issue 22: "Bartholomew ($1,500)" wrapped mid-name in the auction dialog; the name is cut, the cash kept."""
    from textual.widgets import Label

    db = db_path()
    make_game(db, names=("Bartholomew", "Maximilian-Augustus", "Ann"))
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog)
        labels = [lab for lab in dialog.query(Label) if "$" in str(lab.render())]
        assert [str(lab.render()) for lab in labels] == ["Bartholom… ($1,500)", "Maximilia… ($1,500)", "Ann ($1,500)"]
        assert all(lab.region.height == 1 for lab in labels)


@pytest.mark.parametrize(
    ("key", "typed", "why", "fault", "then", "line"),
    [
        ("k", "jail free", "both decks have a card", "f-deck", "cc", "card ann chest get_out_of_jail_free"),
        ("r", "water", "depends on the dice", "f-dice", "9", "rent ann Water Works dice 9"),
    ],
    ids=["card-in-both-decks", "utility-without-dice"],
)
async def test_a_refusal_that_names_a_field_puts_the_cursor_there(key, typed, why, fault, then, line):
    """Found at a game night: Card, `jail free` Enter was refused for want of a deck, and the `cc` typed next
    went onto the card ("jail freecc"); Rent on Water Works refused for want of the dice, and the 9 typed next
    went onto the deed ("water9"). The refusal's rule names the field: the cursor goes there, and the next keys
    fill it in."""
    async with opened(key, lines=["buy bob water works"]) as pilot:
        app = pilot.app
        before = journal_lines(app)
        dialog = app.screen
        await pilot.press(*typed, "enter")
        await pilot.pause()
        assert app.screen is dialog and why in refusal(app), refusal(app)
        assert dialog.focused is not None and dialog.focused.id == fault
        assert journal_lines(app) == before
        await pilot.press(*then, "enter")
        await settled(pilot)
        assert isinstance(app.screen, TableScreen), refusal(app) if app.screen is dialog else app.screen
        assert journal_lines(app)[len(before) :][0].casefold().startswith(line.casefold()), journal_lines(app)


async def test_a_rent_asked_too_late_is_refused_in_the_rent_dialog_with_the_cursor_on_the_payer():
    """Issue 30, seed 000, PAYING RENT: "The owner may not collect his rent if he fails to ask for it before the second
    player following throws the dice." On Dee's turn, after Bob and Cat have played, Ann's rent is refused in the
    dialog (its preview says so before Enter), naming the rule; nothing is recorded, the cursor is on the payer with
    the name selected, and Bob's (whose turn was the one before Cat's) is recorded in its place."""
    lines = ["buy cat new york", "next", "next", "next"]
    async with opened("r", lines=lines, names=("ann", "bob", "cat", "dee")) as pilot:
        app = pilot.app
        dialog = app.screen
        await pilot.press(*"new york", "tab", *"ann")
        await pilot.pause()
        assert "asked too late" in text_of(dialog.query_one("#preview", Static))
        await pilot.press("enter")
        await pilot.pause()
        said = refusal(app)
        assert app.screen is dialog and said.startswith("✗ asked too late: ann's turn was turn 1"), said
        assert "cat may not collect the rent on New York Avenue (seed 000, PAYING RENT)" in said, said
        assert said.endswith("the cursor is in Payer, its text selected"), said
        assert journal_lines(app) == lines
        field = dialog.query_one("#f-payer", Input)
        assert dialog.focused is field and field.selected_text == "ann"
        await pilot.press(*"bob", "enter")
        await settled(pilot)
        assert isinstance(app.screen, TableScreen) and journal_lines(app) == [*lines, "rent bob New York Avenue"]


@pytest.mark.parametrize("code", ["de", "fr", "es"])
async def test_a_refusal_names_its_rule_once_in_the_banker_s_language(code):
    """The German table showed "✗ Betrag darf nicht negativ sein ("-5") (Befehle) (commands)": the rule a refusal
    names already, translated, was named again in English (review of the language nights, issue 36)."""
    with banker_language(code):
        async with opened("p") as pilot:
            app = pilot.app
            dialog = app.screen
            dialog.query_one("#f-amount", Input).value = "-5"
            await pilot.press("enter")
            await pilot.pause()
            said = refusal(app)
            tag = f"({_('commands')})"
            quoted = "„-5“" if code == "de" else '"-5"'  # German quotes as its dialogs do
            assert app.screen is dialog and said.startswith("✗ ") and f"{quoted}) {tag}" in said, said
            assert said.count(tag) == 1 and "(commands)" not in said
