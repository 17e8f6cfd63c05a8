"""Phones that ask, in a real browser (issue 23): Debian's headless Chromium driven by chromium-driver fills the rent
form on Bob's page, sees the engine's preview, sends it, and sees "recorded as entry N" once the banker records it;
a refusal is shown in the form, and the form being filled is never redrawn under the player's thumb."""

from __future__ import annotations

import pytest

from banker.session import Session
from banker.web.server import PhoneServer
from tests.kit.chromium import chromium, free_port
from tests.kit.phones import phone_game
from tests.kit.waits import soon
from tests.web.test_browser import (  # noqa: F401 - the fixture and marks
    CASH,
    browser,
    pytestmark,
)

FORM = "document.querySelector('form[data-form=rent]')"
PREVIEW = f"return {FORM}.querySelector('.preview').textContent"
ASKS = "return document.getElementById('asks').textContent"


async def test_bob_asks_for_rent_from_his_phone_and_sees_it_recorded(tmp_path, browser):  # noqa: F811
    db = tmp_path / "asks.db"
    game = phone_game(db, names=("Ann", "Bob"), lines=["buy ann boardwalk", "buy ann park place"])
    server = PhoneServer(db, "127.0.0.1", free_port())
    await server.start()
    bob = server.serve(game)[1].url
    app = Session.open(db, game)
    app.add_listener(server.session_changed)
    try:
        await browser.open(bob)
        assert await browser.js(CASH) == "$1,500"
        await soon(lambda: server.feeds[game].streams, "the page's script to connect its stream")
        # Open "I pay rent", choose Boardwalk: the engine's preview appears before anything is sent.
        await browser.js(f"{FORM}.closest('details').open = true")
        await browser.js(
            f"const s = {FORM}.querySelector('select[name=deed]'); s.value = 'Boardwalk';"
            "s.dispatchEvent(new Event('input', {bubbles: true}))"
        )
        await browser.until(PREVIEW, "Bob pays Ann $100: Boardwalk, full set, unimproved, 2 x $50")
        assert app.requests() == []  # a preview stores nothing
        # A game change while the form is open does not redraw the form being filled in.
        assert app.execute("pay ann 1").ok
        await browser.until("return document.querySelector('#money').textContent.includes('$1,500')", True)
        assert await browser.js(f"return {FORM}.querySelector('select[name=deed]').value") == "Boardwalk"
        await browser.js(f"{FORM}.querySelector('button.send').click()")
        await browser.until(
            "return document.getElementById('asks').textContent.includes('waiting for the banker')", True
        )
        assert len(app.requests()) == 1 and app.requests()[0].line == "rent Bob Boardwalk"
        # The banker presses Enter in the inbox (the same call): the phone says it is recorded.
        row = app.requests()[0]
        reply = app.execute(row.line, request=row)
        assert reply.ok
        await browser.until(
            f"return document.getElementById('asks').textContent.includes('recorded as entry {app.last_seq}')", True
        )
        await browser.until(CASH, "$1,400")
        # A refusal shows in the form: Park Place's rent is asked again... of a deed Bob cannot be charged for.
        await browser.js(f"{FORM}.closest('details').open = true")
        await browser.js(
            f"const s = {FORM}.querySelector('select[name=deed]'); s.value = '';"
            "s.dispatchEvent(new Event('input', {bubbles: true}))"
        )
        await browser.js(f"{FORM}.querySelector('button.send').click()")
        await browser.until(f"return {FORM}.querySelector('.preview').className", "preview refused")
        assert "deed" in await browser.js(PREVIEW)
        assert len(app.requests()) == 1
    finally:
        app.close()
        await server.stop()


@pytest.fixture
async def no_script_browser(tmp_path):
    """The same Chromium with JavaScript turned off: the page as a phone with script blocked sees it."""
    async with chromium(
        tmp_path / "chromium-noscript", prefs={"profile.managed_default_content_settings.javascript": 2}
    ) as b:
        yield b


async def test_the_forms_work_without_script_in_a_real_browser(tmp_path, no_script_browser):
    """A plain form post answered with a page: Check shows the engine's preview, Send stores the request (the
    browser's own Origin passes the check), and the page lists it as waiting."""
    b = no_script_browser
    db = tmp_path / "noscript.db"
    game = phone_game(db, names=("Ann", "Bob"), lines=["buy ann boardwalk"])
    server = PhoneServer(db, "127.0.0.1", free_port())
    await server.start()
    bob = server.serve(game)[1].url
    try:
        await b.open(bob)

        await b.click("details:has(form[data-form=rent]) summary")
        await b.click("form[data-form=rent] select[name=deed] option[value=Boardwalk]")
        await b.click("form[data-form=rent] button.check")
        await b.text("#notice", "Bob pays Ann $50: Boardwalk")
        with Session.open(db, game) as s:
            assert s.requests() == []
        await b.click("details:has(form[data-form=rent]) summary")
        await b.click("form[data-form=rent] select[name=deed] option[value=Boardwalk]")
        await b.click("form[data-form=rent] button.send")
        await b.text("#notice", "Sent to the banker: Bob pays Ann $50")
        await b.text("#asks", "waiting for the banker")
        with Session.open(db, game) as s:
            assert [r.line for r in s.requests()] == ["rent Bob Boardwalk"]
    finally:
        await server.stop()
