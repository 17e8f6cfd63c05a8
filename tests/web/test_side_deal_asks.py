"""A side deal on the phones (issue 35): the rent form's preview on the payer's phone says the deal that covers it,
the request sent carries it to the phone's list and to the banker's inbox, and the banker decides: a deal moves no
money, so declining the request (the owner let the rent go) leaves every balance as it was."""

from __future__ import annotations

import pytest

from banker.session import Session
from banker.tui.dialogs.inbox import label_for
from banker.web import asking
from tests.kit.phones import path_of, phone_game, served

REMINDER = "side deal 1 applies ($25): Ann asks half rent of Bob on Boardwalk until Cy passes GO"


@pytest.fixture
def db(tmp_path):
    return tmp_path / "deals.db"


async def test_the_rent_form_and_the_inbox_show_the_side_deal(db, aiohttp_client):
    game = phone_game(db, lines=["buy ann boardwalk", "side ann half rent boardwalk from bob until cy passes go"])
    _server, client, links = await served(db, game, aiohttp_client)
    bob, cy = path_of(links, 1), path_of(links, 2)
    checked = await client.post(bob + "/preview", data={"form": "rent", "deed": "Boardwalk", "dice": ""})
    preview = (await checked.json())["preview"]
    assert preview == f"Bob pays Ann $50: Boardwalk, unimproved; {REMINDER}"
    page = await client.post(bob + "/requests", data={"form": "rent", "id": "deal-rent-01", "deed": "Boardwalk"})
    assert page.status == 202 and REMINDER in await page.text()
    # Cy is not in the deal: his rent form says nothing of it
    other = await client.post(cy + "/preview", data={"form": "rent", "deed": "Boardwalk", "dice": ""})
    assert "side deal" not in (await other.json())["preview"]
    with Session.open(db, game) as s:
        (waiting,) = asking.pending(s)
        assert REMINDER in label_for(waiting, [p.name for p in s.state.players])
        cash = [p.cash for p in s.state.players]
        assert s.decline_request(waiting.n, "Ann keeps the deal")
        assert [p.cash for p in s.state.players] == cash and asking.pending(s) == []
