"""Snapshot tests of the screens whose look matters: the table, the live auction and the trade dialog.

A fixed game (same commands, same database layout) and no clock or cursor blink in the frame, so the SVGs only
change when the screens do. Review ``snapshot_report.html`` before running with ``--snapshot-update``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Input

from banker.tui.app import make_app
from tests.kit.journal import make_game
from tests.kit.screens import no_blink

SIZE = (120, 40)
GAME = [
    "buy ann boardwalk",
    "buy ann park place",
    "buy bob reading",
    "auction st charles cat 130",
    "build ann boardwalk 2",
    "mortgage bob reading",
    "rent cat park place",
    "jail cat",
]


def fixed_app():
    db = Path(os.environ["BANKER_DB"])
    make_game(db, lines=GAME)
    return make_app(db)


SIZES = [(80, 24), (100, 30), (120, 40), (160, 50)]
NAMES = {
    2: ("ann", "bob"),
    4: ("ann", "bob", "cat", "dee"),
    8: ("ann", "bob", "cat", "dee", "eve", "fay", "gus", "hal"),
}


@pytest.mark.parametrize("count", [2, 4, 8])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_table_screen(snap_compare, size, count):
    """The table at the sizes laptops open (stacked below 100 columns) with 2, 4 and 8 players."""
    db = Path(os.environ["BANKER_DB"])
    make_game(
        db,
        names=NAMES[count],
        lines=[(line + " ").replace(" cat ", " bob ").strip() if count == 2 else line for line in GAME],
    )

    async def before(pilot):
        await pilot.pause()
        await pilot.pause()
        no_blink(pilot.app)

    assert snap_compare(make_app(db), run_before=before, terminal_size=size)


def test_table_screen_journal_view_80x24(snap_compare):
    """v on a narrow terminal: the bank and the journal in the middle instead of the deeds."""

    async def before(pilot):
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        no_blink(pilot.app)

    assert snap_compare(fixed_app(), run_before=before, terminal_size=(80, 24))


def test_auction_dialog(snap_compare):
    async def before(pilot):
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        screen = pilot.app.screen
        screen.query_one("#deed", Input).value = "kentucky"
        screen.query_one("#bid-0", Input).value = "180"
        screen.query_one("#bid-1", Input).value = "240"
        screen.query_one("#bid-2", Input).value = "2000"
        screen.query_one("#bid-0", Input).focus()
        await pilot.pause()
        no_blink(pilot.app)

    assert snap_compare(fixed_app(), run_before=before, terminal_size=SIZE)


def test_trade_dialog(snap_compare):
    async def before(pilot):
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        screen = pilot.app.screen
        screen.query_one("#b", Input).value = "bob"
        screen.lists["give"].append("$150")
        screen.lists["get"].append("reading")
        screen.refresh_trade()
        screen.query_one("#give", Input).focus()
        await pilot.pause()
        no_blink(pilot.app)

    assert snap_compare(fixed_app(), run_before=before, terminal_size=SIZE)


@pytest.mark.parametrize("size", SIZES[:3], ids=[f"{w}x{h}" for w, h in SIZES[:3]])
def test_time_left_in_the_header(snap_compare, size):
    """A time-limit game's clock is in the header, so no size hides it (issue 22: at 100x30 the Bank box's title
    wrapped and pushed "Time left" out of view)."""
    from datetime import datetime, timedelta

    from banker.session import Session
    from rules import Settings

    db = Path(os.environ["BANKER_DB"])
    game = make_game(
        db,
        names=("ann", "bob", "cat"),
        settings=Settings(variant="time-limit", time_limit_minutes=90),
        lines=["deal random 3", "jail cat"],
    )
    with Session.open(db, game) as s:
        started = datetime.fromisoformat(s.created)
    at = started + timedelta(minutes=17, seconds=3)

    async def before(pilot):
        await pilot.pause()
        await pilot.pause()
        no_blink(pilot.app)

    assert snap_compare(make_app(db, clock=lambda: at), run_before=before, terminal_size=size)


JAILED = ["card ann chance get out of jail", "jail ann", "next", "jail ann miss"] + ["next"] * 6


@pytest.mark.parametrize("size", SIZES[:3], ids=[f"{w}x{h}" for w, h in SIZES[:3]])
def test_jail_turn_and_a_long_name(snap_compare, size):
    """Issue 22: the jail turn was the part cut off ("1 jail card · in jail, …"; at 80x24 with 6 players "in jail,
    turn 1 of 3 · …"), and a long name ran into the cash ("Bartholomew-$1,300"). Ann: a jail card, in jail, turn 2
    of 3; six players."""
    db = Path(os.environ["BANKER_DB"])
    make_game(db, names=("Bartholomew", "ann", "bob", "cat", "dee", "eve"), lines=JAILED)

    async def before(pilot):
        await pilot.pause()
        await pilot.pause()
        no_blink(pilot.app)

    assert snap_compare(make_app(db), run_before=before, terminal_size=size)


FINISHED = [
    "buy ann boardwalk",
    "buy ann park place",
    "build ann boardwalk 3",
    "buy bob reading",
    "mortgage bob reading",
    "rent cat boardwalk",
    "end",
]


@pytest.mark.parametrize("size", SIZES[:3], ids=[f"{w}x{h}" for w, h in SIZES[:3]])
def test_standings_footer_and_table(snap_compare, size):
    """Issue 22: at 100 and 80 columns the standings' footer was cut (BG Stats and Quit out of sight), and at 80
    the table hid Hotels and Buildings behind a horizontal scroll."""
    db = Path(os.environ["BANKER_DB"])
    from banker.session import Session
    from banker.tui.screens.standings import StandingsScreen
    from tests.kit.waits import until

    game = make_game(db, names=("Bartholomew", "ann", "bob", "cat"), lines=FINISHED)

    async def before(pilot):
        await pilot.pause()
        pilot.app.open_standings()
        await until(pilot, lambda: isinstance(pilot.app.screen, StandingsScreen), "the standings")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        no_blink(pilot.app)

    assert snap_compare(make_app(db, Session.open(db, game)), run_before=before, terminal_size=size)


CHARTED = [
    "buy ann boardwalk",
    "next",
    "buy bob reading",
    "next",
    "buy cat st charles",
    "next",
    "buy ann park place",
    "next",
    "build ann boardwalk 2",
    "next",
    "rent bob boardwalk",
    "next",
    "rent ann reading",
    "next",
    "rent bob park place",
    "next",
    "rent cat boardwalk",
    "next",
]


@pytest.mark.parametrize("view", ["worth", "cash"])
def test_the_game_chart(snap_compare, view):
    """Issue 34: the terminal's chart of worth over the game (and cash alone, v): each player's own mark on their
    line and in the legend (not colour alone), the current turn at the end of the axis."""
    db = Path(os.environ["BANKER_DB"])
    from banker.session import Session
    from banker.tui.screens.standings import StandingsScreen
    from tests.kit.waits import until

    game = make_game(db, names=("ann", "bob", "cat"), lines=CHARTED)

    async def before(pilot):
        await pilot.pause()
        pilot.app.open_standings()
        await until(pilot, lambda: isinstance(pilot.app.screen, StandingsScreen), "the standings")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("g")
        if view == "cash":
            await pilot.press("v")
        await until(pilot, lambda: pilot.app.screen.story is not None, "the game chart")
        await pilot.pause()
        no_blink(pilot.app)

    assert snap_compare(make_app(db, Session.open(db, game)), run_before=before, terminal_size=(100, 30))
