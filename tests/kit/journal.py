"""Games recorded through the same ``Session`` the app uses, in a test's own database, and their journal read back."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from banker.session import Session
from rules import Settings


def db_path() -> Path:
    """The test's own database (tests/conftest.py points ``BANKER_DB`` into its tmp_path)."""
    return Path(os.environ["BANKER_DB"])


def hotels_on_all_but_one(player: str) -> list[str]:
    """Lines that put 11 of the bank's 12 hotels on ``player``'s lots (the red, yellow, green and dark blue groups),
    so the bank is short of hotels: seed 000, BUILDING SHORTAGE sells the last one at auction when two or more players
    want it."""
    deeds = ["kentucky", "indiana", "illinois", "atlantic", "ventnor", "marvin", "pacific", "north carolina"]
    deeds += ["pennsylvania avenue", "park place", "boardwalk"]
    lines = [f"collect {player} 12000"] + [f"buy {player} {deed}" for deed in deeds]
    return (
        lines
        + [f"build {player} {deed} 15" for deed in ("kentucky", "atlantic", "pacific")]
        + [f"build {player} boardwalk 10"]
    )


def make_game(
    db: Path, names: Sequence[str] = ("ann", "bob", "cat"), lines: Sequence[str] = (), settings: Settings | None = None
) -> int:
    """Create a game, record ``lines`` (each must be accepted), close it; its id."""
    session = Session.create(db, list(names), settings or Settings())
    for line in lines:
        reply = session.execute(line)
        assert reply.ok, (line, reply.message)
    session.close()
    return session.game_id


def finished_game(db: Path) -> int:
    """A short game (1990s) that is over: Ann is dealt Boardwalk, Bob goes bankrupt to the bank; its id."""
    return make_game(
        db, ("Ann", "Bob"), ("deal ann boardwalk", "bankrupt bob to bank"), Settings(variant="short-1990s")
    )


def journal_lines(app) -> list[str]:
    """The lines of the app's journal, as recorded."""
    return [e.text for e in app.session.log()]


def journal_entries(app) -> list[tuple[int, str, str]]:
    """The app's journal as (seq, kind, text)."""
    return [(e.seq, e.kind, e.text) for e in app.session.log()]
