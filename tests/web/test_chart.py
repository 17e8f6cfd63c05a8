"""Worth over the game on every phone (issue 34): each player's page draws it live under the figures, their own
line first, the figures also as a table a screen reader reads; the table's page draws everyone's. Read back from
the page and from the stream, as a phone receives them."""

from __future__ import annotations

import re

import pytest

from banker.journal import TABLE_SEAT
from banker.session import Session
from rules.valuation import valuation
from tests.kit.exports import chart_series
from tests.kit.phones import next_snapshot, path_of, phone_game, served


@pytest.fixture
def db(tmp_path):
    return tmp_path / "phones.db"


LINES = ["buy ann boardwalk", "next", "buy bob reading", "next", "rent cy reading", "next", "rent bob boardwalk"]


def _svgs(html: str) -> list[str]:
    return re.findall(r"<svg.*?</svg>", html, flags=re.S)


def _parsed(svg: str) -> dict[str, list[str]]:
    """The chart's lines (an inline SVG carries no namespace declaration: the HTML parser's own)."""
    return chart_series(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


async def test_each_page_draws_worth_over_the_game_own_line_first(db, aiohttp_client):
    game = phone_game(db, lines=LINES)
    _server, client, links = await served(db, game, aiohttp_client)
    with Session.open(db, game, readonly=True) as s:
        money = s.state.money
        totals = {p.name: valuation(s.state, i).total for i, p in enumerate(s.state.players)}
    html = await (await client.get(path_of(links, 1))).text()
    assert html.index('id="money"') < html.index('id="chart"') < html.index('id="deeds"')  # under the figures
    worth_svg, cash_svg = _svgs(html)
    assert list(_parsed(worth_svg)) == ["Bob", "Ann", "Cy"]  # Bob's own line first in the legend...
    assert ".series.serie-1{stroke-width:5}" in worth_svg  # ...and heavier (his seat's line: the chart is shared)
    assert "<script" not in worth_svg and "kozea" not in html and "http://" not in html
    # the figures as text for a screen reader: a table labelled, Bob's row first, each player's worth now
    table = re.search(r'<div class="sr-only"><table class="figures" aria-label="([^"]+)">(.*?)</table>', html, re.S)
    assert table and table[1] == "Worth over the game, in figures"
    rows = re.findall(r'<th scope="row">([^<]+)</th>((?:<td>[^<]*</td>)+)', table[2])
    assert [name for name, _ in rows] == ["Bob", "Ann", "Cy"]
    assert all(cells.endswith(f"<td>{money(totals[name])}</td>") for name, cells in rows)
    assert 'aria-label="Worth of each player over the game, now: ' in html
    assert "Cash alone" in html and list(_parsed(cash_svg))[0] == "Bob"  # the second view, behind a tap
    table_page = await (await client.get(path_of(links, TABLE_SEAT))).text()
    assert list(_parsed(_svgs(table_page)[0])) == ["Ann", "Bob", "Cy"]  # the table's: seating order


async def test_the_chart_follows_the_game_live_and_leaves_out_what_was_undone(db, aiohttp_client):
    game = phone_game(db, lines=LINES)
    server, client, links = await served(db, game, aiohttp_client)
    stream = await client.get(path_of(links, 0) + "/events")
    first = await next_snapshot(stream)
    points = len(first["data"]["chart"]["worth"][0])
    with Session.open(db, game) as app:
        assert app.execute("rent ann reading").ok
        server.changed(game)
        money = await next_snapshot(stream)  # the money at once; the chart's pictures are drawn in a thread...
        after = await _chart_of(stream, money, lambda chart: len(chart["worth"][0]) == points + 1)
        chart = after["data"]["chart"]  # ...and pushed when drawn
        assert chart["worth"][0][-1] == after["data"]["player"]["worth"] == money["data"]["player"]["worth"]
        assert after["sections"]["chart"]["h"] != first["sections"]["chart"]["h"]
        assert app.execute("undo").ok
        server.changed(game)
        undone = await _chart_of(stream, None, lambda chart: len(chart["worth"][0]) == points)
    assert undone["data"]["chart"] == first["data"]["chart"]  # the undone rent is in no point
    assert undone["sections"]["chart"] == first["sections"]["chart"]


async def _chart_of(stream, snapshot, drawn) -> dict:
    """The first snapshot (``snapshot`` or one after it) whose chart ``drawn`` says is the one awaited."""
    while snapshot is None or not drawn(snapshot["data"]["chart"]):
        snapshot = await next_snapshot(stream, redrawn=True)
    return snapshot


ENDS_WITHOUT_STOPPING = """
import asyncio, os, sys, time
from banker.web.server import PhoneServer

async def main():
    server = PhoneServer(sys.argv[1], "127.0.0.1", 0)
    drawer = server.drawer()
    await asyncio.get_running_loop().run_in_executor(drawer, time.sleep, 0)
    print(*drawer._processes, flush=True)
    os._exit(0)  # killed, or ended without stopping the server

if __name__ == "__main__":
    asyncio.run(main())
"""


def test_the_drawing_process_ends_with_the_server_process(tmp_path):
    """The charts are drawn in a process of their own; a server's process that ends without stopping (killed)
    leaves no drawing process behind."""
    import os
    import subprocess
    import sys

    from tests.kit.waits import eventually

    script = tmp_path / "serve.py"
    script.write_text(ENDS_WITHOUT_STOPPING)
    out = subprocess.run([sys.executable, str(script), str(tmp_path / "g.db")], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    (pid,) = (int(p) for p in out.stdout.split())

    def gone() -> bool:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        with open(f"/proc/{pid}/stat") as stat:  # ended, waiting for init to reap it
            return stat.read().split(")")[-1].split()[0] == "Z"

    eventually(gone, "the drawing process to end")
