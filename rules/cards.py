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
from rules.jail import JAIL_CARD_RULE, card_holder, send_to_jail
from rules.money import to_bank_or_pot, transfer
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
    return " or ".join(sq.name for sq in state.board.squares if sq.kind is kind)


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


@handles(Card)
def card(state: GameState, action: Card) -> Outcome:
    """Apply a drawn card's money effect; all or nothing (a payment to several players is checked as a whole)."""
    index = state.player_index(action.player)
    player = state.players[index]
    if player.bankrupt:
        raise RuleError(CARD_RULE, f"{player.name} is bankrupt and out of the game")
    c = find_card(state.settings.cards, action.deck, action.card, state.board)
    return EFFECTS[c.kind](state, index, c, f'{player.name} draws {DECK_TITLES[c.deck]} "{c.text}"')


def _what(c: CardDef) -> str:
    return f"for the {DECK_TITLES[c.deck]} card"


def _fine(state: GameState, index: int, amount: int, c: CardDef) -> tuple[GameState, Transfer]:
    # Card fines go where taxes go: the middle under the Free Parking house rule (docs/rulings.md).
    return transfer(
        state, index, to_bank_or_pot(state), amount, TransferKind.CARD, rule=CARD_RULE, what=_what(c), debt=True
    )


@effect(CardKind.COLLECT)
def _collect(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    state, t = transfer(state, BANK, index, c.amount, TransferKind.CARD, rule=CARD_RULE)
    return Outcome(state, f"{head}: the bank pays {state.players[index].name} {state.money(c.amount)}", (t,))


@effect(CardKind.PAY)
def _pay(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    state, t = _fine(state, index, c.amount, c)
    return Outcome(state, f"{head}: {state.players[index].name} pays {state.money(c.amount)} to the {t.payee}", (t,))


@effect(CardKind.FINE_OR_CHANCE)
def _fine_or_chance(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    """The UK Community Chest card "Pay a £10 fine or take a Chance" (cards_uk.toml), or the German Chance card that
    offers a Community Chest card instead (editions/de-dm.toml): the player chooses. Recorded, the card is the fine
    (where card fines go); a player who takes a card of the other deck instead has that card recorded, not this
    one, so the summary says how to change the choice."""
    state, t = _fine(state, index, c.amount, c)
    name = state.players[index].name
    other = next(d for d in DECK_TITLES if d is not c.deck)
    title = DECK_TITLES[other]
    take = "a Chance" if other is Deck.CHANCE else f"a {title} card"  # as the UK card says it: "or take a Chance"
    return Outcome(
        state,
        f"{head}: {name} pays the {state.money(c.amount)} fine to the {t.payee} (to take {take} instead: undo, "
        f"draw a {title} card and record `card {name} {other} <card>`)",
        (t,),
    )


@effect(CardKind.PAY_EACH)
def _pay_each(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    others = [i for i in state.active() if i != index]
    money = state.money
    what = f"({money(c.amount)} to each of {len(others)} players) {_what(c)}"
    state, transfers = pay_each(state, index, others, c.amount, kind=TransferKind.CARD, rule=CARD_RULE, what=what)
    return Outcome(
        state,
        f"{head}: {state.players[index].name} pays {money(c.amount)} to each other player "
        f"({money(c.amount * len(others))} in all)",
        transfers,
    )


@effect(CardKind.COLLECT_EACH)
def _collect_each(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    others = [i for i in state.active() if i != index]
    name = state.players[index].name
    what = f"to {name} {_what(c)}"
    state, transfers = collect_each(state, index, others, c.amount, kind=TransferKind.CARD, rule=CARD_RULE, what=what)
    money = state.money
    return Outcome(
        state,
        f"{head}: each other player pays {name} {money(c.amount)} ({money(c.amount * len(others))} in all)",
        transfers,
    )


@effect(CardKind.REPAIRS)
def _repairs(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    name = state.players[index].name
    houses, hotels = state.houses_and_hotels(index)
    due = houses * c.house + hotels * c.hotel
    if not due:
        return Outcome(state, f"{head}: {name} has no buildings, nothing to pay")
    state, t = _fine(state, index, due, c)
    money = state.money
    return Outcome(
        state,
        f"{head}: {name} pays {money(due)} to the {t.payee} ({houses} x {money(c.house)} "
        f"houses + {hotels} x {money(c.hotel)} hotels)",
        (t,),
    )


@effect(CardKind.GO)
def _go(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    # Advancing to GO lands exactly on it: the salary (double under that house rule); seed 000, "GO".
    state, t, _ = go_salary(state, index, exact=True)
    return Outcome(
        state, f"{head}: {state.players[index].name} advances to GO and collects {state.money(t.amount)}", (t,)
    )


@effect(CardKind.JAIL)
def _jail(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    out = send_to_jail(state, index, f" ({DECK_TITLES[c.deck]} card)")
    return Outcome(out.state, f"{head}: {out.summary}")


@effect(CardKind.JAIL_CARD)
def _jail_card(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    holder = card_holder(state, c.deck)
    if holder is not None:
        raise RuleError(
            JAIL_CARD_RULE,
            f"{state.players[holder].name} already holds the {DECK_TITLES[c.deck]} Get Out of "
            "Jail Free card; it is not in the deck",
        )
    player = state.players[index]
    state = state.with_player(index, jail_cards=(*player.jail_cards, c.deck))
    return Outcome(state, f"{head}: {player.name} keeps the card until used or sold")


@effect(CardKind.MOVE)
def _move(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    name = state.players[index].name
    dest = state.board.squares[c.square].name
    tail = "; if you passed GO, record `go " + name + "`" if c.pass_go else " (no salary for passing GO)"
    return Outcome(state, f"{head}: move to {dest}; then record what happens there (buy, auction or rent){tail}")


@effect(CardKind.BACK)
def _back(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    return Outcome(state, f"{head}: move back {c.amount} spaces; then record what happens there")


@effect(CardKind.NEAREST)
def _nearest_square(state: GameState, index: int, c: CardDef, head: str) -> Outcome:
    name = state.players[index].name
    dest = _nearest(state, c.target)
    kind = SquareKind.RAILROAD if c.target == "railroad" else SquareKind.UTILITY
    word = state.board.noun(kind)  # a station on the UK board (seed 003, appendix)
    if kind is SquareKind.RAILROAD:
        rent = f"if it is owned, record `rent {name} <{word}> card` (twice the rent)"
    else:
        rent = f"if it is owned, throw the dice and record `rent {name} <{word}> dice <n> card` (ten times the throw)"
    return Outcome(
        state,
        f"{head}: move to the nearest {word} ({dest}); {rent}; if not, it may be bought; "
        f"if you passed GO, record `go {name}`",
    )
