"""Saved games (Ctrl+O) at a table, in a real terminal (the installed ``banker`` in tmux; ``banker log`` is the
oracle). Found at a game night: Escape did nothing there and the key bar showed only "n New game  q Quit", so the
banker had to pick the open game again. Escape (shown in the bar) goes back to the table of the game that was
open, and the table takes its keys again."""

from __future__ import annotations

import pytest

from tests.kit.terminal import MARKS, Terminal

pytestmark = MARKS


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_escape_from_the_saved_games_goes_back_to_the_open_game(tmp_path, width, height):
    with Terminal(tmp_path, width, height) as term:
        term.play("new standard Ann Bob", "go ann")
        term.banker("new", "standard", "Cy", "Dee")  # a second game: the newest, the one the app resumes
        term.launch(ready="Quit")
        term.keys("C-o")
        screen = term.wait_for("saved games")
        assert "esc Back to the game" in screen.replace("  ", " "), f"the key bar says how to go back:\n{screen}"
        term.keys("Escape", "g", "Enter")  # in one burst: back at the table, GO for whoever's turn it is
        term.wait_until(lambda s: "saved games" not in s and (term.entries() or 0) >= 1, "back at the table")
        assert term.typed() == ["go Cy"], term.typed()  # the journal of the game that was open (banker log)


def test_with_no_game_open_there_is_no_way_back_offered(tmp_path):
    """At start, every game finished: the saved games are the only screen; the bar offers no Escape, and Escape
    leaves them there."""
    with Terminal(tmp_path, 80, 24) as term:
        term.play("new short-1990s Ann Bob", "deal ann boardwalk", "bankrupt bob to bank")
        term.launch(ready="saved games")
        term.keys("Escape", "Down")
        term.idle()
        screen = term.wait_for("saved games")
        assert "Back to the game" not in screen and "New game" in screen, screen
