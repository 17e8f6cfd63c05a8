"""Reading a command line: the words after a verb -> one action, query or control, by one reader per verb (the
verb table, ``banker.commands.verbs``, says which reader reads which verb; its ``parse`` is the way in).

The readers resolve names against the game (players and deeds forgivingly: any case, a unique prefix,
the deed's aliases; multi-word deed names by the longest run of words that names a deed) so the action it
returns carries the canonical player name and the deed's printed name, and reads back exactly in the journal.
It checks only the shape of the line and the names; the rules engine decides whether the action is allowed.
Every verb is documented with an example in docs/commands.md.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from enum import Enum, auto
from typing import Literal

from banker.commands.amounts import (
    AMOUNT,
    CASH,
    CORRECTION,
    POT,
    PRICE,
    WINNING_BID,
    has_sign,
    parse_amount,
    strip_sign,
)
from banker.commands.kinds import Command, CommandError, Control, ControlKind, NewGame, Query, QueryKind, shown_shape
from banker.commands.new_games import parse_new_words
from banker.commands.words import (
    BANK,
    DECKS,
    END_REASONS,
    EVERYONE,
    EXACT,
    JAIL_HOW,
    LOT_WORDS,
    POSITION_SUBJECTS,
    POSITION_WHAT,
    RENT_SHARES,
    SHORTAGE_KINDS,
    SHOW_WHAT,
    TAX_KINDS,
    closed_word,
    group_named,
    lot_group,
    mark_clash,
    spelling_keys,
    tax_choices,
)
from rules.actions import (
    Action,
    Auction,
    Bankrupt,
    Card,
    Collect,
    Correction,
    Deal,
    DealRandom,
    End,
    EndSideDeal,
    Go,
    Items,
    JailAction,
    JailWay,
    Pay,
    PositionCash,
    PositionDeed,
    PositionJail,
    PositionJailCard,
    PositionPot,
    PositionTurn,
    Rent,
    Sell,
    ShortageAuction,
    SideDeal,
    Tax,
    TaxKind,
    Trade,
)
from rules.board import Board, resolve
from rules.cards import deck_of, resolve_card
from rules.corrections import check_reason
from rules.errors import RuleError, UnknownName
from rules.i18n import N_, _
from rules.names import name_key, shown
from rules.queries import building_lot
from rules.rent import is_roll
from rules.state import GameState
from rules.words import Deck, TaxChoice

BUILDINGS, HOUSES, HOTELS = N_("buildings"), N_("houses"), N_("hotels")
"""What a count counts, as a refusal names it ("the buildings must be at least 1")."""


class _Line:
    """The words after the verb, with helpers that resolve names and amounts or raise a clear error."""

    def __init__(self, verb: str, args: list[str], state: GameState, shape: str) -> None:
        self.verb = verb
        self.args = args
        self.state = state
        self.shape = shape
        """The verb's shape (``banker.commands.verbs``), quoted by every refusal of the line's shape."""

    def bad(self, why: str) -> CommandError:
        """A refusal of the line's shape: ``why`` (already in words), then the verb's shape."""
        return CommandError(_("{why}; expected: {shape}").format(why=why, shape=shown_shape(self.shape)))

    def need(self, lo: int, hi: int | None = None) -> None:
        n = len(self.args)
        if n < lo or (hi is not None and n > hi):
            raise self.bad(_("more words needed") if n < lo else _("too many words"))

    def player(self, word: str) -> str:
        """The player ``word`` names. The bank where only a player may stand is said so (`turn bank` was answered
        "did you mean Ann?", the nearest spelling)."""
        try:
            return self.state.players[self.state.player_index(word)].name
        except UnknownName:
            if word.casefold() not in BANK:
                raise
            names = [p.name for p in self.state.players if not p.bankrupt]
            raise self.bad(_("the bank is not a player: name one of {names}").format(names=", ".join(names))) from None

    def player_or(self, word: str, spellings: dict[str, str]) -> str | tuple[str]:
        """A player's name, or (as a 1-tuple) the closed word ``word`` means: "to b" is refused as bank or Bob,
        never guessed. An exact spelling of either wins over a prefix of the other."""
        if _is_player(self, word):  # a game set up before command words were refused as names
            return self.player(word)
        exact = spellings.get(word.casefold())
        if exact is not None:
            return (exact,)
        name: str | None = None
        try:
            name = self.player(word)
            players: tuple[str, ...] = (name,)
        except UnknownName:
            # Two players "a" could begin are two meanings, not none: "a" in a game of Al and Ann is refused as
            # each, Al or Ann, never read as "all" (issue 22).
            players = self.players_begun_by(word)
        meant = closed_word(word, spellings, also=players)
        if meant is not None:
            return (meant,)
        if name is None:
            return self.player(word)  # raises the player resolver's own message
        return name

    def players_begun_by(self, word: str) -> tuple[str, ...]:
        """The players, in seating order, whose name ``word`` could be the start of (by the names' matching key)."""
        key = name_key(word)
        if not key:
            return ()
        return tuple(p.name for p in self.state.players if name_key(p.name).startswith(key))

    def deed(self, words: list[str]) -> str:
        if not words:
            raise self.bad(_("a deed name is missing"))
        return self.state.deed(" ".join(words)).name

    def lot(self, words: list[str], *, selling: bool = False) -> str:
        """The deed a build or sale names: a deed, or a colour group by its whole name (``orange``, ``dark blue``, or
        its title in the banker's language: ``lila``; :func:`banker.commands.words.group_named`) or by its mark
        (``db``, as the deeds panel shows it), which stands for the lot the rules say the group's next building goes
        on (or comes off, ``selling``): ``rules.queries.building_lot``, docs/rulings.md. A deed's name wins; a mark
        that only begins one (``or``: Orange, or Oriental Avenue?) is asked about (:func:`mark_clash`)."""
        try:
            name = self.deed(words)
        except UnknownName as missed:
            text = " ".join(words)
            group = lot_group(self.state.board, text, missed.ambiguous)  # ``dark b``: as Tab completes it
            if group is None:
                raise
            return building_lot(self.state, group.key, selling=selling).name
        mark_clash(self.state.board, " ".join(words), self.state.deed(name))
        return name

    def deed_run(self, start: int, stop: int) -> tuple[str, int]:
        """The longest run ``args[start:j]`` (``j <= stop``) that names a deed; returns (printed name, j)."""
        if stop <= start:
            raise self.bad(_("a deed name is missing"))
        first: RuleError | None = None
        for j in range(stop, start, -1):
            try:
                return self.deed(self.args[start:j]), j
            except UnknownName as e:
                if first is None:
                    first = e
        assert first is not None
        raise first

    def amount(self, word: str, what: str = AMOUNT, zero: bool = False) -> int:
        return parse_amount(word, what, zero=zero, board=self.state.board)

    def signed_amount(self, word: str, what: str = AMOUNT) -> int:
        """An amount with a sign: ``-50`` (or ``-$50``, ``$-50``) takes money away, ``50`` or ``+50`` gives it."""
        board = self.state.board
        w = word.strip()
        bare = strip_sign(w, board)
        sign, body = 1, w
        if w[:1] in "+-":
            sign, body = (-1 if w[0] == "-" else 1), w[1:]
        elif bare[:1] in "+-" and bare != w:
            sign, body = (-1 if bare[0] == "-" else 1), bare[1:]
        return sign * parse_amount(body, what, board=board)

    def dice(self, word: str) -> int:
        """A total thrown with two dice, typed as digits."""
        if not word.isascii() or not word.isdigit() or not is_roll(int(word)):
            raise self.bad(_('"{word}" is not a roll of two dice (2 to 12)').format(word=shown(word)))
        return int(word)

    def deck(self, word: str) -> Deck:
        deck = closed_word(word, DECKS)
        if deck is None:
            raise self.bad(_('"{word}" is not a deck: chance or chest').format(word=shown(word)))
        return deck

    def jail_way(self, word: str) -> JailWay:
        how = closed_word(word, JAIL_HOW)
        if how is None:
            raise self.bad(_('"{word}" is not one of fine, card, doubles, miss').format(word=shown(word)))
        return how

    def tax_choice(self, word: str) -> TaxChoice:
        """The Income Tax choice: the board's flat figure as it prints it (``200``, ``4.000 DM``) or ``flat``, or the
        10%. Another figure is refused naming the board's, so a ``200`` typed on a board whose flat tax is 250 is
        never recorded as 250 (issue 36; docs/rulings.md)."""
        board = self.state.board
        option = closed_word(strip_sign(word, board), tax_choices(board))
        if option is not None:
            return option
        try:
            figure: int | None = parse_amount(word, board=board)
        except CommandError:
            figure = None
        if figure == board.income_tax:  # typed with the board's separator: "4.000", "4.000 DM"
            return TaxChoice.FLAT
        if figure is not None:
            raise self.bad(
                _(
                    "{amount} is not an income-tax choice: the flat Income Tax on the {board} board is {flat} "
                    "(type {figure} or flat), else 10%"
                ).format(
                    amount=board.money(figure),
                    board=_(board.title),
                    flat=board.money(board.income_tax),
                    figure=board.income_tax,
                )
            )
        raise self.bad(
            _('"{word}" is not an income-tax choice: {figure} (or flat) or 10%').format(
                word=shown(word), figure=board.income_tax
            )
        )

    def counterparty(self, word: str, player: str, keyword: str) -> tuple[str | None, bool]:
        """Who else a payment or collection is with: (a player, False), (None, True) for each, (None, False) for
        the bank."""
        who = self.player_or(word, EVERYONE | BANK)
        if who == ("each",):
            return None, True
        if isinstance(who, str):
            if who == player:
                raise self.bad(
                    (
                        _("{player} cannot pay to themselves")
                        if keyword == "to"
                        else _("{player} cannot collect from themselves")
                    ).format(player=player)
                )
            return who, False
        return None, False

    def creditor(self, word: str, player: str) -> str | None:
        """Whom a bankrupt player owes: a player, or None for the bank."""
        creditor = self.player_or(word, BANK)
        if creditor == ("bank",):
            return None
        assert isinstance(creditor, str)
        if creditor == player:
            raise self.bad(_("{player} cannot owe themselves").format(player=player))
        return creditor

    def count(self, word: str, what: str) -> int:
        """A count of ``what`` (``N_``-marked where it is written: "buildings", "turns"), from 1 to 100."""
        name = _(what)
        if not word.isdigit() or not word.isascii():
            raise self.bad(_('"{word}" is not a whole number of {what}').format(word=shown(word), what=name))
        n = int(word)
        if n <= 0:
            raise self.bad(_("the {what} must be at least 1").format(what=name))
        if n > 100:
            raise self.bad(_("{n} {what} is more than a board holds").format(n=n, what=name))
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
                raise c.bad(_('"{word}" is not a whole-number seed').format(word=shown(c.args[1])))
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


def _player_deed(cls: Callable[..., Action]) -> Callable[[_Line], Command]:
    def parse_it(c: _Line) -> Action:
        c.need(2)
        return cls(c.player(c.args[0]), c.deed(c.args[1:]))

    return parse_it


def _auction(c: _Line) -> Action:
    c.need(3)
    deed = _whole_deed(c, len(c.args) - 2)
    return Auction(deed, c.player(c.args[-2]), c.amount(c.args[-1], WINNING_BID))


def _whole_deed(c: _Line, stop: int) -> str:
    """The deed ``args[:stop]`` names, every word of it."""
    deed, j = c.deed_run(0, stop)
    if j != stop:
        raise c.bad(_('"{words}" is not part of {deed}').format(words=shown(" ".join(c.args[j:stop])), deed=deed))
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
            raise c.bad(_('"card" goes last'))
        card = True
        rest, lowered = rest[:-1], lowered[:-1]
    if "dice" in lowered[1:]:
        i = lowered.index("dice", 1)
        if i != len(rest) - 2:
            raise c.bad(_("dice takes one number: the roll"))
        dice = c.dice(rest[-1])
        rest = rest[:-2]
    return Rent(payer, c.deed(rest), dice=dice, card=card)


def _money_move(c: _Line, cls: Callable[..., Action], keyword: str) -> Action:
    c.need(2, 4)
    player = c.player(c.args[0])
    amount = c.amount(c.args[1])
    other, each = None, False
    if len(c.args) > 2:
        if c.args[2].casefold() != keyword or len(c.args) != 4:
            raise c.bad(
                _('after the amount comes "to <player>", "to each" or "to bank"')
                if keyword == "to"
                else _('after the amount comes "from <player>", "from each" or "from bank"')
            )
        other, each = c.counterparty(c.args[3], player, keyword)
    if cls is Pay:
        return Pay(player, amount, to=other, each=each)
    return Collect(player, amount, source=other, each=each)


def _go(c: _Line) -> Action:
    c.need(1, 2)
    exact = False
    if len(c.args) == 2:
        if closed_word(c.args[1], EXACT) is None:
            raise c.bad(_('"{word}" is not "exact"').format(word=shown(c.args[1])))
        exact = True
    return Go(c.player(c.args[0]), exact=exact)


def _build_sell(cls: Callable[..., Action]) -> Callable[[_Line], Command]:
    def parse_it(c: _Line) -> Action:
        c.need(2)
        player = c.player(c.args[0])
        rest = c.args[1:]
        count = 1
        if len(rest) > 1 and rest[-1].isdigit():
            count = c.count(rest[-1], BUILDINGS)
            rest = rest[:-1]
        return cls(player, c.lot(rest, selling=cls is Sell), count)

    return parse_it


def _shortage(c: _Line) -> Action:
    """``<count>`` houses, ``<count> houses|hotels``, or ``house``/``hotel`` alone for one."""
    c.need(4)
    player = c.player(c.args[0])
    amount = c.amount(c.args[-1], PRICE)
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
        count = c.count(rest[-1], HOTELS if hotel else HOUSES)
        rest = rest[:-1]
    if not count:
        raise c.bad(_("say how many houses were auctioned, or hotel"))
    return c.lot(rest), count, hotel  # placed as a build is: a group's name starts where the next one may go


def _tax(c: _Line) -> Action:
    c.need(2, 3)
    player = c.player(c.args[0])
    kind = closed_word(c.args[1], TAX_KINDS)
    if kind is TaxKind.LUXURY:
        if len(c.args) > 2:
            raise c.bad(_("luxury tax has no option"))
        return Tax(player, TaxKind.LUXURY)
    if kind is not TaxKind.INCOME:
        raise c.bad(_('"{word}" is not income or luxury').format(word=shown(c.args[1])))
    if len(c.args) < 3:
        return Tax(player, TaxKind.INCOME)
    return Tax(player, TaxKind.INCOME, c.tax_choice(c.args[2]))


def _card(c: _Line) -> Action:
    """``card <player> [chance|chest] <card>``: without the deck, the one deck that has a card of those words
    (``card bob street repairs``; rules.cards.deck_of)."""
    c.need(2)
    player = c.player(c.args[0])
    board = c.state.board
    if closed_word(c.args[1], DECKS) is None:
        words = " ".join(c.args[1:])
        deck = deck_of(c.state.settings.cards, words, board)
    else:
        c.need(3)
        deck = c.deck(c.args[1])
        words = " ".join(c.args[2:])
    card = resolve_card(c.state.settings.cards, deck, words, board)
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
            raise c.bad(
                _('"{word}" is not expected here (only "jail <player> card chance|chest")').format(
                    word=shown(c.args[2])
                )
            )
    return JailAction(player, how, deck)


def _trade(c: _Line) -> Action:
    c.need(3)
    first, second = c.player(c.args[0]), c.player(c.args[1])
    if first == second:
        raise c.bad(_("{player} cannot trade with themselves").format(player=first))
    words = c.args[2:]
    lowered = [w.casefold() for w in words]
    sections: dict[str, list[str]] = {}
    current = None
    for w, low in zip(words, lowered, strict=True):
        if low in ("give", "get", "lift", "gets", "gives"):
            key = low.rstrip("s")
            if key in sections:
                raise c.bad(_('"{word}" appears twice').format(word=key))
            current = key
            sections[key] = []
        elif current is None:
            raise c.bad(_('"{word}" comes before give/get').format(word=shown(w)))
        else:
            sections[current].append(w)
    if "give" not in sections and "get" not in sections:
        raise c.bad(_("say what changes hands with give ... get ..."))
    give = _items(c, " ".join(sections.get("give", [])), first)
    get = _items(c, " ".join(sections.get("get", [])), second)
    if give.empty() and get.empty():
        raise c.bad(_("nothing changes hands"))
    lift = _lift(c, " ".join(sections["lift"])) if "lift" in sections else ()
    return Trade(first, second, give, get, lift)


def _lift(c: _Line, text: str) -> tuple[str, ...]:
    """The mortgaged deeds a trade lifts at once."""
    lift = tuple(c.deed(part.split()) for part in _split_items(text))
    if not lift:
        raise c.bad(_("lift needs the deeds to lift"))
    return lift


def _split_items(text: str) -> list[str]:
    """A trade side's items, split at commas, "and" and "+"; not at a thousands comma ("$1,000, Reading")."""
    parts = [p.strip() for p in re.split(r"(?<!\d),|,(?!\d{3}(?!\d))|\band\b|\+", text)]
    return [p for p in parts if p]


JAIL_CARD_WORDS = frozenset({"jail-card", "jail", "goojf", "get-out-of-jail-free", "card"})
"""A trade item that is the giver's Get Out of Jail Free card (Chance's first), as typed with ``-`` for spaces."""
DECK_JAIL_CARD_WORDS = frozenset({"chance-jail-card", "chest-jail-card", "community-chest-jail-card", "cc-jail-card"})
"""A trade item that is one deck's jail card."""
TRADE_CASH = N_("cash in the trade")


class _Item(Enum):
    """What one item of a trade's side is."""

    NOTHING = auto()
    CASH = auto()
    JAIL_CARD = auto()
    DECK_JAIL_CARD = auto()
    DEED = auto()


def _item_kind(text: str, board: Board) -> _Item:
    """What one item of a trade's side is, by its words: the one reading the trade command and the trade dialog
    (:func:`read_trade_item`) share."""
    low = text.casefold().replace(" ", "-")
    if low == "nothing":
        return _Item.NOTHING
    if has_sign(low, board) or low[:1].isdigit():
        return _Item.CASH
    if low in JAIL_CARD_WORDS:
        return _Item.JAIL_CARD
    if low in DECK_JAIL_CARD_WORDS:
        return _Item.DECK_JAIL_CARD
    return _Item.DEED


def read_trade_item(state: GameState, text: str, *, lift: bool = False) -> None:
    """Raise the refusal ``text`` meets as one item of a trade's side (a deed, an amount, a jail card, ``nothing``),
    or of the deeds it lifts (``lift``: a deed), read alone: the trade dialog checks each item as it is added, before
    both players are named (a game-night review: `bob` and `$100` were listed without a word until Ctrl+S). Who holds
    what is the whole trade's to check."""
    kind = _Item.DEED if lift else _item_kind(text, state.board)
    if kind is _Item.CASH:
        parse_amount(text.replace(" ", ""), TRADE_CASH, board=state.board)
    elif kind is _Item.DEED:
        state.deed(text)


def _items(c: _Line, text: str, giver: str) -> Items:
    deeds: list[str] = []
    cash = 0
    cards: list[Deck] = []
    held = sorted(c.state.player(giver).jail_cards, key=lambda deck: deck != Deck.CHANCE)  # Chance's card first
    for part in _split_items(text):
        kind = _item_kind(part, c.state.board)
        if kind is _Item.NOTHING:
            continue
        if kind is _Item.CASH:
            if cash:
                raise c.bad(_("give one cash amount per side"))
            cash = c.amount(part.replace(" ", ""), TRADE_CASH)
        elif kind is _Item.JAIL_CARD:
            if not held:
                raise c.bad(_("{player} holds no Get Out of Jail Free card").format(player=giver))
            cards.append(held.pop(0))
        elif kind is _Item.DECK_JAIL_CARD:
            cards.append(Deck.CHANCE if part.casefold().startswith("chance") else Deck.CHEST)
        else:
            name = c.deed(part.split())
            if name in deeds:
                raise c.bad(_("{deed} is named twice").format(deed=name))
            deeds.append(name)
    return Items(tuple(deeds), cash, tuple(cards))


def _position(c: _Line) -> Action:
    """A line of a position taken over from the board (rules/position.py): ``position <player> cash <amount>``,
    ``position <player> owns <deed> [<n> houses|hotel|mortgaged]``, ``position <player> jail card chance|chest``,
    ``position <player> in jail [<turn>]``, ``position pot <amount>``, ``position turn <player>``. The lines about
    no one player have two words; every line about a player has three or more, so a player called Turn is read."""
    c.need(2)
    subject = closed_word(c.args[0], POSITION_SUBJECTS) if len(c.args) == 2 else None
    if subject is not None:
        _one_form(c, f"position {subject} ")  # i18n-exempt: a form of the English shape, looked for
        if subject == "pot":
            return PositionPot(c.amount(c.args[1], POT, zero=True))
        return PositionTurn(c.player(c.args[1]))
    player = c.player(c.args[0])
    what = closed_word(c.args[1], POSITION_WHAT)
    if what is None:
        raise c.bad(_('"{word}" is not cash, owns, jail card or in jail').format(word=shown(c.args[1])))
    _one_form(c, f"<player> {what} ")
    c.need(3)
    rest = c.args[2:]
    if what == "cash":
        c.need(3, 3)
        return PositionCash(player, c.amount(rest[0], CASH, zero=True))
    if what == "owns":
        return _position_deed(c, player)
    if what == "jail" and closed_word(rest[0], {"card": "card"}) == "card":
        c.need(4, 4)
        return PositionJailCard(player, c.deck(rest[1]))
    if what in ("jail", "in"):
        if what == "in":
            if closed_word(rest[0], {"jail": "jail"}) != "jail":
                raise c.bad(_('"{word}" is not "jail" (position <player> in jail <turn>)').format(word=shown(rest[0])))
            rest = rest[1:]
        if len(rest) > 1:
            raise c.bad(_("too many words"))
        if not rest:
            return PositionJail(player)
        if not (rest[0].isascii() and rest[0].isdigit()) or len(rest[0]) > 3:
            raise c.bad(not_a_jail_turn(rest[0]))
        return PositionJail(player, int(rest[0]))
    raise c.bad(_('"{word}" is not cash, owns, jail card or in jail').format(word=shown(c.args[1])))


def not_a_jail_turn(word: str) -> str:
    """A position's turn in jail that is no number (the ``position`` line and the set-up screen's field)."""
    return _('"{word}" is not the number of the turn in jail (1 for the first)').format(word=shown(word))


def _one_form(c: _Line, part: str) -> None:
    """A refusal quotes the one form of the line being read, not all six."""
    c.shape = next((form for form in c.shape.split(" | ") if part in f"{form} "), c.shape)


def _position_deed(c: _Line, player: str) -> PositionDeed:
    """``owns <deed>`` then what stands on it (:func:`lot_of`)."""
    deed, j = c.deed_run(2, len(c.args))
    houses, hotel, mortgaged = lot_of(c, deed, c.args[j:])
    return PositionDeed(player, deed, houses, hotel, mortgaged)


def lot_of(c: _Line, deed: str, words: list[str]) -> tuple[int, bool, bool]:
    """What stands on a deed taken over from the board, as (houses, hotel, mortgaged): nothing (or ``unimproved``),
    ``<n> houses`` (or ``<n>``, ``1 house``), ``hotel`` (or ``a hotel``) or ``mortgaged``."""
    tail = [w.casefold() for w in words]
    if not tail:
        return 0, False, False
    word = closed_word(tail[-1], LOT_WORDS)
    count = tail[0] if tail[0].isascii() and tail[0].isdigit() else None
    if word == "mortgaged" and len(tail) == 1:
        return 0, False, True
    if word == "unimproved" and len(tail) == 1:
        return 0, False, False
    if word == "hotel" and (len(tail) == 1 or (len(tail) == 2 and tail[0] in ("1", "a"))):
        return 0, True, False
    if count is not None and len(count) <= 3 and (len(tail) == 1 or (len(tail) == 2 and word == "houses")):
        return int(count), False, False
    raise c.bad(
        _('"{words}" is not what stands on {deed}: <n> houses, hotel or mortgaged').format(
            words=shown(" ".join(words)), deed=deed
        )
    )


def _correct(c: _Line) -> Action:
    """``correct <player> <amount> <reason>``: a signed amount (``-50``: the player gives it back to the bank)."""
    c.need(3)
    player = c.player(c.args[0])
    amount = c.signed_amount(c.args[1], CORRECTION)
    return Correction(player, amount, check_reason(" ".join(c.args[2:])))


def _side(c: _Line) -> Action:
    """``side <owner> no|half rent <deed|group> [from <player>|from each] [for <n> turns|until <player> passes go]``,
    or ``side end <n>``: a deal about rent with its end (rules/side_deals.py)."""
    c.need(2)
    first = c.player_or(c.args[0], {"end": "end"})
    if isinstance(first, tuple):
        c.need(2, 2)
        number = c.args[1]
        if not (number.isascii() and number.isdigit() and len(number) <= 6):
            raise c.bad(
                _('"{word}" is not a side deal\'s number (the journal says it: "Side deal 1")').format(
                    word=shown(c.args[1])
                )
            )
        return EndSideDeal(int(number))
    c.need(3)
    share = closed_word(c.args[1].casefold(), RENT_SHARES)
    if share is None:
        raise c.bad(_('"{word}" is not a share of the rent: no or half').format(word=shown(c.args[1])))
    words = c.args[2:]
    if words and words[0].casefold() == "rent":
        words = words[1:]
    stop = next((i for i, w in enumerate(words) if w.casefold() in ("from", "for", "until") or w.isdigit()), len(words))
    what, tail = _side_what(c, words[:stop]), words[stop:]
    payer: str | None = None
    if tail and tail[0].casefold() == "from":
        if len(tail) < 2:
            raise c.bad(_('say whose rent: "from <player>" or "from each"'))
        who = c.player_or(tail[1], EVERYONE)
        payer, tail = (None if isinstance(who, tuple) else who), tail[2:]
    turns, until_go = _side_end(c, tail)
    return SideDeal(first, share, what, payer, turns, until_go)


def _side_what(c: _Line, words: list[str]) -> str:
    """A side deal's deeds: a group by its whole name (``orange``, ``railroads``), else one deed."""
    if not words:
        raise c.bad(_("a deed or a group is missing"))
    group = group_named(c.state.board, " ".join(words))
    return group.title if group is not None else c.deed(words)


def _side_end(c: _Line, tail: list[str]) -> tuple[int, str | None]:
    """``for <n> turns`` (``for 3``, ``3 turns``), ``until <player> [passes] go``, or nothing: until called off."""
    low = [w.casefold() for w in tail]
    if not low:
        return 0, None
    if (
        low[0] == "until"
        and len(low) in (3, 4)
        and low[-1] == "go"
        and (len(low) == 3 or low[2] in ("passes", "passing"))
    ):
        return 0, c.player(tail[1])
    counted = low[1:] if low[0] == "for" else low
    if counted and counted[-1] in ("turn", "turns"):
        counted = counted[:-1]
    if len(counted) == 1:
        return c.count(counted[0], N_("turns")), None
    raise c.bad(
        _('"{words}" is not how the deal ends: for <n> turns or until <player> passes go').format(
            words=shown(" ".join(tail))
        )
    )


def _bankrupt(c: _Line) -> Action:
    c.need(2, 3)
    if len(c.args) != 3 or c.args[1].casefold() != "to":
        raise c.bad(_('say whom the player owes: "to <player>" or "to bank"'))
    player = c.player(c.args[0])
    return Bankrupt(player, c.creditor(c.args[2], player))


def _one_player(cls: Callable[..., Action]) -> Callable[[_Line], Command]:
    def parse_it(c: _Line) -> Action:
        c.need(1, 1)
        return cls(c.player(c.args[0]))

    return parse_it


def _bare(make: Callable[[], Command]) -> Callable[[_Line], Command]:
    def parse_it(c: _Line) -> Command:
        c.need(0, 0)
        return make()

    return parse_it


def _control(c: _Line, kind: ControlKind) -> Control:
    """``undo`` / ``redo``, or ``undo to 12`` / ``redo to 12`` with the number of a journal entry (``banker log``)."""
    c.need(0, 2)
    if not c.args:
        return Control(kind)
    if len(c.args) != 2 or closed_word(c.args[0], {"to": "to"}) is None:
        raise c.bad(
            _("after undo only `to` and a journal entry's number (`undo to 12`)")
            if kind is ControlKind.UNDO
            else _("after redo only `to` and a journal entry's number (`redo to 12`)")
        )
    word = c.args[1]
    if not (word.isascii() and word.isdigit()) or len(word) > 18 or int(word) < 1:
        raise c.bad(_('"{word}" is not the number of a journal entry').format(word=shown(word)))
    return Control(kind, int(word))


def _end(c: _Line) -> Action:
    c.need(0, 1)
    if not c.args:
        return End()
    reason = closed_word(c.args[0], END_REASONS)
    if reason is None:
        raise c.bad(_('"{word}" is not a reason to end: time or agreement').format(word=shown(c.args[0])))
    return End(reason)


def _show(c: _Line) -> Query:
    c.need(1)
    what = closed_word(c.args[0], SHOW_WHAT)
    # A refusal quotes the one question asked ("expected: show count <houses> <hotels> [<group>]"), not all seven.
    if what is not None:
        c.shape = next((part for part in c.shape.split(" | ") if part.startswith(f"show {what.value}")), c.shape)
    if what is QueryKind.RENT:
        rest = c.args[1:]
        dice = None
        if len(rest) >= 2 and rest[-2].casefold() == "dice":
            dice = c.dice(rest[-1])
            rest = rest[:-2]
        return Query(QueryKind.RENT, deed=c.deed(rest), dice=dice)
    if what == QueryKind.COUNT:
        return _count_check(c)
    if what == QueryKind.DEED:
        return Query(QueryKind.DEED, deed=c.deed(c.args[1:]))
    if what in (QueryKind.WORTH, QueryKind.SCORES, QueryKind.DEALS):
        c.need(1, 1)
        return Query(what)
    if what in (QueryKind.TAX, QueryKind.RAISE):
        c.need(2, 2)
        return Query(what, player=c.player(c.args[1]))
    raise c.bad(_('"{word}" is not something to show').format(word=shown(c.args[0])))


def _count_check(c: _Line) -> Query:
    """``show count <houses> <hotels> [<group>]``: the buildings counted on the board, or on one colour group (named
    by its title, key or mark: ``dark blue``, ``db``)."""
    if len(c.args) < 3:
        raise c.bad(_("give the houses and the hotels counted"))
    board = c.state.board
    counts = []
    for word, hotels, most in ((c.args[1], False, board.houses), (c.args[2], True, board.hotels)):
        if not (word.isascii() and word.isdigit()) or len(word) > 6:
            raise c.bad(
                (
                    _('"{word}" is not a whole number of hotels counted')
                    if hotels
                    else _('"{word}" is not a whole number of houses counted')
                ).format(word=shown(word))
            )
        if int(word) > most:
            raise c.bad(
                (
                    _("{n} hotels is more than the bank's {most}: count again")
                    if hotels
                    else _("{n} houses is more than the bank's {most}: count again")
                ).format(n=int(word), most=most)
            )
        counts.append(int(word))
    group = None
    if len(c.args) > 3:
        keys = list(board.groups)
        entries: list[tuple[int, str, tuple[str, ...]]] = [
            (i, g.title, (g.key, g.key.replace("_", " "), g.mark, *sorted(spelling_keys(_(g.title)))))
            for i, g in enumerate(board.groups.values())
        ]
        group = keys[resolve(" ".join(c.args[3:]), entries, _("colour group"))]
        if not any(board.deeds[di].is_street for di in board.groups[group].deeds):
            raise c.bad(
                _("no building stands on the {group}; count a colour group").format(group=_(board.groups[group].title))
            )
    return Query(QueryKind.COUNT, counts=(counts[0], counts[1]), group=group)


def _new(c: _Line) -> NewGame:
    return parse_new_words(c.args)
