"""Help and docs come from one source (banker/commands/help.py) that must agree with the parser."""

from __future__ import annotations

import pytest

from banker.commands import VERBS, parse
from banker.commands.help import verbs_markdown
from banker.tui.keys import ACTIONS
from banker.tui.screens.help import help_markdown
from banker.tui.screens.table import TableScreen
from rules import new_game


def test_every_verb_at_the_table_is_in_the_help():
    # `new` belongs to the CLI and the new-game screen
    shown = [v for v in VERBS if f"| `{v.shape.replace('|', chr(92) + '|')}` |" in verbs_markdown()]
    assert [v.name for v in shown] == [v.name for v in VERBS if v.name != "new"]


@pytest.mark.parametrize("verb", VERBS, ids=[v.name for v in VERBS])
def test_each_example_is_a_command_the_parser_reads(verb):
    state = new_game(["ann", "bob"])
    parse(verb.example, state)  # raises a RuleError naming the problem if the example is malformed


def test_help_lists_every_binding_and_verb():
    text = help_markdown()
    bound = {b.action for b in TableScreen.BINDINGS}
    for a in ACTIONS:
        assert a.action in bound
        assert a.help in text
    assert verbs_markdown() in text


def test_user_guide_has_the_current_tables():
    """docs/app.md carries the same key and verb tables as the help screen (regenerate from help_markdown())."""
    from pathlib import Path

    guide = (Path(__file__).parents[2] / "docs" / "app.md").read_text(encoding="utf-8")
    assert help_markdown() in guide


async def test_help_opens_as_one_drawn_text_not_a_widget_per_cell():
    """Issue 22: ? took 1.25 s to open at 80x24: Textual's Markdown made a widget of every table cell. Help is now
    one Static drawing Rich's Markdown, so opening it mounts a handful of widgets whatever the help's length."""
    from textual.app import App

    from banker.tui.screens.help import HelpScreen

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(HelpScreen())

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        assert len(list(screen.walk_children())) < 12
        drawn = "\n".join(line.text for line in screen.query_one("#help-text").render_lines(screen.region))
        assert "Keys on the table" in drawn and "Record rent" in drawn
