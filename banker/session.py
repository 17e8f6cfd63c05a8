"""A session: one open game on the journal. The one API the app, the CLI, exports and tests use.

``execute(line)`` parses a command, applies it through the rules engine and journals it in one transaction
before returning; a refused command writes nothing. The state is always derived from the journal (new game +
the effective actions), using checkpoints so a long game resumes by replaying only its tail.

Undo and redo are events too: an ``undo`` takes back the most recent effective action (any depth), ``redo``
reapplies the most recently undone one, and a new action clears the redo stack.

Change notification: ``add_listener(callback)`` has ``callback(session)`` called each time this session's game
changed: after :meth:`Session.execute` committed a command (or reloaded another process's commands before
refusing one) and after a :meth:`Session.reload` that found something. The phone pages (:mod:`banker.web`) use
it; a listener runs before ``execute``/``reload`` returns, so it must be quick and must not raise.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import rules
from banker.journal import Checkpoint, EventRow, Journal, JournalError, damaged
from banker.views import answer, standings_rows
from rules.codec import action_from_dict, action_to_dict, state_from_dict, state_to_dict
from rules.errors import RuleError
from rules.outcome import Outcome
from rules.state import GameState

if TYPE_CHECKING:
    from banker.commands import Command, Query
    from rules.actions import Action

__all__ = ["CHECKPOINT_EVERY", "JournalError", "LogEntry", "Reply", "Session", "parse_new"]  # noqa: F822 - parse_new: see __getattr__


def __getattr__(name: str):
    """``parse_new`` is re-exported from :mod:`banker.commands`, which is imported on first use: opening a game
    and drawing the table need no parser, and importing it is a few ms of the app's start-up."""
    if name == "parse_new":
        from banker.commands import parse_new

        return parse_new
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_DAMAGE = (KeyError, TypeError, ValueError, AttributeError, IndexError)
"""What decoding a journalled row that Banker did not write (edited by hand, damaged) can raise."""

CHECKPOINT_EVERY = 100
"""A state snapshot every this many events (and when a session that recorded commands closes): resume replays
at most this many actions."""


@dataclass(frozen=True)
class Reply:
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
    kind: str = ""
    """What was recorded: ``action``, ``undo`` or ``redo``; empty for a refusal or a query."""
    line: str = ""
    """The command line :meth:`Session.execute` was given (accepted or refused), so that a payment refused for
    want of cash can be recorded again, as typed, once the money is raised."""


@dataclass(frozen=True)
class LogEntry:
    seq: int
    time: str
    text: str
    kind: str
    """``action``, ``undo`` or ``redo``."""
    summary: str
    undone: bool
    """For an action: it is currently taken back."""
    target: int | None
    """For undo/redo: the seq of the action taken back or redone."""
    verb: str = ""
    """For an action: its verb (``rent``, ``next``...), as journalled."""


@dataclass(frozen=True)
class _Plan:
    """What an accepted command will write and do, computed before the transaction commits."""

    kind: str
    text: str
    action: Action | None
    target: int | None
    outcome: Outcome | None
    summary: str
    state: GameState


class Session:
    """One open game. Not thread-safe; open one session per process (or per screen)."""

    def __init__(self, journal: Journal, game_id: int) -> None:
        info = journal.game(game_id)
        if info is None:
            raise LookupError(f"there is no game {game_id} in {journal.path}")
        self._j = journal
        self.game_id = game_id
        self.created: str = info["created"]
        try:
            settings = state_from_dict(
                {"settings": info["settings"], "players": [], "deeds": [], "houses": 0, "hotels": 0, "bank": 0}
            ).settings
            # As it was set up: the names and settings were checked when the game started (check=False keeps a
            # game playable after the checks tighten; docs/rulings.md, "Player names").
            self._base = rules.new_game(info["names"], settings, info["tokens"], check=False)
        except (RuleError, *_DAMAGE) as e:
            raise damaged(journal.path, e, f"the settings of game {game_id}") from None
        self._stack: list[int] = []
        self._redo: list[int] = []
        self._states: dict[int, GameState] = {0: self._base}
        self._actions: dict[int, Action] = {}
        self._last_seq = 0
        self._recorded = False
        """This session journalled a command (so :meth:`close` saves a checkpoint)."""
        self._listeners: list[Callable[[Session], None]] = []
        try:
            self._resume()
        except _DAMAGE as e:
            raise damaged(journal.path, e, f"a saved state of game {game_id}") from None

    # Opening -------------------------------------------------------------------------------------------------
    @classmethod
    def create(cls, db: str | Path, names: list[str], settings: rules.Settings, tokens: list[str] = ()) -> Session:
        """Start a game (checked by the rules: names, player count, settings) and journal it."""
        state = rules.new_game(names, settings, tokens)
        journal = Journal(db)
        try:
            game_id, _ = journal.create_game(
                state_to_dict(state)["settings"],
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
    def open(cls, db: str | Path, game_id: int | None = None, readonly: bool = False) -> Session:
        """Open a game (``None``: the most recently played). Raises LookupError if there is none (and never
        creates a database file just to find that out). ``readonly``: open the database read-only, for reading
        the game only (``banker state``, ``log``, ``export``)."""
        journal = Journal(db, create=False, readonly=readonly)
        try:
            if game_id is None:
                game_id = journal.latest_game()
                if game_id is None:
                    raise LookupError(f"there are no games in {journal.path}")
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
        except (sqlite3.OperationalError, JournalError):
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
        self._j.add_checkpoint(
            conn,
            self.game_id,
            Checkpoint(
                self._last_seq,
                len(self._stack),
                self._stack[-1] if self._stack else 0,
                state_to_dict(self.state),
                list(self._stack),
                list(self._redo),
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
        return self._state_at(len(self._stack))

    @property
    def can_undo(self) -> bool:
        return bool(self._stack)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def last_seq(self) -> int:
        return self._last_seq

    def _resume(self) -> None:
        cp = self._j.latest_checkpoint(self.game_id)
        after = 0
        if cp is not None and cp.stack is not None:
            self._stack = list(cp.stack)
            self._redo = list(cp.redo or [])
            self._states[cp.idx] = state_from_dict(cp.state)
            self._last_seq = after = cp.seq
        self._replay(self._j.events(self.game_id, after=after))

    def _replay(self, events: list[EventRow]) -> None:
        """Bring the in-memory stacks and state up to date with journalled events (ours or another process's)."""
        for ev in events:
            if ev.kind == "action":
                try:
                    action = action_from_dict(ev.action or {})
                except _DAMAGE as e:
                    raise damaged(self._j.path, e, f"game {self.game_id}, journalled event {ev.seq}") from None
                state = self._apply_journalled(self.state, action, ev.seq).state
                self._push(ev.seq, action, state)
                self._redo.clear()
            elif ev.kind == "undo":
                self._pop()
                self._redo.append(int(ev.target or 0))
            elif ev.kind == "redo":
                target = self._redo.pop()
                action = self._action(target)
                self._push(target, action, self._apply_journalled(self.state, action, target).state)
            self._last_seq = ev.seq

    def _apply_journalled(self, state: GameState, action: Action, seq: int) -> Outcome:
        try:
            return rules.apply(state, action)
        except RuleError as e:
            raise JournalError(
                f"{self._j.path}: game {self.game_id}: journalled event {seq} ({action.verb}) no longer replays: {e}"
            ) from None
        except _DAMAGE as e:  # fields of the wrong type: only a journal edited by hand holds such an action
            raise damaged(self._j.path, e, f"game {self.game_id}, journalled event {seq} ({action.verb})") from None

    def _push(self, seq: int, action: Action, state: GameState) -> None:
        self._stack.append(seq)
        self._actions[seq] = action
        self._states[len(self._stack)] = state

    def _pop(self) -> int:
        self._states.pop(len(self._stack), None)
        return self._stack.pop()

    def _action(self, seq: int) -> Action:
        if seq not in self._actions:
            self._actions.update({s: action_from_dict(d) for s, d in self._j.actions(self.game_id, [seq]).items()})
        return self._actions[seq]

    def _state_at(self, k: int) -> GameState:
        """The state after the first ``k`` effective actions: cached, else replayed from the best checkpoint."""
        if k in self._states:
            return self._states[k]
        start, state = 0, self._base
        cached = [i for i in self._states if i <= k]
        best_cached = max(cached) if cached else 0
        for seq, idx, last in self._j.checkpoints_below(self.game_id, k):
            if idx <= best_cached:
                break
            if idx == 0 or self._stack[idx - 1] == last:
                try:
                    start, state = idx, state_from_dict(self._j.checkpoint_state(self.game_id, seq))
                except _DAMAGE as e:
                    raise damaged(self._j.path, e, f"game {self.game_id}, checkpoint {seq}") from None
                break
        if best_cached >= start:
            start, state = best_cached, self._states[best_cached]
        need = [s for s in self._stack[start:k] if s not in self._actions]
        if need:
            self._actions.update({s: action_from_dict(d) for s, d in self._j.actions(self.game_id, need).items()})
        for i in range(start, k):
            seq = self._stack[i]
            state = self._apply_journalled(state, self._actions[seq], seq).state
        self._states[k] = state
        return state

    # Commands ------------------------------------------------------------------------------------------------
    @staticmethod
    def prepare() -> None:
        """Import the command parser and the whole rules engine now. Opening a game needs neither (when it
        resumes from a checkpoint); the app calls this just after drawing the table, so that the first command
        does not wait for some 30 ms of imports."""
        import banker.commands  # noqa: F401
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

    def execute(self, line: str) -> Reply:
        """Parse, apply and journal one command line. Never raises on bad input: a refusal is a Reply."""
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
        old = (list(self._stack), list(self._redo), self._last_seq)
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
                    plan = self._plan(cmd, line)
                except RuleError as e:
                    prefix = "the game changed; reloaded: " if reloaded else ""
                    raise _Abort(Reply(False, prefix + str(e), error=e, changed=reloaded)) from None
                self._write(conn, plan)
                summaries = [plan.summary]
                for _ in range(steps - 1):  # `undo to` / `redo to`: ordinary undos or redos, one transaction
                    plan = self._plan(cmd, line)
                    self._write(conn, plan)
                    summaries.append(plan.summary)
                if steps > 1:
                    plan = replace(plan, summary=self._bulk_summary(cmd, summaries))
                self._recorded = True
        except _Abort as stop:
            if stop.reply.changed:  # another process's commands were read in before the refusal
                self._notify()
            return replace(stop.reply, line=line)
        except BaseException:
            # Nothing was committed: forget whatever the in-memory replay of this attempt did.
            self._stack, self._redo, self._last_seq = old
            self._states = {k: v for k, v in self._states.items() if k <= len(self._stack)}
            raise
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

    def _refuse_new(self) -> Reply:
        e = RuleError(
            "commands", "a game is already open; to start another, use banker's new-game screen or `banker new`"
        )
        return Reply(False, str(e), error=e)

    def _plan(self, cmd: Command, line: str) -> _Plan:
        from banker.commands import Control

        text = " ".join(line.strip().splitlines())  # the line as typed, kept on one line in the log
        if isinstance(cmd, Control):
            if cmd.kind == "undo":
                if not self._stack:
                    raise RuleError("undo", "nothing to undo")
                target = self._stack[-1]
                before = self._state_at(len(self._stack) - 1)
                summary = f"undo: {self._summary(target)}"
                return _Plan("undo", text, None, target, Outcome(before, summary), summary, before)
            if not self._redo:
                raise RuleError("redo", "nothing to redo")
            target = self._redo[-1]
            outcome = rules.apply(self.state, self._action(target))
            return _Plan("redo", text, None, target, outcome, f"redo: {outcome.summary}", outcome.state)
        outcome = rules.apply(self.state, cmd)
        return _Plan("action", text, cmd, None, outcome, outcome.summary, outcome.state)

    def _steps(self, cmd: Command) -> int:
        """How many undos or redos ``undo to N`` / ``redo to N`` stand for (1 for any other command); refused when
        entry N is not one they can reach."""
        from banker.commands import Control

        if not isinstance(cmd, Control) or cmd.to is None:
            return 1
        seq = cmd.to
        row = self._j.conn.execute(
            "SELECT kind, target FROM events WHERE game = ? AND seq = ?", (self.game_id, seq)
        ).fetchone()
        if row is None:
            raise RuleError(cmd.kind, f"there is no entry {seq} in this game's journal (`banker log` lists them)")
        kind, target = row
        if kind == "redo":  # a redo brought back action `target`: that action is the entry meant
            seq = int(target or 0)
        elif kind == "undo":
            raise RuleError(cmd.kind, f"entry {seq} is an undo; choose an action (or the redo that brought it back)")
        if cmd.kind == "undo":
            if seq not in self._stack:
                raise RuleError("undo", f"entry {seq} is taken back already; `redo to {seq}` brings it back")
            steps = len(self._stack) - self._stack.index(seq) - 1
            if steps == 0:
                raise RuleError("undo", f"nothing to undo: entry {seq} is the last action in effect")
            return steps
        if seq in self._stack:
            raise RuleError("redo", f"nothing to redo: entry {seq} is in effect")
        if seq not in self._redo:
            raise RuleError("redo", f"entry {seq} cannot be redone: a new action was recorded after it was undone")
        return len(self._redo) - self._redo.index(seq)

    @staticmethod
    def _bulk_summary(cmd: Command, summaries: list[str]) -> str:
        verb = "Took back" if cmd.kind == "undo" else "Redid"  # type: ignore[union-attr]
        where = (
            f"everything after entry {cmd.to}"
            if cmd.kind == "undo"  # type: ignore[union-attr]
            else f"everything up to entry {cmd.to}"
        )  # type: ignore[union-attr]
        said = "; ".join(x.removeprefix(f"{cmd.kind}: ") for x in summaries)  # type: ignore[union-attr]
        return f"{verb} {len(summaries)} actions, {where}: {said}"

    def undo_summary(self) -> str | None:
        """What ``undo`` would take back now, in words (None: nothing to undo)."""
        return self._summary(self._stack[-1]) if self._stack else None

    def _summary(self, seq: int) -> str:
        row = self._j.conn.execute(
            "SELECT summary FROM events WHERE game = ? AND seq = ?", (self.game_id, seq)
        ).fetchone()
        return row[0] if row else f"event {seq}"

    def _write(self, conn: Any, plan: _Plan) -> None:
        """Journal the plan inside the open transaction, then update memory (the commit follows at once; if it
        failed, :meth:`execute` restores the old stacks)."""
        seq = self._last_seq + 1
        was_over = self.state.over
        action_dict = action_to_dict(plan.action) if plan.action is not None else None
        self._j.add_event(conn, self.game_id, seq, plan.kind, plan.text, action_dict, plan.target, plan.summary)
        if plan.kind == "action":
            assert plan.action is not None
            self._push(seq, plan.action, plan.state)
            self._redo.clear()
        elif plan.kind == "undo":
            self._pop()
            self._redo.append(int(plan.target or 0))
        else:
            target = self._redo.pop()
            self._push(target, self._action(target), plan.state)
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
        if limit is None:
            rows = self._j.conn.execute(
                f"SELECT {_LOG_COLUMNS} FROM events WHERE game = ? ORDER BY seq", (self.game_id,)
            ).fetchall()
        else:
            rows = self._j.conn.execute(
                f"SELECT {_LOG_COLUMNS} FROM events WHERE game = ? ORDER BY seq DESC LIMIT ?", (self.game_id, limit)
            ).fetchall()[::-1]
        live = set(self._stack)
        return [
            LogEntry(seq, time, text, kind, summary, kind == "action" and seq not in live, target, verb or "")
            for seq, time, text, kind, summary, target, verb in rows
        ]

    def history(self) -> list[tuple[LogEntry, Outcome]]:
        """Every effective (not undone) action in order, with what it did (replayed from the start)."""
        entries = {e.seq: e for e in self.log()}
        need = [s for s in self._stack if s not in self._actions]
        if need:
            self._actions.update({s: action_from_dict(d) for s, d in self._j.actions(self.game_id, need).items()})
        out = []
        state = self._base
        for seq in self._stack:
            outcome = self._apply_journalled(state, self._actions[seq], seq)
            out.append((entries[seq], outcome))
            state = outcome.state
        return out

    def scores(self) -> list[dict[str, Any]]:
        """The journalled final standings (empty until the game is over)."""
        return self._j.scores(self.game_id)

    # Queries -------------------------------------------------------------------------------------------------
    def _answer(self, q: Query) -> Reply:
        try:
            message = answer(self.state, q)
        except RuleError as e:
            return Reply(False, str(e), error=e, query=True)
        return Reply(True, message, query=True)


_LOG_COLUMNS = "seq, time, text, kind, summary, target, json_extract(action, '$.verb')"


class _Abort(Exception):
    """Leaves the write transaction (rolling it back) with a reply for the caller."""

    def __init__(self, reply: Reply) -> None:
        super().__init__(reply.message)
        self.reply = reply
