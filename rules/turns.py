"""Turn order and the end of the game by agreement or time.

Turns matter to the money only through the jail timer (seed 000, JAIL: "his next three turns"), so turn order never
blocks buying, rent, building or trades: the banker records whose turn it is (``turn``) or passes it on (``next``),
and each turn counts once in ``GameState.turn_no``.
"""

from __future__ import annotations

from dataclasses import replace

from rules.actions import End, EndReason, Next, Turn
from rules.bankruptcy import next_active
from rules.engine import handles
from rules.errors import RuleError, canonical
from rules.outcome import Outcome
from rules.state import GameState
from rules.valuation import winner

TURN_RULE = "seed 000, THE PLAY"
TIME_RULE = "seed 002, TIME LIMIT GAME"


@handles(Turn)
def turn(state: GameState, action: Turn) -> Outcome:
    """It is now ``player``'s turn (out of order too: the banker knows the table)."""
    index = state.player_index(action.player)
    player = state.players[index]
    if player.bankrupt:
        raise RuleError(TURN_RULE, f"{player.name} is bankrupt and out of the game")
    state = replace(state, turn=index, turn_no=state.turn_no + 1)
    return Outcome(state, f"{player.name}'s turn (turn {state.turn_no})")


@handles(Next)
def next_turn(state: GameState, action: Next) -> Outcome:
    """The turn passes to the left: the next player in order still in the game (seed 000, THE PLAY)."""
    index = next_active(state, state.turn)
    state = replace(state, turn=index, turn_no=state.turn_no + 1)
    return Outcome(state, f"{state.players[index].name}'s turn (turn {state.turn_no})")


@handles(End)
def end(state: GameState, action: End) -> Outcome:
    """End by agreement (any variant) or because the agreed time is up (time-limit game); the richest wins."""
    if state.over:
        raise RuleError("end of game", f"the game is already over ({state.end_reason})")
    reason = canonical(EndReason, action.reason, "end of game", "a reason to end")
    if reason is EndReason.TIME:
        if not state.variant.may_end_by_time:
            raise RuleError(TIME_RULE, f"{state.variant.title} has no time limit; end it by agreement instead")
        why = "time is up"
    else:
        why = "by agreement"
    state = replace(state, over=True, end_reason=why)
    won = winner(state)
    tail = f"{won} wins, the richest player" if won else "the richest players tie"
    return Outcome(state, f"The game ends ({why}): {tail}")
