"""The phones key (o) and palette entry: the phone pages turned on from the app, a QR code per player and one for
the table that a real decoder reads back as each page's link, live updates after a key press, the server stopped
on quit, a port in use said in a notification while the game goes on, and nothing of it loaded at launch."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys

import aiohttp
import pytest

from banker.tui.app import make_app
from banker.tui.screens.phones import PhonesScreen, QRCode
from banker.tui.screens.table import TableScreen
from tests.kit.exports import ZBARIMG, needs_zbarimg
from tests.kit.journal import make_game
from tests.kit.phones import cash_of, next_snapshot
from tests.kit.waits import palette_found


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.setenv("BANKER_WEB_HOST", "127.0.0.1")
    monkeypatch.setenv("BANKER_WEB_PORT", "0")
    return tmp_path / "phones.db"


async def until(pilot, condition, tries: int = 100):
    for _ in range(tries):
        if condition():
            return True
        await pilot.pause(0.02)
    return condition()


def decode(text: str, path) -> str:
    """Decode a QR code drawn in half blocks, as a camera would read the terminal: each character is one module
    across and two down (``▀`` the upper one light, ``▄`` the lower, ``█`` both, a space neither)."""
    from PIL import Image

    lines = text.split("\n")
    width, scale = max(len(line) for line in lines), 8
    image = Image.new("L", (width, 2 * len(lines)), 0)
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            image.putpixel((x, 2 * y), 255 if ch in "█▀" else 0)
            image.putpixel((x, 2 * y + 1), 255 if ch in "█▄" else 0)
    image = image.resize((width * scale, 2 * len(lines) * scale), Image.Resampling.NEAREST)
    # A dark frame around it, as the terminal's background is: the code's own light border is its quiet zone.
    framed = Image.new("L", (image.width + 8 * scale, image.height + 8 * scale), 0)
    framed.paste(image, (4 * scale, 4 * scale))
    framed.save(path)
    assert ZBARIMG is not None
    out = subprocess.run([ZBARIMG, "--raw", "-q", str(path)], capture_output=True, text=True, check=True)
    return out.stdout.removesuffix("\n")


@needs_zbarimg
async def test_phones_key_shows_a_readable_code_per_player_and_the_table(db, tmp_path):
    make_game(db, names=("ann", "bob", "cat", "dee"), lines=["buy ann boardwalk"])
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.phones is None  # nothing served until asked
        await pilot.press("o")
        assert await until(pilot, lambda: isinstance(app.screen, PhonesScreen))
        screen = app.screen
        assert [link.name for link in screen.links] == ["ann", "bob", "cat", "dee", "table"]
        codes = list(screen.query(QRCode))
        assert len(codes) == 5
        first = codes[0]
        # Large enough to scan: one character per module across, drawn whole and in view at 120x40.
        assert first.size.width == len(first.text.split("\n")[0]) >= 29
        assert first.region.bottom <= 40 and first.region.right <= 120
        async with aiohttp.ClientSession() as client:
            for i, (code, link) in enumerate(zip(codes, screen.links, strict=True)):
                drawn = str(code.render())  # the widget's own text
                assert drawn == code.text
                assert decode(drawn, tmp_path / f"code{i}.png") == link.url
                urls = [str(s.render()) for s in code.parent.query(".phone-url")]
                assert urls == [link.url]  # the link as text under its code
                async with client.get(link.url) as response:
                    assert response.status == 200
                    page = await response.text()
                    assert (link.name in page) if link.name != "table" else "Standings" in page
            # Live: a phone holds the new cash right after the banker's key press records a command.
            stream = await client.get(screen.links[1].url + "/events")
            assert cash_of(await next_snapshot(stream), "bob") == 1500
            await pilot.press("escape")
            assert await until(pilot, lambda: not isinstance(app.screen, PhonesScreen))
            await pilot.press("slash", *"pay bob 75", "enter")
            assert cash_of(await next_snapshot(stream), "bob") == 1425
            await pilot.press("escape", "u")  # undo, by its key
            assert cash_of(await next_snapshot(stream), "bob") == 1500
            url = screen.links[0].url
            server = app.phones
            await pilot.press("o")  # again: the same server, the same links
            assert await until(pilot, lambda: isinstance(app.screen, PhonesScreen))
            assert app.phones is server and app.screen.links[0].url == url
            stream.close()
    assert app.phones is None  # stopped on quit
    async with aiohttp.ClientSession() as client:
        with pytest.raises(aiohttp.ClientConnectionError):
            await client.get(url)


async def test_the_palette_turns_the_phones_on(db):
    from textual.command import CommandPalette

    make_game(db)
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        assert await until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"phones")
        await palette_found(pilot, "phones")
        await pilot.press("enter")
        assert await until(pilot, lambda: isinstance(app.screen, PhonesScreen))
        assert app.phones is not None and app.phones.running


async def test_a_port_in_use_is_a_notification_and_the_game_goes_on(db, monkeypatch):
    make_game(db)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        monkeypatch.setenv("BANKER_WEB_PORT", str(taken.getsockname()[1]))
        app = make_app(db)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("o")
            assert await until(pilot, lambda: any(n.title == "Phones" for n in app._notifications))
            [note] = [n for n in app._notifications if n.title == "Phones"]
            assert "the port is in use" in note.message and note.severity == "error" and note.markup is False
            assert app.phones is None and not isinstance(app.screen, PhonesScreen)
            assert app.run_command("pay ann 10").ok and app.session.state.players[0].cash == 1490


async def test_links_survive_a_restart_of_the_app(db):
    make_game(db)
    seen = []
    for _ in range(2):
        app = make_app(db)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("o")
            assert await until(pilot, lambda app=app: isinstance(app.screen, PhonesScreen))
            seen.append([link.url.rsplit("/", 1)[1] for link in app.screen.links])
        await asyncio.sleep(0)
    assert seen[0] == seen[1]


def test_the_app_loads_no_web_server_until_asked():
    """Launch costs nothing: neither aiohttp nor the server module is imported with the app and its table."""
    code = (
        "import sys, banker.tui.app, banker.tui.screens.table\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('aiohttp', 'ifaddr') or m.startswith("
        "('banker.web', 'banker.tui.screens.phones')))\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


async def test_a_game_whose_pages_were_on_turns_them_on_again_when_opened(db):
    """Issue 22: after a quit (or a crash), the phones were left on "Disconnected" until the banker pressed o."""
    game = make_game(db, names=("ann", "bob"), lines=["buy ann boardwalk"])
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        assert await until(pilot, lambda: isinstance(app.screen, PhonesScreen))
        links, port = [link.url for link in app.screen.links], app.phones.port
    again = make_app(db)
    async with again.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: again.phones is not None and game in again.phones.feeds)
        assert again.phones.port == port and not isinstance(again.screen, PhonesScreen)
        assert [link.url for link in again.phones.serve(game)] == links
        assert await until(pilot, lambda: any(n.title == "Phones" for n in again._notifications))
        [note] = [n for n in again._notifications if n.title == "Phones"]
        assert f"Phone pages on again at http://127.0.0.1:{port}" in note.message and "same links" in note.message
        async with aiohttp.ClientSession() as client, client.get(links[0] + "/events") as stream:
            assert cash_of(await next_snapshot(stream), "ann") == 1100
            assert again.run_command("pay ann 100").ok
            assert cash_of(await next_snapshot(stream), "ann") == 1000
        await pilot.press("o")  # o still shows the codes, the same ones
        assert await until(pilot, lambda: isinstance(again.screen, PhonesScreen))
        assert [link.url for link in again.screen.links] == links


async def test_pages_turned_on_again_on_another_port_when_theirs_is_taken(db):
    game = make_game(db, names=("ann", "bob"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        from banker.session import Session

        with Session.open(db, game) as session:
            session.remember_pages(port)
        app = make_app(db)
        async with app.run_test(size=(120, 40)) as pilot:
            assert await until(pilot, lambda: any(n.title == "Phones" for n in app._notifications))
            [note] = [n for n in app._notifications if n.title == "Phones"]
            assert app.phones.port != port and f"({port} is taken): scan the codes again" in note.message
            with Session.open(db, game) as session:
                assert session.pages_port() == app.phones.port  # the next launch uses the new one


async def test_relaunched_with_another_host_the_notice_says_the_links_changed(db, monkeypatch):
    """New-user review, game night: relaunched with another BANKER_WEB_HOST, the notice said "the same links"
    (the port was the same) while every link had changed host. "The same links" only when host and port are."""
    game = make_game(db, names=("ann", "bob"))
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        assert await until(pilot, lambda: isinstance(app.screen, PhonesScreen))
        old, port = [link.url for link in app.screen.links], app.phones.port
    monkeypatch.setenv("BANKER_WEB_HOST", "127.0.0.2")  # another address of this machine (loopback only)
    again = make_app(db)
    async with again.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: any(n.title == "Phones" for n in again._notifications))
        [note] = [n for n in again._notifications if n.title == "Phones"]
        assert again.phones.port == port and f"Phone pages on again at http://127.0.0.2:{port}" in note.message
        assert "same links" not in note.message
        assert "a new address (127.0.0.2, was 127.0.0.1)" in note.message and "scan the codes again" in note.message
        assert [link.url for link in again.phones.serve(game)] != old
    from banker.session import Session

    with Session.open(db, game) as session:
        assert session.pages_place() == ("127.0.0.2", port)  # the next launch compares with these links
    third = make_app(db)
    async with third.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: any(n.title == "Phones" for n in third._notifications))
        [note] = [n for n in third._notifications if n.title == "Phones"]
        assert "the same links" in note.message


async def test_a_port_remembered_without_its_host_does_not_promise_the_same_links(db):
    """A game whose pages an earlier version remembered (the port only): the host is not known, so the notice
    says the port is the same and what to do if the phones do not reconnect, not "the same links"."""
    from banker.session import Session

    game = make_game(db, names=("ann", "bob"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    import sqlite3

    with sqlite3.connect(db) as conn:  # the table as the earlier version made it: no host column
        conn.execute("CREATE TABLE phone_pages (game INTEGER PRIMARY KEY REFERENCES games(id), port INTEGER NOT NULL)")
        conn.execute("INSERT INTO phone_pages (game, port) VALUES (?, ?)", (game, port))
    conn.close()
    with Session.open(db, game) as session:
        assert session.pages_place() == (None, port)
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await until(pilot, lambda: any(n.title == "Phones" for n in app._notifications))
        [note] = [n for n in app._notifications if n.title == "Phones"]
        assert "same links" not in note.message and "the same port; if the phones do not reconnect" in note.message
    with Session.open(db, game) as session:
        assert session.pages_place() == ("127.0.0.1", port)  # the column added, the host remembered


async def test_the_laptop_itself_reaches_the_pages_at_loopback_when_the_links_name_another_address(db, monkeypatch):
    """New-user review, game night: the server listened only on the LAN address, so ``curl 127.0.0.1:8421/<token>``
    on the laptop got no connection. It listens on loopback too (only this machine: nothing exposed), the links
    still name the address the phones use, and the phones screen says so. Here the links' address is ``::1``, so
    the test stays on loopback while 127.0.0.1 is another address than the links'."""
    monkeypatch.setenv("BANKER_WEB_HOST", "::1")
    make_game(db, names=("ann", "bob"))
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        assert await until(pilot, lambda: isinstance(app.screen, PhonesScreen))
        port = app.phones.port
        links = [link.url for link in app.screen.links]
        assert all(url.startswith(f"http://[::1]:{port}/") for url in links)  # the links name the chosen address
        local = str(app.screen.query_one("#phones-local").render())
        assert f"On this laptop itself, http://127.0.0.1:{port} works too" in local
        path = links[0].split(f":{port}", 1)[1]
        async with aiohttp.ClientSession() as client:
            for base in (f"http://[::1]:{port}", f"http://127.0.0.1:{port}"):
                async with client.get(base + path) as page:
                    assert page.status == 200 and "ann" in (await page.text()).casefold()
            async with client.get(f"http://127.0.0.1:{port}/not-a-token") as page:
                assert page.status == 404  # the same server: an unknown token is refused there too


async def test_no_extra_loopback_line_when_the_links_are_on_loopback(db):
    make_game(db, names=("ann", "bob"))
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        assert await until(pilot, lambda: isinstance(app.screen, PhonesScreen))
        assert app.phones.loopback_url is None and not app.screen.query("#phones-local")


@pytest.mark.parametrize("how", ["the phones key", "turned on again as the game opens"])
async def test_a_game_closed_while_the_server_starts_is_no_error(db, tmp_path, monkeypatch, how):
    """Found by ``mypy --strict`` (issue 20): the phones key starts the server in a worker; when the game's file was
    replaced meanwhile by one without the game (the app then has no game open, only the saved games), the worker
    went on to serve ``app.session``, None: an AttributeError, shown as "Something went wrong" (under test, raised).
    Now the pages serve nothing and nothing is said but the file's own notice."""
    from banker.journal import Journal
    from banker.session import Session
    from banker.tui.screens.games import GamesScreen
    from banker.web.server import PhoneServer

    game = make_game(db, names=("ann", "bob"))
    if how != "the phones key":
        with Session.open(db, game) as session:
            session.remember_pages(0)  # its pages were on when it was last played
    other = tmp_path / "other.db"
    Journal(other).close()  # a Banker database with no game in it
    release = asyncio.Event()
    start = PhoneServer.start

    async def held(self):
        await release.wait()
        await start(self)

    monkeypatch.setattr(PhoneServer, "start", held)
    monkeypatch.setattr(TableScreen, "RELOAD_SECONDS", 0.05)  # the poll that notices, without its 2 s wait
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if how == "the phones key":
            await pilot.press("o")
        other.replace(db)  # the table's poll notices, and the game cannot be opened from the new file
        assert await until(pilot, lambda: app.session is None and isinstance(app.screen, GamesScreen), tries=400)
        release.set()
        assert await until(pilot, lambda: app.phones is not None and app.phones.running)
        await pilot.pause()
        assert app.is_running and app.session is None and isinstance(app.screen, GamesScreen)
        assert app.phones.feeds == {}
        assert [n.title for n in app._notifications if n.title in ("Phones", "Error")] == []
