"""BG Stats: a finished game as the app's push-play JSON and link (BG Stats support, "Push plays to BG Stats from
other apps or websites"); docs/exports.md, "BG Stats". The standings screen and ``banker qr --bgstats`` show the
link as a QR code.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any
from urllib.parse import quote

from banker.reports.report import Report, parse_time
from rules.i18n import _

BGSTATS_URL = "https://app.bgstatsapp.com/createPlay.html"
"""BG Stats' push-play link (BG Stats support, "Push plays to BG Stats from other apps or websites")."""
BGSTATS_GAME = {"name": "Monopoly", "bggId": 1406}  # i18n-exempt: BG Stats' names
"""Monopoly on BoardGameGeek (boardgamegeek.com/boardgame/1406), how BG Stats identifies the game."""


def source_play_id(rep: Report) -> str:
    """A stable id of the game for BG Stats' ``sourcePlayId`` (so a second scan of the same game updates the play
    instead of adding one): a short hash of when the game was created (to the millisecond) and who played, which
    never change, not even when the game moves to another database (``banker import`` keeps the time); 12 hex
    digits keep the code small."""
    players = "|".join(sorted(r.name for r in rep.rows))
    return hashlib.blake2s(f"{rep.created}|{players}".encode(), digest_size=6).hexdigest()


def bgstats_play(rep: Report) -> dict[str, Any]:
    """The play as BG Stats' push-play JSON (docs/exports.md, "BG Stats"): the players with the rule book's totals
    as scores, their ranks and the winner, the date and time the game started (local time) and its length; the
    game's stable ``sourcePlayId`` and, in ``game``, a ``sourceGameId`` per rule system (the variant's key), so
    plays of a short game and a standard one can be told apart."""
    if not rep.over:
        raise ValueError(_("game {game} is still in progress; BG Stats records finished plays").format(game=rep.game))
    play: dict[str, Any] = {
        "sourceName": "Banker",  # i18n-exempt: BG Stats' names
        "sourcePlayId": source_play_id(rep),
        "game": {**BGSTATS_GAME, "sourceGameId": rep.variant},
        "playDate": _local_time(rep.created),
    }
    if rep.duration_minutes is not None:
        play["durationMin"] = rep.duration_minutes
    play["players"] = [{"name": r.name, "score": r.total, "winner": r.winner, "rank": r.rank} for r in rep.rows]
    return play


def _local_time(text: str) -> str:
    """``YYYY-MM-DD HH:MM:SS`` in this computer's time zone (the journal keeps UTC), as BG Stats expects."""
    try:
        return parse_time(text).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return text[:19].replace("T", " ")


def bgstats_url(rep: Report) -> str:
    """The push-play link: ``createPlay.html?data=`` and the URL-encoded JSON (compact; every byte but a letter,
    a digit, ``-._~`` and the ``:`` and ``,`` a query may hold as they are is percent-encoded, names as UTF-8), so
    the QR code holds plain ASCII, and as little of it as a URL allows."""
    data = json.dumps(bgstats_play(rep), ensure_ascii=False, separators=(",", ":"))
    return f"{BGSTATS_URL}?data={quote(data, safe=':,')}"
