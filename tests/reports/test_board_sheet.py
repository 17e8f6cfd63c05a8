"""The board sheet export (``banker export --format board`` / ``board-html``) of a mid-game state, parsed back
from its Markdown into the state it describes; the page prints on one sheet; the phone's table page carries it."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from banker.cli.main import main
from banker.session import Session
from rules import Settings
from rules.state import HouseRules
from tests.kit.chromium import FLAGS
from tests.kit.patience import scaled

LINES = (
    "collect ann 2000",
    "buy ann boardwalk",
    "buy ann park place",
    "build ann boardwalk 5",
    "buy bob oriental",
    "buy bob vermont",
    "buy bob connecticut",
    "build bob vermont 15",
    "buy cy reading",
    "mortgage cy reading",
    "card cy chance jail-free",
    "jail bob",
    "next",
    "jail bob miss",
    "tax cy luxury",
)


@pytest.fixture
def game(tmp_path):
    db = tmp_path / "b.db"
    settings = Settings(house_rules=HouseRules(free_parking=True))
    with Session.create(db, ["Ann", "O'Bob", "Cy"], settings, ["car", "hat", "dog"]) as s:
        for line in LINES:
            line = line.replace(" bob", " o'bob")
            assert s.execute(line).ok, (line, s.execute(line).message)
        return db, s.game_id


def _cells(row: str) -> list[str]:
    """A Markdown table row's cells, unescaped (a backslash escapes the next character)."""
    cells, cell, i = [], "", 1
    while i < len(row) - 1:
        ch = row[i]
        if ch == "\\":
            cell += row[i + 1]
            i += 2
            continue
        if ch == "|":
            cells.append(cell.strip())
            cell = ""
        else:
            cell += ch
        i += 1
    cells.append(cell.strip())
    return cells


def _table(text: str, heading: str) -> list[list[str]]:
    part = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [ln for ln in part.splitlines() if ln.startswith("|")]
    return [_cells(r) for r in rows[2:]]


def test_the_markdown_sheet_reads_back_as_the_state(game, capsys):
    db, game_id = game
    assert main(["export", str(game_id), "--format", "board", "--db", str(db)]) == 0
    text = capsys.readouterr().out
    with Session.open(db, game_id, readonly=True) as s:
        state = s.state
    board = state.board
    deeds = _table(text, "Deeds")
    assert len(deeds) == 28
    for row, deed in zip(deeds, [board.deeds[i] for g in board.groups.values() for i in g.deeds], strict=True):
        group, name, owner, buildings, mortgaged = row
        holding = state.deeds[deed.index]
        g = board.groups[deed.group]
        assert (group, name) == (f"[{g.mark}] {g.title}", deed.name)
        p = state.players[holding.owner] if holding.owner is not None else None
        assert owner == (f"{p.name} ({p.token})" if p else "bank")
        level = holding.level
        expected = (
            "-"
            if not deed.is_street
            else "hotel"
            if level == state.hotel_level
            else f"{level} house{'s' if level != 1 else ''}"
            if level
            else ""
        )
        assert buildings == expected, deed.name
        assert mortgaged == ("mortgaged" if holding.mortgaged else "")
    players = {r[0]: r for r in _table(text, "Players")}
    bob = state.players[1]
    from rules.queries import jail_status

    assert players["O'Bob"] == ["O'Bob", "hat", f"${bob.cash:,}", "to play", jail_status(state, 1), ""]
    assert jail_status(state, 1).startswith("in jail, turn")
    assert players["Cy"][4:] == ["", "Chance"] and players["Ann"][3] == ""
    bank = text.split("## Bank\n", 1)[1]
    assert f"- Houses: {state.houses} of 32" in bank and f"- Hotels: {state.hotels} of 12" in bank
    assert f"- Free Parking pot: ${state.pot:,}" in bank and state.pot > 0
    assert re.search(r"turn \d+: \S+ to play", text)


@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs Debian's chromium")
def test_the_html_sheet_prints_on_one_page(game, tmp_path, capsys):
    db, game_id = game
    page = tmp_path / "sheet.html"
    assert main(["export", str(game_id), "--format", "board-html", "--out", str(page), "--db", str(db)]) == 0
    html = page.read_text(encoding="utf-8")
    assert "O&#x27;Bob" in html and "<script" not in html and "http" not in html.replace("http-equiv", "")
    pdf = tmp_path / "sheet.pdf"
    subprocess.run(
        ["chromium", *FLAGS, f"--print-to-pdf={pdf}", "--no-pdf-header-footer", page.as_uri()],
        check=True,
        capture_output=True,
        timeout=scaled(120),
    )
    pages = re.findall(rb"/Type\s*/Page(?!s)", pdf.read_bytes())
    assert len(pages) == 1
