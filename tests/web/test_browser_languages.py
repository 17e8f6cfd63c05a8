"""A player's page in each shipped language (issue 36), in headless Chromium on a 360x740 phone whose browser
asks for that language (Accept-Language): the page says it is in it (``<html lang>``), nothing is cut (no word or
field beyond the screen or its box, every deed card and form opened), no English is left (every word of the page
read in English that is still there is a name, a figure or a word the two languages share, or comes from a part of
Banker whose catalogue for that language is not shipped yet: found by drawing the page with every shipped message
made unreadable), a refusal is said in it, and the chooser switches the phone to English and keeps it. Screenshots
go to the tests' artefacts (tests/kit/artefacts.py)."""

from __future__ import annotations

import base64
import gettext
import html as markup
import re

import aiohttp
import pytest
from babel.messages.pofile import read_po

from banker.language import DOMAINS, LOCALE_DIR, speaking
from banker.web import pages
from banker.web.server import PhoneServer
from rules import i18n
from rules.i18n import _
from tests.kit.artefacts import artefact
from tests.kit.chromium import chromium, free_port
from tests.kit.phones import phone_game
from tests.web.test_browser import pytestmark  # noqa: F401 - the marks: Chromium and its driver are needed

PHONE = (360, 740)
LINES = [
    "buy bob boardwalk",
    "buy bob park place",
    "build bob boardwalk",
    "buy bob reading",
    "mortgage bob reading",
    "buy ann mediterranean",
    "rent bob mediterranean",
    "card bob chance get-out-of-jail-free",
]
AUCTION = {"lot": "Kentucky Avenue", "text": "", "bids": {"Ann": "$200", "Cy": "$180"}}
SHARED = {
    "de": {"bank", "hotel", "hotels", "live", "banker", "laptop", "plus", "standard"},  # "ein Hotel $200 plus 4 Häuser"
    "fr": {"banker", "table", "page", "plus", "standard"},  # "un hôtel $200 plus 4 maisons"; the variant
    "es": {"hotel", "hoteles", "banker"},
}
"""Words a language writes as English does (``Bank``, ``Hotel``; Banker is the program's name)."""

SEEN = """
for (const d of document.querySelectorAll('details')) d.open = true;
const width = window.innerWidth;
const cut = [];
for (const el of document.querySelectorAll('body *')) {
  if (el.closest('.sr-only, [hidden], noscript, script, style')) continue;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) continue;
  const style = getComputedStyle(el);
  const what = `${el.tagName}.${el.className}: ${el.textContent.slice(0, 40)}`;
  if (r.right > width + 0.5 || r.left < -0.5) cut.push(`beyond the screen: ${what}`);
  if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) cut.push(`cut in its box: ${what}`);
}
return {lang: document.documentElement.lang, text: document.body.innerText, cut: cut,
        wide: document.documentElement.scrollWidth > width};
"""


def words(text: str) -> set[str]:
    return {w.casefold() for w in re.findall(r"[^\W\d_]{3,}", text)}


class Unreadable(gettext.NullTranslations):
    """Every message the shipped catalogues of a language hold, made unreadable (its letters x, its placeholders
    and tags kept): what is still English on a page so drawn comes from no shipped catalogue."""

    def __init__(self, ids: set[str]) -> None:
        super().__init__()
        self.ids = ids

    def gettext(self, message: str) -> str:
        return _unreadable(message) if message in self.ids else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        chosen = msgid1 if n == 1 else msgid2
        return _unreadable(chosen) if msgid1 in self.ids else chosen

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


def _unreadable(message: str) -> str:
    return re.sub(r"(\{[^{}]*\}|<[^<>]*>)|[^\W\d_]", lambda m: m.group(1) or "x", message)


def shipped_ids(code: str) -> set[str]:
    ids: set[str] = set()
    for domain in DOMAINS:
        po = LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po"
        if po.is_file():
            with po.open("rb") as f:
                ids |= {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    return ids


def from_no_catalogue(server: PhoneServer, game: int, code: str) -> set[str]:
    """The words of Bob's page drawn with every message of ``code``'s shipped catalogues made unreadable."""
    feed = server.feeds[game]
    with speaking(code):
        token = i18n.use_for_task(Unreadable(shipped_ids(code)))
        try:
            html = pages.page(feed.data(1), link=feed.link(1))
        finally:
            token.var.reset(token)
    body = html.split("<main>", 1)[1].split("<script>", 1)[0]
    return words(markup.unescape(re.sub(r"<[^>]+>", " ", body)))


@pytest.fixture
async def game(tmp_path):
    db = tmp_path / "languages.db"
    game = phone_game(db, names=("Ann", "Bob", "Cy"), lines=LINES)
    server = PhoneServer(db, "127.0.0.1", free_port())
    await server.start()
    try:
        links = server.serve(game)
        server.on_bid = lambda game_id, seat, amount: None
        server.auction(game, AUCTION)
        waiting = {"id": "waiting-01", "line": "pay bob 20"}  # a request of Bob's waiting for the banker
        async with aiohttp.ClientSession() as http, http.post(links[1].url + "/requests", json=waiting) as r:
            assert r.status == 202
        yield server, game, links[1].url
    finally:
        await server.stop()


async def _look(browser, url: str) -> dict:
    await browser.open(url)
    await browser.until("return document.readyState", "complete")
    return dict(await browser.js(SEEN))


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
async def test_a_phone_page_in_each_language_is_whole_and_has_no_english_left(tmp_path, game, code):
    server, game_id, bob = game
    accept = {"intl.accept_languages": f"{code},{code}-{code.upper()}" if code != "en" else "en-US,en"}
    async with chromium(tmp_path / f"chromium-{code}", phone=PHONE, prefs=accept) as browser:
        seen = await _look(browser, bob)
        artefact(f"phone-language-{code}.png").write_bytes(base64.b64decode(await browser.screenshot()))
        assert seen["lang"] == code
        assert not seen["wide"] and not seen["cut"], seen["cut"]

        # A refusal, said in the page's language: a bid above Bob's cash.
        field = await browser.element("form[data-bid] [name=amount]")
        await browser.call("POST", f"/element/{field}/value", {"text": "99999"})
        await browser.tap("form[data-bid] button.send")
        cash = server.feeds[game_id].session.state.money(server.feeds[game_id].session.state.players[1].cash)
        with speaking(code):
            why = _(
                "You have {cash} in cash, and the winner pays the bid in cash: bid at most {cash}, or raise "
                "money with the banker first."
            ).format(cash=cash)
        await browser.text("form[data-bid] .preview", why)

        if code == "en":
            return
        await browser.tap("nav.languages a[hreflang=en]")  # the chooser: English, and kept for the phone
        await browser.until("return document.documentElement.lang", "en")
        await browser.until("return document.readyState", "complete")
        english = dict(await browser.js(SEEN))
        assert (await _look(browser, bob))["lang"] == "en"
        left = (words(seen["text"]) & words(english["text"])) - from_no_catalogue(server, game_id, code) - SHARED[code]
        assert not left, f"English left on the {code} page: {sorted(left)}"
