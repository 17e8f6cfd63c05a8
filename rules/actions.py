"""Every thing a banker can record, as a value object.

Actions name players by name and deeds by name (any form :func:`rules.board.resolve` accepts; the command
parser stores the printed name), so a journalled action reads like what happened at the table. The engine
validates each one against the state (:func:`rules.engine.apply`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar, Literal

from rules.words import Deck, RentShare, TaxChoice


class JailWay(StrEnum):
    """How a player goes to jail (``send``) or what happened on a turn there (seed 000, JAIL)."""

    SEND = "send"
    FINE = "fine"
    CARD = "card"
    DOUBLES = "doubles"
    MISS = "miss"
    """A failed roll for doubles."""


class TaxKind(StrEnum):
    """The tax squares: Income Tax and Luxury Tax (Super Tax on the UK board)."""

    INCOME = "income"
    LUXURY = "luxury"


class EndReason(StrEnum):
    """Why the banker ended the game: agreed at the table, or the time-limit game's time is up (seed 002)."""

    AGREEMENT = "agreement"
    TIME = "time"


@dataclass(frozen=True)
class Action:
    verb: ClassVar[str] = ""


@dataclass(frozen=True)
class Deal(Action):
    """A deed dealt at the start of a short or time-limit game (paid for or free, by variant)."""

    verb: ClassVar[str] = "deal"
    player: str
    deed: str


@dataclass(frozen=True)
class DealRandom(Action):
    """Deal the variant's deeds to every player at random from ``seed``, for a table with no deed cards."""

    verb: ClassVar[str] = "deal_random"
    seed: int


@dataclass(frozen=True)
class Buy(Action):
    verb: ClassVar[str] = "buy"
    player: str
    deed: str


@dataclass(frozen=True)
class Auction(Action):
    """The result of an auction of a bank-held deed: who won it and for how much."""

    verb: ClassVar[str] = "auction"
    deed: str
    player: str
    amount: int


@dataclass(frozen=True)
class Rent(Action):
    """``payer`` landed on ``deed``; the owner asked for rent. ``card``: sent by a Chance "nearest" card."""

    verb: ClassVar[str] = "rent"
    payer: str
    deed: str
    dice: int | None = None
    card: bool = False


@dataclass(frozen=True)
class Pay(Action):
    """A payment the rules books do not name otherwise: to the bank, to one player, or to each other player."""

    verb: ClassVar[str] = "pay"
    player: str
    amount: int
    to: str | None = None
    each: bool = False


@dataclass(frozen=True)
class Collect(Action):
    verb: ClassVar[str] = "collect"
    player: str
    amount: int
    source: str | None = None
    each: bool = False


@dataclass(frozen=True)
class Go(Action):
    """GO salary. ``exact``: landed exactly on GO (pays double under that house rule)."""

    verb: ClassVar[str] = "go"
    player: str
    exact: bool = False


@dataclass(frozen=True)
class Build(Action):
    """Add ``count`` building levels, starting on ``deed`` and spread evenly over its group; all or nothing."""

    verb: ClassVar[str] = "build"
    player: str
    deed: str
    count: int = 1


@dataclass(frozen=True)
class Sell(Action):
    """Sell ``count`` building levels back to the bank at half price, evenly, starting on ``deed``."""

    verb: ClassVar[str] = "sell"
    player: str
    deed: str
    count: int = 1


@dataclass(frozen=True)
class ShortageAuction(Action):
    """The result of a building-shortage auction: ``player`` won ``count`` houses (``hotel``: hotels) for
    ``amount`` in all, placed evenly on ``deed``'s group."""

    verb: ClassVar[str] = "shortage"
    player: str
    deed: str
    count: int
    amount: int
    hotel: bool = False


@dataclass(frozen=True)
class Mortgage(Action):
    verb: ClassVar[str] = "mortgage"
    player: str
    deed: str


@dataclass(frozen=True)
class Unmortgage(Action):
    verb: ClassVar[str] = "unmortgage"
    player: str
    deed: str


@dataclass(frozen=True)
class Tax(Action):
    """``option``: the income-tax choice, or ``""`` when none was stated (a variant with one figure)."""

    verb: ClassVar[str] = "tax"
    player: str
    kind: TaxKind
    option: TaxChoice | Literal[""] = ""


@dataclass(frozen=True)
class Card(Action):
    """A drawn Chance (``chance``) or Community Chest (``chest``) card, by its id; its money effect applies."""

    verb: ClassVar[str] = "card"
    player: str
    deck: Deck
    card: str


@dataclass(frozen=True)
class JailAction(Action):
    """What happened to ``player`` and jail (:class:`JailWay`)."""

    verb: ClassVar[str] = "jail"
    player: str
    how: JailWay = JailWay.SEND
    deck: Deck | Literal[""] = ""
    """For ``card``: which deck's card to use when the player holds both (``""``: the one held)."""


@dataclass(frozen=True)
class Items:
    """One side of a trade."""

    deeds: tuple[str, ...] = ()
    cash: int = 0
    jail_cards: tuple[Deck, ...] = ()
    """Get Out of Jail Free cards, by deck."""

    def empty(self) -> bool:
        return not (self.deeds or self.cash or self.jail_cards)


@dataclass(frozen=True)
class Trade(Action):
    """``first`` gives ``give`` to ``second`` and gets ``get`` back. ``lift``: mortgaged deeds the receiver
    lifts at once (mortgage + 10%) instead of paying the 10% interest now."""

    verb: ClassVar[str] = "trade"
    first: str
    second: str
    give: Items = field(default_factory=Items)
    get: Items = field(default_factory=Items)
    lift: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bankrupt(Action):
    """``player`` retires, owing ``creditor`` (a player's name) or the bank (``None``)."""

    verb: ClassVar[str] = "bankrupt"
    player: str
    creditor: str | None = None


@dataclass(frozen=True)
class Turn(Action):
    verb: ClassVar[str] = "turn"
    player: str


@dataclass(frozen=True)
class Next(Action):
    verb: ClassVar[str] = "next"


@dataclass(frozen=True)
class Parking(Action):
    """Free Parking house rule: ``player`` landed there and collects the pot."""

    verb: ClassVar[str] = "parking"
    player: str


@dataclass(frozen=True)
class End(Action):
    """End the game: by agreement, or because the time-limit game's time is up."""

    verb: ClassVar[str] = "end"
    reason: EndReason = EndReason.AGREEMENT


# Taking over a game already under way (rules/position.py): the position on the table, entered before the first
# move, one fact a line. Each states the fact whole (a later line about the same thing replaces it).


@dataclass(frozen=True)
class PositionCash(Action):
    """``player`` has ``amount`` in cash on the table."""

    verb: ClassVar[str] = "position_cash"
    player: str
    amount: int


@dataclass(frozen=True)
class PositionDeed(Action):
    """``player`` holds ``deed`` with ``houses`` houses (or a ``hotel``), or ``mortgaged``."""

    verb: ClassVar[str] = "position_deed"
    player: str
    deed: str
    houses: int = 0
    hotel: bool = False
    mortgaged: bool = False


@dataclass(frozen=True)
class PositionJailCard(Action):
    """``player`` holds the Get Out of Jail Free card of ``deck``."""

    verb: ClassVar[str] = "position_card"
    player: str
    deck: Deck


@dataclass(frozen=True)
class PositionJail(Action):
    """``player`` is in jail, on (or waiting for) their ``turn``-th turn there: 1 for the first."""

    verb: ClassVar[str] = "position_jail"
    player: str
    turn: int = 1


@dataclass(frozen=True)
class PositionPot(Action):
    """The Free Parking pot (house rule) holds ``amount``."""

    verb: ClassVar[str] = "position_pot"
    amount: int


@dataclass(frozen=True)
class PositionTurn(Action):
    """It is ``player``'s turn when play goes on."""

    verb: ClassVar[str] = "position_turn"
    player: str


@dataclass(frozen=True)
class Correction(Action):
    """The banker puts a mistake right: ``amount`` moves from the bank to ``player`` (negative: from the player to
    the bank), recorded as a correction with its ``reason``, never as a payment (rules/corrections.py)."""

    verb: ClassVar[str] = "correct"
    player: str
    amount: int
    reason: str


@dataclass(frozen=True)
class SideDeal(Action):
    """The players made a deal about rent (rules/side_deals.py): ``owner`` asks ``share`` of the rent (none or half)
    of ``payer`` (None: of every other player) on ``what``, a deed or a group, for ``turns`` turns of the table, or
    until ``until_go`` collects a GO salary, or (neither) until the banker ends it. Recorded as a reminder: no money
    moves by it."""

    verb: ClassVar[str] = "side"
    owner: str
    share: RentShare
    what: str
    payer: str | None = None
    turns: int = 0
    until_go: str | None = None


@dataclass(frozen=True)
class EndSideDeal(Action):
    """The players call side deal ``number`` off (its number as the journal gave it: 1 for the game's first)."""

    verb: ClassVar[str] = "side_end"
    number: int


POSITION_TYPES: tuple[type[Action], ...] = (
    PositionCash,
    PositionDeed,
    PositionJailCard,
    PositionJail,
    PositionPot,
    PositionTurn,
)
"""The lines of a position taken over from the board: set-up, open only before play begins."""

_TYPES: tuple[type[Action], ...] = (
    Deal,
    DealRandom,
    Buy,
    Auction,
    Rent,
    Pay,
    Collect,
    Go,
    Build,
    Sell,
    ShortageAuction,
    Mortgage,
    Unmortgage,
    Tax,
    Card,
    JailAction,
    Trade,
    Bankrupt,
    Turn,
    Next,
    Parking,
    End,
    *POSITION_TYPES,
    Correction,
    SideDeal,
    EndSideDeal,
)
ACTION_TYPES: dict[str, type[Action]] = {cls.verb: cls for cls in _TYPES}
