"""One game's standings as a report: :class:`Report`, a plain snapshot built from a session by :func:`report`.

Its rows are the rules engine's :class:`rules.valuation.Standing` records, valuation and winner included, so an
export can never disagree with the standings screen. Every export reads a report: the formats
(``banker.reports.exports``), BG Stats (``banker.reports.bgstats``), the files (``banker.reports.files``) and the
statistics (``banker.reports.stats``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING

from banker.language import SOURCE, speaking
from banker.reports.story import GameRecords, GameStory, creditors_of, records_from_history, story_from_history
from rules.board import format_money
from rules.editions import find_edition
from rules.errors import RuleError
from rules.i18n import _
from rules.queries import side_deal_terms
from rules.valuation import Standing, standings, valuation_rule

if TYPE_CHECKING:
    from banker.session import Session


Row = Standing
"""One player's line in the standings: the rules' record itself (``rules.valuation.Standing``)."""


@dataclass(frozen=True)
class CorrectionRow:
    """A correction in effect in the game (``correct``, rules/corrections.py): the exports list each, so money put
    right by the banker is never read as rent or a payment."""

    player: str
    amount: int
    """What the bank paid the player; negative: what the player paid back."""
    reason: str

    def text(self, money: Callable[[float], str]) -> str:
        """ "Ann pays the bank $50 (change given twice)", as the journal says it."""
        said = (
            _("the bank pays {player} {amount} ({reason})")
            if self.amount > 0
            else _("{player} pays the bank {amount} ({reason})")
        )
        return said.format(player=self.player, amount=money(abs(self.amount)), reason=self.reason)


@dataclass(frozen=True)
class Said:
    """What a report says in words the rules make, in the language it was read in."""

    valuation: str
    end: str
    side_deals: tuple[str, ...]


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
    """In ranking order."""
    seating: tuple[str, ...] = ()
    """The players' names in seating order (the order of play)."""
    corrections: tuple[CorrectionRow, ...] = ()
    """The corrections in effect, in the order recorded."""
    story: GameStory | None = None
    """Worth over the game and what each player paid, received and built (the charts, the recap); read only for
    the formats that draw it (``report(session, story=True)``): the game is replayed for it."""
    records: GameRecords | None = None
    """The game's records (biggest rent, bankruptcies and their creditors), read with ``story``."""
    side_deals: tuple[str, ...] = ()
    """The side deals made, in words with their end ("Side deal 1: Ann asks no rent of Bob on Orange until turn 14
    (ended: turn 14)"; ``rules.queries.side_deals``): never money, listed so the standings say what was agreed."""
    said: Said | None = None
    """The valuation, the game's end and the side deals in the language the report was read in (:class:`Said`),
    for the exports a person reads; :attr:`valuation`, :attr:`end_reason` and :attr:`side_deals` are English, the
    same in every language, for the files a program reads (the CSV, the JSON: docs/exports.md, "Which words are
    translated"). None for a report read back from a file: its English is said."""

    @property
    def valuation_said(self) -> str:
        return self.said.valuation if self.said else self.valuation

    @property
    def end_said(self) -> str:
        return self.said.end if self.said else self.end_reason

    @property
    def side_deals_said(self) -> tuple[str, ...]:
        return self.said.side_deals if self.said else self.side_deals

    @property
    def status(self) -> str:
        """``final`` or ``in progress``: a value of the CSV's and the JSON's ``status``, the same in every language
        (docs/exports.md, "Which words are translated")."""
        return "final" if self.over else "in progress"  # i18n-exempt: a value of the files

    @property
    def duration_minutes(self) -> int | None:
        """Minutes from creation to the end (None while the game runs or a time cannot be read)."""
        if not (self.over and self.created and self.ended):
            return None
        try:
            start, end = parse_time(self.created), parse_time(self.ended)
        except ValueError:
            return None
        return max(0, round((end - start).total_seconds() / 60))

    def money(self, amount: float) -> str:
        """The game's money as its edition writes it (:meth:`rules.board.Board.money`), or, for an edition this
        Banker does not know (a report read back from a file), with the report's sign."""
        return report_money(self.edition, self.currency)(amount)

    @property
    def date(self) -> str:
        """The game's day (YYYY-MM-DD), from its end if over, else from its start."""
        return (self.ended or self.created)[:10]


def report_money(edition: str, currency: str) -> Callable[[float], str]:
    """The money formatter of a stored report: its edition's (:meth:`rules.board.Board.money`) when this Banker
    knows the edition and its sign, else :func:`rules.board.format_money` with the stored sign."""
    try:
        board = find_edition(edition)
    except RuleError:
        board = None
    if board is not None and board.currency == currency:
        return board.money
    return partial(format_money, currency=currency)


def game_title(title: str) -> str:
    """ "Standard" -> "Standard game"; "Short game (1973)" stays as it is (a variant's title as its file writes it,
    in English; in the language answering here)."""
    shown = _(title)
    return shown if "game" in title.casefold() else _("{variant} game").format(variant=shown)


def parse_time(text: str) -> datetime:
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def duration_text(minutes: int | None) -> str:
    """ "1 h 05 min", "45 min"."""
    if minutes is None:
        return ""
    hours, mins = divmod(minutes, 60)
    if hours:
        return _("{hours} h {minutes} min").format(hours=hours, minutes=f"{mins:02d}")
    return _("{minutes} min").format(minutes=mins)


def report(session: Session, story: bool = False) -> Report:
    """Snapshot a session's game: current standings, or the final ones when the game is over; with ``story``, its
    story and records too (the game's effective actions replayed: a moment for a long game)."""
    state = session.state
    rows = standings(state)
    ended = ""
    if state.over:
        # the game ended with its last effective action, or with the redo that brought it back (read from the log,
        # no replay); nothing else can be journalled after the end but an undo, which would reopen the game
        effective = [e for e in session.log() if e.kind in ("action", "redo") and not e.undone]
        if effective:
            ended = effective[-1].time
        deadline = state.deadline(session.created) if state.end_reason == "time is up" else None
        if deadline is not None and ended and parse_time(ended) > deadline:
            # seed 002, TIME LIMIT GAME: the game ended at the agreed hour, though the end was recorded later
            # (Banker was closed then): the export says when it ended and that it lasted the agreed time
            ended = deadline.isoformat(timespec="milliseconds")
    told, records = _story(session) if story else (None, None)
    with speaking(SOURCE):  # the files' words, the same in every language
        valuation, side_deals = valuation_rule(state), side_deal_terms(state)
    return Report(
        game=session.game_id,
        variant=state.settings.variant,
        variant_title=state.variant.title,
        edition=state.settings.edition,
        valuation=valuation,
        created=session.created,
        ended=ended,
        over=state.over,
        end_reason=state.end_reason,
        winner=next((r.name for r in rows if r.winner), ""),
        currency=state.board.currency,
        rows=rows,
        seating=tuple(p.name for p in state.players),
        corrections=corrections_of(session),
        story=told,
        records=records,
        side_deals=side_deals,
        said=Said(valuation_rule(state), state.end_said(), side_deal_terms(state)),
    )


def _story(session: Session) -> tuple[GameStory, GameRecords]:
    """The story and records of the session's game, from one replay of its effective actions."""
    history = session.history()
    state = session.state
    return story_from_history(state, history), records_from_history(state, history, creditors_of(session, history))


def corrections_of(session: Session) -> tuple[CorrectionRow, ...]:
    """The corrections in effect in a game, read from its log (an undone one is not in effect); none for a game held
    in memory that cannot say what was recorded (the tests' engine games)."""
    action = getattr(session, "action", None)
    if action is None:
        return ()
    rows = []
    for e in session.log():
        if e.kind == "action" and not e.undone and e.verb == "correct":
            a = action(e.seq)
            rows.append(CorrectionRow(a.player, a.amount, a.reason))
    return tuple(rows)
