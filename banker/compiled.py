"""The code Python's dataclasses generate for each record, compiled once and kept between launches.

Every model class of Banker is a frozen dataclass (the rules' state and board, the journal's rows, the session's
replies, Textual's own messages and styles). For each one, at import, :mod:`dataclasses` writes its ``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__`` as source text and compiles each with
``exec``: about 1 ms a class, the largest part of what importing Banker cost a launch (half of Banker's own share of
the first frame's CPU time, measured with ``python -X importtime`` and callgrind for issue 33). Python keeps a
module's bytecode in ``__pycache__``, but not this code, so every launch compiled the same texts again.

:func:`install` has :mod:`dataclasses` compile each text once: its ``exec`` (looked up in the module's globals
before the builtins) is given one that finds the text's code among those kept, else compiles it exactly as
``exec`` would (``dont_inherit``: no ``__future__`` flags of this module; the same file name) and runs it in the
same namespaces. The classes are the same classes, their methods the same code. :func:`save` keeps what was
compiled in the cache directory (``code/dataclasses.marshal``, beside the compiled catalogues), for this Python
only: another version, or a damaged file, starts afresh. ``banker`` installs it before anything is imported and
saves when the command is done (:mod:`banker.cli.main`); ``tests/core/test_compiled.py`` checks that the methods
are the ones dataclasses makes without it, and that a second process compiles nothing.
"""

from __future__ import annotations

import dataclasses
import marshal
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from types import CodeType
from typing import Any

from banker.paths import cache_dir

LIMIT = 1500
"""At most this many texts are kept (the app and every subcommand make some 600): past it, a save keeps only those
this process used, so what Banker's classes were a version ago is not kept for ever."""


class _Kept:
    """The codes this process has (each kept one marshalled until first used: a launch uses a third of them), which
    it used, and whether any was compiled here (then :func:`save` writes)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.codes: dict[str, bytes | CodeType] = _read(path)
        self.used: set[str] = set()
        self.new = False

    def exec(
        self, source: str | CodeType, where: dict[str, Any] | None = None, local: Mapping[str, Any] | None = None, /
    ) -> None:
        """``exec(source, where, local)`` as dataclasses calls it, a text compiled once."""
        if isinstance(source, str):
            source = self.code(source)
        # exec called in dataclasses' frame with no globals runs in dataclasses' own: so does this one
        exec(source, vars(dataclasses) if where is None else where, local)  # dataclasses' own code

    def code(self, text: str) -> CodeType:
        """The code of ``text``: kept, or compiled as ``exec`` compiles it in dataclasses' frame."""
        self.used.add(text)
        kept = self.codes.get(text)
        if isinstance(kept, bytes):
            try:
                kept = marshal.loads(kept)
            except (EOFError, ValueError, TypeError):
                kept = None
        if not isinstance(kept, CodeType):
            kept = compile(text, "<string>", "exec", dont_inherit=True)
            self.new = True
        self.codes[text] = kept
        return kept


_kept: _Kept | None = None


def install() -> None:
    """From now on, :mod:`dataclasses` compiles each text of generated code once (kept between launches)."""
    global _kept
    if _kept is None:
        _kept = _Kept(cache_dir() / "code" / "dataclasses.marshal")
        dataclasses.exec = _kept.exec  # type: ignore[attr-defined]  # found before the builtin


def uninstall() -> None:
    """Back to :mod:`dataclasses`' own ``exec`` (tests: a ``banker`` run in the test's process installed it)."""
    global _kept
    _kept = None
    vars(dataclasses).pop("exec", None)


def save() -> None:
    """Keep the code compiled in this process for the next, when any was compiled here (a cache that cannot be
    written is done without)."""
    if _kept is None or not _kept.new:
        return
    codes = _kept.codes
    if len(codes) > LIMIT:
        codes = {text: code for text, code in codes.items() if text in _kept.used}
    kept = {text: code if isinstance(code, bytes) else marshal.dumps(code) for text, code in codes.items()}
    path = _kept.path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(marshal.dumps((sys.version, kept)))
        os.replace(tmp, path)
        _kept.new = False
    except OSError:
        pass  # a read-only or full disk: compiled again next time


def _read(path: Path) -> dict[str, bytes | CodeType]:
    """The codes kept at ``path`` by this Python, each still marshalled; none when there are none, they are another
    Python's, or the file is damaged (a damaged code is compiled afresh when asked for: :meth:`_Kept.code`)."""
    try:
        version, codes = marshal.loads(path.read_bytes())
    except Exception:  # noqa: BLE001 - none kept yet, or damaged: compiled afresh
        return {}
    if version != sys.version or not isinstance(codes, dict):
        return {}
    return {t: c for t, c in codes.items() if isinstance(t, str) and isinstance(c, bytes)}
