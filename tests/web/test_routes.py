"""The phone pages' routes through aiohttp's test client: pages, the event stream after every kind of change,
privacy (tokens, 404), read-only (405, the journal untouched), escaping, and phones that go away."""

from __future__ import annotations

import asyncio
import re
import sqlite3
import sys

import pytest

from banker.journal import Journal
from banker.session import Session
from banker.web import server as server_module
from tests.kit.phones import TABLE_SEAT, cash_of, next_snapshot, path_of, phone_game, served
from tests.kit.waits import soon


@pytest.fixture
def db(tmp_path):
    return tmp_path / "phones.db"


async def test_player_page_is_complete_without_script(db, aiohttp_client):
    game = phone_game(db, lines=["buy ann boardwalk", "buy ann park place", "build ann boardwalk 2", "jail bob"])
    _server, client, links = await served(db, game, aiohttp_client)
    response = await client.get(path_of(links, 0))
    assert response.status == 200
    assert response.headers["Content-Type"] == "text/html; charset=utf-8"
    html = await response.text()
    assert '<html lang="en">' in html and "@media (prefers-color-scheme: dark)" in html
    assert "$350" in html  # 1,500 - 400 - 350 - 2 x 200
    assert 'Boardwalk</span> <span class="tag build">1 house</span>' in html  # built evenly: one on each
    assert "collects <strong>$200</strong>" in html and "collects <strong>$175</strong>" in html  # rules.rent.quote
    assert "Park Place" in html and "Dark Blue" in html
    assert "your turn" in html
    bob = await (await client.get(path_of(links, 1))).text()
    assert "In jail" in bob and "Ann</strong> to play" in bob


async def test_a_mortgaged_deed_says_no_rent_once(db, aiohttp_client):
    """Issue 22: a mortgaged deed said "collects no rent" and again "is mortgaged: no rent"."""
    game = phone_game(db, lines=["buy ann boardwalk", "buy ann electric company", "mortgage ann boardwalk"])
    _server, client, links = await served(db, game, aiohttp_client)
    html = await (await client.get(path_of(links, 0))).text()
    row = html[html.index('<span class="deed">Boardwalk</span>') :].split("</li>")[0]
    assert '<span class="tag warn">mortgaged</span>' in row and "collects <strong>no rent</strong></span>" in row
    assert row.count("no rent") == 1 and "is mortgaged" not in row


async def test_table_page_shows_standings_bank_and_pot(db, aiohttp_client):
    from rules.state import HouseRules, Settings

    game = phone_game(
        db,
        settings=Settings(house_rules=HouseRules(free_parking=True)),
        lines=["buy ann boardwalk", "buy ann park place", "build ann boardwalk", "tax bob luxury"],
    )
    _server, client, links = await served(db, game, aiohttp_client)
    html = await (await client.get(path_of(links, TABLE_SEAT))).text()
    assert "<caption" not in html and '<th scope="col">Player</th>' in html
    assert "Free Parking pot <strong>$100</strong>" in html  # Bob's Luxury Tax went into the pot
    assert "Houses <strong>31</strong> of 32 · Hotels <strong>12</strong> of 12" in html
    assert "buys Boardwalk" in html


async def test_time_limit_game_shows_time_left(db, aiohttp_client):
    from rules.state import Settings

    game = phone_game(db, settings=Settings(variant="time-limit", time_limit_minutes=90))
    _server, client, links = await served(db, game, aiohttp_client)
    html = await (await client.get(path_of(links, TABLE_SEAT))).text()
    assert 'id="time-left"' in html and "Time left 1:29:" in html


async def test_snapshot_on_connect_then_after_a_command_an_undo_and_another_process(db, aiohttp_client):
    game = phone_game(db)
    server, client, links = await served(db, game, aiohttp_client)
    stream = await client.get(path_of(links, 0) + "/events")
    assert stream.status == 200 and stream.headers["Content-Type"].startswith("text/event-stream")
    first = await next_snapshot(stream)
    assert cash_of(first, "Ann") == 1500 and set(first["sections"]) == {
        "game",
        "money",
        "status",
        "chart",
        "auction",
        "asks",
        "ask",
        "deeds",
        "log",
    }
    table = await client.get(path_of(links, TABLE_SEAT) + "/events")
    assert cash_of(await next_snapshot(table), "Ann") == 1500

    app = Session.open(db, game)  # the app's session: its listener tells the server at once
    app.add_listener(server.session_changed)
    assert app.execute("pay ann 100").ok
    assert cash_of(await next_snapshot(stream), "Ann") == 1400
    assert cash_of(await next_snapshot(table), "Ann") == 1400
    assert app.execute("undo").ok
    undone = await next_snapshot(stream)
    assert cash_of(undone, "Ann") == 1500 and "undone" in undone["sections"]["log"]["html"]
    assert cash_of(await next_snapshot(table), "Ann") == 1500

    # Another process: `banker do`, noticed by PRAGMA data_version with no call from anyone.
    done = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "banker.cli.main", "--db", str(db), "do", "pay", "ann", "250", "--game", str(game)
    )
    assert await done.wait() == 0
    assert cash_of(await next_snapshot(stream), "Ann") == 1250
    assert cash_of(await next_snapshot(table), "Ann") == 1250
    page = await (await client.get(path_of(links, 0))).text()
    assert "$1,250" in page
    app.close()


async def test_sections_carry_hashes_so_the_script_replaces_only_what_changed(db, aiohttp_client):
    game = phone_game(db)
    server, client, links = await served(db, game, aiohttp_client)
    stream = await client.get(path_of(links, 1) + "/events")
    before = await next_snapshot(stream)
    app = Session.open(db, game)
    assert app.execute("pay ann 100").ok  # Bob's page: only the game line (nothing) and nothing else changes...
    assert app.execute("pay bob 5").ok  # ...until Bob pays
    server.changed(game)
    after = await next_snapshot(stream)
    changed = {k for k in after["sections"] if after["sections"][k]["h"] != before["sections"][k]["h"]}
    assert changed == {"money", "log", "chart"}  # at once, the chart's figures and the new entry's pictures named
    html = await (await client.get(path_of(links, 1))).text()
    assert f'id="money" data-h="{after["sections"]["money"]["h"]}"' in html
    app.close()


async def test_wrong_token_and_other_paths_are_404(db, aiohttp_client):
    game = phone_game(db)
    other = phone_game(db, names=("Dee", "Eve"))
    _server, client, links = await served(db, game, aiohttp_client)
    from banker.web.links import tokens

    unserved = tokens(db, other, 2)[0]  # a real token of a game the banker did not turn on
    good = path_of(links, 0)
    for path in [
        "/",
        "/" + "A" * 22,
        "/" + "A" * 22 + "/events",
        good + "x",
        good.upper(),
        f"/{unserved}",
        good + "/events/x",
        "/favicon.ico",
        good[:-1],
    ]:
        response = await client.get(path)
        assert response.status == 404, path
        assert "Ann" not in await response.text()


async def test_only_get_and_head_and_the_journal_is_untouched(db, aiohttp_client):
    game = phone_game(db, lines=["buy ann boardwalk"])
    _server, client, links = await served(db, game, aiohttp_client)
    before = db.read_bytes()
    with sqlite3.connect(db) as conn:
        events = conn.execute("SELECT * FROM events").fetchall()
    for method in ("POST", "PUT", "PATCH", "DELETE", "OPTIONS"):
        for path in (path_of(links, 0), path_of(links, 0) + "/events", "/anything"):
            response = await client.request(method, path, data="rent bob boardwalk")
            assert response.status == 405, (method, path)
            assert response.headers["Allow"] == "GET,HEAD"
    head = await client.head(path_of(links, 0))
    assert head.status == 200 and await head.read() == b""
    assert (await client.head(path_of(links, 0) + "/events")).status == 200
    assert db.read_bytes() == before
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT * FROM events").fetchall() == events


async def test_names_and_pieces_are_escaped(db, aiohttp_client):
    """Names are checked at setup (no `<`), but a game recorded before a check tightened opens as it was: the
    pages escape every text all the same."""
    journal = Journal(db)
    game, _ = journal.create_game(
        {"variant": "standard", "edition": "us"},
        "standard",
        "us",
        ["<script>alert(1)</script>", "Tom & Jerry"],
        ['"><img src=x>', ""],
    )
    journal.close()
    session = Session.open(db, game)
    assert session.execute("pay tom 10").ok and session.execute("buy scriptalert1script boardwalk").ok
    session.close()
    _server, client, links = await served(db, game, aiohttp_client)
    for seat in (0, 1, TABLE_SEAT):
        html = await (await client.get(path_of(links, seat))).text()
        body = html.split("<main>")[1].split("</main>")[0]
        assert "<script" not in body and "<img src=x>" not in body
        assert all(
            img.startswith(f'<img src="{path_of(links, seat)}/chart/') for img in re.findall(r"<img[^>]*>", body)
        )
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body or seat == 1
        assert ("Tom &amp; Jerry" in body or seat == 0) and "Tom & Jerry" not in body
        stream = await client.get(path_of(links, seat) + "/events")
        snap = await next_snapshot(stream)
        for part in snap["sections"].values():
            assert "<script" not in part["html"] and "Tom & Jerry" not in part["html"]
        stream.close()
    title = (await (await client.get(path_of(links, 0))).text()).split("<title>")[1].split("</title>")[0]
    assert title.startswith("&lt;script&gt;")


async def test_headers_keep_the_page_private_and_self_contained(db, aiohttp_client):
    from banker.web.pages import _resource

    game = phone_game(db)
    _server, client, links = await served(db, game, aiohttp_client)
    response = await client.get(path_of(links, 0))
    csp = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "script-src 'sha256-" in csp and "connect-src 'self'" in csp
    assert response.headers["Referrer-Policy"] == "no-referrer" and response.headers["Cache-Control"] == "no-store"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    html = await response.text()
    assert "http://" not in html and "https://" not in html and "@import" not in html
    sources = re.findall(r'(?:src|srcset)="([^"]*)"', html)  # only the chart's pictures, under the page's own link
    own = rf"{path_of(links, 0)}/chart/(worth|cash)/\d+\.svg\?lang=en"  # in the page's language (issue 36)
    assert sources and all(re.fullmatch(own, s) for s in sources)
    assert "img-src 'self' data:" in csp
    assert f"<script>{_resource('page.js')}</script>" in html  # the script the CSP hash names, byte for byte


async def test_phones_that_go_away_change_nothing(db, aiohttp_client, monkeypatch):
    """A dropped connection and a crashed browser end their own stream only; the other phones and the game go on."""
    game = phone_game(db)
    server, client, links = await served(db, game, aiohttp_client)
    feed = server.feeds[game]
    gone = [await client.get(path_of(links, 0) + "/events") for _ in range(3)]
    for stream in gone:
        await next_snapshot(stream)
    watcher = await client.get(path_of(links, 0) + "/events")
    await next_snapshot(watcher)
    assert len(feed.streams) == 4
    for stream in gone:
        stream.connection.transport.abort()  # the browser crashed: no goodbye
    app = Session.open(db, game)
    app.add_listener(server.session_changed)
    for n in range(1, 4):
        assert app.execute("pay ann 10").ok
        assert cash_of(await next_snapshot(watcher), "Ann") == 1500 - 10 * n
    await soon(lambda: len(feed.streams) == 1, "the crashed phone's stream to be dropped")
    app.close()


class Transport:
    """A connection's transport as a stream sees it: what was written, and a phone that stopped reading."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []
        self.waiting, self.closing = 0, False

    def write(self, data: bytes) -> None:
        self.sent.append(data)
        self.waiting += len(data)

    def get_write_buffer_size(self) -> int:
        return self.waiting

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True


async def test_a_phone_that_stops_reading_is_cut_off_not_queued_for():
    """Frames go out as HTTP chunks at once; once more than BUFFER_LIMIT bytes wait for a phone (asleep, gone
    without a word) its stream is closed: it reconnects by itself and catches up from the snapshot on connect."""
    transport = Transport()
    stream = server_module.Stream(0, transport, "en")
    stream.put(b"event: ping\ndata: \n\n")
    assert transport.sent == [b"14\r\nevent: ping\ndata: \n\n\r\n"]  # one HTTP/1.1 chunk
    big = b"x" * 10_000
    while not stream.closed:
        stream.put(big)
    assert transport.closing and transport.waiting <= server_module.BUFFER_LIMIT + 10_100
    assert await stream.wait() is True  # its handler ends the stream
    stream.put(big)
    assert transport.waiting <= server_module.BUFFER_LIMIT + 10_100


async def test_a_database_failure_is_reported_and_the_server_goes_on(db, aiohttp_client, monkeypatch):
    game = phone_game(db)
    server, client, links = await served(db, game, aiohttp_client)
    failures = []
    server.on_error = failures.append
    feed = server.feeds[game]

    def broken() -> bool:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(feed.session, "reload", broken)
    server.changed(game)  # what the app's listener calls: it must not raise into the app
    await soon(lambda: failures, "the failure to be reported")
    assert "disk I/O error" in str(failures[0])
    monkeypatch.undo()
    assert (await client.get(path_of(links, 0))).status == 200


def test_serving_needs_the_game(tmp_path):
    db = tmp_path / "none.db"
    phone_game(db)
    server = server_module.PhoneServer(db, "127.0.0.1", 0)
    with pytest.raises(LookupError):
        server.serve(99)
