"""Hostile typing at the table (issue 10): random printable text in the command line and in every dialog.

Markup (``[/]``, ``[b]``, ``@click=``), ``#``, ``$``, ``%``, digits, unicode letters, emoji and right-to-left text
are typed, partly by real key presses (letters, digits, space, brackets...) and partly inserted at the cursor
(characters Textual's key names cannot carry), then Enter (sometimes Ctrl+S, Escape, Tab or a second Enter).
After every key the tests check that:

* the app still runs, with the table at the bottom of the screen stack and at most one dialog on top (and over it
  the word a bankruptcy asks for, issue 30);
* the journal changed only by an accepted command: by exactly one event whose text is the line typed (command
  line) or the command the dialog built (read just before Enter), and the line cleared or the dialog closed; a
  refusal leaves the dialog open with every field as typed (or the refused line in the command line), except a
  query (``show ...``), which records nothing and clears the line;
* money is conserved: players' cash + bank + pot == 0 (the engine's invariant, ``rules/state.py``).
"""

from __future__ import annotations

import asyncio
import string
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from textual.widgets import Button, Checkbox, Input, Static

from banker.tui.app import make_app
from banker.tui.dialogs import BankerDialog, RaiseMoneyDialog, RecordingDialog
from banker.tui.dialogs.confirm import WordDialog
from banker.tui.screens.standings import StandingsScreen
from banker.tui.screens.table import TableScreen
from banker.tui.widgets.command_line import CommandLine
from rules import CannotPay
from tests.kit.conservation import conserved
from tests.kit.journal import journal_entries, make_game
from tests.kit.screens import text_of

pytestmark = pytest.mark.slow  # fuzzing: deselected in the dev run (README, "Developing")

SIZE = (120, 40)
NAMES = ("ann", "bob", "cat")
OWNED = ("buy ann boardwalk", "buy ann park place", "buy bob baltic")
"""Ann holds a full set, Bob a deed: rent, build, mortgage and trade dialogs have something real to accept."""

DIALOG_KEYS = {
    "r": "rent",
    "b": "buy",
    "a": "auction",
    "p": "pay",
    "c": "collect",
    "g": "go",
    "h": "build",
    "s": "sell",
    "m": "mortgage",
    "l": "lift",
    "t": "tax",
    "k": "card",
    "j": "jail",
    "x": "trade",
    "exclamation_mark": "bankrupt",
    "d": "deal",
}

# The text typed ------------------------------------------------------------------------------------------------
ASCII = frozenset(string.ascii_letters + string.digits + string.punctuation + " ")
"""Characters pressed as real keys (``pilot.press`` maps each to its key name: ``[`` is left_square_bracket)."""
MARKUP = [
    "[",
    "]",
    "[/]",
    "[b]",
    "[/b]",
    "[@click=app.quit]x[/]",
    "@click=app.bell",
    "[link=x]y",
    "[red on blue]",
    "\\[",
    "[[",
    "]]",
    "#",
    "$",
    "%",
    "$$",
    "#1",
    "100%",
    "[$]",
    "[/]boardwalk",
]
WORDS = [
    "ann",
    "bob",
    "cat",
    "a",
    "b",
    "boardwalk",
    "park place",
    "baltic",
    "mediterranean",
    "reading",
    "50",
    "200",
    "10%",
    "1",
    "3",
    "0",
    "-5",
    "$100",
    "1e9",
    "99999999999",
    "bank",
    "each",
    "to",
    "from",
    "give",
    "get",
    "lift",
    "dice",
    "card",
    "chance",
    "chest",
    "luxury",
    "income",
    "fine",
    "doubles",
    "random",
    "houses",
    "hotel",
    "chairman",
    "repairs",
]
"""Words typed into fields and lines (see FIELD_WORDS for the words each dialog field takes)."""
COMMANDS = [
    "pay ann 10",
    "collect bob 5",
    "rent cat boardwalk",
    "rent bob park place",
    "go bob",
    "next",
    "undo",
    "redo",
    "mortgage ann boardwalk",
    "unmortgage ann boardwalk",
    "build ann boardwalk",
    "sell ann boardwalk",
    "buy cat reading",
    "auction reading cat 20",
    "tax bob luxury",
    "tax cat income 200",
    "jail cat",
    "card bob chance chairman",
    "trade ann bob give $10 get baltic",
    "pay cat 5000",
    "pay bob 10 to each",
    "show worth",
    "show rent boardwalk",
    "show tax ann",
    "show raise bob",
    "show scores",
    "show rent zed",
]
"""Lines the command line takes (one a query that is refused, one a payment the player cannot make)."""
UNICODE = [
    "Ánn",
    "ßtraße",
    "ｐａｙ",
    "１００",
    "١٢٣",
    "שלום",
    "مرحبا بالعالم",
    "漢字",
    "½",
    "²",
    "💸",
    "🏦",
    "🇺🇸",
    "é",
    "ñ",
    "Ω",
    "€5",
    "£5",
]
printable_char = st.characters(categories=("L", "M", "N", "P", "S"))
"""Letters, marks, numbers, punctuation, symbols: printable, never a control, format or line-separator character."""
piece = st.one_of(
    st.sampled_from(MARKUP + WORDS + UNICODE),
    st.text(printable_char, min_size=1, max_size=4),
    st.text(st.sampled_from(sorted(ASCII)), min_size=1, max_size=4),
)
junk = st.lists(piece, min_size=1, max_size=4).map(" ".join).filter(lambda s: len(s) <= 40)
typed_line = st.one_of(
    st.sampled_from(COMMANDS),
    junk,
    st.tuples(st.sampled_from(COMMANDS), piece).map(" ".join),
    st.just(""),
    st.just("   "),
)
"""What is typed into the command line: a command, junk, a command with junk after it, or nothing."""
pressed = st.integers(0, 3)
"""How many leading characters are real key presses (each press costs a frame; the rest is inserted)."""

LINE_ENDINGS = st.sampled_from([("enter",), ("enter",), ("enter", "enter"), ("tab", "enter"), ("enter", "escape")])
DIALOG_ENDINGS = st.sampled_from(
    [
        ("enter",),
        ("enter",),
        ("enter",),
        ("ctrl+s",),
        ("escape",),
        ("tab", "enter"),
        ("enter", "enter"),
        ("enter", "ctrl+s"),
    ]
)


# Checks --------------------------------------------------------------------------------------------------------
def check_sane(app) -> None:
    """Still running; the table at the bottom and at most one screen on top (and the word a bankruptcy asks for);
    money conserved."""
    assert app.is_running and app.return_code is None
    stack = app.screen_stack
    assert isinstance(stack[0], TableScreen), stack
    assert len(stack) <= 2 or (len(stack) == 3 and isinstance(stack[2], WordDialog)), stack
    if len(stack) == 2:
        top = stack[1]
        assert isinstance(top, BankerDialog | StandingsScreen), top
        if isinstance(top, StandingsScreen):
            assert app.session.state.over
    assert conserved(app.session.state)


def fields(dialog) -> dict[str, object]:
    """Every input and checkbox of a dialog, as they stand (and a trade's lists)."""
    out: dict[str, object] = {str(w.id): w.value for w in dialog.query(Input)}
    out |= {str(w.id): w.value for w in dialog.query(Checkbox)}
    if hasattr(dialog, "lists"):
        out["lists"] = {k: list(v) for k, v in dialog.lists.items()}
    return out


def command_line(app) -> CommandLine:
    return app.screen_stack[0].query_one(CommandLine)


async def type_text(pilot, text: str, keys: int) -> None:
    """Type ``text`` into the focused input: the first ``keys`` characters (if ASCII) by real key presses, the rest
    inserted at the cursor."""
    field = pilot.app.focused
    assert isinstance(field, Input), field
    n = 0
    while n < min(keys, len(text)) and text[n] in ASCII:
        n += 1
    if n:
        await pilot.press(*text[:n])
    if text[n:]:
        field.insert_text_at_cursor(text[n:])
    await pilot.pause()


def as_typed(text: str, keys: int) -> str:
    """What the command line holds after :func:`type_text`: a ``/`` typed alone into the empty line is the key that
    opened it, pressed again, and is not text (banker/tui/widgets/command_line.py)."""
    n = 0
    while n < min(keys, len(text)) and text[n] in ASCII:
        n += 1
    value = ""
    for piece in [*text[:n], *([text[n:]] if text[n:] else [])]:
        if not (piece == "/" and not value):
            value += piece
    return value


async def press_checked(pilot, key: str) -> None:
    """Press ``key`` and check that the journal changed only by the command Enter (or Ctrl+S) submitted."""
    app = pilot.app
    before = journal_entries(app)
    top = app.screen
    focused = app.focused
    line = command_line(app)
    if isinstance(top, TableScreen) and focused is line:
        context, typed_line = "line", line.value
        submitted = typed_line.strip() if key == "enter" and typed_line.strip() else None
        expect = app.session.preview(submitted) if submitted else None
    elif isinstance(top, RecordingDialog):
        context, shown, built = "dialog", fields(top), top.command()
        confirms = key == "ctrl+s" or (
            key == "enter"
            and not (
                (isinstance(focused, Input) and top.is_list_field(focused))  # Enter adds to the list
                or (isinstance(focused, Button) and focused.id in ("cancel", "clear"))
            )
        )
        submitted = built if confirms else None
        expect = app.session.preview(submitted) if submitted else None
    else:
        context, submitted, expect = "other", None, None

    await pilot.press(key)
    check_sane(app)
    after = journal_entries(app)
    assert after[: len(before)] == before, "the journal's past changed"
    grew = after[len(before) :]
    assert len(grew) <= 1, f"{key} recorded {len(grew)} events: {grew}"
    if grew:
        assert submitted is not None, f"{key} in {context} recorded {grew} though nothing was submitted"
        assert grew[0][2] == submitted.strip(), (grew, submitted)
        assert expect is not None and expect.ok and not expect.query, (submitted, expect)
        if context == "line":
            assert line.value == "", "an accepted line stays in the command line"
        else:
            assert top not in app.screen_stack, "the dialog stayed open after recording its command"
        return
    # Nothing recorded.
    if isinstance(app.screen, WordDialog) and app.screen is not top:  # a bankruptcy waits for the word (issue 30)
        assert submitted is not None and submitted.startswith("bankrupt"), (key, submitted)
        return
    hashed = isinstance(top, RecordingDialog) and any("#" in w.value for w in top.query(Input))  # refused in place
    if expect is not None and not hashed:
        assert not expect.ok or expect.query, f"{submitted!r} was previewed as accepted but not recorded: {expect}"
    if context == "line":
        if key in ("escape", "ctrl+u"):
            assert line.value == ""
        elif key == "enter" and expect is not None and expect.ok and expect.query:
            assert line.value == "", "an answered query stays in the command line"
        elif key == "enter" and isinstance(app.screen, RaiseMoneyDialog):
            assert line.value == "", "a debt the raise-money dialog holds stays in the command line too"
        elif key == "enter":
            assert line.value == typed_line, (typed_line, line.value)
    elif context == "dialog":
        if top not in app.screen_stack:  # closed without recording: only Escape, Cancel, or a payment not covered
            assert (
                key == "escape"
                or (isinstance(focused, Button) and focused.id == "cancel")
                or (
                    isinstance(app.screen, RaiseMoneyDialog)
                    and expect is not None
                    and isinstance(expect.error, CannotPay)
                    and expect.error.debt
                )
            ), (key, focused, submitted, expect)
            return
        if key == "tab":
            now = fields(top)
            assert {k: v for k, v in now.items() if k != focused.id} == {
                k: v for k, v in shown.items() if k != focused.id
            }
        elif key in ("enter", "ctrl+s"):
            if key == "enter" and isinstance(focused, Input) and top.is_list_field(focused):
                assert top.command() == built, "Enter in a list field changed the command"
            elif isinstance(focused, Button) and focused.id == "clear":
                pass
            else:
                assert fields(top) == shown, "a refused dialog lost what was typed"
                assert text_of(top.query_one("#refusal", Static)), f"no refusal shown for {submitted!r}"


async def close_dialogs(pilot) -> None:
    """Escape whatever is on top of the table (a refused dialog, the ways to raise money, the standings)."""
    app = pilot.app
    for _ in range(4):
        if len(app.screen_stack) == 1:
            break
        await press_checked(pilot, "escape")
    assert len(app.screen_stack) == 1


async def start(pilot) -> None:
    """The table, with its command line (mounted after the first frame)."""
    await pilot.pause()
    app = pilot.app
    assert isinstance(app.screen, TableScreen)
    command_line(app)
    check_sane(app)


def new_db(tmp: str) -> Path:
    db = Path(tmp) / "fuzz.db"
    make_game(db, names=NAMES, lines=OWNED)
    return db


# (a) The command line ----------------------------------------------------------------------------------------
async def command_line_scenario(steps) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(new_db(tmp))
        async with app.run_test(size=SIZE) as pilot:
            await start(pilot)
            line = command_line(app)
            for text, keys, ending in steps:
                await close_dialogs(pilot)
                if app.focused is not line:
                    await press_checked(pilot, "slash")
                elif line.value:
                    await press_checked(pilot, "ctrl+u")  # a refused line stays until cleared
                assert app.focused is line and line.value == ""
                before = journal_entries(app)
                await type_text(pilot, text, keys)
                check_sane(app)
                assert line.value == as_typed(text, keys), "the command line lost what was typed"
                assert journal_entries(app) == before, "typing recorded something"
                for key in ending:
                    await press_checked(pilot, key)


@given(st.lists(st.tuples(typed_line, pressed, LINE_ENDINGS), min_size=1, max_size=4))
@example(steps=[("/", 0, ("enter",)), ("//go", 2, ("enter",))])  # a / into the empty line is not text (found here)
@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
def test_random_text_in_the_command_line(steps):
    asyncio.run(command_line_scenario(steps))


# (b) Every dialog --------------------------------------------------------------------------------------------
PLAYERS = ["ann", "bob", "cat", "b"]
DEEDS = ["boardwalk", "park place", "baltic", "mediterranean", "reading", "board", "st charles"]
AMOUNTS = ["10", "50", "200", "5000", "0", "$100"]
FIELD_WORDS = {
    "f-player": PLAYERS + ["random"],
    "f-payer": PLAYERS,
    "a": PLAYERS,
    "b": PLAYERS,
    "f-deed": DEEDS,
    "deed": DEEDS + ["boardwalk hotel", "boardwalk 2 houses"],
    "f-amount": AMOUNTS,
    "bid-0": AMOUNTS,
    "bid-1": AMOUNTS,
    "bid-2": AMOUNTS,
    "f-dice": ["7", "12"],
    "f-count": ["1", "2", "5"],
    "f-to": ["bank", "each", "bob", "cat"],
    "f-source": ["bank", "each", "cat"],
    "f-how": ["200", "10%", "luxury", "fine", "card", "doubles", "miss"],
    "f-deck": ["chance", "chest"],
    "f-card": ["chairman", "repairs", "bank error"],
    "give": AMOUNTS + DEEDS,
    "get": AMOUNTS + DEEDS,
    "lift": DEEDS,
}
"""Words each field takes (by its id): typed alone into the right fields, many make a command that is recorded."""


def field_text(field_id: str) -> st.SearchStrategy[str]:
    """What is typed into a dialog's field: a word it takes (often), junk, or the word with junk after it."""
    words = st.sampled_from(FIELD_WORDS.get(field_id, WORDS))
    return st.one_of(words, words, junk, st.tuples(words, piece).map(" ".join))


async def dialog_scenario(data, steps: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(new_db(tmp))
        async with app.run_test(size=SIZE) as pilot:
            await start(pilot)
            for _ in range(steps):
                key = data.draw(st.sampled_from(sorted(DIALOG_KEYS)), label="dialog key")
                await close_dialogs(pilot)
                assert app.focused is not command_line(app)
                before = journal_entries(app)
                await pilot.press(key)
                await pilot.pause()
                check_sane(app)
                dialog = app.screen
                assert isinstance(dialog, RecordingDialog), (key, dialog)
                assert journal_entries(app) == before
                first = app.focused
                assert isinstance(first, Input), first
                inputs = [first] + [w for w in dialog.query(Input) if w is not first]
                count = data.draw(st.integers(1, len(inputs)), label="fields typed into")
                for field in inputs[:count]:
                    clear = data.draw(st.sampled_from([True, True, False]), label=f"clear {field.id}")
                    text = data.draw(field_text(str(field.id)), label=f"text for {field.id}")
                    keys = data.draw(pressed, label="pressed")
                    field.focus()
                    await pilot.pause()
                    if clear:
                        field.value = ""
                    field.cursor_position = len(field.value)
                    was = field.value
                    await type_text(pilot, text, keys)
                    check_sane(app)
                    assert app.screen is dialog and journal_entries(app) == before, "typing recorded something"
                    if field.type == "text":
                        assert field.value == was + text, "the field lost what was typed"
                for k in data.draw(DIALOG_ENDINGS, label="keys"):
                    await press_checked(pilot, k)


@given(st.data(), st.integers(1, 3))
@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
def test_random_text_in_every_dialog(data, steps):
    asyncio.run(dialog_scenario(data, steps))


# [/] in each dialog's first field ------------------------------------------------------------------------------
@pytest.mark.parametrize("key", sorted(DIALOG_KEYS), ids=[DIALOG_KEYS[k] for k in sorted(DIALOG_KEYS)])
async def test_markup_close_tag_is_refused_in_place(key, tmp_path):
    """``[/]`` (a Rich close tag with nothing to close) in the field a dialog opens on: refused inside the dialog,
    the field still ``[/]``, nothing journalled; Escape closes it and still nothing is journalled."""
    app = make_app(new_db(str(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        before = journal_entries(app)
        await pilot.press(key)
        dialog = app.screen
        assert isinstance(dialog, RecordingDialog)
        field = app.focused
        assert isinstance(field, Input)
        field.value = ""  # go and tax open on a default (the current player, 200)
        await pilot.press("left_square_bracket", "slash", "right_square_bracket", "enter")
        check_sane(app)
        assert app.screen is dialog, "the dialog closed on a refused [/]"
        assert field.value == "[/]"
        assert text_of(dialog.query_one("#refusal", Static)), "no refusal shown"
        assert journal_entries(app) == before
        await pilot.press("escape")
        check_sane(app)
        assert len(app.screen_stack) == 1 and isinstance(app.screen, TableScreen)
        assert journal_entries(app) == before


# App bugs the fuzzing found, fixed: regression tests ----------------------------------------------------------
async def test_enter_on_a_checkbox_confirms(tmp_path):
    """Rent: cat lands on Boardwalk (ann holds the set: $100). Tab, Tab from the payer reaches "Sent by a card";
    Enter there must record the rent, as Enter does from every other field (banker/tui/dialogs/base.py)."""
    app = make_app(new_db(str(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        before = journal_entries(app)
        await pilot.press("r", *"boardwalk", "tab", "ctrl+u", *"cat", "tab", "tab")
        await pilot.pause()
        assert isinstance(app.focused, Checkbox) and app.focused.id == "f-card"
        assert app.screen.command() == "rent cat Boardwalk"
        await pilot.press("enter")
        await pilot.pause()
        assert [e[2] for e in journal_entries(app)[len(before) :]] == ["rent cat Boardwalk"]
        assert isinstance(app.screen, TableScreen)


async def test_hash_in_a_field_does_not_drop_the_next_field(tmp_path):
    """Pay: Amount "10 #", To "bob". The dialog builds "pay ann 10 # to bob", whose "# to bob" the parser reads as
    a comment, so ann pays the bank. Either refused in the dialog or bob paid; never the bank."""
    app = make_app(new_db(str(tmp_path)))
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        before = journal_entries(app)
        bob = app.session.state.players[1].cash
        await pilot.press("p", *"10 #", "tab", *"bob")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RecordingDialog) and app.focused.id == "f-to"
        await pilot.press("enter")
        await pilot.pause()
        if journal_entries(app) == before:  # refused: still open, as typed
            assert app.screen is dialog and dialog.query_one("#f-amount", Input).value == "10 #"
        else:
            assert app.session.state.players[1].cash == bob + 10, journal_entries(app)[-1]
