"""A refused dialog puts the cursor on the field the refusal names, in a real terminal (the installed ``banker`` in
tmux; ``banker log`` is the oracle), the keys sent in one burst as a quick banker types them and one at a time.

Found at a game night (120x40): Card, ``jail free`` Enter was refused ("both decks have a card: say which") and the
``cc`` typed next went onto the card ("no card jail freecc"); Rent, ``water`` Enter was refused ("depends on the
dice") and the 9 typed next went onto the deed ("no deed called water9").

Issue 30: typed in one burst with the keys before them, the keys after the refused Enter were typed before the
refusal was on show, for whatever the banker expected next: they are set aside (the dialog says so) and nothing is
recorded; typed once the refusal is on show, they go into the field it names, as one at a time. The issue's own
reproduction: Rent, ``parkl`` Enter was refused and the ``park`` typed next made ``parklpark``."""

from __future__ import annotations

import pytest

from tests.kit.terminal import MARKS, Terminal

pytestmark = MARKS

DIALOG_TOP = "▀▀▀▀▀▀▀▀▀▀"
CASES = [
    (["k", "jail free", "Enter"], ["cc", "Enter"], "card Ann chest get_out_of_jail_free"),
    (["r", "water", "Enter"], ["9", "Enter"], "rent Ann Water Works dice 9"),
    (["r", "parkl", "Enter"], ["park", "Enter"], "rent Ann Park Place"),
]


@pytest.mark.parametrize(("keys", "then", "line"), CASES, ids=["card-deck", "rent-dice", "rent-misspelt"])
@pytest.mark.parametrize("burst", [True, False], ids=["burst", "one-by-one"])
def test_the_keys_after_a_refusal_go_into_the_field_it_names(tmp_path, keys, then, line, burst):
    with Terminal(tmp_path) as term:
        term.play("new standard Ann Bob", "buy bob water works", "buy bob park place")
        term.launch(ready="Quit")
        before = term.typed()
        if burst:
            term.keys(*keys, *then)  # one send-keys: one write to the terminal
            screen = term.wait_for("typed before the refusal and not used")
            assert f"`{then[0]} ⏎`" in screen, screen
            term.idle()
            assert term.typed() == before
            term.keys(*then)  # typed now, with the refusal on show
        else:
            term.press(*keys, *then)  # each key once the one before it has been taken
        term.wait_until(lambda s: DIALOG_TOP not in s and term.entries() == len(before) + 1, "the line recorded")
        assert term.typed() == [*before, line]
