"""The game state: frozen dataclasses, replaced (never mutated) by every accepted action.

Money is kept so that ``sum(player cash) + bank + pot == 0`` at all times: the bank starts owing the
players' starting cash, so every transfer moves money and nothing else creates or destroys it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import cached_property
from typing import Any

from rules.board import Board, Deed, default_deck, format_money, resolve
from rules.editions import load_board
from rules.errors import RuleError
from rules.i18n import N_, _
from rules.limits import check_settings
from rules.names import check_names
from rules.options import BY_KEY, OPTIONS, follower
from rules.variants import Variant, find_variant, load_variant
from rules.words import LATEST_RULES, Deck, RentShare, RulesVersion

BY_AGREEMENT = N_("by agreement")
TIME_IS_UP = N_("time is up")
"""The two reasons a game ends without a bankruptcy (``end``, ``end time``), as the state keeps them."""
BANKRUPTCY_ENDS = {
    (1, False): N_("first bankruptcy ({player} to {creditor})"),
    (1, True): N_("first bankruptcy ({player} to the bank)"),
    (2, False): N_("second bankruptcy ({player} to {creditor})"),
    (2, True): N_("second bankruptcy ({player} to the bank)"),
}
"""Why a game ended at a bankruptcy, by which bankruptcy ended it and whether the bank was the creditor."""
LAST_STANDING = N_("last player standing ({player})")
"""Why a game ended when one player is left."""

OMITTED_WHEN_DEFAULT = "omitted_when_default"
"""A dataclass field's metadata key: :mod:`rules.codec` leaves the field out of a saved state while it holds its
default (a field added after states were saved, so those keep their bytes)."""
SAVED_BEFORE = "saved_before"
"""A dataclass field's metadata key, for a field whose value in states saved before it was added is not its default:
that value. :mod:`rules.codec` reads a saved state that lacks the field as holding it, and leaves the field out while
it holds it, so those states keep their bytes; a state made now holds the default and says so
(:attr:`Settings.rules_version`: a game set up before a rule was enforced is played without it)."""


@dataclass(frozen=True)
class HouseRules:
    """Table rules that are not in any rule book. Off by default and always shown as house rules."""

    free_parking: bool = False
    """Taxes and fines go to the middle; landing on Free Parking collects them."""
    free_parking_start: int = 0
    """What the bank puts in the middle at the start, and again after each collection."""
    double_go: bool = False
    """Landing exactly on GO pays double salary."""
    no_auctions: bool = False
    """A deed the lander declines stays with the bank."""

    def describe(self, money: Callable[[int], str] = format_money) -> list[str]:
        """The house rules that are on, in words, as :data:`rules.options.OPTIONS` names them (the amounts in the
        game's money: pass ``state.money``)."""
        out = []
        for o in OPTIONS:
            after = follower(o)
            if o.house_rule and o.kind is bool and getattr(self, o.key):
                extra = getattr(self, after.key) if after else 0
                out.append(
                    _("{rule} ({setting} {amount})").format(
                        rule=_(o.describe), setting=_(after.describe), amount=money(extra)
                    )
                    if after and extra
                    else _(o.describe)
                )
        return out


@dataclass(frozen=True)
class Settings:
    """How a game is played, chosen when it starts: the rule system (variant), the edition, the card deck, the house
    rules and options."""

    variant: str = "standard"
    edition: str = "us"
    luxury_tax: int = 0
    """0: the variant's figure, else the edition's."""
    house_rules: HouseRules = field(default_factory=HouseRules)
    time_limit_minutes: int = 0
    """The agreed length of a time-limit game (0: none agreed)."""
    cards: str = "classic"
    """The card deck, one of the edition's (:attr:`rules.board.Board.decks`): ``classic`` (pre-2008) or ``2008`` in
    the US edition, ``uk`` in the UK one."""
    rules_version: int = field(default=LATEST_RULES, metadata={SAVED_BEFORE: RulesVersion.FIRST})
    """The rules the game is played by (:class:`rules.words.RulesVersion`): those Banker enforced when it was
    created, so a game recorded before a rule was enforced replays as it was recorded. Not a choice: a new game has
    the latest. Settings saved without it (every game created before the first step) read as ``FIRST``, and it is
    left out while it is ``FIRST``, so those keep their bytes."""

    def enforces(self, version: RulesVersion) -> bool:
        """The game is played by the rules of ``version`` or later: the rule that step added binds it."""
        return self.rules_version >= version

    def options(self) -> dict[str, object]:
        """Every option of :data:`rules.options.OPTIONS` by key, a house rule's read from :attr:`house_rules`."""
        return {o.key: getattr(self.house_rules if o.house_rule else self, o.key) for o in OPTIONS}

    def checked(self, players: int | None = None) -> Settings:
        """These settings if :func:`rules.limits.check_settings` accepts them for ``players``, with the variant and the
        edition spelt as stored; else a :class:`RuleError` saying why."""
        variant, board = check_settings(
            self.variant, self.edition, self.cards, self.options(), players, rules_version=self.rules_version
        )
        return replace(self, variant=variant.key, edition=board.edition)


def game_settings(
    variant: str = "standard", edition: str = "us", *, cards: str = "", **options: bool | int
) -> Settings:
    """A new game's settings from the choices every way of starting one offers (the ``new`` line, ``banker new``,
    the app's new-game screen), as they were made: an option is a key of :data:`rules.options.OPTIONS`; checking
    the values is :func:`rules.limits.check_settings`'s work. The game is played with ``cards``, one of the
    edition's decks (the 1935/1990s ``classic`` or the ``2008`` texts in the US edition), by default its first."""
    unknown = sorted(set(options) - set(BY_KEY))
    if unknown:
        raise TypeError(f"game_settings: no option called {unknown[0]!r}")
    try:
        cards = cards or default_deck(load_board(edition))
    except RuleError:  # an unknown edition, refused with its reason by check_settings
        cards = Settings.cards
    house: dict[str, Any] = {k: v for k, v in options.items() if BY_KEY[k].house_rule}
    rest: dict[str, Any] = {k: v for k, v in options.items() if not BY_KEY[k].house_rule}
    return Settings(variant=variant, edition=edition, cards=cards, house_rules=HouseRules(**house), **rest)


@dataclass(frozen=True)
class Jail:
    """A player's jail timer. ``failed`` counts failed rolls; ``last_turn`` stops a second roll in one turn."""

    since_turn: int
    failed: int = 0
    last_turn: int = -1


@dataclass(frozen=True)
class Player:
    """One player: name, cash and token, and where they stand (bankrupt, in jail, jail cards held)."""

    name: str
    cash: int
    token: str = ""
    bankrupt: bool = False
    jail: Jail | None = None
    jail_cards: tuple[Deck, ...] = ()
    """Get Out of Jail Free cards held, by deck."""
    out_order: int = 0
    """When a bankrupt player went out: 1 for the game's first bankruptcy, 2 for the second, and so on (the
    standings rank the later higher, docs/rulings.md). 0 while in the game, and for a bankruptcy read from a
    checkpoint saved before the order was recorded."""
    played: int = field(default=0, metadata={OMITTED_WHEN_DEFAULT: True})
    """The number of the player's latest turn that has been passed on (``next``, ``turn``: the engine knows turns
    from those alone), 0 while none has: how late a rent they owe is asked (seed 000, PAYING RENT, "before the
    second player following throws the dice"). Kept only in a game whose rules enforce that
    (:attr:`RulesVersion.RENT_DEADLINE`), so a game created before replays to the very states it did; left out of a
    saved state while 0, so states saved before it read and write the same bytes."""


@dataclass(frozen=True)
class Holding:
    """Who holds a deed and what stands on it. ``level`` counts houses; ``hotel_level`` is a hotel."""

    owner: int | None = None
    mortgaged: bool = False
    level: int = 0


@dataclass(frozen=True)
class StandingDeal:
    """A side deal the players made about rent, as the game holds it (rules/side_deals.py; docs/rulings.md, "Side
    deals"): ``owner`` asks ``share`` of the rent (none or half) of ``payer`` (None: of every other player) on
    ``deeds``, named at the table as ``what`` (a deed or a group's printed name). It ends when the turn count
    reaches ``until_turn`` (0: no turn bound), when ``until_go`` collects a GO salary (None: no such bound), or when
    the banker ends it; ``ended`` says why, "" while it stands. Its number is its place in ``GameState.side_deals``
    plus one. No money ever moves by it: the rent dialog and the phones remind the banker, who records what the
    owner asks."""

    owner: int
    payer: int | None
    deeds: tuple[int, ...]
    what: str
    share: RentShare
    made_turn: int
    until_turn: int = 0
    until_go: int | None = None
    ended: str = ""


@dataclass(frozen=True)
class GameState:
    """The whole game at one moment. Derived from the journal by the engine, never stored as the truth (a checkpoint
    only saves replaying)."""

    settings: Settings
    players: tuple[Player, ...]
    deeds: tuple[Holding, ...]
    houses: int
    hotels: int
    bank: int
    """The bank's net cash: negative, as it has paid out more than it took in. Never checked: the bank never goes
    broke (seed 000, THE BANK)."""
    pot: int = 0
    turn: int = 0
    """Index of the player whose turn it is."""
    turn_no: int = 1
    """Counts turns from 1; drives the jail timer."""
    bankruptcies: int = 0
    started: bool = False
    """Set by the first action that is not part of the deal; dealing is closed after that."""
    taken_over: bool = field(default=False, metadata={OMITTED_WHEN_DEFAULT: True})
    """A line of a position taken over from the board is in effect (rules/position.py): the whole position must
    stand before play begins. Left out of a saved state while False, so states saved before it read and write the
    same bytes (tests/core/test_journal_bytes.py)."""
    side_deals: tuple[StandingDeal, ...] = field(default=(), metadata={OMITTED_WHEN_DEFAULT: True})
    """The side deals made in the game, those ended too (a deal's number is its place here plus one). Left out of a
    saved state while empty, so states saved before it read and write the same bytes."""
    over: bool = False
    end_reason: str = ""
    """Why the game ended, in English (:data:`BY_AGREEMENT`, :data:`TIME_IS_UP`, :data:`BANKRUPTCY_ENDS`,
    :data:`LAST_STANDING`): a saved state's words, the same whatever language the game was played in;
    :meth:`end_said` says it in the reader's."""

    # Derived, cached views. Frozen dataclasses may still cache on the instance dict.
    @cached_property
    def board(self) -> Board:
        return load_board(self.settings.edition)

    @cached_property
    def variant(self) -> Variant:
        return load_variant(self.settings.variant)

    @property
    def hotel_level(self) -> int:
        return self.variant.hotel_level

    @property
    def luxury_tax(self) -> int:
        """The game's Luxury (Super) Tax: the figure chosen at the start (in the edition's money), else the
        variant's (the 1935 board's $75, seed 001, in proportion to the edition's money: ``Board.scaled``), else the
        edition's printed figure."""
        return self.settings.luxury_tax or self.board.scaled(self.variant.luxury_tax) or self.board.luxury_tax

    def money(self, amount: int) -> str:
        return self.board.money(amount)

    def end_said(self) -> str:
        """Why the game ended (:attr:`end_reason`) in the reader's language: "by agreement", "second bankruptcy (Cy to
        Ann)"; a reason this Banker does not know (an older one's) as it stands; "" while the game goes on."""
        reason = self.end_reason
        if reason in ("", BY_AGREEMENT, TIME_IS_UP):
            return _(reason) if reason else ""
        names = [p.name for p in self.players]
        for player in names:
            if reason == LAST_STANDING.format(player=player):
                return _(LAST_STANDING).format(player=player)
            for (_count, to_bank), said in BANKRUPTCY_ENDS.items():
                for creditor in [""] if to_bank else names:
                    if reason == said.format(player=player, creditor=creditor):
                        return _(said).format(player=player, creditor=creditor)
        return reason

    def deadline(self, started: str) -> datetime | None:
        """When a time-limit game ends: the agreed minutes after it started (seed 002, TIME LIMIT GAME: "agree
        upon a definite time to end the game"). ``started`` is the game's start as the journal records it (ISO
        8601, UTC when it names no zone). None for other games, and for a length too large to be a time (one an
        older Banker accepted before settings were checked), which never ends the game."""
        minutes = self.settings.time_limit_minutes
        if not self.variant.may_end_by_time or minutes <= 0:
            return None
        start = datetime.fromisoformat(started)
        if start.tzinfo is None:
            start = start.replace(tzinfo=UTC)
        try:
            return start + timedelta(minutes=minutes)
        except OverflowError:
            return None

    # Lookups --------------------------------------------------------------------------------------------
    def player_index(self, name: str) -> int:
        """Resolve a player's name forgivingly (case-insensitive, unique prefix)."""
        return resolve(name, [(i, p.name, ()) for i, p in enumerate(self.players)], "player")

    def player(self, name: str) -> Player:
        return self.players[self.player_index(name)]

    def deed(self, name: str) -> Deed:
        return self.board.deed(name)

    def holding(self, deed: Deed) -> Holding:
        return self.deeds[deed.index]

    def owner_name(self, deed_index: int) -> str | None:
        """The name of the player holding the deed at ``deed_index``, or None while the bank holds it."""
        owner = self.deeds[deed_index].owner
        return None if owner is None else self.players[owner].name

    def owned_by(self, index: int) -> list[Deed]:
        return [d for d in self.board.deeds if self.deeds[d.index].owner == index]

    def owns_group(self, owner: int, group: str) -> bool:
        return all(self.deeds[i].owner == owner for i in self.board.groups[group].deeds)

    def houses_and_hotels(self, index: int) -> tuple[int, int]:
        """Count a player's houses and hotels (a hotel is one hotel, not a hotel plus houses)."""
        houses = hotels = 0
        for h in self.deeds:
            if h.owner == index and h.level:
                if h.level == self.hotel_level:
                    hotels += 1
                else:
                    houses += h.level
        return houses, hotels

    def active(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p.bankrupt]

    # Updates (return new states) ---------------------------------------------------------------------------
    def with_player(self, index: int, **changes: Any) -> GameState:
        players = list(self.players)
        players[index] = replace(players[index], **changes)
        return replace(self, players=tuple(players))

    def turn_passed(self, to: int) -> GameState:
        """The turn passes from the player who has it to player ``to``: a new turn, and, in a game whose rules have
        the deadline for rent, the one that ends is remembered as the player's latest (:attr:`Player.played`)."""
        state = self
        if self.settings.enforces(RulesVersion.RENT_DEADLINE):
            state = self.with_player(self.turn, played=self.turn_no)
        return replace(state, turn=to, turn_no=self.turn_no + 1)

    def with_holding(self, deed_index: int, **changes: Any) -> GameState:
        deeds = list(self.deeds)
        deeds[deed_index] = replace(deeds[deed_index], **changes)
        return replace(self, deeds=tuple(deeds))


def new_game(
    names: list[str] | tuple[str, ...],
    settings: Settings | None = None,
    tokens: list[str] | tuple[str, ...] = (),
    *,
    check: bool = True,
) -> GameState:
    """Start a game: every player gets the edition's starting money from the bank ($1,500 in the US box, seed 000,
    PREPARATION; ``Board.starting_cash``), which holds every deed and building.

    The names (:func:`rules.names.check_names`) and settings (:func:`rules.limits.check_settings`) are checked
    first. ``check=False`` rebuilds a game recorded earlier exactly as it was set up (its names and settings were
    checked when it started, perhaps by older rules), so a saved game keeps opening when the checks tighten.
    ``tokens``, if any, are one per player in the order of ``names``."""
    settings = settings or Settings()
    if check:
        names = check_names(names)
        settings = settings.checked(len(names))
    else:
        names = [n.strip() for n in names]
        settings = replace(
            settings, variant=find_variant(settings.variant).key, edition=load_board(settings.edition).edition
        )
    board = load_board(settings.edition)
    if check and tokens and len(tokens) != len(names):
        # seed 000, PREPARATION: "Each player chooses one token": tokens are all or nothing, so a missing or extra
        # token (a slip that would give the wrong player the wrong token) is refused rather than padded.
        raise RuleError(
            "seed 000, PREPARATION",
            _("{players} players but {tokens} tokens: give one token per player, in seating order, or none").format(
                players=len(names), tokens=len(tokens)
            ),
        )
    tokens = list(tokens) + [""] * (len(names) - len(tokens))
    cash = board.starting_cash
    players = tuple(Player(n, cash, token=t) for n, t in zip(names, tokens, strict=True))
    pot = settings.house_rules.free_parking_start if settings.house_rules.free_parking else 0
    return GameState(
        settings=settings,
        players=players,
        deeds=tuple(Holding() for _deed in board.deeds),
        houses=board.houses,
        hotels=board.hotels,
        bank=-cash * len(players) - pot,
        pot=pot,
    )
