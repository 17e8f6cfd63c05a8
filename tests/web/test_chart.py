"""Worth over the game on every phone (issue 34): each player's page shows it under the figures, their own line
first and heavier, the figures also as a table a screen reader reads; the table's page shows everyone's. The
pictures are fetched by the page under its own link (the snapshot names them, never waits for them), read back
here as a phone receives them."""

from __future__ import annotations

import re

import pytest

from banker.journal import TABLE_SEAT
from banker.reports.chart import COLOURS, DASHES, HEAVY
from banker.session import Session
from rules import Settings
from rules.valuation import valuation
from tests.kit.exports import chart_lines
from tests.kit.phones import next_snapshot, path_of, served


@pytest.fixture
def db(tmp_path):
    return tmp_path / "phones.db"


NAMES = ("Ann", "Bob", "Cy", "Dee")
LINES = [
    "buy ann boardwalk",
    "next",
    "buy bob reading",
    "next",
    "rent cy reading",
    "next",
    "pay dee 150",
    "pay cy 60",
    "next",
    "rent dee boardwalk",  # Dee's turn was the one before: asked in time (seed 000, PAYING RENT)
]


def _game(db) -> tuple[int, dict[str, list[int]]]:
    """The game, and each player's worth after every entry as the engine values it (the oracle the pictures are
    read against)."""
    with Session.create(db, list(NAMES), Settings()) as s:
        worth = {p.name: [valuation(s.state, i).total] for i, p in enumerate(s.state.players)}
        for line in LINES:
            assert s.execute(line).ok, line
            for i, p in enumerate(s.state.players):
                worth[p.name].append(valuation(s.state, i).total)
        return s.game_id, worth


def _sources(html: str) -> list[str]:
    return re.findall(r'(?:src|srcset)="([^"]+\.svg\?lang=en)"', html)  # the page's language named (issue 36)


async def test_every_page_draws_each_players_own_line_with_their_own_figures_and_mark(db, aiohttp_client):
    """The defect: Bob's page showed a heavy blue line labelled Ann in Bob's legend colour. On every seat's page
    (and the table's, and the television's), the line named X holds X's worth at every entry and ends at X's worth,
    its end label is X, and its colour and line style are X's own (the same on every page); a player's own line
    is first in the legend and the one heavier line."""
    game, worth = _game(db)
    assert len({w[-1] for w in worth.values()}) == len(NAMES)  # every line ends apart: a swap would show
    _server, client, links = await served(db, game, aiohttp_client)
    marks: dict[str, set[tuple[str, str]]] = {name: set() for name in NAMES}
    for seat in [*range(len(NAMES)), TABLE_SEAT]:
        html = await (await client.get(path_of(links, seat))).text()
        sources = _sources(html)
        assert len(sources) == (3 if seat == TABLE_SEAT else 2), sources  # worth, cash (and the television's)
        for src in sources:
            answer = await client.get(src)
            assert answer.status == 200 and answer.content_type == "image/svg+xml"
            svg = await answer.text()
            assert "<script" not in svg and "kozea" not in svg
            lines = chart_lines(svg)
            expected = list(NAMES) if seat == TABLE_SEAT else [NAMES[seat], *(n for n in NAMES if n != NAMES[seat])]
            assert list(lines) == expected, (seat, src)  # the legend's order: the page's own player first
            for name, line in lines.items():
                assert line.end == name, (seat, src, name)
                marks[name].add((line.colour, line.dashes))
                if "/cash/" not in src:
                    assert list(line.values) == worth[name], (seat, src, name)
                    assert line.values[-1] == worth[name][-1]
            widths = {name: line.width for name, line in lines.items()}
            heavy = {name for name, width in widths.items() if width == str(HEAVY)}
            assert heavy == (set() if seat == TABLE_SEAT else {NAMES[seat]}), (seat, src, widths)
    for seat, name in enumerate(NAMES):  # a player's mark is theirs on every page, not their place in the list
        assert marks[name] == {(COLOURS[seat], DASHES[seat])}, (name, marks[name])


async def test_the_snapshot_names_the_pictures_and_the_chart_follows_the_game(db, aiohttp_client):
    """A snapshot carries the figures and names the pictures of its entry (never waiting for them to be drawn);
    each new entry names new pictures, an undo names the pictures of the entry it returns to, whose figures
    leave out what was undone."""
    game, _worth = _game(db)
    server, client, links = await served(db, game, aiohttp_client)
    stream = await client.get(path_of(links, 0) + "/events")
    first = await next_snapshot(stream)
    points = len(first["data"]["chart"]["worth"][0])
    with Session.open(db, game) as app:
        assert app.execute("rent ann reading").ok
        server.changed(game)
        after = await next_snapshot(stream)
        chart = after["data"]["chart"]
        assert len(chart["worth"][0]) == points + 1
        assert chart["worth"][0][-1] == after["data"]["player"]["worth"]
        (src,) = {s for s in _sources(after["sections"]["chart"]["html"]) if "/worth/" in s}
        assert src.endswith(f"/worth/{after['seq']}.svg?lang=en") and src not in first["sections"]["chart"]["html"]
        assert chart_lines(await (await client.get(src)).text())["Ann"].values[-1] == chart["worth"][0][-1]
        assert app.execute("undo").ok
        server.changed(game)
        undone = await next_snapshot(stream)
    assert undone["data"]["chart"] | {"at": 0} == first["data"]["chart"] | {"at": 0}  # the undone rent is in no point
    assert undone["seq"] > after["seq"]  # a new address: the picture drawn before the rent is drawn again


async def test_a_picture_is_answered_only_to_a_link_and_within_bounds(db, aiohttp_client):
    """The pictures sit behind the page's own token (docs/phones.md): another token, another kind, an entry of
    more than 12 digits or the television's picture on a player's link is 404; an entry the game has left gets the
    current picture, not to be kept; the current one may be kept (its address names its entry)."""
    game, _worth = _game(db)
    _server, client, links = await served(db, game, aiohttp_client)
    page = path_of(links, 1)
    (src, _cash) = _sources(await (await client.get(page)).text())
    current = await client.get(src)
    assert current.status == 200 and "immutable" in current.headers["Cache-Control"]
    assert current.headers["Content-Security-Policy"].startswith("default-src 'none'")
    old = await client.get(f"{page}/chart/worth/1.svg")
    assert old.status == 200 and old.headers["Cache-Control"] == "no-store"
    assert await old.text() == await current.text()
    for bad in (
        "/AAAAAAAAAAAAAAAAAAAAAA/chart/worth/1.svg",
        f"{page}/chart/board/1.svg",
        f"{page}/chart/worth/1234567890123.svg",
        f"{page}/chart/worth/-1.svg",
        f"{page}/chart/tv/1.svg",
    ):
        assert (await client.get(bad)).status == 404, bad
    assert (await client.post(src)).status == 405
