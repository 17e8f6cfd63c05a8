"""The exports and the ``scores`` table of fixed games, byte for byte: the files in ``golden/`` were written by the
code before the standings became one record (``rules.valuation.Standing``, issue 14), and must not change. The game
files (``banker export --format journal``, ``*.game.json``) were written before the export streamed (issue 33), with
the journal's clock fixed and Banker's version written as ``VERSION``. The HTML standings gained the chart of worth
over the game, and the recap came, with issue 34 (the other formats' files are as they were).

Regenerate only for a deliberate format change: ``python tests/reports/test_golden.py``.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from dataclasses import asdict, replace
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

import pytest

import rules
from banker.reports import exports, formats
from banker.reports.bgstats import bgstats_play
from banker.reports.report import report
from banker.session import Session
from banker.views import answer, standings_rows
from rules.words import RulesVersion

GOLDEN = Path(__file__).parent / "golden"
CREATED = "2026-11-22T03:00:00+00:00"
ENDED = "2026-11-22T04:25:30+00:00"

GAMES: dict[str, tuple[list[str], list[str], dict[str, Any]]] = {
    # the 1973 short game to its second bankruptcy: deals, houses and a hotel, a mortgage, a player bankrupt
    "short-1973": (
        ["Ann", "Bob", "Cy", "Dee"],
        [
            "deal ann boardwalk",
            "deal ann park place",
            "deal bob baltic",
            "deal bob mediterranean",
            "deal cy reading",
            "deal cy oriental",
            "deal dee vermont",
            "deal dee connecticut",
            "build ann boardwalk 2",
            "build ann park place 1",
            "build bob baltic 4",
            "build bob mediterranean 4",
            "mortgage dee vermont",
            "rent cy boardwalk",
            "bankrupt cy to ann",
            "bankrupt dee to bank",
        ],
        {},
    ),
    # a tie for first, ended by agreement: nobody's win
    "tie": (["Ann", "Bob"], ["end"], {}),
    # a time-limit game ended by the clock, on the UK board
    "time-limit": (
        ["Ann", "Bob", "Cy"],
        ["deal ann mayfair", "deal ann park lane", "deal bob kings cross", "deal bob whitechapel"]
        + ["deal cy strand", "deal cy fleet", "build ann mayfair 2", "rent cy mayfair", "end time"],
        {"time_limit_minutes": 90, "edition": "uk"},
    ),
}


@contextlib.contextmanager
def _in_utc():
    """The CSV and Markdown show local times (banker.reports.times): the golden files are written in UTC."""
    old = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    try:
        yield
    finally:
        if old is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = old
        time.tzset()


@contextlib.contextmanager
def _fixed_clock():
    """Every journal entry (and the game's start) recorded at :data:`CREATED`, so the game file is fixed too."""
    import banker.journal

    real = banker.journal.now
    banker.journal.now = lambda: CREATED
    try:
        yield
    finally:
        banker.journal.now = real


def _files(tmp_path: Path, key: str) -> dict[str, str]:
    """Every export of the game, and its ``scores`` rows and ``show scores`` answer, as text (times in UTC)."""
    with _in_utc(), _fixed_clock():
        return _write(tmp_path, key)


def _write(tmp_path: Path, key: str) -> dict[str, str]:
    names, lines, settings = GAMES[key]
    variant = "standard" if key == "tie" else key
    # Games of before the deadline for rent (issue 30), as the files were: a game created now says its rules
    # (Settings.rules_version), which tests/cli/test_game_file.py's round trip and test_rules_version.py hold.
    old = rules.Settings(variant=variant, rules_version=RulesVersion.FIRST, **settings)
    session = Session.create(tmp_path / f"{key}.db", names, old)
    session.clock = partial(datetime.fromisoformat, CREATED)  # as the journal's (_fixed_clock)
    for line in lines:
        if line == "end time":  # seed 002: recorded when the agreed time has come (the clock at the deadline)
            session.clock = session.deadline  # type: ignore[assignment]  # a clock that reads the deadline
        reply = session.execute(line)
        assert reply.ok, f"{line}: {reply.message}"
    assert session.state.over
    rep = replace(report(session, story=True), game=1, created=CREATED, ended=ENDED)
    scores = [{k: v for k, v in asdict(row).items() if k != "game"} for row in session.scores()]
    out = {f"{key}.{fmt}": formats.render(rep, fmt) for fmt in formats.KEYS}
    out[f"{key}.qr.txt"] = exports.qr_text(rep) + "\n"
    out[f"{key}.scores.json"] = json.dumps([standings_rows(session.state), scores], indent=1) + "\n"
    out[f"{key}.answer.txt"] = "\n".join(answer(session.state, _query(q)) for q in ("scores", "worth")) + "\n"
    try:
        play = bgstats_play(rep)
        play.pop("playDate")  # the start in this computer's time zone: not the standings', and not fixed
        out[f"{key}.bgstats.json"] = json.dumps(play, indent=1, sort_keys=True) + "\n"
    except ValueError:
        pass
    out[f"{key}.game.json"] = _game_file(session)
    session.close()
    return out


def _game_file(session: Session) -> str:
    """The game file as ``banker export --format journal`` writes it, piece by piece."""
    from banker import __version__

    game_file = formats.find_game_format("journal")
    assert game_file is not None
    text = b"".join(game_file.render(session)).decode("utf-8")
    return text.replace(f'"banker": "{__version__}"', '"banker": "VERSION"')


def _query(kind: str):
    from banker.commands import Query, QueryKind

    return Query(QueryKind(kind))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_exports_and_scores_stay_byte_identical(tmp_path, key):
    made = _files(tmp_path, key)
    kept = {p.name: p.read_bytes().decode("utf-8") for p in GOLDEN.glob(f"{key}.*")}
    assert sorted(made) == sorted(kept)
    for name, text in made.items():
        assert text == kept[name], name


@pytest.mark.parametrize("key", sorted(set(GAMES) - {"time-limit"}))
def test_the_game_files_import_and_export_again_byte_for_byte(tmp_path, key):
    """The golden game files were written before the deadline for rent was enforced (issue 30): each imports as the
    game it was (its settings hold no ``rules_version``, so it plays by the rules it was created with), and exports
    again to the very same bytes. (Not the time-limit game's: its file says every entry was recorded at the fixed
    clock's time, its ``end time`` too, which an import replays at that time and refuses as early, as it should.)"""
    from banker import __version__
    from banker.reports.journal_file import import_game

    kept = (GOLDEN / f"{key}.game.json").read_text(encoding="utf-8")
    assert "rules_version" not in kept
    import_game(tmp_path / "moved.db", kept.replace('"banker": "VERSION"', f'"banker": "{__version__}"'))
    with Session.open(tmp_path / "moved.db") as session:
        assert session.state.settings.rules_version == RulesVersion.FIRST
        assert _game_file(session) == kept


if __name__ == "__main__":  # regenerate the golden files
    import tempfile

    GOLDEN.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for game in GAMES:
            for name, text in _files(Path(tmp), game).items():
                (GOLDEN / name).write_bytes(text.encode("utf-8"))
    sys.exit(0)
