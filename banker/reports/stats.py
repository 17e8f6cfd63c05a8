"""Statistics across finished games: each player's record per rule system, one player's history and head-to-head
record, and the records of the game (biggest single rent, most rent collected, most profitable colour group, who
bankrupted whom, longest game), per game and all-time.

Everything is per rule system: a short game and a 1935 game are different contests (different end, different
valuation), so their results are never added together. The figures come from the journal: each finished game's
standings (:func:`banker.reports.report.report`, the rule book's valuation) and its effective actions with the engine's
outcomes (:meth:`banker.session.Session.history`), whose transfers say who paid whom and why. Pure functions
except :func:`collect`, which reads a database; no Textual (the standings screen and ``banker stats`` both use it).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from banker.reports.cells import cells
from banker.reports.cells import left as pad_left
from banker.reports.cells import right as pad_right
from banker.reports.numbers import decimal, percent
from banker.reports.report import Report, duration_text, game_title
from banker.reports.story import (
    BANK_CREDITOR,
    Bankruptcy,
    Collected,
    GameRecords,
    GroupRent,
    Rent,
    creditors_of,
    records_from_history,
)
from rules.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from banker.journal import Journal
    from banker.session import Session
from rules.board import format_money
from rules.editions import by_currency

FORMAT = "banker-stats"
VERSION = 1


# Finished games ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameFacts:
    """One finished game: its final standings and its records."""

    report: Report
    records: GameRecords

    @property
    def game(self) -> int:
        return self.report.game

    @property
    def variant(self) -> str:
        return self.report.variant


def game_facts(session: Session, journal: Journal | None = None) -> GameFacts:
    """A game's standings and records, read from its session (the history is replayed from the start); with the
    game's ``journal`` (:class:`banker.journal.Journal`), each bankruptcy's creditor is read from its journalled
    action."""
    from banker.reports.report import report

    history = session.history()
    creditors: dict[int, str | None] = creditors_of(session, history)
    seqs = [e.seq for e, _o in history if getattr(e, "verb", "") == "bankrupt"]
    if not creditors and journal is not None and seqs:
        creditors = {
            seq: (action.get("creditor") or None)
            for seq, action in journal.actions(session.game_id, seqs).items()
            if isinstance(action, dict)
        }
    return GameFacts(report(session), records_from_history(session.state, history, creditors))


def collect(db: str | Path) -> list[GameFacts]:
    """Every finished game in the database, oldest first. Opened read-only; each game is replayed once, so this
    takes a moment on a database of long games. Raises :class:`banker.journal.NoDatabase` when there is none (a
    mistyped path is said, not answered with no games)."""
    from banker.journal import Journal
    from banker.session import Session

    journal = Journal(db, create=False, readonly=True)
    try:
        ids = [g.id for g in journal.games() if g.over]
        return [game_facts(Session(journal, game_id), journal) for game_id in ids]
    finally:
        journal.close()


# Across games ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerStats:
    """One player name (compared ignoring case) across the finished games of one rule system."""

    name: str
    games: int
    wins: int
    win_rate: float
    """Wins / games, 0 to 1 (a tie for first is nobody's win)."""
    average_rank: float
    best_total: int
    average_total: float


@dataclass(frozen=True)
class Records:
    """The all-time records of one rule system: each with the game it was set in."""

    biggest_rent: tuple[int, Rent] | None = None
    most_rent: tuple[int, Collected] | None = None
    best_group: tuple[int, GroupRent] | None = None
    longest_game: tuple[int, int | None, int] | None = None
    """(game, minutes or None, actions)."""
    bankruptcies: tuple[tuple[int, Bankruptcy], ...] = ()


@dataclass(frozen=True)
class VariantStats:
    variant: str
    title: str
    currency: str
    """The currency sign when every game of the group used the same one, else empty."""
    games: tuple[GameFacts, ...]
    players: tuple[PlayerStats, ...]
    records: Records


def by_variant(facts: Iterable[GameFacts]) -> list[VariantStats]:
    """The games grouped by rule system (never mixed), the groups in the order of their first game."""
    groups: dict[str, list[GameFacts]] = {}
    for f in facts:
        groups.setdefault(f.variant, []).append(f)
    return [_variant_stats(games) for games in groups.values()]


def _variant_stats(games: list[GameFacts]) -> VariantStats:
    first = games[0].report
    currencies = {g.report.currency for g in games}
    return VariantStats(
        first.variant,
        game_title(first.variant_title),
        currencies.pop() if len(currencies) == 1 else "",
        tuple(games),
        tuple(player_table(games)),
        all_time(games),
    )


def _key(name: str) -> str:
    return name.casefold()


def player_table(games: Iterable[GameFacts]) -> list[PlayerStats]:
    """Games, wins, win rate, average rank, best and average total per player; most wins first, then the better
    win rate and average rank. The name shown is the spelling of the player's latest game."""
    spelling: dict[str, str] = {}
    ranks: dict[str, list[int]] = defaultdict(list)
    totals: dict[str, list[int]] = defaultdict(list)
    wins: dict[str, int] = defaultdict(int)
    for g in games:
        for row in g.report.rows:
            k = _key(row.name)
            spelling[k] = row.name
            ranks[k].append(row.rank)
            totals[k].append(row.total)
            wins[k] += int(row.winner)
    table = [
        PlayerStats(
            spelling[k],
            len(ranks[k]),
            wins[k],
            round(wins[k] / len(ranks[k]), 3),
            round(sum(ranks[k]) / len(ranks[k]), 2),
            max(totals[k]),
            round(sum(totals[k]) / len(totals[k]), 1),
        )
        for k in ranks
    ]
    table.sort(key=lambda p: (-p.wins, -p.win_rate, p.average_rank, p.name.casefold()))
    return table


def all_time(games: Iterable[GameFacts]) -> Records:
    """The records over ``games`` (the earliest game keeps a record that a later one only equals)."""
    biggest = most = best = longest = None
    out: list[tuple[int, Bankruptcy]] = []
    for g in games:
        r = g.records
        if r.biggest_rent and (biggest is None or r.biggest_rent.amount > biggest[1].amount):
            biggest = (g.game, r.biggest_rent)
        if r.most_rent and (most is None or r.most_rent.amount > most[1].amount):
            most = (g.game, r.most_rent)
        if r.best_group and (best is None or r.best_group.amount > best[1].amount):
            best = (g.game, r.best_group)
        length = (g.game, g.report.duration_minutes, r.actions)
        if longest is None or _length(length) > _length(longest):
            longest = length
        out += [(g.game, b) for b in r.bankruptcies]
    return Records(biggest, most, best, longest, tuple(out))


def _length(entry: tuple[int, int | None, int]) -> tuple[int, int]:
    """Longest by the clock, then by the number of actions (a game with no readable times counts 0 minutes)."""
    return (entry[1] or 0, entry[2])


# One player ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """One of a player's finished games."""

    game: int
    date: str
    rank: int
    players: int
    total: int
    winner: bool
    bankrupt: bool


@dataclass(frozen=True)
class HeadToHead:
    """A player against one opponent over the games both played: finished ahead, behind or level."""

    opponent: str
    games: int
    ahead: int
    behind: int
    level: int


@dataclass(frozen=True)
class PlayerReport:
    name: str
    variant: str
    title: str
    stats: PlayerStats
    history: tuple[Played, ...]
    head_to_head: tuple[HeadToHead, ...] = field(default_factory=tuple)


def player_report(group: VariantStats, name: str) -> PlayerReport | None:
    """``name``'s history and head-to-head record in one rule system (None: not a player of these games)."""
    k = _key(name)
    stats = next((p for p in group.players if _key(p.name) == k), None)
    if stats is None:
        return None
    history: list[Played] = []
    spelling: dict[str, str] = {}
    h2h: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for g in group.games:
        me = next((r for r in g.report.rows if _key(r.name) == k), None)
        if me is None:
            continue
        history.append(Played(g.game, g.report.date, me.rank, len(g.report.rows), me.total, me.winner, me.bankrupt))
        for other in g.report.rows:
            ok = _key(other.name)
            if ok == k:
                continue
            spelling[ok] = other.name
            record = h2h[ok]
            record[0] += 1
            record[1 if me.rank < other.rank else 2 if me.rank > other.rank else 3] += 1
    table = [HeadToHead(spelling[o], *h2h[o]) for o in h2h]
    table.sort(key=lambda h: (-h.games, -(h.ahead - h.behind), h.opponent.casefold()))
    return PlayerReport(stats.name, group.variant, group.title, stats, tuple(history), tuple(table))


# Output -------------------------------------------------------------------------------------------------------


def _money(currency: str, amount: float) -> str:
    """A group's figure in its games' money: as the edition with that sign writes it (:meth:`rules.board.Board.money`:
    ``1.500 €``), else :func:`rules.board.format_money` with the sign."""
    board = by_currency(currency)
    return board.money(amount) if board is not None else format_money(amount, currency)


def _table(headers: list[str], rows: list[list[str]], left: int = 1) -> list[str]:
    """Columns padded to their widest cell; the first ``left`` columns aligned left, the rest right."""
    widths = [max(cells(h), *(cells(r[i]) for r in rows)) if rows else cells(h) for i, h in enumerate(headers)]

    def line(row: list[str]) -> str:
        return "  ".join(
            pad_left(c, w) if i < left else pad_right(c, w) for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()

    return [line(headers)] + [line(r) for r in rows]


def _game_money(group: VariantStats, game: int, amount: int) -> str:
    facts = next((g for g in group.games if g.game == game), None)
    return facts.report.money(amount) if facts else _money(group.currency, amount)


def rent_text(rent: Rent, money: str) -> str:
    return _("{amount}: {payer} paid {owner} for {deed}").format(
        amount=money, payer=rent.payer, owner=rent.owner, deed=rent.deed
    )


def group_text(best: GroupRent, money: Callable[[int], str]) -> str:
    return _("{group} {amount} ({player} collected {collected})").format(
        group=_(best.group), amount=money(best.amount), player=best.top, collected=money(best.top_amount)
    )


def length_text(minutes: int | None, actions: int) -> str:
    clock = duration_text(minutes) if minutes is not None else _("time unknown")
    return _("{clock}, {actions}").format(
        clock=clock, actions=ngettext("{n} action", "{n} actions", actions).format(n=actions)
    )


def bankruptcy_text(b: Bankruptcy) -> str:
    """ "Ann bankrupted Bob", "the bank bankrupted Cy"."""
    if b.creditor == BANK_CREDITOR:
        return _("the bank bankrupted {player}").format(player=b.player)
    return _("{creditor} bankrupted {player}").format(creditor=b.creditor, player=b.player)


RECORDS = (
    N_("Biggest single rent"),
    N_("Most rent in a game"),
    N_("Most profitable group"),
    N_("Longest game"),
    N_("Bankruptcies"),
)
"""The all-time records' names, in the order :func:`records_lines` says them (their column is as wide as the widest
in the language answering)."""


def records_lines(group: VariantStats) -> list[str]:
    """The all-time records of one rule system, one a line."""
    r = group.records
    width = max(len(_(name)) for name in RECORDS) + 2
    biggest, most, best, longest, bankruptcies = (f"  {_(name):<{width}}" for name in RECORDS)

    def in_game(text: str, game: int) -> str:
        return _("{record} (game {game})").format(record=text, game=game)

    lines = []
    if r.biggest_rent:
        game, rent = r.biggest_rent
        lines.append(biggest + in_game(rent_text(rent, _game_money(group, game, rent.amount)), game))
    if r.most_rent:
        game, c = r.most_rent
        collected = _("{amount}: {player}").format(amount=_game_money(group, game, c.amount), player=c.name)
        lines.append(most + in_game(collected, game))
    if r.best_group:
        game, best_group = r.best_group
        lines.append(best + in_game(group_text(best_group, lambda a: _game_money(group, game, a)), game))
    if r.longest_game:
        game, minutes, actions = r.longest_game
        lines.append(longest + in_game(length_text(minutes, actions), game))
    if r.bankruptcies:
        lines.append(bankruptcies + "; ".join(in_game(bankruptcy_text(b), game) for game, b in r.bankruptcies))
    if not r.biggest_rent:
        lines.append("  " + _("No rent was collected in these games."))
    return lines


def game_lines(facts: GameFacts) -> list[str]:
    """One finished game's records, for its own section."""
    rep, r = facts.report, facts.records
    won = _("winner {player}").format(player=rep.winner) if rep.winner else _("no single winner")
    parts = ", ".join([length_text(rep.duration_minutes, r.actions), won])
    lines = ["  " + _("Game {game}, {date}: {facts}").format(game=rep.game, date=rep.date, facts=parts)]
    if r.biggest_rent:
        said = rent_text(r.biggest_rent, rep.money(r.biggest_rent.amount))
        lines.append("    " + _("biggest single rent {rent}").format(rent=said))
    if r.most_rent:
        said = _("most rent collected {amount}: {player}")
        lines.append("    " + said.format(amount=rep.money(r.most_rent.amount), player=r.most_rent.name))
    if r.best_group:
        lines.append("    " + _("most profitable group {group}").format(group=group_text(r.best_group, rep.money)))
    for b in r.bankruptcies:
        lines.append("    " + bankruptcy_text(b))
    return lines


def variant_text(group: VariantStats, per_game: bool = True) -> str:
    """One rule system's player table, all-time records and (``per_game``) each game's records."""
    money = group.currency
    finished = ngettext("{n} finished game", "{n} finished games", len(group.games)).format(n=len(group.games))
    lines = [_("{variant}: {games}").format(variant=group.title, games=finished), ""]
    lines += _table(
        [_("Player"), _("Games"), _("Wins"), _("Win rate"), _("Avg rank"), _("Best total"), _("Avg total")],
        [
            [
                p.name,
                str(p.games),
                str(p.wins),
                percent(p.win_rate),
                decimal(p.average_rank, 2),
                _money(money, p.best_total),
                _money(money, p.average_total),
            ]
            for p in group.players
        ],
    )
    lines += ["", _("All-time records"), *records_lines(group)]
    if per_game:
        lines += ["", _("Each game")]
        for g in reversed(group.games):
            lines += game_lines(g)
    return "\n".join(lines)


def player_text(rep: PlayerReport, currency: str) -> str:
    s = rep.stats
    head = _(
        "{player}, {variant}: {games}, {wins} ({rate}), average rank {rank}, best total {best}, average total {average}"
    )
    lines = [
        head.format(
            player=rep.name,
            variant=rep.title,
            games=ngettext("{n} game", "{n} games", s.games).format(n=s.games),
            wins=ngettext("{n} win", "{n} wins", s.wins).format(n=s.wins),
            rate=percent(s.win_rate),
            rank=decimal(s.average_rank, 2),
            best=_money(currency, s.best_total),
            average=_money(currency, s.average_total),
        ),
        "",
    ]
    lines += _table(
        [_("Game"), _("Date"), _("Rank"), _("Total"), _("Result")],
        [
            [
                str(p.game),
                p.date,
                _("{rank} of {players}").format(rank=p.rank, players=p.players),
                _money(currency, p.total),
                _("won") if p.winner else (_("bankrupt") if p.bankrupt else ""),
            ]
            for p in rep.history
        ],
        left=2,
    )
    lines += ["", _("Head to head (finished ahead, behind, level)")]
    lines += _table(
        [_("Opponent"), _("Games"), _("Ahead"), _("Behind"), _("Level")],
        [[h.opponent, str(h.games), str(h.ahead), str(h.behind), str(h.level)] for h in rep.head_to_head],
    )
    return "\n".join(lines)


def stats_text(groups: list[VariantStats], name: str | None = None) -> str:
    """The whole ``banker stats [NAME]`` text."""
    if not groups:
        return _("No finished games yet.")
    if name is None:
        return "\n\n".join(variant_text(g) for g in groups)
    out = [player_text(rep, g.currency) for g in groups if (rep := player_report(g, name)) is not None]
    return "\n\n".join(out) if out else _("No finished games with a player called {player}.").format(player=name)


def stats_dict(groups: list[VariantStats], name: str | None = None) -> dict[str, Any]:
    """``banker stats --json``: per rule system, the player table, the all-time records and each game's records;
    with ``name``, that player's history and head-to-head record instead of every game."""
    variants = []
    for g in groups:
        entry: dict[str, Any] = {
            "variant": g.variant,
            "title": g.title,
            "games": len(g.games),
            "players": [asdict(p) for p in g.players],
            "records": _records_dict(g.records),
        }
        if name is None:
            entry["each_game"] = [
                {
                    "game": f.game,
                    "date": f.report.date,
                    "winner": f.report.winner or None,
                    "duration_minutes": f.report.duration_minutes,
                    **asdict(f.records),
                }
                for f in g.games
            ]
        else:
            rep = player_report(g, name)
            if rep is None:
                continue
            entry["player"] = {
                "name": rep.name,
                "stats": asdict(rep.stats),
                "history": [asdict(p) for p in rep.history],
                "head_to_head": [asdict(h) for h in rep.head_to_head],
            }
        variants.append(entry)
    return {"format": FORMAT, "version": VERSION, "player": name, "variants": variants}


def _records_dict(r: Records) -> dict[str, Any]:
    def game_and(pair: tuple[int, Rent | Collected | GroupRent] | None) -> dict[str, Any] | None:
        return None if pair is None else {"game": pair[0], **asdict(pair[1])}

    longest = None
    if r.longest_game:
        longest = {"game": r.longest_game[0], "duration_minutes": r.longest_game[1], "actions": r.longest_game[2]}
    return {
        "biggest_rent": game_and(r.biggest_rent),
        "most_rent": game_and(r.most_rent),
        "best_group": game_and(r.best_group),
        "longest_game": longest,
        "bankruptcies": [{"game": game, **asdict(b)} for game, b in r.bankruptcies],
    }


def stats_json(groups: list[VariantStats], name: str | None = None) -> str:
    return json.dumps(stats_dict(groups, name), indent=2, ensure_ascii=False) + "\n"
