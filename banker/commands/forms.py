"""Dialog forms: a dialog's fields read into one typed command by the parser's own resolvers, and the two ways a
form is not a command yet (a field :class:`Missing`, or :class:`Refused` with the parser's words)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from banker.commands.amounts import AMOUNT, CASH, CORRECTION, POT, PRICE, WINNING_BID
from banker.commands.reading import BUILDINGS, _deal, _items, _lift, _Line, _lot, _whole_deed, lot_of, not_a_jail_turn
from banker.commands.verbs import VERB
from banker.commands.words import TAX_KINDS, closed_word
from rules.actions import (
    Action,
    Auction,
    Bankrupt,
    Build,
    Card,
    Collect,
    Correction,
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
    Tax,
    TaxKind,
    Trade,
)
from rules.cards import deck_of, resolve_card
from rules.corrections import check_reason
from rules.errors import RuleError
from rules.i18n import _
from rules.state import GameState

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
            return how(_Line(verb, [], self.state, VERB[verb].shape), text)
        except RuleError as e:
            raise Refused(e, key) from None

    def optional(self, key: str, how: Callable[[_Line, str], _T], default: _T, verb: str = "show") -> _T:
        """Like :meth:`read`, ``default`` for an empty field."""
        return self.read(key, how, verb) if self.text(key) else default

    def player(self, key: str) -> str:
        return self.read(key, _Line.player)

    def deed(self, key: str) -> str:
        return self.read(key, lambda c, text: c.deed(text.split()))

    def amount(self, key: str, what: str = AMOUNT) -> int:
        return self.read(key, lambda c, text: c.amount(text, what))

    def flag(self, key: str) -> bool:
        return bool(self.text(key))

    # One reader per command whose words depend on each other, each by the parser's own steps.
    def auction(self, lot: str, winner: str, bid: str) -> Auction:
        """The deed of ``lot`` sold at auction to ``winner`` (a player's name) for the amount in ``bid``."""

        def deed(c: _Line, text: str) -> str:
            words = _Line("auction", text.split(), c.state, VERB["auction"].shape)
            return _whole_deed(words, len(words.args))

        return Auction(self.read(lot, deed), winner, self.amount(bid, WINNING_BID))

    def shortage(self, lot: str, winner: str, bid: str) -> ShortageAuction:
        """Houses or hotels sold at auction in a shortage: ``lot`` holds the deed and what was sold ("boardwalk
        hotel", "boardwalk 2 houses")."""
        price = self.amount(bid, PRICE)
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
            self.read(deed, lambda c, text: c.lot(text.split(), selling=cls is Sell)),
            self.optional(count, lambda c, text: c.count(text, BUILDINGS), 1, cls.verb),
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
        """The deck typed, or, left blank, the one deck that has a card of those words (``rules.cards.deck_of``)."""
        who = self.player(player)
        board = self.state.board
        if self.text(deck):
            which = self.read(deck, _Line.deck, "card")
        else:
            try:
                which = self.read(card, lambda c, text: deck_of(c.state.settings.cards, text, board), "card")
            except Refused as refused:
                if refused.error.field == "deck":  # both decks have such a card: the deck is what to say
                    raise Refused(refused.error, deck) from None
                raise
        return Card(
            who,
            which,
            self.read(card, lambda c, text: resolve_card(c.state.settings.cards, which, text, board).id),
        )

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
            return _deal(_Line("deal", words, self.state, VERB["deal"].shape), seed)
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
        line = _Line("trade", [], self.state, VERB["trade"].shape)
        if a == b:
            raise Refused(line.bad(_("{player} cannot trade with themselves").format(player=a)), second)
        gives = self.optional(give, lambda c, text: _items(c, text, a), Items(), "trade")
        gets = self.optional(get, lambda c, text: _items(c, text, b), Items(), "trade")
        if gives.empty() and gets.empty():
            raise Refused(line.bad(_("nothing changes hands")), give)
        return Trade(a, b, gives, gets, self.optional(lift, _lift, (), "trade"))

    def correction(self, player: str, amount: str, reason: str) -> Correction:
        """``correct``: a signed amount (``-50`` back to the bank) and the reason in the banker's words."""
        return Correction(
            self.player(player),
            self.read(amount, lambda c, text: c.signed_amount(text, CORRECTION), "correct"),
            self.read(reason, lambda _c, text: check_reason(text), "correct"),
        )

    # The lines of a position taken over from the board (the set-up screen's fields).
    def position_cash(self, player: str, amount: str) -> PositionCash:
        return PositionCash(
            self.player(player), self.read(amount, lambda c, text: c.amount(text, CASH, zero=True), "position")
        )

    def position_deed(self, player: str, deed: str, lot: str) -> PositionDeed:
        """``lot``: what stands on the deed ("2 houses", "hotel", "mortgaged"; empty: unimproved)."""
        who, name = self.player(player), self.deed(deed)
        houses, hotel, mortgaged = self.optional(
            lot, lambda c, text: lot_of(c, name, text.split()), (0, False, False), "position"
        )
        return PositionDeed(who, name, houses, hotel, mortgaged)

    def position_card(self, player: str, deck: str) -> PositionJailCard:
        return PositionJailCard(self.player(player), self.read(deck, _Line.deck, "position"))

    def position_jail(self, player: str, turn: str) -> PositionJail:
        def number(c: _Line, text: str) -> int:
            if not (text.isascii() and text.isdigit()) or len(text) > 3:
                raise c.bad(not_a_jail_turn(text))
            return int(text)

        return PositionJail(self.player(player), self.read(turn, number, "position"))

    def position_pot(self, amount: str) -> PositionPot:
        return PositionPot(self.read(amount, lambda c, text: c.amount(text, POT, zero=True), "position"))

    def position_turn(self, player: str) -> PositionTurn:
        return PositionTurn(self.player(player))
