"""A game file replaced under a running phone server (issue 22): the server notices on its poll that the path names
another file, lets the old one go (its log moved aside, never read over the new file) and serves the game from the
new file; a command recorded next lands in the new file and the phones follow it."""

from __future__ import annotations

import shutil

import aiohttp

from banker.session import Session
from banker.web.server import PhoneServer
from tests.kit.phones import cash_of, next_snapshot, phone_game
from tests.kit.waits import soon


async def test_the_server_serves_the_new_file_and_leaves_no_old_log_beside_it(tmp_path):
    db = tmp_path / "g.db"
    game = phone_game(db, names=("Ann", "Bob"), lines=["buy ann boardwalk"])
    warnings: list[str] = []
    server = PhoneServer(db, "127.0.0.1", 0, on_warning=warnings.append)
    await server.start()
    try:
        links = server.serve(game)
        shutil.copy(db, tmp_path / "backup.db")  # a backup with the pages' links in it
        old = server.feeds[game]
        with Session.open(db, game) as other:  # the old game moves on while the server holds the file
            assert other.execute("collect bob 50").ok
        async with aiohttp.ClientSession() as http:
            async with http.get(links[1].url + "/events") as stream:
                assert cash_of(await next_snapshot(stream), "Bob") == 1550
                (tmp_path / "backup.db").replace(db)
                await soon(lambda: server.feeds.get(game) not in (None, old), "the server to open the new file", 5)
                assert any("replaced by another file; game 1 is served from it" in w for w in warnings)
                assert [p.name for p in tmp_path.glob("g.db-wal.replaced-*")]  # the old log, moved aside
            with Session.open(db, game) as banker_do:
                assert banker_do.execute("collect ann 7").ok
            async with http.get(links[1].url + "/events") as stream:  # the same links: the backup has them
                assert stream.status == 200, (stream.status, await stream.text(), warnings)
                assert cash_of(await next_snapshot(stream), "Bob") == 1500
            async with http.get(links[0].url) as page:
                assert "$1,107" in await page.text()
    finally:
        await server.stop()
    with Session.open(db, game, readonly=True) as session:
        assert [p.cash for p in session.state.players] == [1107, 1500]
