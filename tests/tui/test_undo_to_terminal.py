"""Undo to here (Shift+U) with a journal longer than the dialog, in a real terminal (the installed ``banker`` in
tmux; ``banker log`` is the oracle). Found at a game night (120x40, about 60 entries): U, Down 27 times, Enter
undid to an entry the banker could not see; the list ran past the dialog's bottom border (no buttons in view) and
did not follow its highlight. At 80x24 the highlight was gone from Down 7 on.
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
