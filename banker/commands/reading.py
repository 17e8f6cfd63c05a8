"""The banker's command language: one line typed at the table -> one action, query or control.

``parse(line, state)`` resolves names against the game (players and deeds forgivingly: any case, a unique prefix,
the deed's aliases; multi-word deed names by the longest run of words that names a deed) so the action it
returns carries the canonical player name and the deed's printed name, and reads back exactly in the journal.
It checks only the shape of the line and the names; the rules engine decides whether the action is allowed.
Every verb is documented with an example in docs/commands.md.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from rules.actions import (
    Action,
    Auction,
    Bankrupt,
    Build,
    Buy,
    Card,
    Collect,
    Deal,
    DealRandom,
    End,
    EndReason,
    Go,
    Items,
    JailAction,
    JailWay,
    Mortgage,
    Next,
    Parking,
    Pay,
    Rent,
    Sell,
    ShortageAuction,
    Tax,
    TaxChoice,
    TaxKind,
    Trade,
    Turn,
    Unmortgage,
)
from rules.cards import resolve_card
from rules.errors import RuleError, UnknownName
from rules.money import MAX_AMOUNT
from rules.names import check_text, name_key, shown
from rules.rent import is_roll
from rules.state import Deck, GameState, Settings, game_settings, new_game

MAX_LINE = 500
RULE = "commands"


class CommandError(RuleError):
    """A line the command language cannot read (wrong shape, bad amount); names the verb's expected shape."""

    def __init__(self, message: str) -> None:
        super().__init__(RULE, message)


@dataclass(frozen=True)
class Query:
    """A ``show ...`` question: answered from the state, never journalled."""

    kind: str
    """``rent``, ``worth``, ``tax``, ``raise`` or ``scores``."""
    player: str | None = None
    deed: str | None = None
    dice: int | None = None


@dataclass(frozen=True)
class Control:
    """``undo`` or ``redo``: journalled as events of their own, so the log shows what was taken back. ``to``: the
    journal entry (seq) to undo back to (everything after it) or to redo up to (it included), in one step."""

    kind: str
    to: int | None = None


@dataclass(frozen=True)
class NewGame:
    """``new <variant> <player>...``: starts a game; only the CLI and the app's new-game screen act on it."""

    names: tuple[str, ...]
    settings: Settings = field(default_factory=Settings)


Command = Action | Query | Control | NewGame

SHAPES: dict[str, str] = {
    "new": "new <variant> <player> <player>... [edition us|uk]",
    "deal": "deal <player> <deed>  or  deal random [<seed>]",
    "buy": "buy <player> <deed>",
    "auction": "auction <deed> <player> <amount>",
    "rent": "rent <payer> <deed> [dice <n>] [card]",
    "pay": "pay <player> <amount> [to <player>|to each]",
    "collect": "collect <player> <amount> [from <player>|from each]",
    "go": "go <player> [exact]",
    "build": "build <player> <deed> [<count>]",
    "sell": "sell <player> <deed> [<count>]",
    "shortage": "shortage <player> <deed> <count> [houses|hotels] <amount>",
    "mortgage": "mortgage <player> <deed>",
    "unmortgage": "unmortgage <player> <deed>",
    "tax": "tax <player> income [200|10%]  or  tax <player> luxury",
    "card": "card <player> chance|chest <card-id>",
    "jail": "jail <player> [fine|card|doubles|miss]",
    "trade": "trade <player> <player> give <items> get <items> [lift <deeds>]",
    "bankrupt": "bankrupt <player> to <player>|bank",
    "parking": "parking <player>",
    "turn": "turn <player>",
    "next": "next",
    "undo": "undo [to <entry>]",
    "redo": "redo [to <entry>]",
    "end": "end [time]",
    "show": "show rent <deed> [dice <n>] | show worth | show tax <player> | show raise <player> | show scores",
}

VERB_ALIASES: dict[str, str] = {
    "lift": "unmortgage",
    "unmort": "unmortgage",
    "auc": "auction",
    "b": "buy",
    "bankruptcy": "bankrupt",
    "fp": "parking",
    "salary": "go",
    "houses": "build",
    "?": "show",
    "query": "show",
}
DECKS = {
    "chance": Deck.CHANCE,
    "ch": Deck.CHANCE,
    "chest": Deck.CHEST,
    "cc": Deck.CHEST,
    "community": Deck.CHEST,
    "community-chest": Deck.CHEST,
    "communitychest": Deck.CHEST,
}
JAIL_HOW = {
    "fine": JailWay.FINE,
    "pay": JailWay.FINE,
    "card": JailWay.CARD,
    "doubles": JailWay.DOUBLES,
    "double": JailWay.DOUBLES,
    "miss": JailWay.MISS,
    "fail": JailWay.MISS,
    "failed": JailWay.MISS,
    "send": JailWay.SEND,
    "go": JailWay.SEND,
}
TAX_KINDS = {"income": TaxKind.INCOME, "luxury": TaxKind.LUXURY, "super": TaxKind.LUXURY, "supertax": TaxKind.LUXURY}
TAX_CHOICES = {
    "200": TaxChoice.FLAT,
    "flat": TaxChoice.FLAT,
    "10%": TaxChoice.PERCENT,
    "10": TaxChoice.PERCENT,
    "percent": TaxChoice.PERCENT,
    "10percent": TaxChoice.PERCENT,
}
EVERYONE = {"each": "each", "all": "each", "everyone": "each", "everybody": "each"}
BANK = {"bank": "bank"}
SHOW_WHAT = {
    "rent": "rent",
    "worth": "worth",
    "tax": "tax",
    "raise": "raise",
    "scores": "scores",
    "standings": "scores",
}
END_REASONS = {"time": EndReason.TIME, "agreement": EndReason.AGREEMENT, "agreed": EndReason.AGREEMENT}
EXACT = {"exact": "exact", "exactly": "exact", "landed": "exact"}
"""The closed word lists of the language: every spelling -> the word it means (the engine's enum where there is
one: the synonyms are read here, once, and the engine takes only the canonical words). Each takes a unique prefix
the way names do (:func:`closed_word`), so a completion the command line offers is always a word the parser reads."""

_Word = TypeVar("_Word", bound=str)


def or_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def closed_word(
    word: str, spellings: Mapping[str, _Word], *, prefixes: bool = True, also: tuple[str, ...] = ()
) -> _Word | None:
    """The word of a closed list that ``word`` means: an exact spelling, else a unique prefix of the spellings
    (when ``prefixes``). None if nothing matches; a :class:`CommandError` naming the choices if several do.
    ``also`` names further meanings the same prefix has in this place (players), so "b" is ambiguous between
    bank and Bob rather than silently bank."""
    w = word.casefold()
    if w in spellings:
        return spellings[w]
    if not prefixes or not w:
        return None
    # Figures never take a prefix: "20" is not an abbreviation of 200, and a mistyped amount must not pass.
    found = sorted(
        {
            meant
            for spelling, meant in spellings.items()
            if spelling.startswith(w) and not any(ch.isdigit() for ch in spelling)
        }
    )
    if len(found) + len(also) > 1 and found:
        raise CommandError(f'"{shown(word)}" could be {or_list(found + list(also))}')
    return found[0] if found else None


_AMOUNT = re.compile(r"^[$£]?(\d{1,3}(,\d{3})+|\d+)$")


def strip_comment(line: str) -> str:
    return line.split("#", 1)[0].strip()


def check_line(line: str) -> str:
    """Refuse a line no command could be: too long, or holding bytes that were not UTF-8 or control characters
    (escape sequences), before any part of it is read, echoed or journalled."""
    if len(line) > MAX_LINE:
        raise CommandError(f"that line is {len(line):,} characters long; one command is at most {MAX_LINE}")
    check_text(line)
    return line


def parse(line: str, state: GameState) -> Command:
    """Read one command line against ``state``. Raises :class:`RuleError` (usually :class:`CommandError` or
    :class:`~rules.errors.UnknownName`) with a clear message for anything it cannot read."""
    check_line(line)
    text = strip_comment(line)
    if not text:
        raise CommandError("nothing to do: the line is empty or only a comment")
    words = text.split()
    verb = VERB_ALIASES.get(words[0].casefold()) or closed_word(words[0], {v: v for v in SHAPES})
    parser = _PARSERS.get(verb or "")
    if parser is None:
        raise CommandError(f'unknown command "{shown(words[0])}"; commands are {", ".join(sorted(SHAPES))}')
    return parser(_Line(verb or "", words[1:], state))


class _Line:
    """The words after the verb, with helpers that resolve names and amounts or raise a clear error."""

    def __init__(self, verb: str, args: list[str], state: GameState) -> None:
        self.verb = verb
        self.args = args
        self.state = state

    def bad(self, why: str) -> CommandError:
        return CommandError(f"{why}; expected: {SHAPES[self.verb]}")

    def need(self, lo: int, hi: int | None = None) -> None:
        n = len(self.args)
        if n < lo or (hi is not None and n > hi):
            raise self.bad("more words needed" if n < lo else "too many words")

    def player(self, word: str) -> str:
        return self.state.players[self.state.player_index(word)].name

    def player_or(self, word: str, spellings: dict[str, str]) -> str | tuple[str]:
        """A player's name, or (as a 1-tuple) the closed word ``word`` means: "to b" is refused as bank or Bob,
        never guessed. An exact spelling of either wins over a prefix of the other."""
        if _is_player(self, word):  # a game set up before command words were refused as names
            return self.player(word)
        exact = spellings.get(word.casefold())
        if exact is not None:
            return (exact,)
        try:
            name = self.player(word)
        except UnknownName:
            name = None
        meant = closed_word(word, spellings, also=(name,) if name else ())
        if meant is not None:
            return (meant,)
        if name is None:
            return self.player(word)  # raises the player resolver's own message
        return name

    def deed(self, words: list[str]) -> str:
        if not words:
            raise self.bad("a deed name is missing")
        return self.state.deed(" ".join(words)).name

    def deed_run(self, start: int, stop: int) -> tuple[str, int]:
        """The longest run ``args[start:j]`` (``j <= stop``) that names a deed; returns (printed name, j)."""
        if stop <= start:
            raise self.bad("a deed name is missing")
        first: RuleError | None = None
        for j in range(stop, start, -1):
            try:
                return self.deed(self.args[start:j]), j
            except UnknownName as e:
                if first is None:
                    first = e
        assert first is not None
        raise first

    def amount(self, word: str, what: str = "amount", zero: bool = False) -> int:
        return parse_amount(word, what, zero=zero, currency=self.state.board.currency)

    def dice(self, word: str) -> int:
        """A total thrown with two dice, typed as digits."""
        if not word.isascii() or not word.isdigit() or not is_roll(int(word)):
            raise self.bad(f'"{shown(word)}" is not a roll of two dice (2 to 12)')
        return int(word)

    def deck(self, word: str) -> Deck:
        deck = closed_word(word, DECKS)
        if deck is None:
            raise self.bad(f'"{shown(word)}" is not a deck: chance or chest')
        return deck

    def jail_way(self, word: str) -> JailWay:
        how = closed_word(word, JAIL_HOW)
        if how is None:
            raise self.bad(f'"{shown(word)}" is not one of fine, card, doubles, miss')
        return how

    def tax_choice(self, word: str) -> TaxChoice:
        option = closed_word(word[1:] if word[:1] in "$£" else word, TAX_CHOICES)
        if option is None:
            raise self.bad(f'"{shown(word)}" is not an income-tax choice: 200 or 10%')
        return option

    def counterparty(self, word: str, player: str, keyword: str) -> tuple[str | None, bool]:
        """Who else a payment or collection is with: (a player, False), (None, True) for each, (None, False) for
        the bank."""
        who = self.player_or(word, EVERYONE | BANK)
        if who == ("each",):
            return None, True
        if isinstance(who, str):
            if who == player:
                raise self.bad(f"{player} cannot {self.verb} {keyword} themselves")
            return who, False
        return None, False

    def creditor(self, word: str, player: str) -> str | None:
        """Whom a bankrupt player owes: a player, or None for the bank."""
        creditor = self.player_or(word, BANK)
        if creditor == ("bank",):
            return None
        assert isinstance(creditor, str)
        if creditor == player:
            raise self.bad(f"{player} cannot owe themselves")
        return creditor

    def count(self, word: str, what: str = "count") -> int:
        if not word.isdigit() or not word.isascii():
            raise self.bad(f'"{shown(word)}" is not a whole number of {what}')
        n = int(word)
        if n <= 0:
            raise self.bad(f"the {what} must be at least 1")
        if n > 100:
            raise self.bad(f"{n} {what} is more than a board holds")
        return n


def parse_amount(word: str, what: str = "amount", *, zero: bool = False, currency: str = "$") -> int:
    """Whole dollars (or pounds) with an optional ``$``/``£`` and thousands commas; refuses negative, fractional,
    zero (unless ``zero``) and absurd (over $1,000,000) amounts."""
    w = word.strip()
    if w.startswith("-") or w.startswith(("$-", "£-", "-$", "-£")):
        raise CommandError(f'the {what} cannot be negative ("{shown(word)}")')
    if not w.lstrip("$£").isascii() or not _AMOUNT.match(w):
        raise CommandError(
            f'"{shown(word)}" is not an amount in whole {"pounds" if currency == "£" else "dollars"} '
            f"(for example {currency}150)"
        )
    digits = w.lstrip("$£").replace(",", "")
    if len(digits) > 12:
        raise CommandError(f"the {what} {word} is absurd; amounts go up to {currency}{MAX_AMOUNT:,}")
    n = int(digits)
    if n > MAX_AMOUNT:
        raise CommandError(f"the {what} {currency}{n:,} is absurd; amounts go up to {currency}{MAX_AMOUNT:,}")
    if n == 0 and not zero:
        raise CommandError(f"the {what} must be more than {currency}0")
    return n


# Verbs ---------------------------------------------------------------------------------------------------------


def _deal(c: _Line, seed: int | None = None) -> Action:
    c.need(1)
    # "deal random [seed]" (a unique prefix of random too); in a game set up before "Random" was refused as a
    # name, "deal Random <deed>" deals to that player (a deal to a player needs a deed; a seed is digits alone).
    seeded = len(c.args) == 2 and c.args[1].isdigit()
    wants = name_key(c.args[0]) == "random" or (
        not _is_player(c, c.args[0]) and c.player_or(c.args[0], {"random": "random"}) == ("random",)
    )
    if wants and (len(c.args) == 1 or seeded or (len(c.args) == 2 and not _is_player(c, c.args[0]))):
        if len(c.args) == 2:
            if not c.args[1].isdigit() or not c.args[1].isascii() or len(c.args[1]) > 12:
                raise c.bad(f'"{shown(c.args[1])}" is not a whole-number seed')
            return DealRandom(int(c.args[1]))
        # The seed is drawn now and journalled, so replaying the game deals exactly the same deeds.
        return DealRandom(random_seed() if seed is None else seed)
    c.need(2)
    return Deal(c.player(c.args[0]), c.deed(c.args[1:]))


def random_seed() -> int:
    """A seed for ``deal random``, drawn when the command is read and journalled with it."""
    return random.SystemRandom().randrange(1_000_000)


def _is_player(c: _Line, word: str) -> bool:
    """``word`` is a player's whole name (a game set up before command words were refused as names)."""
    return name_key(word) in {name_key(p.name) for p in c.state.players}


def _player_deed(cls: type) -> Callable[[_Line], Command]:
    def parse_it(c: _Line) -> Action:
        c.need(2)
        return cls(c.player(c.args[0]), c.deed(c.args[1:]))

    return parse_it


def _auction(c: _Line) -> Action:
    c.need(3)
    deed = _whole_deed(c, len(c.args) - 2)
    return Auction(deed, c.player(c.args[-2]), c.amount(c.args[-1], "winning bid"))


def _whole_deed(c: _Line, stop: int) -> str:
    """The deed ``args[:stop]`` names, every word of it."""
    deed, j = c.deed_run(0, stop)
    if j != stop:
        raise c.bad(f'"{shown(" ".join(c.args[j:stop]))}" is not part of {deed}')
    return deed


def _rent(c: _Line) -> Action:
    c.need(2)
    payer = c.player(c.args[0])
    rest = c.args[1:]
    dice, card = None, False
    lowered = [w.casefold() for w in rest]
    if "card" in lowered[1:]:
        i = lowered.index("card", 1)
        if i != len(rest) - 1:
            raise c.bad('"card" goes last')
        card = True
        rest, lowered = rest[:-1], lowered[:-1]
    if "dice" in lowered[1:]:
        i = lowered.index("dice", 1)
        if i != len(rest) - 2:
            raise c.bad("dice takes one number: the roll")
        dice = c.dice(rest[-1])
        rest = rest[:-2]
    return Rent(payer, c.deed(rest), dice=dice, card=card)


def _money_move(c: _Line, cls: type, keyword: str) -> Action:
    c.need(2, 4)
    player = c.player(c.args[0])
    amount = c.amount(c.args[1])
    other, each = None, False
    if len(c.args) > 2:
        if c.args[2].casefold() != keyword or len(c.args) != 4:
            raise c.bad(f'after the amount comes "{keyword} <player>", "{keyword} each" or "{keyword} bank"')
        other, each = c.counterparty(c.args[3], player, keyword)
    if cls is Pay:
        return Pay(player, amount, to=other, each=each)
    return Collect(player, amount, source=other, each=each)


def _go(c: _Line) -> Action:
    c.need(1, 2)
    exact = False
    if len(c.args) == 2:
        if closed_word(c.args[1], EXACT) is None:
            raise c.bad(f'"{shown(c.args[1])}" is not "exact"')
        exact = True
    return Go(c.player(c.args[0]), exact=exact)


def _build_sell(cls: type) -> Callable[[_Line], Command]:
    def parse_it(c: _Line) -> Action:
        c.need(2)
        player = c.player(c.args[0])
        rest = c.args[1:]
        count = 1
        if len(rest) > 1 and rest[-1].isdigit():
            count = c.count(rest[-1], "buildings")
            rest = rest[:-1]
        return cls(player, c.deed(rest), count)

    return parse_it


SHORTAGE_KINDS = {"house": False, "houses": False, "hotel": True, "hotels": True}
"""The building a shortage auction sold (seed 000, BUILDING SHORTAGE: "the houses or hotels"): True for hotels."""


def _shortage(c: _Line) -> Action:
    """``<count>`` houses, ``<count> houses|hotels``, or ``house``/``hotel`` alone for one."""
    c.need(4)
    player = c.player(c.args[0])
    amount = c.amount(c.args[-1], "price")
    deed, count, hotel = _lot(c, c.args[1:-1])
    return ShortageAuction(player, deed, count, amount, hotel=hotel)


def _lot(c: _Line, rest: list[str]) -> tuple[str, int, bool]:
    """What a shortage auction sold: (deed, count, hotel) from ``<deed> <count> [houses|hotels]`` or
    ``<deed> house|hotel``."""
    hotel, count = False, 0
    if rest[-1].casefold() in SHORTAGE_KINDS:
        hotel, count = SHORTAGE_KINDS[rest[-1].casefold()], 1
        rest = rest[:-1]
    if rest and rest[-1].isdigit():
        count = c.count(rest[-1], "hotels" if hotel else "houses")
        rest = rest[:-1]
    if not count:
        raise c.bad("say how many houses were auctioned, or hotel")
    return c.deed(rest), count, hotel


def _tax(c: _Line) -> Action:
    c.need(2, 3)
    player = c.player(c.args[0])
    kind = closed_word(c.args[1], TAX_KINDS)
    if kind is TaxKind.LUXURY:
        if len(c.args) > 2:
            raise c.bad("luxury tax has no option")
        return Tax(player, TaxKind.LUXURY)
    if kind is not TaxKind.INCOME:
        raise c.bad(f'"{shown(c.args[1])}" is not income or luxury')
    if len(c.args) < 3:
        return Tax(player, TaxKind.INCOME)
    return Tax(player, TaxKind.INCOME, c.tax_choice(c.args[2]))


def _card(c: _Line) -> Action:
    c.need(3)
    deck = c.deck(c.args[1])
    player = c.player(c.args[0])
    card = resolve_card(c.state.settings.cards, deck, " ".join(c.args[2:]))
    return Card(player, deck, card.id)


def _jail(c: _Line) -> Action:
    c.need(1, 3)
    player = c.player(c.args[0])
    if len(c.args) == 1:
        return JailAction(player, JailWay.SEND)
    how = c.jail_way(c.args[1])
    deck: Deck | Literal[""] = ""
    if len(c.args) == 3:
        deck = closed_word(c.args[2], DECKS) or ""
        if how is not JailWay.CARD or not deck:
            raise c.bad(f'"{shown(c.args[2])}" is not expected here (only "jail <player> card chance|chest")')
    return JailAction(player, how, deck)


def _trade(c: _Line) -> Action:
    c.need(3)
    first, second = c.player(c.args[0]), c.player(c.args[1])
    if first == second:
        raise c.bad(f"{first} cannot trade with themselves")
    words = c.args[2:]
    lowered = [w.casefold() for w in words]
    sections: dict[str, list[str]] = {}
    current = None
    for w, low in zip(words, lowered, strict=True):
        if low in ("give", "get", "lift", "gets", "gives"):
            key = low.rstrip("s")
            if key in sections:
                raise c.bad(f'"{key}" appears twice')
            current = key
            sections[key] = []
        elif current is None:
            raise c.bad(f'"{shown(w)}" comes before give/get')
        else:
            sections[current].append(w)
    if "give" not in sections and "get" not in sections:
        raise c.bad("say what changes hands with give ... get ...")
    give = _items(c, " ".join(sections.get("give", [])), first)
    get = _items(c, " ".join(sections.get("get", [])), second)
    if give.empty() and get.empty():
        raise c.bad("nothing changes hands")
    lift = _lift(c, " ".join(sections["lift"])) if "lift" in sections else ()
    return Trade(first, second, give, get, lift)


def _lift(c: _Line, text: str) -> tuple[str, ...]:
    """The mortgaged deeds a trade lifts at once."""
    lift = tuple(c.deed(part.split()) for part in _split_items(text))
    if not lift:
        raise c.bad("lift needs the deeds to lift")
    return lift


def _split_items(text: str) -> list[str]:
    parts = [p.strip() for p in re.split(r",|\band\b|\+", text)]
    return [p for p in parts if p]


def _items(c: _Line, text: str, giver: str) -> Items:
    deeds: list[str] = []
    cash = 0
    cards: list[Deck] = []
    held = sorted(c.state.player(giver).jail_cards, key=lambda deck: deck != Deck.CHANCE)  # Chance's card first
    for part in _split_items(text):
        low = part.casefold().replace(" ", "-")
        if low == "nothing":
            continue
        if low[:1] in "$£" or low[:1].isdigit():
            if cash:
                raise c.bad("give one cash amount per side")
            cash = c.amount(part.replace(" ", ""), "cash in the trade")
        elif low in ("jail-card", "jail", "goojf", "get-out-of-jail-free", "card"):
            if not held:
                raise c.bad(f"{giver} holds no Get Out of Jail Free card")
            cards.append(held.pop(0))
        elif low in ("chance-jail-card", "chest-jail-card", "community-chest-jail-card", "cc-jail-card"):
            cards.append(Deck.CHANCE if low.startswith("chance") else Deck.CHEST)
        else:
            name = c.deed(part.split())
            if name in deeds:
                raise c.bad(f"{name} is named twice")
            deeds.append(name)
    return Items(tuple(deeds), cash, tuple(cards))


def _bankrupt(c: _Line) -> Action:
    c.need(2, 3)
    if len(c.args) != 3 or c.args[1].casefold() != "to":
        raise c.bad('say whom the player owes: "to <player>" or "to bank"')
    player = c.player(c.args[0])
    return Bankrupt(player, c.creditor(c.args[2], player))


def _one_player(cls: type) -> Callable[[_Line], Command]:
    def parse_it(c: _Line) -> Action:
        c.need(1, 1)
        return cls(c.player(c.args[0]))

    return parse_it


def _bare(make: Callable[[], Command]) -> Callable[[_Line], Command]:
    def parse_it(c: _Line) -> Command:
        c.need(0, 0)
        return make()  # type: ignore[operator]

    return parse_it


def _control(c: _Line, kind: str) -> Control:
    """``undo`` / ``redo``, or ``undo to 12`` / ``redo to 12`` with the number of a journal entry (``banker log``)."""
    c.need(0, 2)
    if not c.args:
        return Control(kind)
    if len(c.args) != 2 or closed_word(c.args[0], {"to": "to"}) is None:
        raise c.bad(f"after {kind} only `to` and a journal entry's number (`{kind} to 12`)")
    word = c.args[1]
    if not (word.isascii() and word.isdigit()) or len(word) > 18 or int(word) < 1:
        raise c.bad(f'"{shown(word)}" is not the number of a journal entry')
    return Control(kind, int(word))


def _end(c: _Line) -> Action:
    c.need(0, 1)
    if not c.args:
        return End()
    reason = closed_word(c.args[0], END_REASONS)
    if reason is None:
        raise c.bad(f'"{shown(c.args[0])}" is not a reason to end: time or agreement')
    return End(reason)


def _show(c: _Line) -> Query:
    c.need(1)
    what = closed_word(c.args[0], SHOW_WHAT) or ""
    if what == "rent":
        rest = c.args[1:]
        dice = None
        if len(rest) >= 2 and rest[-2].casefold() == "dice":
            dice = c.dice(rest[-1])
            rest = rest[:-2]
        return Query("rent", deed=c.deed(rest), dice=dice)
    if what in ("worth", "scores"):
        c.need(1, 1)
        return Query(what)
    if what in ("tax", "raise"):
        c.need(2, 2)
        return Query(what, player=c.player(c.args[1]))
    raise c.bad(f'"{shown(c.args[0])}" is not something to show')


def _new(c: _Line) -> NewGame:
    return parse_new_words(c.args)


_PARSERS: dict[str, Callable[[_Line], Command]] = {
    "new": _new,
    "deal": _deal,
    "buy": _player_deed(Buy),
    "auction": _auction,
    "rent": _rent,
    "pay": lambda c: _money_move(c, Pay, "to"),
    "collect": lambda c: _money_move(c, Collect, "from"),
    "go": _go,
    "build": _build_sell(Build),
    "sell": _build_sell(Sell),
    "shortage": _shortage,
    "mortgage": _player_deed(Mortgage),
    "unmortgage": _player_deed(Unmortgage),
    "tax": _tax,
    "card": _card,
    "jail": _jail,
    "trade": _trade,
    "bankrupt": _bankrupt,
    "parking": _one_player(Parking),
    "turn": _one_player(Turn),
    "next": _bare(Next),
    "undo": lambda c: _control(c, "undo"),
    "redo": lambda c: _control(c, "redo"),
    "end": _end,
    "show": _show,
}


# Writing -------------------------------------------------------------------------------------------------------


def format(command: Action | Query | Control) -> str:  # noqa: A001 - the inverse of parse, named as its pair
    """The canonical command line for ``command``, the inverse of :func:`parse`: ``parse(format(a), state) == a``
    for every action the language can express against a state holding its players and deeds. Players and deeds
    are written as named (a deed's printed name), closed words in full and amounts as plain figures, so the
    journal reads the same whichever way the banker entered the command (typed, or through a dialog)."""
    writer = _WRITERS.get(type(command))
    if writer is None:
        raise TypeError(f"the command language has no line for {type(command).__name__}")
    return " ".join(w for w in writer(command) if w)


def _count(n: int) -> str:
    return str(n) if n != 1 else ""


def _items_text(items: Items) -> str:
    parts = [*items.deeds, *([str(items.cash)] if items.cash else []), *(f"{d}-jail-card" for d in items.jail_cards)]
    return ", ".join(parts)


def _trade_words(t: Trade) -> list[str]:
    words = ["trade", t.first, t.second]
    if not t.give.empty():
        words += ["give", _items_text(t.give)]
    if not t.get.empty():
        words += ["get", _items_text(t.get)]
    if t.lift:
        words += ["lift", ", ".join(t.lift)]
    return words


def _money_words(verb: str, keyword: str, player: str, amount: int, other: str | None, each: bool) -> list[str]:
    to = [keyword, "each"] if each else [keyword, other] if other is not None else []
    return [verb, player, str(amount), *to]


def _query_words(q: Query) -> list[str]:
    if q.kind == "rent":
        return ["show", "rent", q.deed or "", *(["dice", str(q.dice)] if q.dice is not None else [])]
    return ["show", q.kind, q.player or ""]


_WRITERS: dict[type, Callable[[Any], list[str]]] = {
    Deal: lambda a: ["deal", a.player, a.deed],
    DealRandom: lambda a: ["deal", "random", str(a.seed)],
    Buy: lambda a: ["buy", a.player, a.deed],
    Auction: lambda a: ["auction", a.deed, a.player, str(a.amount)],
    Rent: lambda a: [
        "rent",
        a.payer,
        a.deed,
        *(["dice", str(a.dice)] if a.dice is not None else []),
        "card" if a.card else "",
    ],
    Pay: lambda a: _money_words("pay", "to", a.player, a.amount, a.to, a.each),
    Collect: lambda a: _money_words("collect", "from", a.player, a.amount, a.source, a.each),
    Go: lambda a: ["go", a.player, "exact" if a.exact else ""],
    Build: lambda a: ["build", a.player, a.deed, _count(a.count)],
    Sell: lambda a: ["sell", a.player, a.deed, _count(a.count)],
    ShortageAuction: lambda a: [
        "shortage",
        a.player,
        a.deed,
        str(a.count),
        "hotels" if a.hotel else "houses",
        str(a.amount),
    ],
    Mortgage: lambda a: ["mortgage", a.player, a.deed],
    Unmortgage: lambda a: ["unmortgage", a.player, a.deed],
    Tax: lambda a: ["tax", a.player, a.kind, a.option],
    Card: lambda a: ["card", a.player, a.deck, a.card],
    JailAction: lambda a: ["jail", a.player, "" if a.how == JailWay.SEND and not a.deck else a.how, a.deck],
    Trade: _trade_words,
    Bankrupt: lambda a: ["bankrupt", a.player, "to", a.creditor if a.creditor is not None else "bank"],
    Parking: lambda a: ["parking", a.player],
    Turn: lambda a: ["turn", a.player],
    Next: lambda a: ["next"],
    End: lambda a: ["end", "time" if a.reason == EndReason.TIME else ""],
    Control: lambda c: [c.kind, *(["to", str(c.to)] if c.to is not None else [])],
    Query: _query_words,
}


# Forms ---------------------------------------------------------------------------------------------------------

_T = TypeVar("_T")


class Missing(Exception):
    """A form's field the command needs is empty (the form is not a command yet)."""

    def __init__(self, field: str) -> None:
        super().__init__(field)
        self.field = field


class Refused(Exception):
    """A form's fields cannot make the command: ``error`` says why, exactly as :func:`parse` would say it for
    the same words, and ``field`` is the field at fault (None when no single field is)."""

    def __init__(self, error: RuleError, field: str | None) -> None:
        super().__init__(str(error))
        self.error = error
        self.field = field


class Form:
    """A dialog's fields read into one command by the resolvers :func:`parse` uses (players and deeds by name or
    prefix, amounts, closed words with their synonyms), so a dialog builds the same typed command a typed line
    would, refuses with the same words, and records :func:`format` of it: the journal holds the canonical line
    whichever way the banker entered the command.

    ``values`` maps a field's key to its text. Each reader takes the key of the field it reads; an empty field
    raises :class:`Missing`, a field the language refuses :class:`Refused` naming that field."""

    def __init__(self, values: Mapping[str, str], state: GameState) -> None:
        self.values = values
        self.state = state

    def text(self, key: str) -> str:
        return self.values.get(key, "").strip()

    def read(self, key: str, how: Callable[[_Line, str], _T], verb: str = "show") -> _T:
        """``how`` applied to the field's text (``verb`` names the command whose shape a refusal quotes)."""
        text = self.text(key)
        if not text:
            raise Missing(key)
        try:
            return how(_Line(verb, [], self.state), text)
        except RuleError as e:
            raise Refused(e, key) from None

    def optional(self, key: str, how: Callable[[_Line, str], _T], default: _T, verb: str = "show") -> _T:
        """Like :meth:`read`, ``default`` for an empty field."""
        return self.read(key, how, verb) if self.text(key) else default

    def player(self, key: str) -> str:
        return self.read(key, _Line.player)

    def deed(self, key: str) -> str:
        return self.read(key, lambda c, text: c.deed(text.split()))

    def amount(self, key: str, what: str = "amount") -> int:
        return self.read(key, lambda c, text: c.amount(text, what))

    def flag(self, key: str) -> bool:
        return bool(self.text(key))

    # One reader per command whose words depend on each other, each by the parser's own steps.
    def auction(self, lot: str, winner: str, bid: str) -> Auction:
        """The deed of ``lot`` sold at auction to ``winner`` (a player's name) for the amount in ``bid``."""

        def deed(c: _Line, text: str) -> str:
            words = _Line("auction", text.split(), c.state)
            return _whole_deed(words, len(words.args))

        return Auction(self.read(lot, deed), winner, self.amount(bid, "winning bid"))

    def shortage(self, lot: str, winner: str, bid: str) -> ShortageAuction:
        """Houses or hotels sold at auction in a shortage: ``lot`` holds the deed and what was sold ("boardwalk
        hotel", "boardwalk 2 houses")."""
        price = self.amount(bid, "price")
        deed, count, hotel = self.read(lot, lambda c, text: _lot(c, text.split()), "shortage")
        return ShortageAuction(winner, deed, count, price, hotel=hotel)

    def rent(self, payer: str, deed: str, dice: str, card: str) -> Rent:
        return Rent(
            self.player(payer),
            self.deed(deed),
            dice=self.optional(dice, _Line.dice, None, "rent"),
            card=self.flag(card),
        )

    def building(self, cls: type[Build] | type[Sell], player: str, deed: str, count: str) -> Build | Sell:
        return cls(
            self.player(player),
            self.deed(deed),
            self.optional(count, lambda c, text: c.count(text, "buildings"), 1, cls.verb),
        )

    def money(self, cls: type[Pay] | type[Collect], player: str, amount: str, other: str) -> Pay | Collect:
        """``pay``/``collect`` with the other side blank (the bank), a player, or each player."""
        who = self.player(player)
        much = self.amount(amount)
        keyword = "to" if cls is Pay else "from"
        bank: tuple[str | None, bool] = (None, False)
        to, each = self.optional(other, lambda c, text: c.counterparty(text, who, keyword), bank, cls.verb)
        if cls is Pay:
            return Pay(who, much, to=to, each=each)
        return Collect(who, much, source=to, each=each)

    def tax(self, player: str, how: str) -> Tax:
        """Luxury (Super) Tax, or Income Tax with the choice made."""
        who = self.player(player)

        def tax(c: _Line, text: str) -> Tax:
            if closed_word(text, TAX_KINDS) is TaxKind.LUXURY:
                return Tax(who, TaxKind.LUXURY)
            return Tax(who, TaxKind.INCOME, c.tax_choice(text))

        return self.read(how, tax, "tax")

    def card(self, player: str, deck: str, card: str) -> Card:
        who = self.player(player)
        which = self.read(deck, _Line.deck, "card")
        return Card(who, which, self.read(card, lambda c, text: resolve_card(c.state.settings.cards, which, text).id))

    def jail(self, player: str, how: str) -> JailAction:
        return JailAction(self.player(player), self.optional(how, _Line.jail_way, JailWay.SEND, "jail"))

    def bankrupt(self, player: str, creditor: str) -> Bankrupt:
        who = self.player(player)
        return Bankrupt(who, self.read(creditor, lambda c, text: c.creditor(text, who), "bankrupt"))

    def deal(self, player: str, deed: str, seed: int) -> Action:
        """``deal <player> <deed>`` or ``deal random [<seed>]`` (``seed``: the one drawn when the form opened, so
        what is previewed is what is recorded)."""
        self.read(player, lambda c, text: text)
        words = [*self.text(player).split(), *self.text(deed).split()]
        try:
            return _deal(_Line("deal", words, self.state), seed)
        except RuleError as e:
            raise Refused(e, None) from None

    def trade(self, first: str, second: str, give: str = "give", get: str = "get", lift: str = "lift") -> Trade:
        """A trade between the players of ``first`` and ``second``; the ``give`` and ``get`` fields hold what each
        side gives and ``lift`` the mortgaged deeds lifted at once, items separated by "and" or commas."""
        for key in (first, second):  # not a trade yet: nothing is refused before both sides are there
            if not self.text(key):
                raise Missing(key)
        if not (self.text(give) or self.text(get)):
            raise Missing(give)
        a, b = self.player(first), self.player(second)
        line = _Line("trade", [], self.state)
        if a == b:
            raise Refused(line.bad(f"{a} cannot trade with themselves"), second)
        gives = self.optional(give, lambda c, text: _items(c, text, a), Items(), "trade")
        gets = self.optional(get, lambda c, text: _items(c, text, b), Items(), "trade")
        if gives.empty() and gets.empty():
            raise Refused(line.bad("nothing changes hands"), give)
        return Trade(a, b, gives, gets, self.optional(lift, _lift, (), "trade"))


# New games -----------------------------------------------------------------------------------------------------


def parse_new(line: str) -> tuple[list[str], Settings]:
    """Read a ``new <variant> <player>... [edition us|uk] [minutes N] [free-parking [N]] [double-go]
    [no-auctions] [luxury-tax N]`` line and check it by starting the game in memory (so a bad name or player
    count is refused here, with the rule book's reason)."""
    text = strip_comment(check_line(line))
    words = text.split()
    if not words or words[0].casefold() != "new":
        raise CommandError(f"a game starts with a new line: {SHAPES['new']}")
    game = parse_new_words(words[1:])
    return list(game.names), game.settings


def parse_new_words(args: list[str]) -> NewGame:
    if len(args) < 2:
        raise CommandError(f"name a variant and the players; expected: {SHAPES['new']}")
    variant = args[0]
    names: list[str] = []
    edition, minutes, luxury = "us", 0, 0
    fp, fp_start, double_go, no_auctions = False, 0, False, False
    i = 1
    while i < len(args):
        w = args[i].casefold()
        nxt = args[i + 1] if i + 1 < len(args) else None
        if w in ("edition", "--edition"):
            if nxt is None:
                raise CommandError("edition needs us or uk")
            edition, i = nxt.casefold(), i + 2
        elif w in ("minutes", "--minutes"):
            if nxt is None:
                raise CommandError("minutes needs a number")
            minutes, i = parse_amount(nxt, "length in minutes"), i + 2
        elif w in ("luxury-tax", "--luxury-tax"):
            if nxt is None or nxt.lstrip("$£") not in ("75", "100"):
                raise CommandError("luxury-tax is 75 or 100")
            luxury, i = int(nxt.lstrip("$£")), i + 2
        elif w in ("free-parking", "--free-parking"):
            fp, i = True, i + 1
            if nxt is not None and nxt.lstrip("$£").isdigit():
                fp_start, i = parse_amount(nxt, "Free Parking start", zero=True), i + 1
        elif w in ("double-go", "--double-go"):
            double_go, i = True, i + 1
        elif w in ("no-auctions", "--no-auctions"):
            no_auctions, i = True, i + 1
        else:
            names.append(args[i])
            i += 1
    settings = game_settings(
        variant,
        edition,
        time_limit_minutes=minutes,
        luxury_tax=luxury,
        free_parking=fp,
        free_parking_start=fp_start,
        double_go=double_go,
        no_auctions=no_auctions,
    )
    state = new_game(names, settings)  # raises RuleError with the reason if the game cannot start
    return NewGame(tuple(p.name for p in state.players), state.settings)
