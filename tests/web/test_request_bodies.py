"""A hostile guest with a player's link (issue 31): a deeply nested JSON body, a form of more than 20 fields, fields
over their limit and values that are not text are answered 422 with one line saying why, never 500, with nothing
stored; the link's bad requests are said as one line that counts them, not one notification each; a link's requests
are paced, so a guest sending as fast as it can waits its turn (and past two seconds of turns is answered 429) while
the other links are answered at once. The body reader itself is fed generated bodies: no exception escapes it, and
every refusal is one line."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banker.web import bodies
from banker.web import limits as limits_module
from banker.web.limits import Pace, Tally
from tests.kit.fuzz import examples
from tests.kit.phones import path_of, phone_game, served
from tests.web.test_requests import files


@pytest.fixture
def db(tmp_path):
    return tmp_path / "bodies.db"


JSON = {"Content-Type": "application/json"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


@pytest.mark.parametrize(
    ("body", "headers", "why"),
    [
        ("[" * 1000 + "]" * 1000, JSON, "The body: line 1, column 2: nested more than 1 deep"),
        (
            '{"id": "nested-0001", "line": ' + "[" * 2000 + "]" * 2000 + "}",
            JSON,
            "line 1, column 31: nested more than 1 deep",
        ),
        ('{"id": "nested-0002", "line": {"verb": "go"}}', JSON, "request (one object, 20 fields) is flatter"),
        ('{"id": "typed-00001", "line": 5}', JSON, 'The field "line" must be text (a JSON string), not a number'),
        ('{"id": "typed-00002", "line": null}', JSON, '"line" must be text (a JSON string), not null'),
        ('{"id": "typed-00003", "line": true}', JSON, "not true or false"),
        ('{"id": 12345678, "line": "go bob"}', JSON, 'The field "id" must be text'),
        ('"go bob"', JSON, "must be a JSON object"),
        ("{not json", JSON, "line 1, column 2: not valid JSON"),
        ('{"id": "big-number1", "line": ' + "9" * 4000 + "}", JSON, "line: a number of 4,000 digits is larger"),
        (json.dumps({"id": "too-long-01", "line": "go bob " + "x" * 600}), JSON, "line: a text of 607 characters"),
        (
            json.dumps({f"f{i}": "x" for i in range(21)}),
            JSON,
            "more than 21 values; a phone's request (one object, 20 fields)",
        ),
        (json.dumps({"id": "long-name-1", "line": "go bob", "n" * 40: "x"}), JSON, "name is 40 characters long"),
        (urlencode({f"f{i}": "x" for i in range(21)}), FORM, "more than 20 fields"),
        (urlencode({"form": "pay", "id": "long-other-1", "amount": "5", "other": "B" * 300}), FORM, '"other" is 300'),
        (b"\xff\xfe{}", JSON, "not UTF-8"),
        (
            json.dumps({"id": "escape-0001", "line": "go bob\x1b[2J"}),
            JSON,
            r"a control character (\x1b) at character 7",
        ),
        (urlencode({"form": "pay", "id": "escape-0002", "amount": "5", "other": "B\x1b[2J"}), FORM, r'"other" holds a'),
    ],
)
async def test_a_bad_body_is_422_with_its_reason_never_500(db, aiohttp_client, body, headers, why):
    game = phone_game(db)
    server, client, links = await served(db, game, aiohttp_client)
    said: list[str] = []
    server.tally = Tally(said.append)
    bob = path_of(links, 1)
    before = files(db)
    for route in ("/requests", "/preview", "/bids"):
        response = await client.post(bob + route, data=body, headers=headers)
        text = await response.text()
        assert response.status == 422, (route, text)
        assert why in text and text.count("\n") == 1, text
    assert files(db) == before
    # Three bad requests from Bob's link: the first said at once, the others counted, not said one by one.
    assert len(said) == 1 and said[0].startswith("phone pages: Bob's link (game 1) sent a request its page never sends")
    assert server.tally.counts == {f"bad request {game} 1": 3}


async def test_pay_5_to_a_long_name_is_refused_naming_the_field_not_paid_to_the_bank(db, aiohttp_client):
    """Issue 30: a form field over 200 characters was dropped, so ``pay 5 to <long name>`` became ``pay Bob 5``, a
    payment to the bank."""
    game = phone_game(db)
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    fields = {"form": "pay", "id": "long-name-01", "amount": "5", "other": "Cy" + " " * 199 + "x", "do": "send"}
    for route in ("/requests", "/preview"):
        response = await client.post(bob + route, data=fields, headers={"Accept": "application/json"})
        assert response.status == 422
        assert 'The field "other" is 202 characters long; at most 200.' in await response.text()
    response = await client.post(bob + "/requests", data=fields)  # the page's own post, without script
    assert response.status == 422 and '"other" is 202 characters long' in await response.text()
    fields["other"] = "Cy"
    kept = await client.post(bob + "/requests", data=fields, headers={"Accept": "application/json"})
    assert kept.status == 202 and (await kept.json())["line"] == "pay Bob 5 to Cy"


async def test_a_links_bad_requests_are_one_line_that_counts_them(db, aiohttp_client):
    """A guest firing 40 bad bodies at Bob's link and 5 at Cy's: one line for each link at once, then each link's
    count in one line (within a minute, or when the server stops), never a line per request."""
    game = phone_game(db)
    server, client, links = await served(db, game, aiohttp_client)
    now = [0.0]
    said: list[str] = []
    server.tally = Tally(said.append, clock=lambda: now[0])
    for seat, times in ((1, 40), (2, 5)):
        for _ in range(times):
            response = await client.post(path_of(links, seat) + "/requests", data="[" * 50, headers=JSON)
            assert response.status == 422
    assert len(said) == 2
    assert "Bob's link" in said[0] and "Cy's link" in said[1]
    now[0] = 61.0
    server.tally.due()  # what the server's report task does every ten seconds
    assert said[2:] == [said[0] + " (39 times since it was last said)", said[1] + " (4 times since it was last said)"]
    server.tally.due()
    assert len(said) == 4  # nothing new: nothing said


async def test_the_app_says_a_links_bad_requests_in_one_notification(monkeypatch):
    """In the app: 30 bad bodies from one phone are one notification, not thirty (issue 31: the app stacked one
    warning notification per request)."""
    import os
    from pathlib import Path

    import aiohttp

    from banker.tui.app import make_app
    from banker.tui.screens.phones import PhonesScreen
    from banker.tui.screens.table import TableScreen
    from tests.kit.journal import make_game
    from tests.kit.waits import until

    monkeypatch.setenv("BANKER_WEB_HOST", "127.0.0.1")
    monkeypatch.setenv("BANKER_WEB_PORT", "0")
    db = Path(os.environ["BANKER_DB"])
    make_game(db, ("Ann", "Bob", "Cy"))
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot, aiohttp.ClientSession() as http:
        await pilot.pause()
        await pilot.press("o")
        await until(pilot, lambda: isinstance(app.screen, PhonesScreen), "the phones screen")
        bob = next(link.url for link in app.screen.links if link.name == "Bob")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        for _ in range(30):
            async with http.post(bob + "/requests", data="[" * 2000 + "]" * 2000, headers=JSON) as r:
                assert r.status == 422
        await until(pilot, lambda: len(app._notifications) > 0, "the notification")
        await pilot.pause()
        said = [n.message for n in app._notifications if n.title == "Phones"]
        assert len(said) == 1, said
        assert said[0].startswith("Phone pages: Bob's link (game 1) sent a request its page never sends")
        assert app.phones.tally.counts[f"bad request {app.session.game_id} 1"] == 30


text_values = st.text(max_size=300)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | text_values,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=40), inner, max_size=25),
    max_leaves=40,
)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.one_of(
        json_values.map(lambda v: json.dumps(v).encode()),
        st.binary(max_size=bodies.MAX_BODY),
        st.integers(1, 3000).map(lambda n: ("[" * n + "]" * n).encode()),
        st.integers(1, 3000).map(lambda n: ('{"a":' * n + "1" + "}" * n).encode()),
        st.dictionaries(st.text(max_size=40), text_values, max_size=30).map(lambda d: urlencode(d).encode()),
    ),
    st.sampled_from(["application/json", bodies.FORM, "text/plain", ""]),
)
def test_no_body_makes_the_reader_fail_and_every_refusal_is_one_line(raw, kind):
    try:
        found = bodies.fields(raw, kind)
    except bodies.BadBody as e:
        assert str(e) and "\n" not in str(e)
        return
    assert len(found) <= bodies.MOST_FIELDS
    for name, value in found.items():
        assert isinstance(value, str) and len(name) <= bodies.NAME_MAX
        assert len(value) <= bodies.LIMITS.get(name, bodies.FIELD_MAX)


def test_a_links_requests_are_paced_a_burst_then_a_few_a_second():
    now = [0.0]
    pace = Pace(clock=lambda: now[0])
    waits = [pace.wait("bob") for _ in range(limits_module.PACE_BURST + 3)]
    step = 1 / limits_module.PACE_RATE
    assert waits[: limits_module.PACE_BURST] == [0.0] * limits_module.PACE_BURST  # a page, its stream, a preview...
    assert waits[limits_module.PACE_BURST :] == pytest.approx([step, 2 * step, 3 * step])  # then each its turn
    assert pace.wait("ann") == 0.0  # another link is not held up
    owed = [pace.wait("bob") for _ in range(int(limits_module.PACE_MOST_WAIT * limits_module.PACE_RATE) + 5)]
    assert owed[-1] is None  # more than two seconds of turns owed: refused, and takes no turn
    now[0] = 60.0
    assert pace.wait("bob") == 0.0  # a minute later, the burst again


async def test_a_guest_flooding_a_link_waits_its_turn_and_the_other_links_do_not(db, aiohttp_client, monkeypatch):
    """60 requests at once on Bob's link: the first ones at once, the rest in turn, those past the most a request
    may wait answered 429 (one line that counts them); Ann's page meanwhile takes no turn of Bob's."""
    import asyncio

    monkeypatch.setattr(limits_module, "PACE_RATE", 200.0)  # the same shape, ten times quicker
    monkeypatch.setattr(limits_module, "PACE_MOST_WAIT", 0.1)
    game = phone_game(db)
    server, client, links = await served(db, game, aiohttp_client)
    frozen = [0.0]
    server.pace = Pace(clock=lambda: frozen[0])  # no turn comes back while they arrive: the counts are exact
    said: list[str] = []
    server.tally = Tally(said.append)
    bob, ann = path_of(links, 1), path_of(links, 0)
    answers = await asyncio.gather(*(client.get(bob + "/requests") for _ in range(60)))
    statuses = sorted(r.status for r in answers)
    kept = limits_module.PACE_BURST + int(0.1 * 200)
    assert statuses == [200] * kept + [429] * (60 - kept)
    assert "Too many requests from this link at once" in await next(r for r in answers if r.status == 429).text()
    assert len(said) == 1 and "Bob's link (game 1) sent a request its page never sends" in said[0]
    assert (await client.get(ann)).status == 200


async def test_a_guests_asks_redraw_only_the_guests_own_page(db, aiohttp_client):
    """A page lists its own player's requests alone, so Bob's asks and withdrawals send Bob's phone a new snapshot
    and no other phone one: Ann's next snapshot is the one of the game's next entry."""
    from banker.session import Session
    from tests.kit.phones import next_snapshot

    game = phone_game(db)
    server, client, links = await served(db, game, aiohttp_client)
    bob, ann = path_of(links, 1), path_of(links, 0)
    bob_stream, ann_stream = await client.get(bob + "/events"), await client.get(ann + "/events")
    await next_snapshot(bob_stream)
    first = await next_snapshot(ann_stream)
    for i in range(3):
        response = await client.post(bob + "/requests", json={"id": f"guest-{i:06}", "line": "pay bob 1"})
        assert response.status == 202
        asked = await next_snapshot(bob_stream)
        assert f'<li class="req pending" data-id="guest-{i:06}">' in asked["sections"]["asks"]["html"]
        assert (await client.delete(f"{bob}/requests/guest-{i:06}")).status == 200
        withdrawn = await next_snapshot(bob_stream)
        assert f'<li class="req withdrawn" data-id="guest-{i:06}">' in withdrawn["sections"]["asks"]["html"]
    with Session.open(db, game) as s:
        s.add_listener(server.session_changed)
        assert s.execute("pay ann 5").ok
    after = await next_snapshot(ann_stream)
    assert after["seq"] == first["seq"] + 1 and after["data"]["player"]["cash"] == 1495
