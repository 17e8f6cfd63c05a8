"""A session: one open game on the journal. The one API the app, the CLI, exports and tests use.

``execute(line)`` parses a command, applies it through the rules engine and journals it in one transaction
before returning; a refused command writes nothing. The state is always derived from the journal (new game +
the effective actions), using checkpoints so a long game resumes by replaying only its tail.

Undo and redo are events too: an ``undo`` takes back the most recent effective action (any depth), ``redo``
reapplies the most recently undone one, and a new action clears the redo stack. The stacks and the states they
lead to are a :class:`banker.timeline.Timeline` (pure: no SQL); the session keeps the journal in step with it
(transactions, another process's commands, checkpoints), and every SQL statement is :class:`Journal`'s.

Change notification: ``add_listener(callback)`` has ``callback(session)`` called each time this session's game
changed: after :meth:`Session.execute` committed a command (or reloaded another process's commands before
refusing one) and after a :meth:`Session.reload` that found something. The phone pages (:mod:`banker.web`) use
it; a listener runs before ``execute``/``reload`` returns, so it must be quick and must not raise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import rules
from banker.journal import (
    Checkpoint,
    EventKind,
    EventRow,
    Journal,
    JournalError,
    NoGame,
    RequestRow,
    RequestStatus,
    ScoreRow,
    damaged,
)
from banker.paths import editions_dir
from banker.timeline import Timeline, stacks_after
from rules import editions
from rules.codec import action_from_dict, action_to_dict, state_from_dict, state_to_dict
from rules.errors import RuleError
from rules.state import GameState

if TYPE_CHECKING:
    from banker.commands import Command, Control, Query
    from rules.actions import Action
    from rules.board import Board
    from rules.outcome import Outcome  # imported with the engine (prepare): opening a game needs no outcome

__all__ = [
    "CHECKPOINT_EVERY",
    "JournalError",
    "LogEntry",
    "ReplayEntry",
    "ReplayRefused",
    "Reply",
    "Session",
    "parse_new",  # noqa: F822 - see __getattr__
]


def __getattr__(name: str) -> Callable[[str], tuple[list[str], rules.Settings]]:
    """``parse_new`` is re-exported from :mod:`banker.commands`, which is imported on first use: opening a game
    and drawing the table need no parser, and importing it is a few ms of the app's start-up."""
    if name == "parse_new":
        from banker.commands import parse_new

        return parse_new
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


EDITION_DATA = "edition_data"
"""The key of a game's settings (in the journal's ``games`` row) that holds an edition read from a file, whole."""
_DAMAGE = (KeyError, TypeError, ValueError, AttributeError, IndexError)
"""What decoding a journalled row that Banker did not write (edited by hand, damaged) can raise."""

CHECKPOINT_EVERY = 100
"""A state snapshot every this many events (and when a session that recorded commands closes): resume replays
at most this many actions."""


@dataclass(frozen=True)
class Reply:
    """What :meth:`Session.execute` (and :meth:`Session.preview`) answers: accepted or refused, in words, and what
    changed."""

    ok: bool
    message: str
    """What happened in words, the refusal (with its rule), or a query's answer."""
    outcome: Outcome | None = None
    error: RuleError | None = None
    """The refusal (a :class:`~rules.errors.CannotPay` carries ``missing`` and ``can_raise``)."""
    changed: bool = False
    """The state changed: an accepted action, undo or redo; also a refusal after reloading another process's
    commands ("the game changed; reloaded"), so screens redraw."""
    query: bool = False
    action: Action | None = None
    """The action recorded (or redone), so the app asks what it was instead of re-reading the typed text."""
    kind: EventKind | None = None
    """What was recorded: an action, an undo or a redo; None for a refusal or a query."""
    line: str = ""
    """The command line :meth:`Session.execute` was given (accepted or refused), so that a payment refused for
    want of cash can be recorded again, as typed, once the money is raised."""


@dataclass(frozen=True)
class ReplayEntry:
    """One entry of another game's journal to replay (:meth:`Session.imported`): ``kind`` action, undo or redo;
    ``line`` as typed; ``action`` the journalled action (JSON) the line must replay as, when known; ``seq`` and
    ``target`` the entry's number and, for an undo or redo, the entry it took back or brought back; ``time`` when it
    was first recorded."""

    kind: str
    line: str
    action: dict[str, Any] | None = None
    seq: int | None = None
    target: int | None = None
    time: str | None = None
    """When the entry was first recorded (ISO 8601), kept by the replay."""


class ReplayRefused(Exception):
    """An entry of an imported journal does not replay: ``index`` (0-based) and why."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


@dataclass(frozen=True)
class LogEntry:
    """One line of the game's log (:meth:`Session.log`): an action, an undo or a redo, and whether the action is
    taken back now."""

    seq: int
    time: str
    text: str
    kind: EventKind
    summary: str
    undone: bool
    """For an action: it is currently taken back."""
    target: int | None
    """For undo/redo: the seq of the action taken back or redone."""
    verb: str = ""
    """For an action: its verb (``rent``, ``next``...), as journalled."""
    redoable: bool = False
    """For an action taken back: a redo can still bring it back (no new action has been recorded since)."""


@dataclass(frozen=True)
class _Plan:
    """What an accepted command will write and do, computed before the transaction commits."""

    kind: EventKind
    text: str
    action: Action | None
    target: int | None
    outcome: Outcome | None
    summary: str
    state: GameState


def _entry_clock(time: str) -> datetime:
    """The clock of an entry being replayed: the time it was first recorded (UTC when the text names no zone)."""
    at = datetime.fromisoformat(time)
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def _journalled_settings(state: GameState) -> dict[str, Any]:
    """A new game's settings as journalled: an edition that is not built in is kept whole beside them, so the game
    opens when its file has changed or gone (docs/editions.md)."""
    journalled: dict[str, Any] = state_to_dict(state)["settings"]
    own = editions.edition_data(state.settings.edition)
    if own is not None:
        journalled = {**journalled, EDITION_DATA: own}
    return journalled


class Session:
    """One open game. Not thread-safe; open one session per process (or per screen)."""

    def __init__(self, journal: Journal, game_id: int) -> None:
        info = journal.game(game_id)
        if info is None:
            raise NoGame(journal.path, game_id)
        self._j = journal
        self.game_id = game_id
        self.created: str = info.created
        try:
            own = info.settings.get(EDITION_DATA) if isinstance(info.settings, dict) else None
            if own is not None:  # an edition read from a file, journalled whole: the game keeps it
                editions.register(own, source=f"{journal.path} (game {game_id})", journalled=True)
            settings = state_from_dict(
                {"settings": info.settings, "players": [], "deeds": [], "houses": 0, "hotels": 0, "bank": 0}
            ).settings
            # As it was set up: the names and settings were checked when the game started (check=False keeps a
            # game playable after the checks tighten; docs/rulings.md, "Player names").
            self._base = rules.new_game(list(info.names), settings, info.tokens, check=False)
        except (RuleError, *_DAMAGE) as e:
            raise damaged(journal.path, e, f"the settings of game {game_id}") from None
        self._timeline = Timeline(self._base, self._apply_journalled, self._load_actions, self._snapshots)
        self._last_seq = 0
        self._recorded = False
        """This session journalled a command (so :meth:`close` saves a checkpoint)."""
        self._listeners: list[Callable[[Session], None]] = []
        self._entry_time: str | None = None
        """While an imported game is replayed: the time its entry was first recorded (None: now)."""
        self._steps_together: dict[int, tuple[int, ...]] = {}
        """Entries recorded as one step (:meth:`together`), by their last entry; in this session only."""
        self.clock: Callable[[], datetime] = partial(datetime.now, UTC)
        """The time a time-limit game's deadline is compared with; the app hands in its own (tests inject one)."""
        try:
            self._resume()
        except _DAMAGE as e:
            raise damaged(journal.path, e, f"a saved state of game {game_id}") from None

    # Opening -------------------------------------------------------------------------------------------------
    @classmethod
    def create(
        cls, db: str | Path, names: list[str], settings: rules.Settings, tokens: list[str] | tuple[str, ...] = ()
    ) -> Session:
        """Start a game (checked by the rules: names, player count, settings) and journal it."""
        editions.use_directory(editions_dir(db))
        state = rules.new_game(names, settings, tokens)
        journal = Journal(db)
        try:
            game_id, _ = journal.create_game(
                _journalled_settings(state),
                state.settings.variant,
                state.settings.edition,
                [p.name for p in state.players],
                [p.token for p in state.players],
            )
            return cls(journal, game_id)
        except BaseException:
            journal.close()
            raise

    @classmethod
    def imported(
        cls,
        db: str | Path,
        names: list[str],
        settings: rules.Settings,
        tokens: list[str] | tuple[str, ...],
        entries: list[ReplayEntry],
        final: dict[str, Any] | None = None,
        created: str | None = None,
    ) -> Session:
        """A new game replayed from another journal's entries (a game moved in one file, ``banker import``): set
        up as :meth:`create` does, then every entry executed as typed, through the engine, undos and redos
        included, all in one transaction. An entry that is refused, or that does something other than what the
        other journal recorded, raises :class:`ReplayRefused` naming it, and nothing is created; so does a game
        that ends in another state than ``final`` (the other game's state as ``rules.codec`` writes it; index -1).
        ``created`` and each entry's ``time``: when the game started and each entry was first recorded, kept."""
        editions.use_directory(editions_dir(db))
        rules.new_game(names, settings, tokens)  # the set-up's checks, before the database is touched
        journal = Journal(db)
        try:
            with journal.write():
                state = rules.new_game(names, settings, tokens)
                game_id, _ = journal.create_game(
                    _journalled_settings(state),
                    state.settings.variant,
                    state.settings.edition,
                    [p.name for p in state.players],
                    [p.token for p in state.players],
                    created,
                )
                session = cls(journal, game_id)
                session._replay_entries(entries)
                if final is not None and state_to_dict(session.state) != final:
                    raise ReplayRefused(-1, "every entry replays, but the game ends in another state than the file's")
            return session
        except BaseException:
            journal.close()
            raise

    def _replay_entries(self, entries: list[ReplayEntry]) -> None:
        seqs: dict[int, int] = {}  # the other journal's entry -> this one's
        for i, entry in enumerate(entries):
            line = entry.line if entry.kind == "action" else entry.kind  # one step each: `undo to` wrote several
            if entry.kind == "action" and entry.action is not None and entry.action.get("verb") in _AS_RECORDED:
                # replayed as recorded, journalled as typed: `deal random` without a seed drew one when it was
                # recorded, and the file keeps it (the typed line would draw another deal); `tax ann income 200` on a
                # board whose flat tax is 250 was read as the flat tax before issue 36, and is refused now
                line = _canonical(entry.action, self.state.board) or line
            self._entry_time = entry.time
            clock = self.clock
            if entry.time is not None:  # a time-limit game's deadline is checked at the time the entry was played
                self.clock = partial(_entry_clock, entry.time)
            try:
                reply = self.execute(line, as_typed=entry.line)
            finally:
                self._entry_time = None
                self.clock = clock
            if not reply.ok:
                raise ReplayRefused(i, f"refused: {reply.message}")
            if reply.kind != entry.kind:
                raise ReplayRefused(i, f"recorded as {reply.kind or 'nothing'}, not as {entry.kind}")
            if entry.kind == "action":
                assert reply.action is not None
                if entry.action is not None and action_to_dict(reply.action) != entry.action:
                    from banker.commands import format as canonical_line

                    board = self.state.board
                    wanted = _canonical(entry.action, board) or "an action this Banker cannot read"
                    raise ReplayRefused(i, f"replays as `{canonical_line(reply.action, board)}`, not as `{wanted}`")
            else:
                target = self._timeline.undone[-1] if entry.kind == "undo" else self._timeline.stack[-1]
                if entry.target is not None and seqs.get(entry.target) != target:
                    raise ReplayRefused(i, f"takes back or redoes entry {target}, not entry {entry.target}")
            if entry.seq is not None:
                seqs[entry.seq] = self._last_seq

    @classmethod
    def open(cls, db: str | Path, game_id: int | None = None, readonly: bool = False) -> Session:
        """Open a game (``None``: the most recently played). Raises :class:`~banker.journal.NoGame` if there is
        none and :class:`~banker.journal.NoDatabase` if there is no database (and never creates a database file
        just to find that out). ``readonly``: open the database read-only, for reading the game only (``banker
        state``, ``log``, ``export``)."""
        journal = Journal(db, create=False, readonly=readonly)
        try:
            if game_id is None:
                game_id = journal.latest_game()
                if game_id is None:
                    raise NoGame(journal.path)
            return cls(journal, game_id)
        except BaseException:
            journal.close()
            raise

    @classmethod
    def last_unfinished(cls, db: str | Path) -> Session | None:
        """The most recently played game that is not over, or None (also when there is no database yet)."""
        if not Path(db).exists():
            return None
        journal = Journal(db)
        game_id = journal.latest_game(unfinished=True)
        if game_id is None:
            journal.close()
            return None
        try:
            return cls(journal, game_id)
        except BaseException:
            journal.close()
            raise

    def close(self) -> None:
        """Close the journal, first saving a checkpoint of the state if this session recorded commands since the
        newest one: the next resume (the banker relaunching the app) then replays nothing. A checkpoint is only
        a cache of what the events already say, so if another process holds the database, it is skipped."""
        recorded, self._recorded = self._recorded, False  # closing twice is harmless
        try:
            if recorded:
                self._checkpoint_tail()
        except JournalError:  # the journal turns every failure of the database into one
            pass  # busy or read-only: the next resume replays the tail instead
        finally:
            self._j.close()

    def _checkpoint_tail(self) -> None:
        cp = self._j.latest_checkpoint(self.game_id)
        if cp is not None and cp.seq >= self._last_seq:
            return
        with self._j.write() as conn:
            if self._j.last_seq(self.game_id) == self._last_seq:  # else another process's session is newer
                self._j.drop_checkpoints_off(conn, self.game_id, CHECKPOINT_EVERY)
                self._add_checkpoint(conn)

    def _add_checkpoint(self, conn: Any) -> None:
        """A snapshot of the current state and stacks as of the last event (:data:`CHECKPOINT_EVERY`)."""
        stack = self._timeline.stack
        self._j.add_checkpoint(
            conn,
            self.game_id,
            Checkpoint(
                self._last_seq,
                len(stack),
                stack[-1] if stack else 0,
                state_to_dict(self.state),
                list(stack),
                list(self._timeline.undone),
            ),
        )

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def db_path(self) -> Path:
        return self._j.path

    # State ---------------------------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self._timeline.state

    @property
    def can_undo(self) -> bool:
        return self._timeline.can_undo

    @property
    def can_redo(self) -> bool:
        return self._timeline.can_redo

    @property
    def last_seq(self) -> int:
        return self._last_seq

    def _resume(self) -> None:
        cp = self._j.latest_checkpoint(self.game_id)
        after = 0
        if cp is not None and cp.stack is not None:
            self._timeline.restore(cp.stack, cp.redo or [], cp.idx, state_from_dict(cp.state))
            self._last_seq = after = cp.seq
        self._replay(self._j.events(self.game_id, after=after))

    def _replay(self, events: list[EventRow], timeline: Timeline | None = None) -> None:
        """Bring the timeline up to date with journalled events (ours or another process's). ``timeline``: replay
        into another timeline instead (:meth:`state_after`), leaving the session's own as it is."""
        own = timeline is None
        into = self._timeline if timeline is None else timeline
        for ev in events:
            if ev.kind == "action":
                try:
                    action = action_from_dict(ev.action or {})
                except _DAMAGE as e:
                    raise damaged(self._j.path, e, f"game {self.game_id}, journalled event {ev.seq}") from None
                into.record(ev.seq, action)
            elif ev.kind == "undo":
                into.undo(int(ev.target or 0))
            elif ev.kind == "redo":
                into.redo()
            if own:
                self._last_seq = ev.seq

    def state_after(self, seq: int) -> GameState:
        """The game as it was right after journal entry ``seq`` (0: as it was set up), undos and redos included:
        the 18xx "game at action N", for settling a dispute. Raises LookupError for an entry the game lacks."""
        if not 0 <= seq <= self._last_seq:
            raise LookupError(f"game {self.game_id} has entries 1 to {self._last_seq}; there is no entry {seq}")
        timeline = Timeline(self._base, self._apply_journalled, self._load_actions, self._snapshots)
        # From the checkpoint nearest before the entry, not from entry 1 (issue 33: 6.7 s at 100,000 entries): its
        # stacks follow from the entries' kinds alone (no engine), and the engine replays at most the events since.
        start = self._j.checkpoint_at(self.game_id, seq)
        if start is not None:
            stack, undone = stacks_after(self._j.steps(self.game_id, start.seq))
            if start.idx == len(stack) and start.last == (stack[-1] if stack else 0):
                timeline.restore(stack, undone, start.idx, self._checkpoint_state(start.seq))
            else:  # a checkpoint that does not match the journal (edited by hand): the whole replay
                start = None
        self._replay(self._j.events(self.game_id, after=start.seq if start else 0, upto=seq), timeline)
        return timeline.state

    def _apply_journalled(self, state: GameState, action: Action, seq: int) -> Outcome:
        """The timeline's ``apply``: the rules engine, with a journalled action that no longer replays (or was
        edited by hand) reported as the journal's fault."""
        try:
            return rules.apply(state, action)
        except RuleError as e:
            raise JournalError(
                f"{self._j.path}: game {self.game_id}: journalled event {seq} ({action.verb}) no longer replays: {e}"
            ) from None
        except _DAMAGE as e:  # fields of the wrong type: only a journal edited by hand holds such an action
            raise damaged(self._j.path, e, f"game {self.game_id}, journalled event {seq} ({action.verb})") from None

    def _load_actions(self, seqs: list[int]) -> dict[int, Action]:
        """The timeline's ``load_actions``: journalled actions it does not hold (a game resumed from a checkpoint)."""
        return {s: action_from_dict(d) for s, d in self._j.actions(self.game_id, seqs).items()}

    def _snapshots(self, k: int) -> Iterator[tuple[int, int, Callable[[], GameState]]]:
        """The timeline's ``snapshots``: the checkpoints with at most ``k`` effective actions, best first."""
        for mark in self._j.checkpoints_below(self.game_id, k):
            yield mark.idx, mark.last, partial(self._checkpoint_state, mark.seq)

    def _checkpoint_state(self, seq: int) -> GameState:
        try:
            return state_from_dict(self._j.checkpoint_state(self.game_id, seq))
        except _DAMAGE as e:
            raise damaged(self._j.path, e, f"game {self.game_id}, checkpoint {seq}") from None

    def _action(self, seq: int) -> Action:
        return self._timeline.action(seq)

    # Commands ------------------------------------------------------------------------------------------------
    @staticmethod
    def prepare() -> None:
        """Import the command parser, the whole rules engine and the answers to queries (:mod:`banker.views`)
        now. Opening a game needs none of them (when it resumes from a checkpoint), so the session imports them
        where they are used; the app calls this just after drawing the table, so that the first command does not
        wait for some 30 ms of imports (the views alone cost the first frame about 2.5 ms)."""
        import banker.commands  # noqa: F401
        import banker.views  # noqa: F401
        from rules.engine import load_handlers

        load_handlers()

    def preview(self, line: str) -> Reply:
        """What ``line`` would do, without writing anything (dialogs show the outcome before confirming)."""
        from banker.commands import NewGame, Query, parse

        try:
            cmd = parse(line, self.state)
            if isinstance(cmd, Query):
                return self._answer(cmd)
            if isinstance(cmd, NewGame):
                return self._refuse_new()
            plan = self._plan(cmd, line)
        except RuleError as e:
            return Reply(False, str(e), error=e)
        return Reply(True, plan.summary, outcome=plan.outcome, changed=True)

    def execute(self, line: str, request: RequestRow | None = None, *, as_typed: str | None = None) -> Reply:
        """Parse, apply and journal one command line. Never raises on bad input: a refusal is a Reply.

        ``request``: the line is a phone's request (:meth:`requests`), recorded in the same transaction that marks
        it recorded, only if it is still pending then: a second accept (another screen, another process, a key
        pressed twice) is refused and writes nothing. The summary says whose phone asked.

        ``as_typed``: the text to journal instead of ``line`` (an imported game's ``undo to 7``, replayed as one
        ``undo`` per entry it wrote, keeps its own words in the log)."""
        from banker.commands import Control, NewGame, Query, parse

        try:
            cmd = parse(line, self.state)
        except RuleError as e:
            if self._j.last_seq(self.game_id) == self._last_seq:
                return Reply(False, str(e), error=e, line=line)
            cmd = None  # the game changed elsewhere: read the line again against the new state below
        if isinstance(cmd, Query):
            return self._answer(cmd)
        if isinstance(cmd, NewGame):
            return self._refuse_new()
        mark, last_seq = self._timeline.bookmark(), self._last_seq
        try:
            with self._j.write() as conn:
                reloaded = self._j.last_seq(self.game_id) != self._last_seq
                if reloaded:
                    self._replay(self._j.events(self.game_id, after=self._last_seq))
                try:
                    if reloaded or cmd is None:
                        cmd = parse(line, self.state)
                        if isinstance(cmd, Query | NewGame):
                            raise _Abort(self._answer(cmd) if isinstance(cmd, Query) else self._refuse_new())
                    if reloaded and isinstance(cmd, Control):
                        # Undo/redo aim at what this screen showed; after another process's command they would
                        # take back (or redo) something else, so they are refused rather than retargeted.
                        raise RuleError(
                            cmd.kind,
                            f"{cmd.kind} refused: another screen recorded a command first; "
                            f"check the log and {cmd.kind} again if you still mean it",
                        )
                    steps = self._steps(cmd)
                    plan = self._plan(cmd, as_typed or line)
                    if request is not None:
                        plan = self._claim(conn, request, cmd, plan)
                except RuleError as e:
                    prefix = "the game changed; reloaded: " if reloaded else ""
                    raise _Abort(Reply(False, prefix + str(e), error=e, changed=reloaded)) from None
                self._write(conn, plan)
                summaries = [plan.summary]
                for _ in range(steps - 1):  # `undo to` / `redo to`: ordinary undos or redos, one transaction
                    plan = self._plan(cmd, as_typed or line)
                    self._write(conn, plan)
                    summaries.append(plan.summary)
                if steps > 1 and isinstance(cmd, Control):
                    plan = replace(plan, summary=self._bulk_summary(cmd, summaries))
                self._recorded = True
        except _Abort as stop:
            if stop.reply.changed:  # another process's commands were read in before the refusal
                self._notify()
            return replace(stop.reply, line=line)
        except BaseException:
            # Nothing was committed: forget whatever the in-memory replay of this attempt did.
            self._timeline.return_to(mark)
            self._last_seq = last_seq
            raise
        finally:
            self._timeline.keep(mark)
        self._notify()
        return Reply(
            True,
            plan.summary,
            outcome=plan.outcome,
            changed=True,
            kind=plan.kind,
            action=plan.action if plan.kind != "redo" else self._action(int(plan.target or 0)),
            line=line,
        )

    def _claim(self, conn: Any, request: RequestRow, cmd: Command, plan: _Plan) -> _Plan:
        """Inside the write transaction: mark the phone's request recorded by the entry about to be written (only
        if it is still pending), and say in the summary whose phone asked."""
        from banker.commands import Control

        if request.game != self.game_id or isinstance(cmd, Control):
            raise RuleError("requests", f"request {request.n} is not a command of game {self.game_id}")
        if not self._j.claim_request(conn, request.n, self._last_seq + 1):
            now = self._j.request(request.n)
            status = now.status.value if now is not None else "gone"
            entry = f" as entry {now.seq}" if now is not None and now.seq else ""
            raise RuleError("requests", f"request {request.n} is not pending: it was {status}{entry}")
        name = self.state.players[request.seat].name if 0 <= request.seat < len(self.state.players) else "a"
        return replace(plan, summary=f"{plan.summary} {asked_from(name)}")

    def requests(
        self, seat: int | None = None, status: RequestStatus | None = None, limit: int | None = None
    ) -> list[RequestRow]:
        """The phones' requests of this game, oldest first (docs/phones.md)."""
        return self._j.requests(self.game_id, seat, status, limit)

    def request_by_id(self, seat: int, rid: str) -> RequestRow | None:
        """The request ``seat``'s phone sent with id ``rid``, if any (one indexed row)."""
        return self._j.request_by_id(self.game_id, seat, rid)

    def request(self, n: int) -> RequestRow | None:
        """Request ``n`` if it is one of this game's."""
        row = self._j.request(n)
        return row if row is not None and row.game == self.game_id else None

    def in_effect(self, seq: int) -> bool:
        """Is journal entry ``seq`` an action in effect now (not undone; a redo puts it back)? As the journal stands
        now: when another process wrote entries this session has not read yet (``banker requests accept`` while the
        app's inbox is open), the journal is asked, never this session's older picture."""
        if seq > self._last_seq or self._j.last_seq(self.game_id) != self._last_seq:
            return self._j.in_effect(self.game_id, seq)
        return seq in self._timeline.stack

    def entry_summary(self, seq: int) -> str:
        """The summary of journal entry ``seq`` (a recorded request's)."""
        return self._summary(seq)

    def phones_ask(self, default: bool = True) -> bool:
        """May this game's phones ask the banker to record their payments (the choice made when it started, else
        ``default``: the setting in config.toml)."""
        stored = self._j.phones_ask(self.game_id)
        return default if stored is None else stored

    def set_phones_ask(self, ask: bool) -> None:
        self._j.set_phones_ask(self.game_id, ask)

    def requests_mark(self) -> tuple[int, str]:
        return self._j.requests_mark(self.game_id)

    def requests_marks(self) -> dict[int, tuple[int, str]]:
        """:meth:`requests_mark` for each seat that has requests."""
        return self._j.requests_marks(self.game_id)

    def decline_request(self, n: int, reason: str = "") -> bool:
        """The banker declines a pending request (False: it was not pending)."""
        row = self.request(n)
        return row is not None and self._j.close_request(n, RequestStatus.DECLINED, " ".join(reason.split())[:200])

    def _refuse_new(self) -> Reply:
        e = RuleError(
            "commands", "a game is already open; to start another, use banker's new-game screen or `banker new`"
        )
        return Reply(False, str(e), error=e)

    def _plan(self, cmd: Action | Control, line: str) -> _Plan:
        from banker.commands import Control
        from rules.outcome import Outcome

        text = " ".join(line.strip().splitlines())  # the line as typed, kept on one line in the log
        timeline = self._timeline
        if isinstance(cmd, Control):
            if cmd.kind == "undo":
                if not timeline.can_undo:
                    raise RuleError("undo", "nothing to undo")
                target = timeline.stack[-1]
                before = timeline.state_at(len(timeline.stack) - 1)
                summary = f"undo: {self._summary(target)}"
                return _Plan(EventKind.UNDO, text, None, target, Outcome(before, summary), summary, before)
            if not timeline.can_redo:
                raise RuleError("redo", "nothing to redo")
            target = timeline.undone[-1]
            outcome = rules.apply(self.state, self._action(target))
            return _Plan(EventKind.REDO, text, None, target, outcome, f"redo: {outcome.summary}", outcome.state)
        self._check_time(cmd)
        outcome = rules.apply(self.state, cmd)
        return _Plan(EventKind.ACTION, text, cmd, None, outcome, outcome.summary, outcome.state)

    # Time-limit game (seed 002, TIME LIMIT GAME) -------------------------------------------------------------
    def deadline(self) -> datetime | None:
        """When this time-limit game ends (the agreed minutes after it started); None for other games."""
        return self.state.deadline(self.created)

    def time_is_up(self) -> bool:
        """A time-limit game still open at or after its deadline (the app records the end when it sees this)."""
        deadline = self.deadline()
        return deadline is not None and not self.state.over and self.clock() >= deadline

    def _check_time(self, action: Action) -> None:
        """Seed 002, TIME LIMIT GAME: at the agreed hour the game is over and the richest player wins, so nothing
        played after it counts. Past the deadline only the end is recorded; undo and redo still correct the record
        of what was played before it (docs/rulings.md, "The time limit")."""
        from rules.actions import End, EndReason

        if isinstance(action, End):
            deadline = self.deadline()
            if action.reason is EndReason.TIME and deadline is not None and self.clock() < deadline:
                # `end time` says the agreed hour has come; before it, the game ends only by agreement (`end`)
                left = max(1, round((deadline - self.clock()).total_seconds() / 60))
                raise RuleError(
                    "seed 002, TIME LIMIT GAME",
                    f"the agreed time is not up yet ({left} minute{'s' if left != 1 else ''} left); to stop now, "
                    "record `end` (by agreement)",
                )
            return
        if not self.time_is_up():
            return
        minutes = self.state.settings.time_limit_minutes
        raise RuleError(
            "seed 002, TIME LIMIT GAME",
            f"time is up: the game's {minutes} minute{'s' if minutes != 1 else ''} are over, so nothing played now "
            "counts; record the end (`end time`), or undo or redo to correct what was played before it",
        )

    def _steps(self, cmd: Command) -> int:
        """How many undos or redos ``undo to N`` / ``redo to N`` stand for (1 for any other command); refused when
        entry N is not one they can reach."""
        from banker.commands import Control

        if not isinstance(cmd, Control):
            return 1
        if cmd.to is None:
            return len(self._group(cmd.kind) or (0,))
        seq = cmd.to
        event = self._j.event(self.game_id, seq)
        if event is None:
            raise RuleError(cmd.kind, f"there is no entry {seq} in this game's journal (`banker log` lists them)")
        if event.kind == "redo":  # a redo brought back action `target`: that action is the entry meant
            seq = int(event.target or 0)
        elif event.kind == "undo":
            raise RuleError(cmd.kind, f"entry {seq} is an undo; choose an action (or the redo that brought it back)")
        stack, undone = self._timeline.stack, self._timeline.undone
        if cmd.kind == "undo":
            if seq not in stack:
                raise RuleError("undo", f"entry {seq} is taken back already; `redo to {seq}` brings it back")
            steps = len(stack) - stack.index(seq) - 1
            if steps == 0:
                raise RuleError("undo", f"nothing to undo: entry {seq} is the last action in effect")
            return steps
        if seq in stack:
            raise RuleError("redo", f"nothing to redo: entry {seq} is in effect")
        if seq not in undone:
            raise RuleError("redo", f"entry {seq} cannot be redone: a new action was recorded after it was undone")
        return len(undone) - undone.index(seq)

    def together(self, seqs: list[int]) -> None:
        """The actions ``seqs`` (just recorded, in order) are one step for this session's ``undo`` and ``redo``:
        the sales and mortgages that raised a payment, and the payment (issue 22: one ``u`` took back only the
        payment). Another process, or this one after relaunch, takes them back one by one, and ``undo`` says so."""
        if len(seqs) > 1:
            self._steps_together[seqs[-1]] = tuple(seqs)

    def _group(self, kind: str) -> tuple[int, ...] | None:
        """The entries one ``undo`` (or ``redo``) takes back (brings back) together, when they are a group of
        :meth:`together` still whole at the top of the stack (the undone list)."""
        # The timeline's own stacks, their tops only (a copy of a whole stack for each undo grew with the game)
        if kind == "undo":
            stack = self._timeline.stack
            group = self._steps_together.get(stack[-1]) if stack else None
            return group if group and tuple(stack[-len(group) :]) == group else None
        undone = self._timeline.undone
        for group in self._steps_together.values():
            if undone and tuple(reversed(undone[-len(group) :])) == group:
                return group
        return None

    @staticmethod
    def _bulk_summary(cmd: Control, summaries: list[str]) -> str:
        verb = "Took back" if cmd.kind == "undo" else "Redid"
        if cmd.to is None:
            said = "; ".join(x.removeprefix(f"{cmd.kind}: ") for x in summaries)
            return f"{verb} {len(summaries)} actions recorded as one step: {said}"
        where = f"everything after entry {cmd.to}" if cmd.kind == "undo" else f"everything up to entry {cmd.to}"
        said = "; ".join(x.removeprefix(f"{cmd.kind}: ") for x in summaries)
        return f"{verb} {len(summaries)} actions, {where}: {said}"

    def undo_summary(self) -> str | None:
        """What ``undo`` would take back now, in words (None: nothing to undo)."""
        if not self._timeline.can_undo:
            return None
        group = self._group("undo")
        last = self._summary(self._timeline.stack[-1])
        return f"{len(group)} steps: {last}, with the sales and mortgages that raised it" if group else last

    def _summary(self, seq: int) -> str:
        event = self._j.event(self.game_id, seq)
        return event.summary if event else f"event {seq}"

    def _write(self, conn: Any, plan: _Plan) -> None:
        """Journal the plan inside the open transaction, then update memory (the commit follows at once; if it
        failed, :meth:`execute` restores the old stacks)."""
        seq = self._last_seq + 1
        was_over = self.state.over
        action_dict = action_to_dict(plan.action) if plan.action is not None else None
        self._j.add_event(
            conn, self.game_id, seq, plan.kind, plan.text, action_dict, plan.target, plan.summary, self._entry_time
        )
        if plan.kind == "action":
            assert plan.action is not None
            self._timeline.record(seq, plan.action, plan.state)
        elif plan.kind == "undo":
            self._timeline.undo(int(plan.target or 0))
        else:
            self._timeline.redo(plan.state)
        self._last_seq = seq
        if seq % CHECKPOINT_EVERY == 0:
            self._add_checkpoint(conn)
        if plan.state.over or was_over:
            self._write_result(conn, plan.state)

    def _write_result(self, conn: Any, state: GameState) -> None:
        """The final standings go to ``scores`` when the game ends (and go again if the end is undone)."""
        if not state.over:
            self._j.set_result(conn, self.game_id, False, None, [])
            return
        from banker.views import standings_rows  # the game's end (views: prepare says why not at the top)

        scores = standings_rows(state)
        winners = [s["name"] for s in scores if s["winner"]]
        self._j.set_result(conn, self.game_id, True, ", ".join(winners) or None, scores)

    def reload(self) -> bool:
        """Pick up commands another process journalled. True if anything changed."""
        if self._j.last_seq(self.game_id) == self._last_seq:
            return False
        self._replay(self._j.events(self.game_id, after=self._last_seq))
        self._notify()
        return True

    # Change notification -------------------------------------------------------------------------------------
    def add_listener(self, callback: Callable[[Session], None]) -> None:
        """Call ``callback(self)`` after every change of the game this session sees (module docstring); adding
        the same callback twice adds it once."""
        if callback not in self._listeners:
            self._listeners.append(callback)

    def remove_listener(self, callback: Callable[[Session], None]) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _notify(self) -> None:
        for callback in list(self._listeners):
            callback(self)

    # Reading -------------------------------------------------------------------------------------------------
    def log(self, limit: int | None = None) -> list[LogEntry]:
        """The journal, newest last; an action currently taken back is marked ``undone``."""
        if limit is not None and limit <= 0:
            return []
        live, redo = set(self._timeline.stack), set(self._timeline.undone)
        return [
            LogEntry(
                r.seq,
                r.time,
                r.text,
                r.kind,
                r.summary,
                undone=r.kind == "action" and r.seq not in live,
                target=r.target,
                verb=r.verb or "",
                redoable=r.kind == "action" and r.seq in redo,
            )
            for r in self._j.log(self.game_id, limit)
        ]

    def events(self) -> Iterator[EventRow]:
        """Every journalled event with its action (JSON), oldest first, read as they are used: what a game file
        carries (:mod:`banker.reports.journal_file`)."""
        return self._j.iter_events(self.game_id)

    def history(self) -> list[tuple[LogEntry, Outcome]]:
        """Every effective (not undone) action in order, with what it did (replayed from the start)."""
        entries = {e.seq: e for e in self.log()}
        return [(entries[seq], outcome) for seq, outcome in self._timeline.outcomes()]

    def action(self, seq: int) -> Action:
        """The action journal entry ``seq`` recorded (as the timeline holds it)."""
        return self._action(seq)

    # Maths mode --------------------------------------------------------------------------------------------------
    def maths_players(self) -> frozenset[str]:
        """The players who work out their payments first (a game setting, per player; docs/app.md, "Maths mode")."""
        seats = self._j.maths_seats(self.game_id)
        return frozenset(p.name for i, p in enumerate(self.state.players) if i in seats)

    def set_maths(self, name: str, on: bool = True) -> str:
        """Turn the maths mode on or off for a player (any spelling the game reads); their name as printed."""
        seat = self.state.player_index(name)
        self._j.set_maths(self.game_id, seat, on)
        return self.state.players[seat].name

    def scores(self) -> list[ScoreRow]:
        """The journalled final standings (empty until the game is over)."""
        return self._j.scores(self.game_id)

    def replaced(self) -> bool:
        """The database's path no longer names the file this session has open (``mv backup.db game.db``): the app
        and the phone server ask on their polls, and open the new file instead (closing this session touches
        nothing the path names now: :meth:`banker.journal.Journal.let_go`)."""
        return self._j.replaced()

    # Phone pages ---------------------------------------------------------------------------------------------
    def pages_port(self) -> int | None:
        """The port this game's phone pages were on when the app last turned them on (None: never)."""
        return self._j.pages_port(self.game_id)

    def pages_place(self) -> tuple[str | None, int] | None:
        """The host the links named and the port this game's phone pages were on when the app last turned them on
        (None: never; the host None: remembered by an earlier version, which kept the port only)."""
        return self._j.pages_place(self.game_id)

    def remember_pages(self, port: int, host: str | None = None) -> None:
        """Note that this game's phone pages are on at ``port``, their links naming ``host``: opening the game
        turns them on again (and says whether the links are the same)."""
        self._j.remember_pages(self.game_id, port, host)

    # Queries -------------------------------------------------------------------------------------------------
    def _answer(self, q: Query) -> Reply:
        from banker.views import answer  # a query's words (views: prepare says why not at the top)

        try:
            message = answer(self.state, q)
        except RuleError as e:
            return Reply(False, str(e), error=e, query=True)
        return Reply(True, message, query=True)


def asked_from(name: str) -> str:
    """What a recorded request's summary ends with (docs/storage.md)."""
    return f"(asked from {name}'s phone)"


class _Abort(Exception):
    """Leaves the write transaction (rolling it back) with a reply for the caller."""

    def __init__(self, reply: Reply) -> None:
        super().__init__(reply.message)
        self.reply = reply


_AS_RECORDED = ("deal_random", "tax")
"""The verbs a game file's entries replay as their journalled action says rather than as their typed line."""


def _canonical(action: dict[str, Any], board: Board) -> str | None:
    """A journalled action (``rules.codec``'s dict) as the command language writes it on the game's board, or None if
    it cannot be read (a damaged game file)."""
    from banker.commands import format as canonical_line

    try:
        return canonical_line(action_from_dict(action), board)
    except (KeyError, TypeError, ValueError, RuleError):
        return None
