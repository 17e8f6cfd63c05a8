"""The real-terminal kit's own promises (tests/kit/terminal.py, tests/kit/tmux.py), on the installed ``banker`` in
tmux: text typed through the tmux control client arrives as typed, whatever tmux's command language would make of
it; :meth:`Terminal.press` returns once the key has shown; a look sees the pane's end."""

from __future__ import annotations

from tests.kit.terminal import MARKS, Terminal
from tests.kit.tmux import tmux_quote

pytestmark = MARKS

AWKWARD = 'a\'b "c" $HOME \\d ; e #{pane_id} ~ [x]'
"""Quotes of both kinds, an environment variable, a backslash, a command separator, a tmux format, a home
directory and brackets: each means something to tmux's command parser or to Rich's markup."""


def test_tmux_quote_keeps_an_argument_whole():
    assert tmux_quote("plain") == "'plain'"
    assert tmux_quote("$HOME;") == "'$HOME;'"  # single quotes: nothing expanded, nothing split
    assert tmux_quote('it\'s "$x" \\') == '"it\'s \\"\\$x\\" \\\\"'


def test_text_typed_through_the_control_client_arrives_as_typed(tmp_path):
    with Terminal(tmp_path) as term:
        term.play("new standard Ann Bob")
        term.launch()
        term.command_line()
        term.type(AWKWARD)
        term.wait_for(AWKWARD)
        term.press("C-u")  # returns once Ctrl+U has shown: the line is empty at once
        assert AWKWARD not in term.screen()
        term.quit()
        look = term.look()
        assert not look.running and look.screen == ""  # the session is gone: nothing runs, nothing is shown
