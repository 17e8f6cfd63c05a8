"""What every ``banker`` subcommand shares: one line on stderr for every error, the exit status, text made safe for
a terminal, the database path, and output files that can never be the database.

Exit status (docs/commands.md): 0 done; 1 cannot (no such game or database, a file that cannot be read or
written, a damaged database, a full disk); 2 refused (a refused line, bad arguments, an output file that exists
or is the database). Every error is one line, ``banker: <file>: <cause>`` or a refusal in words; never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from banker.journal import JournalError, cause
from banker.settings import SettingsError
from rules.errors import RuleError
from rules.i18n import N_, _
from rules.names import escape_controls

CANNOT = 1
REFUSED = 2
MAX_SCRIPT = 16 * 1024 * 1024
"""The largest script ``banker play`` reads (a 12,000-line game is under 1 MB)."""


class CliError(Exception):
    """Stop the subcommand with one line on stderr and an exit status."""

    def __init__(self, message: str, status: int = CANNOT) -> None:
        super().__init__(message)
        self.status = status


def safe(text: str) -> str:
    """``text`` for a terminal: control characters and escape sequences written out (``\\x1b``), so a name or a
    journalled line can neither retitle the window nor clear the screen. Line breaks and tabs stay."""
    return escape_controls(text, keep="\n\t")


def say(text: str = "") -> None:
    """Print ``text`` on stdout, made safe."""
    print(safe(text))


def complain(message: str, prefix: str = "banker: ") -> None:
    """One line on stderr, made safe (a line break in a message becomes a space)."""
    print(prefix + safe(" ".join(str(message).split("\n"))), file=sys.stderr)


def columns(heads: tuple[str, ...], rows: Iterable[tuple[str, ...]], widths: tuple[int, ...]) -> Iterator[str]:
    """A table's lines: each column but the last padded to its width (negative: aligned right), or to its heading's
    or its widest cell's where wider (a German heading is longer than the English the widths were made for; a row's
    cell may be longer than the width made for it), all counted in the cells a terminal shows."""
    from banker.reports.cells import cells, left, right

    rows = list(rows)
    sizes = [
        max(abs(w), cells(h), *(cells(r[i]) for r in rows if i < len(r)))
        for i, (w, h) in enumerate(zip(widths, heads, strict=False))
    ]

    def line(row: tuple[str, ...]) -> str:
        padded = [right(c, size) if w < 0 else left(c, size) for c, size, w in zip(row, sizes, widths, strict=False)]
        return "  ".join([*padded, *row[len(sizes) :]])

    yield line(heads)
    for row in rows:
        yield line(row)


def cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def database(arg: str | None, create: bool = False) -> Path:
    """The database path (``--db``, ``BANKER_DB`` or the data directory). Only commands that write a new game
    (``create``) make its directory; the others create nothing."""
    from banker.paths import db_path, editions_dir
    from rules.editions import use_directory

    path = db_path(arg, make_parent=False)
    use_directory(editions_dir(path))  # the family's own editions, beside the database (docs/editions.md)
    if create and not path.parent.is_dir():
        existing = next((p for p in path.parent.parents if p.exists()), None)
        if path.parent.exists() or (existing is not None and not existing.is_dir()):
            blocker = path.parent if path.parent.exists() else existing
            raise CliError(
                _("cannot create {path}: {blocker} is a file, not a directory").format(path=path, blocker=blocker)
            )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise CliError(
                _("cannot create the directory {folder} for {path}: {reason}").format(
                    folder=path.parent, path=path, reason=cause(e)
                )
            ) from None
    return path


def _same_file(a: Path, b: Path) -> bool:
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
        return a.resolve() == b.resolve()
    except OSError:
        return False


def output_file(out: str, db: Path, force: bool) -> Path:
    """Check an output path before anything is written: never the database or its ``-wal``/``-shm``/``-journal``
    files, never a directory, and an existing file only with ``--force``."""
    path = Path(out).expanduser()
    for suffix in ("", "-wal", "-shm", "-journal"):
        if _same_file(path, Path(f"{db}{suffix}")):
            what = (
                _("the game database") if not suffix else _("the game database's {suffix} file").format(suffix=suffix)
            )
            if str(path) != f"{db}{suffix}":
                what = f"{what} ({db}{suffix})"
            raise CliError(
                _("{path} is {what}; writing there would destroy the saved games. Choose another --out").format(
                    path=path, what=what
                ),
                REFUSED,
            )
    if path.is_dir():
        raise CliError(_("{path} is a directory; --out names the file to write").format(path=path), REFUSED)
    if path.exists() and not force:
        raise CliError(_("{path} already exists; add --force to replace it").format(path=path), REFUSED)
    return path


def write_file(path: Path, data: str | bytes | Iterable[bytes]) -> None:
    """Write ``data`` (whole, or in pieces written as they come) to ``path``: a regular file is replaced only once
    the new one is complete (a full disk leaves the old file as it was); a device or pipe is written directly."""
    pieces = (data.encode("utf-8"),) if isinstance(data, str) else (data,) if isinstance(data, bytes) else data
    try:
        if path.exists() and not path.is_file():
            with path.open("wb") as f:
                f.writelines(pieces)
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.writelines(pieces)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as e:
        raise CliError(_("cannot write {path}: {reason}").format(path=path, reason=cause(e))) from None


SCRIPT = N_("a script is a text file of commands, one a line")


def read_script(name: str, limit: int = MAX_SCRIPT, what: str = SCRIPT) -> str:
    """A script's text: at most ``limit`` bytes (``/dev/zero`` is refused, not read for ever; ``what`` says what the
    file should have been), a UTF-8 byte-order mark dropped. Bytes that are not UTF-8 are kept as lone surrogates
    for the line check to refuse with the line's number."""
    try:
        if name == "-":
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(name, "rb") as f:
                data = f.read(limit + 1)
    except OSError as e:
        raise CliError(_("cannot read {file}: {reason}").format(file=name, reason=cause(e))) from None
    if len(data) > limit:
        where = _("standard input") if name == "-" else name
        raise CliError(
            _("{file} is more than {size} MB; {what}").format(file=where, size=limit // 2**20, what=_(what)), REFUSED
        )
    return data.decode("utf-8", "surrogateescape").removeprefix("\ufeff")


def run_guarded(handler: Callable[[], int], db: Path | None) -> int:
    """Run a subcommand; every exception it can meet becomes one line on stderr and an exit status."""
    where = f"{db}: " if db is not None else ""
    try:
        return int(handler() or 0)
    except CliError as e:
        complain(str(e))
        return e.status
    except SettingsError as e:  # a bad config.toml: one line naming the file and the setting
        complain(str(e))
        return REFUSED
    except RuleError as e:
        complain(str(e))
        return REFUSED
    except JournalError as e:
        complain(str(e))
        return CANNOT
    except LookupError as e:
        complain(str(e.args[0] if e.args else e))
        return CANNOT
    except sqlite3.Error as e:
        complain(f"{where}{cause(e)}")
        return CANNOT
    except BrokenPipeError:
        raise  # the reader went away: banker.cli.main ends quietly
    except OSError as e:
        name = f"{e.filename}: " if e.filename else where
        complain(f"{name}{cause(e)}")
        return CANNOT
    except KeyboardInterrupt:
        complain(_("interrupted; every command recorded before stays recorded"))
        return CANNOT
    except Exception as e:  # noqa: BLE001 - the promise is one line, never a traceback
        error = _("unexpected error ({kind}: {error})").format(kind=type(e).__name__, error=cut(str(e), 200))
        complain(f"{where}{error}")
        return CANNOT
