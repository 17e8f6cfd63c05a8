"""Where Banker keeps its files: the game database and the app's error log.

The database path is chosen, in order, by ``--db PATH``, the ``BANKER_DB`` environment variable, or
``banker.db`` in the user's data directory (platformdirs), so tests and scripts never touch a player's games.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "banker"


def data_dir() -> Path:
    """The directory for Banker's files: ``BANKER_DATA_DIR`` if set, else the platform's user data directory."""
    env = os.environ.get("BANKER_DATA_DIR")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir  # only when needed: it costs the app's start-up a few milliseconds

    return Path(user_data_dir(APP_NAME))


def db_path(arg: str | os.PathLike[str] | None = None, make_parent: bool = True) -> Path:
    """The game database: ``arg`` (the ``--db`` value) if given, else ``BANKER_DB``, else the data directory's
    ``banker.db``. The parent directory is created so the first game can be saved (not with ``make_parent=False``:
    commands that only read create nothing)."""
    if arg:
        path = Path(arg).expanduser()
    elif os.environ.get("BANKER_DB"):
        path = Path(os.environ["BANKER_DB"]).expanduser()
    else:
        path = data_dir() / "banker.db"
    if make_parent:
        path.parent.mkdir(parents=True, exist_ok=True)
    return path


def log_path() -> Path:
    """The app's error log (tracebacks the banker should never see on screen)."""
    directory = data_dir()
    directory.mkdir(parents=True, exist_ok=True)
    return directory / "banker.log"


def editions_dir(db: str | os.PathLike[str]) -> Path:
    """Where a family's own edition files live: ``editions`` beside the database (docs/editions.md)."""
    return Path(db).parent / "editions"


def cache_dir() -> Path:
    """Where Banker keeps what it can make again (the compiled message catalogues): ``BANKER_CACHE_DIR`` if set,
    else the platform's user cache directory (``~/.cache/banker`` on Linux, by the XDG rule platformdirs follows,
    applied here so a launch does not import platformdirs for it). Never the source tree."""
    env = os.environ.get("BANKER_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    import sys

    if sys.platform.startswith("linux") and "ANDROID_ROOT" not in os.environ:
        base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")
        return Path(base) / APP_NAME
    from platformdirs import user_cache_dir

    return Path(user_cache_dir(APP_NAME))
