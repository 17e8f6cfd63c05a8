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
        facts = await phone.js(
            "const money = document.getElementById('money').getBoundingClientRect();"
            "const fig = document.querySelector('#chart figure').getBoundingClientRect();"
            "const labels = [...document.querySelectorAll('#chart figure svg .axis.y text')];"
            "const label = labels[0];"
            "const fill = getComputedStyle(label).fill, bg = getComputedStyle(document.body).backgroundColor;"
            "return {below: fig.top >= money.bottom, left: fig.left, right: fig.right,"
            " wide: document.scrollingElement.scrollWidth,"
            " text: Math.max(...labels.map((t) => t.getBoundingClientRect().height)),"
            " fill: fill, bg: bg, title: document.querySelector('#chart svg .title').textContent}"
        )
        assert facts["below"] and facts["left"] >= 0 and facts["right"] <= 360 and facts["wide"] <= 360, facts
        assert facts["text"] >= 11, facts  # the scale's words are a phone's small print, not a picture's
        assert facts["fill"] != facts["bg"] and facts["title"].startswith("Now: Cy's turn"), facts
        light = {"fill": "rgb(26, 26, 26)", "bg": "rgb(251, 251, 248)"}  # page.css's --fg and --bg
        dark_colours = {"fill": "rgb(236, 236, 236)", "bg": "rgb(18, 18, 18)"}
        assert {k: facts[k] for k in ("fill", "bg")} == (dark_colours if dark else light)
        await phone.js("document.getElementById('chart').scrollIntoView()")
        await _shot(phone, f"phone-chart-360x740-{'dark' if dark else 'light'}.png")


async def test_the_table_page_on_a_television_is_large_type_on_one_screen(tmp_path, links):
    async with chromium(tmp_path / "chromium") as tv:
        await tv.screen(1920, 1080)
        await tv.open(links[TABLE_SEAT])
        await tv.until("return document.readyState", "complete")
        facts = await tv.js(
            "const cash = [...document.querySelectorAll('#standings td.num')];"
            "const shown = (css) => { const e = document.querySelector(css);"
            " return e !== null && getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().height > 0; };"
            "return {cash: Math.min(...cash.map((c) => parseFloat(getComputedStyle(c).fontSize))),"
            " height: window.innerHeight, page: document.scrollingElement.scrollHeight,"
            " chart: shown('#chart figure.tv'), board: shown('#board'),"
            " turn: document.querySelector('#game').textContent,"
            " log: [...document.querySelectorAll('#log li')]"
            "  .filter((li) => getComputedStyle(li).display !== 'none').length}"
        )
        assert facts["height"] == 1080 and facts["cash"] >= 0.05 * 1080, facts  # read from three metres
        assert facts["page"] <= 1080, facts  # one screen, nothing to scroll on a television
        assert facts["chart"] and not facts["board"] and "Cy to play" in facts["turn"] and facts["log"] == 4, facts
        await _shot(tv, "table-tv-1920x1080.png")
        # the same link on a phone is the phone's page: the board sheet, the phone's chart
        await tv.screen(360, 740)
        await tv.until("return getComputedStyle(document.getElementById('board')).display", "block")


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
