"""The set-up screen and the correction dialog as a banker meets them (issue 35), at 80x24: a position entered by
keys is the position the same lines typed make (the journal and the state, field by field); mistakes are said in
place and change nothing; the screen refuses to play from a position that cannot stand; T reopens it before play
and says why not after; f records a correction with its reason."""

from __future__ import annotations

from textual.widgets import Checkbox, Input, Static

from banker.language import speaking
from banker.session import Session
from banker.tui.app import make_app
from banker.tui.dialogs import CommandDialog
from banker.tui.screens.new_game import NewGameScreen
from banker.tui.screens.table import TableScreen
from banker.tui.screens.takeover import TakeOverScreen
from banker.tui.widgets.journal import JournalPanel
from rules import HouseRules, Settings
from rules.codec import action_to_dict, state_to_dict
from tests.kit.journal import db_path
from tests.kit.screens import text_of
from tests.kit.waits import chosen_in_palette, settled, until

SIZE = (80, 24)

TYPED = [
    "position ann cash 1230",
    "position ann owns boardwalk 2 houses",
    "position ann owns park place 2 houses",
    "position ann owns reading mortgaged",
    "position ann jail card chance",
    "position bob cash 85",
    "position bob owns baltic hotel",
    "position bob owns mediterranean hotel",
    "position bob in jail 2",
    "position cy cash 2470",
    "position cy jail card chest",
    "position pot 300",
    "position turn cy",
]
"""A whole position: cash, deeds, houses, hotels, a mortgage, jail, both cards, the pot and the turn."""

KEYS = [
    # Ann: the player field holds the player to play (Ann); Enter moves to the cash
    "enter", *"1230", "enter",
    *"boardw", "tab", "2", "enter",  # a deed completed with Tab, Tab on to "On it": 2 houses
    *"park p", "tab", "2", "enter",
    *"reading", "tab", *"mort", "enter",  # Reading Railroad, mortgaged
    "tab", "tab", "tab", *"ch", "enter",  # past "On it" and "In jail" to the jail card
    # Bob: the cursor is back on the player field, its text selected (typing replaces it)
    *"bob", "enter", *"85", "enter",
    *"baltic", "tab", *"hotel", "enter",
    *"medit", "tab", *"hot", "enter",
    "tab", "tab", "2", "enter",  # in jail: his second turn there
    "shift+tab", "shift+tab", "shift+tab", "shift+tab", "shift+tab",  # back to the player field
    *"cy", "enter", *"2470", "enter",
    "tab", "tab", "tab", *"chest", "enter",
    # the pot and the turn: the last fields, a Shift+Tab round from the player field
    "shift+tab", "shift+tab", *"300", "enter",
    "c", "enter",
]  # fmt: skip


def typed_game(tmp_path) -> Session:
    """The same position as typed lines (``banker do``), in a database of its own."""
    s = Session.create(tmp_path / "typed.db", ["ann", "bob", "cy"], Settings(house_rules=HouseRules(free_parking=True)))
    for line in TYPED:
        assert s.execute(line).ok, line
    return s


async def _new_game(pilot, names: str = "ann bob cy", free_parking: bool = True) -> None:
    await pilot.pause()
    await pilot.press("n")
    await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen), "the new-game screen")
    await pilot.press(*names)
    if free_parking:
        pilot.app.screen.query_one("#free-parking", Checkbox).value = True


async def _take_over(pilot) -> TakeOverScreen:
    await pilot.press("ctrl+t")
    await until(pilot, lambda: isinstance(pilot.app.screen, TakeOverScreen), "the set-up screen")
    await settled(pilot)
    return pilot.app.screen


def said(app) -> str:
    return text_of(app.screen.query_one("#preview", Static))


async def test_a_position_entered_by_keys_equals_the_same_position_typed(tmp_path):
    """From the new-game screen (Take over, Ctrl+T), the position entered field by field is journalled as the
    typed lines are, and leaves the game in the same state."""
    db = db_path()
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot)
        screen = await _take_over(pilot)
        await pilot.press(*KEYS)
        await settled(pilot)
        assert app.screen is screen and "✓ The position stands" in text_of(screen.query_one("#verdict", Static))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        keyed = app.session
        typed = typed_game(tmp_path)
        assert [action_to_dict(keyed.action(e.seq)) for e in keyed.log()] == [
            action_to_dict(typed.action(e.seq)) for e in typed.log()
        ]
        assert [e.summary for e in keyed.log()] == [e.summary for e in typed.log()]
        assert state_to_dict(keyed.state) == state_to_dict(typed.state)
        assert not keyed.state.started and keyed.state.taken_over


async def test_mistakes_are_said_in_place_and_change_nothing():
    db = db_path()
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot, free_parking=False)
        screen = await _take_over(pilot)
        assert not screen.query("#to-pot")  # no pot without the Free Parking house rule
        await pilot.press("enter", *"12x0", "enter")
        await settled(pilot)
        assert '"12x0" is not an amount' in said(app) and screen.query_one("#to-cash", Input).value == "12x0"
        assert app.session.log() == []
        await pilot.press("ctrl+u")  # cleared: a figure left in a field would keep play from starting
        # Enter in an empty field: nothing to record, and where to go
        await pilot.press("tab", "tab", "tab", "enter")
        await settled(pilot)
        assert 'Nothing to record: "In jail" is empty' in said(app)
        # a deed already another player's
        await pilot.press("shift+tab", "shift+tab", *"boardwalk", "enter")
        await settled(pilot)
        assert app.session.log()[-1].text == "position ann owns Boardwalk"
        screen.query_one("#to-player", Input).value = "bob"
        screen.query_one("#to-deed", Input).focus()
        await pilot.press(*"boardwalk", "enter")
        await settled(pilot)
        assert "Boardwalk is already ann's" in said(app) and len(app.session.log()) == 1
        # houses beyond the deed's group make the position one play cannot begin from: Ctrl+S says so and stays
        screen.query_one("#to-player", Input).value = "ann"
        await pilot.press("ctrl+u", *"boardwalk", "tab", "3", "enter")
        await settled(pilot)
        assert "Park Place is the bank's" in text_of(screen.query_one("#verdict", Static))
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert app.screen is screen and "Not yet: ann's Boardwalk has 3 houses" in said(app)
        # Ctrl+Z takes the last line back; the position stands again
        await pilot.press("ctrl+z")
        await settled(pilot)
        assert "undo: Taken over from the board: ann holds Boardwalk, 3 houses" in said(app)
        assert "✓ The position stands" in text_of(screen.query_one("#verdict", Static))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")


async def test_a_figure_typed_and_not_recorded_is_said_and_keeps_play_from_starting():
    """A banker fills a row (Cash 800, Tab, Holds boardwalk, Tab, On it 2, Enter): only the deed's line is recorded,
    so the 800 left in the Cash field is said, Ctrl+S will not play from a position the screen does not hold, and
    Enter in the field records it (found playing the screen at 80x24)."""
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot, free_parking=False)
        screen = await _take_over(pilot)
        await pilot.press("tab", *"800", "tab", *"boardwalk", "tab", "2", "enter")
        await settled(pilot)
        assert [e.text for e in app.session.log()] == ["position ann owns Boardwalk 2 houses"]
        assert 'Typed but not recorded: "Cash" 800' in said(app)
        await pilot.press("ctrl+s")
        await settled(pilot)
        assert app.screen is screen and 'Not yet: "Cash" 800 typed but not recorded' in said(app)
        screen.query_one("#to-cash", Input).focus()
        await pilot.press("enter")
        await settled(pilot)
        assert app.session.log()[-1].text == "position ann cash 800" and "not recorded" not in said(app)
        assert app.session.state.players[0].cash == 800


async def test_t_reopens_the_set_up_before_play_and_says_why_not_after():
    db = db_path()
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot, free_parking=False)
        await pilot.press("enter")  # Start: an ordinary new game
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await settled(pilot)
        await pilot.press("T")
        await until(pilot, lambda: isinstance(app.screen, TakeOverScreen), "the set-up screen")
        await settled(pilot)
        await pilot.press("enter", *"900", "enter", "escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        assert app.session.state.players[0].cash == 900
        await pilot.press("b", *"boardwalk", "enter")  # play begins
        await settled(pilot)
        assert app.session.state.started
        await pilot.press("T")
        await settled(pilot)
        assert isinstance(app.screen, TableScreen)
        assert "Play has begun" in text_of(app.screen.query_one("#reply", Static))


async def test_a_correction_by_its_dialog_and_from_the_palette():
    """f opens the correction dialog (the player to play, the amount with its sign, the reason); the palette finds
    it by name. The journal holds the line the command language writes, and the summary says it is a correction."""
    db = db_path()
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot, free_parking=False)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await settled(pilot)
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, CommandDialog), "the correction dialog")
        await pilot.press(*"-50", "enter")
        await settled(pilot)
        assert "fill in reason first" in text_of(app.screen.query_one("#refusal", Static))
        await pilot.press(*"change given twice", "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        entry = app.session.log()[-1]
        assert entry.text == "correct ann -50 change given twice"
        assert entry.summary == "Correction: ann pays the bank $50 (change given twice)"
        assert app.session.state.players[0].cash == 1450
        await chosen_in_palette(pilot, "correct", "Fix")
        await until(pilot, lambda: isinstance(app.screen, CommandDialog), "the correction dialog from the palette")
        # the dialog opens on the amount: back to the player (its name selected, so typing replaces it)
        await pilot.press("shift+tab", *"bob", "tab", *"20", "tab", *"short-changed", "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        assert app.session.log()[-1].summary == "Correction: the bank pays bob $20 (short-changed)"


async def test_a_correction_reason_is_free_text_shown_as_typed():
    """A correction's reason is the banker's own words: brackets, angles and braces are recorded and shown as typed
    (the review's `[bold] gave $20 too much` was refused a character at a time, `"[" is in no command, amount or
    name`), on the table (not read as Rich markup) and on the phones' journal (escaped HTML). The one character no
    field may hold, "#" (a comment on a command line), is said in one message naming it, and nothing is recorded."""
    from banker.web.pages import page, player_data, view_of

    db = db_path()
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot, free_parking=False)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await settled(pilot)
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, CommandDialog), "the correction dialog")
        await pilot.press(*"-20", "tab", *"[bold] gave $20 too much <b>{x}</b>", "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        entry = app.session.log()[-1]
        assert entry.text == "correct ann -20 [bold] gave $20 too much <b>{x}</b>"
        assert entry.summary == "Correction: ann pays the bank $20 ([bold] gave $20 too much <b>{x}</b>)"
        assert "([bold] gave $20 too much <b>{x}</b>)" in text_of(app.screen.query_one("#reply", Static))
        journal = " ".join(text_of(app.screen.query_one(JournalPanel)).split())
        assert "([bold] gave $20 too much <b>{x}</b>)" in journal, journal
        html = page(player_data(view_of(app.session), 0))
        assert "([bold] gave $20 too much &lt;b&gt;{x}&lt;/b&gt;)" in html and "<b>{x}" not in html
        await pilot.press("f")
        await until(pilot, lambda: isinstance(app.screen, CommandDialog), "the correction dialog")
        await pilot.press(*"-5", "tab", *"round #3 change", "enter")
        await settled(pilot)
        assert isinstance(app.screen, CommandDialog)
        refusal = text_of(app.screen.query_one("#refusal", Static))
        assert 'no field may hold "#": it starts a comment in a command' in refusal, refusal
        assert app.session.log()[-1] == entry


async def test_the_footer_offers_the_palette_as_every_screens_does():
    """Found by a game-night review at 80x24: the set-up screen's footer had no `^p palette`, as every other
    screen's has (a modal screen's footer shows only the bindings from the screen down, and the app binds Ctrl+P).
    It is there at 80x24, clicking it opens the palette, and Escape comes back to the set-up screen."""
    from textual.command import CommandPalette
    from textual.widgets._footer import FooterKey

    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot)
        screen = await _take_over(pilot)
        keys = [k for k in screen.query(FooterKey) if k.has_class("-command-palette")]
        assert len(keys) == 1 and "palette" in keys[0].render().plain
        assert screen.region.contains_region(keys[0].region) and keys[0].region.width > 0
        await pilot.click(keys[0])
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "the set-up screen again")


async def test_a_line_the_rules_refuse_leaves_its_field_selected():
    """Found by a game-night review at 80x24: `verm` Tab `5` Enter was refused by the rules (4 houses at most) with
    the cursor after the 5, not selected, so the `1` typed to mend it made "51". A line the rules refuse is a
    refusal as any other: the cursor on the field, its text selected, so what is typed next replaces it."""
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot, free_parking=False)
        screen = await _take_over(pilot)
        await pilot.press("tab", "tab", *"verm", "tab", "5", "enter")
        await settled(pilot)
        assert "not 5 houses" in said(app) and app.session.log() == []
        field = screen.query_one("#to-lot", Input)
        assert app.focused is field and field.selected_text == "5"
        await pilot.press("1", "enter")
        await settled(pilot)
        assert [e.text for e in app.session.log()] == ["position ann owns Vermont Avenue 1 house"]


async def test_a_player_the_game_does_not_know_keeps_the_cursor_on_the_player():
    """Found by a game-night review: `zed` Enter in Player said "no player called "zed"" but moved the cursor on to
    Cash, so the cash typed next was refused about zed and set aside. The name is checked at its Enter: refused in
    place, its text selected, so the name typed next replaces it and Enter goes on to Cash."""
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot, free_parking=False)
        screen = await _take_over(pilot)
        player = screen.query_one("#to-player", Input)
        assert app.focused is player
        await pilot.press("ctrl+u", *"zed", "enter")
        await settled(pilot)
        assert 'no player called "zed"' in said(app) and app.session.log() == []
        assert app.focused is player and player.selected_text == "zed"
        await pilot.press(*"bob", "enter", *"900", "enter")
        await settled(pilot)
        assert [e.text for e in app.session.log()] == ["position bob cash 900"]


async def test_on_it_takes_the_summarys_word_unimproved():
    """Found by a game-night review: the summary says "ann holds Baltic Avenue, unimproved", and `unimproved` typed in
    On it was refused with the line's whole grammar. It is what stands on a lot with nothing on it."""
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot, free_parking=False)
        await _take_over(pilot)
        await pilot.press("tab", "tab", *"balt", "tab", *"unimproved", "enter")
        await settled(pilot)
        assert [e.text for e in app.session.log()] == ["position ann owns Baltic Avenue"], said(app)


async def test_whether_the_position_stands_stays_in_view_however_long_the_summary():
    """Found by a game-night review at 80x24: with Jo holding 17 mortgaged deeds and Kim 4, two houses on Pacific
    Avenue, the line saying whether the position stands fell below the screen with the rest of the summary. It is
    shown below the summary, which scrolls, and in every language no "(unimproved)" follows a deed with nothing on it
    (the words were compared with the English)."""
    from banker.tui.screens.takeover import position_text

    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot, free_parking=False)
        screen = await _take_over(pilot)
        mortgaged = [d.name for d in app.session.state.board.deeds if d.group not in ("green",)][:17]
        for deed in mortgaged:
            assert app.session.execute(f"position ann owns {deed} mortgaged").ok, deed
        for deed in ("pacific", "north carolina", "pennsylvania avenue"):
            assert app.session.execute(f"position bob owns {deed}").ok
        assert app.session.execute("position bob owns pacific 2").ok  # the group built unevenly: it cannot stand
        await pilot.press("ctrl+u")
        await settled(pilot)
        verdict = screen.query_one("#verdict", Static)
        assert "✗ the Green group is built unevenly" in text_of(verdict)
        assert screen.region.contains_region(verdict.region) and verdict.region.height >= 1, verdict.region
        assert "(unimproved)" not in position_text(app.session.state).plain
        with speaking("de"):
            assert "(unbebaut)" not in position_text(app.session.state).plain


async def test_the_palette_offers_the_set_up_screens_own_keys():
    """Found by a game-night review: on the set-up screen the palette offered only Textual's commands, New game and
    Saved games; `play` found nothing of Play from here, `undo` nothing at all. It offers the screen's own keys, as
    its footer says them, and choosing one does what the key does."""
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        await _new_game(pilot, free_parking=False)
        screen = await _take_over(pilot)
        await pilot.press("enter", *"900", "enter")  # ann's cash: a line to take back
        await settled(pilot)
        assert [e.text for e in app.session.log()] == ["position ann cash 900"]
        await chosen_in_palette(pilot, "undo the", "Undo the last line")
        await until(pilot, lambda: len(app.session.log()) == 2, "the undo chosen in the palette")
        assert app.screen is screen and app.session.state.players[0].cash == 1500
        await chosen_in_palette(pilot, "play from", "Play from here")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table, from the palette")
