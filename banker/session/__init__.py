"""A session: one open game on the journal. The one API the app, the CLI, exports and tests use.

``execute(line)`` parses a command, applies it through the rules engine and journals it in one transaction
before returning; a refused command writes nothing. The state is always derived from the journal (new game +
the effective actions), using checkpoints so a long game resumes by replaying only its tail.

Undo and redo are events too: an ``undo`` takes back the most recent effective action (any depth), ``redo``
reapplies the most recently undone one, and a new action clears the redo stack. The stacks and the states they
lead to are a :class:`banker.timeline.Timeline` (pure: no SQL); the session keeps the journal in step with it
(transactions, another process's commands, checkpoints), and every SQL statement is :class:`Journal`'s. Every
change goes through the session's :class:`~banker.session.recorder.Recorder` (its docstring is the crash-safety
contract: what one transaction holds, what another process sees, what a SIGKILL leaves); the records it hands out
are :mod:`banker.session.replies`'.

Summaries: the journal keeps each entry's summary in English, the language the messages are written in (a format,
as the action is: the same file reads the same in any language, and an older Banker shows it). What the session
hands out to be read, a reply, the log, the undo key's words, is in the reader's language (:mod:`rules.i18n`: the
banker's, or a phone's): a summary is said again from its action, on the state before it (:meth:`Session._said`),
once per entry and language.

Change notification: ``add_listener(callback)`` has ``callback(session)`` called each time this session's game
changed: after :meth:`Session.execute` committed a command (or reloaded another process's commands before
refusing one) and after a :meth:`Session.reload` that found something. The phone pages (:mod:`banker.web`) use
it; a listener runs before ``execute``/``reload`` returns, so it must be quick and must not raise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import rules
from banker.journal import (
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
from banker.session.replies import LogEntry, ReplayEntry, ReplayRefused, Reply
from banker.session.source import DAMAGE, JournalSource
from banker.timeline import Timeline, stacks_after
from rules import editions, i18n
from rules.codec import state_from_dict, state_to_dict
from rules.errors import RuleError
from rules.i18n import _, ngettext
from rules.state import GameState

if TYPE_CHECKING:
    from banker.commands import Query
    from banker.session.recorder import Recorder
    from rules.actions import Action
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
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # i18n-exempt: a programming error


@dataclass(frozen=True)
class _Replay:
    """A timeline replaying part of the game (:meth:`Session._retell`) and the journal entry it stands at."""

    line: Timeline
    mark: int


def _asked(said: str, journalled: str, names: list[str]) -> str:
    """``said`` (a summary in the reader's language) with the phone that asked it, when the journal's summary
    ends so (docs/storage.md: `` (asked from Bob's phone)``)."""
    from banker.session.recorder import asked_from, asked_from_said  # with the write path: Session._recorder says why

    for name in (*names, "a"):
        if journalled.endswith(f" {asked_from(name)}"):
            return f"{said} {asked_from_said(name)}"
    return said


EDITION_DATA = "edition_data"
"""The key of a game's settings (in the journal's ``games`` row) that holds an edition read from a file, whole."""

CHECKPOINT_EVERY = 100
"""A state snapshot every this many events (and when a session that recorded commands closes): resume replays
at most this many actions."""


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
                source = _("{path} (game {game})").format(path=journal.path, game=game_id)
                editions.register(own, source=source, journalled=True)
            settings = state_from_dict(
                {"settings": info.settings, "players": [], "deeds": [], "houses": 0, "hotels": 0, "bank": 0}
            ).settings
            # As it was set up: the names and settings were checked when the game started (check=False keeps a
            # game playable after the checks tighten; docs/rulings.md, "Player names").
            self._base = rules.new_game(list(info.names), settings, info.tokens, check=False)
        except (RuleError, *DAMAGE) as e:
            raise damaged(journal.path, e, _("the settings of game {game}").format(game=game_id)) from None
        self._source = JournalSource(journal, game_id)
        self._timeline = self._source.timeline(self._base)
        self._last_seq = 0
        self._recorded = False
        """This session journalled a command (so :meth:`close` saves a checkpoint)."""
        self._listeners: list[Callable[[Session], None]] = []
        self._told: dict[int, dict[int, str]] = {}
        """Each entry's summary said in a language other than English, by the language's catalogue (its id: the
        catalogues are made once a language, ``banker.language.translations``) and the entry (:meth:`_said`)."""
        self._catalogues: dict[int, object] = {}
        """The catalogues :attr:`_told` is keyed by, held so their ids stay theirs."""
        self.clock: Callable[[], datetime] = partial(datetime.now, UTC)
        """The time a time-limit game's deadline is compared with; the app hands in its own (tests inject one)."""
        try:
            self._resume()
        except DAMAGE as e:
            raise damaged(journal.path, e, _("a saved state of game {game}").format(game=game_id)) from None

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
            game_id, _row = journal.create_game(
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
                game_id, _row = journal.create_game(
                    _journalled_settings(state),
                    state.settings.variant,
                    state.settings.edition,
                    [p.name for p in state.players],
                    [p.token for p in state.players],
                    created,
                )
                session = cls(journal, game_id)
                session._recorder.replay_entries(entries)
                if final is not None and state_to_dict(session.state) != final:
                    raise ReplayRefused(
                        -1, _("every entry replays, but the game ends in another state than the file's")
                    )
            return session
        except BaseException:
            journal.close()
            raise

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
        self._recorder.checkpoint_tail()  # a method of its own: a test skips it, as a process killed before closing

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def db_path(self) -> Path:
        return self._j.path

    @cached_property
    def _recorder(self) -> Recorder:
        """The write path: every change of the game goes through it (its docstring is the crash-safety contract).
        Made, and its module imported, when the game is first changed or previewed, and the module when a log
        names a phone (:func:`_asked`, :meth:`preview`): opening a game and drawing its table write nothing, and
        importing it was a millisecond of the launch (tests/project/test_launch.py)."""
        from banker.session.recorder import Recorder

        return Recorder(self, self._j, self._timeline)

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
                into.record(ev.seq, self._source.action(ev))
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
            said = _("game {game} has entries 1 to {last}; there is no entry {seq}")
            raise LookupError(said.format(game=self.game_id, last=self._last_seq, seq=seq))
        timeline = self._source.timeline(self._base)
        # From the checkpoint nearest before the entry, not from entry 1 (issue 33: 6.7 s at 100,000 entries): its
        # stacks follow from the entries' kinds alone (no engine), and the engine replays at most the events since.
        start = self._j.checkpoint_at(self.game_id, seq)
        if start is not None:
            stack, undone = stacks_after(self._j.steps(self.game_id, start.seq))
            if start.idx == len(stack) and start.last == (stack[-1] if stack else 0):
                timeline.restore(stack, undone, start.idx, self._source.checkpoint_state(start.seq))
            else:  # a checkpoint that does not match the journal (edited by hand): the whole replay
                start = None
        self._replay(self._j.events(self.game_id, after=start.seq if start else 0, upto=seq), timeline)
        return timeline.state

    def _action(self, seq: int) -> Action:
        return self._timeline.action(seq)

    # Commands ------------------------------------------------------------------------------------------------
    @staticmethod
    def prepare() -> None:
        """Import the command parser, the whole rules engine, the write path (:attr:`_recorder`) and the answers to
        queries (:mod:`banker.views`) now. Opening a game needs none of them (when it resumes from a checkpoint), so
        the session imports them where they are used; the app calls this just after drawing the table, so that the
        first command does not wait for some 30 ms of imports (the views alone cost the first frame about 2.5 ms)."""
        import banker.commands  # noqa: F401
        import banker.session.recorder  # noqa: F401
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
                from banker.session.recorder import refuse_new  # with the write path: Session._recorder says why

                return refuse_new()
            plan = self._recorder.plan(cmd, line)
        except RuleError as e:
            return Reply(False, str(e), error=e)
        return Reply(True, plan.said, outcome=plan.outcome, changed=True)

    def execute(self, line: str, request: RequestRow | None = None, *, as_typed: str | None = None) -> Reply:
        """Parse, apply and journal one command line, in one transaction (:meth:`Recorder.execute
        <banker.session.recorder.Recorder.execute>`). Never raises on bad input: a refusal is a Reply.

        ``request``: the line is a phone's request (:meth:`requests`), recorded in the same transaction that marks
        it recorded, only if it is still pending then: a second accept (another screen, another process, a key
        pressed twice) is refused and writes nothing. The summary says whose phone asked.

        ``as_typed``: the text to journal instead of ``line`` (an imported game's ``undo to 7``, replayed as one
        ``undo`` per entry it wrote, keeps its own words in the log)."""
        return self._recorder.execute(line, request, as_typed=as_typed)

    def together(self, seqs: list[int]) -> None:
        """The actions ``seqs`` (just recorded, in order) are one step for this session's ``undo`` and ``redo``:
        the sales and mortgages that raised a payment, and the payment (issue 22: one ``u`` took back only the
        payment). Another process, or this one after relaunch, takes them back one by one, and ``undo`` says so."""
        self._recorder.together(seqs)

    @property
    def checkpoint_every(self) -> int:
        """:data:`CHECKPOINT_EVERY`, read at each write (a test sets it lower to cross many checkpoints)."""
        return CHECKPOINT_EVERY

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

    def latest_effects(self, count: int) -> list[tuple[int, str, Outcome]]:
        """The latest ``count`` actions in effect, oldest first, each as (its journal entry, its time, what it did):
        what a phone's request is compared with, so that one asking again for what is recorded is marked (issue 30).
        Each is applied again to the state before it, which the timeline holds for the latest entries."""
        stack = list(self._timeline.stack)
        first = max(0, len(stack) - count)
        after = stack[first] - 1 if first < len(stack) else self._last_seq
        times = {e.seq: e.time for e in self._j.events(self.game_id, after=after, with_actions=False)}
        return [
            (seq, times.get(seq, ""), self._source.apply(self._timeline.state_at(i), self._action(seq), seq))
            for i, seq in enumerate(stack[first:], start=first)
        ]

    def entry_summary(self, seq: int) -> str:
        """The summary of journal entry ``seq`` (a recorded request's), in the reader's language."""
        return self._said(seq)

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

    # Time-limit game (seed 002, TIME LIMIT GAME) -------------------------------------------------------------
    def deadline(self) -> datetime | None:
        """When this time-limit game ends (the agreed minutes after it started); None for other games."""
        return self.state.deadline(self.created)

    def time_is_up(self) -> bool:
        """A time-limit game still open at or after its deadline (the app records the end when it sees this)."""
        deadline = self.deadline()
        return deadline is not None and not self.state.over and self.clock() >= deadline

    def undo_summary(self) -> str | None:
        """What ``undo`` would take back now, in words (None: nothing to undo)."""
        if not self._timeline.can_undo:
            return None
        group = self._recorder.group("undo")
        last = self._said(self._timeline.stack[-1])
        if not group:
            return last
        said = ngettext(
            "{n} step: {summary}, with the sales and mortgages that raised it",
            "{n} steps: {summary}, with the sales and mortgages that raised it",
            len(group),
        )
        return said.format(n=len(group), summary=last)

    def _summary(self, seq: int) -> str:
        """Entry ``seq``'s summary as the journal keeps it (English)."""
        event = self._j.event(self.game_id, seq)
        return event.summary if event else _("event {seq}").format(seq=seq)

    # Summaries in the reader's language -------------------------------------------------------------------------
    def _said(self, seq: int) -> str:
        """Entry ``seq``'s summary in the reader's language: the journal's own in English; else said again (once
        for the entry and the language; the journal's words when the entry cannot be replayed)."""
        if i18n.in_source():
            return self._summary(seq)
        told = self._told_here()
        if seq not in told:
            self._retell(seq, seq)
        return told.get(seq) or self._summary(seq)

    def _tell(self, seq: int, said: str) -> None:
        """Entry ``seq`` (just written) says ``said`` in the reader's language: kept, so it is not said again."""
        if not i18n.in_source():
            self._told_here()[seq] = said

    def _forget_after(self, seq: int) -> None:
        """The entries after ``seq`` were not written after all (a transaction that did not commit): what they were
        told to say is forgotten, as the numbers will be another entry's."""
        for told in self._told.values():
            for later in [s for s in told if s > seq]:
                del told[later]

    def _told_here(self) -> dict[int, str]:
        """The summaries said so far in the reader's language (:attr:`_told`)."""
        catalogue = i18n.current()
        self._catalogues[id(catalogue)] = catalogue
        return self._told.setdefault(id(catalogue), {})

    def _retell(self, first: int, last: int) -> None:
        """Say entries ``first`` to ``last`` again in the reader's language: each action applied again to the game
        as it stood before it (replayed from the nearest checkpoint, as :meth:`state_after` does), an undo or a redo
        as the recorder says one, a phone's request as its journalled summary says (docs/storage.md). A journal
        that no longer replays keeps its English words (:meth:`_said`)."""
        told = self._told_here()
        try:
            timeline = self._timeline_before(first)
            events = self._j.events(self.game_id, after=timeline.mark, upto=last)
            names = [p.name for p in self._base.players]
            for ev in events:
                if ev.kind == "action":
                    action = self._source.action(ev)
                    outcome = self._source.apply(timeline.line.state, action, ev.seq)
                    timeline.line.record(ev.seq, action, outcome.state)
                    if ev.seq >= first:
                        told[ev.seq] = _asked(outcome.summary, ev.summary, names)
                elif ev.kind == "undo":
                    target = int(ev.target or 0)
                    if ev.seq >= first:
                        told[ev.seq] = _("undo: {summary}").format(summary=self._said_in(timeline.line, target, told))
                    timeline.line.undo(target)
                elif ev.kind == "redo":
                    target = timeline.line.undone[-1]
                    outcome = self._source.apply(timeline.line.state, timeline.line.action(target), target)
                    timeline.line.redo(outcome.state)
                    if ev.seq >= first:
                        told[ev.seq] = _("redo: {summary}").format(summary=outcome.summary)
        except (JournalError, *DAMAGE):
            return  # the journal's own words are shown (_said)

    def _said_in(self, line: Timeline, target: int, told: dict[int, str]) -> str:
        """The summary of ``target``, the last action in effect on ``line``, in the reader's language."""
        if target in told:
            return told[target]
        before = line.state_at(len(line.stack) - 1)
        outcome = self._source.apply(before, line.action(target), target)
        said = _asked(outcome.summary, self._summary(target), [p.name for p in self._base.players])
        told[target] = said
        return said

    def _timeline_before(self, seq: int) -> _Replay:
        """A timeline of the game as it stood just before entry ``seq``'s nearest checkpoint at or before it, and
        the entry it stands at (the events after it are replayed onto it)."""
        timeline = self._source.timeline(self._base)
        start = self._j.checkpoint_at(self.game_id, max(0, seq - 1))
        if start is not None:
            stack, undone = stacks_after(self._j.steps(self.game_id, start.seq))
            if start.idx == len(stack) and start.last == (stack[-1] if stack else 0):
                timeline.restore(stack, undone, start.idx, self._source.checkpoint_state(start.seq))
                return _Replay(timeline, start.seq)
        return _Replay(timeline, 0)

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
        """The journal, newest last; an action currently taken back is marked ``undone``. The rows and the undo
        history they are marked by are read in one read transaction: an entry another process writes meanwhile is
        in both or in neither (a fresh entry was shown "(undone)" when it was only in the rows: issue 30)."""
        if limit is not None and limit <= 0:
            return []
        with self._j.snapshot():
            rows = self._j.log(self.game_id, limit)
            newer = self._j.steps(self.game_id, None, after=self._last_seq)
        if newer:  # another process recorded since this session last read: its stacks as they are after those
            stack, undone = stacks_after(newer, self._timeline.stack, self._timeline.undone)
            live, redo = set(stack), set(undone)
        else:  # the stacks' newest ends only: a long game's whole stacks cost every key of the table's journal
            live, redo = self._timeline.newest(min((r.seq for r in rows), default=0))
        said = self._said_all([r.seq for r in rows])
        return [
            LogEntry(
                r.seq,
                r.time,
                r.text,
                r.kind,
                said.get(r.seq) or r.summary,
                undone=r.kind == "action" and r.seq not in live,
                target=r.target,
                verb=r.verb or "",
                redoable=r.kind == "action" and r.seq in redo,
            )
            for r in rows
        ]

    def _said_all(self, seqs: list[int]) -> dict[int, str]:
        """The summaries of entries ``seqs`` in the reader's language (none in English: the journal's are), those not
        said yet said in one replay."""
        if i18n.in_source() or not seqs:
            return {}
        told = self._told_here()
        missing = [s for s in seqs if s not in told and s <= self._last_seq]
        if missing:
            self._retell(min(missing), max(missing))
        return {s: told[s] for s in seqs if s in told}

    def events(self) -> Iterator[EventRow]:
        """Every journalled event with its action (JSON), oldest first, read as they are used: what a game file
        carries (:mod:`banker.reports.journal_file`)."""
        return self._j.iter_events(self.game_id)

    def history(self) -> list[tuple[LogEntry, Outcome]]:
        """Every effective (not undone) action in order, with what it did (replayed from the start)."""
        entries = {e.seq: e for e in self.log()}
        return [(entries[seq], outcome) for seq, outcome in self._timeline.outcomes()]

    def effective(self) -> Sequence[int]:
        """The seqs of the actions in effect, oldest first (a view: do not change it)."""
        return self._timeline.stack

    def outcomes(self, start: int = 0) -> Iterator[tuple[int, Outcome]]:
        """The actions in effect from the ``start``-th, each with what it did (replayed from the state before it:
        the cost is the actions since ``start``, for a chart kept up to date)."""
        return self._timeline.outcomes(start)

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
