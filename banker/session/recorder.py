"""The session's write path: a command line in, one journal transaction out (:class:`Recorder`).

This is what Banker promises: a command the banker saw accepted is in the journal, whole, whatever happens next;
a refused one left nothing. The contract, point by point, is :class:`Recorder`'s docstring.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import rules
from banker.journal import Checkpoint, EventKind, EventRow, Journal, RequestRow
from banker.language import SOURCE, speaking
from banker.session.replies import ReplayEntry, ReplayRefused, Reply
from banker.timeline import Timeline
from rules.codec import action_from_dict, action_to_dict, state_to_dict
from rules.errors import RuleError
from rules.i18n import N_, _, in_source, ngettext
from rules.state import GameState

if TYPE_CHECKING:
    from banker.commands import Command, Control, Query
    from rules.actions import Action
    from rules.board import Board
    from rules.outcome import Outcome  # imported with the engine (prepare): opening a game needs no outcome


class Game(Protocol):
    """What the write path asks of the open game it writes for (:class:`banker.session.Session`): where it stands
    in the journal (``_last_seq``, which the write path moves), its clock and deadline, how another process's
    entries are read in (``_replay``), a query's answer, and the listeners to tell."""

    game_id: int
    clock: Callable[[], datetime]
    _last_seq: int
    _recorded: bool

    @property
    def checkpoint_every(self) -> int: ...
    def deadline(self) -> datetime | None: ...
    def time_is_up(self) -> bool: ...
    def _replay(self, events: list[EventRow], timeline: Timeline | None = None) -> None: ...
    def _answer(self, q: Query) -> Reply: ...
    def _notify(self) -> None: ...
    def _summary(self, seq: int) -> str: ...
    def _said(self, seq: int) -> str: ...
    def _tell(self, seq: int, said: str) -> None: ...
    def _forget_after(self, seq: int) -> None: ...


@dataclass(frozen=True)
class _Plan:
    """What an accepted command will write and do, computed before the transaction commits."""

    kind: EventKind
    text: str
    action: Action | None
    target: int | None
    outcome: Outcome | None
    said: str
    """The summary in the banker's language: the reply's words (a preview's too)."""
    state: GameState
    journalled: Callable[[], str]
    """What the journal keeps, asked for when the entry is written (a preview writes nothing): the summary in
    English, the language the messages are written in, whatever the banker reads (a format, as the action is:
    docs/storage.md)."""


def _entry_clock(time: str) -> datetime:
    """The clock of an entry being replayed: the time it was first recorded (UTC when the text names no zone)."""
    at = datetime.fromisoformat(time)
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def refuse_new() -> Reply:
    """The reply to a ``new`` line typed into an open game."""
    e = RuleError(COMMANDS, _("a game is already open; to start another, use banker's new-game screen or `banker new`"))
    return Reply(False, str(e), error=e)


class Recorder:
    """The one way a session changes its game: :meth:`execute` parses a line, plans it on the rules engine and
    journals it; :meth:`checkpoint_tail` saves a snapshot on closing; :meth:`replay_entries` replays an imported
    game through :meth:`execute`. Held by its :class:`~banker.session.Session`, over the session's journal and
    timeline.

    The crash-safety contract:

    - **One transaction per command.** Everything one accepted line writes is inside one ``BEGIN IMMEDIATE``
      transaction (:meth:`banker.journal.Journal.write`): its ``events`` rows (``undo to N`` is several undos, one
      transaction), the ``games.updated`` time, a checkpoint every :data:`banker.session.CHECKPOINT_EVERY` entries,
      the final standings in ``scores`` (and ``games.over``/``winner``) when the game ends or its end is undone, and
      a phone's request marked recorded (:meth:`_claim`). A refusal (a :class:`~rules.errors.RuleError`, a request
      no longer pending) raises inside the block, so the transaction rolls back with nothing written.
    - **What another process sees.** SQLite in WAL mode: another connection (the phone server, ``banker do``, a
      second app) sees the journal as it was before the transaction or after its commit, never between.
      ``BEGIN IMMEDIATE`` takes the write lock first, so two processes never interleave their commands; inside it
      the entries another process committed since this session last looked are read in (``_replay``) before the
      line is parsed again against them, and an ``undo``/``redo`` aimed at what this screen showed is refused
      rather than retargeted.
    - **Memory follows the commit.** The timeline and ``_last_seq`` are moved inside the block (:meth:`_write`), so
      each further step of ``undo to`` plans on the last; if the commit fails (disk full, read-only, busy) the
      timeline returns to its bookmark and ``_last_seq`` to what it was, so the session shows what the file holds.
    - **A SIGKILL** before ``COMMIT`` reaches the log leaves the file as before the command (SQLite rolls the
      transaction back on the next open); after it, the whole command is there (``synchronous = NORMAL`` in WAL
      mode loses nothing committed when a process dies; only a power cut may lose the very last commits, and
      never corrupts the file). There is no point between: the checkpoint, the scores and the claimed request are
      in the same transaction as the entry. A checkpoint is a cache of what the events say: one missing (a kill
      before :meth:`checkpoint_tail`) only makes the next resume replay the tail. ``tests/core/test_crash.py``
      kills a process recording commands at random moments and finds every reported command there, whole, and
      nothing half-written; two processes writing at once lose nothing."""

    def __init__(self, game: Game, journal: Journal, timeline: Timeline) -> None:
        self._session = game
        self._j = journal
        self._timeline = timeline
        self.game_id = game.game_id
        self.entry_time: str | None = None
        """While an imported game is replayed: the time its entry was first recorded (None: now)."""
        self._steps_together: dict[int, tuple[int, ...]] = {}
        """Entries recorded as one step (:meth:`together`), by their last entry; in this session only."""

    @property
    def state(self) -> GameState:
        return self._timeline.state

    def execute(self, line: str, request: RequestRow | None = None, *, as_typed: str | None = None) -> Reply:
        """:meth:`banker.session.Session.execute`: parse ``line``, plan it on the engine and journal it in one
        transaction (the contract above); a refusal is a :class:`Reply` and writes nothing."""
        from banker.commands import Control, NewGame, Query, parse

        try:
            cmd = parse(line, self.state)
        except RuleError as e:
            if self._j.last_seq(self.game_id) == self._session._last_seq:
                return Reply(False, str(e), error=e, line=line)
            cmd = None  # the game changed elsewhere: read the line again against the new state below
        if isinstance(cmd, Query):
            return self._session._answer(cmd)
        if isinstance(cmd, NewGame):
            return refuse_new()
        mark, last_seq = self._timeline.bookmark(), self._session._last_seq
        try:
            with self._j.write() as conn:
                reloaded = self._j.last_seq(self.game_id) != self._session._last_seq
                if reloaded:
                    self._session._replay(self._j.events(self.game_id, after=self._session._last_seq))
                try:
                    if reloaded or cmd is None:
                        cmd = parse(line, self.state)
                        if isinstance(cmd, Query | NewGame):
                            raise _Abort(self._session._answer(cmd) if isinstance(cmd, Query) else refuse_new())
                    if reloaded and isinstance(cmd, Control):
                        # Undo/redo aim at what this screen showed; after another process's command they would
                        # take back (or redo) something else, so they are refused rather than retargeted.
                        said = (
                            _(
                                "undo refused: another screen recorded a command first; check the log and undo again "
                                "if you still mean it"
                            )
                            if cmd.kind == "undo"
                            else _(
                                "redo refused: another screen recorded a command first; check the log and redo again "
                                "if you still mean it"
                            )
                        )
                        raise RuleError(cmd.kind, said)
                    steps = self._steps(cmd)
                    plan = self.plan(cmd, as_typed or line)
                    if request is not None:
                        plan = self._claim(conn, request, cmd, plan)
                except RuleError as e:
                    said = _("the game changed; reloaded: {refusal}").format(refusal=e) if reloaded else str(e)
                    raise _Abort(Reply(False, said, error=e, changed=reloaded)) from None
                self._write(conn, plan)
                summaries = [plan.said]
                for _step in range(steps - 1):  # `undo to` / `redo to`: ordinary undos or redos, one transaction
                    plan = self.plan(cmd, as_typed or line)
                    self._write(conn, plan)
                    summaries.append(plan.said)
                if steps > 1 and isinstance(cmd, Control):
                    plan = replace(plan, said=self._bulk_summary(cmd, summaries))
                self._session._recorded = True
        except _Abort as stop:
            if stop.reply.changed:  # another process's commands were read in before the refusal
                self._session._notify()
            return replace(stop.reply, line=line)
        except BaseException:
            # Nothing was committed: forget whatever the in-memory replay of this attempt did.
            self._timeline.return_to(mark)
            self._session._last_seq = last_seq
            self._session._forget_after(last_seq)
            raise
        finally:
            self._timeline.keep(mark)
        self._session._notify()
        return Reply(
            True,
            plan.said,
            outcome=plan.outcome,
            changed=True,
            kind=plan.kind,
            action=plan.action if plan.kind != "redo" else self._timeline.action(int(plan.target or 0)),
            line=line,
        )

    def _claim(self, conn: Any, request: RequestRow, cmd: Command, plan: _Plan) -> _Plan:
        """Inside the write transaction: mark the phone's request recorded by the entry about to be written (only
        if it is still pending), and say in the summary whose phone asked."""
        from banker.commands import Control

        if request.game != self.game_id or isinstance(cmd, Control):
            said = _("request {n} is not a command of game {game}")
            raise RuleError(REQUESTS, said.format(n=request.n, game=self.game_id))
        if not self._j.claim_request(conn, request.n, self._session._last_seq + 1):
            now = self._j.request(request.n)
            if now is None:
                said = _("request {n} is not pending: it was gone")
            elif now.seq:
                said = _("request {n} is not pending: it was {status} as entry {seq}")
            else:
                said = _("request {n} is not pending: it was {status}")
            status = _(_STATUS_SAID.get(now.status.value, now.status.value)) if now is not None else ""
            raise RuleError(REQUESTS, said.format(n=request.n, status=status, seq=now.seq if now else 0))
        name = self.state.players[request.seat].name if 0 <= request.seat < len(self.state.players) else "a"
        journalled = plan.journalled
        return replace(
            plan,
            said=f"{plan.said} {asked_from_said(name)}",
            journalled=lambda: f"{journalled()} {asked_from(name)}",
        )

    def plan(self, cmd: Action | Control, line: str) -> _Plan:
        from banker.commands import Control
        from banker.commands import journalled as as_journalled
        from rules.outcome import Outcome

        # the line as typed, kept on one line in the log; a language's word for the verb as its English name
        text = " ".join(as_journalled(line).strip().splitlines())
        timeline = self._timeline
        if isinstance(cmd, Control):
            if cmd.kind == "undo":
                if not timeline.can_undo:
                    raise RuleError("undo", _("nothing to undo"))
                target = timeline.stack[-1]
                before = timeline.state_at(len(timeline.stack) - 1)
                said = _("undo: {summary}").format(summary=self._session._said(target))
                undone = self._session._summary(target)
                return _Plan(
                    EventKind.UNDO,
                    text,
                    None,
                    target,
                    Outcome(before, said),
                    said,
                    before,
                    lambda: f"undo: {undone}",  # i18n-exempt: the journal's words (English)
                )
            if not timeline.can_redo:
                raise RuleError("redo", _("nothing to redo"))
            target = timeline.undone[-1]
            action = self._timeline.action(target)
            state = self.state
            outcome = rules.apply(state, action)
            said = _("redo: {summary}").format(summary=outcome.summary)
            redone = partial(_in_english, state, action, outcome)
            return _Plan(
                EventKind.REDO,
                text,
                None,
                target,
                outcome,
                said,
                outcome.state,
                lambda: f"redo: {redone()}",  # i18n-exempt: the journal's words (English)
            )
        self._check_time(cmd)
        state = self.state
        outcome = rules.apply(state, cmd)
        return _Plan(
            EventKind.ACTION,
            text,
            cmd,
            None,
            outcome,
            outcome.summary,
            outcome.state,
            partial(_in_english, state, cmd, outcome),
        )

    def _check_time(self, action: Action) -> None:
        """Seed 002, TIME LIMIT GAME: at the agreed hour the game is over and the richest player wins, so nothing
        played after it counts. Past the deadline only the end is recorded; undo and redo still correct the record
        of what was played before it (docs/rulings.md, "The time limit")."""
        from rules.actions import End, EndReason

        if isinstance(action, End):
            deadline = self._session.deadline()
            if action.reason is EndReason.TIME and deadline is not None and self._session.clock() < deadline:
                # `end time` says the agreed hour has come; before it, the game ends only by agreement (`end`)
                left = max(1, round((deadline - self._session.clock()).total_seconds() / 60))
                said = ngettext(
                    "the agreed time is not up yet ({n} minute left); to stop now, record `end` (by agreement)",
                    "the agreed time is not up yet ({n} minutes left); to stop now, record `end` (by agreement)",
                    left,
                )
                raise RuleError("seed 002, TIME LIMIT GAME", said.format(n=left))
            return
        if not self._session.time_is_up():
            return
        minutes = self.state.settings.time_limit_minutes
        said = ngettext(
            "time is up: the game's minute is over, so nothing played now counts; record the end (`end time`), or "
            "undo or redo to correct what was played before it",
            "time is up: the game's {n} minutes are over, so nothing played now counts; record the end (`end "
            "time`), or undo or redo to correct what was played before it",
            minutes,
        )
        raise RuleError("seed 002, TIME LIMIT GAME", said.format(n=minutes))

    def _steps(self, cmd: Command) -> int:
        """How many undos or redos ``undo to N`` / ``redo to N`` stand for (1 for any other command); refused when
        entry N is not one they can reach."""
        from banker.commands import Control

        if not isinstance(cmd, Control):
            return 1
        if cmd.to is None:
            return len(self.group(cmd.kind) or (0,))
        seq = cmd.to
        event = self._j.event(self.game_id, seq)
        if event is None:
            said = _("there is no entry {seq} in this game's journal (`banker log` lists them)")
            raise RuleError(cmd.kind, said.format(seq=seq))
        if event.kind == "redo":  # a redo brought back action `target`: that action is the entry meant
            seq = int(event.target or 0)
        elif event.kind == "undo":
            said = _("entry {seq} is an undo; choose an action (or the redo that brought it back)")
            raise RuleError(cmd.kind, said.format(seq=seq))
        stack, undone = self._timeline.stack, self._timeline.undone
        if cmd.kind == "undo":
            if seq not in stack:
                said = _("entry {seq} is taken back already; `redo to {seq}` brings it back")
                raise RuleError("undo", said.format(seq=seq))
            steps = len(stack) - stack.index(seq) - 1
            if steps == 0:
                raise RuleError("undo", _("nothing to undo: entry {seq} is the last action in effect").format(seq=seq))
            return steps
        if seq in stack:
            raise RuleError("redo", _("nothing to redo: entry {seq} is in effect").format(seq=seq))
        if seq not in undone:
            said = _("entry {seq} cannot be redone: a new action was recorded after it was undone")
            raise RuleError("redo", said.format(seq=seq))
        return len(undone) - undone.index(seq)

    def together(self, seqs: list[int]) -> None:
        """The actions ``seqs`` (just recorded, in order) are one step for this session's ``undo`` and ``redo``:
        the sales and mortgages that raised a payment, and the payment (issue 22: one ``u`` took back only the
        payment). Another process, or this one after relaunch, takes them back one by one, and ``undo`` says so."""
        if len(seqs) > 1:
            self._steps_together[seqs[-1]] = tuple(seqs)

    def group(self, kind: str) -> tuple[int, ...] | None:
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
        """What ``undo to`` (``redo to``, or one step of several actions) says it did, of each step's ``summaries``
        in the banker's language: the reply's words only, never journalled (each step's entry has its own)."""
        head = (_("undo: {summary}") if cmd.kind == "undo" else _("redo: {summary}")).format(summary="")
        said = "; ".join(x.removeprefix(head) for x in summaries)
        n = len(summaries)
        if cmd.to is None:
            whole = (
                ngettext(
                    "Took back {n} action recorded as one step: {summaries}",
                    "Took back {n} actions recorded as one step: {summaries}",
                    n,
                )
                if cmd.kind == "undo"
                else ngettext(
                    "Redid {n} action recorded as one step: {summaries}",
                    "Redid {n} actions recorded as one step: {summaries}",
                    n,
                )
            )
        elif cmd.kind == "undo":
            whole = ngettext(
                "Took back {n} action, everything after entry {entry}: {summaries}",
                "Took back {n} actions, everything after entry {entry}: {summaries}",
                n,
            )
        else:
            whole = ngettext(
                "Redid {n} action, everything up to entry {entry}: {summaries}",
                "Redid {n} actions, everything up to entry {entry}: {summaries}",
                n,
            )
        return whole.format(n=n, entry=cmd.to, summaries=said)

    def _write(self, conn: Any, plan: _Plan) -> None:
        """Journal the plan inside the open transaction, then update memory (the commit follows at once; if it
        failed, :meth:`execute` restores the old stacks)."""
        seq = self._session._last_seq + 1
        was_over = self.state.over
        action_dict = action_to_dict(plan.action) if plan.action is not None else None
        self._j.add_event(
            conn, self.game_id, seq, plan.kind, plan.text, action_dict, plan.target, plan.journalled(), self.entry_time
        )
        self._session._tell(seq, plan.said)
        if plan.kind == "action":
            assert plan.action is not None
            self._timeline.record(seq, plan.action, plan.state)
        elif plan.kind == "undo":
            self._timeline.undo(int(plan.target or 0))
        else:
            self._timeline.redo(plan.state)
        self._session._last_seq = seq
        if seq % self._session.checkpoint_every == 0:
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

    def replay_entries(self, entries: list[ReplayEntry]) -> None:
        """Execute another journal's entries as typed, in the caller's transaction (:meth:`banker.session.Session.
        imported`); :class:`ReplayRefused` names the first that is refused or does something else."""
        seqs: dict[int, int] = {}  # the other journal's entry -> this one's
        for i, entry in enumerate(entries):
            line = entry.line if entry.kind == "action" else entry.kind  # one step each: `undo to` wrote several
            if entry.kind == "action" and entry.action is not None and entry.action.get("verb") in _AS_RECORDED:
                # replayed as recorded, journalled as typed: `deal random` without a seed drew one when it was
                # recorded, and the file keeps it (the typed line would draw another deal); `tax ann income 200` on a
                # board whose flat tax is 250 was read as the flat tax before issue 36, and is refused now
                line = _canonical(entry.action, self.state.board) or line
            self.entry_time = entry.time
            clock = self._session.clock
            if entry.time is not None:  # a time-limit game's deadline is checked at the time the entry was played
                self._session.clock = partial(_entry_clock, entry.time)
            try:
                reply = self.execute(line, as_typed=entry.line)
            finally:
                self.entry_time = None
                self._session.clock = clock
            if not reply.ok:
                raise ReplayRefused(i, _("refused: {refusal}").format(refusal=reply.message))
            if reply.kind != entry.kind:
                said = (
                    _("recorded as {kind}, not as {wanted}")
                    if reply.kind
                    else _("recorded as nothing, not as {wanted}")
                )
                raise ReplayRefused(i, said.format(kind=reply.kind, wanted=entry.kind))
            if entry.kind == "action":
                assert reply.action is not None
                if entry.action is not None and action_to_dict(reply.action) != entry.action:
                    from banker.commands import format as canonical_line

                    board = self.state.board
                    wanted = _canonical(entry.action, board)
                    said = (
                        _("replays as `{line}`, not as `{wanted}`")
                        if wanted
                        else _("replays as `{line}`, not as `an action this Banker cannot read`")
                    )
                    raise ReplayRefused(i, said.format(line=canonical_line(reply.action, board), wanted=wanted))
            else:
                target = self._timeline.undone[-1] if entry.kind == "undo" else self._timeline.stack[-1]
                if entry.target is not None and seqs.get(entry.target) != target:
                    said = _("takes back or redoes entry {target}, not entry {wanted}")
                    raise ReplayRefused(i, said.format(target=target, wanted=entry.target))
            if entry.seq is not None:
                seqs[entry.seq] = self._session._last_seq

    def checkpoint_tail(self) -> None:
        """A checkpoint of the state as of the last entry, replacing those saved on closing, unless one is there
        already or another process's session has written newer entries (:meth:`banker.session.Session.close`)."""
        cp = self._j.latest_checkpoint(self.game_id)
        if cp is not None and cp.seq >= self._session._last_seq:
            return
        with self._j.write() as conn:
            if self._j.last_seq(self.game_id) == self._session._last_seq:  # else another process's session is newer
                self._j.drop_checkpoints_off(conn, self.game_id, self._session.checkpoint_every)
                self._add_checkpoint(conn)

    def _add_checkpoint(self, conn: Any) -> None:
        """A snapshot of the current state and stacks as of the last event (:data:`banker.session.CHECKPOINT_EVERY`)."""
        stack = self._timeline.stack
        self._j.add_checkpoint(
            conn,
            self.game_id,
            Checkpoint(
                self._session._last_seq,
                len(stack),
                stack[-1] if stack else 0,
                state_to_dict(self.state),
                list(stack),
                list(self._timeline.undone),
            ),
        )


def asked_from(name: str) -> str:
    """What a recorded request's summary ends with in the journal (docs/storage.md): English, as every summary the
    journal keeps."""
    return f"(asked from {name}'s phone)"  # i18n-exempt: the journal's words (English)


def asked_from_said(name: str) -> str:
    """:func:`asked_from` in the reader's language."""
    return _("(asked from {player}'s phone)").format(player=name)


def _in_english(state: GameState, action: Action, outcome: Outcome) -> str:
    """The summary of ``outcome`` (``action`` applied to ``state``) as the journal keeps it, in English: the
    outcome's own when the banker reads English, else the engine's words for it again, in English."""
    if in_source():
        return outcome.summary
    with speaking(SOURCE):
        return rules.apply(state, action).summary


COMMANDS = N_("commands")
REQUESTS = N_("requests")
_STATUS_SAID = {
    "pending": N_("pending"),
    "recorded": N_("recorded"),
    "declined": N_("declined"),
    "withdrawn": N_("withdrawn"),
}
"""A phone's request's status (``banker.journal.RequestStatus``, the journal's words) in the reader's language."""


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
