"""Phones that ask, under load (issue 23): 8 phones each send 50 requests over real HTTP (each sent twice, as a
phone retrying on a flaky Wi-Fi, and again after a 429 when 5 already wait) while two bankers (two sessions on
their own connections, as two terminals or the app and ``banker requests accept``) accept whatever is pending.
Every request is recorded exactly once, none twice, none lost, and the money is conserved."""

from __future__ import annotations

import asyncio
import threading
import time

import aiohttp

from banker.journal import RequestStatus
from banker.session import Session
from banker.web.server import PhoneServer
from rules.state import Settings
from tests.kit.conservation import conserved
from tests.kit.patience import within
from tests.kit.phones import phone_game

PHONES = 8
EACH = 50
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")


def banker(db, game: int, stop: threading.Event, recorded: list[int], refused: list[int]) -> None:
    """Accept every pending request, again and again, until told to stop and nothing is left."""
    with Session.open(db, game) as session:
        while True:
            session.reload()
            waiting = session.requests(status=RequestStatus.PENDING)
            if not waiting and stop.is_set():
                return
            for row in waiting:
                reply = session.execute(row.line, request=row)
                (recorded if reply.ok else refused).append(row.n)
            if not waiting:
                time.sleep(0.005)


async def test_eight_phones_fifty_requests_each_recorded_exactly_once(tmp_path):
    db = tmp_path / "load.db"
    game = phone_game(db, names=NAMES, settings=Settings(variant="standard"))
    server = PhoneServer(db, "127.0.0.1", 0)
    await server.start()
    links = server.serve(game)
    stop = threading.Event()
    recorded: list[list[int]] = [[], []]
    refused: list[list[int]] = [[], []]
    bankers = [
        threading.Thread(target=banker, args=(db, game, stop, recorded[i], refused[i]), daemon=True) for i in range(2)
    ]
    for t in bankers:
        t.start()
    answers: dict[str, int] = {}

    async def phone(http: aiohttp.ClientSession, seat: int) -> None:
        url = links[seat].url + "/requests"
        for i in range(EACH):
            rid = f"{NAMES[seat]}-request-{i:03}"
            line = f"collect {NAMES[seat]} {i + 1}" if i % 2 else f"pay {NAMES[seat]} {i + 1}"
            while True:
                async with http.post(url, json={"id": rid, "line": line}) as r:
                    if r.status == 429:  # five wait already: the banker is busy
                        await asyncio.sleep(0.01)
                        continue
                    assert r.status == 202, await r.text()
                    first = (await r.json())["n"]
                    break
            async with http.post(url, json={"id": rid, "line": line}) as again:  # the retry of a flaky Wi-Fi
                assert again.status == 200 and (await again.json())["n"] == first
            answers[rid] = first

    try:
        async with aiohttp.ClientSession() as http:
            await within(asyncio.gather(*(phone(http, s) for s in range(PHONES))), 120, "every phone's requests")
    finally:
        stop.set()
        for t in bankers:
            await asyncio.to_thread(t.join, 60)
        await server.stop()

    assert len(answers) == PHONES * EACH
    done = recorded[0] + recorded[1]
    assert sorted(done) == sorted(set(answers.values()))  # every request recorded, once
    assert not set(refused[0]) - set(recorded[1]) and not set(refused[1]) - set(recorded[0])  # lost races only
    with Session.open(db, game) as s:
        rows = s.requests()
        assert len(rows) == PHONES * EACH and {r.status for r in rows} == {RequestStatus.RECORDED}
        seqs = [r.seq for r in rows]
        assert len(set(seqs)) == len(seqs)
        log = {e.seq: e for e in s.log()}
        assert len(log) == PHONES * EACH
        for r in rows:
            assert log[r.seq].text == r.line and log[r.seq].summary.endswith(f"(asked from {NAMES[r.seat]}'s phone)")
        assert conserved(s.state)
        net = sum((i + 1) * (1 if i % 2 else -1) for i in range(EACH))
        assert [p.cash for p in s.state.players] == [1500 + net] * PHONES
