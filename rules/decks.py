"""Chance and Community Chest as data: the two decks, the card styles (``rules/data/cards_<style>.toml``) and the
printed cards read from them, found by id or by the words printed on them.

Plain data with no handler: the state (a held Get Out of Jail Free card is named by its deck), the settings check
(the card styles) and the command language read it without loading the engine; ``rules.cards`` applies a drawn
card's money effect, ``rules.jail`` the Get Out of Jail Free cards.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from rules.board import normalise
from rules.data import read_text
from rules.errors import RuleError

CARD_RULE = 'seed 000, "CHANCE" and "COMMUNITY CHEST"'


class Deck(StrEnum):
    """The two card decks (seed 000, "CHANCE" and "COMMUNITY CHEST"); a Get Out of Jail Free card a player holds
    is named by its deck."""

    CHANCE = "chance"
    CHEST = "chest"


DECKS = tuple(Deck)
DECK_TITLES = {Deck.CHANCE: "Chance", Deck.CHEST: "Community Chest"}


def deck_key(name: str) -> Deck:
    """The deck ``name`` is: ``chance`` or ``chest``, as the command language writes it (it reads the synonyms)."""
    try:
        return Deck(name)
    except ValueError:
        raise RuleError(CARD_RULE, f'no deck called "{name}"; choose chance or chest') from None


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
    wanted = normalise(text)
    if not wanted:
        raise RuleError(CARD_RULE, "the card is missing: type its id or words printed on it")
    for c in cards:
        if normalise(c.id) == wanted:
            return c
    typed = re.findall(r"[0-9a-z]+", text.casefold().replace("'", ""))
    found = [
        c
        for c in cards
        if normalise(c.id).startswith(wanted) or all(any(w.startswith(t) for w in _card_words(c)) for t in typed)
    ]
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
