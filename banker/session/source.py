"""The journal as a game's :class:`~banker.timeline.Timeline` reads it: the engine to replay with, the actions it
does not hold, the checkpoints to start from. The timeline is pure (no SQL); a row Banker did not write (edited by
hand, damaged) or an action that no longer replays is said here as the journal's fault, naming the entry."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

import rules
from banker.journal import EventRow, Journal, JournalError, damaged
from banker.timeline import Timeline
from rules.codec import action_from_dict, state_from_dict
from rules.errors import RuleError
from rules.i18n import _
from rules.state import GameState

if TYPE_CHECKING:
    from rules.actions import Action
    from rules.outcome import Outcome  # imported with the engine (prepare): opening a game needs no outcome

DAMAGE = (KeyError, TypeError, ValueError, AttributeError, IndexError)
"""What decoding a journalled row that Banker did not write (edited by hand, damaged) can raise."""


class JournalSource:
    """One game's journal as its timelines' source (the session's own, and those :meth:`banker.session.Session.
    state_after` replays into)."""

    def __init__(self, journal: Journal, game_id: int) -> None:
        self._j = journal
        self.game_id = game_id

    def timeline(self, base: GameState) -> Timeline:
        """A timeline of the game set up as ``base``, reading what it lacks from the journal."""
        return Timeline(base, self.apply, self.load_actions, self.snapshots)

    def apply(self, state: GameState, action: Action, seq: int) -> Outcome:
        """The timeline's ``apply``: the rules engine, with a journalled action that no longer replays (or was
        edited by hand) reported as the journal's fault."""
        try:
            return rules.apply(state, action)
        except RuleError as e:
            raise JournalError(
                _("{path}: game {game}: journalled event {seq} ({verb}) no longer replays: {refusal}").format(
                    path=self._j.path, game=self.game_id, seq=seq, verb=action.verb, refusal=e
                )
            ) from None
        except DAMAGE as e:  # fields of the wrong type: only a journal edited by hand holds such an action
            what = _("game {game}, journalled event {seq} ({verb})").format(
                game=self.game_id, seq=seq, verb=action.verb
            )
            raise damaged(self._j.path, e, what) from None

    def load_actions(self, seqs: list[int]) -> dict[int, Action]:
        """The timeline's ``load_actions``: journalled actions it does not hold (a game resumed from a checkpoint)."""
        return {s: action_from_dict(d) for s, d in self._j.actions(self.game_id, seqs).items()}

    def snapshots(self, k: int) -> Iterator[tuple[int, int, Callable[[], GameState]]]:
        """The timeline's ``snapshots``: the checkpoints with at most ``k`` effective actions, best first."""
        for mark in self._j.checkpoints_below(self.game_id, k):
            yield mark.idx, mark.last, partial(self.checkpoint_state, mark.seq)

    def checkpoint_state(self, seq: int) -> GameState:
        """The state checkpoint ``seq`` holds."""
        return self.state(self._j.checkpoint_state(self.game_id, seq), _("checkpoint {seq}").format(seq=seq))

    def state(self, data: dict[str, Any], what: str) -> GameState:
        """A journalled state (``rules.codec``'s dict); ``what``: which, for the error."""
        try:
            return state_from_dict(data)
        except DAMAGE as e:
            raise damaged(self._j.path, e, _("game {game}, {what}").format(game=self.game_id, what=what)) from None

    def action(self, event: EventRow) -> Action:
        """The action an event journalled."""
        try:
            return action_from_dict(event.action or {})
        except DAMAGE as e:
            what = _("game {game}, journalled event {seq}").format(game=self.game_id, seq=event.seq)
            raise damaged(self._j.path, e, what) from None
