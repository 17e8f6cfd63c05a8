"""A jailed player's turn passed with no roll recorded (found in issue 20's game-night review): three rounds of
``n`` left Jo on "in jail, turn 1 of 3" for good, with no fine ever due, as only recorded misses move the jail timer
on (seed 000, JAIL; ``rules.jail.roll_unrecorded``). The app says so when ``next`` passes such a turn; nothing is
refused (docs/rulings.md)."""

from __future__ import annotations

from banker.tui.app import make_app
from banker.tui.screens.table import TableScreen
from rules.jail import jail_status
from tests.kit.journal import db_path, journal_lines, make_game
from tests.kit.waits import until


def jail_notes(app) -> list[str]:
    return [n.message for n in app._notifications if n.title == "Jail"]


async def test_next_past_a_jailed_turn_with_no_roll_says_so_and_records_only_next():
    db = db_path()
    make_game(db, names=("ann", "bob"), lines=["jail ann", "next"])  # bob's turn; ann was sent on her own
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("n")  # bob's turn passes: he is not in jail
        assert jail_notes(app) == []
        await pilot.press("n")  # ann's first turn in jail passes with nothing recorded for it
        await until(pilot, lambda: jail_notes(app), "the reminder")
        assert jail_notes(app) == [
            "ann was in jail and no roll was recorded for that turn, so the jail timer did not move on. If ann "
            "rolled and missed: u (undo), then jail ann miss, then n."
        ]
        assert journal_lines(app)[-3:] == ["next", "next", "next"]  # nothing refused, nothing else recorded


async def test_a_recorded_miss_passes_the_turn_without_a_word():
    db = db_path()
    make_game(db, names=("ann", "bob"), lines=["jail ann", "next", "next"])  # ann's first turn in jail
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        assert app.run_command("jail ann miss").ok
        await pilot.press("n")
        assert journal_lines(app)[-1] == "next"
        assert jail_notes(app) == []
        assert jail_status(app.session.state, 0) == "in jail, turn 2 of 3"


async def test_the_go_salary_for_a_player_still_in_jail_is_recorded_and_the_app_says_so():
    """Found in a game-night review: `g` for Dee, in jail with no way out recorded, recorded the salary without a
    word. A player in jail does not move until out (seed 000, JAIL): the salary is recorded (the table may have
    forgotten the doubles that freed her) and the app says how to put it right; for a free player, nothing is said."""
    db = db_path()
    make_game(db, names=("ann", "bob"), lines=["jail ann", "next", "next"])  # ann's first turn in jail
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("slash", *"go bob", "enter")  # bob is free: nothing said
        await until(pilot, lambda: journal_lines(app)[-1] == "go bob", "bob's salary")
        assert jail_notes(app) == []
        await pilot.press(*"go ann", "enter")
        await until(pilot, lambda: jail_notes(app), "the reminder")
        assert jail_notes(app) == [
            "ann is still in jail, and a player in jail does not move until out (seed 000, JAIL). If ann got out "
            "first: u (undo), then jail ann doubles (or fine, or card), then the salary again."
        ]
        assert journal_lines(app)[-2:] == ["go bob", "go ann"]  # recorded, nothing refused
        assert app.session.state.players[0].jail is not None
