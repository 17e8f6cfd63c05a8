"""The phone pages' data as types: what :func:`banker.web.pages.player_data` and :func:`~banker.web.pages.table_data`
return, and what the pages' HTML and the ``/events`` snapshots (sent to the page's script as JSON, docs/phones.md)
are made from. Plain JSON at run time; typed dictionaries so a key misspelt or missing is a type error."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict


class GameFacts(TypedDict):
    id: int
    variant: str
    """The variant's title as its data says it; the page shows it translated."""
    edition: str
    turn: str
    """Whose turn it is (empty before the players are seated)."""
    turn_no: int
    over: bool
    end_reason: str
    seq: int
    """The journal's last entry the page shows: the script drops an older snapshot."""


class LogLine(TypedDict):
    seq: int
    time: str
    clock: str
    """The time as HH:MM in this computer's zone (empty if the journal's time cannot be read)."""
    kind: str
    text: str
    undone: bool


class Collects(TypedDict):
    """What a deed collects now: ``amount`` None for a utility, whose rent is a range by the dice."""

    amount: int | None
    low: int
    high: int
    text: str
    detail: str


class CardRent(TypedDict):
    level: str
    """"site", "1 house", ... as printed."""
    text: str
    """The figure in the game's money."""
    now: bool
    """The rent charged now."""


class DeedCard(TypedDict):
    """A deed's card as printed and its facts in this game (``banker.views.deed_card_view``, the table's own)."""

    price: str
    rents: list[CardRent]
    building: str
    """What a house and a hotel cost ("" for a railroad or utility)."""
    mortgage: str
    holder: str


class DeedLine(TypedDict):
    name: str
    key: str
    """The deed's key: the id of its card on the page (``card-<key>``)."""
    houses: int
    hotel: bool
    mortgaged: bool
    collects: Collects
    card: DeedCard


class GroupLine(TypedDict):
    key: str
    title: str
    """As the edition prints it (English on a US board); the page shows it translated (the rules catalogue's)."""
    mark: str
    """The group's mark in letters, shown beside its colour (no group told by colour alone)."""
    colour: str
    deeds: list[DeedLine]


class PlayerFacts(TypedDict):
    seat: int
    name: str
    piece: str
    cash: int
    cash_text: str
    worth: int
    worth_text: str
    bankrupt: bool
    turn: bool
    jail: str
    """The jail timer in words (empty when not in jail)."""
    jail_cards: list[str]


class RequestFacts(TypedDict):
    """A phone's request as the API returns it and the player's page lists it (docs/phones.md, "The HTTP API")."""

    id: str
    """The id the phone chose."""
    n: int
    """The request's number in ``banker requests`` and the inbox."""
    player: str
    line: str
    """The canonical line the banker would record."""
    status: str
    """``pending``, ``recorded``, ``undone`` (recorded, then its entry undone), ``declined``, ``withdrawn`` or
    ``stale``."""
    time: str
    updated: str
    preview: NotRequired[str]
    """Pending: the engine's summary now."""
    refusal: NotRequired[str]
    """Stale: why the engine refuses it now."""
    entry: NotRequired[int | None]
    """Recorded or undone: the journal entry."""
    summary: NotRequired[str]
    """Recorded or undone: that entry's summary."""
    asked: NotRequired[str]
    """The engine's summary when the phone asked (absent for requests stored by an earlier version)."""
    repriced: NotRequired[bool]
    """Priced otherwise now (pending) or when recorded than when asked."""
    why: NotRequired[str]
    """A repriced request: the figure asked for and why it changed."""
    reason: NotRequired[str | None]
    """Declined: the banker's reason (None: none given)."""
    same: NotRequired[str]
    """Just asked, and the same money as an entry already recorded or another phone's waiting ask: which ("the
    same as entry 35, recorded 40 s before it was asked"); the inbox marks it and Enter does not record it."""


class FormChoices(TypedDict):
    """What the request forms of a player's page offer (:func:`banker.web.pages.form_choices`)."""

    me: str
    others: list[str]
    """The other players still in the game."""
    their_deeds: list[str]
    """Other players' unmortgaged deeds (rent)."""
    my_deeds: list[str]
    bank_deeds: list[str]
    utilities: list[str]
    tax: list[tuple[str, str]]
    """(the command's word, the label) per tax the player may pay."""
    jail: bool
    over: bool


class AuctionFacts(TypedDict):
    """The auction the banker has open in the app, as the players' pages show it."""

    lot: str
    text: str
    """The highest bid in words, in the banker's language (empty before the first bid); the pages no longer show
    it (they say :attr:`bids`' first in the phone's)."""
    bids: dict[str, str]
    """Player name -> that player's bid, as money (only bids that can stand: within the bidder's cash), highest
    first: the pages say the highest bid (or a tie) from it, in each phone's language."""
    waiting: NotRequired[dict[str, str]]
    """Player name -> that player's bid from their phone, waiting beside the field for the banker to take it."""


class AsksFacts(TypedDict):
    """A player's page when phones may ask: their latest requests, the forms' choices, the open auction."""

    path: str
    """The link's path (``/<token>``): the forms post under it."""
    requests: list[RequestFacts]
    choices: FormChoices
    auction: AuctionFacts | None


class ChartFacts(TypedDict):
    """Worth and cash over the game (``banker.reports.story``), at most 120 points a player (a long game thinned,
    the last point kept: ``pages.PAGE_POINTS``), for the chart on the pages."""

    names: list[str]
    worth: list[list[int]]
    """``worth[i][k]``: player i's worth at point k (0: the start)."""
    cash: list[list[int]]
    turns: list[int]
    """The game's turn at each point."""
    now: str
    """Whose turn it is ("" once the game is over)."""
    edition: str
    currency: str
    """The money the figures are in (the chart's scale)."""
    link: str
    """The page's path (``/<token>``): its chart's pictures are fetched under it (``pages.chart_src``)."""
    at: int
    """The entry the figures are at (the journal's last ``seq``): each picture's address names it."""


class PlayerPage(TypedDict):
    page: Literal["player"]
    game: GameFacts
    player: PlayerFacts
    groups: list[GroupLine]
    log: list[LogLine]
    chart: NotRequired[ChartFacts]
    """Worth over the game (the page's server keeps it: not in a page drawn without one)."""
    asks: NotRequired[AsksFacts]
    """Only when the game's phones may ask (docs/phones.md)."""


class StandingLine(TypedDict):
    rank: int
    name: str
    cash: int
    cash_text: str
    worth: int
    worth_text: str
    bankrupt: bool
    turn: bool
    winner: bool
    in_jail: bool


class BankFacts(TypedDict):
    houses: int
    houses_total: int
    hotels: int
    hotels_total: int


class PotFacts(TypedDict):
    amount: int
    text: str


class SheetDeedLine(TypedDict):
    """One deed of the board sheet (``banker.views.board_sheet``)."""

    name: str
    group: str
    mark: str
    colour: str
    owner: str | None
    """None: the bank holds it."""
    token: str
    buildings: str
    """The buildings in words, "-" for none (``banker.views.buildings_text``)."""
    mortgaged: bool


class SheetPlayerLine(TypedDict):
    name: str
    token: str
    jail: str
    """The jail timer in words (empty when not in jail)."""
    jail_cards: list[str]


class BoardSheetFacts(TypedDict):
    """The board sheet: what it takes to lay the board out again."""

    deeds: list[SheetDeedLine]
    players: list[SheetPlayerLine]


class TablePage(TypedDict):
    page: Literal["table"]
    game: GameFacts
    standings: list[StandingLine]
    bank: BankFacts
    pot: PotFacts | None
    """The Free Parking pot, under that house rule only."""
    seconds_left: int | None
    """A time-limit game's time left."""
    log: list[LogLine]
    board: BoardSheetFacts
    chart: NotRequired[ChartFacts]


PageData = PlayerPage | TablePage
"""A page's data: its ``page`` key says which."""
