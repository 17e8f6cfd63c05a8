"""Chance and Community Chest as data: the decks (``rules/data/cards_<name>.toml``, or an edition file's own
``[[chance]]``/``[[chest]]``), validated on load, and finding a card by its id or its printed words.

Apart from :mod:`rules.cards` (the cards' effects) so that loading an edition, which checks its decks, loads no
action handlers. An edition names the decks it is played with (:attr:`rules.board.Board.decks`); the effect kinds
are shared by every deck.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache
from typing import Any

from rules.board import Board, normalise
from rules.board import default_deck as default_deck  # the first deck an edition names: the board's to say
from rules.data import HERE, read_text
from rules.errors import RuleError
from rules.fields import Choice, Field, FieldError, Switch, Text, Whole, read, unknown
from rules.i18n import N_, _
from rules.names import shown
from rules.words import MAX_AMOUNT, Deck

CARD_RULE = 'seed 000, "CHANCE" and "COMMUNITY CHEST"'
DECKS = tuple(Deck)
DECK_TITLES = {Deck.CHANCE: N_("Chance"), Deck.CHEST: N_("Community Chest")}
"""The decks' names, in the language of the messages (translated where shown: ``_(DECK_TITLES[deck])``)."""


def deck_key(name: str) -> Deck:
    """The deck ``name`` is: ``chance`` or ``chest``, as the command language writes it (it reads the synonyms)."""
    try:
        return Deck(name)
    except ValueError:
        raise RuleError(CARD_RULE, _('no deck called "{name}"; choose chance or chest').format(name=name)) from None


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
    FINE_OR_CHANCE = "fine_or_chance"


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


CARD_KEYS: dict[str, Field] = {
    "id": Text(40, N_("a card's id")),
    "text": Text(300, N_("a card's text")),
    "kind": Choice(tuple(CardKind)),
    "amount": Whole(0, MAX_AMOUNT, default=0, what=N_("money (spaces, for `back`)")),
    "house": Whole(0, MAX_AMOUNT, default=0, what=N_("money a house (`repairs`)")),
    "hotel": Whole(0, MAX_AMOUNT, default=0, what=N_("money a hotel (`repairs`)")),
    "square": Whole(0, 39, default=-1, what=N_("the square a `move` card goes to")),
    "pass_go": Switch(default=False),
    "target": Choice(("railroad", "utility"), default=""),
}
"""The keys of a card (``[[chance]]``, ``[[chest]]``), each with its kind and limits: money (``amount``, and the
repairs' ``house`` and ``hotel``) to :data:`rules.words.MAX_AMOUNT`, a move's square on the board, a nearest
card's target. The fields of :class:`CardDef`."""


def _parse_deck(
    data: dict[str, Any], source: str, board: Board | None = None, journalled: bool = False
) -> dict[Deck, tuple[CardDef, ...]]:
    """Both decks of a deck file (or of an edition file's own ``[[chance]]``/``[[chest]]``), validated: each card
    an id, a text and a known kind, its figures as :data:`CARD_KEYS` bounds them, a move's square on the board."""
    decks: dict[Deck, tuple[CardDef, ...]] = {}
    for deck in DECKS:
        cards = []
        raw_cards = data.get(deck, ())
        if not isinstance(raw_cards, list) or not all(isinstance(raw, dict) for raw in raw_cards):
            raise CardDataError(f"{source}: {deck}: " + _("must be [[{deck}]] tables").format(deck=deck))
        for n, raw in enumerate(raw_cards):
            where = f"{source}: {deck} {shown(str(raw.get('id', n)), 40)}"
            unknown_key = unknown(CARD_KEYS, raw)
            if unknown_key is not None:
                known = ", ".join(sorted(CARD_KEYS))
                said = _("not a card field; the fields are {known}").format(known=known)
                raise CardDataError(f"{where}: {shown(unknown_key, 40)}: {said}")
            try:
                values = {key: read(CARD_KEYS, raw, key, journalled) for key in CARD_KEYS}
            except FieldError as e:
                raise CardDataError(f"{where}: {e}") from None
            card = CardDef(deck=deck, **{**values, "kind": CardKind(values["kind"])})
            if card.kind is CardKind.MOVE and card.square < 0:
                said = _("a move card names the square it goes to (0 to 39)")
                raise CardDataError(f"{where}: square: {said}")  # i18n-exempt: a place in the file, named by its keys
            if card.kind is CardKind.NEAREST and not card.target:
                said = _('must be "railroad" or "utility" (it is missing)')
                raise CardDataError(f"{where}: target: {said}")  # i18n-exempt: a place in the file, named by its keys
            cards.append(card)
        if len({normalise(c.id) for c in cards}) != len(cards) or not 16 <= len(cards) <= 17:
            said = _("the deck needs 16 or 17 cards with distinct ids, not {count}").format(count=len(cards))
            raise CardDataError(f"{source}: {deck}: {said}")
        decks[deck] = tuple(cards)
    return decks


def _deck_file(style: str) -> str:
    """The shared deck file ``style`` names, ``cards_<style>.toml``; :class:`CardDataError` when there is none."""
    source = f"cards_{style}.toml"
    if not style.replace("-", "").isalnum() or not (HERE / source).is_file():
        said = _("no card deck called {name} (no rules/data/{file})")
        raise CardDataError(said.format(name=repr(shown(style)), file=shown(source)))
    return source


@cache
def _load_file(style: str) -> tuple[dict[Deck, tuple[CardDef, ...]], str]:
    """A shared deck file's decks and the currency sign its texts are written in (``currency``, default ``$``)."""
    source = _deck_file(style)
    data = tomllib.loads(read_text(source))
    return _parse_deck(data, source), str(data.get("currency", "$"))


def _in_money(cards: tuple[CardDef, ...], sign: str, board: Board) -> tuple[CardDef, ...]:
    """A shared deck's texts with their amounts in the edition's money: a deck written in dollars, played on a
    board in euros, says "Collect 200 €" (the figures are the same; only the sign and the separator differ)."""
    if sign == board.currency and not board.currency_after and board.thousands == ",":
        return cards
    amount = re.compile(rf"{re.escape(sign)}(\d{{1,3}}(?:,\d{{3}})+|\d+)")

    def money(m: re.Match[str]) -> str:
        return board.money(int(m.group(1).replace(",", "")))

    return tuple(replace(c, text=amount.sub(money, c.text)) for c in cards)


_in_edition: dict[tuple[str, str, int], dict[Deck, tuple[CardDef, ...]]] = {}


_own: dict[tuple[str, int], dict[Deck, tuple[CardDef, ...]]] = {}
"""The decks edition files carry themselves, by (edition key, id of its board)."""


def check_decks(board: Board, data: dict[str, Any], journalled: bool = False) -> None:
    """Validate an edition's decks: its own (``[[chance]]``/``[[chest]]``, named after the edition), and that each
    shared one it names is there; raises :class:`CardDataError` naming the file and the key. A shared deck's cards
    (a file shipped with Banker, every card of which its tests check) are read and validated when first dealt, not
    with each edition that names them: opening a US game read both of its decks, 1.5 ms of every launch."""
    if "chance" in data or "chest" in data:
        _own[board.edition, id(board)] = _parse_deck(data, board.source, journalled=journalled)
    for style in board.decks:
        if style == board.edition and (board.edition, id(board)) in _own:
            continue
        try:
            _deck_file(style)
        except CardDataError as e:
            # i18n-exempt: a place in the file, named by its keys
            raise CardDataError(f"{board.source}: decks: {e}") from None


def own_decks(board: Board) -> dict[Deck, tuple[CardDef, ...]] | None:
    """The decks ``board``'s edition carries (its ``[[chance]]``/``[[chest]]``, read by :func:`check_decks`), or
    None: it is played with shared ones."""
    return _own.get((board.edition, id(board)))


def keep_own(board: Board, decks: dict[Deck, tuple[CardDef, ...]]) -> None:
    """Hold ``decks`` as the ones ``board``'s edition carries: a board an earlier launch read, with its decks
    (:func:`rules.editions._read_built_in`), is dealt from them as the one read now would be."""
    _own[board.edition, id(board)] = decks


def deck_cards(style: str, deck: str, board: Board) -> tuple[CardDef, ...]:
    """The cards of one deck (``chance``/``chest``) of one of the ``board``'s decks (``classic``, ``2008``, ``uk``, or
    the edition's own), in data order. The board is handed in (a game's ``state.board``): the decks do not look
    editions up, the editions check their decks."""
    key = normalise(style)
    if key not in map(normalise, board.decks):
        said = _('no card style called "{style}" in the {edition} edition; choose {styles}')
        raise RuleError(
            CARD_RULE, said.format(style=shown(style), edition=_(board.title), styles=_(" or ").join(board.decks))
        )
    own = _own.get((board.edition, id(board)))
    if own is not None and key == normalise(board.edition):
        return own[deck_key(deck)]
    style = next(s for s in board.decks if normalise(s) == key)
    cached = _in_edition.get((style, board.edition, id(board)))
    if cached is None:
        decks, sign = _load_file(style)
        cached = {d: _in_money(cards, sign, board) for d, cards in decks.items()}
        _in_edition[style, board.edition, id(board)] = cached
    return cached[deck_key(deck)]


def find_card(style: str, deck: str, card_id: str, board: Board) -> CardDef:
    """A card by id; hyphens, spaces and case do not matter. An unknown id lists the deck's ids."""
    cards = deck_cards(style, deck, board)
    wanted = normalise(card_id)
    for c in cards:
        if normalise(c.id) == wanted:
            return c
    ids = ", ".join(c.id for c in cards)
    said = _('no {deck} card "{card}"; the cards are: {ids}')
    raise RuleError(CARD_RULE, said.format(deck=_(DECK_TITLES[cards[0].deck]), card=card_id, ids=ids))


def _card_words(card: CardDef) -> list[str]:
    return re.findall(r"[0-9a-z]+", f"{card.id} {card.text}".casefold().replace("'", ""))


def _printed(card: CardDef) -> CardDef:
    """The card as printed: everything but its id (two copies of one card differ only in their ids)."""
    return replace(card, id="")


def _matching(cards: tuple[CardDef, ...], text: str) -> list[CardDef]:
    """The cards ``text`` could mean: the one whose id it is, else every card whose id it begins or every typed
    word of which begins a word of the card. Copies of one printed card (the same text and the same effect, such as
    the two "nearest railroad" Chance cards of the classic and 2008 decks) are one card to the banker: the first
    copy stands for them all (seed 000, "CHANCE": the card is followed as printed, and the copies are followed
    alike), so the words name it and a list of candidates names it once."""
    wanted = normalise(text)
    for c in cards:
        if normalise(c.id) == wanted:
            return [c]
    typed = re.findall(r"[0-9a-z]+", text.casefold().replace("'", ""))
    found = [
        c
        for c in cards
        if normalise(c.id).startswith(wanted) or all(any(w.startswith(t) for w in _card_words(c)) for t in typed)
    ]
    first: dict[CardDef, CardDef] = {}
    for c in found:
        first.setdefault(_printed(c), c)
    return list(first.values())


def deck_of(style: str, text: str, board: Board) -> Deck:
    """The deck of the card a banker names by ``text`` when the deck is not said: the one deck that has such a card
    (``street repairs`` and ``opera`` are Chance or Community Chest only by their words). Refused when neither deck
    or both decks have one (seed 000, "CHANCE" and "COMMUNITY CHEST": a card is drawn from one deck, so naming the
    deck settles it)."""
    if not normalise(text):
        raise RuleError(CARD_RULE, _("the card is missing: type its id or words printed on it"))
    found = [deck for deck in Deck if _matching(deck_cards(style, deck.value, board), text)]
    if len(found) == 1:
        return found[0]
    if found:
        said = _('both decks have a card "{text}": say which, chance or chest')
        raise RuleError(CARD_RULE, said.format(text=text), field="deck")
    raise RuleError(CARD_RULE, _('no Chance or Community Chest card "{text}"').format(text=text))


def resolve_card(style: str, deck: str, text: str, board: Board) -> CardDef:
    """The card a banker means by ``text``: its id, a unique prefix of its id, or words printed on it
    (``chairman``, ``pay each player``, ``repairs``), since the players hold the card, not its id. Every typed
    word must begin a word of the card's text or id, and exactly one card of the deck may match. An unknown or
    ambiguous text lists the cards it could be (seed 000, "CHANCE" and "COMMUNITY CHEST": the card is followed
    as printed, so the printed words are the natural way to name it)."""
    cards = deck_cards(style, deck, board)
    if not normalise(text):
        raise RuleError(CARD_RULE, _("the card is missing: type its id or words printed on it"))
    found = _matching(cards, text)
    if len(found) == 1:
        return found[0]
    title = _(DECK_TITLES[cards[0].deck])
    if found:
        listed = "; ".join(f'{c.id} ("{c.text if len(c.text) <= 40 else c.text[:39] + "…"}")' for c in found)
        said = _('"{text}" could be any of {count} {deck} cards: {cards}')
        raise RuleError(CARD_RULE, said.format(text=text, count=len(found), deck=title, cards=listed))
    ids = ", ".join(c.id for c in cards)
    raise RuleError(
        CARD_RULE, _('no {deck} card "{card}"; the cards are: {ids}').format(deck=title, card=text, ids=ids)
    )
