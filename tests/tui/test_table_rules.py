"""The table's own rules: the time-limit game's deadline (seed 002), completion of typed commands, the
building-shortage auction (seed 000)."""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from banker.commands import parse
from banker.commands.completion import DEED, ITEMS, PLAYER, complete, complete_value
from banker.tui.app import make_app
from banker.tui.dialogs import AuctionDialog
from banker.tui.screens.table import TableScreen
from rules import Settings, new_game
from rules.state import game_settings
from tests.kit.journal import hotels_on_all_but_one, make_game
from tests.kit.screens import balances, text_of
from tests.kit.waits import until


@pytest.mark.parametrize(
    ("typed", "completed"),
    [
        ("ren", "rent "),
        ("rent", "rent "),
        ("re", None),  # redo or rent
        ("rent b", "rent bob "),
        ("rent bob boa", "rent bob boardwalk "),
        ("rent bob park p", "rent bob park place "),
        ("buy ann penn", None),  # Pennsylvania Avenue or Pennsylvania Railroad: the parser would refuse it
        ("buy ann pennsylvania a", "buy ann pennsylvania avenue "),
        ("rent bob b", None),  # Baltic, Boardwalk, B. & O.
        ("rent bob b.", "rent bob b. & o. railroad "),
        ("rent bob ", None),
        ("zz", None),
        ("jail bob doub", "jail bob doubles "),
        ("card bob chance chai", "card bob chance chairman "),
        ("pay ann 50 to b", None),  # bank or bob
        ("pay ann 50 to ba", "pay ann 50 to bank "),
        ("tax ann inc", "tax ann income "),
        ("trade ann bob give boardwalk and park", "trade ann bob give boardwalk and park place "),
        ("auction park place a", "auction park place ann "),
        ("show w", "show worth "),
        ("build ann ora", "build ann orange "),  # a build or a sale names a colour group whole (review, item 7)
        ("sell ann dark", "sell ann dark blue "),
        ("build ann or", None),  # Oriental Avenue or the Orange group's mark: the parser asks which
        ("build ann ori", "build ann oriental avenue "),  # a deed's start wins over a group's
        ("build ann rail", None),  # nothing is built on railroads
        ("rent bob ora", None),  # rent names a deed, never a group
        ("show count 4 0 dark b", "show count 4 0 dark blue "),  # a count of one group (game-night review)
        ("show count 4 0 o", "show count 4 0 orange "),
        ("show count 4 0 rail", None),  # no building stands on the railroads
    ],
    ids=lambda v: repr(v),
)
def test_command_line_completion(typed, completed):
    """A completion is offered only where the parser reads the prefix as the completed word, and it adds a
    space; the completed line (and the prefix) parse to the same command once finished."""
    state = new_game(["ann", "bob", "cat"], Settings())
    assert complete(typed, state) == completed


@pytest.mark.parametrize(
    ("typed", "whole"),
    [
        ("rent bob st j", "rent bob st. james place "),
        ("rent bob penn av", "rent bob pennsylvania avenue "),
        ("buy ann el co", "buy ann electric company "),
        ("rent bob b&o", "rent bob b. & o. railroad "),
        ("rent bob boa", "rent bob boardwalk "),  # a prefix: the same as the completion on offer
        ("rent bob b", None),  # still Baltic, Boardwalk or the B. & O.
        ("rent bob st", None),  # St. Charles Place or St. James Place
        ("rent bob zz", None),
    ],
    ids=lambda v: repr(v),
)
def test_tab_reads_words_shortened_inside_a_name_as_the_parser_does(typed, whole):
    """The parser reads ``st j`` as St. James Place, but nothing can be drawn after the cursor for it, so nothing is
    on offer; Tab (``whole``) asks, and the typed words are replaced by the name (game-night review: Tab did
    nothing). The line completed so reads as the line typed."""
    state = new_game(["ann", "bob", "cat"], Settings())
    if whole is None or not whole.startswith(typed):
        assert complete(typed, state) is None
    assert complete(typed, state, whole=True) == whole
    if whole is not None:
        assert parse(whole.strip(), state) == parse(typed, state)


@pytest.mark.parametrize(
    ("slot", "typed", "whole"),
    [(DEED, "st j", "St. James Place"), (DEED, "b&o", "B. & O. Railroad"), (ITEMS, "penn av", "Pennsylvania Avenue")]
    + [(DEED, "mediterranean avenue", "Mediterranean Avenue"), (DEED, "b", None), (PLAYER, "b", "bob")],
    ids=lambda v: repr(v),
)
def test_a_dialog_field_takes_the_whole_name_on_tab(slot, typed, whole):
    state = new_game(["ann", "bob", "cat"], Settings())
    assert complete_value(slot, typed, state, whole=True) == whole


@pytest.mark.parametrize(
    "typed",
    [
        "jail bob doub",
        "tax ann inc 10",
        "card bob chance chai",
        "pay ann 50 to ba",
        "rent bob b.",
        "show w",
        "go ann ex",
        "deal rand 7",
        "ren bob boa",
        "card bob chest pay hosp",
        "card bob chance elected",
        "build ann dark b",  # the start of a group's name, as Tab completes it (game-night review)
        "show count 4 0 dark b",
    ],
)
def test_prefixes_the_completion_offers_are_accepted(typed):
    """Every closed word list takes a unique prefix, as names do; cards by words printed on them."""
    state = new_game(["ann", "bob", "cat"], Settings(variant="short-1973"))
    full = complete(typed, state)
    assert parse(typed, state) == parse(full.strip(), state) if full else parse(typed, state)


async def test_time_limit_game_ends_at_the_deadline():
    """seed 002, TIME LIMIT GAME: at the agreed time the game ends and the standings are shown."""
    db = Path(os.environ["BANKER_DB"])
    make_game(
        db,
        names=("ann", "bob"),
        settings=Settings(variant="time-limit", time_limit_minutes=60),
        lines=["deal random 3"],
    )
    now = [datetime.now().astimezone()]
    app = make_app(db, clock=lambda: now[0])
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Time left 0:59" in text_of(app.screen.query_one("#status"))
        assert not app.session.state.over
        now[0] += timedelta(minutes=61)
        app.screen.tick()
        await pilot.pause()
        assert app.session.state.over
        assert app.session.log(limit=1)[0].text == "end time"
        assert type(app.screen).__name__ in ("StandingsScreen", "MessageScreen")


async def test_time_up_on_a_tie_says_the_richest_players_tie():
    """seed 002, TIME LIMIT GAME ("the richest player wins"): with equal fortunes nobody wins, and the pop-up at the
    deadline says what the engine decided (it used to say "the richest player wins" whatever the standings)."""
    db = Path(os.environ["BANKER_DB"])
    make_game(db, names=("ann", "bob"), settings=Settings(variant="time-limit", time_limit_minutes=60))
    now = [datetime.now().astimezone() + timedelta(minutes=61)]
    app = make_app(db, clock=lambda: now[0])
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.session.state.over, "the end recorded at launch")
        said = [n.message for n in app._notifications if n.title == "Time limit"]
        assert said == ["Time is up. The game ends (time is up): the richest players tie"], said


async def test_the_end_undone_past_the_deadline_nothing_more_is_recorded():
    """seed 002, TIME LIMIT GAME (issue 22): after the recorded end is taken back, the table says "Time is up" and
    a command typed then is refused, not recorded."""
    db = Path(os.environ["BANKER_DB"])
    make_game(
        db,
        names=("ann", "bob"),
        settings=Settings(variant="time-limit", time_limit_minutes=60),
        lines=["deal random 3"],
    )
    now = [datetime.now().astimezone() + timedelta(minutes=61)]
    app = make_app(db, clock=lambda: now[0])
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.session.state.over, "the end recorded at launch")
        while not isinstance(app.screen, TableScreen):
            await pilot.press("escape")
        assert app.record("undo").ok and not app.session.state.over
        reply = app.record("pay ann 10 to bob")
        assert not reply.ok and "time is up" in reply.message
        assert "Time is up" in text_of(app.screen.query_one("#status"))
        assert [e.text for e in app.session.log() if not e.undone][-1] == "undo"


async def test_the_last_hotel_is_sold_at_a_shortage_auction_through_the_auction_dialog():
    """seed 000, BUILDING SHORTAGE: "the houses or hotels must be sold at auction to the highest bidder". Cat's
    hotels leave the bank one, and Ann and Bob both want it; the live auction dialog sells it with the winner's lot
    and "hotel" in the Deed field."""
    db = Path(os.environ["BANKER_DB"])
    make_game(
        db,
        lines=[
            *hotels_on_all_but_one("cat"),
            "buy ann oriental",
            "buy ann vermont",
            "buy ann connecticut",
            "build ann vermont 12",
            "turn bob",
            "buy bob mediterranean",
            "buy bob baltic",
            "build bob baltic 8",
            "turn ann",
        ],
    )
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        cat = balances(app)[2]
        assert balances(app) == [580, 980, cat]
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AuctionDialog)
        await pilot.press(*"vermont avenue 1 house", "tab", *"300", "tab", *"250")
        await pilot.pause()
        preview = app.screen.query_one("#preview", Static)
        assert "places houses only" in text_of(preview)  # one kind per auction (docs/rulings.md)
        app.screen.query_one("#deed", Input).value = "vermont avenue hotel"
        await pilot.pause()
        assert "Highest: ann $300" in text_of(app.screen.query_one("#highest", Static))
        assert text_of(preview) == (
            "ann wins a hotel at auction for $300: Oriental Avenue 4 houses, "
            "Vermont Avenue a hotel, Connecticut Avenue 4 houses"
        )
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session.log(limit=1)[0].text == "shortage ann Vermont Avenue 1 hotels 300"  # the canonical line
        state = app.session.state
        assert balances(app) == [280, 980, cat]
        assert state.holding(state.deed("Vermont Avenue")).level == state.hotel_level
        assert (state.houses, state.hotels) == (32 - 12 - 8 + 4, 0)  # the hotel's 4 houses went back to the bank


async def test_the_auction_dialog_says_why_it_sells_no_houses_when_the_bank_is_not_short():
    """Issue 30: with 32 houses in the bank, `shortage Ann Boardwalk 2 10` gave Ann two houses for $10. Seed 000,
    BUILDING SHORTAGE: the auction is for when "two or more players wish to buy more than the Bank has"
    (docs/rulings.md). The dialog says so while the bids are typed, Sold! records nothing and puts the cursor on the
    Deed field (no bid can make the bank short), and the refusal names the printed-price build to record instead."""
    db = Path(os.environ["BANKER_DB"])
    make_game(db, lines=["buy ann park place", "buy ann boardwalk", "buy bob mediterranean", "buy bob baltic"])
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = (balances(app), [e.text for e in app.session.log()])
        await pilot.press("a")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AuctionDialog)
        await pilot.press(*"boardwalk 2 houses", "tab", *"10", "tab", *"5")
        await pilot.pause()
        why = (
            "the bank is not short of houses: it has 32, and the players who could buy houses could buy 16 in all "
            "(ann 8 and bob 8); build at the printed price ($200 a building: `build ann Boardwalk 2`)"
        )
        assert "Highest: ann $10" in text_of(dialog.query_one("#highest", Static))
        assert why in text_of(dialog.query_one("#preview", Static))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog
        assert f"{why} (seed 000, BUILDING SHORTAGE)" in text_of(dialog.query_one("#refusal", Static))
        assert dialog.focused is not None and dialog.focused.id == "deed"
        assert (balances(app), [e.text for e in app.session.log()]) == before
        assert app.session.state.houses == 32
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert (balances(app), [e.text for e in app.session.log()]) == before


@pytest.mark.parametrize(
    ("edition", "word", "square", "flat", "paid", "after"),
    [
        ("us", "luxury", "Luxury Tax", "200", "$100", [1400, 1500, 1500]),
        ("uk", "super", "Super Tax", "200", "£100", [1400, 1500, 1500]),
        ("de-dm", "luxury", "Zusatzsteuer", "4000", "2.000 DM", [28000, 30000, 30000]),  # not a word: luxury
    ],
    ids=["us-luxury-tax", "uk-super-tax-seed003-appendix", "de-dm-zusatzsteuer-issue36"],
)
async def test_the_tax_dialog_names_the_100_tax_as_the_board_prints_it(edition, word, square, flat, paid, after):
    """seed 003, appendix: "Luxury Tax/Super Tax": on the UK board the dialog and the reply say Super Tax; a prefix
    of the word is enough, as on the command line. The line recorded is the canonical one (``tax ann luxury``, the
    engine's word, as ``commands.format`` writes it) on either board. The German board's Zusatzsteuer is offered as
    luxury, a word the language reads, and its flat Income Tax as its own figure (issue 36)."""
    db = Path(os.environ["BANKER_DB"])
    make_game(db, settings=game_settings(edition=edition))
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        dialog = app.screen
        note = text_of(dialog.query_one("#note", Static))
        assert f"Or: {word} ({square})." in note
        assert f"{flat} / 10% / {word}" in [str(label.render()) for label in dialog.query(".field-label")]
        dialog.focused.value = word[:2]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session.log()[-1].text == "tax ann luxury"
        assert balances(app) == after
        assert f"ann pays {square} of {paid} to the bank" in text_of(app.screen.query_one("#reply", Static))


@pytest.mark.parametrize(
    ("variant", "typed", "line"),
    [
        ("standard", "250", "tax ann income 250"),
        ("standard", "flat", "tax ann income 250"),  # the canonical line names the figure charged
        ("short-1990s", None, "tax ann income 250"),  # a flat tax only: the field starts with its figure
    ],
)
async def test_the_tax_dialog_offers_and_journals_the_boards_flat_figure(variant, typed, line):
    """Issue 36: on a board whose flat Income Tax is 250 € the dialog is labelled with it and journals it
    (``tax ann income 250``), where it offered "200 or 10%" and recorded a 250 € tax under a line that said 200;
    `200` typed there is refused naming the board's figure, the dialog kept open."""
    from tests.cli.test_editions import OTHER_FIGURES, city_text, place
    from tests.tui.test_dialogs import refusal

    db = Path(os.environ["BANKER_DB"])
    place(db, city_text(**OTHER_FIGURES))
    make_game(db, settings=game_settings(variant, "springfield"))
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        dialog = app.screen
        labels = [str(label.render()) for label in dialog.query(".field-label")]
        assert ("250 / luxury" if variant == "short-1990s" else "250 / 10% / luxury") in labels
        assert "250 €" in text_of(dialog.query_one("#note", Static))
        if typed is None:
            assert dialog.focused.value == "250"
        else:
            dialog.focused.value = "200"
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is dialog and "the flat Income Tax on the Springfield board is 250 €" in refusal(app)
            dialog.focused.value = typed
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert [e.text for e in app.session.log()] == [line] and balances(app)[0] == 1750


async def test_a_game_recorded_with_an_absurd_time_limit_still_opens():
    """Issue 12: an older Banker accepted --minutes 9999999999999, and the app then crashed at every launch.
    New games are refused such a length (rules.limits); a game recorded with one opens, with no deadline."""
    import json
    import sqlite3

    db = Path(os.environ["BANKER_DB"])
    make_game(
        db,
        names=("ann", "bob"),
        settings=Settings(variant="time-limit", time_limit_minutes=60),
        lines=["deal random 3"],
    )
    with sqlite3.connect(db) as conn:
        (settings,) = conn.execute("SELECT settings FROM games").fetchone()
        data = json.loads(settings)
        data["time_limit_minutes"] = 9999999999999
        conn.execute("UPDATE games SET settings = ?", (json.dumps(data),))
        conn.execute("DELETE FROM checkpoints")  # replayed from the game's own settings
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.tick()
        assert not app.session.state.over and app.screen.deadline() is None


@pytest.mark.parametrize(
    ("names", "edition", "example"),
    [(("Ann", "Cy"), "uk", "rent cy mayfair"), (("Zoë", "Max", "Ed"), "us", "rent max boardwalk")],
)
async def test_the_command_lines_placeholder_uses_the_games_own_names(names, edition, example):
    """Issue 22: the placeholder suggested `rent bob boardwalk` on the UK board and in games without a Bob."""
    from banker.tui.widgets.command_line import CommandLine

    db = Path(os.environ["BANKER_DB"])
    make_game(db, names=names, settings=Settings(edition=edition))
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.query(CommandLine), "the command line")
        assert f"/ to type a command: {example} " in app.screen.query_one(CommandLine).placeholder


async def test_new_game_saved_games_and_undo_to_are_keys_of_the_table():
    """Issue 22: Ctrl+N and the saved games were only in the palette, and U was missing from the key bar."""
    from banker.tui.dialogs.undo_to import UndoToDialog
    from banker.tui.screens.games import GamesScreen
    from banker.tui.screens.new_game import NewGameScreen

    db = Path(os.environ["BANKER_DB"])
    make_game(db, lines=["buy ann boardwalk"])
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.query("#keys"), "the key bar")
        await pilot.press("U")
        await until(pilot, lambda: isinstance(app.screen, UndoToDialog), "Undo to here")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "back at the table")
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "back at the table")
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, GamesScreen), "the saved games")
