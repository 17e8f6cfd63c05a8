"""Pilot tests: a short game played through the screens, as a banker would at the table (issue 5).

Each step asserts the balances the rule books call for, so a screen that records the wrong command fails.
"""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import Input, Static

from banker.session import Session
from banker.tui.app import BankerCommands, make_app
from banker.tui.dialogs import AuctionDialog, CommandDialog, TradeDialog
from banker.tui.screens.games import GamesScreen
from banker.tui.screens.help import HelpScreen
from banker.tui.screens.new_game import NewGameScreen
from banker.tui.screens.table import TableScreen
from tests.kit.journal import db_path, make_game
from tests.kit.screens import balances, opened, text_of
from tests.kit.waits import until

SIZE = (120, 40)


async def test_new_game_refuses_duplicates_then_starts():
    """seed 000, PREPARATION: every player starts with $1,500; the engine refuses two players of one name."""
    db = db_path()
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GamesScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press(*"ann Ann", "enter")
        await pilot.pause()
        assert "two players" in text_of(app.screen.query_one("#setup-error", Static))
        assert Session.last_unfinished(db) is None  # nothing saved
        app.screen.query_one("#names", Input).value = "ann"
        await pilot.press("enter")
        await pilot.pause()
        assert "2 to 8 players" in text_of(app.screen.query_one("#setup-error", Static))
        app.screen.query_one("#names", Input).value = "ann bob cat"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert balances(app) == [1500, 1500, 1500]


async def test_short_game_through_the_screens():
    """Buys, an auction, rent with and without a set, a build, a mortgage, jail, a trade, a refusal, undo, and
    resume after a restart. Figures: board_us deeds (seed 000 title deeds)."""
    db = db_path()
    make_game(db)
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        # Buy by dialog: b, the deed, Enter (buyer = whose turn it is: ann).
        await pilot.press("b", *"boardw", "enter")
        await pilot.pause()
        assert balances(app) == [1100, 1500, 1500]
        # Buy by typed command.
        await pilot.press("slash", *"buy bob reading", "enter", "escape")
        await pilot.pause()
        assert balances(app) == [1100, 1300, 1500]
        # Live auction: bids in any order; Ctrl+S sells to the highest (seed 000, BUYING PROPERTY).
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AuctionDialog)
        await pilot.press(*"park place", "tab", *"200", "tab", *"320", "tab", *"5000")
        await pilot.pause()
        assert "cat cannot cover" in text_of(app.screen.query_one("#highest", Static))
        app.screen.query_one("#bid-2", Input).value = "320"
        await pilot.pause()
        assert "Tied at $320" in text_of(app.screen.query_one("#highest", Static))
        await pilot.press("ctrl+s")  # a tie sells nothing
        await pilot.pause()
        assert isinstance(app.screen, AuctionDialog)
        app.screen.query_one("#bid-2", Input).value = "250"
        await pilot.pause()
        assert "Highest: bob $320" in text_of(app.screen.query_one("#highest", Static))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert balances(app) == [1100, 980, 1500]
        # Rent without a set: cat lands on Boardwalk ($50 site rent).
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, CommandDialog)
        app.screen.query_one("#f-payer", Input).value = "cat"
        app.screen.query_one("#f-deed", Input).focus()
        await pilot.press(*"boardwalk")
        await pilot.pause()
        assert "cat pays ann $50" in text_of(app.screen.query_one("#preview", Static))
        await pilot.press("enter")
        await pilot.pause()
        assert balances(app) == [1150, 980, 1450]
        # A trade: ann gives $400, bob gives Park Place; the rules are previewed as it is built.
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, TradeDialog)
        app.screen.query_one("#b", Input).value = "bob"
        app.screen.query_one("#give", Input).focus()
        await pilot.press(*"$400", "enter")
        app.screen.query_one("#get", Input).focus()
        await pilot.press(*"park place", "enter")
        await pilot.pause()
        assert app.screen.command() == "trade ann bob give 400 get Park Place"
        assert "✗" not in text_of(app.screen.query_one("#preview", Static))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert balances(app) == [750, 1380, 1450]
        # Rent with the full set, unimproved: double rent (seed 000, PAYING RENT): one key and Enter.
        app.session.execute("turn cat")
        await pilot.press("r", *"boardwalk")
        await pilot.pause()
        assert "full set" in text_of(app.screen.query_one("#preview", Static))
        await pilot.press("enter")
        await pilot.pause()
        assert balances(app) == [850, 1380, 1350]
        # Build: ann buys a house on Boardwalk ($200).
        app.session.execute("turn ann")
        await pilot.press("h", *"boardwalk", "enter")
        await pilot.pause()
        assert balances(app) == [650, 1380, 1350]
        assert app.session.state.houses == 31
        # Mortgage: bob mortgages Reading Railroad for $100.
        await pilot.press("m")
        await pilot.pause()
        app.screen.query_one("#f-player", Input).value = "bob"
        app.screen.query_one("#f-deed", Input).value = "reading"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert balances(app) == [650, 1480, 1350]
        assert any(
            line.startswith("█RR Reading") and line.endswith(" M")
            for line in app.screen.query_one("#deeds").plain.splitlines()
        )
        # Jail: cat goes to jail, then pays the $50 fine.
        await pilot.press("j")
        await pilot.pause()
        app.screen.query_one("#f-player", Input).value = "cat"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session.state.players[2].jail is not None
        assert app.screen.query_one("#player-2").jail == "in jail, just sent"
        # A refusal: ann cannot build 20 levels on two lots (seed 000, HOUSES); the message names the rule, nothing
        # changes.
        before = app.session.state
        await pilot.press("slash", *"build ann boardwalk 20", "enter", "escape")
        await pilot.pause()
        reply = text_of(app.screen.query_one("#reply", Static))
        assert reply.startswith("✗") and "seed 000" in reply
        assert app.session.state == before
        # Undo the mortgage... no: undo the jail, the last action.
        await pilot.press("u")
        await pilot.pause()
        assert app.session.state.players[2].jail is None
        assert "strike" in str(app.screen.query_one("#journal").render().spans)
        final = balances(app)
    # Resume after a restart: a new app on the same database shows the same balances.
    again = make_app(db)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, TableScreen)
        assert balances(again) == final
        assert again.screen.query_one("#player-0").cash == "$650"


async def test_income_tax_choice_then_worth_shown():
    """seed 000, INCOME TAX: the player chooses $200 or 10% first; then the app shows the worth the 10% was
    figured on (printed prices, mortgaged or not: the tax basis, not the valuation)."""
    async with opened("t") as pilot:
        app = pilot.app
        field = app.screen.query_one("#f-how", Input)
        field.value = "10%"
        await pilot.pause()
        assert text_of(app.screen.query_one("#preview", Static)) == ""  # no peeking at the figure first
        await pilot.press("enter")
        await pilot.pause()
        assert balances(app) == [1350, 1500, 1500]
        reply = text_of(app.screen.query_one("#reply", Static))
        assert "10% of $1,500 total worth: $150" in reply, reply  # in the reply box, not a toast over it


async def test_the_palette_lists_each_action_once_with_its_key():
    """Ctrl+P, as a banker opens it: every table action once, named with its key, its help once below (issue 11:
    the name used to repeat the help, so each action read twice); typing words of the help still finds it."""
    from textual.command import CommandList, CommandPalette

    from banker.tui.keys import ACTIONS

    async with opened("ctrl+p") as pilot:
        app = pilot.app
        assert isinstance(app.screen, CommandPalette)
        listed = app.screen.query_one(CommandList)

        def prompts() -> list[str]:
            return [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]

        async def shown(holds, what: str) -> list[str]:
            """The palette's lines once ``holds`` for them (its search runs in a worker, in batches); a wait that
            never holds fails naming ``what`` (it used to run out quietly: a stale "Saved games" cost 5 s a run)."""
            await until(pilot, lambda: holds(prompts()), what)
            return prompts()

        found = await shown(
            lambda found: (
                all(any(p.startswith(f"{a.label} (") for p in found) for a in ACTIONS)
                and any(p.startswith("New game (") for p in found)
            ),
            "every action and New game in the palette",
        )
        keys = {"exclamation_mark": "!", "question_mark": "?", "slash": "/", "ctrl+n": "^n", "ctrl+o": "^o"}
        for a in ACTIONS:
            mine = [p for p in found if p.startswith(f"{a.label} (")]
            assert mine == [f"{a.label} ({keys.get(a.key, a.key)})\n{a.help}"], (a.label, mine)
        assert all(p.count(p.split("\n")[-1]) == 1 for p in found), found
        assert "New game (^n)\nSet up players and rules" in found
        await pilot.press(*"pay off")
        found = await shown(lambda found: found and found[0].startswith("Lift (l)"), "Lift first for 'pay off'")
        assert found[0].startswith("Lift (l)"), found
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CommandDialog) and app.screen.title_text == "Lift a mortgage"


async def test_help_palette_and_queries():
    async with opened("question_mark") as pilot:
        app = pilot.app
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        provider = BankerCommands(app.screen)
        hits = [h async for h in provider.search("auction")]
        assert hits and "Auction" in str(hits[0].match_display)
        hits[0].command()  # choosing it in the palette opens the live auction
        await pilot.pause()
        assert isinstance(app.screen, AuctionDialog)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("slash", *"show worth", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)  # the answer is in the reply box; the keyboard stays put
        answer = text_of(app.screen.query_one("#reply", Static))
        assert all(f"{name}: $1,500" in answer for name in ("ann", "bob", "cat")), answer


async def test_unexpected_error_is_shown_logged_and_game_intact(monkeypatch):
    """The app never crashes on input: a bug in an action is caught, shown and logged; the game is unchanged.
    (Every other test runs with the safety net off, so an error fails it; this one tests the net itself.)"""
    from banker.tui.app import BankerApp

    monkeypatch.setattr(BankerApp, "raise_errors", False)
    async with opened() as pilot:
        app = pilot.app
        monkeypatch.setattr(TableScreen, "current", lambda self: 1 / 0)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert any("ZeroDivisionError" in str(n.message) for n in app._notifications)
        assert balances(app) == [1500, 1500, 1500]
    log = Path(os.environ["BANKER_DATA_DIR"]) / "banker.log"
    assert "ZeroDivisionError" in log.read_text()


async def test_short_game_setup_offers_a_random_deal():
    """seed 000, SHORT GAME: the banker deals each player deeds before play; the app offers a random deal."""
    db = db_path()
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#names", Input).value = "ann bob"
        app.screen.query_one("#v-short-1973").value = True
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.session.state.variant.key == "short-1973"
        await pilot.press("y")
        await pilot.pause()
        dealt = [len(app.session.state.owned_by(i)) for i in range(2)]
        assert dealt == [app.session.state.variant.deal_count] * 2


async def test_darrow_game_for_three_with_the_books_preference_shown():
    """seed 001: "any number of players, preferably four to nine": the new-game screen says so for Darrow 1935,
    and three players may start."""
    db = db_path()
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#names", Input).value = "ann bob cat"
        app.screen.query_one("#v-darrow-1935").value = True
        await pilot.pause()
        assert "2 to 9 players, the book prefers four to nine" in text_of(app.screen.query_one("#variant-summary"))
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session.state.variant.key == "darrow-1935" and balances(app) == [1500, 1500, 1500]


async def test_saved_games_list_opens_the_chosen_game():
    """With no unfinished game the app lists the saved games; choosing one opens its table."""
    async with opened(names=("ann", "bob"), lines=["buy ann boardwalk", "end"]) as pilot:
        app = pilot.app
        assert isinstance(app.screen, GamesScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert balances(app) == [1100, 1500]


async def test_bankruptcy_greys_the_player_and_shows_the_standings():
    """seed 000, BANKRUPTCY: the last player left wins; the bankrupt is greyed out and the standings appear."""
    async with opened(names=("ann", "bob"), lines=["buy bob boardwalk"]) as pilot:
        app = pilot.app
        bar = app.screen.query_one("#keys")
        await pilot.click("#keys", offset=bar.offset_of("bankrupt"))  # the key bar is clickable
        await pilot.pause()
        assert isinstance(app.screen, CommandDialog)
        assert app.screen.focused.id == "f-player"  # no player filled in: a bankruptcy is never a default
        await pilot.press(*"bob", "tab", *"bank", "enter")
        await pilot.press(*"bankrupt", "enter")  # the word, typed whole (issue 30: never one stray letter away)
        await pilot.pause()
        assert app.session.state.over
        assert type(app.screen).__name__ == "StandingsScreen"
        table = app.table()
        assert table.query_one("#player-1").has_class("bankrupt")
        await pilot.press("escape")
        await pilot.pause()


async def test_time_limit_needs_minutes_and_house_rules_are_shown_as_such():
    """seed 002, TIME LIMIT GAME: a length must be agreed; house rules (Free Parking pot) are labelled so."""
    db = db_path()
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#names", Input).value = "ann bob"
        screen.query_one("#v-time-limit").value = True
        screen.query_one("#free-parking").value = True
        screen.query_one("#pot-start", Input).value = "100"
        await pilot.click("#start")
        await pilot.pause()
        assert "seed 002" in text_of(screen.query_one("#setup-error", Static))
        assert Session.last_unfinished(db) is None
        screen.query_one("#minutes", Input).value = "90"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        await pilot.press("n")  # decline the random deal
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        bank = str(app.screen.query_one("#bank").render())
        assert "Pot $100 (house rule)" in bank and "Time left 1:29" in text_of(app.screen.query_one("#status"))


async def test_a_new_game_replaces_the_first_table_and_back_returns_to_it():
    """The last unfinished game's table is the app's first screen; starting another game from it replaces it
    (one table on the stack, showing the new players), and Back on the new-game screen returns to the table."""
    async with opened(lines=["buy ann boardwalk"]) as pilot:
        app = pilot.app
        assert app.screen_stack == [app.screen] and isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.click("#back")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and len(app.screen_stack) == 1
        assert balances(app) == [1100, 1500, 1500]
        await pilot.press("ctrl+n")
        await pilot.pause()
        app.screen.query_one("#names", Input).value = "dee eve"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and app.screen_stack == [table]
        assert [p.name for p in app.session.state.players] == ["dee", "eve"]
        assert table.query_one("#player-1").cash == "$1,500" and not table.query("#player-2")
        table.reload()  # the new table polls the new game's journal without error
        await pilot.pause()


async def test_a_slash_typed_again_in_the_open_command_line_is_not_part_of_the_command():
    """Found in issue 14's review: `/` opens the command line, and a banker in the habit typed `/rent ...` into it,
    which was refused as an unknown command "/rent". A `/` at the start of the empty line is the opening key again."""
    db = db_path()
    make_game(db)
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("/", "/", *"go ann", "enter")
        await pilot.pause()
        assert [e.text for e in app.session.log()] == ["go ann"]
        await pilot.press(*"pay ann 5 / 2")  # a slash anywhere else is text, refused as the parser sees fit
        assert app.screen.query_one("#command", Input).value == "pay ann 5 / 2"


async def test_no_panel_holds_the_table_keys_at_launch_or_after_a_dialog():
    """Found in issue 20's review: the table's "no auto focus" was Textual's "inherit the app's", so the players'
    column was focused at launch and again after every dialog closed, though the table says its keys are its own
    until the banker presses / (the docstring of ``TableScreen.AUTO_FOCUS``)."""
    db = db_path()
    make_game(db)
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        assert app.focused is None
        await pilot.press("r", "escape")
        assert isinstance(app.screen, TableScreen) and app.focused is None
        await pilot.press("slash")
        assert app.focused is not None and app.focused.id == "command"
        await pilot.press("escape", "h", "escape")
        assert isinstance(app.screen, TableScreen) and app.focused is None
