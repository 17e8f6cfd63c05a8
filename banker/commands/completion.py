"""Completion of a typed command: what the command line offers after each word.

The rule it keeps: a completion is offered only where the parser (:mod:`banker.commands`) would read the typed
prefix as the completed word. So each verb's arguments are described here as slots of the same kinds the parser
reads (a player, a deed, a closed word list, a card), and each slot is resolved by the parser's own resolvers:
``rent b`` offers Bob when "b" names Bob alone among the players, and ``rent bob b`` offers nothing, because "b"
could be Baltic Avenue, Boardwalk or the B. & O. Railroad. Pure (no Textual), so tests call it directly.

A completion on offer extends what was typed (it is drawn after the cursor). The parser also reads words shortened
inside a name (``st j`` is St. James Place, ``b&o`` the B. & O. Railroad): nothing can be drawn after the cursor for
those, so they are offered only when asked (``whole``: Tab), and the typed words are replaced by the name the parser
reads them as.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from gettext import NullTranslations

from banker import commands as c
from banker.commands.words import group_begun, mark_clash
from rules.board import normalise
from rules.cards import resolve_card
from rules.errors import RuleError
from rules.i18n import _, use_for_task
from rules.state import GameState

PLAYER = "player"
DEED = "deed"
NUMBER = "number"
CARD = "card"
ITEMS = "items"
LOT = "deed or group"  # i18n-exempt: a slot's name, never shown
"""A build's or a sale's lot: a deed, or a colour group (the parser's ``lot``: a deed's name wins, so ``ori`` is
Oriental Avenue and ``ora`` completes to the orange group; ``or``, the orange group's mark and the start of Oriental
Avenue, completes to nothing, as the parser asks which)."""
GROUP = "group"  # i18n-exempt: a slot's name, never shown
"""A colour group of streets alone (``show count``'s last words)."""

Slot = str | Mapping[str, str] | tuple[str, Mapping[str, str]]
"""A player, a deed, a number, a card, a trade's items, a closed word list, or a player or a closed word."""

GRAMMAR: dict[str, tuple[Slot, ...]] = {
    "new": (),
    "deal": ((PLAYER, {"random": "random"}), DEED),
    "buy": (PLAYER, DEED),
    "auction": (DEED, PLAYER, NUMBER),
    "rent": (PLAYER, DEED, {"dice": "dice", "card": "card"}, NUMBER),
    "pay": (PLAYER, NUMBER, {"to": "to"}, (PLAYER, c.EVERYONE | c.BANK)),
    "collect": (PLAYER, NUMBER, {"from": "from"}, (PLAYER, c.EVERYONE | c.BANK)),
    "go": (PLAYER, c.EXACT),
    "build": (PLAYER, LOT, NUMBER),
    "sell": (PLAYER, LOT, NUMBER),
    "shortage": (PLAYER, DEED, NUMBER),  # then houses|hotels and the price: nothing to complete
    "mortgage": (PLAYER, DEED),
    "unmortgage": (PLAYER, DEED),
    "tax": (PLAYER, c.TAX_KINDS, c.TAX_CHOICES),
    "card": (PLAYER, c.DECKS, CARD),
    "jail": (PLAYER, c.JAIL_HOW, c.DECKS),
    "trade": (PLAYER, PLAYER, ITEMS),
    "bankrupt": (PLAYER, {"to": "to"}, (PLAYER, c.BANK)),
    "parking": (PLAYER,),
    "turn": (PLAYER,),
    "position": ((PLAYER, c.POSITION_SUBJECTS), c.POSITION_WHAT),  # then by the word after the player: POSITION_SLOTS
    "correct": (PLAYER, NUMBER),  # then the reason, in words of the banker's own
    "side": ((PLAYER, {"end": "end"}), c.RENT_SHARES, {"rent": "rent"}, DEED),  # then from, for or until: free words
    "next": (),
    "undo": ({"to": "to"}, NUMBER),
    "redo": ({"to": "to"}, NUMBER),
    "end": (c.END_REASONS,),
    "show": (c.SHOW_WHAT,),
}
SHOW_SLOTS: dict[str, tuple[Slot, ...]] = {
    "rent": (DEED, {"dice": "dice"}, NUMBER),
    "deed": (DEED,),
    "count": (NUMBER, NUMBER, GROUP),
    "tax": (PLAYER,),
    "raise": (PLAYER,),
}
POSITION_SLOTS: dict[str, tuple[Slot, ...]] = {
    "pot": (NUMBER,),
    "turn": (PLAYER,),
    "cash": (NUMBER,),
    "owns": (DEED, c.LOT_WORDS),
    "jail": ({"card": "card"}, c.DECKS),
    "in": ({"jail": "jail"}, NUMBER),
}
"""A ``position`` line's slots after its first word (``pot``, ``turn``) or after the player (``cash``, ``owns``...)."""
TRADE_WORDS = {"give": "give", "get": "get", "lift": "lift", "and": "and", "nothing": "nothing"}
"""Words that may stand between a trade's items; after one of them a new item (a deed) begins."""


class _Ambiguous(Exception):
    """The typed prefix means more than one thing here: offer nothing."""


@dataclass(frozen=True)
class _Option:
    """One reading of the words being typed: they fill ``slot``, starting at argument ``start``."""

    slot: Slot
    start: int
    deck: str = ""
    """For a card: the deck word typed before it."""


def complete(line: str, state: GameState, *, whole: bool = False) -> str | None:
    """The line with its last word (or the deed or card being typed) completed and a space added, or None.

    The completion extends what was typed (the suggestion is drawn after the cursor); a word typed in full gets
    just the space, so Tab moves on to the next word. ``whole`` (Tab, not the suggestion): words the parser reads
    as a name they do not begin (``st j``) are replaced by that name."""
    if not line.strip() or line.endswith(" ") or len(line) > c.MAX_LINE or "#" in line:
        return None
    words = line.split(" ")
    if any(not w for w in words):  # two spaces in a row: leave the line alone
        return None
    try:
        if len(words) == 1:
            return _extend(line, words[0], _verb_completion(words[0]), whole)
        named = c.verb_named(words[0])
        verb = named.name if named is not None else None
        if verb is None or verb not in GRAMMAR:
            return None
        found = set()
        for o in _options(verb, words[1:], state):
            meant = _resolve(o, " ".join(words[1 + o.start :]), state)
            if meant is not None:
                found.add((o.start, meant))
    except (_Ambiguous, RuleError):
        return None
    if len(found) != 1:
        return None
    ((start, text),) = found
    return _extend(line, " ".join(words[1 + start :]), text, whole)


def _extend(line: str, typed: str, completed: str | None, whole: bool = False) -> str | None:
    """``line`` (ending in ``typed``) with ``completed`` in the place of ``typed``, and a space."""
    if completed is None:
        return None
    if completed.casefold().startswith(typed.casefold()):
        return line + completed[len(typed) :] + " "
    if whole:  # words shortened inside the name: the name replaces them
        return line[: len(line) - len(typed)] + completed + " "
    return None


def _verb_completion(word: str) -> str | None:
    alias = c.VERB_ALIASES.get(word.casefold())
    if alias is not None:  # "b" completes to buy; "lift" is a verb typed in full
        return alias if alias.startswith(word.casefold()) else word
    if c.language_word(word) is not None:  # a verb's word in the banker's language, typed in full: "miete"
        return word
    try:
        return c.closed_word(word, {v.name: v.name for v in c.VERBS if v.at_the_table})
    except RuleError:
        return None


def _options(verb: str, args: list[str], state: GameState) -> Iterator[_Option]:
    """Every slot the last words may be filling, walking the finished words through the verb's slots."""
    slots = GRAMMAR[verb]
    done, last = args[:-1], len(args) - 1
    i = k = 0
    while i < len(done):
        if k >= len(slots):
            return
        slot = slots[k]
        if verb == "show" and k == 0:
            what = c.closed_word(done[0], c.SHOW_WHAT)
            slots = (slot, *SHOW_SLOTS.get(what or "", ()))
        if verb == "position" and k < 2:
            slots = _position_slots(done, k, slots)
        if slot == ITEMS:
            yield from _trade_options(args, i, state)
            return
        if slot == CARD:
            yield _Option(CARD, i, done[i - 1])
            return
        if slot in (DEED, LOT, GROUP):
            # A deed (or a group) runs on until a word that starts the next slot (and the words so far name a deed).
            j = i + 1
            while j < len(done) and not (_ends_deed(done[i:j], done[j], slots[k + 1 :], state)):
                j += 1
            if j >= len(done):  # still inside the deed, or the last word starts the next slot
                yield _Option(slot, i)
                if k + 1 < len(slots) and _is_deed(done[i:], state):
                    yield _Option(slots[k + 1], last)
                return
            i, k = j, k + 1
            continue
        i, k = i + 1, k + 1
    if k < len(slots):
        slot = slots[k]
        if slot == ITEMS:
            yield from _trade_options(args, i, state)
        else:
            yield _Option(slot, last, args[last - 1] if slot == CARD else "")


def _position_slots(done: list[str], k: int, slots: tuple[Slot, ...]) -> tuple[Slot, ...]:
    """A ``position`` line branches on its first word (``pot``, ``turn``: two words in all) or, after a player, on
    the word that says what of them."""
    if k == 0:
        subject = c.POSITION_SUBJECTS.get(done[0].casefold())
        return (slots[0], *POSITION_SLOTS[subject]) if subject else slots
    what = c.closed_word(done[1], c.POSITION_WHAT)
    return (*slots[:2], *POSITION_SLOTS.get(what or "", ()))


def _trade_options(args: list[str], start: int, state: GameState) -> Iterator[_Option]:
    """In a trade's items, the words after the last keyword (give, get, lift, and) are one item being typed."""
    begin = start
    for j in range(start, len(args) - 1):
        if args[j].casefold() in TRADE_WORDS or args[j].endswith(","):
            begin = j + 1
    yield _Option(DEED, begin)
    last = len(args) - 1
    if begin == last or _is_deed(args[begin:last], state):
        yield _Option(TRADE_WORDS, last)


def _ends_deed(deed_words: list[str], word: str, following: tuple[Slot, ...], state: GameState) -> bool:
    if not following or not _is_deed(deed_words, state):
        return False
    nxt = following[0]
    if nxt == NUMBER:
        return word.isdigit()
    if nxt == PLAYER:
        return word.casefold() in {p.name.casefold() for p in state.players}
    if isinstance(nxt, dict):
        return word.casefold() in nxt
    return False


def _is_deed(words: list[str], state: GameState) -> bool:
    try:
        state.deed(" ".join(words))
    except RuleError:
        return False
    return True


def _resolve(option: _Option, text: str, state: GameState) -> str | None:
    """What ``text`` completes to in the option's slot, by the parser's own resolvers; raises
    :class:`_Ambiguous` where the parser would refuse the prefix as ambiguous."""
    if option.slot == CARD:
        deck = c.closed_word(option.deck, c.DECKS)
        if deck is None or " " in text:
            return None
        return _one(lambda: resolve_card(state.settings.cards, deck, text, state.board).id, text)
    return _resolve_slot(option.slot, text, state)


def _resolve_slot(slot: Slot, text: str, state: GameState, printed: bool = False) -> str | None:
    """``printed``: a deed by its printed name (a dialog's field), not in lower case (the command line)."""
    if slot == NUMBER or not text:
        return None
    if slot == PLAYER:
        return _one(lambda: state.players[state.player_index(text)].name, text)
    if slot == DEED:
        return _one(lambda: state.deed(text).name if printed else state.deed(text).name.casefold(), text)
    if slot == LOT:
        deed = _resolve_slot(DEED, text, state, printed)
        if deed is None:
            return _group(text, state, printed)
        try:
            mark_clash(state.board, text, state.deed(deed))  # ``or``: Oriental Avenue or the Orange group?
        except RuleError:
            raise _Ambiguous from None
        return deed
    if slot == GROUP:
        return _group(text, state, printed)
    if isinstance(slot, tuple):
        player = _resolve_slot(PLAYER, text, state)
        word = _resolve_slot(slot[1], text, state)
        if player and word:
            raise _Ambiguous
        return player or word
    assert isinstance(slot, dict)
    try:
        meant: str | None = c.closed_word(text, slot)
    except RuleError:
        raise _Ambiguous from None
    if meant is None:
        return None
    spellings = [s for s, m in slot.items() if m == meant and s.startswith(text.casefold())]
    return meant if meant in spellings else min(spellings, key=len)


def _group(text: str, state: GameState, printed: bool) -> str | None:
    """The colour group of streets ``text`` begins, as the parser reads a lot (:func:`group_begun`), by the title it
    begins (printed, or in the banker's language); in lower case on the command line. :class:`_Ambiguous` where it
    could be several."""
    try:
        group = group_begun(state.board, text)
    except RuleError:
        raise _Ambiguous from None
    if group is None:
        return None
    said = _(group.title)
    title = said if normalise(said).startswith(normalise(text)) else group.title
    return title if printed else title.casefold()


def _one(find: Callable[[], str], text: str) -> str | None:
    """What ``find`` resolves ``text`` to, None where it names nothing; :class:`_Ambiguous` where it names several
    (a name that could be several is refused "could be ...": read in English, the language the messages are
    written in, whichever the banker reads)."""
    english = use_for_task(NullTranslations())
    try:
        return find()
    except RuleError as e:
        if '" could be' in str(e):
            raise _Ambiguous from None
        return None
    finally:
        english.var.reset(english)


ITEM_WORDS = {"jail card": "jail card", "nothing": "nothing"}  # i18n-exempt: words of the command language


def complete_value(slot: Slot, text: str, state: GameState, *, deck: str = "", whole: bool = False) -> str | None:
    """A dialog field's whole value completed (a player, a deed by its printed name, a closed word, a card id, or
    a trade item), or None where the value is empty, complete, or means more than one thing. ``whole`` (Tab): also
    where the parser reads the value as a name it does not begin (``st j``: St. James Place)."""
    text = text.strip()
    if not text:
        return None
    try:
        if slot == ITEMS:
            found = {_resolve_slot(DEED, text, state, printed=True), _resolve_slot(ITEM_WORDS, text, state)}
            found.discard(None)
            meant = found.pop() if len(found) == 1 else None
        elif slot == CARD:
            meant = _resolve(_Option(CARD, 0, deck), text, state)
        else:
            meant = _resolve_slot(slot, text, state, printed=True)
    except (_Ambiguous, RuleError):
        return None
    if meant is None or meant == text or not (whole or meant.casefold().startswith(text.casefold())):
        return None
    return meant  # the printed name, so the field (and the journalled line) reads "Water Works", not "water Works"
