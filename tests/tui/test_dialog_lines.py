"""Every dialog journals the canonical line (issue 14): its fields are read into the typed command by the command
language's resolvers and what is recorded is ``commands.format`` of it, so prefixes, synonyms and figures typed in a
dialog are journalled as a typed ``format(parse(text))`` would be: "ch" for chance journals "chance", "$1,000" journals
"1000", "board" journals "Boardwalk". The dialog shows that line before Enter, and reading it back gives it again."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input

from banker import commands
from banker.tui.app import make_app
from banker.tui.dialogs import RecordingDialog
from banker.tui.screens.table import TableScreen
from tests.kit.journal import make_game

SIZE = (120, 40)

CASES = [
    # key, setup, {field id: text}, the canonical line journalled
    (
        "r",
        ["buy ann electric company"],
        {"f-deed": "elec", "f-payer": "BO", "f-dice": "7"},
        "rent bob Electric Company dice 7",
    ),
    ("r", ["buy ann reading"], {"f-deed": "read", "f-payer": "cat", "f-card": "yes"}, "rent cat Reading Railroad card"),
    ("b", [], {"f-deed": "med"}, "buy ann Mediterranean Avenue"),
    ("p", [], {"f-amount": "$1,000", "f-to": "ca"}, "pay ann 1000 to cat"),
    ("p", [], {"f-amount": "5", "f-to": "bank"}, "pay ann 5"),  # a plain figure (a US game reads $, not £: issue 24)
    ("c", [], {"f-amount": "20", "f-source": "every"}, "collect ann 20 from each"),
    ("g", [], {"f-player": "An"}, "go ann"),
    ("h", ["buy ann boardwalk", "buy ann park place"], {"f-deed": "park", "f-count": "1"}, "build ann Park Place"),
    ("s", ["buy ann boardwalk", "buy ann park place", "build ann boardwalk"], {"f-deed": "boa"}, "sell ann Boardwalk"),
    ("m", ["buy bob boardwalk"], {"f-deed": "boardw"}, "mortgage bob Boardwalk"),
    ("l", ["buy ann baltic", "mortgage ann baltic"], {"f-deed": "balt"}, "unmortgage ann Baltic Avenue"),
    ("t", [], {"f-how": "perc"}, "tax ann income 10%"),
    ("t", [], {"f-how": "lux"}, "tax ann luxury"),
    ("k", [], {"f-deck": "ch", "f-card": "chairman"}, "card ann chance chairman"),
    ("k", [], {"f-deck": "comm", "f-card": "bank error"}, "card ann chest bank_error"),
    ("j", [], {"f-how": "go"}, "jail ann"),
    ("exclamation_mark", [], {"f-player": "cat", "f-to": "ban"}, "bankrupt cat to bank"),
    ("a", [], {"deed": "kent", "bid-1": "250", "bid-2": "240"}, "auction Kentucky Avenue bob 250"),
    (
        "x",
        ["buy bob reading"],
        {"b": "bo", "give": "$100", "get": "read"},
        "trade ann bob give 100 get Reading Railroad",
    ),
]


@pytest.mark.parametrize(("key", "setup", "typed", "line"), CASES, ids=[f"{c[0]}:{c[3]}" for c in CASES])
async def test_a_dialog_journals_the_canonical_line(key, setup, typed, line):
    db = Path(os.environ["BANKER_DB"])
    make_game(db, lines=setup)
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = app.session.state
        await pilot.press(key)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RecordingDialog)
        for field, text in typed.items():
            widget = dialog.query_one(f"#{field}")
            if isinstance(widget, Checkbox):
                widget.value = bool(text)
            else:
                assert isinstance(widget, Input)
                widget.value = text
        await pilot.pause()
        shown = dialog.command()
        await pilot.press("ctrl+s")
        if line.startswith("bankrupt"):
            await pilot.press(*"bankrupt", "enter")  # recorded once the word is typed whole (issue 30)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), dialog.query_one("#refusal").render()
        journalled = app.session.log(limit=1)[0].text
        assert journalled == line
        assert shown == line, "the dialog showed one line and recorded another"
        assert commands.format(commands.parse(journalled, before)) == journalled


async def test_a_random_deal_journals_the_seed_it_previewed():
    """A short game's random deal: the seed drawn when the dialog opened is the one previewed and journalled, so
    replaying the journal deals the same deeds."""
    from rules.state import game_settings

    db = Path(os.environ["BANKER_DB"])
    make_game(db, names=("ann", "bob"), settings=game_settings("short-1973"))
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#f-player", Input).value = "random"
        await pilot.pause()
        shown = dialog.command()
        assert shown is not None and shown.startswith("deal random ") and shown == dialog.command()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session.log(limit=1)[0].text == shown


async def test_a_refused_field_says_what_the_command_line_says_and_takes_the_focus():
    """A field the command language refuses is refused in place, in the parser's words, with the cursor on it."""
    db = Path(os.environ["BANKER_DB"])
    make_game(db)
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#f-amount", Input).value = "12.5"
        dialog.query_one("#f-to", Input).value = "b"  # bank or bob
        dialog.query_one("#f-to", Input).focus()
        await pilot.pause()
        expected = app.session.preview("pay ann 12.5").message
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog and app.focused.id == "f-amount"
        assert expected in str(dialog.query_one("#refusal").render())
        dialog.query_one("#f-amount", Input).value = "12"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog and app.focused.id == "f-to"
        assert app.session.preview("pay ann 12 to b").message in str(dialog.query_one("#refusal").render())
