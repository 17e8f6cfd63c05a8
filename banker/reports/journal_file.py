"""A whole game as one JSON file (``banker export --format journal``) and back (``banker import FILE``), so a game
moves to another laptop or goes with a bug report.

The file holds the game's set-up (players and tokens, edition, variant, settings, who is in maths mode, when it was
created), every journalled entry (actions, undos and redos, each with the line as typed, the action as journalled,
its summary and time) and the state it ends in; the phone links are left out (they are the players' private keys).
Each entry is written on a line of its own, so a refusal can name the line. Importing replays the entries through
the engine as a new game (:meth:`banker.session.Session.imported`, one transaction, keeping the times), then checks
the state it reaches against the file's: a file that does not replay, or ends elsewhere, is refused with the line at
fault and nothing is created.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from banker import __version__
from banker.session import EDITION_DATA, ReplayEntry, ReplayRefused, Session
from rules import editions
from rules.board import BoardDataError
from rules.bounded import GAME_FILE, DataError, read_json
from rules.codec import state_from_dict, state_to_dict
from rules.errors import RuleError
from rules.i18n import _
from rules.names import shown

if TYPE_CHECKING:
    from collections.abc import Iterator

    from rules.state import GameState, Settings

FORMAT = "banker-game"
VERSION = 1
KINDS = ("action", "undo", "redo")


class GameFileError(ValueError):
    """A game file that cannot be imported: the message names the file's line at fault (``line``, 0: none)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(_("line {line}: {problem}").format(line=line, problem=message) if line else message)
        self.line = line


def render(session: Session) -> str:
    """The game as one JSON file: the set-up, then one entry a line, then the state it ends in."""
    return "".join(pieces(session))


def pieces(session: Session) -> Iterator[str]:
    """:func:`render` a piece at a time, the entries read from the journal as they are written: the file of a long
    game is never whole in memory (191 MB at 100,000 entries when it was: issue 33). The text is the same."""
    state = session.state
    head = {
        "format": FORMAT,
        "version": VERSION,
        "banker": __version__,
        "game": {
            "created": session.created,
            "edition": state.settings.edition,
            "variant": state.settings.variant,
            "players": [{"name": p.name, "token": p.token} for p in state.players],
            "settings": _settings(state),
            "maths": sorted(session.maths_players()),
        },
    }
    yield json.dumps(head, indent=2, ensure_ascii=False)[:-2]  # reopen the object for the entries
    yield ',\n  "entries": ['
    batch: list[str] = []
    n = -1
    for n, e in enumerate(session.events()):
        entry = {
            "seq": e.seq,
            "time": e.time,
            "kind": str(e.kind),
            "line": e.text,
            "action": e.action,
            "target": e.target,
            "summary": e.summary,
        }
        batch.append(
            ("\n    " if n == 0 else ",\n    ") + json.dumps(entry, ensure_ascii=False, separators=(", ", ": "))
        )
        if len(batch) == 500:
            yield "".join(batch)
            batch.clear()
    yield "".join(batch)
    end = json.dumps({"state": state_to_dict(state)}, ensure_ascii=False, separators=(",", ":"))[1:-1]
    yield f"\n  ],\n  {end}\n}}\n" if n >= 0 else f"],\n  {end}\n}}\n"


def _settings(state: GameState) -> dict[str, Any]:
    """The game's settings, with the whole edition when it is not built in (a family's own board goes with the
    game, as the journal keeps it: docs/editions.md), so the file imports where that board's file is not."""
    settings: dict[str, Any] = state_to_dict(state)["settings"]
    own = editions.edition_data(state.settings.edition)
    return {**settings, EDITION_DATA: own} if own is not None else settings


@dataclass(frozen=True)
class GameFile:
    """A game file read and checked: the set-up, the entries with the file line of each, the final state."""

    names: list[str]
    tokens: list[str]
    settings: Settings
    created: str | None
    entries: list[ReplayEntry]
    lines: list[int]
    state: dict[str, Any] | None
    maths: list[str]
    """The players in maths mode."""


def read(text: str) -> GameFile:
    """Read a game file, refusing (GameFileError, with its line or the place in it) what is not one: first within
    the bounds of a game file (:data:`rules.bounded.GAME_FILE`: its size, nesting, values and texts), then its
    shape, then its edition (held to every limit an edition file is)."""
    try:
        data = read_json(text, "", GAME_FILE)
    except DataError as e:
        raise GameFileError(str(e)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise GameFileError(_('not a Banker game file (its "format" is not "{format}")').format(format=FORMAT), 1)
    if data.get("version") != VERSION:
        version = _("a game file of version {version}; this Banker reads version {ours}")
        raise GameFileError(version.format(version=shown(repr(data.get("version"))), ours=VERSION))
    game = data.get("game")
    raw = data.get("entries")
    if not isinstance(game, dict) or not isinstance(raw, list):
        raise GameFileError(_('a game file needs a "game" object and an "entries" list'))
    lines = _entry_lines(text, len(raw))
    players, settings_data = game.get("players"), game.get("settings")
    if not isinstance(players, list) or not all(
        isinstance(p, dict) and isinstance(p.get("name"), str) for p in players
    ):
        raise GameFileError(_('game.players: must be a list of players, each with a "name"'))
    if not isinstance(settings_data, dict):
        raise GameFileError(_("game.settings: must be an object: the game's rules, as an exported game file has them"))
    names = [p["name"] for p in players]
    tokens = [str(p.get("token") or "") for p in players]
    own = settings_data.get(EDITION_DATA)
    try:
        if own is not None:  # the game's own board, checked as any edition file is
            if not isinstance(own, dict):
                not_keys = _("game.settings.{key}: must be an object: the edition file's keys")
                raise BoardDataError(not_keys.format(key=EDITION_DATA))
            editions.register(own, source=_("the game file's edition"))
        settings = state_from_dict(
            {"settings": settings_data, "players": [], "deeds": [], "houses": 0, "hotels": 0, "bank": 0}
        ).settings
    except BoardDataError as e:
        raise GameFileError(_("the game's edition is refused: {problem}").format(problem=e)) from None
    except (KeyError, TypeError, ValueError, AttributeError):
        raise GameFileError(
            _("game.settings: not a game's rules as Banker writes them (a variant, an edition, ...)")
        ) from None
    entries = []
    for i, entry in enumerate(raw):
        where = lines[i]
        if not isinstance(entry, dict) or entry.get("kind") not in KINDS or not isinstance(entry.get("line"), str):
            needs = _("entry {n} needs a kind ({kinds}) and a line")
            raise GameFileError(needs.format(n=i + 1, kinds=", ".join(KINDS)), where)
        action, seq, target = entry.get("action"), entry.get("seq"), entry.get("target")
        if action is not None and not isinstance(action, dict):
            raise GameFileError(_("entry {n}: its action is not an object").format(n=i + 1), where)
        if any(v is not None and (not isinstance(v, int) or isinstance(v, bool)) for v in (seq, target)):
            raise GameFileError(_("entry {n}: seq and target are entry numbers").format(n=i + 1), where)
        time = entry.get("time")
        if time is not None and not _is_time(time):
            raise GameFileError(_("entry {n}: its time is not an ISO 8601 time").format(n=i + 1), where)
        entries.append(ReplayEntry(entry["kind"], entry["line"], action, seq, target, time))
    state = data.get("state")
    maths = game.get("maths") or []
    if not isinstance(maths, list) or not all(isinstance(n, str) and n in names for n in maths):
        raise GameFileError(_('"maths" lists players of the game (the maths mode)'))
    created = game.get("created")
    if created is not None and not _is_time(created):
        raise GameFileError(_('the game\'s "created" is not an ISO 8601 time'))
    return GameFile(names, tokens, settings, created, entries, lines, state if isinstance(state, dict) else None, maths)


def _is_time(value: object) -> bool:
    from datetime import datetime

    if not isinstance(value, str) or len(value) > 40:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _entry_lines(text: str, count: int) -> list[int]:
    """The file line each entry starts on (0 where it cannot be found: a file laid out by hand). One pass over the
    text: the lines are counted on from the entry before (counting from the start for each entry made an import
    quadratic: a 20,000-entry game did not import in 300 s, issue 33)."""
    decoder = json.JSONDecoder()
    start = text.find('"entries"')
    i = text.find("[", start) + 1 if start >= 0 else 0
    found: list[int] = []
    line, counted = 1, 0  # the line the text up to ``counted`` ends on
    while 0 < i < len(text) and len(found) < count:
        while i < len(text) and text[i] in " \t\r\n,":
            i += 1
        if i >= len(text) or text[i] == "]":
            break
        try:
            _, end = decoder.raw_decode(text, i)
        except json.JSONDecodeError:
            break
        line += text.count("\n", counted, i)
        counted = i
        found.append(line)
        i = end
    return found + [0] * (count - len(found))


def import_game(db: str | Path, text: str) -> tuple[int, int]:
    """Replay a game file into ``db`` as a new game: (its id, the number of entries). Refused (GameFileError naming
    the line) when an entry does not replay or the game ends in another state than the file's; then nothing is
    created."""
    game = read(text)
    try:
        session = Session.imported(db, game.names, game.settings, game.tokens, game.entries, game.state, game.created)
    except ReplayRefused as e:
        if e.index < 0:
            raise GameFileError(e.message, _line_of(text, '"state"')) from None
        entry = game.entries[e.index]
        refused = _('entry {n} ("{line}") does not replay: {problem}')
        raise GameFileError(
            refused.format(n=e.index + 1, line=entry.line[:60], problem=e.message), game.lines[e.index]
        ) from None
    except RuleError as e:
        raise GameFileError(_("the game's set-up is refused: {problem}").format(problem=e)) from None
    with session:
        for name in game.maths:
            session.set_maths(name)
        return session.game_id, len(game.entries)


def _line_of(text: str, key: str) -> int:
    at = text.rfind(key)
    return text.count("\n", 0, at) + 1 if at >= 0 else 0


__all__ = ["FORMAT", "VERSION", "GameFile", "GameFileError", "import_game", "read", "render"]
