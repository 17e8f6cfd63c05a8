"""config.toml (docs/settings.md): read with tomllib, a bad value is one line, the palette's theme is saved, the
new-game screen starts from it, and exports go where it says (else beside the database)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input, RadioSet

from banker import settings
from banker.cli.main import main
from banker.tui.app import make_app
from banker.tui.screens.new_game import NewGameScreen
from tests.kit.journal import finished_game
from tests.kit.skips import platform_only
from tests.kit.waits import until

FULL = """\
# my family's settings
theme = "nord"

[new_game]
variant = "short-1973"
edition = "uk"
luxury_tax = 100

[new_game.house_rules]
free_parking = true
free_parking_start = 500
double_go = true
no_auctions = false

[exports]
directory = "~/monopoly"

[keyboard]
bell = false
reaction_ms = 800
"""


def write_config(text: str) -> Path:
    path = settings.config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_tests_never_read_the_users_config(tmp_path):
    assert settings.config_path() == tmp_path / "config" / "config.toml"


@platform_only(sys.platform.startswith("linux"), "the XDG shortcut is Linux only")
def test_config_dir_is_platformdirs_own(monkeypatch, tmp_path):
    from platformdirs import user_config_dir

    monkeypatch.delenv("BANKER_CONFIG_DIR")
    for xdg in (None, str(tmp_path / "xdg"), "  "):
        if xdg is None:
            monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_CONFIG_HOME", xdg)
        assert settings.config_dir() == Path(user_config_dir("banker"))


def test_no_file_means_the_defaults():
    assert settings.load() == settings.Config()


def test_every_setting_is_read():
    path = write_config(FULL)
    config = settings.load()
    assert config.path == path and config.theme == "nord"
    assert config.new_game == settings.NewGameDefaults(
        variant="short-1973", edition="uk", luxury_tax=100, free_parking=True, free_parking_start=500, double_go=True
    )
    assert config.exports == Path("~/monopoly").expanduser()
    assert config.keys_bell is False and config.reaction_ms == 800


def test_the_money_settings_are_in_the_chosen_editions_money():
    """Issue 36: the luxury tax's printed figures and the pot's bound scale with the edition's starting money
    (docs/rulings.md): 1500 or 2000 DM on the Deutsche Mark board, where 75 is refused naming them."""
    write_config('[new_game]\nedition = "dm"\nluxury_tax = 1500\n[new_game.house_rules]\nfree_parking_start = 20000\n')
    config = settings.load().new_game
    assert (config.edition, config.luxury_tax, config.free_parking_start) == ("de-dm", 1500, 20000)
    write_config('[new_game]\nedition = "de-dm"\nluxury_tax = 75\n')
    with pytest.raises(settings.SettingsError, match="new_game.luxury_tax: must be 1500 or 2000"):
        settings.load()


def test_a_variant_alias_is_read_as_its_key():
    write_config('[new_game]\nvariant = "darrow"\n')
    assert settings.load().new_game.variant == "darrow-1935"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("theme = 3\n", "theme: must be a string in quotes, not 3"),
        ('colour = "red"\n', "colour: unknown setting"),
        ('[new_game]\nvariant = "monopoly-2099"\n', 'new_game.variant: no variant called "monopoly-2099"'),
        ('[new_game]\nedition = "fr"\n', 'new_game.edition: no edition called "fr"'),
        ("[new_game]\nluxury_tax = 90\n", "new_game.luxury_tax: must be 75 or 100"),
        ('[new_game.house_rules]\nfree_parking = "yes"\n', "new_game.house_rules.free_parking: must be true or false"),
        ("[new_game.house_rules]\nfree_parking_start = 1\nfree_parking_start = 2\n", "not valid TOML"),
        ("[new_game.house_rules]\nfree_parking_start = 99999\n", "must be 0 to 5000"),
        ("[new_game.house_rules]\ndouble_go = 1\n", "double_go: must be true or false, not 1"),
        ("[sound]\nvolume = 3\n", "unknown section [sound]"),
        (
            "new_game = 5\n",
            "new_game: must be a section ([new_game] on a line of its own, its settings below it), not 5",
        ),  # noqa: E501
        ('[new_game]\nhouse_rules = "on"\n', "new_game.house_rules: must be a section ([new_game.house_rules]"),
        ("exports = 1\n", "exports: must be a section"),
        ('[exports]\ndirectory = ""\n', "exports.directory: is empty"),
        ('theme = "nord\n', "not valid TOML"),
        ("[keyboard]\nreaction_ms = 9000\n", "keyboard.reaction_ms: must be 0 to 5000 (milliseconds), not 9000"),
        ("[keyboard]\nreaction_ms = 0.5\n", "keyboard.reaction_ms: must be a whole number, not 0.5"),
        ('[keyboard]\nbell = "off"\n', "keyboard.bell: must be true or false"),
    ],
)
def test_a_bad_value_is_one_line_naming_file_and_setting(text, says):
    path = write_config(text)
    with pytest.raises(settings.SettingsError) as caught:
        settings.load()
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"{path}: ") and says in message


def test_a_file_that_is_not_utf8_is_one_line():
    path = settings.config_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b'theme = "\xff"\n')
    with pytest.raises(settings.SettingsError, match="not UTF-8"):
        settings.load()


def test_saving_the_theme_keeps_every_other_line():
    write_config(FULL)
    settings.save_theme("gruvbox")
    text = settings.config_path().read_text(encoding="utf-8")
    assert text == FULL.replace('theme = "nord"', 'theme = "gruvbox"')
    assert settings.load().theme == "gruvbox"


def test_saving_the_theme_adds_it_above_the_first_section():
    write_config('[new_game]\nvariant = "standard"\n# theme = "old"\n')
    settings.save_theme("nord")
    assert settings.config_path().read_text(encoding="utf-8").startswith('theme = "nord"\n[new_game]')
    assert settings.load().theme == "nord"


def test_saving_the_theme_makes_the_file():
    settings.save_theme("textual-light")
    assert settings.load().theme == "textual-light"


# The CLI -------------------------------------------------------------------------------------------------------


def test_qr_files_go_beside_the_database_in_use(tmp_path, capsys):
    db = tmp_path / "club" / "club.db"
    db.parent.mkdir()
    game = finished_game(db)
    assert main(["qr", "--db", str(db)]) == 0
    assert (tmp_path / "club" / "club-exports" / f"banker-game-{game}-final-qr.png").exists()
    assert not (tmp_path / "data" / "exports").exists()


def test_qr_files_go_where_the_settings_say(tmp_path, capsys):
    write_config(f'[exports]\ndirectory = "{tmp_path / "results"}"\n')
    game = finished_game(Path(os.environ["BANKER_DB"]))
    assert main(["qr"]) == 0
    assert (tmp_path / "results" / f"banker-game-{game}-final-qr.svg").exists()


def test_cli_says_a_bad_value_in_one_line(tmp_path, capsys):
    finished_game(Path(os.environ["BANKER_DB"]))
    path = write_config("[exports]\ndirectory = 7\n")
    assert main(["qr"]) == 2
    err = capsys.readouterr().err
    assert err == f"banker: {path}: exports.directory: must be a string in quotes, not 7 (see docs/settings.md)\n"


# The app -------------------------------------------------------------------------------------------------------


async def test_the_app_starts_in_the_saved_theme_and_saves_the_palettes_choice(tmp_path):
    write_config('theme = "nord"\n\n[new_game]\nedition = "uk"\n')
    app = make_app(Path(os.environ["BANKER_DB"]))
    async with app.run_test() as pilot:
        await until(pilot, lambda: app.screen.is_mounted, "the first screen")
        assert app.theme == "nord"
        assert not settings.config_path().read_text(encoding="utf-8").count("textual")  # not written on start
        app.theme = "gruvbox"  # what the palette's theme picker does
        await until(pilot, lambda: settings.load().theme == "gruvbox", "the theme saved")
    assert settings.load().theme == "gruvbox" and settings.load().new_game.edition == "uk"


async def test_the_app_says_a_bad_setting_in_one_line_and_goes_on(tmp_path):
    path = write_config('theme = "no-such-theme"\n')
    app = make_app(Path(os.environ["BANKER_DB"]))
    async with app.run_test() as pilot:
        said = f"{path}: theme: no theme called 'no-such-theme'"
        await until(pilot, lambda: any(n.message.startswith(said) for n in app._notifications), "the notification")
        assert app.theme == "textual-dark"


async def test_the_new_game_screen_starts_from_the_settings():
    write_config(FULL)
    app = make_app(Path(os.environ["BANKER_DB"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.is_mounted, "the first screen")
        app.new_game()
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        screen = app.screen
        assert screen.query_one("#variant", RadioSet).pressed_button.id == "v-short-1973"
        assert screen.query_one("#edition", RadioSet).pressed_button.id == "e-uk"
        assert screen.query_one("#luxury", Input).value == "100"
        assert screen.query_one("#pot-start", Input).value == "500"
        assert screen.query_one("#free-parking", Checkbox).value is True
        assert screen.query_one("#double-go", Checkbox).value is True
        assert screen.query_one("#no-auctions", Checkbox).value is False
        screen.query_one("#names", Input).value = "Ann Bob"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.session is not None, "the game to start")
        s = app.session.state.settings
        assert (s.variant, s.edition, s.luxury_tax, s.house_rules.free_parking_start) == ("short-1973", "uk", 100, 500)


async def test_the_new_game_screen_says_a_bad_setting_and_starts_from_the_defaults():
    path = write_config('[new_game]\nedition = "mars"\n')
    app = make_app(Path(os.environ["BANKER_DB"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.screen.is_mounted, "the first screen")
        app.new_game()
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        from tests.kit.screens import text_of

        assert text_of(app.screen.query_one("#settings-error")).startswith(f"✗ {path}: new_game.edition")
        assert app.screen.query_one("#edition", RadioSet).pressed_button.id == "e-us"


async def test_the_app_reads_the_keyboard_settings(tmp_path, monkeypatch):
    """[keyboard] bell and reaction_ms (docs/settings.md): the bell rings when keys are set aside unless it is off,
    and the reaction time is the file's, in seconds."""
    from tests.kit.journal import make_game

    db = tmp_path / "k.db"
    make_game(db, ("ann", "bob"))
    assert make_app(db).keys_bell is True
    write_config("[keyboard]\nbell = false\nreaction_ms = 250\n")
    app = make_app(db)
    assert app.keys_bell is False and app.keys.reaction == 0.25
