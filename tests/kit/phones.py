"""Shared helpers for the phone pages' tests: a served game and reading its event stream."""

from __future__ import annotations

import json

from banker.journal import TABLE_SEAT
from banker.web.server import PhoneServer
from rules import Settings
from tests.kit.journal import make_game
from tests.kit.patience import within


def phone_game(db, names=("Ann", "Bob", "Cy"), lines=(), settings: Settings | None = None) -> int:
    """:func:`~tests.kit.journal.make_game` with players named as the phone pages show them back."""
    return make_game(db, names, lines, settings)


def path_of(links, seat: int) -> str:
    """The path of a seat's page (:data:`TABLE_SEAT` for the table)."""
    link = next(link for link in links if link.seat == seat)
    return "/" + link.url.rsplit("/", 1)[1]


async def served(db, game_id: int, aiohttp_client):
    """A PhoneServer serving ``game_id``, behind aiohttp's test client: (server, client, links)."""
    server = PhoneServer(db, "127.0.0.1", 0)
    links = server.serve(game_id)
    client = await aiohttp_client(server.app)
    return server, client, links


async def next_snapshot(response, timeout: float = 5.0) -> dict:
    """The next ``snapshot`` event of a stream, decoded (pings and the retry field skipped)."""

    async def read() -> dict:
        event = ""
        while True:
            line = (await response.content.readline()).decode()
            if not line:
                raise EOFError("the stream ended")
            if line.startswith("event: "):
                event = line[7:].strip()
            elif line.startswith("data: ") and event == "snapshot":
                return json.loads(line[6:])

    return await within(read(), timeout, "the next snapshot")


def cash_of(snapshot: dict, name: str) -> int:
    data = snapshot["data"]
    if data["page"] == "player":
        assert data["player"]["name"] == name
        return data["player"]["cash"]
    return next(s["cash"] for s in data["standings"] if s["name"] == name)


__all__ = ["TABLE_SEAT", "cash_of", "next_snapshot", "path_of", "phone_game", "served"]
