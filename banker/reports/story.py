"""The story of a game, read from its effective actions (``Session.history()``): each player's worth after every
action and the rent each deed earned (the charts), and the game's records (biggest single rent, most rent collected,
most profitable colour group, who bankrupted whom: the statistics and the recap)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rules.actions import POSITION_TYPES
from rules.outcome import Outcome
from rules.state import GameState, new_game
from rules.valuation import valuation

if TYPE_CHECKING:
    from banker.session import Session


@dataclass(frozen=True)
class Lead:
    """The lead that held to the end: ``player`` took it at point ``point`` (0: led from the start), in turn
    ``turn`` of the game, and never lost it again."""

    player: str
    point: int
    turn: int


@dataclass(frozen=True)
class GameStory:
    """Each player's worth and cash after every effective action of play (starting from the position when play
    began: the deal, or a game taken over from the board), rent earned per deed, and what each player paid,
    received and built: the charts' and the recap's figures."""

    names: tuple[str, ...]
    worth: tuple[tuple[int, ...], ...]
    """``worth[i][k]``: player i's total after the k-th point (point 0 is the start), by the short games'
    valuation (``rules.valuation``); 0 once bankrupt."""
    rent_by_deed: tuple[tuple[str, int], ...]
    """(deed, rent collected on it), most first."""
    cash: tuple[tuple[int, ...], ...] = ()
    """``cash[i][k]``: player i's cash alone at the same points (the chart's second view)."""
    turns: tuple[int, ...] = ()
    """The game's turn at each point (``GameState.turn_no``: 1 the first; it moves on as the banker records ``next``
    or ``turn``)."""
    now: str = ""
    """Whose turn it is at the last point ("" once the game is over)."""
    rent_paid: tuple[int, ...] = ()
    rent_received: tuple[int, ...] = ()
    houses_bought: tuple[int, ...] = ()
    """Houses each player put up (a house sold and bought again counts twice)."""
    hotels_bought: tuple[int, ...] = ()

    def series(self, view: str = "worth") -> tuple[tuple[int, ...], ...]:
        """The points of one view: "worth" or "cash"."""
        return self.cash if view == "cash" else self.worth

    def lead_for_good(self) -> Lead | None:
        """Who led at the end, from the point they took the lead and never gave it back (None: a tie for the lead
        at the end, or no points). A tie at a point is nobody's lead, so a lead equalled and retaken counts from
        the retaking."""
        if not self.worth or not self.worth[0]:
            return None
        points = len(self.worth[0])

        def leader(k: int) -> int | None:
            values = [s[k] for s in self.worth]
            top = max(values)
            return values.index(top) if values.count(top) == 1 else None

        last = leader(points - 1)
        if last is None:
            return None
        k = points - 1
        while k > 0 and leader(k - 1) == last:
            k -= 1
        return Lead(self.names[last], k, self.turns[k] if self.turns else 0)

    @property
    def actions(self) -> int:
        """Points after the start: the actions of play."""
        return max(0, len(self.worth[0]) - 1) if self.worth else 0


@dataclass(frozen=True)
class Point:
    """The game after one action: each player's worth and cash (0 once bankrupt), the turn, and whether play had
    begun (the set-up before it is the story's start, one point)."""

    worth: tuple[int, ...]
    cash: tuple[int, ...]
    turn: int
    started: bool


def point(state: GameState) -> Point:
    """Value every player in ``state`` (``rules.valuation``: the short games' valuation)."""
    return Point(
        tuple(0 if p.bankrupt else valuation(state, i).total for i, p in enumerate(state.players)),
        tuple(0 if p.bankrupt else p.cash for p in state.players),
        state.turn_no,
        state.started,
    )


def start_of(state: GameState) -> GameState:
    """The game as it was set up (``rules.state.new_game``), before its first action."""
    return new_game([p.name for p in state.players], state.settings, check=False)


def series_of(
    points: Iterable[Point],
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The worth and cash series and the turns of the points of a game (the start first): the points of the set-up
    before play begins fold into the start (a game taken over from a paper board starts where the table stood)."""
    kept: list[Point] = []
    for p in points:
        if kept and not p.started:
            kept[-1] = p  # still the set-up: the start moves to it
        else:
            kept.append(p)
    worth = tuple(zip(*(p.worth for p in kept), strict=True))
    cash = tuple(zip(*(p.cash for p in kept), strict=True))
    return worth, cash, tuple(p.turn for p in kept)


def story_from_history(state: GameState, history: Iterable[tuple[object, Outcome]]) -> GameStory:
    """Value every player after each effective action of ``history`` (``Session.history()``: read it first, so the
    replay can run off the UI thread without the database) and add up the rent per deed, the rent each player paid
    and received and the buildings each put up (the charts' and the recap's data). Undone actions are not in a
    history, so they are in no figure.

    The set-up before play begins (the deal, the lines of a position taken over from the board: every action whose
    state has not ``started``) is the story's start, one point: a game taken over from a paper board starts where
    the table stood, not at $1,500 each."""
    names = tuple(p.name for p in state.players)
    count = len(names)
    start = start_of(state)
    points = [replace(point(start), started=False)]
    rent: dict[str, int] = defaultdict(int)
    paid, received, houses, hotels = [0] * count, [0] * count, [0] * count, [0] * count
    index = {n: i for i, n in enumerate(names)}
    before = last = start
    for _entry, outcome in history:
        last = outcome.state
        points.append(point(last))
        built = False
        for t in outcome.transfers:
            if t.kind == "rent":
                if t.deed:
                    rent[t.deed] += t.amount
                if t.payer in index:
                    paid[index[t.payer]] += t.amount
                if t.payee in index:
                    received[index[t.payee]] += t.amount
            built = built or t.kind == "build"
        if built:
            _count_buildings(before, last, houses, hotels)
        before = last
    worth, cash, turns = series_of(points)
    return GameStory(
        names=names,
        worth=worth,
        rent_by_deed=tuple(sorted(rent.items(), key=lambda kv: (-kv[1], kv[0]))),
        cash=cash,
        turns=turns,
        now=now_playing(last),
        rent_paid=tuple(paid),
        rent_received=tuple(received),
        houses_bought=tuple(houses),
        hotels_bought=tuple(hotels),
    )


def now_playing(state: GameState) -> str:
    """Whose turn it is ("" once the game is over)."""
    return "" if state.over else state.players[state.turn].name


class WorthKeeper:
    """A game's worth over time kept up to date as it goes on (the phone pages redraw the chart after every
    entry): only the actions recorded since the last look are valued; an undo drops the points it took back. A
    long game costs each entry its own action, not a replay of the whole game (``Session.history`` replays it)."""

    def __init__(self) -> None:
        self._seqs: list[int] = []
        self._points: list[Point] = []
        self._base: Point | None = None

    def story(self, session: Any) -> GameStory:
        """Worth, cash and the turn at every point of ``session``'s game (:class:`banker.session.Session`: its
        ``effective()`` seqs and ``outcomes(start)``), no rent or buildings (the recap reads those)."""
        state = session.state
        if self._base is None:
            self._base = replace(point(start_of(state)), started=False)
        seqs: list[int] = list(session.effective())
        same = 0
        for old, new in zip(self._seqs, seqs, strict=False):
            if old != new:
                break
            same += 1
        del self._seqs[same:], self._points[same:]
        for seq, outcome in session.outcomes(same):
            self._seqs.append(seq)
            self._points.append(point(outcome.state))
        worth, cash, turns = series_of([self._base, *self._points])
        names = tuple(p.name for p in state.players)
        return GameStory(names, worth, (), cash, turns, now_playing(state))


def _count_buildings(before: GameState, after: GameState, houses: list[int], hotels: list[int]) -> None:
    """Add the buildings put up between two states to their owners' counts: each level a deed rose is a house, the
    step to the hotel level a hotel (the houses turned in for it were counted as they went up)."""
    top = after.hotel_level
    for old, new in zip(before.deeds, after.deeds, strict=True):
        if new.owner is None or new.level <= old.level:
            continue
        if new.level == top:
            hotels[new.owner] += 1
            houses[new.owner] += max(0, top - 1 - old.level)
        else:
            houses[new.owner] += new.level - old.level


NOT_COLOUR_GROUPS = frozenset({"railroad", "utility"})
POSITION_VERBS = frozenset(t.verb for t in POSITION_TYPES)
"""The journalled verbs of the lines of a position taken over from the board: set-up, not actions played."""
"""The railroads and utilities are groups of the board but not colour groups."""


# Records of one game ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rent:
    """One rent payment."""

    payer: str
    owner: str
    amount: int
    deed: str


@dataclass(frozen=True)
class Collected:
    """Rent collected by one player over a game."""

    name: str
    amount: int


@dataclass(frozen=True)
class GroupRent:
    """Rent a colour group earned over a game, and who collected the most of it."""

    group: str
    """The group's title: ``Dark Blue``."""
    amount: int
    top: str
    """The player who collected the most of it."""
    top_amount: int


BANK_CREDITOR = "the bank"  # i18n-exempt: a value of the records
"""A bankruptcy's creditor when it is the bank: a value of the records (``banker stats --json`` writes it), said in
the reader's language where a person reads it."""


@dataclass(frozen=True)
class Bankruptcy:
    player: str
    creditor: str
    """The creditor's name, or :data:`BANK_CREDITOR`."""


@dataclass(frozen=True)
class GameRecords:
    """What one game's journal says beyond its standings."""

    actions: int
    """Effective (not undone) actions, but for the lines of a position taken over from the board (they were not
    played here)."""
    biggest_rent: Rent | None = None
    most_rent: Collected | None = None
    best_group: GroupRent | None = None
    bankruptcies: tuple[Bankruptcy, ...] = ()


def records_from_history(
    state: GameState,
    history: Iterable[tuple[Any, Outcome]],
    creditors: dict[int, str | None] | None = None,
) -> GameRecords:
    """A game's records from its effective actions (``Session.history()``: (log entry, outcome) pairs, in order).

    A player who is bankrupt after an action and was not before it went out then; the creditor is ``creditors``'s
    entry for that action's seq (the journalled ``bankrupt`` action: a player's name, or None for the bank), else
    the payee of the action's bankruptcy transfers, else the bank."""
    creditors = creditors or {}
    board = state.board
    group_of = {d.name: board.group_of(d) for d in board.deeds}
    biggest: Rent | None = None
    collected: dict[str, int] = defaultdict(int)
    by_group: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    out: list[Bankruptcy] = []
    count = 0
    previous = None
    for entry, outcome in history:
        if getattr(entry, "verb", "") not in POSITION_VERBS:
            count += 1
        for t in outcome.transfers:
            if t.kind != "rent":
                continue
            collected[t.payee] += t.amount
            if biggest is None or t.amount > biggest.amount:
                biggest = Rent(t.payer, t.payee, t.amount, t.deed)
            group = group_of.get(t.deed)
            if group is not None and group.key not in NOT_COLOUR_GROUPS:
                by_group[group.title][t.payee] += t.amount
        after = outcome.state
        for i, p in enumerate(after.players):
            if p.bankrupt and (previous is None or not previous.players[i].bankrupt):
                seq = getattr(entry, "seq", None)
                if seq in creditors:
                    creditor = creditors[seq] or BANK_CREDITOR
                else:
                    payees = [t.payee for t in outcome.transfers if t.kind == "bankruptcy" and t.payer == p.name]
                    creditor = payees[0] if payees and payees[0] not in ("bank", "pot") else BANK_CREDITOR
                out.append(Bankruptcy(p.name, _player_name(after, creditor)))
        previous = after
    most = None
    if collected:
        name, amount = min(collected.items(), key=lambda kv: (-kv[1], kv[0].casefold()))
        most = Collected(name, amount)
    best = None
    if by_group:
        title, players = min(by_group.items(), key=lambda kv: (-sum(kv[1].values()), kv[0]))
        top, top_amount = min(players.items(), key=lambda kv: (-kv[1], kv[0].casefold()))
        best = GroupRent(title, sum(players.values()), top, top_amount)
    return GameRecords(actions=count, biggest_rent=biggest, most_rent=most, best_group=best, bankruptcies=tuple(out))


def creditors_of(session: Session, history: Iterable[tuple[Any, Any]]) -> dict[int, str | None]:
    """Each bankruptcy's creditor in ``history`` (``session.history()``), as its ``bankrupt`` action names it: a
    player's name, or None for the bank. The transfers cannot tell: a player bankrupt with nothing left hands over
    nothing (issue 22: the screen said "the bank bankrupted Zoë" where the journal said Max). Empty for a session
    that cannot say what was recorded (a game held in memory in the tests)."""
    action = getattr(session, "action", None)
    if action is None:
        return {}
    return {e.seq: action(e.seq).creditor for e, _o in history if getattr(e, "verb", "") == "bankrupt"}


def _player_name(state: GameState, name: str) -> str:
    """A creditor as journalled ("ann") spelt as the player's name ("Ann"); "the bank" stays."""
    if name == BANK_CREDITOR:
        return name
    for p in state.players:
        if p.name.casefold() == name.casefold():
            return p.name
    return name
