"""The ``banker`` command: launch the app, or run one of the shell subcommands.

One parser (:mod:`banker.cli.parser`) reads every command line. ``banker`` and ``banker --db PATH`` launch the app;
that is what a banker types at every game night, so the parser imports none of the subcommands' modules: a
subcommand's handler (``module:function`` under :mod:`banker.cli`) is imported when it runs, and every handler runs
the same way, guarded so that an error is one line and an exit status (:mod:`banker.cli.support`). Those two launch
lines are recognised before the parser is built (:func:`plain_launch`, which reads them as the parser does:
tests/cli/test_cli.py checks it against the parser); building it, with argparse and every subcommand, cost each
launch of the app some 4.5 ms.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse  # the parser's, imported with it: the launch builds no parser (plain_launch)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    from banker import compiled

    compiled.install()  # before any record is made: the code dataclasses generate, compiled once (its docstring)
    try:
        status = _main(argv)
        sys.stdout.flush()  # inside the guard: a reader that went away (`banker log | head`) is not an error
        return status
    except BrokenPipeError:
        # Like other tools at the end of a pipe: stop quietly, and keep Python from complaining at exit.
        import os

        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 1
    finally:
        compiled.save()


def plain_launch(argv: list[str]) -> tuple[bool, str | None]:
    """``(True, db)`` when ``argv`` is ``banker`` alone (``db`` None) or ``banker --db PATH``, the lines that launch
    the app; else ``(False, None)``, and the parser reads the line. A ``PATH`` that is empty or starts with a dash,
    ``--db=PATH``, an abbreviation or anything more is left to the parser (which reads the same two lines the same
    way, and the others as it always did)."""
    if not argv:
        return True, None
    if len(argv) == 2 and argv[0] == "--db" and argv[1] and not argv[1].startswith("-"):
        return True, argv[1]
    return False, None


def speak(tell: bool) -> str:
    """Install the banker's language (the settings' ``language``, else the environment's: docs/languages.md) for
    everything this process says, the parser's help included, before anything is said; returns its code. A bad
    ``language`` setting is said in one line when ``tell`` (a subcommand; the app says it on its table) and the
    environment's language is spoken instead."""
    from banker import language, settings

    language.install(language.choose(None))  # the environment's, in which a bad setting is said
    try:
        setting = settings.language()
    except settings.SettingsError as e:
        setting = None
        if tell:
            from banker.cli.support import complain

            complain(str(e))
    return language.install(language.choose(setting))


def _main(argv: list[str]) -> int:
    launch, db = plain_launch(argv)
    if launch:  # collections off from here, not only from banker.tui.app.run: importing Textual and the app is
        gc.disable()  # the most of a launch's allocations, and none of them garbage (run() says why, and when on)
        try:
            _start(tell=False)
            return _launch(db)
        finally:
            gc.enable()  # the app has run (or could not start)
    _start(tell=True)
    from banker.cli.parser import read

    args = read(argv)
    if args.handler is None:
        return _launch(args.db)
    from banker.cli.support import database, run_guarded

    module, name = args.handler.split(":")
    handler: Callable[[argparse.Namespace], int] = getattr(importlib.import_module(f"banker.cli.{module}"), name)
    where = None
    with contextlib.suppress(Exception):  # a path that cannot be used is reported by the handler, in one line
        where = database(args.db)
    return run_guarded(lambda: handler(args), where)


def _start(tell: bool) -> None:
    """What every command does first: speak the banker's language, and read the rules' data as kept."""
    speak(tell)
    from banker import kept

    kept.install()  # the boards and variants parsed by an earlier launch, read back (docs/architecture.md)


def _launch(db: str | None) -> int:
    """The app on the database ``db`` (else ``BANKER_DB``, else the data directory's)."""
    from banker.cli.support import CliError, complain, database

    try:
        path = database(db, create=True)
    except CliError as e:  # the database's directory cannot be made (under a file, read-only): say why in one line
        complain(str(e))
        return e.status
    from banker.tui.app import run

    return run(path)


if __name__ == "__main__":
    raise SystemExit(main())
