"""Issue 31 in the app: a bad file found while the app runs is shown, and the app stays. An edition nested 500 deep
dropped into ``editions/`` made Ctrl+N quit the app in silence (status 0); a config.toml so nested stopped the
launch with a 2,999-line traceback. Now each is one line on the screen, and the game goes on."""

from __future__ import annotations

from textual.widgets import Input, RadioButton, Static

from banker import settings
from banker.paths import editions_dir
from banker.tui.app import make_app
from banker.tui.screens.new_game import NewGameScreen
from banker.tui.screens.table import TableScreen
from tests.kit.journal import db_path, make_game
from tests.kit.screens import text_of
from tests.kit.waits import until

SIZE = (120, 40)
DEEP = "theme = " + "[" * 500 + "]" * 500 + "\n"


async def test_ctrl_n_with_a_bad_edition_in_the_folder_shows_it_and_the_app_stays():
    db = db_path()
    make_game(db, ("ann", "bob"))
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        folder = editions_dir(db)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "deep.toml").write_text(DEEP.replace("theme", "edition"), encoding="utf-8")  # while it runs
        (folder / "bidi.toml").write_bytes(b"\xef\xbb\xbf" + _edition_named("Park \u202eecalP").encode())
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        shown = text_of(app.screen.query_one("#edition-errors", Static))
        lines = shown.splitlines()
        assert len(lines) == 2, shown
        assert "bidi.toml: square[39].name: the text holds a control character (\\u202e)" in lines[0]
        assert "\u202e" not in shown
        assert "deep.toml: line 1, column 17: nested more than 6 deep" in lines[1]
        editions = [str(b.label) for b in app.screen.query(RadioButton) if "(" in str(b.label)]
        assert {"US ($)", "UK (£)"} <= set(editions) and not [e for e in editions if "Park" in e or "deep" in e]
        await pilot.press(*"cy dee", "enter")  # a game starts on a good edition all the same
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.session.game_id == 2, "the new game")
        assert [p.name for p in app.session.state.players] == ["cy", "dee"]


async def test_a_config_file_nested_deep_is_one_line_at_launch_and_under_the_new_game_form():
    settings.config_path().parent.mkdir(parents=True, exist_ok=True)
    settings.config_path().write_text(DEEP, encoding="utf-8")
    app = make_app(db_path())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: any(n.title == "Settings" for n in app._notifications), "the settings notice")
        [note] = [n.message for n in app._notifications if n.title == "Settings"]
        assert (
            note == f"{settings.config_path()}: line 1, column 13: nested more than 4 deep; a settings file is flatter"
        )
        settings.config_path().write_text('[new_game]\nvariant = "monopoly\u202e"\n', encoding="utf-8")  # edited
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        said = text_of(app.screen.query_one("#settings-error", Static))
        assert said.startswith("✗ ") and "new_game.variant: the text holds a control character (\\u202e)" in said
        app.screen.query_one("#names", Input).value = "ann bob"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the game, on the rule book's defaults")


def _edition_named(name: str) -> str:
    """The US edition's file with a new key and Boardwalk renamed."""
    from rules.editions import BUILT_IN

    text = (BUILT_IN / "us.toml").read_text(encoding="utf-8")
    return text.replace('edition = "us"', 'edition = "bidi"').replace('name = "Boardwalk"', f'name = "{name}"')
