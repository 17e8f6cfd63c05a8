"""The real-terminal kit's own promises (tests/kit/terminal.py, tests/kit/tmux.py), on the installed ``banker`` in
tmux: text typed through the tmux control client arrives as typed, whatever tmux's command language would make of
it; :meth:`Terminal.press` returns once the key has shown; a look sees the pane's end."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time

from tests.kit.oracle import BANKER as ORACLE
from tests.kit.patience import Deadline
from tests.kit.terminal import BANKER, LOOK, MARKS, Terminal
from tests.kit.tmux import Control, tmux_quote

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


def test_the_control_client_holds_no_pane_back(tmp_path):
    """Regression (issue 33: a burst test beside a hog failed 1 run in 15, its app standing still for 13 s): the
    kit's control client, attached while the pane draws, is sent none of what the pane draws, so a pane that draws
    far more than a pipe holds, while the test reads nothing from the client, draws to its end. The kit asked for
    that with a command written after the attach, which tmux sometimes ran before it (and refused); the client was
    then sent every byte, and with its pipe full tmux stopped reading the pane (tests/kit/tmux.py)."""
    socket, stop = str(tmp_path / "s"), tmp_path / "stop"
    pane = f"while [ ! -e {stop} ]; do echo drawing; done; yes {'x' * 70} | head -n 5000; echo drawn to the end"
    tmux = ["tmux", "-S", socket, "-f", os.devnull]
    started = [*tmux, "new-session", "-d", "-s", "kit", "-x", "80", "-y", "24", "-PF", "#{pid}", f"{pane}; sleep 60"]
    server = int(subprocess.run(started, capture_output=True, text=True, check=True).stdout)
    try:
        control = Control(socket, "kit")  # attached while the pane draws
        stop.touch()  # 360 kB more, drawn with nothing read from the client: 1.4 MB as tmux would send it
        deadline = Deadline(20)
        look = [*tmux, "capture-pane", "-p", "-t", "kit"]  # a client of its own: reads nothing of the control's
        while "drawn to the end" not in subprocess.run(look, capture_output=True, text=True).stdout:
            if deadline.passed():
                raise deadline.fail("the pane never drew to its end: something holds it back")
            time.sleep(LOOK)
        assert control.run(["display-message", "-p", "#{client_flags}"]) is not None
        assert control.outputs == 0
        control.close()
    finally:
        with contextlib.suppress(ProcessLookupError):  # a server whose pane is held back does not end by asking
            os.kill(server, signal.SIGKILL)


def test_the_oracle_says_what_the_banker_command_says(tmp_path):
    """The oracle's calls (:mod:`tests.kit.oracle`: forked from a process that imported the command) give what the
    installed ``banker`` gives as a process of its own: the same stdout, stderr and exit status, for a script read
    from stdin, a journal with brackets and non-ASCII text, a state, a refusal and a usage error, call after call;
    and each call sees its own environment (the language)."""
    env = {
        **os.environ,
        "BANKER_DB": str(tmp_path / "game.db"),
        "BANKER_DATA_DIR": str(tmp_path / "data"),
        "BANKER_CONFIG_DIR": str(tmp_path / "config"),
        "LANGUAGE": "en",
    }
    script = "new standard Ann Bö\nbuy ann boardwalk  # [b]paid[/b]\n"
    calls = [
        (["play", "-"], script),
        (["log"], None),
        (["state", "--json"], None),
        (["do", "buy ann boardwalk"], None),  # the bank no longer holds it: refused
        (["frobnicate"], None),
    ]
    for args, given in calls:
        forked = ORACLE.run(args, env, input=given)
        real = subprocess.run([str(BANKER), *args], env=env, input=given, capture_output=True, text=True)
        if args[0] == "play":  # each played its own new game: the second is game 2
            assert forked.returncode == real.returncode == 0, (forked, real)
            continue
        assert (forked.returncode, forked.stdout, forked.stderr) == (real.returncode, real.stdout, real.stderr), args
    refused = subprocess.run([str(BANKER), "do", "buy ann boardwalk"], env=env, capture_output=True).returncode
    assert refused != 0 and [ORACLE.run(["do", "buy ann boardwalk"], env).returncode for _ in range(2)] == [refused] * 2
    german = ORACLE.run(["do", "frob"], {**env, "LANGUAGE": "de"}).stderr
    assert (
        german
        == subprocess.run(
            [str(BANKER), "do", "frob"], env={**env, "LANGUAGE": "de"}, capture_output=True, text=True
        ).stderr
    )
    assert german != ORACLE.run(["do", "frob"], env).stderr
