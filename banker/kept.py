"""What the rules parsed from their shipped data files, kept between launches: the board of each edition played
(with the decks it carries) and each variant, in the cache directory beside the compiled catalogues.

Opening a game reads its edition's file: TOML parsed, every key checked against its kind and limits, the decks
checked, and the modules that do it imported; some 10 ms of each launch of the app, for a board that is the same
as last time unless its file or the rules changed. So :func:`keep` (the rules' :class:`rules.data.Keeper`, installed
by :func:`install` for every ``banker`` command) pickles what a file parsed to, beside the file's bytes and a stamp
of the rules' code, and hands it back while both are as they were: the file's bytes compared whole, the code by
the size and time of each of the rules' files (as Python's own bytecode cache is checked). Anything else (none
kept, another Banker's, a damaged file, a stamp that differs) is parsed again and kept anew; a cache that cannot be
written is done without. The cache is the user's own, as the catalogues are (never the source tree,
:func:`banker.paths.cache_dir`), and trusted as Python's own bytecode cache is: a pickle is code, so nothing is ever
read this way from a file a person hands Banker (those go through :mod:`rules.bounded`), only what Banker wrote.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

import rules
from banker.paths import cache_dir
from rules import data

FORMAT = "1"
"""Changes when what is kept changes shape: every copy kept before is parsed again."""

T = TypeVar("T")


def install() -> None:
    """Have the rules read their shipped files through :func:`keep` in this process."""
    data.keep_with(keep)


def keep(path: Path, parse: Callable[[Path], T], /) -> T:
    """What ``parse`` makes of the shipped file ``path``: as kept by an earlier process for the same bytes and the
    same rules, else parsed now and kept."""
    source = path.read_bytes()
    stamp = (FORMAT, sys.version, _code(), source)
    kept = cache_dir() / "data" / f"{path.parent.name}-{path.stem}.pickle"
    try:
        with kept.open("rb") as f:
            if pickle.load(f) == stamp:
                value: T = pickle.load(f)
                return value
    except Exception:  # noqa: BLE001 - none kept yet, or damaged, or another Banker's: parsed again below
        pass
    value = parse(path)
    _write(kept, pickle.dumps(stamp, pickle.HIGHEST_PROTOCOL) + pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
    return value


@cache
def _code() -> tuple[tuple[str, int, int], ...]:
    """The rules' code and shared data as they are now: each file's name, size and time (a parse is the rules'
    modules' reading of the file; an edition's check names the shared decks' files)."""
    root = Path(rules.__file__).parent
    out = []
    for folder in (root, root / "data"):
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.endswith((".py", ".toml")) and entry.is_file():
                    stat = entry.stat()
                    out.append((f"{folder.name}/{entry.name}", stat.st_size, stat.st_mtime_ns))
    return tuple(sorted(out))


def _write(kept: Path, content: bytes) -> None:
    """Write ``kept`` whole (a temporary name renamed), or not at all."""
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        tmp = kept.with_name(f".{kept.name}.{os.getpid()}.tmp")
        tmp.write_bytes(content)
        os.replace(tmp, kept)
    except OSError:
        pass  # a read-only or full disk: parsed again next time
