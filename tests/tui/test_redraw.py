"""A key redraws what it changed, and what it leaves on screen is what drawing the whole table again shows (issue 33:
with 8 players a rent's Enter redrew every card, the deeds, the bank and the journal, and laid the screen out for
each; now the table draws the difference between the state it showed and the new one).

The oracle: after each command, typed on the command line as a banker types it, the picture is the one the table
draws when it draws everything again from the session. A redraw that missed a change (a worth, a jail turn, a struck
journal entry, the bank's houses) shows a different picture."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator, Iterator

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget

from banker.tui.app import BankerApp, make_app
from banker.tui.screens.table import TableScreen
from banker.tui.widgets.changes import changes
from banker.tui.widgets.footer import Footer
from rules import Settings
from tests.kit.journal import db_path, make_game
from tests.kit.screens import no_blink
from tests.kit.waits import settled

NAMES = ("ann", "bob", "cat", "dee", "eve", "fay", "gus", "hal")
SET_UP = ["buy ann park lane", "buy ann mayfair", "buy bob old kent road", "card cat chance get out of jail"]
KEYS = [
    "rent bob mayfair",  # two cards
    "build ann mayfair 2",  # a card, the deeds, the bank's houses
    "jail dee",  # a card, the turn
    "next",  # the turn's marker, the jail's turn for dee
    "undo",  # the journal strikes an entry shown
    "redo",
    "mortgage bob old kent road",
    "pay cat 100 to eve",
    "trade cat eve give jail-card get £50",
    "undo",
    "collect hal 20000",
    "rent hal mayfair",
]


def _picture(app) -> str:
    """The screen as drawn, its per-run style names numbered in order of appearance."""
    names: dict[str, str] = {}
    return re.sub(r"terminal-\d+", lambda m: names.setdefault(m.group(0), f"s{len(names)}"), app.export_screenshot())


async def _type(pilot, line: str) -> None:
    await pilot.press("slash")
    pilot.app.screen.query_one("#command").value = line
    await pilot.press("enter")
    await settled(pilot)


@contextlib.contextmanager
def _laid_out() -> Iterator[list[Widget]]:
    """The widgets that asked for a layout of the screen while the block ran, in order."""
    laid_out: list[Widget] = []
    refresh = Widget.refresh

    def spy(widget: Widget, *regions, **options):
        if options.get("layout"):
            laid_out.append(widget)
        return refresh(widget, *regions, **options)

    Widget.refresh = spy  # type: ignore[method-assign, assignment]
    try:
        yield laid_out
    finally:
        Widget.refresh = refresh  # type: ignore[method-assign]


@contextlib.asynccontextmanager
async def _table(size: tuple[int, int]) -> AsyncIterator[tuple[Pilot, BankerApp, TableScreen]]:
    """The table of a UK game of eight, set up, at ``size``, its cursor still (it is in every picture taken)."""
    db = db_path()
    make_game(db, names=NAMES, lines=SET_UP, settings=Settings(edition="uk"))
    app = make_app(db)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        no_blink(app)
        yield pilot, app, table


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_each_key_leaves_the_picture_the_whole_table_draws(size):
    async with _table(size) as (pilot, app, table):
        for line in KEYS:
            await _type(pilot, line)
            assert app.session.log(limit=1)[0].text.startswith(line.split()[0]), line  # recorded, not refused
            drawn = _picture(app)
            table.shown, table.journal_seq = None, 0  # draw everything again, from the session
            table.show_state()
            await settled(pilot)
            again = _picture(app)
            assert again == drawn, f"after {line!r} the redraw missed something"


async def test_a_rent_redraws_the_two_players_cards_and_no_other_panel():
    db = db_path()
    make_game(db, names=NAMES, lines=[*SET_UP, "next"], settings=Settings(edition="uk"))  # bob's turn
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("r")
        app.screen.query_one("#f-deed").value = "mayfair"
        await settled(pilot)
        closing = [app.screen, *app.screen.walk_children()]  # the rent dialog, which Enter closes
        refreshed: list[tuple[Widget, bool]] = []
        restyled: list[object] = []
        refresh, update_styles = Widget.refresh, App.update_styles

        def spy(widget: Widget, *regions, **options):
            refreshed.append((widget, options.get("layout", False)))
            return refresh(widget, *regions, **options)

        def styles_spy(app: App, node, animate: bool = True) -> None:
            restyled.append(node)
            update_styles(app, node, animate)

        Widget.refresh = spy  # type: ignore[method-assign]
        App.update_styles = styles_spy  # type: ignore[method-assign]
        try:
            await pilot.press("enter")
            await settled(pilot)
        finally:
            Widget.refresh = refresh  # type: ignore[method-assign]
            App.update_styles = update_styles  # type: ignore[method-assign]
        assert not [node for node in restyled if node in closing], restyled  # nothing restyled on its way out
        assert app.session.state.players[1].cash == 1500 - 60 - 100  # Old Kent Road, then the rent
        cards = {w.id for w, _ in refreshed if w in table.players.cards}
        assert cards == {"player-0", "player-1"}  # ann's worth and cash, bob's cash
        panels = {w.id for w, _ in refreshed if w in (table.deeds, table.bank)}
        assert not panels, panels
        laid_out = {
            w.id for w, layout in refreshed if layout and w in (table.reply, table.status, *table.players.cards)
        }
        assert not laid_out, laid_out  # their heights stayed the same: the screen was not laid out for them (the
        # journal's grows by the new entry's line until it holds its 30)


async def test_the_journal_hidden_on_a_narrow_terminal_lays_nothing_out_and_shows_every_entry_when_shown():
    """At 80x24 the journal is hidden until v: a key's new entry does not lay the screen out (it did, every key), and
    v shows the entries recorded meanwhile, the panel as tall as they are: the picture drawing everything shows."""
    async with _table((80, 24)) as (pilot, app, table):
        with _laid_out() as laid_out:
            for line in ["rent bob mayfair", "pay cat 100 to eve", "collect hal 20000"]:
                await _type(pilot, line)
        assert table.journal not in laid_out
        await pilot.press("escape", "v")
        await settled(pilot)
        assert "  7 hal collects £20,000" in table.journal.render().plain
        assert table.journal.size.height == len(table.journal.render().plain.split("\n"))
        drawn = _picture(app)
        table.shown, table.journal_seq = None, 0
        table.show_state()
        await settled(pilot)
        assert _picture(app) == drawn


@pytest.mark.frames
async def test_the_table_keeps_its_background_only_while_its_look_is_the_same():
    """The table repaints itself whole after a dialog without drawing its own background lines again (issue 33), but
    a new theme, chosen while a dialog was open or at the table, draws them again: the picture is the one drawing
    every line of every widget again gives."""
    async with _table((120, 40)) as (pilot, app, table):
        for theme in ("textual-light", "textual-dark", "nord"):
            await pilot.press("r")
            await settled(pilot)
            app.theme = theme
            await pilot.press("escape")  # the table repaints whole, its background kept unless its look changed
            await settled(pilot)
            drawn = _picture(app)
            for widget in [table, *table.walk_children()]:
                widget._styles_cache.clear()
                widget.refresh()
            await settled(pilot)
            assert _picture(app) == drawn, theme


async def test_letters_typed_into_a_field_lay_nothing_out_while_no_line_changes_height():
    """A letter typed into a dialog's field changes the field's text, the command line and the preview, none of them
    in height: nothing is laid out again (issue 33: Textual's Input laid the screen out for every letter, and the
    dialog three times more). The field still scrolls to the letter typed last."""
    async with _table((80, 24)) as (pilot, app, table):
        await pilot.press("r")
        field = app.screen.focused
        with _laid_out() as laid_out:
            for key in "mayf":
                await pilot.press(key)
        assert laid_out == []
        long = "nowhere at all, not a street of this board or any other board"
        field.value = long[:-1]
        field.cursor_position = len(field.value)
        await pilot.press(long[-1])
        assert field.scroll_x > 0 and field.render_line(0).text.rstrip().endswith("any other board")


def _word_dialog():
    from banker.tui.dialogs.confirm import WordDialog

    return WordDialog("Record ann bankrupt to the bank?")


def _maths_dialog():
    from banker.tui.dialogs.maths import MathsDialog
    from banker.views import MathsQuestion

    return MathsDialog(MathsQuestion("ann", "How much does ann pay bob?", 50, "", "ann pays bob $50"))


@pytest.mark.parametrize("dialog", [_word_dialog, _maths_dialog], ids=["bankrupt word", "maths answer"])
async def test_letters_typed_into_a_plain_field_lay_nothing_out(dialog):
    """The fields that complete nothing (the bankruptcy's word, the maths answer, the inbox's reason, the board
    sheet's two) lay nothing out on a letter either: left alone last round, each still laid the screen out for every
    letter (issue 33). The field still scrolls to the letter typed last."""
    async with _table((80, 24)) as (pilot, app, table):
        app.push_screen(dialog())
        await settled(pilot)
        field = app.screen.focused
        assert field is not None and field.value == ""
        with _laid_out() as laid_out:
            for key in "12":
                await pilot.press(key)
        assert laid_out == [] and field.value == "12"
        long = "1234567890" * 9
        field.value = long[:-1]
        field.cursor_position = len(field.value)
        await pilot.press(long[-1])
        assert field.scroll_x > 0 and field.render_line(0).text.rstrip().endswith("234567890")


def test_every_field_of_the_app_is_a_steady_input():
    """No screen or dialog composes Textual's own Input, which lays the screen out for every letter typed: each field
    is a SteadyInput (or a CompletingInput, which is one)."""
    import ast
    from pathlib import Path

    import banker.tui

    plain = []
    for path in sorted(Path(banker.tui.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
                name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
                if name == "Input":
                    plain.append(f"{path.name}:{node.lineno}")
    assert plain == []


async def test_each_key_in_a_dialog_leaves_the_picture_a_whole_layout_draws():
    """A dialog's command, preview and refusal lines are not laid out again while their height stays the same (issue
    33: three layouts of the screen for every key typed into a field). After each key, through a preview that grows
    past its line and back, a refusal shown and cleared, the picture is the one the dialog draws laid out whole."""
    long = "nowhere at all, not a street of this board or any other board"
    async with _table((80, 24)) as (pilot, app, table):
        await pilot.press("r")
        heights = set()
        for key in [*"mayf", "backspace", "backspace", "long", "d", "enter", "backspace", "ctrl+u", *"ha"]:
            if key == "long":  # typed up to its last letter without a picture each time
                app.screen.focused.value = long[:-1]
                continue
            await pilot.press(key)
            no_blink(app)
            drawn = _picture(app)
            heights.add(app.screen.query_one("#preview").size.height + app.screen.query_one("#refusal").size.height)
            app.screen.refresh(layout=True)
            await settled(pilot)
            assert _picture(app) == drawn, key
        assert len(heights) > 1  # the lines grew and shrank


def test_what_a_state_changed():
    from rules.actions import Build, Buy, Next, Rent
    from rules.engine import apply
    from rules.state import new_game

    start = new_game(["ann", "bob", "cat"], Settings())
    owned = apply(apply(start, Buy("ann", "Park Place")).state, Buy("ann", "Boardwalk")).state
    assert changes(None, owned).players == {0, 1, 2}
    assert changes(owned, owned).any is False
    rent = changes(owned, apply(owned, Rent("bob", "Boardwalk")).state)
    assert (rent.players, rent.deeds, rent.bank, rent.status) == ({0, 1}, False, False, False)
    built = changes(owned, apply(owned, Build("ann", "Boardwalk", 1)).state)
    assert (built.players, built.deeds, built.bank) == ({0}, True, True)
    turn = changes(owned, apply(owned, Next()).state)
    assert (turn.players, turn.status) == ({0, 1}, True)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_a_footer_composed_styles_none_of_its_keys_again(size):
    """Each of Textual's footer keys starts compact and is bound to its footer's ``compact``: mounted under a footer
    that is not crowded, a key was given the compact class by its own watcher and had it taken away by the binding,
    styled twice, 2.9 ms a key of every footer composed. A footer composes its keys whenever the screen's keys change
    (a screen opened, a field entered on the set-up screen), so every Tab there paid it (issue 33). The footer sets
    each key's value and class before it is mounted; the keys still say what the footer says."""
    from textual.widgets._footer import FooterKey

    async with _table(size) as (pilot, app, _table_screen):
        restyled: list[object] = []
        composed: list[object] = []
        update_styles, compose = App.update_styles, Footer.compose

        def styles_spy(app: App, node, animate: bool = True) -> None:
            restyled.append(node)
            update_styles(app, node, animate)

        def compose_spy(footer: Footer):
            widgets = list(compose(footer))
            composed.extend(widgets)
            yield from widgets

        App.update_styles = styles_spy  # type: ignore[method-assign]
        Footer.compose = compose_spy  # type: ignore[method-assign]
        try:
            await pilot.press("ctrl+n")  # the new-game screen, with its footer
            await settled(pilot)
            await pilot.press(*"ann bob", "ctrl+t")  # the set-up screen: its footer, its fields
            await settled(pilot)
            await pilot.press("tab", "tab")
            await settled(pilot)
        finally:
            App.update_styles = update_styles  # type: ignore[method-assign]
            Footer.compose = compose  # type: ignore[method-assign]
        footer = app.screen.query_one(Footer)
        keys = list(footer.query(FooterKey))
        assert len([k for k in composed if isinstance(k, FooterKey)]) > len(keys) >= 2  # composed again meanwhile
        assert [node for node in restyled if isinstance(node, FooterKey)] == []
        bound = [k for k in keys if not k.has_class("-command-palette")]
        assert all(k.compact == footer.compact and k.has_class("-compact") == footer.compact for k in bound)
        # the command palette's key, bound to nothing, is compact whatever the footer, as Textual draws it
        assert all(k.compact and k.has_class("-compact") for k in keys if k not in bound)
