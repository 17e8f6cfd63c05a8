"""The installed ``banker`` in a real terminal (tmux, 120x40): start a game, record rent by typed command, quit,
relaunch and see the same balances. Exercises the entry point, start-up and a real terminal's key handling."""

from __future__ import annotations

from tests.kit.terminal import MARKS, Terminal

pytestmark = MARKS


def test_rent_survives_a_restart_in_a_real_terminal(tmp_path):
    with Terminal(tmp_path) as term:
        term.banker("new", "standard", "ann", "bob")
        term.do("buy ann boardwalk")
        term.launch()
        term.wait_for("Boardwalk")
        term.command_line()
        term.run_line("rent bob boardwalk")
        screen = term.wait_for("bob pays ann $50")
        assert "worth $1,550" in screen  # bob: $1,500 - $50 rent; ann: $1,100 cash + $400 deed + $50
        term.quit()
        screen = term.launch()
        screen = term.wait_for("bob pays ann $50")
        assert "worth $1,450" in screen and "worth $1,550" in screen
        term.quit()
