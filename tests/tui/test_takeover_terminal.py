"""The set-up screen in a real terminal at 80x24 (issue 35; the installed ``banker`` in tmux, ``banker log`` and
``banker state --json`` the oracle): a position entered by keys from the new-game screen is journalled as the same
``position`` lines typed, and leaves the same state; the keys sent one at a time and in one burst give the same
journal, mistakes included."""

from __future__ import annotations

import pytest

from banker.session import Session
from banker.views import state_json
from rules import Settings
from tests.kit.terminal import MARKS, Terminal
from tests.tui.test_key_order_terminal import SEEN, send  # SEEN: the banker reads a refusal before typing on

pytestmark = MARKS

TYPED = [
    "position ann cash 1230",
    "position ann owns boardwalk 2 houses",
    "position ann owns park place 2 houses",
    "position ann jail card chance",
    "position bob cash 85",
    "position bob owns reading mortgaged",
    "position bob in jail 3",
    "position cy cash 2470",
    "position cy owns baltic hotel",
    "position cy owns mediterranean hotel",
    "position turn bob",
]
"""The position the keys enter, as typed lines (cash, houses, hotels, a mortgage, jail, a card, the turn)."""

KEYS = [
    "n", "ann bob cy", "C-t",  # from the saved games: a new game, taken over from the board
    "Enter", "12x0", "Enter",  # a slip: refused in place, the field kept (its text selected)
    SEEN,  # keys typed before the refusal showed would be set aside (issue 30): the banker reads it first
    "C-u", "1230", "Enter",
    "boardw", "Tab", "2", "Enter",
    "park p", "Tab", "2", "Enter",
    "Tab", "Tab", "Tab", "ch", "Enter",
    "bob", "Enter", "85", "Enter",
    "reading", "Tab", "mort", "Enter",
    "Tab", "Tab", "3", "Enter",
    "BTab", "BTab", "BTab", "BTab", "BTab",
    "cy", "Enter", "2470", "Enter",
    "baltic", "Tab", "hot", "Enter",
    "boardwalk", "Enter",  # a deed already Ann's: refused, nothing recorded
    SEEN,
    "C-u", "medit", "Tab", "hot", "Enter",
    "BTab", "BTab", "BTab",  # from the deed, back round past the player to the turn
    "b", "Enter",
    "C-s",
]  # fmt: skip


def _expected(tmp_path) -> tuple[list[str], dict]:
    """The canonical lines and the state of the same position typed (in a database of its own)."""
    from banker import commands

    with Session.create(tmp_path / "typed.db", ["ann", "bob", "cy"], Settings()) as s:
        lines = []
        for line in TYPED:
            reply = s.execute(line)
            assert reply.ok, line
            assert reply.action is not None
            lines.append(commands.format(reply.action))
        state = state_json(s.state)
    return lines, state


def _same_state(got: dict, want: dict) -> None:
    for key in ("players", "deeds", "bank", "free_parking"):
        assert got[key] == want[key], key
    assert got["game"]["turn"] == want["game"]["turn"] and not got["game"]["started"]


@pytest.mark.parametrize("burst", [False, True], ids=["one-at-a-time", "burst"])
def test_a_position_entered_by_keys_is_the_position_typed(tmp_path, burst):
    lines, state = _expected(tmp_path)
    with Terminal(tmp_path, 80, 24) as term:
        term.launch(ready="New game")
        send(term, KEYS, burst)  # typed ahead of the screens: every key waits its turn (banker.tui.keyorder)
        term.wait_journal(len(lines), timeout=120)
        term.wait_until(lambda s: "n Next" in s, "the table after Ctrl+S", timeout=60)
        term.idle(timeout=60)
        typed, got = term.records()
        assert typed == lines
        _same_state(got, state)
        screen = term.screen()
        assert "The position is taken over from the board" in screen or "Game 1" in screen
        # the journal says where each line came from
        assert all("Taken over from the board: " in line for line in term.journal())


def test_the_set_up_screen_refuses_to_play_from_a_position_that_cannot_stand(tmp_path):
    with Terminal(tmp_path, 80, 24) as term:
        term.launch(ready="New game")
        term.press("n", "ann bob", "C-t")
        term.wait_for("Take over from the board")
        term.press("Tab", "Tab", "boardw", "Tab", "3", "Enter", "C-s")  # past the player and the cash
        screen = term.wait_for("Not yet: ann's Boardwalk has 3 houses")
        assert "Take over from the board" in screen
        term.press("C-z")
        term.wait_for("undo: Taken over from the board: ann holds Boardwalk, 3 houses")
        term.press("C-s")
        term.wait_gone("Take over from the board")
        assert term.typed() == ["position ann owns Boardwalk 3 houses", "undo"]


REVIEW = ["C-n", "ann bob cy", "C-t", "ann", "Enter", "2000", "Enter", "boardw", "Tab", "2", "Enter"]
REVIEW += ["park pl", "Tab", "2 houses", "Enter"]


@pytest.mark.parametrize("burst", [False, True], ids=["one-at-a-time", "burst"])
def test_the_player_field_opens_with_its_name_selected(tmp_path, burst):
    """Reproduction (game-night review, 80x24): the screen opened with "Ann" in Player, not selected, so ``ann`` made
    "Annann", the cash was refused and the keys typed on went into the wrong fields; nothing was recorded. Then a
    refused line: its field at fault is entered with its text selected, so the name typed next replaces it."""
    with Terminal(tmp_path, 80, 24) as term:
        term.play("new standard Ann Bob Cy")
        term.launch(ready="r Rent")
        send(term, REVIEW, burst)
        term.wait_journal(3)
        # a refusal: the cursor stays in the cash, its text selected now: the figure typed next replaces it
        fix = ["BTab", "12x0", "Enter", SEEN, "300", "Enter", "BTab", "BTab", "bob", "Enter", "800", "Enter"]
        send(term, fix, burst)
        term.wait_journal(5)
        term.idle()
        assert term.typed() == [
            "position ann cash 2000",
            "position ann owns Boardwalk 2 houses",
            "position ann owns Park Place 2 houses",
            "position ann cash 300",
            "position bob cash 800",
        ]
