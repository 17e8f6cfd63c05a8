"""Phones that ask (issue 23): the request routes through aiohttp's test client. Every status of docs/phones.md,
the idempotent retry, the limits, the Origin check, and the database byte for byte the same after every refused
request; the banker's record (once, however many times accepted), decline, stale and expired requests."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from banker.journal import RequestStatus
from banker.session import Session
from banker.web.asking import MOST_PENDING
from banker.web.server import PhoneServer
from tests.kit.phones import TABLE_SEAT, next_snapshot, path_of, phone_game, served


@pytest.fixture
def db(tmp_path):
    return tmp_path / "asks.db"


def files(db: Path) -> tuple[bytes, bytes]:
    """The database as it is on disk: the file and its write-ahead log."""
    wal = Path(f"{db}-wal")
    return db.read_bytes(), wal.read_bytes() if wal.exists() else b""


def notice(html: str) -> str:
    """What a page answering a form post says at its top (the notice), unescaped."""
    import html as markup

    found = re.search(r'<p id="notice"[^>]*>(.*?)</p>', html)
    assert found, "the page has no notice"
    return markup.unescape(found[1])


def ask(client, path, rid, line, **headers):
    return client.post(path + "/requests", json={"id": rid, "line": line}, headers=headers)


async def test_a_request_is_kept_priced_and_given_back_once(db, aiohttp_client):
    game = phone_game(db, lines=["buy ann boardwalk"])
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    response = await ask(client, bob, "retry-me-01", "rent bo boardwalk")
    assert response.status == 202
    body = await response.json()
    assert body["id"] == "retry-me-01" and body["status"] == "pending" and body["player"] == "Bob"
    assert body["line"] == "rent Bob Boardwalk"  # the canonical line (commands.format)
    assert body["preview"].startswith("Bob pays Ann $50: Boardwalk")
    again = await ask(client, bob, "retry-me-01", "rent bo boardwalk")  # a phone retrying on a flaky Wi-Fi
    assert again.status == 200 and (await again.json())["n"] == body["n"]
    listed = await (await client.get(bob + "/requests")).json()
    assert [r["id"] for r in listed["requests"]] == ["retry-me-01"]
    with Session.open(db, game) as s:
        assert len(s.requests()) == 1
    # The owner may ask too: "Bob owes me rent on Boardwalk", from Ann's phone.
    owed = await ask(client, path_of(links, 0), "owner-asks-1", "rent bob boardwalk")
    assert owed.status == 202
    # Another player's request is not in Bob's list.
    assert len((await (await client.get(bob + "/requests")).json())["requests"]) == 1


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("undo", "undo is the banker's alone"),
        ("redo", "redo is the banker's alone"),
        ("new standard Ann Bob", "a new game is the banker's alone"),
        ("end", "ending the game is the banker's alone"),
        ("bankrupt bob to bank", "a bankruptcy is the banker's alone"),
        ("bankruptcy bob to ann", "a bankruptcy is the banker's alone"),
        ("correct bob 50 short-changed", "a correction is the banker's alone"),
        ("position bob cash 5000", "moves none of Bob's money"),  # the set-up moves no money: no phone asks it
        ("pay ann 50 to cy", "moves none of Bob's money"),  # names neither Bob as payer nor as payee
        ("go ann", "moves none of Bob's money"),
        ("next", "moves none of Bob's money"),
        ("rent bob park place", "the bank holds Park Place"),  # the engine's own refusal
        ("pay bob 5000", "Bob cannot pay $5,000 to the bank: has $1,500"),
        ("show worth", "a question"),
        ("pay bob", "expected: pay <player>"),
        ("", "no command"),
    ],
)
async def test_refused_with_a_reason_and_nothing_stored(db, aiohttp_client, line, why):
    game = phone_game(db)
    _server, client, links = await served(db, game, aiohttp_client)
    before = files(db)
    response = await ask(client, path_of(links, 1), "refused-0001", line)
    assert response.status == 422
    text = await response.text()
    assert why.casefold() in text.casefold() and text.count("\n") == 1
    assert files(db) == before


async def test_the_guards_refuse_before_anything_is_stored(db, aiohttp_client):
    game = phone_game(db)
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    before = files(db)
    # The table's link only reads.
    assert (await ask(client, path_of(links, TABLE_SEAT), "table-asks-1", "go bob")).status == 403
    # A page elsewhere cannot post (its browser says where it comes from).
    assert (await ask(client, bob, "elsewhere-1", "go bob", Origin="http://evil.example")).status == 403
    assert (await ask(client, bob, "elsewhere-2", "go bob", **{"Sec-Fetch-Site": "cross-site"})).status == 403
    assert (await client.delete(bob + "/requests/elsewhere-1", headers={"Origin": "http://evil.example"})).status == 403
    # Bodies over 4 KB.
    big = await client.post(
        bob + "/requests",
        data=json.dumps({"id": "big-body-01", "line": "go bob " + "x" * 4200}),
        headers={"Content-Type": "application/json"},
    )
    assert big.status == 413
    # Ids and bodies that are not what the API says.
    assert (await ask(client, bob, "short", "go bob")).status == 422
    assert (await ask(client, bob, "has spaces in it", "go bob")).status == 422
    bad = await client.post(bob + "/requests", data="{not json", headers={"Content-Type": "application/json"})
    assert bad.status == 422
    listed = await client.post(bob + "/requests", json=["go bob"])
    assert listed.status == 422
    # A guest without a link.
    assert (await ask(client, "/" + "A" * 22, "no-link-01", "go bob")).status == 404
    assert files(db) == before
    # No CORS headers, ever.
    ok = await ask(client, bob, "same-origin", "go bob", Origin=f"http://{client.host}:{client.port}")
    assert ok.status == 202 and not any(k.lower().startswith("access-control") for k in ok.headers)


async def test_at_most_five_pending_from_one_phone(db, aiohttp_client):
    game = phone_game(db)
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    for i in range(MOST_PENDING):
        assert (await ask(client, bob, f"pending-{i:04}", f"pay bob {i + 1}")).status == 202
    before = files(db)
    flood = await ask(client, bob, "pending-9999", "pay bob 9")
    assert flood.status == 429 and "5 requests are waiting" in await flood.text()
    assert files(db) == before
    assert (await ask(client, path_of(links, 0), "ann-is-fine", "pay ann 9")).status == 202  # another phone: fine
    assert (await client.delete(bob + "/requests/pending-0000")).status == 200  # withdrawing makes room
    assert (await ask(client, bob, "pending-9999", "pay bob 9")).status == 202


async def test_withdraw_record_decline_stale_and_the_stream(db, aiohttp_client):
    game = phone_game(db, lines=["buy ann boardwalk"])
    server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    stream = await client.get(bob + "/events")
    await next_snapshot(stream)
    for rid, line in [
        ("rent-request", "rent bob boardwalk"),
        ("buy-request1", "buy bob park place"),
        ("go-request-1", "go bob"),
        ("gone-request", "pay bob 1"),
    ]:
        assert (await ask(client, bob, rid, line)).status == 202
    # Withdrawn by the phone; a second withdraw, or one of an unknown id, changes nothing.
    gone = await client.delete(bob + "/requests/gone-request")
    assert gone.status == 200 and (await gone.json())["status"] == "withdrawn"
    before = files(db)
    assert (await client.delete(bob + "/requests/gone-request")).status == 409
    assert files(db) == before  # byte for byte: a refused withdraw opens no write transaction (which marks the file)
    assert (await client.delete(bob + "/requests/never-asked")).status == 404

    app = Session.open(db, game)
    app.add_listener(server.session_changed)
    rent = next(r for r in app.requests() if r.rid == "rent-request")
    reply = app.execute(rent.line, request=rent)
    assert reply.ok and reply.message.endswith("(asked from Bob's phone)")
    assert app.log()[-1].summary == reply.message
    # Recorded once: a second accept (the banker's Enter twice, another terminal) is refused and writes nothing.
    seq = app.last_seq
    again = app.execute(rent.line, request=rent)
    assert not again.ok and "not pending: it was recorded as entry 2" in again.message and app.last_seq == seq
    other = Session.open(db, game)
    assert not other.execute(rent.line, request=rent).ok
    other.close()
    snap = await next_snapshot(stream)
    while "recorded as entry 2" not in snap["sections"]["asks"]["html"]:
        snap = await next_snapshot(stream)
    # Declined by the banker, with a reason.
    go = next(r for r in app.requests() if r.rid == "go-request-1")
    assert app.decline_request(go.n, "you did not pass GO")
    assert not app.decline_request(go.n, "twice")
    # Stale: Ann buys Park Place first; Bob's request to buy it is now refused by the engine.
    assert app.execute("buy ann park place").ok
    mine = {r["id"]: r for r in (await (await client.get(bob + "/requests")).json())["requests"]}
    assert mine["rent-request"]["status"] == "recorded" and mine["rent-request"]["entry"] == 2
    assert mine["go-request-1"]["status"] == "declined" and mine["go-request-1"]["reason"] == "you did not pass GO"
    assert mine["gone-request"]["status"] == "withdrawn"
    assert mine["buy-request1"]["status"] == "stale" and "Ann" in mine["buy-request1"]["refusal"]
    buy = next(r for r in app.requests() if r.rid == "buy-request1")
    assert not app.execute(buy.line, request=buy).ok
    assert app.request(buy.n).status is RequestStatus.PENDING
    # Undo of a recorded request works like any undo.
    assert app.execute("undo").ok and app.execute("undo").ok
    assert app.state.players[1].cash == 1500
    app.close()


async def test_pending_requests_of_a_finished_game_expire_until_the_end_is_undone(db, aiohttp_client):
    """Pending requests expire when the game ends (shown as stale); undoing the ending lifts that: the expiry is
    derived from the game now, never stored (new-user review, game night)."""
    from rules import Settings

    game = phone_game(db, names=("Ann", "Bob"), settings=Settings(variant="short-1990s"), lines=["deal ann boardwalk"])
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    assert (await ask(client, bob, "before-end-1", "go bob")).status == 202
    with Session.open(db, game) as app:
        assert app.execute("bankrupt bob to bank").ok
        assert app.state.over
    mine = (await (await client.get(bob + "/requests")).json())["requests"]
    assert mine[0]["status"] == "stale" and mine[0]["refusal"] == "the game ended before the banker recorded it"
    response = await ask(client, path_of(links, 0), "after-end-1", "go ann")
    assert response.status == 422 and "over" in await response.text()
    with Session.open(db, game) as app:
        assert app.execute("undo").ok and not app.state.over
    mine = (await (await client.get(bob + "/requests")).json())["requests"]
    assert mine[0]["status"] == "pending" and mine[0]["preview"].startswith("Bob collects $200")
    with Session.open(db, game) as app:  # and the banker may record it now
        row = app.requests(status=RequestStatus.PENDING)[0]
        assert app.execute(row.line, request=row).ok


async def test_a_recorded_request_whose_entry_is_undone_shows_undone_until_redone(db, aiohttp_client):
    """Recorded from the inbox, then undone: the phone says so (``undone``), not "recorded"; a redo makes it
    recorded again (new-user review, game night: Cy's ``go Cy``)."""
    game = phone_game(db, lines=["buy ann boardwalk"])
    server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    stream = await client.get(bob + "/events")
    await next_snapshot(stream)
    assert (await ask(client, bob, "go-request-1", "go bob")).status == 202
    app = Session.open(db, game)
    app.add_listener(server.session_changed)
    row = app.requests()[0]
    assert app.execute(row.line, request=row).ok and app.last_seq == 2

    async def mine() -> dict:
        return (await (await client.get(bob + "/requests")).json())["requests"][0]

    assert (await mine())["status"] == "recorded" and (await mine())["entry"] == 2
    assert app.execute("undo").ok and app.state.players[1].cash == 1500
    undone = await mine()
    assert undone["status"] == "undone" and undone["entry"] == 2 and undone["summary"].startswith("Bob collects $200")
    snap = await next_snapshot(stream)
    while "then undone by the banker" not in snap["sections"]["asks"]["html"]:
        snap = await next_snapshot(stream)
    assert "recorded as entry 2, then undone" in snap["sections"]["asks"]["html"]
    assert app.execute("redo").ok and app.state.players[1].cash == 1700
    assert (await mine())["status"] == "recorded"
    # A new action after the undo clears the redo stack: the request stays undone for good.
    assert app.execute("undo").ok and app.execute("pay bob 1").ok
    assert (await mine())["status"] == "undone"
    app.close()


async def test_forms_without_script_are_answered_with_a_page(db, aiohttp_client):
    game = phone_game(db, lines=["buy ann boardwalk"])
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    page = await (await client.get(bob)).text()
    assert f'action="{bob}/requests?lang=en"' in page and 'name="form" value="rent"' in page
    assert '<option value="Boardwalk">Boardwalk</option>' in page  # another player's deed, for rent
    fields = {"form": "rent", "id": "form-post-01", "deed": "Boardwalk", "dice": "", "do": "preview"}
    checked = await client.post(bob + "/requests", data=fields)
    assert checked.status == 200 and "Bob pays Ann $50: Boardwalk" in await checked.text()
    with Session.open(db, game) as s:
        assert s.requests() == []
    fields["do"] = "send"
    sent = await client.post(bob + "/requests", data=fields)
    html = await sent.text()
    assert sent.status == 202 and "Sent to the banker: Bob pays Ann $50" in html and "waiting for the banker" in html
    assert (await client.post(bob + "/requests", data=fields)).status == 200  # the same form again: not a second one
    refused = await client.post(bob + "/requests", data={"form": "buy", "id": "form-post-02", "deed": "Boardwalk"})
    assert refused.status == 422 and "Boardwalk" in await refused.text() and "<html" in await refused.text()
    withdrawn = await client.post(bob + "/requests", data={"withdraw": "form-post-01"})
    assert withdrawn.status == 200 and "withdrawn" in await withdrawn.text()
    with Session.open(db, game) as s:
        assert [r.status for r in s.requests()] == [RequestStatus.WITHDRAWN]
    # The player is always the link's own, whatever the post says.
    sneaky = await client.post(
        bob + "/requests",
        data={"form": "go", "id": "form-post-03", "me": "Ann"},
        headers={"Accept": "application/json"},
    )
    assert (await sneaky.json())["line"] == "go Bob"


async def test_the_preview_route_prices_a_form_or_a_line(db, aiohttp_client):
    game = phone_game(db, lines=["buy ann electric company", "buy ann water works"])
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    ok = await client.post(bob + "/preview", data={"form": "rent", "deed": "Electric Company", "dice": "7"})
    assert (await ok.json()) == {
        "ok": True,
        "line": "rent Bob Electric Company dice 7",
        "preview": (await ok.json())["preview"],
    }
    assert "$70" in (await ok.json())["preview"]
    no = await client.post(bob + "/preview", json={"line": "rent bob electric company"})
    assert no.status == 422 and "dice" in (await no.json())["refusal"]
    tax = await client.post(bob + "/preview", data={"form": "tax", "how": "10%"})
    assert (await tax.json())["line"] == "tax Bob income 10%"
    with Session.open(db, game) as s:
        assert s.requests() == []


async def test_read_only_pages_when_phones_may_not_ask(db, aiohttp_client):
    game = phone_game(db)
    server = PhoneServer(db, "127.0.0.1", 0, asking=False)
    links = server.serve(game)
    client = await aiohttp_client(server.app)
    bob = path_of(links, 1)
    assert (await ask(client, bob, "read-only-1", "go bob")).status == 405
    page = await (await client.get(bob)).text()
    assert "Ask the banker" not in page and "<form" not in page


async def test_a_game_started_read_only_keeps_its_pages_read_only(db, aiohttp_client):
    game = phone_game(db)
    with Session.open(db, game) as s:
        s.set_phones_ask(False)
    _server, client, links = await served(db, game, aiohttp_client)  # the server's own default: may ask
    bob = path_of(links, 1)
    before = files(db)
    response = await ask(client, bob, "read-only-1", "go bob")
    assert response.status == 405 and response.headers["Allow"] == "GET,HEAD"
    assert (await client.delete(bob + "/requests/read-only-1")).status == 405
    assert "<form" not in await (await client.get(bob)).text()
    assert files(db) == before


async def test_a_body_in_pieces_without_a_length_is_read_whole_or_refused(db, aiohttp_client):
    game = phone_game(db)
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)

    async def pieces(body: bytes):
        for i in range(0, len(body), 100):
            yield body[i : i + 100]

    padding = {f"padding-{i}": "x" * 190 for i in range(16)}  # fields within their limit, 3 KB in all
    whole = json.dumps({"id": "chunked-0001", "line": "go bob", **padding}).encode()
    response = await client.post(bob + "/requests", data=pieces(whole), headers={"Content-Type": "application/json"})
    assert response.status == 202
    before = files(db)
    too_long = json.dumps({"id": "chunked-0002", "line": "go bob", "padding": "x" * 5000}).encode()
    response = await client.post(bob + "/requests", data=pieces(too_long), headers={"Content-Type": "application/json"})
    assert response.status == 413
    assert files(db) == before


async def test_text_from_people_is_escaped_on_the_page(db, aiohttp_client):
    game = phone_game(db)
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    assert (await ask(client, bob, "escape-me-01", "go bob")).status == 202
    with Session.open(db, game) as s:
        assert s.decline_request(s.requests()[0].n, '<script>alert("x")</script> & more')
    html = await (await client.get(bob)).text()
    assert "<script>alert" not in html and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more" in html


@pytest.mark.parametrize(
    ("seat", "fields", "line"),
    [
        (1, {"form": "go"}, "go Bob"),
        (1, {"form": "rent", "deed": "Electric Company", "dice": "7"}, "rent Bob Electric Company dice 7"),
        (1, {"form": "buy", "deed": "Park Place"}, "buy Bob Park Place"),
        (1, {"form": "tax", "how": "10%"}, "tax Bob income 10%"),
        (1, {"form": "tax", "how": "luxury"}, "tax Bob luxury"),
        (1, {"form": "pay", "amount": "50", "other": "bank"}, "pay Bob 50"),
        (1, {"form": "pay", "amount": "$1,000", "other": "Cy"}, "pay Bob 1000 to Cy"),
        (1, {"form": "pay", "amount": "10", "other": "each"}, "pay Bob 10 to each"),
        (1, {"form": "collect", "amount": "50", "other": "bank"}, "collect Bob 50"),
        (1, {"form": "collect", "amount": "10", "other": "each"}, "collect Bob 10 from each"),
        (1, {"form": "collect", "amount": "25", "other": "Ann"}, "collect Bob 25 from Ann"),
        (2, {"form": "jail", "how": "fine"}, "jail Cy fine"),
        (
            0,
            {"form": "owed", "payer": "Bob", "deed": "Electric Company", "dice": "7"},
            "rent Bob Electric Company dice 7",
        ),
    ],
)
async def test_every_form_of_the_page_builds_its_command(db, aiohttp_client, seat, fields, line):
    """Each form's fields, with the values the page's pickers offer, make the command the dialogs would."""
    game = phone_game(db, lines=["buy ann electric company", "jail cy", "turn cy"])
    _server, client, links = await served(db, game, aiohttp_client)
    page = await (await client.get(path_of(links, seat))).text()
    for key, value in fields.items():
        if key not in ("form", "amount", "dice"):
            assert f'value="{value}"' in page, (key, value)  # the page offers that choice
    response = await client.post(path_of(links, seat) + "/preview", data=fields)
    body = await response.json()
    assert response.status == 200 and body["line"] == line, body


async def test_a_null_origin_passes_only_with_the_browsers_same_origin_metadata(db, aiohttp_client):
    """A browser withholding the origin sends ``Origin: null``: accepted only when its fetch metadata (which no page
    can forge) says the post came from the page itself."""
    game = phone_game(db)
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    before = files(db)
    assert (await ask(client, bob, "null-origin-1", "go bob", Origin="null")).status == 403
    assert (
        await ask(client, bob, "null-origin-2", "go bob", Origin="null", **{"Sec-Fetch-Site": "cross-site"})
    ).status == 403
    assert files(db) == before
    assert (
        await ask(client, bob, "null-origin-3", "go bob", Origin="null", **{"Sec-Fetch-Site": "same-origin"})
    ).status == 202


async def test_a_uk_game_asks_in_pounds(db, aiohttp_client):
    """Editions as data (issue 24): the forms and the preview read and say the game's own money, and the tax form's
    label is the edition's Income Tax figure."""
    from rules.state import game_settings

    game = phone_game(db, settings=game_settings("standard", "uk"))
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    page = await (await client.get(bob)).text()
    assert "Income Tax: £200" in page and "Income Tax: $" not in page
    priced = await client.post(bob + "/preview", data={"form": "pay", "amount": "£1,000", "other": "Cy"})
    body = await priced.json()
    assert priced.status == 200 and body["line"] == "pay Bob 1000 to Cy" and "£1,000" in body["preview"], body
    dollars = await client.post(bob + "/preview", data={"form": "pay", "amount": "$50", "other": "bank"})
    assert dollars.status == 422 and "not an amount" in (await dollars.json())["refusal"]


async def test_the_same_ask_while_it_waits_is_not_stored_twice(db, aiohttp_client):
    """Issue 30: a second tap (Send again, another id) of an ask that is still waiting is told it is waiting,
    never stored twice; once it is no longer pending the same ask is a new one (rent is paid more than once)."""
    game = phone_game(db, lines=["buy ann boardwalk"])
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    first = await ask(client, bob, "first-tap-01", "rent bob boardwalk")
    assert first.status == 202
    again = await ask(client, bob, "second-tap-1", "rent bo boardwalk")  # the same ask, in other words
    body = await again.json()
    assert again.status == 200 and body["already"] is True and body["id"] == "first-tap-01"
    assert body["status"] == "pending" and body["n"] == (await first.json())["n"]
    page = await client.post(bob + "/requests", data={"form": "rent", "id": "third-tap-1", "deed": "Boardwalk"})
    said = notice(await page.text())
    assert page.status == 200 and said.startswith("Already waiting for the banker, not sent twice: Bob pays Ann $50")
    with Session.open(db, game) as s:
        assert [r.rid for r in s.requests()] == ["first-tap-01"]
        row = s.requests()[0]
        assert s.execute(row.line, request=row).ok
    assert (await ask(client, bob, "next-lap-01", "rent bob boardwalk")).status == 202  # recorded: a new ask
    assert (await ask(client, path_of(links, 2), "cy-asks-001", "go cy")).status == 202
    assert (await ask(client, bob, "bob-go-0001", "go bob")).status == 202  # another ask of Bob's: fine


async def test_an_id_sent_again_with_another_ask_is_409_never_the_first_answer(db, aiohttp_client):
    """Issue 30: without script, Back showed a page whose forms carried an id already sent; a new ask with it was
    answered as the old one ("Sent: Dee collects $4") and never stored. Now each form of a page has its own id,
    and an id sent again with another ask is 409 with a message that says so."""
    game = phone_game(db)
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    page = await (await client.get(bob)).text()
    ids = re.findall(r'name="id" value="([^"]+)"', page)
    assert len(ids) == len(set(ids)) >= 5  # one id per form
    collect = {"form": "collect", "id": ids[0], "amount": "4", "other": "bank", "do": "send"}
    assert (await client.post(bob + "/requests", data=collect)).status == 202
    assert (await client.post(bob + "/requests", data=collect)).status == 200  # the same post again: a retry
    before = files(db)
    other = collect | {"form": "pay", "amount": "300", "other": "Ann"}
    taken = await client.post(bob + "/requests", data=other)
    text = await taken.text()
    said = notice(text)
    assert taken.status == 409 and said.startswith("This form was sent already, as request 1 (collect Bob 4)")
    assert said.endswith("Reload the page and ask again.")
    api = await ask(client, bob, ids[0], "pay bob 300 to ann")
    assert api.status == 409 and "that id cannot ask for anything else" in await api.text()
    assert files(db) == before
    other["id"] = ids[1]  # the pay form's own id
    sent = await client.post(bob + "/requests", data=other)
    assert sent.status == 202 and notice(await sent.text()).startswith("Sent to the banker: Bob pays Ann $300")


async def test_a_repriced_request_shows_both_figures_and_why(db, aiohttp_client):
    """Issue 30: asked at $50, recorded after Ann built: the phone and the inbox's data show what was asked, the
    price now, and that the game changed after the entry it was asked at."""
    game = phone_game(db, lines=["buy ann boardwalk", "buy ann park place"])
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    assert (await ask(client, bob, "repriced-01", "rent bob boardwalk")).status == 202
    with Session.open(db, game) as s:
        assert s.execute("build ann boardwalk").ok
    [mine] = (await (await client.get(bob + "/requests")).json())["requests"]
    assert mine["status"] == "pending" and mine["repriced"] is True
    assert mine["asked"] == "Bob pays Ann $100: Boardwalk, full set, unimproved, 2 x $50"
    assert mine["preview"].startswith("Bob pays Ann $200: Boardwalk, 1 house")
    assert mine["why"] == f"asked as: {mine['asked']} (the game changed after entry 2)"
    html = await (await client.get(bob)).text()
    assert "Bob pays Ann $200: Boardwalk, 1 house" in html and "asked as: Bob pays Ann $100" in html
    with Session.open(db, game) as s:
        row = s.requests()[0]
        assert s.execute(row.line, request=row).ok
    [mine] = (await (await client.get(bob + "/requests")).json())["requests"]
    assert mine["status"] == "recorded" and mine["repriced"] is True and "$200" in mine["summary"]
    assert "recorded as entry 4" in await (await client.get(bob)).text()


async def test_a_guest_who_asks_and_withdraws_all_evening_is_bounded(db, aiohttp_client):
    """Issue 31: withdrawn and declined requests beyond the newest 20 of a phone are deleted as new ones are written;
    pending and recorded ones are kept; a phone's list shows its latest."""
    from banker.journal import REQUESTS_KEPT
    from banker.web.limits import Pace

    game = phone_game(db, lines=["buy ann boardwalk"])
    server, client, links = await served(db, game, aiohttp_client)
    clock = iter(range(10**6))
    server.pace = Pace(clock=lambda: float(next(clock)))  # a second between requests: none waits its turn here
    bob, cy = path_of(links, 1), path_of(links, 2)
    assert (await ask(client, cy, "cy-waits-01", "go cy")).status == 202
    assert (await ask(client, bob, "bob-record-1", "rent bob boardwalk")).status == 202
    with Session.open(db, game) as s:
        row = s.requests()[-1]
        assert s.execute(row.line, request=row).ok
    for i in range(60):
        assert (await ask(client, bob, f"guest-{i:06}", f"pay bob {i + 1}")).status == 202
        assert (await client.delete(f"{bob}/requests/guest-{i:06}")).status == 200
    with Session.open(db, game) as s:
        rows = s.requests()
        assert [r.rid for r in rows if r.seat == 2] == ["cy-waits-01"]
        bobs = [r for r in rows if r.seat == 1]
        assert bobs[0].rid == "bob-record-1" and bobs[0].status is RequestStatus.RECORDED
        assert [r.rid for r in bobs[1:]] == [f"guest-{i:06}" for i in range(60 - REQUESTS_KEPT, 60)]
    listed = (await (await client.get(bob + "/requests")).json())["requests"]
    assert len(listed) == REQUESTS_KEPT + 1 and listed[-1]["id"] == "guest-000059"


async def test_a_request_table_of_an_earlier_version_is_read_as_it_is_and_brought_up_on_the_next_write(
    db, aiohttp_client
):
    """A database whose phones asked under an earlier version (no ``asked`` columns, no indexes but one, 30
    withdrawals kept): read as it is, by a read-only server too; the first write adds the columns and the indexes
    and prunes the withdrawals to the newest 20, and an older request shows no repricing it cannot know."""
    import sqlite3

    from banker.journal import REQUESTS_KEPT

    game = phone_game(db, lines=["buy ann boardwalk"])
    conn = sqlite3.connect(db)
    conn.executescript(
        "CREATE TABLE phone_requests (n INTEGER PRIMARY KEY, game INTEGER NOT NULL REFERENCES games(id), "
        "seat INTEGER NOT NULL, rid TEXT NOT NULL, time TEXT NOT NULL, line TEXT NOT NULL, status TEXT NOT NULL, "
        "seq INTEGER, reason TEXT, updated TEXT NOT NULL, UNIQUE (game, seat, rid));"
        "CREATE INDEX phone_requests_status ON phone_requests (game, status);"
    )
    t = "2026-01-01T20:00:00.000+00:00"
    rows = [(game, 1, f"old-{i:06}", t, f"pay Bob {i + 1}", "withdrawn", None, None, t) for i in range(30)]
    rows.append((game, 1, "old-pending", t, "rent Bob Boardwalk", "pending", None, None, t))
    conn.executemany(
        "INSERT INTO phone_requests (game, seat, rid, time, line, status, seq, reason, updated) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    conn.commit()
    conn.close()
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    listed = (await (await client.get(bob + "/requests")).json())["requests"]
    assert len(listed) == 31 and listed[-1]["status"] == "pending" and "asked" not in listed[-1]
    assert "Bob pays Ann $50: Boardwalk" in await (await client.get(bob)).text()
    assert (await client.delete(bob + "/requests/old-pending")).status == 200  # the first write brings it up
    with Session.open(db, game) as s:
        kept = s.requests()
        assert len(kept) == REQUESTS_KEPT and kept[-1].rid == "old-pending" and kept[0].rid == "old-000011"
    assert (await ask(client, bob, "new-asks-01", "go bob")).status == 202
    [new] = [r for r in (await (await client.get(bob + "/requests")).json())["requests"] if r["id"] == "new-asks-01"]
    assert new["asked"].startswith("Bob collects $200") and new["repriced"] is False
