"""Chance and Community Chest: the decks as data (``rules/data/cards_<style>.toml``) and their money effects.

The banker draws a real card and records it by id; the engine applies what the card does to the money (seed 000,
"CHANCE" and "COMMUNITY CHEST": the player "follows the instructions"). Movement is on the real board, so a
movement card changes no money by itself: the summary says what to record next (rent, buy, GO salary).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from rules.actions import Card
from rules.board import SquareKind, normalise
from rules.data import read_text
from rules.engine import handles
from rules.errors import RuleError
from rules.jail import DECK_TITLES, DECKS, JAIL_CARD_RULE, card_holder, deck_key, send_to_jail
from rules.money import check_cover, to_bank_or_pot, transfer
from rules.outcome import BANK, Outcome, Transfer, TransferKind
from rules.state import Deck, GameState

CARD_RULE = 'seed 000, "CHANCE" and "COMMUNITY CHEST"'
STYLES = ("classic", "2008")


class CardKind(StrEnum):
    """What a printed card does, as the card data files name it."""

    COLLECT = "collect"
    PAY = "pay"
    COLLECT_EACH = "collect_each"
    PAY_EACH = "pay_each"
    REPAIRS = "repairs"
    GO = "go"
    JAIL = "jail"
    JAIL_CARD = "jail_card"
    MOVE = "move"
    BACK = "back"
    NEAREST = "nearest"


@dataclass(frozen=True)
class CardDef:
    """One printed card. ``amount``: money (collect/pay/each) or spaces (back); ``house``/``hotel``: repairs;
    ``square``: where a move card goes; ``pass_go``: whether passing GO on the way pays; ``target``: nearest what."""

    deck: Deck
    id: str
    text: str
    kind: CardKind
    amount: int = 0
    house: int = 0
    hotel: int = 0
    square: int = -1
    pass_go: bool = False
    target: str = ""


class CardDataError(ValueError):
    """A card data file that does not describe a usable deck."""


def _style_key(style: str) -> str:
    key = normalise(style)
    if key not in STYLES:
        raise RuleError(CARD_RULE, f'no card style called "{style}"; choose {" or ".join(STYLES)}')
    return key


@cache
def _load(style: str) -> dict[str, tuple[CardDef, ...]]:
    text = read_text(f"cards_{style}.toml")
    data = tomllib.loads(text)
    decks: dict[str, tuple[CardDef, ...]] = {}
    for deck in DECKS:
        cards = []
        for raw in data.get(deck, ()):
            where = f"cards_{style}.toml {deck} {raw.get('id', '?')}"
            if raw.get("kind") not in frozenset(CardKind) or not raw.get("id") or not raw.get("text"):
                raise CardDataError(f"{where}: needs an id, a text and a known kind")
            for f in ("amount", "house", "hotel"):
                if raw.get(f, 0) < 0:
                    raise CardDataError(f"{where}: {f} cannot be negative")
            cards.append(CardDef(deck=deck, **{**raw, "kind": CardKind(raw["kind"])}))
        if len({c.id for c in cards}) != len(cards) or not 16 <= len(cards) <= 17:
            raise CardDataError(f"cards_{style}.toml: the {deck} deck needs 16 or 17 cards with distinct ids")
        decks[deck] = tuple(cards)
    return decks


def deck_cards(style: str, deck: str) -> tuple[CardDef, ...]:
    """The cards of one deck (``chance``/``chest``) in one style (``classic``/``2008``), in data order."""
    return _load(_style_key(style))[deck_key(deck)]


def find_card(style: str, deck: str, card_id: str) -> CardDef:
    """A card by id; hyphens, spaces and case do not matter. An unknown id lists the deck's ids."""
    cards = deck_cards(style, deck)
    wanted = normalise(card_id)
    for c in cards:
        if normalise(c.id) == wanted:
            return c
    ids = ", ".join(c.id for c in cards)
    raise RuleError(CARD_RULE, f'no {DECK_TITLES[cards[0].deck]} card "{card_id}"; the cards are: {ids}')


def _card_words(card: CardDef) -> list[str]:
    return re.findall(r"[0-9a-z]+", f"{card.id} {card.text}".casefold().replace("'", ""))


def resolve_card(style: str, deck: str, text: str) -> CardDef:
    """The card a banker means by ``text``: its id, a unique prefix of its id, or words printed on it
    (``chairman``, ``pay each player``, ``repairs``), since the players hold the card, not its id. Every typed
    word must begin a word of the card's text or id, and exactly one card of the deck may match. An unknown or
    ambiguous text lists the cards it could be (seed 000, "CHANCE" and "COMMUNITY CHEST": the card is followed
    as printed, so the printed words are the natural way to name it)."""
    cards = deck_cards(style, deck)
    if not normalise(text):
        raise RuleError(CARD_RULE, "the card is missing: type its id or words printed on it")
    found = _matching(cards, text)
    if len(found) == 1:
        return found[0]
    title = DECK_TITLES[cards[0].deck]
    if found:
        raise RuleError(
            CARD_RULE,
            f'"{text}" could be any of {len(found)} {title} cards: '
            + "; ".join(f'{c.id} ("{c.text if len(c.text) <= 40 else c.text[:39] + "…"}")' for c in found),
        )
    ids = ", ".join(c.id for c in cards)
    raise RuleError(CARD_RULE, f'no {title} card "{text}"; the cards are: {ids}')


def _matching(cards: tuple[CardDef, ...], text: str) -> list[CardDef]:
    """The cards ``text`` could mean: the one whose id it is, else every card whose id it begins or every typed
    word of which begins a word of the card."""
    wanted = normalise(text)
    for c in cards:
        if normalise(c.id) == wanted:
            return [c]
    typed = re.findall(r"[0-9a-z]+", text.casefold().replace("'", ""))
    return [
        c
        for c in cards
        if normalise(c.id).startswith(wanted) or all(any(w.startswith(t) for w in _card_words(c)) for t in typed)
    ]


def deck_of(style: str, text: str) -> Deck:
    """The deck of the card a banker names by ``text`` when the deck is not said: the one deck that has such a card
    (``street repairs`` and ``opera`` are Chance or Community Chest only by their words). Refused when neither deck
    or both decks have one (seed 000, "CHANCE" and "COMMUNITY CHEST": a card is drawn from one deck, so naming the
    deck settles it)."""
    if not normalise(text):
        raise RuleError(CARD_RULE, "the card is missing: type its id or words printed on it")
    found = [deck for deck in Deck if _matching(deck_cards(style, deck.value), text)]
    if len(found) == 1:
        return found[0]
    if found:
        raise RuleError(CARD_RULE, f'both decks have a card "{text}": say which, chance or chest')
    raise RuleError(CARD_RULE, f'no Chance or Community Chest card "{text}"')


def _nearest(state: GameState, target: str) -> str:
    kind = SquareKind.RAILROAD if target == "railroad" else SquareKind.UTILITY
    return " or ".join(sq.name for sq in state.board.squares if sq.kind is kind)


@handles(Card)
def card(state: GameState, action: Card) -> Outcome:
    """Apply a drawn card's money effect; all or nothing (a payment to several players is checked as a whole)."""
    index = state.player_index(action.player)
    player = state.players[index]
    if player.bankrupt:
        raise RuleError(CARD_RULE, f"{player.name} is bankrupt and out of the game")
    c = find_card(state.settings.cards, action.deck, action.card)
    money = state.money
    title = DECK_TITLES[c.deck]
    name = player.name
    head = f'{name} draws {title} "{c.text}"'
    what = f"for the {title} card"
    transfers: list[Transfer] = []
    if c.kind is CardKind.COLLECT:
        state, t = transfer(state, BANK, index, c.amount, TransferKind.CARD, rule=CARD_RULE)
        return Outcome(state, f"{head}: the bank pays {name} {money(c.amount)}", (t,))
    if c.kind is CardKind.PAY:
        # Card fines go where taxes go: the middle under the Free Parking house rule (docs/rulings.md).
        state, t = transfer(
            state, index, to_bank_or_pot(state), c.amount, TransferKind.CARD, rule=CARD_RULE, what=what, debt=True
        )
        return Outcome(state, f"{head}: {name} pays {money(c.amount)} to the {t.payee}", (t,))
    others = [i for i in state.active() if i != index]
    if c.kind is CardKind.PAY_EACH:
        total = c.amount * len(others)
        check_cover(
            state, index, total, CARD_RULE, f"({money(c.amount)} to each of {len(others)} players) {what}", debt=True
        )
        for i in others:
            state, t = transfer(state, index, i, c.amount, TransferKind.CARD, rule=CARD_RULE, what=what)
            transfers.append(t)
        return Outcome(
            state,
            f"{head}: {name} pays {money(c.amount)} to each other player ({money(total)} in all)",
            tuple(transfers),
        )
    if c.kind is CardKind.COLLECT_EACH:
        for i in others:
            state, t = transfer(
                state,
                i,
                index,
                c.amount,
                TransferKind.CARD,
                rule=CARD_RULE,
                what=f"to {name} for the {title} card",
                debt=True,
            )
            transfers.append(t)
        return Outcome(
            state,
            f"{head}: each other player pays {name} {money(c.amount)} ({money(c.amount * len(others))} in all)",
            tuple(transfers),
        )
    if c.kind is CardKind.REPAIRS:
        houses, hotels = state.houses_and_hotels(index)
        due = houses * c.house + hotels * c.hotel
        if not due:
            return Outcome(state, f"{head}: {name} has no buildings, nothing to pay")
        state, t = transfer(
            state, index, to_bank_or_pot(state), due, TransferKind.CARD, rule=CARD_RULE, what=what, debt=True
        )
        return Outcome(
            state,
            f"{head}: {name} pays {money(due)} to the {t.payee} ({houses} x {money(c.house)} "
            f"houses + {hotels} x {money(c.hotel)} hotels)",
            (t,),
        )
    if c.kind is CardKind.GO:
        # Advancing to GO lands exactly on it: the salary (double under that house rule); seed 000, "GO".
        salary = state.board.go_salary * (2 if state.settings.house_rules.double_go else 1)
        state, t = transfer(state, BANK, index, salary, TransferKind.SALARY, rule="seed 000, GO")
        return Outcome(state, f"{head}: {name} advances to GO and collects {money(salary)}", (t,))
    if c.kind is CardKind.JAIL:
        out = send_to_jail(state, index, f" ({title} card)")
        return Outcome(out.state, f"{head}: {out.summary}")
    if c.kind is CardKind.JAIL_CARD:
        holder = card_holder(state, c.deck)
        if holder is not None:
            raise RuleError(
                JAIL_CARD_RULE,
                f"{state.players[holder].name} already holds the {title} Get Out of "
                "Jail Free card; it is not in the deck",
            )
        state = state.with_player(index, jail_cards=(*player.jail_cards, c.deck))
        return Outcome(state, f"{head}: {name} keeps the card until used or sold")
    if c.kind is CardKind.MOVE:
        dest = state.board.squares[c.square].name
        tail = "; if you passed GO, record `go " + name + "`" if c.pass_go else " (no salary for passing GO)"
        return Outcome(state, f"{head}: move to {dest}; then record what happens there (buy, auction or rent){tail}")
    if c.kind is CardKind.BACK:
        return Outcome(state, f"{head}: move back {c.amount} spaces; then record what happens there")
    # nearest railroad / utility
    dest = _nearest(state, c.target)
    if c.target == "railroad":
        rent = f"if it is owned, record `rent {name} <railroad> card` (twice the rent)"
    else:
        rent = f"if it is owned, throw the dice and record `rent {name} <utility> dice <n> card` (ten times the throw)"
    return Outcome(
        state,
        f"{head}: move to the nearest {c.target} ({dest}); {rent}; if not, it may be bought; "
        f"if you passed GO, record `go {name}`",
    )
