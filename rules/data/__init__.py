"""The engine's data files (boards, card decks, variants), read beside this module.

A plain path read rather than ``importlib.resources``: the files always sit on disk next to the code, and the
resources machinery costs the app several milliseconds of start-up.
"""

from pathlib import Path

HERE = Path(__file__).parent


def read_text(name: str) -> str:
    """The text of a data file, e.g. ``read_text("editions/us.toml")`` or ``read_text("variants/standard.toml")``."""
    return (HERE / name).read_text(encoding="utf-8")
