"""Rent, computed from the state: what a lander owes for a deed, with a one-line explanation.

seed 000, PAYING RENT: the owner collects the rent printed on the title deed; nothing on a mortgaged property;
double rent on the unimproved lots of a complete colour group, even when another lot of the group is mortgaged.
Buildings charge the deed's table (seed 000, HOUSES / HOTELS; in the short games a hotel stands on 3 houses but
"Rent received for a hotel remains the same", seed 000, SHORT GAME rule 2). Railroads charge by how many the owner
holds and utilities a multiple of the dice (the printed deeds; seed 003 appendix). The Chance cards "advance to the
nearest railroad/utility" change the sum (shared/reference/cards_classic.json).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.actions import Rent
from rules.board import Board, Deed, SquareKind
from rules.deal_terms import reminder
from rules.engine import handles
from rules.errors import CannotPay, RuleError
from rules.i18n import N_, _, ngettext
from rules.money import active_player, transfer
from rules.mortgages import lift_cost
from rules.outcome import Outcome, TransferKind
from rules.state import GameState
from rules.words import RulesVersion

PAYING_RENT = "seed 000, PAYING RENT"
CARD_RULE = N_("Chance, advance to the nearest railroad/utility")
ROLLS = range(2, 13)
"""What two dice can total (a utility's rent is a multiple of the throw)."""


def is_roll(dice: object) -> bool:
    """``dice`` is a total two dice can throw: a whole number from 2 to 12."""
    return isinstance(dice, int) and not isinstance(dice, bool) and dice in ROLLS


@dataclass(frozen=True)
class RentQuote:
    """What a lander owes: ``amount`` (0 when nothing is due) and ``explanation`` in one line, e.g.
    "Boardwalk, full set, unimproved: 2 x $50 = $100"."""

    deed: str
    """The deed's printed name."""
    owner: str | None
    """The owner's name, or None while the bank holds the deed."""
    amount: int
    explanation: str


_Reckoning = tuple[RentQuote, str, str, str]
"""A quote in parts, so that the Rent summary and the quote's explanation say the same thing: the quote, what is
charged ("Boardwalk, full set, unimproved"), the sum ("2 x $50", or "" when read straight from the deed) and the
rule that explains why nothing is due, when nothing is. A tuple: quote() is the engine's hottest path."""


def _street_charge(
    deed: Deed, houses: int, hotel: bool, full_set: bool, money: Callable[[int], str]
) -> tuple[str, str, int]:
    """What a street charges with ``houses`` (or a hotel) on it: (what is charged, the sum or "", the amount). The one
    reading of a street's printed rents (seed 000, PAYING RENT: double on the unimproved lots of a full set; seed
    000, HOUSES / HOTELS: the deed's table), shared by the rent charged and the deed card."""
    if hotel:
        return _("hotel"), "", deed.rents[5]
    if houses:
        return ngettext("{n} house", "{n} houses", houses).format(n=houses), "", deed.rents[houses]
    if full_set:
        return _("full set, unimproved"), f"2 x {money(deed.rents[0])}", 2 * deed.rents[0]
    return _("unimproved"), "", deed.rents[0]


def _railroad_charge(board: Board, held: int) -> int:
    """A railroad's rent when its owner holds ``held`` railroads (the printed deed; seed 003 appendix)."""
    return board.railroad_rents[held - 1]


def _utility_charge(board: Board, both: bool) -> tuple[str, int]:
    """(what is charged, the multiple of the dice) for a utility whose owner holds one or both (the printed deed)."""
    if both:
        return _("both utilities"), board.utility_multipliers[1]
    return _("one utility"), board.utility_multipliers[0]


def _railroads_owned(board: Board, held: int) -> str:
    """ "2 railroads owned" ("2 stations owned" on a board whose railroads are stations: :meth:`Board.noun`)."""
    noun = board.noun(SquareKind.RAILROAD)
    if noun == "railroad":
        return ngettext("{n} railroad owned", "{n} railroads owned", held).format(n=held)
    if noun == "station":
        return ngettext("{n} station owned", "{n} stations owned", held).format(n=held)
    # a family's own board names its railroads itself, in its own words
    return _("{n} {noun} owned").format(n=held, noun=board.noun(SquareKind.RAILROAD, held))


def quote(
    state: GameState, deed: Deed | str, payer: int | str | None = None, dice: int | None = None, card: bool = False
) -> RentQuote:
    """The rent ``payer`` (a name or index; None: any opponent) owes on landing on ``deed``.

    ``dice`` is the total of the throw, needed for a utility (2 to 12). ``card``: the lander was sent by a Chance
    card, which doubles a railroad's rent or charges 10 x the dice on a utility whatever the owner holds. Refuses
    (RuleError) what cannot be priced: a utility without a valid dice total, or a card on a street."""
    return _reckon(state, deed, payer, dice, card)[0]


def _reckon(state: GameState, deed: Deed | str, payer: int | str | None, dice: int | None, card: bool) -> _Reckoning:
    board = state.board
    if not isinstance(deed, Deed):
        deed = board.deed(deed)
    kind = deed.kind
    if card and kind is SquareKind.STREET:
        raise RuleError(
            CARD_RULE,
            _("the Chance cards send players to the nearest railroad or utility, not to {deed}").format(deed=deed.name),
        )
    holding = state.deeds[deed.index]
    owner = holding.owner
    money = board.money

    def nothing(why: str, rule: str, owner_name: str | None) -> _Reckoning:
        return RentQuote(deed.name, owner_name, 0, why), why, "", rule

    if owner is None:
        return nothing(_("the bank holds {deed}: no rent").format(deed=deed.name), PAYING_RENT, None)
    owner_player = state.players[owner]
    if owner_player.bankrupt:
        return nothing(
            _("{deed} belongs to {owner}, who is bankrupt: no rent").format(deed=deed.name, owner=owner_player.name),
            "seed 000, BANKRUPTCY",
            owner_player.name,
        )
    if payer is not None:
        payer_index = payer if isinstance(payer, int) else state.player_index(payer)
        if payer_index == owner:
            said = _("{owner} owns {deed}: no rent").format(owner=owner_player.name, deed=deed.name)
            return nothing(said, PAYING_RENT, owner_player.name)
    if holding.mortgaged:
        said = _("{deed} is mortgaged: no rent").format(deed=deed.name)
        return nothing(said, "seed 000, MORTGAGES", owner_player.name)

    if kind is SquareKind.STREET:
        level = holding.level
        hotel = level >= state.hotel_level
        full_set = level == 0 and all(state.deeds[i].owner == owner for i in board.groups[deed.group].deeds)
        label, calc, amount = _street_charge(deed, 0 if hotel else level, hotel, full_set, money)
        what = f"{deed.name}, {label}"
    elif kind is SquareKind.RAILROAD:
        held = sum(1 for i in board.groups[deed.group].deeds if state.deeds[i].owner == owner)
        base = _railroad_charge(board, held)
        owned = _railroads_owned(board, held)
        if card:
            what = _("{deed}, {owned}, Chance card").format(deed=deed.name, owned=owned)
            calc, amount = f"2 x {money(base)}", 2 * base
        else:
            what, calc, amount = f"{deed.name}, {owned}", "", base
    else:
        if dice is None:
            raise RuleError(
                PAYING_RENT,
                _("rent on {deed} depends on the dice: give the total thrown (2-12)").format(deed=deed.name),
                field="dice",
            )
        if not is_roll(dice):
            raise RuleError(PAYING_RENT, _("two dice total 2 to 12, not {dice}").format(dice=repr(dice)), field="dice")
        group = board.groups[deed.group].deeds
        held = sum(1 for i in group if state.deeds[i].owner == owner)
        if card:
            # the card: "pay owner a total ten times the amount thrown", whatever the owner holds
            what, mult = _("{deed}, Chance card").format(deed=deed.name), 10
        else:
            label, mult = _utility_charge(board, held >= len(group))
            what = f"{deed.name}, {label}"
        calc, amount = f"{mult} x {dice}", mult * dice
    explanation = (_("{what}: {calc} = {amount}") if calc else _("{what}: {amount}")).format(
        what=what, calc=calc, amount=money(amount)
    )
    return RentQuote(deed.name, owner_player.name, amount, explanation), what, calc, ""


def too_late(state: GameState, payer: int, owner: int, deed: Deed) -> str:
    """Why the rent the payer owes player ``owner`` on ``deed`` can no longer be collected, "" while it can. Seed 000,
    PAYING RENT: "The owner may not collect his rent if he fails to ask for it before the second player following
    throws the dice" (002, 003 and 004 say the same; Darrow's 001 is silent and fills the gap from them). A lander
    owes rent on their own turn. The banker records turns (``next``, ``turn``) but no throws, so the second player
    following may or may not have thrown while it is their turn: the rent is refused only once that turn too has
    been passed on, when the throw is certain (docs/rulings.md, "Rent asked too late"). A payer whose turn it is, or
    whose turns were never passed on (a family that records no ``next``), is never late; nor is any payer in a game
    created before Banker enforced the rule (:attr:`rules.words.RulesVersion.RENT_DEADLINE`: its journal may hold
    such a rent)."""
    player = state.players[payer]
    if not state.settings.enforces(RulesVersion.RENT_DEADLINE):
        return ""
    if payer == state.turn or not player.played or state.turn_no - player.played < 3:
        return ""
    since = state.turn_no - player.played - 1
    said = ngettext(
        "asked too late: {payer}'s turn was turn {played}, and {n} turn has been played since (it is turn {turn},"
        " {current}'s), so the second player following has thrown: {owner} may not collect the rent on {deed}",
        "asked too late: {payer}'s turn was turn {played}, and {n} turns have been played since (it is turn {turn},"
        " {current}'s), so the second player following has thrown: {owner} may not collect the rent on {deed}",
        since,
    )
    current = state.players[state.turn].name
    return said.format(
        payer=player.name,
        played=player.played,
        n=since,
        turn=state.turn_no,
        current=current,
        owner=state.players[owner].name,
        deed=deed.name,
    )


@handles(Rent)
def rent(state: GameState, action: Rent) -> Outcome:
    """The payer landed on the deed and pays its owner the rent :func:`quote` computes (seed 000, PAYING RENT).

    A rent that comes to nothing is refused with the reason, so the banker learns why nobody pays."""
    payer = active_player(state, action.payer)
    deed = state.deed(action.deed)
    q, what, calc, rule = _reckon(state, deed, payer, action.dice, action.card)
    if q.amount == 0:
        raise RuleError(rule, q.explanation)
    owner = state.deeds[deed.index].owner
    assert owner is not None
    if late := too_late(state, payer, owner, deed):
        raise RuleError(PAYING_RENT, late, field="payer")
    try:
        state, paid = transfer(
            state,
            payer,
            owner,
            q.amount,
            TransferKind.RENT,
            rule=PAYING_RENT,
            what=_("rent on {deed}").format(deed=deed.name),
            deed=deed.name,
            debt=True,
        )
    except CannotPay as short:
        _remind_short(state, payer, deed, q.amount, short)
        raise
    detail = f"{what}, {calc}" if calc else what
    said = _("{payer} pays {owner} {amount}: {detail}").format(
        payer=state.players[payer].name, owner=q.owner, amount=state.money(q.amount), detail=detail
    )
    # a side deal that covers this rent is said with it (the preview the banker confirms, the phones' rent form);
    # the banker decides, as the owner asks (docs/rulings.md, "Side deals")
    deal = reminder(state, payer, deed, q.amount)
    return Outcome(state, f"{said}; {deal}" if deal else said, (paid,))


def _remind_short(state: GameState, payer: int, deed: Deed, rent: int, short: CannotPay) -> None:
    """A payer short of the rent is just when a side deal matters: the refusal says it too, so the banker sees it
    before the ways to raise money open (docs/rulings.md, "Side deals")."""
    deal = reminder(state, payer, deed, rent)
    if deal:
        raise CannotPay(
            short.rule,
            f"{short.message}; {deal}",
            payer=short.payer,
            amount=short.amount,
            missing=short.missing,
            can_raise=short.can_raise,
            creditor=short.creditor,
            debt=short.debt,
        ) from None


@dataclass(frozen=True)
class RentLine:
    """One line of a title deed's rent table: "2 houses: $300", or "both utilities: 10 x the dice"."""

    label: str
    amount: int
    """The rent, or for a utility the multiple of the dice."""
    dice: bool = False
    """``amount`` is a multiple of the dice thrown (a utility)."""


@dataclass(frozen=True)
class DeedCard:
    """A title deed as printed, and this game's facts about it (``show deed``, the deed cards on screen and phone).

    The printed side: ``rents`` (a street: site, full set, 1 to 4 houses, hotel; a railroad: 1 to 4 owned; a
    utility: one or both owned), ``house_cost`` and ``hotel_houses`` (a hotel costs the house cost plus that many
    houses: 4, or 3 in the short games), ``mortgage`` and ``lift`` (principal, interest). The game's side: ``owner``,
    ``houses``/``hotel``, ``mortgaged``, ``current`` (the index in ``rents`` of what a lander would be charged now,
    None when nothing is due) and ``collects`` (that charge in words, as the rent is recorded)."""

    deed: Deed
    group: str
    """The group's printed title ("Dark Blue", "Railroads")."""
    price: int
    mortgage: int
    lift: tuple[int, int]
    house_cost: int
    hotel_houses: int
    rents: tuple[RentLine, ...]
    owner: str | None
    houses: int
    hotel: bool
    mortgaged: bool
    current: int | None
    collects: str


def deed_card(state: GameState, deed: Deed | str) -> DeedCard:
    """The deed's card: every printed rent read by the same functions that charge rent (:func:`quote`), and what
    it collects now (:func:`quote`'s own explanation; for a utility, the multiple of the dice)."""
    board = state.board
    if not isinstance(deed, Deed):
        deed = board.deed(deed)
    money = board.money
    holding = state.deeds[deed.index]
    owner = holding.owner
    group = board.groups[deed.group]
    held = sum(1 for i in group.deeds if owner is not None and state.deeds[i].owner == owner)
    hotel = deed.kind is SquareKind.STREET and holding.level >= state.hotel_level
    houses = 0 if hotel else holding.level
    current: int | None = None
    if deed.kind is SquareKind.STREET:
        printed = [
            (False, 0, False),
            (True, 0, False),
            *((False, n, False) for n in range(1, 5)),  # the card prints four houses, whatever the variant
            (False, 0, True),
        ]
        labels = [
            _("site"),
            _("full set"),
            *(ngettext("{n} house", "{n} houses", n).format(n=n) for n in range(1, 5)),
            _("hotel"),
        ]
        rents = tuple(
            RentLine(label, _street_charge(deed, n, h, full, money)[2])
            for label, (full, n, h) in zip(labels, printed, strict=True)
        )
        full_set = owner is not None and held == len(group.deeds)
        current = 6 if hotel else (houses + 1 if houses else (1 if full_set else 0))
    elif deed.kind is SquareKind.RAILROAD:
        rents = tuple(
            RentLine(_railroads_owned(board, n), _railroad_charge(board, n)) for n in range(1, len(group.deeds) + 1)
        )
        current = held - 1 if held else None
    else:
        rents = tuple(
            RentLine(label, mult, dice=True) for label, mult in (_utility_charge(board, b) for b in (False, True))
        )
        current = (1 if held >= len(group.deeds) else 0) if held else None
    if owner is None or state.players[owner].bankrupt or holding.mortgaged:
        current = None
    if deed.kind is SquareKind.UTILITY and current is not None:
        line = rents[current]
        collects = _("{deed}, {label}: {amount} x the dice").format(
            deed=deed.name, label=line.label, amount=line.amount
        )
    else:
        collects = quote(state, deed, card=False).explanation
    return DeedCard(
        deed=deed,
        group=group.title,
        price=deed.price,
        mortgage=deed.mortgage,
        lift=lift_cost(deed),
        house_cost=deed.house_cost,
        hotel_houses=state.hotel_level - 1,
        rents=rents,
        owner=state.players[owner].name if owner is not None else None,
        houses=houses,
        hotel=hotel,
        mortgaged=holding.mortgaged,
        current=current,
        collects=collects,
    )
