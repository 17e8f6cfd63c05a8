"""Colour-blind marks: every group carries a short mark in letters beside its colour (rules/data/editions/*.toml), so no
group is told by colour alone. Read with the colour stripped (tmux's plain capture of the real terminal; the phone
pages' text without their styles), every group is still told apart: each deed stands beside its own group's mark
and no two groups share one."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from rules.editions import load_board
from tests.kit.phones import TABLE_SEAT, path_of, phone_game, served
from tests.kit.terminal import MARKS, Terminal

pytestmark = MARKS

SETUP = ("buy ann boardwalk", "buy bob reading", "buy ann pacific", "buy bob illinois", "buy ann electric")


def _groups_told_apart(text: str, edition: str = "us") -> None:
    """Every deed of the board is shown once or more beside a mark, always its own group's, and the marks of the
    ten groups differ: the groups are told apart without colour."""
    board = load_board(edition)
    seen: dict[str, set[str]] = {}
    for deed in board.deeds:
        group = board.groups[deed.group]
        # the name in full, or cut with an ellipsis where the column is narrow
        cuts = "|".join(re.escape(deed.name[:k]) + "…" for k in range(4, len(deed.name)))
        found = re.findall(rf"█([A-Z]{{2}}) +(?:{re.escape(deed.name)}|{cuts})", text)
        assert found, f"{deed.name} is not shown beside a mark"
        assert set(found) == {group.mark}, (deed.name, found)
        seen.setdefault(group.mark, set()).add(group.key)
    assert len(seen) == len(board.groups) == 10
    assert all(len(keys) == 1 for keys in seen.values()), seen


@pytest.mark.parametrize("size", [(120, 40), (160, 50)])
def test_the_table_and_the_board_sheet_without_colour(tmp_path, size):
    with Terminal(tmp_path, *size) as term:
        term.play("new standard ann bob", *SETUP)
        term.launch()
        screen = term.wait_for("Boardwalk")
        _groups_told_apart(screen)
        term.keys("B")
        screen = term.wait_for("Board sheet, game")
        if size[1] >= 50:  # the whole sheet fits: every deed beside its mark
            _groups_told_apart(screen)
        else:
            assert "█DB Boardwalk" in screen or "█BR Mediterranean" in screen
        term.escape(lambda s: "Board sheet, game" not in s)
        term.quit()


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ("style", "script")

    def handle_endtag(self, tag):
        self._skip -= tag in ("style", "script")

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.parts.append(data.strip())


async def test_the_phone_pages_without_colour(tmp_path, aiohttp_client):
    db = tmp_path / "phones.db"
    game = phone_game(db, ("Ann", "Bob"), SETUP)
    _server, client, links = await served(db, game, aiohttp_client)
    table = _Text()
    table.feed(await (await client.get(path_of(links, TABLE_SEAT))).text())
    # the board sheet's rows: the mark, then the deed, as text (the swatch is a styled empty span)
    rows = " ".join(table.parts)
    board = load_board("us")
    for deed in board.deeds:
        assert f"{board.groups[deed.group].mark} {deed.name}" in rows, deed.name
    ann = _Text()
    ann.feed(await (await client.get(path_of(links, 0))).text())
    headings = " ".join(ann.parts)
    for key in ("dark_blue", "green", "utility"):
        group = board.groups[key]
        assert f"{group.mark} {group.title}" in headings
