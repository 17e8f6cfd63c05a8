"""Standings exports: CSV, JSON, Markdown and the QR text, plus the picture of a game and the leaderboard.

Everything here works on a :class:`Report`, a plain snapshot of one game's standings built from a session by
:func:`report`. Its rows are the rules engine's :class:`rules.valuation.Standing` records, valuation and winner
included, so an export can never disagree with the standings screen. The formats are documented in
``docs/exports.md``.
"""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from rules.state import new_game
from rules.valuation import Standing, standings, valuation, valuation_rule, winner_of

FORMATS = ("csv", "json", "md")
JSON_FORMAT = "banker-standings"
JSON_VERSION = 1


Row = Standing
"""One player's line in the standings: the rules' record itself (``rules.valuation.Standing``)."""


@dataclass(frozen=True)
class Report:
    """One game's standings and the facts an export needs about the game."""

    game: int
    variant: str
    """The variant's key, e.g. ``short-1973``."""
    variant_title: str
    edition: str
    valuation: str
    """Which rule book the valuation follows, in words (``rules.valuation.valuation_rule``)."""
    created: str
    """ISO 8601 time the game was created."""
    ended: str
    """ISO 8601 time of the action that ended the game; empty while it is in progress."""
    over: bool
    end_reason: str
    winner: str
    """The winner's name; empty while the game is in progress (or if nobody won)."""
    currency: str
    rows: tuple[Standing, ...] = field(default_factory=tuple)

    @property
    def status(self) -> str:
        return "final" if self.over else "in progress"

    @property
    def duration_minutes(self) -> int | None:
        """Minutes from creation to the end (None while the game runs or a time cannot be read)."""
        if not (self.over and self.created and self.ended):
            return None
        try:
            start, end = _parse_time(self.created), _parse_time(self.ended)
        except ValueError:
            return None
        return max(0, round((end - start).total_seconds() / 60))

    def money(self, amount: int) -> str:
        sign = "-" if amount < 0 else ""
        return f"{sign}{self.currency}{abs(amount):,}"

    @property
    def date(self) -> str:
        """The game's day (YYYY-MM-DD), from its end if over, else from its start."""
        return (self.ended or self.created)[:10]


def game_title(title: str) -> str:
    """ "Standard" -> "Standard game"; "Short game (1973)" stays as it is."""
    return title if "game" in title.casefold() else f"{title} game"


def _parse_time(text: str) -> datetime:
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def duration_text(minutes: int | None) -> str:
    if minutes is None:
        return ""
    hours, mins = divmod(minutes, 60)
    return f"{hours} h {mins:02d} min" if hours else f"{mins} min"


# Building a report from a game ---------------------------------------------------------------------------------


def report(session) -> Report:
    """Snapshot a session's game: current standings, or the final ones when the game is over."""
    state = session.state
    rows = standings(state)
    ended = ""
    if state.over:
        # the game ended with its last effective action, or with the redo that brought it back (read from the log,
        # no replay); nothing else can be journalled after the end but an undo, which would reopen the game
        effective = [e for e in session.log() if e.kind in ("action", "redo") and not e.undone]
        if effective:
            ended = effective[-1].time
    return Report(
        game=session.game_id,
        variant=state.settings.variant,
        variant_title=state.variant.title,
        edition=state.settings.edition,
        valuation=valuation_rule(state),
        created=session.created,
        ended=ended,
        over=state.over,
        end_reason=state.end_reason,
        winner=next((r.name for r in rows if r.winner), ""),
        currency=state.board.money(0).rstrip("0"),
        rows=rows,
    )


# Formats ------------------------------------------------------------------------------------------------------

CSV_COLUMNS = (
    "rank",
    "name",
    "cash",
    "deeds",
    "mortgaged",
    "houses",
    "hotels",
    "buildings",
    "total",
    "bankrupt",
    "winner",
    "game",
    "status",
    "variant",
    "edition",
    "valuation",
    "created",
    "ended",
    "duration_minutes",
    "end_reason",
)


def to_csv(rep: Report) -> str:
    """One header row and one row per player; the game's facts are repeated on every row as trailing columns, so
    the file opens in any spreadsheet as is and sorts or filters without losing them (docs/exports.md)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    duration = rep.duration_minutes
    for r in rep.rows:
        writer.writerow(
            [
                r.rank,
                r.name,
                r.cash,
                r.deeds,
                r.mortgaged,
                r.houses,
                r.hotels,
                r.buildings,
                r.total,
                "yes" if r.bankrupt else "no",
                "yes" if r.winner else "no",
                rep.game,
                rep.status,
                rep.variant,
                rep.edition,
                rep.valuation,
                rep.created,
                rep.ended,
                "" if duration is None else duration,
                rep.end_reason,
            ]
        )
    return buffer.getvalue()


def to_dict(rep: Report) -> dict:
    """The JSON document (docs/exports.md, "JSON"): game facts and the standings, amounts as integers."""
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "game": {
            "id": rep.game,
            "status": rep.status,
            "variant": rep.variant,
            "variant_title": rep.variant_title,
            "edition": rep.edition,
            "currency": rep.currency,
            "valuation": rep.valuation,
            "created": rep.created,
            "ended": rep.ended or None,
            "duration_minutes": rep.duration_minutes,
            "end_reason": rep.end_reason or None,
            "winner": rep.winner or None,
            "players": [r.name for r in rep.rows],
        },
        "standings": [asdict(r) for r in rep.rows],
    }


def to_json(rep: Report) -> str:
    return json.dumps(to_dict(rep), indent=2, ensure_ascii=False) + "\n"


def from_dict(data: dict) -> Report:
    """Read a JSON export back (tests and anyone re-importing results use this)."""
    if data.get("format") != JSON_FORMAT:
        raise ValueError("not a Banker standings export")
    g = data["game"]
    return Report(
        game=g["id"],
        variant=g["variant"],
        variant_title=g["variant_title"],
        edition=g["edition"],
        valuation=g["valuation"],
        created=g["created"],
        ended=g["ended"] or "",
        over=g["status"] == "final",
        end_reason=g["end_reason"] or "",
        winner=g["winner"] or "",
        currency=g["currency"],
        rows=tuple(Standing(**r) for r in data["standings"]),
    )


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def to_markdown(rep: Report) -> str:
    """A heading, one line of facts and a table, ready to paste into a chat."""
    title = "Final standings" if rep.over else "Standings (game in progress, not final)"
    facts = [f"{game_title(rep.variant_title)} #{rep.game}", f"started {rep.created[:16].replace('T', ' ')}"]
    if rep.over:
        facts.append(f"ended {rep.ended[:16].replace('T', ' ')}" if rep.ended else "ended")
        if rep.duration_minutes is not None:
            facts.append(duration_text(rep.duration_minutes))
    lines = [f"## {title}", "", ", ".join(facts) + "."]
    reason = f", {_md_cell(rep.end_reason)}" if rep.end_reason else ""
    if rep.winner:
        lines.append(f"**Winner: {_md_cell(rep.winner)}**{reason}")
    elif rep.over:
        lines.append(f"**No single winner: a tie for first**{reason}")
    lines += [
        "",
        "| # | Player | Cash | Deeds | Mortgaged | Houses | Hotels | Buildings | Total |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rep.rows:
        name = _md_cell(r.name) + (" (bankrupt)" if r.bankrupt else "") + (" 🏆" if r.winner else "")
        lines.append(
            f"| {r.rank} | {name} | {rep.money(r.cash)} | {rep.money(r.deeds)} | {rep.money(r.mortgaged)} "
            f"| {r.houses} | {r.hotels} | {rep.money(r.buildings)} | {rep.money(r.total)} |"
        )
    lines += ["", f"_Valuation: {_md_cell(rep.valuation)}_", ""]
    return "\n".join(lines)


def qr_text(rep: Report) -> str:
    """The compact text in the QR code: one line about the game, then one line per player."""
    head = f"Banker: {game_title(rep.variant_title)}, {rep.date}, "
    head += (f"winner {rep.winner}" if rep.winner else "final") if rep.over else "in progress"
    lines = [head]
    for r in rep.rows:
        lines.append(f"{r.rank}. {r.name} " + ("bankrupt" if r.bankrupt else rep.money(r.total)))
    return "\n".join(lines)


BGSTATS_URL = "https://app.bgstatsapp.com/createPlay.html"
"""BG Stats' push-play link (BG Stats support, "Push plays to BG Stats from other apps or websites")."""
BGSTATS_GAME = {"name": "Monopoly", "bggId": 1406}
"""Monopoly on BoardGameGeek (boardgamegeek.com/boardgame/1406), how BG Stats identifies the game."""


def source_play_id(rep: Report) -> str:
    """A stable id of the game for BG Stats' ``sourcePlayId`` (so a second scan of the same game updates the play
    instead of adding one): a short hash of when the game was created (to the millisecond) and who played, which
    never change, not even when the game moves to another database (``banker import`` keeps the time); 12 hex
    digits keep the code small."""
    import hashlib

    players = "|".join(sorted(r.name for r in rep.rows))
    return hashlib.blake2s(f"{rep.created}|{players}".encode(), digest_size=6).hexdigest()


def bgstats_play(rep: Report) -> dict:
    """The play as BG Stats' push-play JSON (docs/exports.md, "BG Stats"): the players with the rule book's totals
    as scores, their ranks and the winner, the date and time the game started (local time) and its length; the
    game's stable ``sourcePlayId`` and, in ``game``, a ``sourceGameId`` per rule system (the variant's key), so
    plays of a short game and a standard one can be told apart."""
    if not rep.over:
        raise ValueError(f"game {rep.game} is still in progress; BG Stats records finished plays")
    play: dict = {
        "sourceName": "Banker",
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
        return _parse_time(text).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return text[:19].replace("T", " ")


def bgstats_url(rep: Report) -> str:
    """The push-play link: ``createPlay.html?data=`` and the URL-encoded JSON (compact; every byte but a letter,
    a digit, ``-._~`` and the ``:`` and ``,`` a query may hold as they are is percent-encoded, names as UTF-8), so
    the QR code holds plain ASCII, and as little of it as a URL allows."""
    from urllib.parse import quote

    data = json.dumps(bgstats_play(rep), ensure_ascii=False, separators=(",", ":"))
    return f"{BGSTATS_URL}?data={quote(data, safe=':,')}"


def render(rep: Report, fmt: str) -> str:
    """The export in ``fmt`` (csv, json or md)."""
    if fmt == "csv":
        return to_csv(rep)
    if fmt == "json":
        return to_json(rep)
    if fmt in ("md", "markdown"):
        return to_markdown(rep)
    raise ValueError(f'unknown export format "{fmt}"; choose one of {", ".join(FORMATS)}')


# Where exports go ---------------------------------------------------------------------------------------------


def exports_dir(out: str | Path | None = None, db: str | Path | None = None) -> Path:
    """Where exports go: ``out`` if given, else the settings' ``[exports] directory`` (docs/settings.md), else a
    folder beside the database in use (``db``, default :func:`banker.paths.db_path`): ``banker-exports`` beside
    ``banker.db``, ``club-exports`` beside ``club.db``. Raises :class:`banker.settings.SettingsError` for a bad
    config file."""
    if out:
        return Path(out).expanduser()
    from banker import settings

    configured = settings.load().exports
    if configured is not None:
        return configured
    from banker.paths import db_path

    database = Path(db) if db is not None else db_path(make_parent=False)
    return database.parent / f"{database.stem}-exports"


def file_stem(rep: Report) -> str:
    return f"banker-game-{rep.game}-{'final' if rep.over else 'current'}"


def write_export(rep: Report, fmt: str, directory: str | Path | None = None, db: str | Path | None = None) -> Path:
    """Write one export file into the exports directory (:func:`exports_dir`) and return its path."""
    text = render(rep, fmt)
    folder = exports_dir(directory, db)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{file_stem(rep)}.{'md' if fmt == 'markdown' else fmt}"
    # newline="" keeps the CSV's CRLF row ends exactly as the csv module wrote them
    path.write_text(text, encoding="utf-8", newline="")
    return path


def write_qr(
    rep: Report,
    directory: str | Path | None = None,
    db: str | Path | None = None,
    text: str | None = None,
    stem: str | None = None,
) -> tuple[Path, Path]:
    """Write the QR code of ``text`` (default: :func:`qr_text`) as SVG and PNG; returns (svg, png)."""
    from banker.reports.qr import save_both

    return save_both(qr_text(rep) if text is None else text, exports_dir(directory, db), stem or f"{file_stem(rep)}-qr")


# The picture of a game ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameStory:
    """Each player's worth after every effective action (starting with the deal) and rent earned per deed."""

    names: tuple[str, ...]
    worth: tuple[tuple[int, ...], ...]
    """``worth[i][k]``: player i's total after the k-th point (point 0 is the start)."""
    rent_by_deed: tuple[tuple[str, int], ...]
    """(deed, rent collected on it), most first."""


def story(session) -> GameStory:
    """Replay the journal's effective actions and value every player after each (the chart's data)."""
    return story_from_history(session.state, session.history())


def story_from_history(state, history: Iterable) -> GameStory:
    """:func:`story` from an already-read history (so the replay can run off the UI thread without the database)."""
    names = tuple(p.name for p in state.players)
    start = new_game(list(names), state.settings, check=False)  # as the game was set up (rules.state.new_game)
    series: list[list[int]] = [[valuation(start, i).total] for i in range(len(names))]
    rent: dict[str, int] = defaultdict(int)
    for _entry, outcome in history:
        after = outcome.state
        for i in range(len(names)):
            series[i].append(0 if after.players[i].bankrupt else valuation(after, i).total)
        for t in outcome.transfers:
            if t.kind == "rent" and t.deed:
                rent[t.deed] += t.amount
    ranked = tuple(sorted(rent.items(), key=lambda kv: (-kv[1], kv[0])))
    return GameStory(names=names, worth=tuple(tuple(s) for s in series), rent_by_deed=ranked)


# History across games -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeaderRow:
    """One player name across finished games."""

    name: str
    games: int
    wins: int
    average_rank: float


def leaderboard(db) -> list[LeaderRow]:
    """Wins and average rank per player name over finished games, names compared ignoring case.

    Reads the journal's ``scores`` table (written when a game ends) joined to ``games`` where ``over`` is set
    (:meth:`banker.journal.Journal.finished_scores`), from an open :class:`~banker.journal.Journal` or a database
    path. The name shown is the spelling used in the most recent game. Sorted by wins, then better average rank,
    then name.
    """
    from banker.journal import Journal

    if isinstance(db, Journal):
        rows = db.finished_scores()
    else:
        try:
            # read-only: a leaderboard never writes, and must not create a database where there was none
            journal = Journal(db, readonly=True)
        except LookupError:
            return []
        try:
            rows = journal.finished_scores()
        finally:
            journal.close()
    return leaderboard_from_scores(asdict(row) for row in rows)


def _winners(rows: list[dict]) -> set[tuple[int, str]]:
    """(game, casefolded name) of each game's winners: the ``scores.winner`` flags the rules set when the game
    ended, else (a row journalled without them) the name(s) in ``games.winner``, else the rules' winner by the
    recorded ranks (``rules.valuation.winner_of``: a tie for first is nobody's win)."""
    from banker.views import standing_from_score

    by_game: dict[int, list[dict]] = defaultdict(list)
    for row in rows:
        by_game[row["game"]].append(row)
    out: set[tuple[int, str]] = set()
    for game, players in by_game.items():
        table = [standing_from_score(p) for p in players]
        flagged = {s.name.casefold() for s in table if s.winner}
        named = {n.strip().casefold() for n in str(players[0].get("game_winner") or "").split(",") if n.strip()}
        first = winner_of(table)
        chosen = flagged or named or ({first.casefold()} if first is not None else set())
        out |= {(game, name) for name in chosen}
    return out


def leaderboard_from_scores(rows: Iterable[dict]) -> list[LeaderRow]:
    rows = list(rows)
    won = _winners(rows)
    spelling: dict[str, str] = {}
    games: dict[str, set] = defaultdict(set)
    wins: dict[str, int] = defaultdict(int)
    ranks: dict[str, list[int]] = defaultdict(list)
    for row in rows:
        key = str(row["name"]).casefold()
        if row["game"] in games[key]:
            continue
        spelling[key] = row["name"]
        games[key].add(row["game"])
        ranks[key].append(int(row["rank"]))
        wins[key] += 1 if (row["game"], key) in won else 0
    board = [LeaderRow(spelling[k], len(games[k]), wins[k], round(sum(ranks[k]) / len(ranks[k]), 2)) for k in games]
    board.sort(key=lambda r: (-r.wins, r.average_rank, r.name.casefold()))
    return board


def leaderboard_text(rows: list[LeaderRow]) -> str:
    if not rows:
        return "No finished games yet."
    width = max(6, *(len(r.name) for r in rows))
    lines = [f"{'Player':<{width}}  Games  Wins  Avg rank"]
    lines += [f"{r.name:<{width}}  {r.games:>5}  {r.wins:>4}  {r.average_rank:>8.2f}" for r in rows]
    return "\n".join(lines)


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
