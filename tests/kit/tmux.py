"""A tmux control-mode client (``tmux -C``) for the real-terminal tests (:mod:`tests.kit.terminal`): tmux commands
written to one long-lived client and their output read back over its pipe, instead of a tmux process started for
each command."""

from __future__ import annotations

import contextlib
import os
import select
import subprocess

from tests.kit.patience import Deadline


def tmux_quote(arg: str) -> str:
    """One argument of a tmux command line, taken as it is: single-quoted (no expansion inside), or double-quoted
    with tmux's escapes where it holds a single quote."""
    if "'" not in arg:
        return f"'{arg}'"
    return '"' + arg.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$") + '"'


class Control:
    """A tmux control-mode client (``tmux -C attach``) on one session: commands written to it and their output read
    back over a pipe, so a look at the screen is no new process (a tmux client started for each look cost about
    2 ms of CPU on a quiet machine, and 20 ms of waiting on a loaded one).

    The pane's output is never sent to it: ``no-output`` is a flag of the attach itself. It was a command written
    just after the attach (``refresh-client -f no-output``), and tmux runs a control client's lines as they come:
    on a loaded machine that line sometimes ran before the attach, failed ("no current client", unread), and the
    client was sent every byte the app drew. Nothing reads the pipe between two commands, so it filled; tmux then
    stopped reading the pane (a control client that cannot keep up holds the pane back), the app's writes to its
    terminal blocked and the app stood still, keys and all, until the test's next look at the screen drained the
    pipe. A test that waited on the journal meanwhile failed with the take-over screen's third line unrecorded and
    the screen of seconds before (issue 33: 1 run in 15 of a burst test beside a hog)."""

    TIMEOUT = 30.0
    """Seconds (:class:`tests.kit.patience.Deadline`: of the machine's attention) for tmux to answer."""

    def __init__(self, socket: str, session: str) -> None:
        argv = ["tmux", "-S", socket, "-f", os.devnull, "-C", "attach-session", "-f", "no-output", "-t", session]
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.buffer = b""
        self.outputs = 0
        """How many ``%output`` notifications reached this client (none should: the kit's own test says so)."""

    def run(self, *commands: list[str]) -> list[str] | None:
        """Each command's output, in order; None if the client has gone (the server ended) or one of them failed."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(("".join(" ".join(map(tmux_quote, c)) + "\n" for c in commands)).encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError):
            return None
        outputs: list[str] = []
        failed = False
        deadline = Deadline(self.TIMEOUT)
        while len(outputs) < len(commands):
            line = self._line(deadline)
            if line is None:
                return None
            if not line.startswith(b"%begin ") or not line.endswith(b" 1"):
                self.outputs += line.startswith(b"%output ")
                continue  # a notification, or the reply to the attach itself
            end, error, body = b"%end " + line[7:], b"%error " + line[7:], []
            while (line := self._line(deadline)) not in (end, error):
                if line is None:
                    return None
                body.append(line)
            failed |= line == error
            outputs.append(b"".join(part + b"\n" for part in body).decode(errors="replace"))
        return None if failed else outputs

    def _line(self, deadline: Deadline) -> bytes | None:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([fd], [], [], deadline.left())
            if not ready:
                if not deadline.passed():
                    continue
                raise deadline.fail("tmux's control client did not answer")
            chunk = os.read(fd, 65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def close(self) -> None:
        if self.proc.stdin is not None and not self.proc.stdin.closed:
            with contextlib.suppress(BrokenPipeError):
                self.proc.stdin.close()  # the client detaches and ends
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()
