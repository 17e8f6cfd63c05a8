"""Screens fit the smallest terminal the app is designed for (100x30) without scrolling to reach what matters."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.widgets import Button

from banker.tui.app import make_app
from banker.tui.screens.new_game import NewGameScreen
from banker.tui.widgets.players import PlayerCard, large
from rules import Settings
from tests.kit.journal import make_game


async def test_new_game_start_button_in_view_at_100x30():
    app = make_app(Path(os.environ["BANKER_DB"]))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        start = screen.query_one("#start", Button)
        assert screen.region.contains_region(start.region)
        assert screen.query_one("#new-game").max_scroll_y == 0
        for widget in ("#names", "#variant", "#edition", "#minutes", "#luxury", "#no-auctions", "#setup-error"):
            assert screen.region.contains_region(screen.query_one(widget).region), widget


async def test_cash_in_large_digits_for_up_to_four_players():
    """Each card draws the name, the cash in 3-row digits and the details; the current player is marked. (A
    panel too short for four large cards, as at 100x30, uses two-line cards instead: see below.)"""
    db = Path(os.environ["BANKER_DB"])
    make_game(db, names=("ann", "bob", "cat", "dan"), lines=["buy ann boardwalk"])
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        cards = list(app.screen.query(PlayerCard))
        assert [c.cash for c in cards] == ["$1,100", "$1,500", "$1,500", "$1,500"]
        lines = cards[0].render().plain.splitlines()
        assert lines[0].strip() == "▶ ann" and lines[1:4] == large("$1,100")
        assert lines[4] == "worth $1,500 · 1 deed"  # seed 000, INCOME TAX: a deed counts at its printed price
        assert cards[0].has_class("current") and not cards[1].has_class("current")
        assert all(app.screen.region.contains_region(c.region) and c.region.height == 5 for c in cards)


async def test_eight_players_fit_at_100x30_with_cash_on_one_line():
    """More than four players: two-line cards (name and cash, details), so all eight are in view without scrolling."""
    db = Path(os.environ["BANKER_DB"])
    make_game(db, names=tuple("abcdefgh"), lines=["pay h 30", "jail c"])
    app = make_app(db)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one("#players")
        cards = list(panel.query(PlayerCard))
        assert len(cards) == 8 and panel.max_scroll_y == 0
        top = cards[7].render().plain.splitlines()[0]
        assert top.startswith("  h ") and top.endswith(" $1,470") and len(top) == cards[7].size.width
        jailed = cards[2].render().plain.splitlines()
        assert len(jailed) == 3 and jailed[2] == "in jail, just sent"  # seed 000, JAIL: a line of its own
        assert all(
            panel.region.contains_region(c.region) and c.region.height == (3 if c is cards[2] else 2) for c in cards
        )


async def test_nine_players_of_a_darrow_game_fit_at_100x30():
    """seed 001: "preferably four to nine" players; the ninth card is in view without scrolling (docs/rulings.md)."""
    db = Path(os.environ["BANKER_DB"])
    make_game(db, names=tuple("abcdefghi"), settings=Settings(variant="darrow-1935"))
    app = make_app(db)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one("#players")
        cards = list(panel.query(PlayerCard))
        assert len(cards) == 9 and panel.max_scroll_y == 0
        assert all(panel.region.contains_region(c.region) for c in cards)


SIZES = [(80, 24), (100, 30), (120, 40), (160, 50)]
NAMES = {2: ("Ann", "Bob"), 4: ("Ann", "Bob", "Cy", "Dee"), 8: ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")}
GAME = [
    "buy ann boardwalk",
    "buy ann park place",
    "build ann boardwalk 2",
    "buy bob pennsylvania avenue",
    "buy bob pennsylvania railroad",
    "mortgage bob pennsylvania railroad",
    "go bob",
]


def _inside(outer, inner) -> bool:
    return inner.height > 0 and outer.contains_region(inner)


@pytest.mark.parametrize("count", [2, 4, 8])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_what_a_banker_needs_is_visible_or_one_key_away(size, count):
    """Issue 11 at every laptop size: every player's cash, each deed with its owner and buildings, the bank's
    houses and hotels, the latest journal entry and every key (all of them from 100 columns; the usual ones and
    `? more` below) are on screen, or one key (v) away on a narrow terminal."""
    from banker.tui.keys import ACTIONS, OFTEN
    from banker.tui.widgets.keybar import KeyBar

    db = Path(os.environ["BANKER_DB"])
    make_game(db, names=NAMES[count], lines=GAME)
    app = make_app(db)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        narrow = size[0] < 100
        assert screen.has_class("-narrow") is narrow
        panel = screen.query_one("#players")
        assert panel.max_scroll_y == 0
        for card in panel.query(PlayerCard):
            assert _inside(screen.region, card.region) and _inside(panel.region, card.region), card.name_text
            drawn = card.render().plain
            assert card.cash in drawn or "\n".join(large(card.cash)) in drawn
        deeds = screen.query_one("#deeds")
        assert _inside(screen.region, deeds.region) and deeds.content_region.height >= 14
        lines = deeds.render().plain.splitlines()
        assert any("Boardwalk" in line and "Ann" in line and "▪" in line for line in lines)
        assert any("Pennsylvania Avenue" in line and "Bob" in line for line in lines)
        assert any("Pennsylvania Railroad" in line and " M" in line for line in lines)
        bar = screen.query_one(KeyBar)
        shown = bar.render().plain
        assert len(shown.splitlines()) <= bar.region.height
        for a in ACTIONS:
            if a.bar and (not narrow or a.action in OFTEN):
                assert a.label in shown, a.label
        if not narrow:  # every key, U, ^n and ^o among them, and still the palette and Quit (issue 22)
            assert "Undo to" in shown and "New game" in shown and "Palette" in shown and "Quit" in shown
        if narrow:
            assert "more" in shown
            await pilot.press("v")
            await pilot.pause()
        bank, journal = screen.query_one("#bank"), screen.query_one("#journal-box")
        assert _inside(screen.region, bank.region) and "Houses 30/32  Hotels 12/12" in bank.render().plain
        assert _inside(screen.region, journal.region)
        newest = " ".join(line.strip() for line in screen.query_one("#journal").render().plain.splitlines()[:3])
        assert newest.startswith("7 Bob collects $200 salary for passing GO"), newest  # wrapped, not cut


async def test_the_reply_box_keeps_its_height():
    """A long answer (show worth with eight players) scrolls in the reply box instead of moving the panels."""
    db = Path(os.environ["BANKER_DB"])
    make_game(db, names=NAMES[8])
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        deeds_before = app.screen.query_one("#deeds").region
        box = app.screen.query_one("#reply-box")
        height = box.region.height
        await pilot.press("slash", *"show worth", "enter")
        await pilot.pause()
        assert box.region.height == height and app.screen.query_one("#deeds").region == deeds_before
        assert box.max_scroll_y > 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y > 0


def _contrast(a, b) -> float:
    """WCAG 2.1 contrast ratio of two Rich colours (1 to 21)."""

    def luminance(colour) -> float:
        def channel(v: int) -> float:
            c = v / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = colour.get_truecolor()
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("edition", ["us", "uk"])
async def test_railroad_and_utility_swatches_are_readable_in_the_dark_and_light_themes(edition):
    """Issue 11: the railroads' swatch (#444444) all but vanished on the dark theme. Each swatch as drawn on the
    screen must stand out from the panel behind it by at least 3:1 (WCAG 2.1, 1.4.11, for a graphical mark) in both
    themes, and railroads and utilities must differ."""
    db = Path(os.environ["BANKER_DB"])
    make_game(db, settings=Settings(edition=edition))
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        state = app.session.state
        wanted = {
            state.board.deeds[i].name[:15]: key
            for key in ("railroad", "utility")
            for i in state.board.groups[key].deeds
        }
        for theme in ("textual-dark", "textual-light"):
            app.theme = theme
            await pilot.pause()
            swatches = {}
            for panel in app.screen.query("#deeds"):
                for y in range(panel.size.height):
                    segments = list(panel.render_line(y))
                    for k, mark in enumerate(segments):
                        if "█" not in mark.text:
                            continue
                        # the swatch, then the group's mark ("RR"), then the name (issue 25: marks beside colours)
                        after = "".join(s.text for s in segments[k:]).split("█", 1)[1].lstrip()
                        after = after.split(" ", 1)[1] if " " in after else after
                        for name, group in wanted.items():
                            if after.startswith(name):
                                swatches[name] = (group, mark.style.color, mark.style.bgcolor)
            assert set(swatches) == set(wanted), theme
            for name, (_group, colour, behind) in swatches.items():
                assert _contrast(colour, behind) >= 3.0, (theme, name, colour, behind)
            assert len({colour for _group, colour, _behind in swatches.values()}) == 2, swatches


async def test_an_undo_that_ends_in_brackets_is_said_after_a_colon_not_in_brackets_again():
    """Found by game-night reviews: after a turn the bar read `u Undo (Bob's turn (turn 2))`, brackets inside
    brackets. What `u` takes back is said after a colon: `u Undo: bob's turn (turn 2)`."""
    from banker.tui.widgets.keybar import KeyBar
    from tests.kit.screens import opened

    async with opened(lines=["next"], size=(120, 40)) as pilot:
        shown = pilot.app.screen.query_one(KeyBar).render().plain
        assert " u Undo: bob's turn (turn 2)" in shown, shown.replace("\n", "|")
        assert "((" not in shown and "))" not in shown, shown


def test_the_undo_beside_u_is_cut_between_words_never_inside_a_figure():
    """Found in review at 80x24: `u Undo (Ann builds 3 houses for $60…)` where the amount was $600."""
    from banker.tui.widgets.keybar import _cut

    text = "Ann builds 3 houses for $600 on Boardwalk"
    for room in range(8, len(text)):
        cut = _cut(text, room)
        assert len(cut) <= room and cut.endswith("…")
        kept = cut[:-1].split()
        assert kept == text.split()[: len(kept)], (room, cut)  # whole words only


def test_a_sign_the_digit_font_cannot_draw_is_written_whole_and_small():
    """Issue 36: Textual's digit font draws the D of "30.000 DM" (a hex digit) but not its M, and the card read
    "30.000 D M" across the table; a word with a letter the font has not is written small on the last line, whole.
    Signs the font draws ($, £, €) stay large."""
    dm = large("30.000 DM")
    assert dm[2].endswith(" DM") and dm[0].rstrip() == large("30.000")[0].rstrip()
    assert large("30.000 DM")[0] == large("30.000")[0] + " " * len("   DM")
    assert "€" not in "".join(large("1.500 €")) and "$" not in "".join(large("$1,100"))  # drawn in the font


async def test_the_key_bar_draws_what_is_true_now_after_a_command_the_line_a_resize_and_a_theme():
    """Issue 33: the key bar keeps its lines for each width, key set and undo (it was asked for them several times a
    key). What it draws must still be what a fresh layout of it would draw after each change a banker makes: a
    command (what `u` takes back), the command line opened and left, a narrower window, the other theme."""
    from banker.tui.widgets.keybar import KeyBar
    from tests.kit.waits import until

    db = Path(os.environ["BANKER_DB"])
    make_game(db, names=NAMES[4], lines=GAME)
    app = make_app(db)

    def styles(bar: KeyBar) -> list[str]:
        return [str(span.style) for span in bar.render().spans]

    def same(bar: KeyBar) -> str:
        from textual.content import Content

        laid = Content("\n").join(bar._lay_out(bar.size.width))
        drawn = bar.render()
        assert bar.get_content_height(bar.size, bar.size, bar.size.width) >= len(laid.plain.splitlines())
        assert drawn.plain == laid.plain
        assert [(s.start, s.end, str(s.style)) for s in drawn.spans] == [
            (s.start, s.end, str(s.style)) for s in laid.spans
        ]
        return drawn.plain

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        before = same(bar)
        assert ": Bob collects $200" in before
        await pilot.press("slash", *"collect cy 15", "enter")
        await pilot.pause()
        line_keys = same(bar)
        assert "Back to the keys" in line_keys and "Rent" not in line_keys
        await pilot.press("escape")
        await pilot.pause()
        after = same(bar)
        assert ": Cy collects $15" in after and "Rent" in after and after != before
        first = styles(bar)
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        assert same(bar) == after and styles(bar) != first  # the same words in the new theme's colours
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: bar.size.width == 80, "the key bar laid out at 80 columns")
        narrow = same(bar)
        assert "more" in narrow and "Undo to" not in narrow


async def test_on_a_short_terminal_the_reply_gives_up_rows_before_a_key_is_hidden():
    """Found by a game-night review: at 120x24 (and 105x25, 100x24) the grid took the key bar's last row, and
    `/ Command`, `? Help` and `q Quit` were out of sight behind a scrollbar; the panel's 4 rows of the last reply sat
    above it, empty. On a short terminal the reply has fewer rows (at least one) and every key is in view, whatever
    size the terminal was before."""
    from banker.tui.keys import ACTIONS
    from banker.tui.widgets.keybar import KeyBar
    from tests.kit.screens import opened
    from tests.kit.waits import until

    async with opened(lines=GAME, names=NAMES[4], size=(120, 40)) as pilot:
        app = pilot.app
        bar = app.screen.query_one(KeyBar)
        reply = app.screen.query_one("#reply-box")
        for width, height in ((120, 24), (105, 25), (100, 24), (110, 25), (120, 40), (100, 24)):
            await pilot.resize_terminal(width, height)
            await until(pilot, lambda w=width: bar.size.width == w, f"the key bar laid out at {width}x{height}")
            await pilot.pause()
            shown = bar.render().plain
            assert len(shown.splitlines()) <= bar.region.height, (width, height, shown)
            assert app.screen.region.contains_region(bar.region), (width, height, bar.region)
            assert [a.label for a in ACTIONS if a.bar and a.label not in shown] == [], (width, height, shown)
            assert reply.region.height >= 1 and reply.region.bottom <= bar.region.y, (width, height)
            assert reply.region.height == (4 if height >= 30 else reply.region.height), (width, height)


async def test_what_u_takes_back_is_said_at_every_width_and_every_key_stays_in_the_bar():
    """Found by game-night reviews: from 100 to 104 columns the keys filled their three rows and the undo beside
    `u` was not said at all (an undo must never be a guess), then said only a name ("Undo (Ann…)"); and at 99
    columns opening the command line moved the panels a row. The bar keeps room for 18 cells of the undo at every
    width, said or not, and the rows of whichever keys take more; each width shows the undo whole or most of it,
    all its keys (the usual ones and `? more` when narrow), no more lines than it has rows, and the bar stays put
    as the command line opens and closes."""
    from banker.tui.keys import ACTIONS, OFTEN
    from banker.tui.widgets.keybar import KeyBar
    from tests.kit.waits import until

    db = Path(os.environ["BANKER_DB"])
    make_game(db, names=NAMES[4], lines=GAME)
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        for width in (*range(96, 112), 80, 130):
            await pilot.resize_terminal(width, 40)
            await until(pilot, lambda w=width: bar.size.width == w, f"the key bar laid out at {width} columns")
            shown = bar.render().plain
            said = shown.split(" u Undo: ", 1)[1].split("\n", 1)[0].split("  ", 1)[0]  # up to the next key
            assert said == bar.undo_text or (said.endswith("…") and len(said) >= 12), (width, said)
            assert len(shown.splitlines()) <= bar.region.height, (width, shown)
            assert app.screen.region.contains_region(bar.region), width
            for a in ACTIONS:
                if a.bar and (width >= 100 or a.action in OFTEN):
                    assert a.label in shown, (width, a.label)
            # the command line opened and closed moves nothing (at 99 columns the panels moved a row each time)
            bar_at = bar.region
            await pilot.press("slash")
            await until(pilot, lambda: bar.line_mode, "the command line's keys")
            assert bar.region == bar_at, (width, bar.region, bar_at)
            await pilot.press("escape")
            await until(pilot, lambda: not bar.line_mode, "the table's keys")
