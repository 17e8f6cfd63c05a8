"""What goes wrong with a database, in words: every failure of the journal is a :class:`JournalError` naming the
file and the cause; a missing database or game is a :class:`NoDatabase` or :class:`NoGame` (both
``LookupError``)."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from rules.i18n import _


class JournalError(Exception):
    """The database cannot be used: not ours, damaged, or written by a newer Banker. Nothing was written."""


class NoDatabase(LookupError):
    """There is no Banker database at ``path`` (a command that only reads never creates one)."""

    def __init__(self, path: Path) -> None:
        super().__init__(_("there is no Banker database at {path}").format(path=path))
        self.path = path


class NoGame(LookupError):
    """The database at ``path`` holds no game ``game`` (None: no game at all)."""

    def __init__(self, path: Path, game: int | None = None) -> None:
        if game is not None:
            what = _("there is no game {game} in {path}").format(game=game, path=path)
        else:
            what = _("there are no games in {path}").format(path=path)
        super().__init__(what)
        self.path = path
        self.game = game


def cause(error: BaseException) -> str:
    """What went wrong, in words, from an SQLite or OS error."""
    name = getattr(error, "sqlite_errorname", "") or ""
    detail = str(error) or type(error).__name__
    if name.startswith("SQLITE_READONLY"):
        return _("the file or its directory is read-only")
    if name == "SQLITE_FULL" or getattr(error, "errno", None) == 28:
        return _("the disk is full")
    if name.startswith("SQLITE_IOERR"):
        return _("the disk could not be read or written ({detail})").format(detail=detail)
    if name.startswith("SQLITE_BUSY") or name.startswith("SQLITE_LOCKED"):
        return _("another program kept the database busy for 30 seconds; try again")
    if name.startswith("SQLITE_CANTOPEN"):
        return _("the file cannot be opened")
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return _("the file is damaged ({detail})").format(detail=detail)
    if isinstance(error, OSError) and error.strerror:
        return error.strerror[0].lower() + error.strerror[1:]
    if isinstance(error, (KeyError, TypeError, AttributeError, IndexError)):
        return f"{type(error).__name__}: {detail}"
    return detail


def damaged(path: Path, error: BaseException, what: str = "") -> JournalError:
    """The error for a database whose rows cannot be read as Banker wrote them (a dropped table, a row that is
    not JSON, an unknown variant)."""
    why = cause(error)
    why = why if len(why) <= 120 else why[:119] + "…"
    if what:
        said = _("{path} is damaged ({what}): {why}; nothing was changed")
    else:
        said = _("{path} is damaged: {why}; nothing was changed")
    return JournalError(said.format(path=path, what=what, why=why))


class _OnFile(Protocol):
    @property
    def path(self) -> Path: ...


_S = TypeVar("_S", bound=_OnFile)
_P = ParamSpec("_P")
_R = TypeVar("_R")


def reading(method: Callable[Concatenate[_S, _P], _R]) -> Callable[Concatenate[_S, _P], _R]:
    """A read of the journal: an SQLite error or a row that is not JSON becomes a :class:`JournalError`."""

    def wrapper(self: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(self, *args, **kwargs)
        except (sqlite3.Error, ValueError, TypeError) as e:
            raise read_failure(self.path, e) from None

    functools.update_wrapper(wrapper, method)
    return wrapper


def read_failure(path: Path, e: sqlite3.Error | ValueError | TypeError) -> JournalError:
    """What a failed read of the journal is said as (:func:`reading`)."""
    if not isinstance(e, sqlite3.Error):  # json.JSONDecodeError is a ValueError
        return damaged(path, e, _("a row is not the JSON Banker wrote"))
    if getattr(e, "sqlite_errorname", "").startswith(
        ("SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_IOERR", "SQLITE_CANTOPEN")
    ):
        return JournalError(_("cannot read {path}: {why}").format(path=path, why=cause(e)))
    return damaged(path, e)
