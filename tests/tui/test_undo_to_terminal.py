"""Undo to here (Shift+U) with a journal longer than the dialog, in a real terminal (the installed ``banker`` in
tmux; ``banker log`` is the oracle). Found at a game night (120x40, about 60 entries): U, Down 27 times, Enter
undid to an entry the banker could not see; the list ran past the dialog's bottom border (no buttons in view) and
did not follow its highlight. At 80x24 the highlight was gone from Down 7 on.

Also: an action undone and then cleared from the redo stack by a new action was offered as "Enter redoes up to
here", and Enter on it put a refusal half hidden behind the dialog; it is labelled as not redoable and cannot be
chosen.
"""

from __future__ import annotations

import pytest

from tests.kit.terminal import MARKS, Terminal

pytestmark = MARKS

DIALOG_TOP = "▀▀▀▀▀▀▀▀▀▀"
DIALOG_BOTTOM = "▄▄▄▄▄▄▄▄▄▄"
GOES = 60


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_the_highlight_stays_in_view_and_enter_undoes_to_it(tmp_path, width, height):
    with Terminal(tmp_path, width, height) as term:
        term.play("new standard Ann Bob Cy Dee", *["go ann"] * GOES)
        last = GOES
        term.launch(ready="Quit")
        term.keys("U", *["Down"] * 27)  # one burst, as typed quickly
        aimed = last - 27
        screen = term.wait_for(f"After entry {aimed}:")
        assert f" {aimed}  Ann collects" in screen, f"the highlighted entry is on screen:\n{screen}"
        assert DIALOG_BOTTOM in screen, f"the dialog's bottom border is in view:\n{screen}"
        assert screen.count("Undo to here") == 2 and "Cancel" in screen, f"the buttons are in view:\n{screen}"
        term.keys("Enter")
        term.wait_until(lambda s: DIALOG_TOP not in s, "the dialog closed")
        typed = term.typed()
        assert typed[last:] == [f"undo to {aimed}"] * 27, typed[last:]  # each taken back journalled as an undo
        assert term.cash()["Ann"] == 1500 + 200 * aimed


def test_an_undo_a_new_action_has_cleared_cannot_be_redone_from_the_list(tmp_path):
    with Terminal(tmp_path) as term:
        term.play("new standard Ann Bob Cy Dee", "go ann", "go bob", "undo", "go cy")  # go bob: undone, then cleared
        term.launch()
        term.keys("U")
        screen = term.wait_for("After entry")
        assert "2  Bob collects $200 salary for passing GO (undone, cannot be redone)" in screen, screen
        assert "redoes up to here" not in screen
        # Down goes past it and the undo (neither can be chosen) to "go Ann": Enter takes back what came after it
        term.keys("Down", "Enter")
        term.wait_until(lambda s: DIALOG_TOP not in s, "the dialog closed")
        assert term.typed()[-1] == "undo to 1", term.typed()


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_a_refusal_shows_inside_the_dialog_not_behind_it(tmp_path, width, height):
    """Enter on the newest entry: nothing comes after it. The refusal is shown once, inside the dialog (between its
    borders), not in the table's reply box half hidden behind it (where it lingered after Escape); the dialog stays
    open and nothing is recorded."""
    with Terminal(tmp_path, width, height) as term:
        term.play("new standard Ann Bob Cy Dee", *["go ann"] * GOES)
        term.launch(ready="Quit")
        term.keys("U", "Enter")
        screen = term.wait_for("nothing to undo")
        rows = screen.splitlines()
        top = next(i for i, row in enumerate(rows) if DIALOG_TOP in row)
        bottom = next(i for i, row in enumerate(rows) if DIALOG_BOTTOM in row)
        at = [i for i, row in enumerate(rows) if "nothing to undo" in row]
        assert len(at) == 1 and top < at[0] < bottom, screen
        assert len(term.journal()) == GOES
        term.keys("Escape")
        screen = term.wait_until(lambda s: DIALOG_TOP not in s, "the dialog closed")
        assert "nothing to undo" not in screen, f"the refusal was the dialog's; it does not linger:\n{screen}"
