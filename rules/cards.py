"""Chance and Community Chest: what the cards do to the money, one effect per card kind (:data:`EFFECTS`); the decks
themselves are data (:mod:`rules.decks`).

The banker draws a real card and records it by id; the engine applies what the card does to the money (seed 000,
"CHANCE" and "COMMUNITY CHEST": the player "follows the instructions"). Movement is on the real board, so a
movement card changes no money by itself: the summary says what to record next (rent, buy, GO salary).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.actions import Card
from rules.board import SquareKind
from rules.decks import (
    CARD_RULE,
    DECK_TITLES,
    CardDataError,
    CardDef,
    CardKind,
    check_decks,
    deck_cards,
    deck_of,
    default_deck,
    find_card,
    resolve_card,
)
from rules.engine import handles
from rules.errors import RuleError
from rules.i18n import N_, _
from rules.jail import JAIL_CARD_RULE, card_holder, send_to_jail
from rules.money import to_bank_or_pot, to_payee, transfer
from rules.outcome import BANK, Outcome, Transfer, TransferKind
from rules.payments import collect_each, go_salary, pay_each
from rules.state import GameState
from rules.words import Deck

__all__ = [
    "CARD_RULE",
    "EFFECTS",
    "CardDataError",
    "CardDef",
    "CardKind",
    "check_decks",
    "deck_cards",
    "deck_of",
    "default_deck",
    "find_card",
    "resolve_card",
]


def _nearest(state: GameState, target: str) -> str:
    kind = SquareKind.RAILROAD if target == "railroad" else SquareKind.UTILITY
    return _(" or ").join(sq.name for sq in state.board.squares if sq.kind is kind)


Effect = Callable[[GameState, int, CardDef, str], Outcome]
"""What a kind of card does: given the state, the drawer's index, the card and the summary's head (``Ann draws
Chance "..."``), the outcome."""

EFFECTS: dict[CardKind, Effect] = {}
"""One effect per card kind, shared by every deck that has cards of that kind; a kind without one fails the test
that loads every deck (tests/rules/test_cards.py)."""


def effect(kind: CardKind) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        EFFECTS[kind] = fn
        return fn

    return register


DRAWS = {Deck.CHANCE: N_('{player} draws Chance "{text}"'), Deck.CHEST: N_('{player} draws Community Chest "{text}"')}
"""What a draw says, one sentence a deck: German names the card, not the square (eine Ereigniskarte)."""


@handles(Card)
def card(state: GameState, action: Card) -> Outcome:
    """Apply a drawn card's money effect; all or nothing (a payment to several players is checked as a whole)."""
    index = state.player_index(action.player)
    player = state.players[index]
    if player.bankrupt:
        raise RuleError(CARD_RULE, _("{player} is bankrupt and out of the game").format(player=player.name))
    c = find_card(state.settings.cards, action.deck, action.card, state.board)
    # the card's text is printed on the card, in the deck's own language: quoted, never translated
    head = _(DRAWS[c.deck]).format(player=player.name, text=c.text)
    return EFFECTS[c.kind](state, index, c, head)


def _what(c: CardDef) -> str:
    return _("for the {deck} card").format(deck=_(DECK_TITLES[c.deck]))


def _fine(state: GameState, index: int, amount: int, c: CardDef) -> tuple[GameState, Transfer]:
    # Card fines go where taxes go: the middle under the Free Parking house rule (docs/rulings.md).
    return transfer(
        state, index, to_bank_or_pot(state), amount, TransferKind.CARD, rule=CARD_RULE, what=_what(c), debt=True
    )


@effect(CardKind.COLLECT)
def _collect(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    state, t = transfer(state, BANK, index, c.amount, TransferKind.CARD, rule=CARD_RULE)
    said = _("{head}: the bank pays {player} {amount}")
    return Outcome(state, said.format(head=head, player=state.players[index].name, amount=state.money(c.amount)), (t,))


@effect(CardKind.PAY)
def _pay(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    state, t = _fine(state, index, c.amount, c)
    said = _("{head}: {player} pays {amount} {to_payee}").format(
        head=head, player=state.players[index].name, amount=state.money(c.amount), to_payee=to_payee(t.payee)
    )
    return Outcome(state, said, (t,))


@effect(CardKind.FINE_OR_CHANCE)
def _fine_or_chance(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    """The UK Community Chest card "Pay a £10 fine or take a Chance" (cards_uk.toml), or the German Chance card that
    offers a Community Chest card instead (editions/de-dm.toml): the player chooses. Recorded, the card is the fine
    (where card fines go); a player who takes a card of the other deck instead has that card recorded, not this
    one, so the summary says how to change the choice."""
    state, t = _fine(state, index, c.amount, c)
    name = state.players[index].name
    other = next(d for d in DECK_TITLES if d is not c.deck)
    if other is Deck.CHANCE:  # as the UK card says it: "or take a Chance"
        said = _(
            "{head}: {player} pays the {amount} fine {to_payee} (to take a Chance instead: undo, draw a Chance card "
            "and record `card {player} {other} <card>`)"
        )
    else:
        said = _(
            "{head}: {player} pays the {amount} fine {to_payee} (to take a Community Chest card instead: undo, draw "
            "a Community Chest card and record `card {player} {other} <card>`)"
        )
    amount = state.money(c.amount)
    return Outcome(
        state, said.format(head=head, player=name, amount=amount, to_payee=to_payee(t.payee), other=other), (t,)
    )


@effect(CardKind.PAY_EACH)
def _pay_each(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    others = [i for i in state.active() if i != index]
    money = state.money
    what = _("({amount} to each of {count} players) for the {deck} card").format(
        amount=money(c.amount), count=len(others), deck=_(DECK_TITLES[c.deck])
    )
    state, transfers = pay_each(state, index, others, c.amount, kind=TransferKind.CARD, rule=CARD_RULE, what=what)
    said = _("{head}: {player} pays {amount} to each other player ({total} in all)")
    return Outcome(
        state,
        said.format(
            head=head, player=state.players[index].name, amount=money(c.amount), total=money(c.amount * len(others))
        ),
        transfers,
    )


@effect(CardKind.COLLECT_EACH)
def _collect_each(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    others = [i for i in state.active() if i != index]
    name = state.players[index].name
    what = _("to {player} for the {deck} card").format(player=name, deck=_(DECK_TITLES[c.deck]))
    state, transfers = collect_each(state, index, others, c.amount, kind=TransferKind.CARD, rule=CARD_RULE, what=what)
    money = state.money
    said = _("{head}: each other player pays {player} {amount} ({total} in all)")
    return Outcome(
        state,
        said.format(head=head, player=name, amount=money(c.amount), total=money(c.amount * len(others))),
        transfers,
    )


@effect(CardKind.REPAIRS)
def _repairs(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    name = state.players[index].name
    houses, hotels = state.houses_and_hotels(index)
    due = houses * c.house + hotels * c.hotel
    if not due:
        return Outcome(state, _("{head}: {player} has no buildings, nothing to pay").format(head=head, player=name))
    state, t = _fine(state, index, due, c)
    money = state.money
    said = _("{head}: {player} pays {amount} {to_payee} ({houses} x {house} houses + {hotels} x {hotel} hotels)")
    return Outcome(
        state,
        said.format(
            head=head,
            player=name,
            amount=money(due),
            to_payee=to_payee(t.payee),
            houses=houses,
            house=money(c.house),
            hotels=hotels,
            hotel=money(c.hotel),
        ),
        (t,),
    )


@effect(CardKind.GO)
def _go(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    # Advancing to GO lands exactly on it: the salary (double under that house rule); seed 000, "GO".
    state, t, _double = go_salary(state, index, exact=True)
    said = _("{head}: {player} advances to GO and collects {amount}")
    return Outcome(state, said.format(head=head, player=state.players[index].name, amount=state.money(t.amount)), (t,))


@effect(CardKind.JAIL)
def _jail(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    out = send_to_jail(state, index, c.deck)
    return Outcome(out.state, _("{head}: {said}").format(head=head, said=out.summary))


@effect(CardKind.JAIL_CARD)
def _jail_card(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    holder = card_holder(state, c.deck)
    if holder is not None:
        said = _("{player} already holds the {deck} Get Out of Jail Free card; it is not in the deck")
        raise RuleError(JAIL_CARD_RULE, said.format(player=state.players[holder].name, deck=_(DECK_TITLES[c.deck])))
    player = state.players[index]
    state = state.with_player(index, jail_cards=(*player.jail_cards, c.deck))
    return Outcome(state, _("{head}: {player} keeps the card until used or sold").format(head=head, player=player.name))


@effect(CardKind.MOVE)
def _move(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    name = state.players[index].name
    dest = state.board.squares[c.square].name
    if c.pass_go:
        said = _(
            "{head}: move to {square}; then record what happens there (buy, auction or rent); if you passed GO, "
            "record `go {player}`"
        )
    else:
        said = _(
            "{head}: move to {square}; then record what happens there (buy, auction or rent) (no salary for passing GO)"
        )
    return Outcome(state, said.format(head=head, square=dest, player=name))


@effect(CardKind.BACK)
def _back(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    said = _("{head}: move back {spaces} spaces; then record what happens there")
    return Outcome(state, said.format(head=head, spaces=c.amount))


@effect(CardKind.NEAREST)
def _nearest_square(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    name = state.players[index].name
    dest = _nearest(state, c.target)
    kind = SquareKind.RAILROAD if c.target == "railroad" else SquareKind.UTILITY
    word = state.board.noun(kind)  # a station on the UK board (seed 003, appendix)
    said = _NEAREST.get(word, _NEAREST_OTHER[kind])
    return Outcome(state, _(said).format(head=head, squares=dest, player=name, noun=word))


_NEAREST = {
    "railroad": N_(
        "{head}: move to the nearest railroad ({squares}); if it is owned, record `rent {player} <railroad> card` "
        "(twice the rent); if not, it may be bought; if you passed GO, record `go {player}`"
    ),
    "station": N_(
        "{head}: move to the nearest station ({squares}); if it is owned, record `rent {player} <station> card` "
        "(twice the rent); if not, it may be bought; if you passed GO, record `go {player}`"
    ),
    "utility": N_(
        "{head}: move to the nearest utility ({squares}); if it is owned, throw the dice and record `rent {player} "
        "<utility> dice <n> card` (ten times the throw); if not, it may be bought; if you passed GO, record `go "
        "{player}`"
    ),
}
"""What a "nearest" card says, by what the board calls the square (a station on the UK board)."""
_NEAREST_OTHER = {
    SquareKind.RAILROAD: N_(
        "{head}: move to the nearest {noun} ({squares}); if it is owned, record `rent {player} <{noun}> card` "
        "(twice the rent); if not, it may be bought; if you passed GO, record `go {player}`"
    ),
    SquareKind.UTILITY: N_(
        "{head}: move to the nearest {noun} ({squares}); if it is owned, throw the dice and record `rent {player} "
        "<{noun}> dice <n> card` (ten times the throw); if not, it may be bought; if you passed GO, record `go "
        "{player}`"
    ),
}
"""The same on a family's own board, which names its railroads and utilities in its own words."""
