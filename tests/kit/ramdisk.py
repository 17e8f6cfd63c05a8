"""The suite's temporary files in memory where the machine has a memory file system (``/dev/shm`` on Linux).

Nearly every test creates a game's database, and most open it again in an app or a ``banker`` process: on a disk,
SQLite creating a database in WAL mode (the file, its -wal and -shm, the schema, the first commits) cost 57 ms of wall
time and 21 ms of CPU a game where ``/dev/shm`` costs 9 and 7 (the kernel's work for a disk's file system is CPU time
too; issue 33, measured creating the key-order tests' game twenty times each way). What the tests check does not
depend on it: a killed process loses nothing in either (the crash tests kill, they do not cut the power).

A run's directory is ``banker-tests-<pid>-*`` there: ``--basetemp`` (so ``tmp_path``, and xdist's workers under it) and
``TMPDIR`` (so ``tempfile``'s directories: templates, a browser's profile) point into it. A directory of a run that
has ended is removed by a later run, keeping the newest three, as pytest keeps its own; a run still going is never
touched. ``--basetemp`` given on the command line, or ``BANKER_TEST_TMP=disk``, leaves pytest's own choice.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

MEMORY = Path("/dev/shm")
PREFIX = "banker-tests-"
KEEP = 3
"""Directories of ended runs kept for a look after a failure (pytest keeps three of its own)."""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _tidy() -> None:
    """Remove the directories of ended runs but the newest :data:`KEEP`."""
    ended = []
    for path in MEMORY.glob(f"{PREFIX}*"):
        try:
            pid = int(path.name.removeprefix(PREFIX).split("-")[0])
        except ValueError:
            continue
        if not _alive(pid):
            ended.append(path)
    ended.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    for path in ended[KEEP:]:
        shutil.rmtree(path, ignore_errors=True)


def use_memory(config: pytest.Config) -> None:
    """Point this run's temporary files into memory (see the module docstring). Only the controlling process
    chooses; xdist hands its workers their part of it."""
    if hasattr(config, "workerinput") or config.option.basetemp or os.environ.get("BANKER_TEST_TMP") == "disk":
        return
    if not (MEMORY.is_dir() and os.access(MEMORY, os.W_OK)):
        return
    _tidy()
    run = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=MEMORY))
    config.option.basetemp = str(run / "pytest")
    (run / "tmp").mkdir()
    os.environ["TMPDIR"] = str(run / "tmp")
    tempfile.tempdir = None  # tempfile read TMPDIR once already; it reads it again


__all__ = ["use_memory"]
