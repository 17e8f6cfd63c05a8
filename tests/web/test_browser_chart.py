"""The pictures of the game in headless Chromium (issue 34): a player's page on a 360x740 phone, light and dark, with
worth over the game under the figures, readable and within the screen; the table's page on a 1920x1080 television
in large type (the cash at least 5% of the screen's height, whose turn, the last entries, the chart, all on one
screen); the recap opened with the network off, fetching nothing. The screenshots go to the tests' artefacts
(tests/kit/artefacts.py) to be looked at."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

from banker.journal import TABLE_SEAT
from banker.web.pages import PICTURE_SIZES
from banker.web.server import PhoneServer
from tests.kit.artefacts import artefact
from tests.kit.chromium import chromium, free_port
from tests.kit.phones import phone_game
from tests.web.test_browser import pytestmark  # noqa: F401 - the marks: Chromium and its driver are needed

LINES = [
    "buy ann boardwalk",
    "next",
    "buy bob reading",
    "next",
    "buy cy st charles",
    "next",
    "buy ann park place",
    "next",
    "build ann boardwalk 2",
    "next",
    "rent bob boardwalk",
    "next",
    "rent ann reading",
    "next",
    "rent cy park place",
    "next",
]


@pytest.fixture
async def links(tmp_path):
    db = tmp_path / "chart.db"
    game = phone_game(db, lines=LINES)
    server = PhoneServer(db, "127.0.0.1", free_port())
    await server.start()
    try:
        yield {link.seat: link.url for link in server.serve(game)}
    finally:
        await server.stop()


def _loaded(css: str) -> str:
    """A script answering whether the picture ``css`` names was fetched and drawn."""
    return f"const i = document.querySelector('{css}'); return i.complete && i.naturalWidth > 0"


async def _shot(browser, name: str) -> Path:
    path = artefact(name)
    path.write_bytes(base64.b64decode(await browser.screenshot()))
    return path


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
async def test_a_players_chart_reads_on_a_360_pixel_phone(tmp_path, links, dark):
    async with chromium(tmp_path / "chromium") as phone:
        await phone.screen(360, 740, dark=dark)
        await phone.open(links[1])
        await phone.until("return document.readyState", "complete")
        assert await phone.js("return [window.innerWidth, window.innerHeight]") == [360, 740]
        assert await phone.js("return matchMedia('(prefers-color-scheme: dark)').matches") is dark
        await phone.until(_loaded("#chart img"), True)
        facts = await phone.js(
            "const money = document.getElementById('money').getBoundingClientRect();"
            "const img = document.querySelector('#chart figure img'), fig = img.getBoundingClientRect();"
            "return {below: fig.top >= money.bottom, left: fig.left, right: fig.right, width: fig.width,"
            " wide: document.scrollingElement.scrollWidth, src: img.currentSrc, drawn: img.naturalWidth,"
            " fetched: performance.getEntriesByType('resource').map((r) => r.name)}"
        )
        assert facts["below"] and facts["left"] >= 0 and facts["right"] <= 360 and facts["wide"] <= 360, facts
        assert facts["width"] / facts["drawn"] * PICTURE_SIZES["worth"][2] >= 11, (
            facts
        )  # the scale's words: small print
        assert [f for f in facts["fetched"] if "/chart/" in f] == [facts["src"]], facts  # cash alone: not until opened
        await phone.js("document.getElementById('chart').scrollIntoView()")
        await _shot(phone, f"phone-chart-360x740-{'dark' if dark else 'light'}.png")
        await phone.click("#cash-chart summary")
        await phone.until(_loaded("#cash-chart img"), True)
        # the picture's words in the page's text colour, light or dark as the phone is (the picture is its own
        # document: it takes no colour from the page around it)
        await phone.open(facts["src"])
        words = await phone.js(
            "const label = document.querySelector('.axis.y text');"
            "return {fill: getComputedStyle(label).fill, title: document.querySelector('.title').textContent}"
        )
        assert words["title"].startswith("Now: Cy's turn"), words
        assert words["fill"] == ("rgb(236, 236, 236)" if dark else "rgb(26, 26, 26)"), words  # page.css's --fg


async def test_every_page_draws_each_players_line_in_their_own_mark(tmp_path, links):
    """As the browser draws them (the stylesheet's cascade decides, not what the picture declares): on each page
    the line of each player has that player's colour and line style, the same on every page, and only the page's
    own player's line is heavier."""
    from banker.reports.chart import COLOURS, DASHES

    names = ["Ann", "Bob", "Cy"]
    seen: dict[str, set[tuple[str, str]]] = {name: set() for name in names}
    async with chromium(tmp_path / "chromium") as phone:
        await phone.screen(360, 740)
        for seat, url in links.items():
            await phone.open(url)
            await phone.until(_loaded("#chart img"), True)
            src = await phone.js("return document.querySelector('#chart img').currentSrc")
            await phone.open(src)
            lines = await phone.js(
                "const at = (g) => g.querySelector('rect').getBoundingClientRect();"
                "return [...document.querySelectorAll('.legends .legend')]"
                " .sort((a, b) => at(a).top - at(b).top || at(a).left - at(b).left).map((g) => {"  # as read
                " const serie = g.id.split('-').pop();"
                " const path = document.querySelector(`.plot .series.serie-${serie} path.line`);"
                " const style = getComputedStyle(path);"
                " return [g.querySelector('text').textContent, style.stroke, style.strokeDasharray,"
                "  style.strokeWidth, path.parentNode.querySelector('.end-name').textContent,"
                "  getComputedStyle(g.querySelector('rect')).fill];"
                "})"
            )
            own = names[seat] if seat != TABLE_SEAT else None
            assert [line[0] for line in lines] == ([own] if own else []) + [n for n in names if n != own], lines
            for name, stroke, dashes, width, end, swatch in lines:
                assert end == name and swatch == stroke, lines
                assert width == ("5px" if name == own else "3px"), (seat, lines)
                seen[name].add((stroke, dashes))
    for seat, name in enumerate(names):
        r, g, b = (int(COLOURS[seat][k : k + 2], 16) for k in (1, 3, 5))
        dashes = ", ".join(f"{d}px" for d in DASHES[seat].split(",")) if DASHES[seat] else "none"
        assert seen[name] == {(f"rgb({r}, {g}, {b})", dashes)}, (name, seen[name])


async def test_the_table_page_on_a_television_is_large_type_on_one_screen(tmp_path, links):
    async with chromium(tmp_path / "chromium") as tv:
        await tv.screen(1920, 1080)
        await tv.open(links[TABLE_SEAT])
        await tv.until("return document.readyState", "complete")
        await tv.until(_loaded("#chart img"), True)
        facts = await tv.js(
            "const cash = [...document.querySelectorAll('#standings td.num')];"
            "const shown = (css) => { const e = document.querySelector(css);"
            " return e !== null && getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().height > 0; };"
            "return {cash: Math.min(...cash.map((c) => parseFloat(getComputedStyle(c).fontSize))),"
            " height: window.innerHeight, page: document.scrollingElement.scrollHeight,"
            " chart: shown('#chart figure img'), src: document.querySelector('#chart img').currentSrc,"
            " board: shown('#board'), turn: document.querySelector('#game').textContent,"
            " log: [...document.querySelectorAll('#log li')]"
            "  .filter((li) => getComputedStyle(li).display !== 'none').length}"
        )
        assert facts["height"] == 1080 and facts["cash"] >= 0.05 * 1080, facts  # read from three metres
        assert facts["page"] <= 1080, facts  # one screen, nothing to scroll on a television
        assert facts["chart"] and not facts["board"] and "Cy to play" in facts["turn"] and facts["log"] == 4, facts
        assert "/chart/tv/" in facts["src"], facts  # the television's picture, in large words
        await _shot(tv, "table-tv-1920x1080.png")
        # the same link on a phone is the phone's page: the board sheet, the phone's chart
        await tv.screen(360, 740)
        await tv.until("return getComputedStyle(document.getElementById('board')).display", "block")
        await tv.until("return document.querySelector('#chart img').currentSrc.includes('/chart/worth/')", True)


async def test_the_recap_opens_with_the_network_off(tmp_path):
    import rules
    from banker.reports import formats
    from banker.reports.report import report
    from banker.session import Session

    db = tmp_path / "recap.db"
    with Session.create(db, ["Ann", "Bob", "Cy"], rules.Settings(variant="short-1990s")) as s:
        for line in ["deal ann boardwalk", "deal ann park place", "build ann boardwalk 3", "rent bob boardwalk"]:
            assert s.execute(line).ok, line
        assert s.execute("bankrupt cy to ann").ok
        page = tmp_path / "recap.html"
        page.write_bytes(formats.find_format("recap").render(report(s, story=True)))
    async with chromium(tmp_path / "chromium") as browser:
        await browser.screen(1000, 1600)
        await browser.cdp("Network.enable", {})
        offline = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        await browser.cdp("Network.emulateNetworkConditions", offline)
        await browser.open(page.as_uri())
        await browser.until("return document.readyState", "complete")
        facts = await browser.js(
            "const svg = document.querySelector('figure svg').getBoundingClientRect();"
            "return {chart: svg.width > 500 && svg.height > 200,"
            " fetched: performance.getEntriesByType('resource').length,"
            " lines: document.querySelectorAll('figure svg .series path.line').length,"
            " online: navigator.onLine, story: document.querySelectorAll('ul.story li').length}"
        )
        assert facts == {"chart": True, "fetched": 0, "lines": 3, "online": False, "story": 6}, facts
        await _shot(browser, "recap-offline.png")
