"""The ``banker`` command for the real-terminal tests' oracle and set-up, a new process each call without Python's
start and Banker's imports each time.

The real-terminal tests ask the ``banker`` command on the game's database what was recorded (``banker log``,
``banker state --json``) and set games up with it (``banker play``, ``banker new``, ``banker do``). Each call was a
new Python process: about 0.12 s of CPU, of which some 0.1 s went on starting Python and importing the modules every
subcommand imports, the same each time (issue 33: the suite is CPU-bound on CI's two cores). Here a process that has
imported them once (the *zygote*, one per test process) forks a child for each call, and the child runs the
installed command's entry point, ``banker.cli.main:main`` (the console script's), as the script does: with the
call's arguments as ``sys.argv``, its environment as ``os.environ``, its working directory, stdin from a file (or
``/dev/null``), stdout and stderr into files, the exit status ``sys.exit`` would make of the result, and the
``atexit`` functions run before it ends. So every call is still a fresh process of the command on the database,
as a second terminal's would be; only the imports were done before it started. Measured: 0.017 s of CPU for a
``banker log`` against 0.12 s.

The zygote imports from where the ``banker`` script next to this Python would (its own ``sys.path``, no working
directory on it: in CI the package installed as the README says, never the checkout's sources), and no Textual:
the subcommands the tests call do not draw. It is single-threaded, so forking it is safe; it ends when the test
process does (its stdin closes). Calls are taken one at a time (a lock): each takes some 20 ms of wall time.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Mapping
from pathlib import Path

ZYGOTE = r"""
import importlib, json, os, sys
sys.path[:] = [p for p in sys.path if p not in ("", ".")]  # the script's path, as the installed banker has it
import banker.cli.main as entry
from banker import compiled
compiled.install()  # main() installs it first thing too: the generated code of the modules imported below
for name in PRELOAD:
    importlib.import_module(name)
compiled.save()  # kept now, so a call compiles nothing and its main() writes nothing back
replies = os.fdopen(os.dup(1), "w")
for request in sys.stdin:
    call = json.loads(request)
    pid = os.fork()
    if pid == 0:
        status = 70
        try:
            for fd, path, flags in (
                (0, call["stdin"] or os.devnull, os.O_RDONLY),
                (1, call["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                (2, call["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
            ):
                opened = os.open(path, flags, 0o600)
                os.dup2(opened, fd)
                os.close(opened)
            encoding = sys.stdout.encoding
            sys.stdin = open(0, encoding=encoding, closefd=False)
            sys.stdout = open(1, "w", encoding=encoding, closefd=False)
            sys.stderr = open(2, "w", encoding=encoding, errors="backslashreplace", closefd=False)
            os.environ.clear()
            os.environ.update(call["env"])
            os.chdir(call["cwd"])
            sys.argv = ["banker", *call["args"]]
            try:
                result = entry.main()
            except SystemExit as exit:
                result = exit.code
            if result is None or isinstance(result, int):
                status = result or 0
            else:  # sys.exit("message"): the message on stderr, status 1
                print(result, file=sys.stderr)
                status = 1
            import atexit
            atexit._run_exitfuncs()
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:
            import traceback
            traceback.print_exc()
        os._exit(status)
    _, waited = os.waitpid(pid, 0)
    replies.write(json.dumps(os.waitstatus_to_exitcode(waited)) + "\n")
    replies.flush()
"""

PRELOAD = (
    "argparse",
    "banker.language",
    "banker.settings",
    "banker.kept",
    "banker.cli.parser",
    "banker.cli.support",
    "banker.cli.commands",
    "banker.journal",
    "banker.session",
    "banker.views",
)
"""What every subcommand the tests call imports (``python -X importtime``): imported once, by the zygote."""


class Zygote:
    """One test process's zygote, started at its first call."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[str] | None = None
        self._dir = Path(tempfile.mkdtemp(prefix="banker-oracle-"))
        atexit.register(self.close)

    def _started(self, env: Mapping[str, str]) -> subprocess.Popen[str]:
        """The zygote, started with the environment of the first call (its cache of the code dataclasses generate:
        ``BANKER_CACHE_DIR``, which the imports use)."""
        if self._process is None or self._process.poll() is not None:
            self._dir.mkdir(exist_ok=True)  # removed by an earlier close()
            self._process = subprocess.Popen(
                [sys.executable, "-c", f"PRELOAD = {PRELOAD!r}\n{ZYGOTE}"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                cwd=self._dir,
                env=dict(env),
            )
        return self._process

    def run(self, args: list[str], env: Mapping[str, str], input: str | None = None) -> subprocess.CompletedProcess:
        """``banker *args`` with ``env``, as ``subprocess.run(..., capture_output=True, text=True)`` returns it."""
        with self._lock:
            process = self._started(env)
            out, err, given = (self._dir / name for name in ("out", "err", "in"))
            if input is not None:
                given.write_text(input, encoding="utf-8")
            call = {
                "args": list(args),
                "env": dict(env),
                "cwd": os.getcwd(),
                "stdin": str(given) if input is not None else None,
                "out": str(out),
                "err": str(err),
            }
            assert process.stdin is not None and process.stdout is not None
            try:
                process.stdin.write(json.dumps(call) + "\n")
                process.stdin.flush()
                reply = process.stdout.readline()
            except BrokenPipeError:
                reply = ""
            if not reply:
                raise AssertionError(f"the oracle's zygote ended (status {process.wait()}) running banker {args}")
            status = json.loads(reply)
            return subprocess.CompletedProcess(
                ["banker", *args], status, out.read_text(encoding="utf-8"), err.read_text(encoding="utf-8")
            )

    def close(self) -> None:
        """End the zygote (its stdin closed) and remove the calls' files."""
        process, self._process = self._process, None
        if process is not None and process.stdin is not None:
            process.stdin.close()
            process.wait()
        shutil.rmtree(self._dir, ignore_errors=True)


BANKER = Zygote()
"""The test process's ``banker`` command (:meth:`Zygote.run`)."""
