"""A real browser: Debian's headless Chromium, driven by its chromedriver (plain W3C WebDriver over HTTP), loads a
player's page, shows the new cash when a command is recorded, says when the laptop is gone and catches up by
itself when it is back. Fails when Chromium is not installed (`.ci/run` installs it; tests/kit/skips.py)."""

from __future__ import annotations

import asyncio
import shutil
import socket

import aiohttp
import pytest

from banker.session import Session
from banker.web.server import PhoneServer
from tests.kit.chromium import FLAGS
from tests.kit.phones import phone_game
from tests.kit.skips import needs
from tests.kit.waits import soon

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = [needs("chromium", "chromium"), needs("chromedriver", "chromium-driver")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    """Just enough WebDriver: open a URL, run a script, close."""

    def __init__(self, http: aiohttp.ClientSession, base: str, session: str) -> None:
        self.http, self.base, self.session = http, base, session

    async def call(self, method: str, path: str, body: dict | None = None):
        async with self.http.request(method, f"{self.base}/session/{self.session}{path}", json=body) as r:
            reply = await r.json()
        assert r.status == 200, reply
        return reply["value"]

    async def open(self, url: str) -> None:
        await self.call("POST", "/url", {"url": url})

    async def js(self, script: str):
        return await self.call("POST", "/execute/sync", {"script": script, "args": []})

    async def until(self, script: str, expected, seconds: float = 15.0):
        value = None
        for _ in range(int(seconds / 0.05)):
            value = await self.js(script)
            if value == expected:
                return value
            await asyncio.sleep(0.05)
        raise AssertionError(f"{script!r} stayed {value!r}, not {expected!r}")


@pytest.fixture
async def browser(tmp_path):
    port = free_port()
    driver = await asyncio.create_subprocess_exec(
        CHROMEDRIVER, f"--port={port}", stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            for _ in range(200):
                try:
                    async with http.get(f"{base}/status") as r:
                        if (await r.json())["value"]["ready"]:
                            break
                except aiohttp.ClientConnectionError:
                    pass
                await asyncio.sleep(0.05)
            options = {
                "binary": CHROMIUM,
                "args": [*FLAGS, "--disable-dev-shm-usage", f"--user-data-dir={tmp_path / 'chromium'}"],
            }
            async with http.post(
                f"{base}/session",
                json={"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}},
            ) as r:
                reply = await r.json()
            assert r.status == 200, reply
            b = Browser(http, base, reply["value"]["sessionId"])
            try:
                yield b
            finally:
                async with http.delete(f"{base}/session/{b.session}"):
                    pass
    finally:
        driver.terminate()
        await driver.wait()


CASH = "return document.querySelector('#money .amount').textContent"
OFFLINE = "return !document.getElementById('live').hidden"


async def test_a_real_browser_shows_the_new_cash_live_and_catches_up_after_a_break(tmp_path, browser):
    db = tmp_path / "browser.db"
    game = phone_game(db, names=("Ann", "Bob"))
    port = free_port()
    server = PhoneServer(db, "127.0.0.1", port)
    await server.start()
    ann = server.serve(game)[0].url
    app = Session.open(db, game)
    app.add_listener(server.session_changed)
    try:
        await browser.open(ann)
        assert await browser.js(CASH) == "$1,500"
        await soon(lambda: server.feeds[game].streams, "the page's script to connect its stream")
        assert app.execute("pay ann 100").ok
        await browser.until(CASH, "$1,400")  # no reload: the stream brought it
        assert "$1,400" in await browser.js("return document.title")
        assert await browser.js(OFFLINE) is False

        await server.stop()  # the laptop goes away (the app quits, the Wi-Fi drops)
        await browser.until(OFFLINE, True)
        assert app.execute("collect ann 50").ok  # recorded while the phone could not hear
        server = PhoneServer(db, "127.0.0.1", port)  # back, with the same links
        await server.start()
        assert server.serve(game)[0].url == ann
        await browser.until(CASH, "$1,450")
        await browser.until(OFFLINE, False)
    finally:
        app.close()
        await server.stop()
