"""Phones that cannot ask twice by accident (issue 30), in headless Chromium on a 360x740 phone, script on and off:
a double tap stores one request, the sent ask is shown where the player is looking, Back never makes a new ask
the old one, and a bid above the bidder's cash is refused on the phone with the reason."""

from __future__ import annotations

import pytest

from banker.session import Session
from banker.web.server import PhoneServer
from tests.kit.chromium import chromium, free_port
from tests.kit.phones import phone_game
from tests.kit.waits import soon
from tests.web.test_browser import pytestmark  # noqa: F401 - the marks: Chromium and its driver are needed

PHONE = (360, 740)
NO_SCRIPT = {"profile.managed_default_content_settings.javascript": 2}
IN_VIEW = (
    "const r = document.querySelector(arguments_css).getBoundingClientRect();"
    "return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight"
)


def in_view(css: str) -> str:
    """A script answering whether the element is on the screen as it is scrolled now (whole, not hidden)."""
    return IN_VIEW.replace("arguments_css", repr(css))


@pytest.fixture
async def phone(tmp_path):
    async with chromium(tmp_path / "chromium", phone=PHONE) as b:
        yield b


@pytest.fixture
async def phone_no_script(tmp_path):
    async with chromium(tmp_path / "chromium-noscript", phone=PHONE, prefs=NO_SCRIPT) as b:
        yield b


@pytest.fixture
async def game(tmp_path):
    """Ann owns Boardwalk; Bob's phone page is served (yields the database, the game, the server and Bob's link)."""
    db = tmp_path / "asking.db"
    game = phone_game(db, names=("Ann", "Bob"), lines=["buy ann boardwalk"])
    server = PhoneServer(db, "127.0.0.1", free_port())
    await server.start()
    try:
        yield db, game, server, server.serve(game)[1].url
    finally:
        await server.stop()


def stored(db, game) -> list[str]:
    with Session.open(db, game) as s:
        return [r.line for r in s.requests()]


async def test_a_double_tap_asks_once_the_sent_ask_is_shown_where_the_player_is_and_back_asks_anew(game, phone):
    db, game_id, server, bob = game
    await phone.open(bob)
    await soon(lambda: server.feeds[game_id].streams, "the page's script to connect its stream")
    assert await phone.js("return [window.innerWidth, window.innerHeight]") == [360, 740]
    await phone.tap("details:has(form[data-form=pay]) summary")
    await phone.js(
        "const f = document.querySelector('form[data-form=pay]');"
        "f.querySelector('[name=amount]').value = '300'; f.querySelector('[name=other]').value = 'Ann';"
    )
    await phone.js("document.querySelector('form[data-form=pay] button.send').scrollIntoView({block: 'end'})")
    assert await phone.js("return window.scrollY") > 0  # the finger is below the top of the page
    # Two taps: the first disables Send at once, until the laptop has answered.
    await phone.js("window.touches = 0; document.addEventListener('touchstart', () => window.touches++, true)")
    await phone.tap("form[data-form=pay] button.send", times=2)
    assert await phone.js("return window.touches") == 2  # both taps reached the page
    await phone.until(in_view("#sent"), True)
    said = await phone.js("return document.getElementById('sent').textContent")
    assert "Sent to the banker: Bob pays Ann $300" in said
    await soon(lambda: stored(db, game_id) == ["pay Bob 300 to Ann"], "Bob's one request")
    assert await phone.js("return document.querySelector('form[data-form=pay] button.send').disabled") is False
    await phone.until("return document.querySelector('#sent .status').textContent", "waiting for the banker")
    # Not sure it went (the form closed), Bob asks again: told it is waiting, not stored twice.
    await phone.tap("#sent button")
    await phone.tap("details:has(form[data-form=pay]) summary")
    await phone.js(
        "const f = document.querySelector('form[data-form=pay]');"
        "f.querySelector('[name=amount]').value = '300'; f.querySelector('[name=other]').value = 'Ann';"
        "f.querySelector('button.send').click(); f.querySelector('button.send').click();"
    )
    await phone.until(in_view("#sent"), True)
    said = await phone.js("return document.getElementById('sent').textContent")
    assert "Already waiting for the banker, not sent twice: Bob pays Ann $300" in said
    assert stored(db, game_id) == ["pay Bob 300 to Ann"]
    # The banker records it: the note at the top says so.
    with Session.open(db, game_id) as s:
        row = s.requests()[0]
        s.add_listener(server.session_changed)
        assert s.execute(row.line, request=row).ok
    await phone.until("return document.querySelector('#sent .status').textContent", "recorded as entry 2")
    # Away to the link's list of requests and Back: a new ask from another form is a new request, never the old one.
    await phone.open(f"{bob}/requests")
    await phone.back()
    await phone.until("return document.querySelector('form[data-form=collect]') !== null", True)
    await soon(lambda: server.feeds[game_id].streams, "the page's script to connect its stream again")
    await phone.tap("details:has(form[data-form=collect]) summary")
    await phone.js("document.querySelector('form[data-form=collect] [name=amount]').value = '4'")
    await phone.tap("form[data-form=collect] button.send")
    await phone.until(
        "return document.querySelector('#sent .what').textContent", "Sent to the banker: Bob collects $4 from the bank"
    )
    await phone.until(in_view("#sent"), True)
    assert stored(db, game_id) == ["pay Bob 300 to Ann", "collect Bob 4"]


async def test_without_script_a_double_tap_asks_once_and_back_never_makes_a_new_ask_the_old_one(game, phone_no_script):
    db, game_id, _server, bob = game
    b = phone_no_script
    await b.open(bob)
    await b.tap("details:has(form[data-form=collect]) summary")
    await b.call("POST", f"/element/{await b.element('form[data-form=collect] [name=amount]')}/value", {"text": "4"})
    await b.tap("form[data-form=collect] button.send", times=2)
    await b.text("#notice", "Sent to the banker: Bob collects $4")
    assert stored(db, game_id) == ["collect Bob 4"]
    # The answer page opens at its top: what was sent is on the first screen of it.
    rect = await b.call("GET", f"/element/{await b.element('#notice')}/rect")
    assert rect["height"] > 0 and rect["y"] + rect["height"] <= 740, rect
    # Back to the page before Send; each form carries its own id, so a new ask from another form is a new request.
    await b.back()
    ids = set()
    for kind in ("go", "pay", "collect", "tax"):
        field = await b.element(f"form[data-form={kind}] [name=id]")
        ids.add(await b.call("GET", f"/element/{field}/property/value"))
    assert len(ids) == 4
    await b.tap("details:has(form[data-form=pay]) summary")
    await b.call("POST", f"/element/{await b.element('form[data-form=pay] [name=amount]')}/value", {"text": "300"})
    await b.call("POST", f"/element/{await b.element('form[data-form=pay] [name=other]')}/value", {"text": "Ann"})
    await b.tap("form[data-form=pay] button.send")
    await b.text("#notice", "Sent to the banker: Bob pays Ann $300")
    assert stored(db, game_id) == ["collect Bob 4", "pay Bob 300 to Ann"]


AUCTION = {"lot": "Park Place", "text": "Highest: Ann $200", "bids": {"Ann": "$200"}}


@pytest.fixture(params=[True, False], ids=["script", "no-script"])
async def either_phone(tmp_path, request):
    """The phone with script on, then off: (the browser, whether its script runs)."""
    async with chromium(tmp_path / "chromium", phone=PHONE, prefs=None if request.param else NO_SCRIPT) as b:
        yield b, request.param


async def test_a_bid_above_the_bidders_cash_is_refused_on_the_phone_with_the_reason(game, either_phone):
    db, game_id, server, bob = game
    browser, script = either_phone
    bids: list[tuple[int, int, int]] = []
    server.on_bid = lambda game, seat, amount: bids.append((game, seat, amount))
    server.auction(game_id, AUCTION)  # what the banker's auction dialog tells the server when it opens
    await browser.open(bob)
    await browser.text("#auction", "Auction: Park Place")
    field = await browser.element("form[data-bid] [name=amount]")
    await browser.call("POST", f"/element/{field}/value", {"text": "1600"})
    await browser.tap("form[data-bid] button.send")
    why = "You have $1,500 in cash, and the winner pays the bid in cash: bid at most $1,500"
    await browser.text("form[data-bid] .preview" if script else "#notice", why)
    assert bids == []  # the banker's dialog never saw it
    assert stored(db, game_id) == []
