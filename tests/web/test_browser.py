"""A real browser: Debian's headless Chromium, driven by its chromedriver (plain W3C WebDriver over HTTP), loads a
player's page, shows the new cash when a command is recorded, says when the laptop is gone and catches up by
itself when it is back. Fails when Chromium is not installed (`.ci/run` installs it; tests/kit/skips.py)."""

from __future__ import annotations

import pytest

from banker.session import Session
from banker.web.server import PhoneServer
from tests.kit.chromium import chromium, free_port
from tests.kit.phones import phone_game
from tests.kit.skips import needs
from tests.kit.waits import soon

# A real browser for each test: in CI, not in the quick `dev` run (README); the other test_browser_* modules import
# these marks.
pytestmark = [needs("chromium", "chromium"), needs("chromedriver", "chromium-driver"), pytest.mark.slow]


@pytest.fixture
async def browser(tmp_path):
    async with chromium(tmp_path / "chromium") as b:
        yield b


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
