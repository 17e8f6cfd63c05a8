"""Houses and hotels: building evenly, selling back evenly at half price, and building-shortage auctions.

seed 000, HOUSES: only on a complete colour group, at the deed's house cost, evenly (no lot more than one house
ahead of another), up to four houses a lot. seed 000, HOTELS: with four houses on every lot of the group a hotel may
replace the four houses of a lot, which go back to the bank (three houses in both short games: seed 000, SHORT GAME
rule 2; seed 003). seed 000, MORTGAGES: no building while any lot of the group is mortgaged. seed 000, BUILDING
SHORTAGE: nothing is built when the bank has none left; when several players want more than the bank has, "the
houses or hotels must be sold at auction to the highest bidder" (one kind per auction: docs/rulings.md). seed 000,
SELLING PROPERTY: buildings go back at half price, evenly in reverse; a hotel is sold as houses one at a time (so
the bank must have the houses) or all the hotels of a group at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.actions import Build, Sell, ShortageAuction
from rules.board import Deed, SquareKind, not_a_street, or_list
from rules.engine import handles
from rules.errors import RuleError
from rules.i18n import _, ngettext, pgettext
from rules.money import BID, active_player, building_refund, check_amount, evolve, transfer
from rules.outcome import BANK, Outcome, TransferKind
from rules.state import GameState

HOUSES = "seed 000, HOUSES"
HOTELS = "seed 000, HOTELS"
SHORTAGE = "seed 000, BUILDING SHORTAGE"
SELLING = "seed 000, SELLING PROPERTY"
MORTGAGES = "seed 000, MORTGAGES"


def describe_level(state: GameState, level: int) -> str:
    """ "no houses", "1 house", "3 houses" or "a hotel", as a banker says it."""
    if level >= state.hotel_level:
        return _("a hotel")
    if level == 0:
        return _("no houses")
    return ngettext("{n} house", "{n} houses", level).format(n=level)


@dataclass
class _Plan:
    """Levels of one group as they would be after each step; the bank's stock alongside (mutable scratch)."""

    lots: list[Deed]
    levels: dict[int, int]
    houses: int
    hotels: int
    added_houses: int = 0
    added_hotels: int = 0
    cost: int = 0


def _own_group(state: GameState, index: int, deed: Deed, selling: bool) -> list[Deed]:
    """The lots of ``deed``'s group, after checking the deed is a street and ``index`` owns it (to build on it, or
    for ``selling`` its buildings)."""
    name = state.players[index].name
    if deed.kind is not SquareKind.STREET:
        raise RuleError(HOUSES, not_a_street(state.board, deed))
    owner = state.deeds[deed.index].owner
    if owner != index:
        if selling:
            said = (
                _("{player} cannot sell buildings on {deed}: it belongs to the bank")
                if owner is None
                else _("{player} cannot sell buildings on {deed}: it belongs to {owner}")
            )
        else:
            said = (
                _("{player} cannot build on {deed}: it belongs to the bank")
                if owner is None
                else _("{player} cannot build on {deed}: it belongs to {owner}")
            )
        holder = "" if owner is None else state.players[owner].name
        raise RuleError(HOUSES, said.format(player=name, deed=deed.name, owner=holder))
    return [state.board.deeds[i] for i in state.board.groups[deed.group].deeds]


def _plan_build(
    state: GameState, index: int, deed: Deed, count: object, rule: str, hotels: bool | None = None
) -> _Plan:
    """Place ``count`` levels one at a time, each on a lowest lot (ties: ``deed``, then board order), checking
    every step and then the bank's stock; raises on what the rules refuse, so a build is all or nothing.
    ``hotels``: every step must place a hotel (True) or a house (False), as a shortage auction of one kind sells;
    None places whichever comes next."""
    name = state.players[index].name
    lots = _own_group(state, index, deed, selling=False)
    group = state.board.groups[deed.group]
    title = _(group.title)
    hotel = state.hotel_level
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= hotel * len(lots):
        said = _("the number of buildings must be 1 to {most}, not {count}")
        raise RuleError(rule, said.format(most=hotel * len(lots), count=repr(count)))
    missing = [d.name for d in lots if state.deeds[d.index].owner != index]
    if missing:
        said = _("{player} must own the whole {group} group to build; {player} does not own {lots}")
        raise RuleError(HOUSES, said.format(player=name, group=title, lots=", ".join(missing)))
    mortgaged = [d.name for d in lots if state.deeds[d.index].mortgaged]
    if mortgaged:
        said = ngettext(
            "no building on the {group} group while {lots} is mortgaged",
            "no building on the {group} group while {lots} are mortgaged",
            len(mortgaged),
        )
        raise RuleError(MORTGAGES, said.format(group=title, lots=", ".join(mortgaged)))
    plan = _Plan(lots, {d.index: state.deeds[d.index].level for d in lots}, state.houses, state.hotels)
    room = sum(hotel - level for level in plan.levels.values())
    if 0 < room < count:
        # seed 000, HOUSES and HOTELS: four houses a lot, then one hotel, and no more; a count the group cannot
        # take is refused saying what it can (a full group is refused below: its lots already have hotels)
        said = ngettext(
            "the {group} group can take only {n} more building, not {count} (each lot takes at most {level}, then "
            "a hotel)",
            "the {group} group can take only {n} more buildings, not {count} (each lot takes at most {level}, then "
            "a hotel)",
            room,
        )
        raise RuleError(HOTELS, said.format(group=title, n=room, count=count, level=describe_level(state, hotel - 1)))
    if count == 1:
        _check_named_lot(state, deed, plan)
    fewest_houses, fewest_hotels = plan.houses, plan.hotels
    for _step in range(count):
        # seed 000, HOUSES: "build evenly": each level goes on a lowest lot, the named one first among equals, so a
        # count spreads over the group whichever of its lots names it (issue 22: "build bob tennessee 4" was refused
        # for St. James Place); one building goes on the lot named, or nowhere (_check_named_lot)
        low = min(plan.levels.values())
        target = deed if plan.levels[deed.index] == low else next(d for d in lots if plan.levels[d.index] == low)
        level = plan.levels[target.index]
        if level >= hotel:
            said = _("{deed} already has a hotel; only one hotel may stand on a lot")
            raise RuleError(HOTELS, said.format(deed=target.name))
        if hotels is True and low < hotel - 1:
            said = _("a hotel needs {level} on every lot of the {group} group; {deed} has {has}")
            raise RuleError(
                HOTELS,
                said.format(
                    level=describe_level(state, hotel - 1),
                    group=title,
                    deed=target.name,
                    has=describe_level(state, low),
                ),
            )
        if hotels is False and level + 1 == hotel:
            said = ngettext(
                "{n} house would take {deed} to a hotel; an auction of houses places houses only (the hotel is "
                "auctioned on its own, or built at its price)",
                "{n} houses would take {deed} to a hotel; an auction of houses places houses only (the hotel is "
                "auctioned on its own, or built at its price)",
                count,
            )
            raise RuleError(SHORTAGE, said.format(n=count, deed=target.name))
        if level + 1 == hotel:
            plan.hotels -= 1
            plan.houses += level  # the houses of the lot go back to the bank (seed 000, HOTELS)
            plan.added_hotels += 1
        else:
            plan.houses -= 1
            plan.added_houses += 1
        fewest_houses, fewest_hotels = min(fewest_houses, plan.houses), min(fewest_hotels, plan.hotels)
        plan.levels[target.index] = level + 1
        plan.cost += target.house_cost
    if fewest_houses < 0:
        _short(state, name, deed, count, False, state.houses, state.houses - fewest_houses, rule)
    if fewest_hotels < 0:
        _short(state, name, deed, count, True, state.hotels, state.hotels - fewest_hotels, rule)
    return plan


def next_lot(state: GameState, group: str, *, selling: bool = False) -> Deed:
    """The lot of ``group`` (its key) a building named by the group goes on: a lowest lot, in board order (seed 000,
    HOUSES: "build evenly"), or for a sale (``selling``) comes off: a highest lot (seed 000, SELLING PROPERTY:
    "evenly, in reverse"). What a colour group's name means in ``build bob orange`` (docs/rulings.md); the build or
    sale is then checked as if that lot had been named."""
    lots = [state.board.deeds[i] for i in state.board.groups[group].deeds]
    levels = [state.deeds[d.index].level for d in lots]
    return lots[levels.index(max(levels) if selling else min(levels))]


def _check_named_lot(state: GameState, deed: Deed, plan: _Plan) -> None:
    """One building names its lot: refuse it on a lot that cannot take the group's next building, naming the lots
    that can (issue 30: ``build ann mediterranean`` twice put the second house on Baltic Avenue). Seed 000, HOUSES:
    "If he buys one house, he may put it on any one of those properties"; "he cannot erect more than one house on
    any one property of any color-group until he has built one house on every property of that group" (the same
    words in seeds 002, 003 and 004; seed 001: "each property in the group have a house before the second is
    erected on any property"). A count, or the group's name, spreads evenly instead (``_plan_build``)."""
    levels = plan.levels
    group = state.board.group_of(deed)
    low = min(levels.values())
    level = levels[deed.index]
    if level == low:
        return
    first = tuple(d.name for d in plan.lots if levels[d.index] == low)
    lower = ngettext("{lots} has {level}", "{lots} have {level}", len(first)).format(
        lots=_(" and ").join(first), level=describe_level(state, low)
    )
    hotel = state.hotel_level
    if level >= hotel:
        said = _(
            "{deed} already has a hotel, and only one hotel may stand on a lot: build evenly: {first} first ({lower})"
        )
        raise RuleError(HOTELS, said.format(deed=deed.name, first=or_list(first), lower=lower), field="deed")
    where = _("{deed} has {level}; {lower}").format(deed=deed.name, level=describe_level(state, level), lower=lower)
    if level == hotel - 1:
        said = _("a hotel needs {level} on every lot of the {group} group: build evenly: {first} first ({where})")
        raise RuleError(
            HOTELS,
            said.format(
                level=describe_level(state, hotel - 1), group=_(group.title), first=or_list(first), where=where
            ),
            field="deed",
        )
    said = _("build evenly: {first} first ({where})")
    raise RuleError(HOUSES, said.format(first=or_list(first), where=where), field="deed")


def could_build(state: GameState, index: int, *, hotels: bool = False) -> int:
    """How many houses (``hotels``: hotels) player ``index`` could still buy for the colour groups they own whole:
    every house up to the one before a hotel on each lot, or a hotel on each lot without one. A mortgaged lot counts
    (its owner may lift the mortgage and build: seed 000, MORTGAGES), money does not (a bidder may raise it). Who
    could bid at a building-shortage auction, and for how many (:func:`shortage`)."""
    hotel = state.hotel_level
    total = 0
    for group in state.board.groups.values():
        lots = [state.deeds[i] for i in group.deeds]
        if not state.board.deeds[group.deeds[0]].is_street or any(h.owner != index for h in lots):
            continue
        if hotels:
            total += sum(1 for h in lots if h.level < hotel)
        else:
            total += sum(max(0, hotel - 1 - h.level) for h in lots)
    return total


@dataclass(frozen=True)
class Shortage:
    """The bank's stock of one kind of building against what the players could buy of it: ``wanted`` holds each
    player (by name) who could buy some, with how many."""

    kind: str
    """ "house" or "hotel"."""
    stock: int
    wanted: tuple[tuple[str, int], ...]

    @property
    def short(self) -> bool:
        """Seed 000, BUILDING SHORTAGE: "two or more players wish to buy more than the Bank has"."""
        return len(self.wanted) >= 2 and sum(n for _who, n in self.wanted) > self.stock


def shortage(state: GameState, *, hotels: bool = False) -> Shortage:
    """Whether the bank is short of houses (``hotels``: hotels): two or more players in the game could buy some, and
    together more than the bank has (:func:`could_build`). Only then are they "sold at auction to the highest
    bidder" (seed 000, BUILDING SHORTAGE); otherwise each player builds at the printed price."""
    wanted = tuple(
        (state.players[i].name, n) for i in state.active() if (n := could_build(state, i, hotels=hotels)) > 0
    )
    return Shortage("hotel" if hotels else "house", state.hotels if hotels else state.houses, wanted)


def _check_short(state: GameState, index: int, deed: Deed, count: object, hotels: bool) -> None:
    """Refuse a building-shortage auction when the bank is not short (issue 30: with 32 houses in the bank two
    auctions gave Ann 8 houses on the dark blues for $11). Seed 000, BUILDING SHORTAGE: the auction is for when "there
    are a limited number of houses and hotels available, and two or more players wish to buy more than the Bank
    has"; a bank with none left sells nothing (``_plan_build`` says so: wait until some are sold back)."""
    found = shortage(state, hotels=hotels)
    if found.short:
        return
    if len(found.wanted) >= 2:
        wanted = or_list(tuple(f"{who} {n}" for who, n in found.wanted), last="and")
        total = sum(n for _who, n in found.wanted)
        said = (
            _(
                "the bank is not short of hotels: it has {stock}, and the players who could buy hotels could buy "
                "{total} in all ({wanted}); build at the printed price ({price} a building: `build {build}`)"
            )
            if hotels
            else _(
                "the bank is not short of houses: it has {stock}, and the players who could buy houses could buy "
                "{total} in all ({wanted}); build at the printed price ({price} a building: `build {build}`)"
            )
        )
    elif found.wanted:
        wanted, total = found.wanted[0][0], 0
        said = (
            _(
                "a shortage auction needs two or more players who want hotels, and only {wanted} could buy hotels "
                "(the bank has {stock}); build at the printed price ({price} a building: `build {build}`)"
            )
            if hotels
            else _(
                "a shortage auction needs two or more players who want houses, and only {wanted} could buy houses "
                "(the bank has {stock}); build at the printed price ({price} a building: `build {build}`)"
            )
        )
    else:
        wanted, total = "", 0
        said = (
            _(
                "a shortage auction needs two or more players who want hotels, and nobody could buy hotels (the bank "
                "has {stock}); build at the printed price ({price} a building: `build {build}`)"
            )
            if hotels
            else _(
                "a shortage auction needs two or more players who want houses, and nobody could buy houses (the bank "
                "has {stock}); build at the printed price ({price} a building: `build {build}`)"
            )
        )
    # the words after the verb (the translation names the verb as typed in its language: `baue {build}`)
    build = f"{state.players[index].name} {deed.name}" + (f" {count}" if count != 1 else "")
    raise RuleError(  # the field is what is auctioned: no bid can make the bank short
        SHORTAGE,
        said.format(stock=found.stock, total=total, wanted=wanted, price=state.money(deed.house_cost), build=build),
        field="deed",
    )


def _short(state: GameState, name: str, deed: Deed, count: int, hotels: bool, have: int, need: int, rule: str) -> None:
    """Seed 000, BUILDING SHORTAGE: the bank cannot supply the build. Says what it has and what was asked for,
    and the ways on: wait for buildings sold back, build fewer, or auction them when two or more players want
    them (the ``shortage`` command; not offered when the refused build is that auction)."""
    needed = (
        ngettext("{n} hotel", "{n} hotels", need) if hotels else ngettext("{n} house", "{n} houses", need)
    ).format(n=need)
    asked = ngettext(
        "{count} building on the {group} group needs {needed}",
        "{count} buildings on the {group} group need {needed}",
        count,
    ).format(count=count, group=_(state.board.groups[deed.group].title), needed=needed)
    if have == 0:
        said = (
            _("the bank has no hotels left, and {asked}; wait until some are sold back")
            if hotels
            else _("the bank has no houses left, and {asked}; wait until some are sold back")
        )
        raise RuleError(SHORTAGE, said.format(asked=asked))
    if rule == SHORTAGE:
        ways = _("auction fewer")
    elif hotels:
        ways = _(
            "build fewer, or, if two or more players want it, auction it (`shortage {player} {deed} 1 hotel <amount>`)"
        ).format(player=name, deed=deed.name)
    else:
        ways = _(
            "build fewer, or, if two or more players want them, auction them (`shortage {player} {deed} {have} houses "
            "<amount>`)"
        ).format(player=name, deed=deed.name, have=have)
    said = (
        ngettext(
            "the bank has only {have} hotel left, and {asked}: {ways}",
            "the bank has only {have} hotels left, and {asked}: {ways}",
            have,
        )
        if hotels
        else ngettext(
            "the bank has only {have} house left, and {asked}: {ways}",
            "the bank has only {have} houses left, and {asked}: {ways}",
            have,
        )
    )
    raise RuleError(SHORTAGE, said.format(have=have, asked=asked, ways=ways))


def _apply_levels(state: GameState, plan: _Plan) -> GameState:
    deeds = list(state.deeds)
    for i, level in plan.levels.items():
        if deeds[i].level != level:
            deeds[i] = evolve(deeds[i], level=level)
    return evolve(state, deeds=tuple(deeds), houses=plan.houses, hotels=plan.hotels)


def _layout(state: GameState, plan: _Plan) -> str:
    """Each lot of the group as a build or sale leaves it: "Park Place no houses, Boardwalk 1 house" (a lot with
    none said as a list says it: Spanish "sin casas", where a sentence says "ninguna casa")."""
    return ", ".join(
        _("{deed} {level}").format(
            deed=d.name,
            level=pgettext("a lot in a list of the group's lots", "no houses")
            if plan.levels[d.index] == 0
            else describe_level(state, plan.levels[d.index]),
        )
        for d in plan.lots
    )


def _count(houses: int, hotels: int) -> str:
    """ "2 houses", "a hotel", "1 house and 2 hotels": the buildings a build or a sale moves."""
    built = ngettext("{n} house", "{n} houses", houses).format(n=houses)
    hotel = _("a hotel") if hotels == 1 else ngettext("{n} hotel", "{n} hotels", hotels).format(n=hotels)
    if houses and hotels:
        return _("{houses} and {hotels}").format(houses=built, hotels=hotel)
    return built if houses else hotel if hotels else ""


@handles(Build)
def build(state: GameState, action: Build) -> Outcome:
    """Buy ``count`` buildings from the bank at the deed's house cost and place them evenly (seed 000, HOUSES,
    HOTELS, BUILDING SHORTAGE); all or nothing, and only with the cash in hand."""
    index = active_player(state, action.player)
    deed = state.deed(action.deed)
    plan = _plan_build(state, index, deed, action.count, HOUSES)
    what = _count(plan.added_houses, plan.added_hotels)
    state, paid = transfer(
        state,
        index,
        BANK,
        plan.cost,
        TransferKind.BUILD,
        rule=HOUSES,
        what=_("for {buildings}").format(buildings=what),
        deed=deed.name,
    )
    state = _apply_levels(state, plan)
    name = state.players[index].name
    said = _("{player} builds {buildings} for {amount}: {layout}")
    return Outcome(
        state,
        said.format(player=name, buildings=what, amount=state.money(plan.cost), layout=_layout(state, plan)),
        (paid,),
    )


@handles(ShortageAuction)
def shortage_auction(state: GameState, action: ShortageAuction) -> Outcome:
    """Record a building-shortage auction (seed 000, BUILDING SHORTAGE: "the houses or hotels must be sold at
    auction to the highest bidder"): the winner pays ``amount`` in all to the bank and the buildings are placed
    evenly as a build would place them, with the same checks except the price. One auction sells one kind
    (docs/rulings.md): houses, or (``hotel``) hotels, whose lots' houses go back to the bank (seed 000, HOTELS)."""
    index = active_player(state, action.player)
    deed = state.deed(action.deed)
    amount = check_amount(state, action.amount, SHORTAGE, BID)
    if not isinstance(action.hotel, bool):
        raise RuleError(SHORTAGE, _("an auction sells houses or hotels, not {what}").format(what=repr(action.hotel)))
    plan = _plan_build(state, index, deed, action.count, SHORTAGE, hotels=action.hotel)
    _check_short(state, index, deed, action.count, action.hotel)
    what = _count(plan.added_houses, plan.added_hotels)
    state, paid = transfer(
        state,
        index,
        BANK,
        amount,
        TransferKind.BUILD,
        rule=SHORTAGE,
        what=_("for {buildings} at auction").format(buildings=what),
        deed=deed.name,
    )
    state = _apply_levels(state, plan)
    name = state.players[index].name
    said = _("{player} wins {buildings} at auction for {amount}: {layout}")
    return Outcome(
        state,
        said.format(player=name, buildings=what, amount=state.money(amount), layout=_layout(state, plan)),
        (paid,),
    )


@handles(Sell)
def sell(state: GameState, action: Sell) -> Outcome:
    """Sell ``count`` building levels back to the bank at half their cost (seed 000, SELLING PROPERTY).

    Levels come off one at a time, evenly in reverse: the first from ``deed``, then from the highest lot (ties:
    ``deed``, then board order). A hotel sold this way comes back as houses, which the bank must have. When
    ``count`` clears every building of the group, its hotels go back whole ("All hotels on one color-group may be
    sold at once") and no houses are needed (docs/rulings.md)."""
    index = active_player(state, action.player)
    deed = state.deed(action.deed)
    name = state.players[index].name
    lots = _own_group(state, index, deed, selling=True)
    hotel = state.hotel_level
    plan = _Plan(lots, {d.index: state.deeds[d.index].level for d in lots}, state.houses, state.hotels)
    standing = sum(plan.levels.values())
    count = action.count
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        said = _("the number of buildings to sell must be a whole number from 1, not {count}")
        raise RuleError(SELLING, said.format(count=repr(count)))
    title = _(state.board.groups[deed.group].title)
    if standing == 0:
        raise RuleError(SELLING, _("no buildings stand on the {group} group").format(group=title))
    if count > standing:
        said = ngettext(
            "only {n} building level stand on the {group} group ({layout}), not {count}",
            "only {n} building levels stand on the {group} group ({layout}), not {count}",
            standing,
        )
        raise RuleError(SELLING, said.format(n=standing, group=title, layout=_layout(state, plan), count=count))
    if count < standing and plan.levels[deed.index] < max(plan.levels.values()):
        top = next(d for d in lots if plan.levels[d.index] == max(plan.levels.values()))
        said = _("{player} must sell evenly: {top} has {top_level} and {deed} {level}; sell from {top} first")
        raise RuleError(
            SELLING,
            said.format(
                player=name,
                top=top.name,
                top_level=describe_level(state, plan.levels[top.index]),
                deed=deed.name,
                level=describe_level(state, plan.levels[deed.index]),
            ),
        )
    sold_houses = sold_hotels = 0
    if count == standing:
        for d in lots:
            level = plan.levels[d.index]
            if level >= hotel:
                plan.hotels += 1
                sold_hotels += 1
            else:
                plan.houses += level
                sold_houses += level
            plan.cost += building_refund(d, level)
            plan.levels[d.index] = 0
    else:
        for _step in range(count):
            high = max(plan.levels.values())
            target = deed if plan.levels[deed.index] == high else next(d for d in lots if plan.levels[d.index] == high)
            if high >= hotel:
                needed = hotel - 1
                if plan.houses < needed:
                    said = _(
                        "selling the hotel on {deed} one level at a time needs {needed} houses from the bank, which "
                        "has {has}; sell all the group's buildings at once instead"
                    )
                    raise RuleError(SELLING, said.format(deed=target.name, needed=needed, has=plan.houses))
                plan.houses -= needed
                plan.hotels += 1
                sold_hotels += 1
            else:
                plan.houses += 1
                sold_houses += 1
            plan.levels[target.index] = high - 1
            plan.cost += building_refund(target)
    what = _count(sold_houses, sold_hotels)
    state, paid = transfer(state, BANK, index, plan.cost, TransferKind.SELL, rule=SELLING, deed=deed.name)
    state = _apply_levels(state, plan)
    said = _("{player} sells {buildings} back to the bank for {amount}: {layout}")
    return Outcome(
        state,
        said.format(player=name, buildings=what, amount=state.money(plan.cost), layout=_layout(state, plan)),
        (paid,),
    )
