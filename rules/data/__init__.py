"""The engine's data files (boards, card decks, variants), read beside this module.

A plain path read rather than ``importlib.resources``: the files always sit on disk next to the code, and the
resources machinery costs the app several milliseconds of start-up.

A shipped file the engine parses and checks once a process (an edition's board, a variant) is read through
:func:`parsed`: by default it is parsed each time, and the app has an earlier launch's parse kept instead while the
file and the rules are as they were (:func:`keep_with`; ``banker/kept.py`` keeps them in the cache directory). The
rules do no such I/O of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

HERE = Path(__file__).parent

T = TypeVar("T")


class Keeper(Protocol):
    """What parses a shipped file by ``parse``, or hands back what ``parse`` gave an earlier process for it."""

    def __call__(self, path: Path, parse: Callable[[Path], T], /) -> T: ...


def _parse_now(path: Path, parse: Callable[[Path], T], /) -> T:
    return parse(path)


_keeper: Keeper = _parse_now


def keep_with(keeper: Keeper | None) -> None:
    """Read the shipped files through ``keeper`` from now on (the app's keeps each parse between launches); None:
    parse each afresh, as the rules do alone."""
    global _keeper
    _keeper = keeper or _parse_now


def parsed(path: Path, parse: Callable[[Path], T]) -> T:
    """The shipped data file ``path``, parsed and checked by ``parse`` (which raises for a file that is not right):
    or what ``parse`` gave an earlier launch for the same file and the same rules, where the app keeps them."""
    return _keeper(path, parse)


def read_text(name: str) -> str:
    """The text of a data file, e.g. ``read_text("editions/us.toml")`` or ``read_text("variants/standard.toml")``."""
    return (HERE / name).read_text(encoding="utf-8")
