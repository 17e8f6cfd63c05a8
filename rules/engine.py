"""Apply an action to a state: validate it against the rules, and return the new state or raise RuleError.

Handlers live in modules named for what they rule on (``rent.py``, ``buildings.py``, ...) and register here
with :func:`handles`. States are immutable, so a refused action cannot leave anything half-changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from rules.actions import POSITION_TYPES, Action, Deal, DealRandom, End, EndSideDeal, Next, SideDeal, Turn
from rules.deal_terms import lapse
from rules.errors import RuleError
from rules.i18n import N_, _
from rules.outcome import Outcome
from rules.state import GameState

A = TypeVar("A", bound=Action)
Handler = Callable[[GameState, A], Outcome]
_HANDLERS: dict[type[Action], Handler[Any]] = {}
_BEFORE_PLAY: list[Callable[[GameState], None]] = []
_LOADED = False
END_OF_GAME = N_("end of game")
ENGINE = N_("engine")

SETUP_ACTIONS = (Deal, DealRandom, Turn, Next, *POSITION_TYPES, SideDeal, EndSideDeal)
"""Actions that do not start play: the deal and the position taken over from the board stay open until something
else is recorded (docs/rulings.md, "Taking over a game"); a side deal about rent is no move either."""


def handles(kind: type[A]) -> Callable[[Handler[A]], Handler[A]]:
    """Register the function that applies actions of type ``kind``."""

    def register(fn: Handler[A]) -> Handler[A]:
        _HANDLERS[kind] = fn
        return fn

    return register


def before_play(check: Callable[[GameState], None]) -> Callable[[GameState], None]:
    """Register a check of a position taken over from the board, run when play begins (``rules.position``): it
    raises :class:`RuleError` when the position cannot stand. Registered as the handlers are, so the engine
    imports no rules module but the handlers' list."""
    _BEFORE_PLAY.append(check)
    return check


def apply(state: GameState, action: Action) -> Outcome:
    """Validate ``action`` against ``state`` and return what it does. Raises :class:`RuleError` when refused."""
    load_handlers()
    handler = _HANDLERS.get(type(action))
    if handler is None:
        said = _("the rules engine does not know how to {verb}")
        raise RuleError(ENGINE, said.format(verb=action.verb or type(action).__name__))
    if state.over and not isinstance(action, End):
        said = _("the game is over ({reason}); nothing more can be recorded")
        raise RuleError(END_OF_GAME, said.format(reason=state.end_said()))
    setup = isinstance(action, SETUP_ACTIONS)
    if state.taken_over and not state.started and not setup:
        # Play begins with this action: the position taken over line by line must now stand as a whole
        for check in _BEFORE_PLAY:
            check(state)
    outcome = handler(state, action)
    if outcome.state.side_deals:
        outcome = lapse(outcome)  # a side deal ends by the turn count or a GO salary (rules/deal_terms.py)
    if not outcome.state.started and not setup:
        outcome = replace(outcome, state=replace(outcome.state, started=True))
    return outcome


def load_handlers() -> None:
    """Import every handler module (once). :func:`apply` does it on first use; an app may do it ahead of time."""
    # A flag, not "any handler registered": importing one handler module (say rules.rent for quote()) must not
    # stop the others from loading.
    global _LOADED
    if _LOADED:
        return
    # Importing the modules registers their handlers. Kept here so that importing the engine stays cheap.
    from rules import handlers  # noqa: F401

    _LOADED = True
