"""Turn order and the end of the game by agreement or time.

Turns matter to the money only through the jail timer (seed 000, JAIL: "his next three turns"), so turn order never
blocks buying, rent, building or trades: the banker records whose turn it is (``turn``) or passes it on (``next``),
and each turn counts once in ``GameState.turn_no``.
"""

from __future__ import annotations

from dataclasses import replace

from rules.actions import End, EndReason, Next, Turn
from rules.bankruptcy import next_active
from rules.engine import END_OF_GAME, handles
from rules.errors import RuleError, canonical
from rules.i18n import N_, _
from rules.outcome import Outcome
from rules.state import BY_AGREEMENT, TIME_IS_UP, GameState
from rules.valuation import winner

TURN_RULE = "seed 000, THE PLAY"
TIME_RULE = "seed 002, TIME LIMIT GAME"


@handles(Turn)
def turn(state: GameState, action: Turn) -> Outcome:
    """It is now ``player``'s turn (out of order too: the banker knows the table)."""
    index = state.player_index(action.player)
    player = state.players[index]
    if player.bankrupt:
        raise RuleError(TURN_RULE, _("{player} is bankrupt and out of the game").format(player=player.name))
    state = state.turn_passed(index)
    return Outcome(state, _("{player}'s turn (turn {turn})").format(player=player.name, turn=state.turn_no))


@handles(Next)
def next_turn(state: GameState, action: Next) -> Outcome:
    """The turn passes to the left: the next player in order still in the game (seed 000, THE PLAY)."""
    index = next_active(state, state.turn)
    state = state.turn_passed(index)
    said = _("{player}'s turn (turn {turn})")
    return Outcome(state, said.format(player=state.players[index].name, turn=state.turn_no))


@handles(End)
def end(state: GameState, action: End) -> Outcome:
    """End by agreement (any variant) or because the agreed time is up (time-limit game); the richest wins."""
    if state.over:
        raise RuleError(END_OF_GAME, _("the game is already over ({reason})").format(reason=state.end_said()))
    reason = canonical(EndReason, action.reason, END_OF_GAME, N_("a reason to end"))
    if reason is EndReason.TIME:
        if not state.variant.may_end_by_time:
            said = _("{variant} has no time limit; end it by agreement instead")
            raise RuleError(TIME_RULE, said.format(variant=_(state.variant.title)))
        why = TIME_IS_UP
    else:
        why = BY_AGREEMENT
    state = replace(state, over=True, end_reason=why)
    won = winner(state)
    if won:
        said = _("The game ends ({reason}): {player} wins, the richest player")
    else:
        said = _("The game ends ({reason}): the richest players tie")
    return Outcome(state, said.format(reason=_(why), player=won))
