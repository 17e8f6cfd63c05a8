"""Jail: being sent there, the timer of turns spent there, and the ways out (seed 000, JAIL; seed 003, SHORT GAME).

The timer counts the player's own turns (``GameState.turn_no`` moves on with every ``turn``/``next``), so the
banker records what happened on each of the jailed player's turns: a failed roll (``miss``), doubles, the fine or a
Get Out of Jail Free card. One roll per turn is allowed; the fine falls due by itself when the rule book says so.
"""

from __future__ import annotations

from dataclasses import replace

from rules.actions import JailAction, JailWay
from rules.decks import DECK_TITLES as DECK_TITLES  # the decks' names live with the decks; read here too
from rules.decks import DECKS as DECKS
from rules.decks import deck_key as deck_key
from rules.engine import handles
from rules.errors import RuleError, canonical
from rules.i18n import N_, _
from rules.money import to_bank_or_pot, to_payee, transfer
from rules.outcome import Outcome, Transfer, TransferKind
from rules.state import GameState, Jail
from rules.words import Deck

JAIL_RULE = "seed 000, JAIL"
NEXT_TURN_RULE = "seed 003, SHORT GAME rule 3"
JAIL_CARD_RULE = 'seed 000, "CHANCE" and "COMMUNITY CHEST"'
TURNS_IN_JAIL = 3  # seed 000, JAIL: "throwing doubles on any of his next three turns"


def card_holder(state: GameState, deck: str) -> int | None:
    """Who holds the deck's Get Out of Jail Free card (it is out of the deck while held), or None."""
    for i, p in enumerate(state.players):
        if deck in p.jail_cards:
            return i
    return None


def send_to_jail(state: GameState, index: int, card: Deck | None = None) -> Outcome:
    """Put a player in jail: no GO salary, and their turn ends (seed 000, JAIL). Refused when already there.
    ``card``: the deck of the card that sent them."""
    player = state.players[index]
    if player.bankrupt:
        raise RuleError(JAIL_RULE, _("{player} is bankrupt and out of the game").format(player=player.name))
    if player.jail is not None:
        raise RuleError(JAIL_RULE, _("{player} is already in jail").format(player=player.name))
    state = state.with_player(index, jail=Jail(since_turn=state.turn_no))
    if card is None:
        said = _("{player} goes to jail: no salary, the turn ends (record `next`)")
    else:
        said = _("{player} goes to jail ({deck} card): no salary, the turn ends (record `next`)")
    deck = _(DECK_TITLES[card]) if card is not None else ""
    return Outcome(state, said.format(player=player.name, deck=deck))


def jail_turn(state: GameState, index: int) -> int:
    """Which of their turns in jail the player is on now (1-based); counts the failed rolls so far."""
    jail = state.players[index].jail
    assert jail is not None
    rolled_now = jail.last_turn == state.turn_no
    return jail.failed + (0 if rolled_now else 1)


def roll_unrecorded(state: GameState, index: int) -> bool:
    """The player is in jail on a turn of theirs that counts (not the turn they were sent) and nothing of it is
    recorded: no failed roll, and still in jail (doubles, the fine or a card would have freed them). Seed 000, JAIL:
    the player tries on each of his next three turns, and only recorded misses move the timer on, so a turn passed
    without one keeps the player in jail with no fine ever falling due (docs/rulings.md: the app reminds the
    banker; ``next`` itself is not refused)."""
    jail = state.players[index].jail
    return jail is not None and state.turn_no > jail.since_turn and jail.last_turn != state.turn_no


def jail_status(state: GameState, index: int, *, short: bool = False) -> str:
    """A few words for the screen: "" when free, "in jail, turn 2 of 3", or "in jail, must leave this turn";
    ``short``: where the room is narrow, "jail 2/3", "jail: leave now" (each a message of its own, as a language
    shortens it)."""
    jail = state.players[index].jail
    if jail is None:
        return ""
    if state.variant.leaves_jail_next_turn:
        if state.turn_no > jail.since_turn:
            return _("jail: leave now") if short else _("in jail, must leave this turn")
        return _("jail: leaves next turn") if short else _("in jail, leaves next turn")
    if state.turn_no <= jail.since_turn:
        return _("jail: just sent") if short else _("in jail, just sent")
    said = _("jail {turn}/{turns}") if short else _("in jail, turn {turn} of {turns}")
    return said.format(turn=min(jail_turn(state, index), TURNS_IN_JAIL), turns=TURNS_IN_JAIL)


def _free(state: GameState, index: int) -> GameState:
    return state.with_player(index, jail=None)


def _pay_fine(state: GameState, index: int, rule: str, forced: bool = False) -> tuple[GameState, Transfer]:
    """The fine, paid by choice before rolling, or ``forced`` after the last failed roll (then a debt to the
    bank: seed 000, JAIL "he must pay the $50 fine")."""
    return transfer(
        state,
        index,
        to_bank_or_pot(state),
        state.board.jail_fine,
        TransferKind.FINE,
        rule=rule,
        what=_("for the jail fine"),
        debt=forced,
    )


@handles(JailAction)
def jail(state: GameState, action: JailAction) -> Outcome:
    """Record what happened to a player and jail; see the module docstring for the timer."""
    index = state.player_index(action.player)
    player = state.players[index]
    how = canonical(JailWay, action.how, JAIL_RULE, N_("a way in or out of jail"))
    if how is JailWay.SEND:
        return send_to_jail(state, index)
    if player.jail is None:
        raise RuleError(JAIL_RULE, _("{player} is not in jail").format(player=player.name))
    if state.turn != index:
        raise RuleError(
            JAIL_RULE,
            _("it is {turn}'s turn, not {player}'s: record `turn {player}` first").format(
                turn=state.players[state.turn].name, player=player.name
            ),
        )
    jail_ = player.jail
    if state.turn_no <= jail_.since_turn:
        said = _("{player} was sent to jail this turn; the way out starts on the next turn")
        raise RuleError(JAIL_RULE, said.format(player=player.name))
    next_turn = state.variant.leaves_jail_next_turn
    rule = NEXT_TURN_RULE if next_turn else JAIL_RULE
    money = state.money
    rolled = jail_.last_turn == state.turn_no
    if rolled:
        # One roll per turn; after a failed roll the player stays (a forced fine was already charged by that roll).
        said = _("{player} has already rolled for doubles this turn; try again next turn")
        raise RuleError(rule, said.format(player=player.name))
    if how is JailWay.DOUBLES:
        said = _("{player} throws doubles and leaves jail free, moving by that throw (no second throw)")
        return Outcome(_free(state, index), said.format(player=player.name))
    if how is JailWay.FINE:
        state2, t = _pay_fine(state, index, rule)
        said = _("{player} pays the {amount} fine {to_payee} and leaves jail before rolling")
        return Outcome(
            _free(state2, index),
            said.format(player=player.name, amount=money(t.amount), to_payee=to_payee(t.payee)),
            (t,),
        )
    if how is JailWay.CARD:
        held = player.jail_cards
        if not held:
            raise RuleError(JAIL_CARD_RULE, _("{player} holds no Get Out of Jail Free card").format(player=player.name))
        if action.deck:
            deck = deck_key(action.deck)
            if deck not in held:
                said = _("{player} holds no {deck} Get Out of Jail Free card")
                raise RuleError(JAIL_CARD_RULE, said.format(player=player.name, deck=_(DECK_TITLES[deck])))
        else:
            deck = held[0]
        cards = list(held)
        cards.remove(deck)
        state2 = state.with_player(index, jail=None, jail_cards=tuple(cards))
        said = _(
            "{player} uses the {deck} Get Out of Jail Free card, which goes back to the bottom of its deck, and leaves "
            "jail"
        )
        return Outcome(state2, said.format(player=player.name, deck=_(DECK_TITLES[deck])))
    # A failed roll.
    failed = jail_.failed + 1
    if next_turn or failed >= TURNS_IN_JAIL:
        # seed 000, JAIL: "If the player does not throw doubles by his third turn he must pay the $50 fine";
        # seed 003, SHORT GAME rule 3: may roll and, failing, pay $50 on the same turn.
        state2, t = _pay_fine(state, index, rule, forced=True)
        said = _("{player} fails to throw doubles, pays the {amount} fine and leaves jail, moving by that throw")
        return Outcome(_free(state2, index), said.format(player=player.name, amount=money(t.amount)), (t,))
    state2 = state.with_player(index, jail=replace(jail_, failed=failed, last_turn=state.turn_no))
    said = _("{player} fails to throw doubles and stays in jail (failed roll {failed} of {turns})")
    return Outcome(state2, said.format(player=player.name, failed=failed, turns=TURNS_IN_JAIL))
