"""The banker's inbox (issue 23) under a pilot: the count on the table, Enter records once, x declines with a
reason, a stale request cannot be recorded, and the palette offers it. Requests are stored as a phone's would be
(``Journal.add_request``, what ``POST <link>/requests`` does once the engine has priced the line)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from banker.journal import Journal, RequestStatus
from banker.session import Session
from banker.tui.app import make_app
from banker.tui.dialogs.inbox import InboxDialog
from banker.tui.screens.table import TableScreen
from tests.kit.journal import make_game
from tests.kit.screens import balances, text_of
from tests.kit.waits import palette_found, until

SIZE = (120, 40)


def phone_asks(db: Path, game: int, seat: int, rid: str, line: str) -> int:
    journal = Journal(db, create=False)
    try:
        row, created = journal.add_request(game, seat, rid, line, 5)
    finally:
        journal.close()
    assert row is not None and created
    return row.n


async def test_inbox_records_once_declines_and_refuses_a_stale_request(monkeypatch):
    monkeypatch.setattr(TableScreen, "RELOAD_SECONDS", 0.05)
    db = Path(os.environ["BANKER_DB"])
    game = make_game(db, ("Ann", "Bob", "Cy"), ["buy ann boardwalk"])
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        status = app.screen.query_one("#status")
        assert "request" not in text_of(status)
        phone_asks(db, game, 1, "bob-rent-0001", "rent Bob Boardwalk")
        phone_asks(db, game, 2, "cy-buys-00001", "buy Cy Park Place")
        phone_asks(db, game, 1, "bob-buys-0001", "buy Bob Park Place")
        await until(pilot, lambda: "3 requests from phones (i)" in text_of(status), "the count on the table")
        await pilot.press("i")
        await until(pilot, lambda: isinstance(app.screen, InboxDialog), "the inbox")
        inbox = app.screen
        assert len(inbox.shown) == 3 and "Bob pays Ann $50: Boardwalk" in inbox.shown[0].preview
        await pilot.press("enter", "enter")  # Enter Enter: recorded once
        await until(pilot, lambda: app.session.last_seq == 2, "the rent recorded")
        await pilot.pause()
        log = app.session.log()
        assert len(log) == 2 and log[-1].summary.endswith("(asked from Bob's phone)")
        assert balances(app) == [1150, 1450, 1500]
        assert "recorded as entry 2" in inbox.shown[0].preview or inbox.shown[0].status == "recorded"
        assert "not pending" in text_of(inbox.query_one("#refusal")) or "is recorded" in text_of(
            inbox.query_one("#refusal")
        )
        # Cy buys Park Place: Bob's request to buy it goes stale.
        await pilot.press("down", "enter")
        await until(pilot, lambda: app.session.last_seq == 3, "Cy's purchase recorded")
        await until(pilot, lambda: inbox.shown[2].status == "stale", "Bob's purchase to go stale")
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.session.last_seq == 3  # a stale request cannot be recorded
        assert "Cy" in text_of(inbox.query_one("#refusal"))
        await pilot.press("x")
        await pilot.press(*"sold already")
        await pilot.press("enter")
        await until(pilot, lambda: inbox.shown[2].row.status is RequestStatus.DECLINED, "the decline")
        assert inbox.shown[2].row.reason == "sold already"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table again")
        await until(pilot, lambda: "request" not in text_of(status), "the count gone from the table")
        assert app.session.last_seq == 3
        await pilot.press("u")  # undo of a recorded request works like any undo
        await until(pilot, lambda: balances(app) == [1150, 1450, 1500], "the undo")
    with Session.open(db, game) as s:
        assert [r.status for r in s.requests()] == [
            RequestStatus.RECORDED,
            RequestStatus.RECORDED,
            RequestStatus.DECLINED,
        ]


async def test_the_palette_offers_the_inbox(monkeypatch):
    from banker.tui.keys import ACTIONS

    assert any(a.action == "inbox" and a.key == "i" for a in ACTIONS)
    db = Path(os.environ["BANKER_DB"])
    make_game(db, ("Ann", "Bob"))
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.press(*"requests")
        await palette_found(pilot, "requests")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, InboxDialog), "the inbox from the palette")
        assert "No requests waiting." in text_of(app.screen.query_one("#refusal"))


async def test_the_new_game_screen_chooses_whether_phones_may_ask(monkeypatch, tmp_path):
    """config.toml's [phones] ask is the new-game screen's default; the choice is stored with the game and the
    phone pages of that game follow it."""
    from textual.widgets import Checkbox

    from banker.tui.screens.new_game import NewGameScreen

    monkeypatch.setenv("BANKER_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "config.toml").write_text("[phones]\nask = false\n", encoding="utf-8")
    db = Path(os.environ["BANKER_DB"])
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        box = app.screen.query_one("#phones-ask", Checkbox)
        assert box.value is False  # the setting's default
        box.value = True
        await pilot.press(*"ann bob", "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        assert app.session.phones_ask(default=False) is True
    with Session.open(db) as s:
        assert s.phones_ask(default=False) is True


async def _phone_links(pilot) -> dict[str, str]:
    """Each player's phone link as the phones screen (o) shows it, then back to the table."""
    from banker.tui.screens.phones import PhonesScreen

    app = pilot.app
    await pilot.pause()
    await pilot.press("o")
    await until(pilot, lambda: isinstance(app.screen, PhonesScreen), "the phones screen")
    links = {link.name: link.url for link in app.screen.links}
    await pilot.press("escape")
    await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
    return links


async def test_bids_from_phones_during_an_auction_the_banker_opened(monkeypatch):
    """Stretch of issue 23: while the banker's auction dialog is open, a player's page shows the lot and takes a
    bid; the dialog takes it as that player's bid (a lower one is refused); the banker's Sold! records the sale."""
    import aiohttp

    from banker.tui.dialogs.auction import AuctionDialog

    monkeypatch.setenv("BANKER_WEB_HOST", "127.0.0.1")
    monkeypatch.setenv("BANKER_WEB_PORT", "0")
    db = Path(os.environ["BANKER_DB"])
    make_game(db, ("Ann", "Bob", "Cy"))
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot, aiohttp.ClientSession() as http:
        links = await _phone_links(pilot)

        async def bid(name: str, amount: str) -> tuple[int, str]:
            async with http.post(links[name] + "/bids", json={"amount": amount}) as r:
                return r.status, await r.text()

        assert (await bid("Bob", "150"))[0] == 409  # no auction open
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AuctionDialog), "the auction dialog")
        dialog = app.screen
        feed = app.phones.feeds[app.session.game_id]
        await pilot.press(*"ave")  # could be any avenue: the phones show no lot yet, never the banker's words
        await until(pilot, lambda: dialog.query_one("#deed").value == "ave", "the words typed")
        assert (feed.auction or {}).get("lot") == ""
        assert "Auction: a deed" in await (await http.get(links["Cy"])).text()
        await pilot.press("backspace", "backspace", "backspace", *"kent")
        # The deed, as the journal will name it (new-user review, game night: the pages said "Auction: kent").
        await until(pilot, lambda: (feed.auction or {}).get("lot") == "Kentucky Avenue", "the deed on the phones")
        page = await (await http.get(links["Cy"])).text()
        assert "Auction: Kentucky Avenue" in page and 'action="/' in page and "/bids" in page
        status, text = await bid("Bob", "150")
        assert status == 202, text
        assert json.loads(text)["auction"]["lot"] == "Kentucky Avenue"
        await until(pilot, lambda: dialog.query_one("#bid-1").value == "150", "Bob's bid in the dialog")
        assert "Highest: Bob $150" in text_of(dialog.query_one("#highest"))
        status, text = await bid("Cy", "120")
        assert status == 422 and "Bid more than the highest bid, $150" in text
        assert (await bid("Cy", "-5"))[0] == 422
        page = await (await http.get(links["Cy"])).text()
        assert "Highest: Bob $150" in page
        await pilot.press("ctrl+s")  # the banker sells: the one key that records
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the sale")
        assert app.session.log()[-1].text == "auction Kentucky Avenue Bob 150"
        assert balances(app) == [1500, 1350, 1500]
        await until(pilot, lambda: app.phones.feeds[app.session.game_id].auction is None, "the auction closed")
        assert (await bid("Cy", "200"))[0] == 409


async def test_the_open_inbox_reprices_when_the_table_read_another_terminals_command_first(monkeypatch):
    """Regression: the table's reload read another process's command first (so the inbox's own reload found
    nothing new), and the inbox kept showing a request the engine now refuses as recordable."""
    monkeypatch.setattr(TableScreen, "RELOAD_SECONDS", 3600)  # the test says when the table looks
    db = Path(os.environ["BANKER_DB"])
    game = make_game(db, ("Ann", "Bob"))
    phone_asks(db, game, 1, "bob-buys-0001", "buy Bob Park Place")
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen
        await pilot.press("i")
        await until(pilot, lambda: isinstance(app.screen, InboxDialog), "the inbox")
        inbox = app.screen
        assert inbox.shown[0].status == "pending"
        with Session.open(db, game) as other:
            assert other.execute("buy ann park place").ok
        table.reload()  # the table's timer wins the race
        await until(pilot, lambda: inbox.shown[0].status == "stale", "the request shown as stale")
        assert "already belongs to Ann" in inbox.shown[0].preview


async def test_a_phones_bid_never_replaces_what_the_banker_is_typing(monkeypatch):
    """Issue 30: a phone's bid overwrote the banker's typing in that player's bid field. Now it goes into the field
    only when the field is empty and the banker is not in it; otherwise it waits beside the field until Ctrl+T takes
    it. No page is shown a bid that cannot stand (beyond the bidder's cash), and a phone cannot bid beyond its own."""
    import aiohttp

    from banker.tui.dialogs.auction import BID_HINT, AuctionDialog

    monkeypatch.setenv("BANKER_WEB_HOST", "127.0.0.1")
    monkeypatch.setenv("BANKER_WEB_PORT", "0")
    db = Path(os.environ["BANKER_DB"])
    make_game(db, ("Ann", "Bob", "Cy"))
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot, aiohttp.ClientSession() as http:
        links = await _phone_links(pilot)

        async def bid(name: str, amount: str) -> tuple[int, str]:
            async with http.post(links[name] + "/bids", json={"amount": amount}) as r:
                return r.status, await r.text()

        await pilot.press("a", *"kent", "tab", "tab", "1", "4")  # the banker is typing Bob's shouted 140
        await until(pilot, lambda: isinstance(app.screen, AuctionDialog), "the auction dialog")
        dialog = app.screen
        await until(pilot, lambda: dialog.query_one("#bid-1").value == "14", "the banker's typing")
        feed = app.phones.feeds[app.session.game_id]
        status, text = await bid("Bob", "150")
        assert status == 202, text
        await pilot.pause()
        assert dialog.query_one("#bid-1").value == "14"  # not replaced
        assert "phone $150 · Ctrl+T" in text_of(dialog.query_one("#phone-1"))
        # the field's hint, narrowed beside it, is one word: cut, the whole hint read "Ctrl+S: phone $150" (review)
        assert dialog.query_one("#bid-1").placeholder == "bid"
        page = await (await http.get(links["Bob"])).text()
        assert "Your bid of <strong>$150</strong> waits for the banker to take it." in page
        # Cy's field is empty and the banker is not in it: her phone's bid goes straight in.
        assert (await bid("Cy", "200"))[0] == 202
        await until(pilot, lambda: dialog.query_one("#bid-2").value == "200", "Cy's bid in her field")
        assert not dialog.query_one("#phone-2").display
        # The banker takes Bob's with Ctrl+T in his field: it is his bid now, and Cy's is the one to beat.
        await pilot.press("ctrl+t")
        await until(pilot, lambda: dialog.query_one("#bid-1").value == "150", "Bob's phone bid taken")
        assert not dialog.query_one("#phone-1").display
        assert dialog.query_one("#bid-1").placeholder == BID_HINT
        assert (feed.auction or {}).get("text") == "Highest: Cy $200"
        # A bid the bidder cannot cover stands on no page: Ann's $2,000 typed by the banker (she has $1,500).
        dialog.query_one("#bid-0").value = "2000"
        await pilot.pause()
        assert "⚠ Ann cannot cover $2,000" in text_of(dialog.query_one("#highest"))  # the banker is told
        assert (feed.auction or {}).get("text") == "Highest: Cy $200" and "Ann" not in (feed.auction or {})["bids"]
        assert "Ann $2,000" not in await (await http.get(links["Bob"])).text()
        # Nor can a phone bid past its own cash.
        status, text = await bid("Bob", "1600")
        assert status == 422 and "You have $1,500 in cash, and the winner pays the bid in cash" in text
        assert dialog.query_one("#bid-1").value == "150" and not dialog.query_one("#phone-1").display


async def _phones_on(app, pilot) -> dict[str, str]:
    """Turn the app's phone pages on (o) and come back to the table: each player's link by name."""
    from banker.tui.screens.phones import PhonesScreen

    await pilot.press("o")
    await until(pilot, lambda: isinstance(app.screen, PhonesScreen), "the phones screen")
    links = {link.name: link.url for link in app.screen.links}
    await pilot.press("escape")
    await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
    return links


async def test_the_inbox_says_what_the_journal_says_of_a_request_recorded_elsewhere(monkeypatch):
    """Issue 30: ``banker requests accept`` (another process) recorded Bob's request; Cy's phone asked before the app
    had read that entry, and the open inbox said "recorded as entry 2, then undone by the banker" while the entry
    stood. The inbox asks the journal; a handled row keeps what it asked."""
    import aiohttp

    from banker.tui.dialogs import inbox as inbox_module

    monkeypatch.setattr(TableScreen, "RELOAD_SECONDS", 3600)  # the app reads nothing by itself meanwhile
    monkeypatch.setattr(inbox_module, "POLL_SECONDS", 3600)
    monkeypatch.setenv("BANKER_WEB_HOST", "127.0.0.1")
    monkeypatch.setenv("BANKER_WEB_PORT", "0")
    db = Path(os.environ["BANKER_DB"])
    game = make_game(db, ("Ann", "Bob", "Cy"), ["buy ann boardwalk"])
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot, aiohttp.ClientSession() as http:
        await pilot.pause()
        links = await _phones_on(app, pilot)
        async with http.post(links["Bob"] + "/requests", json={"id": "bob-rent-0001", "line": "rent bob boardwalk"}):
            pass
        await pilot.press("i")
        await until(pilot, lambda: isinstance(app.screen, InboxDialog), "the inbox")
        inbox = app.screen
        assert inbox.shown[0].status == "pending"
        with Session.open(db, game) as other:  # banker requests accept 1, in another terminal
            row = other.requests()[0]
            assert other.execute(row.line, request=row).ok
        assert app.session.last_seq == 1  # the app has not read entry 2
        async with http.post(links["Cy"] + "/requests", json={"id": "cy-go-000001", "line": "go cy"}) as r:
            assert r.status == 202
        await until(pilot, lambda: len(inbox.shown) == 2, "Cy's request in the open inbox")
        bob = label_of(inbox, 0)
        assert "recorded as entry 2" in bob and "undone" not in bob
        assert "Bob: Bob pays Ann $50: Boardwalk" in bob  # what it asked, kept
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        app.screen.reload()
        await until(pilot, lambda: balances(app) == [1150, 1450, 1500], "the table reads entry 2")


def label_of(inbox: InboxDialog, at: int) -> str:
    """What the inbox's list shows for its ``at``-th request."""
    from textual.widgets import OptionList

    return str(inbox.query_one("#requests", OptionList).get_option_at_index(at).prompt)


async def test_the_inbox_marks_a_second_tap_and_shows_a_repriced_requests_two_figures(aiohttp_client):
    """Issue 30: two asks of one verb from one phone within a minute are marked; a request whose price changed since
    the phone asked shows the figure asked for and why, beside the price now; declining keeps its description. The
    phones ask through ``banker serve`` (another process's server)."""
    from tests.kit.phones import path_of, served

    db = Path(os.environ["BANKER_DB"])
    game = make_game(db, ("Ann", "Bob"), ["buy ann boardwalk", "buy ann park place"])
    _server, client, links = await served(db, game, aiohttp_client)
    for rid, line in (("bob-rent-0001", "rent bob boardwalk"), ("bob-rent-0002", "rent bob park place")):
        response = await client.post(path_of(links, 1) + "/requests", json={"id": rid, "line": line})
        assert response.status == 202
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.run_command("build ann boardwalk").ok  # the banker builds: Boardwalk's rent is $200 now
        await pilot.press("i")
        await until(pilot, lambda: isinstance(app.screen, InboxDialog), "the inbox")
        inbox = app.screen
        first, second = label_of(inbox, 0), label_of(inbox, 1)
        assert "Bob: Bob pays Ann $200: Boardwalk, 1 house" in first
        assert "repriced, asked as: Bob pays Ann $100: Boardwalk, full set, unimproved, 2 x $50" in first
        assert "(the game changed after entry 2)" in first and "≈" not in first
        assert "≈ like request 1 from the same phone" in second and "a second tap?" in second
        await pilot.press("down", "x", "enter")  # decline the second: it keeps what it asked
        await until(pilot, lambda: "declined" in label_of(inbox, 1), "the decline")
        assert "Bob: Bob pays Ann $70: Park Place" in label_of(inbox, 1)
        await pilot.press("up", "enter")
        await until(pilot, lambda: app.session.last_seq == 4, "the rent recorded at today's price")
        assert app.session.log()[-1].summary.startswith("Bob pays Ann $200: Boardwalk, 1 house")
        assert "recorded as entry 4" in label_of(inbox, 0) and "asked as: Bob pays Ann $100" in label_of(inbox, 0)


async def test_an_ask_beyond_what_the_edition_prints_is_flagged_not_refused(monkeypatch):
    """Issue 30 (review, item 6): Dee's phone asked to collect $1,000,000 from the bank and the inbox showed it
    unflagged, one Enter away. Now the row says it is more than any card or square of the edition moves, with the
    line and the price; Enter is refused (nothing recorded), Ctrl+A records it (a house rule may pay more). An ask
    within the printed figures ($200 from the bank, $2,000 of rent) is not flagged."""
    monkeypatch.setattr(TableScreen, "RELOAD_SECONDS", 0.05)
    db = Path(os.environ["BANKER_DB"])
    game = make_game(db, ("Ann", "Bob", "Cy", "Dee"), [])
    phone_asks(db, game, 3, "dee-collect-001", "collect Dee 1000000")
    phone_asks(db, game, 2, "cy-collect-0001", "collect Cy 200")
    phone_asks(db, game, 1, "bob-pays-00001", "pay Bob 2000 to Ann")
    phone_asks(db, game, 0, "ann-pays-00001", "pay Ann 60 to each")
    app = make_app(db)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("i")
        await until(pilot, lambda: isinstance(app.screen, InboxDialog), "the inbox")
        inbox = app.screen
        dee = label_of(inbox, 0)
        assert "Dee: Dee collects $1,000,000 from the bank" in dee
        assert (
            "⚑ $1,000,000 is more than any card or square of the US (Atlantic City) edition moves with the bank"
            " ($200 at most): a house rule may pay more: Enter will not record it, Ctrl+A will" in dee
        ), dee
        assert "⚑" not in label_of(inbox, 1) and "⚑" not in label_of(inbox, 2)
        assert "with each player ($50 at most)" in label_of(inbox, 3)
        await pilot.press("enter")
        await until(pilot, lambda: "nothing recorded" in text_of(inbox.query_one("#refusal")), "the refusal")
        assert app.session.last_seq == 0
        await pilot.press("ctrl+a")
        await until(pilot, lambda: app.session.last_seq == 1, "Dee's collection recorded on purpose")
        assert balances(app) == [1500, 1500, 1500, 1_001_500]
