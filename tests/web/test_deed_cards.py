"""The phone's deed cards: on a player's page each deed opens its card (a details element, so no script is
needed), with every printed rent, the one charged now, the mortgage and its lift, as ``show deed`` prints them;
each group shows its mark beside its colour."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from banker.session import Session
from tests.kit.phones import path_of, phone_game, served


@pytest.fixture
def db(tmp_path):
    return tmp_path / "phones.db"


class _Text(HTMLParser):
    """The text of each deed card (a details element with a ``card-`` id) by its id, and the visible text of the
    page."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: dict[str, list[str]] = {}
        self.text: list[str] = []
        self._card: str | None = None
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self._skip += 1
        ident = dict(attrs).get("id") or ""
        if tag == "details" and ident.startswith("card-"):  # a deed card (the request forms are details too)
            self._card = ident
            self.cards[self._card] = []

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self._skip -= 1
        if tag == "details":
            self._card = None

    def handle_data(self, data):
        if self._skip or not data.strip():
            return
        self.text.append(data.strip())
        if self._card:
            self.cards[self._card].append(data.strip())


async def test_each_deed_opens_its_card(db, aiohttp_client):
    game = phone_game(db, lines=["buy ann boardwalk", "buy ann park place", "build ann boardwalk 1", "buy ann reading"])
    _server, client, links = await served(db, game, aiohttp_client)
    page = _Text()
    page.feed(await (await client.get(path_of(links, 0))).text())
    assert set(page.cards) == {"card-boardwalk", "card-park_place", "card-reading_railroad"}
    card = " ".join(page.cards["card-boardwalk"])
    with Session.open(db, game, readonly=True) as s:
        printed = s.execute("show deed boardwalk").message.splitlines()
    # every printed rent of the typed answer is on the phone's card, in order
    rents = [re.split(r"\s{2,}", ln.strip().removeprefix("rent, ")) for ln in printed if ln.strip().startswith("rent,")]
    table = card.split(" each;")[0]  # the rent table, before the line of building costs
    found = re.findall(r"(?:(?<=\s)|^)(site|full set|[1-4] houses?|hotel) (\$[\d,]+)", table)
    assert found == [(r[0], r[1]) for r in rents] and len(found) == 7
    assert "1 house $200 now" in card  # the rent charged now, said in words
    assert "mortgage value $200; lifting it costs $220 ($200 + $20 interest)" in card
    assert "owner Ann; 1 house, not mortgaged" in card
    assert "1 railroad owned $25 now" in " ".join(page.cards["card-reading_railroad"])
    # the group's mark stands beside its swatch
    assert "DB" in page.text and "RR" in page.text


async def test_the_table_page_carries_the_board_sheet(db, aiohttp_client):
    from tests.kit.phones import TABLE_SEAT

    game = phone_game(db, lines=["buy ann boardwalk", "buy bob reading", "mortgage bob reading", "jail cy"])
    _server, client, links = await served(db, game, aiohttp_client)
    page = _Text()
    page.feed(await (await client.get(path_of(links, TABLE_SEAT))).text())
    text = page.text
    sheet = text[text.index("Board sheet") :]
    rows = " | ".join(sheet)
    assert "DB | Boardwalk | Ann" in rows and "RR | Reading Railroad | Bob | mortgaged" in rows
    assert "BR | Mediterranean Avenue | bank" in rows
    assert "Cy: in jail, just sent" in sheet
