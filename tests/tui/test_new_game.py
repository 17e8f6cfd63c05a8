"""The new-game screen as a banker meets it (issue 11): tokens match the players or are left out, a refusal goes
once a field changes, and Enter starts the game from any field (the dialogs' keyboard contract, issue 10)."""

from __future__ import annotations

import html
import re

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Checkbox, Input, RadioSet, Static

from banker.session import Session
from banker.tui.app import make_app
from banker.tui.screens.new_game import NewGameScreen
from banker.tui.screens.table import TableScreen
from rules import HouseRules
from tests.kit.journal import db_path
from tests.kit.screens import text_of
from tests.kit.waits import until

SIZE = (120, 40)


def setup_error(app) -> str:
    return text_of(app.screen.query_one("#setup-error", Static))


async def _new_game_screen(pilot) -> NewGameScreen:
    await pilot.pause()
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(pilot.app.screen, NewGameScreen)
    return pilot.app.screen


async def test_tokens_must_match_the_players_or_be_left_out_seed000_preparation():
    """seed 000, PREPARATION: "Each player chooses one token": 3 tokens for 4 players is refused, not padded."""
    db = db_path()
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _new_game_screen(pilot)
        await pilot.press(*"ann bob cat dee", "tab", *"car dog hat", "enter")
        await pilot.pause()
        assert "4 players but 3 tokens" in setup_error(app) and "one token per player" in setup_error(app)
        assert app.screen is screen and Session.last_unfinished(db) is None  # nothing saved
        await pilot.press(*" iron", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert [(p.name, p.token) for p in app.session.state.players] == [
            ("ann", "car"),
            ("bob", "dog"),
            ("cat", "hat"),
            ("dee", "iron"),
        ]


async def test_no_tokens_at_all_is_fine():
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        await _new_game_screen(pilot)
        await pilot.press(*"ann bob", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert [p.token for p in app.session.state.players] == ["", ""]


async def _change_names(pilot) -> None:
    pilot.app.screen.query_one("#names", Input).focus()
    await pilot.press("end", "backspace")


async def _change_tokens(pilot) -> None:
    pilot.app.screen.query_one("#tokens", Input).focus()
    await pilot.press("x")


async def _toggle_checkbox(pilot) -> None:
    pilot.app.screen.query_one("#double-go", Checkbox).focus()
    await pilot.press("space")


async def _choose_edition(pilot) -> None:
    pilot.app.screen.query_one("#edition", RadioSet).focus()
    await pilot.press("down", "space")


async def _choose_variant(pilot) -> None:
    await pilot.click("#v-darrow-1935")


async def test_a_refusal_goes_once_a_field_changes():
    """A refusal speaks of the form as it was confirmed; once the banker changes any field (a name, a token, a
    checkbox, the edition, the rules) it no longer applies."""
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        screen = await _new_game_screen(pilot)
        for change in (_change_names, _change_tokens, _toggle_checkbox, _choose_edition, _choose_variant):
            screen.query_one("#names", Input).value = "ann ann"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert "two players" in setup_error(app), change.__name__
            await change(pilot)
            await pilot.pause()
            assert setup_error(app) == "", change.__name__


async def test_enter_in_any_field_starts_the_game():
    """Enter starts the game from every text field, every checkbox (which Enter does not toggle: Space does) and
    the Start button, as it confirms a dialog. (Starting for real is in the tests above; here the screen's call to
    start is counted, so one screen serves every field.)"""
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        screen = await _new_game_screen(pilot)
        started: list[tuple] = []
        app.create_game = lambda names, settings, tokens, *_: started.append((names, settings.house_rules))
        await pilot.press(*"ann bob")
        for field in (
            "names",
            "tokens",
            "minutes",
            "luxury",
            "pot-start",
            "free-parking",
            "double-go",
            "no-auctions",
            "phones-ask",
            "start",
        ):
            screen.query_one(f"#{field}").focus()
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert started == [(["ann", "bob"], HouseRules())], field
            started.clear()
            screen.sent = False  # the stub neither replaced the form nor refused: it may ask again


async def test_enter_in_a_list_of_choices_takes_the_highlighted_one():
    """In the edition and rule lists the arrows only highlight; Enter (like Space) chooses, and the game starts
    with what was chosen at the next Enter in a field."""
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        screen = await _new_game_screen(pilot)
        await pilot.press(*"ann bob")
        screen.query_one("#edition", RadioSet).focus()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen is screen and screen.query_one("#edition", RadioSet).pressed_button.id == "e-uk"
        screen.query_one("#names", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.session.state.settings.edition == "uk"


async def test_a_refusal_typed_in_one_burst_stays_on_the_form():
    """Found by a CI dry run: names typed and Enter in one burst were refused, and the refusal vanished at once.
    Enter acts as it arrives, so the change messages of the keys typed before it came after the refusal and
    cleared it as if the banker had edited the form. A refusal now goes only when the form changes."""
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        screen = await _new_game_screen(pilot)
        await pilot.press(*"Ann Bo[/]b", "enter")
        await pilot.pause()
        assert '"Bo[/]b" is not a usable player name' in setup_error(app)
        names = screen.query_one("#names", Input)
        names.post_message(Input.Changed(names, names.value))  # a typed key's message, arriving after the refusal
        await pilot.pause()
        assert '"Bo[/]b" is not a usable player name' in setup_error(app)
        await pilot.press("backspace")
        await pilot.pause()
        assert setup_error(app) == ""  # edited: the refusal no longer applies


def _shown(screen) -> str:
    """Every rule line and the chosen rules' summary, as shown."""
    from textual.widgets import RadioButton

    labels = [str(b.label) for b in screen.query("#variant RadioButton").results(RadioButton)]
    return "\n".join([*labels, text_of(screen.query_one("#variant-summary", Static))])


async def test_a_uk_game_names_its_amounts_in_pounds():
    """Found at a game night: with UK (£) and the Short game (1990s) chosen, the rule line and its summary said
    "flat $200 tax". The summaries name the edition's own figures in its money, and follow the edition chosen."""
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        screen = await _new_game_screen(pilot)
        assert "flat $200 tax" in _shown(screen)  # US ($) to begin with
        screen.query_one("#variant", RadioSet).focus()
        await pilot.press("down", "down", "enter")  # Short game (1990s)
        screen.query_one("#edition", RadioSet).focus()
        await pilot.press("down", "enter")  # UK (£)
        await pilot.pause()
        assert screen.query_one("#variant", RadioSet).pressed_button.id == "v-short-1990s"
        assert screen.query_one("#edition", RadioSet).pressed_button.id == "e-uk"
        shown = _shown(screen)
        assert "$" not in shown and "flat £200 tax" in shown, shown
        assert "Short game (1990s): " in text_of(screen.query_one("#variant-summary", Static))
        assert "£200" in text_of(screen.query_one("#variant-summary", Static))
        whole = html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\xa0", " ")  # as shown
        assert "$" not in whole.replace("US ($)", ""), "only the edition list names dollars"
        await pilot.press("up", "enter")  # US again: dollars again
        await pilot.pause()
        assert "£" not in _shown(screen) and "flat $200 tax" in _shown(screen)


async def test_the_deutsche_mark_board_shows_its_starting_money_and_figures():
    """Issue 36: the form says what each player starts with on the chosen board, and the luxury tax's hint names
    the figures printed on it (1500 or 2000 DM on the Deutsche Mark board, in proportion to its 30.000 DM, where
    the US box's are 75 or 100); the game starts with the board's money and the figure typed."""
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        screen = await _new_game_screen(pilot)
        luxury = screen.query_one("#luxury", Input)
        assert "each player starts with $1,500" in text_of(screen.query_one("#variant-summary", Static))
        assert luxury.placeholder == "blank: the variant's figure; or 75 or 100"
        screen.query_one("#edition", RadioSet).focus()
        await pilot.press("down", "down", "enter")  # Deutschland (DM)
        await pilot.pause()
        assert screen.query_one("#edition", RadioSet).pressed_button.id == "e-de-dm"
        assert "each player starts with 30.000 DM" in text_of(screen.query_one("#variant-summary", Static))
        assert luxury.placeholder == "blank: the variant's figure; or 1500 or 2000"
        luxury.value = "75"
        screen.query_one("#names", Input).value = "Anna Berti"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "a luxury tax of 75 DM is not a printed figure: 1.500 DM or 2.000 DM" in setup_error(app)
        luxury.value = "1500"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the game")
        state = app.session.state
        assert [p.cash for p in state.players] == [30000, 30000] and state.luxury_tax == 1500


async def test_the_chosen_rules_and_edition_show_without_colour():
    """New-user review: every rule and edition button showed `▐●▌`, the choice told apart by the dot's colour only.
    The chosen one shows the dot, the others a blank, so a monochrome screen tells them apart."""
    from banker.tui.widgets.inputs import ChoiceButton

    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        screen = await _new_game_screen(pilot)

        def marks(set_id: str) -> dict[str, str]:
            return {
                b.id or "": str(b.render())[:3] for b in screen.query_one(f"#{set_id}", RadioSet).query(ChoiceButton)
            }

        assert marks("edition") == {"e-us": "▐●▌", "e-uk": "▐ ▌", "e-de-dm": "▐ ▌"}
        assert sorted(marks("variant").values()) == ["▐ ▌"] * 4 + ["▐●▌"]
        screen.query_one("#edition", RadioSet).focus()
        await pilot.press("down", "enter")
        chosen = {"e-us": "▐ ▌", "e-uk": "▐●▌", "e-de-dm": "▐ ▌"}
        await until(pilot, lambda: marks("edition") == chosen, "the UK edition chosen")


async def test_letters_in_a_number_field_are_refused_not_dropped():
    """New-user review: a file name typed into "Time limit (min)" by mistake lost its letters in silence, and the
    game started with the digits left over as its time limit. The field keeps what was typed; Enter refuses it."""
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        screen = await _new_game_screen(pilot)
        await pilot.press(*"ann bob")
        screen.query_one("#minutes", Input).focus()
        await pilot.press(*"/tmp/x2.toml", "enter")
        await until(pilot, lambda: "must be a whole number" in setup_error(app), "the refusal")
        assert app.screen is screen and screen.query_one("#minutes", Input).value == "/tmp/x2.toml"


async def test_a_refusal_is_scrolled_into_sight_on_a_small_screen():
    """Found in issue 20's game-night review: at 80x24 the form is taller than the screen, and Enter on a refused
    list of names seemed to do nothing: the refusal was below the fold. It is scrolled into sight."""
    app = make_app(db_path())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _new_game_screen(pilot)
        await pilot.press(*"ann ann", "enter")
        await until(pilot, lambda: "two players" in setup_error(app), "the refusal")
        form = screen.query_one("#new-game")
        error = screen.query_one("#setup-error", Static)
        await until(
            pilot, lambda: form.region.contains_region(error.region) and error.region.height > 0, "the refusal in sight"
        )
        names = screen.query_one("#names", Input)
        assert names.has_focus  # the banker corrects the names as they are
        await pilot.press("ctrl+u", *"ann bob")  # and sees them again once the refusal goes
        await until(pilot, lambda: form.region.contains_region(names.region), "the names in sight")
        assert setup_error(app) == "" and names.value == "ann bob"


async def test_ctrl_u_clears_the_whole_field_wherever_the_cursor_is():
    """Found in issue 20's game-night review: Help says Ctrl+U clears the field, but in the names it deleted only
    what was left of the cursor (nothing, with the cursor at the start)."""
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        screen = await _new_game_screen(pilot)
        names = screen.query_one("#names", Input)
        await pilot.press(*"ann bob", "home", "ctrl+u")
        assert names.value == ""
        await pilot.press(*"ann bob", "left", "left", "ctrl+u", *"cy")
        assert names.value == "cy"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_tab_goes_round_the_fields_only(size):
    """Regression (a game-night review, 2026-11-28): after Back, Tab reached a stop where nothing on screen was
    highlighted (the form's scrolling container) before it came round to Players again. Every stop is a field or a
    button, and Tab comes round to Players."""
    app = make_app(db_path())
    async with app.run_test(size=size) as pilot:
        screen = await _new_game_screen(pilot)
        names = screen.query_one("#names", Input)
        assert names.has_focus
        stops = []
        for _ in range(40):
            await pilot.press("tab")
            stops.append(app.focused)
            if names.has_focus:
                break
        assert names.has_focus, "Tab never came round to Players"
        assert [w for w in stops if type(w) is VerticalScroll] == []  # a plain container, highlighted nowhere
