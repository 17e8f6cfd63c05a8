"""The ``banker`` command: launch the app, or run one of the shell subcommands (:mod:`banker.cli.commands`).

``banker`` and ``banker --db PATH`` launch the app; that is what a banker types at every game night, so it is
recognised by a small parser first and starts the app without importing the subcommands, their parser and the
modules they use (some 40 ms of a launch). Anything else (a subcommand, ``--help``, ``--version``, a mistake) goes
to the full parser.
"""

from __future__ import annotations

import argparse
import contextlib
import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
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


def _main(argv: list[str]) -> int:
    launch = argparse.ArgumentParser(prog="banker", add_help=False, exit_on_error=False)
    launch.add_argument("--db", dest="top_db")
    try:
        args, rest = launch.parse_known_args(argv)
    except argparse.ArgumentError:
        rest = argv  # say `--db` without a path: the full parser reports it
    if not rest:
        from banker.paths import db_path

        try:
            path = db_path(args.top_db)
        except OSError:  # the database's directory cannot be made (under a file, read-only): say why in one line
            from banker.cli.support import CliError, complain, database

            try:
                database(args.top_db, create=True)
            except CliError as e:
                complain(str(e))
            return 1
        from banker.tui.app import run

        return run(path)
    from banker.cli import commands as cli_commands

    return cli_commands.run(argv)


if __name__ == "__main__":
    raise SystemExit(main())
