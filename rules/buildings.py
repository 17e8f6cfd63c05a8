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
from rules.board import Deed, SquareKind, or_list
from rules.engine import handles
from rules.errors import RuleError
from rules.money import active_player, building_refund, check_amount, evolve, transfer
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
        return "a hotel"
    if level == 0:
        return "no houses"
    return f"{level} house{'s' if level > 1 else ''}"


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


def _own_group(state: GameState, index: int, deed: Deed, verb: str) -> list[Deed]:
    """The lots of ``deed``'s group, after checking the deed is a street and ``index`` owns it."""
    name = state.players[index].name
    if deed.kind is not SquareKind.STREET:
        what = state.board.noun(deed.kind)
        raise RuleError(HOUSES, f"{deed.name} is a {what}: houses and hotels go on colour-group streets only")
    owner = state.deeds[deed.index].owner
    if owner != index:
        holder = "the bank" if owner is None else state.players[owner].name
        raise RuleError(HOUSES, f"{name} cannot {verb} on {deed.name}: it belongs to {holder}")
    return [state.board.deeds[i] for i in state.board.groups[deed.group].deeds]


def _plan_build(
    state: GameState, index: int, deed: Deed, count: object, rule: str, hotels: bool | None = None
) -> _Plan:
    """Place ``count`` levels one at a time, each on a lowest lot (ties: ``deed``, then board order), checking
    every step and then the bank's stock; raises on what the rules refuse, so a build is all or nothing.
    ``hotels``: every step must place a hotel (True) or a house (False), as a shortage auction of one kind sells;
    None places whichever comes next."""
    name = state.players[index].name
    lots = _own_group(state, index, deed, "build")
    group = state.board.groups[deed.group]
    hotel = state.hotel_level
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= hotel * len(lots):
        raise RuleError(rule, f"the number of buildings must be 1 to {hotel * len(lots)}, not {count!r}")
    missing = [d.name for d in lots if state.deeds[d.index].owner != index]
    if missing:
        raise RuleError(
            HOUSES, f"{name} must own the whole {group.title} group to build; {name} does not own {', '.join(missing)}"
        )
    mortgaged = [d.name for d in lots if state.deeds[d.index].mortgaged]
    if mortgaged:
        raise RuleError(
            MORTGAGES,
            f"no building on the {group.title} group while {', '.join(mortgaged)} "
            f"{'is' if len(mortgaged) == 1 else 'are'} mortgaged",
        )
    plan = _Plan(lots, {d.index: state.deeds[d.index].level for d in lots}, state.houses, state.hotels)
    if count == 1:
        _check_named_lot(state, deed, plan)
    fewest_houses, fewest_hotels = plan.houses, plan.hotels
    for _ in range(count):
        # seed 000, HOUSES: "build evenly": each level goes on a lowest lot, the named one first among equals, so a
        # count spreads over the group whichever of its lots names it (issue 22: "build bob tennessee 4" was refused
        # for St. James Place); one building goes on the lot named, or nowhere (_check_named_lot)
        low = min(plan.levels.values())
        target = deed if plan.levels[deed.index] == low else next(d for d in lots if plan.levels[d.index] == low)
        level = plan.levels[target.index]
        if level >= hotel:
            raise RuleError(HOTELS, f"{target.name} already has a hotel; only one hotel may stand on a lot")
        if hotels is True and low < hotel - 1:
            raise RuleError(
                HOTELS,
                f"a hotel needs {describe_level(state, hotel - 1)} on every lot of the "
                f"{group.title} group; {target.name} has {describe_level(state, low)}",
            )
        if hotels is False and level + 1 == hotel:
            raise RuleError(
                SHORTAGE,
                f"{count} house{'s' if count > 1 else ''} would take {target.name} to a "
                "hotel; an auction of houses places houses only (the hotel is auctioned "
                "on its own, or built at its price)",
            )
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
        _short(state, name, deed, count, "house", state.houses, state.houses - fewest_houses, rule)
    if fewest_hotels < 0:
        _short(state, name, deed, count, "hotel", state.hotels, state.hotels - fewest_hotels, rule)
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
    lower = f"{' and '.join(first)} {'has' if len(first) == 1 else 'have'} {describe_level(state, low)}"
    hotel = state.hotel_level
    if level >= hotel:
        raise RuleError(
            HOTELS,
            f"{deed.name} already has a hotel, and only one hotel may stand on a lot: build evenly: "
            f"{or_list(first)} first ({lower})",
            field="deed",
        )
    where = f"{deed.name} has {describe_level(state, level)}; {lower}"
    if level == hotel - 1:
        raise RuleError(
            HOTELS,
            f"a hotel needs {describe_level(state, hotel - 1)} on every lot of the {group.title} group: build evenly: "
            f"{or_list(first)} first ({where})",
            field="deed",
        )
    raise RuleError(HOUSES, f"build evenly: {or_list(first)} first ({where})", field="deed")


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
        return len(self.wanted) >= 2 and sum(n for _, n in self.wanted) > self.stock


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
    kind = found.kind
    if len(found.wanted) >= 2:
        wanted = or_list(tuple(f"{who} {n}" for who, n in found.wanted), last="and")
        total = sum(n for _, n in found.wanted)
        why = (
            f"the bank is not short of {kind}s: it has {found.stock}, and the players who could buy {kind}s could "
            f"buy {total} in all ({wanted})"
        )
    else:
        who = f"only {found.wanted[0][0]}" if found.wanted else "nobody"
        why = (
            f"a shortage auction needs two or more players who want {kind}s, and {who} could buy {kind}s "
            f"(the bank has {found.stock})"
        )
    build = f"build {state.players[index].name} {deed.name}" + (f" {count}" if count != 1 else "")
    raise RuleError(  # the field is what is auctioned: no bid can make the bank short
        SHORTAGE,
        f"{why}; build at the printed price ({state.money(deed.house_cost)} a building: `{build}`)",
        field="deed",
    )


def _short(state: GameState, name: str, deed: Deed, count: int, kind: str, have: int, need: int, rule: str) -> None:
    """Seed 000, BUILDING SHORTAGE: the bank cannot supply the build. Says what it has and what was asked for,
    and the ways on: wait for buildings sold back, build fewer, or auction them when two or more players want
    them (the ``shortage`` command; not offered when the refused build is that auction)."""
    asked = f"{count} building{'s' if count != 1 else ''} on the {state.board.groups[deed.group].title} group"
    need_text = f"{need} {kind}{'s' if need != 1 else ''}"
    if have == 0:
        raise RuleError(
            SHORTAGE,
            f"the bank has no {kind}s left, and {asked} need{'s' if count == 1 else ''} {need_text}; "
            "wait until some are sold back",
        )
    ways = "auction fewer" if rule == SHORTAGE else "build fewer"
    if rule != SHORTAGE:
        ways += (
            f", or, if two or more players want them, auction them "
            f"(`shortage {name} {deed.name} {have} {kind}s <amount>`)"
            if kind == "house"
            else f", or, if two or more players want it, auction it (`shortage {name} {deed.name} 1 hotel <amount>`)"
        )
    raise RuleError(
        SHORTAGE,
        f"the bank has only {have} {kind}{'s' if have != 1 else ''} left, and {asked} "
        f"need{'s' if count == 1 else ''} {need_text}: {ways}",
    )


def _apply_levels(state: GameState, plan: _Plan) -> GameState:
    deeds = list(state.deeds)
    for i, level in plan.levels.items():
        if deeds[i].level != level:
            deeds[i] = evolve(deeds[i], level=level)
    return evolve(state, deeds=tuple(deeds), houses=plan.houses, hotels=plan.hotels)


def _layout(state: GameState, plan: _Plan) -> str:
    return ", ".join(f"{d.name} {describe_level(state, plan.levels[d.index])}" for d in plan.lots)


def _count(houses: int, hotels: int) -> str:
    parts = []
    if houses:
        parts.append(f"{houses} house{'s' if houses > 1 else ''}")
    if hotels:
        parts.append("a hotel" if hotels == 1 else f"{hotels} hotels")
    return " and ".join(parts)


@handles(Build)
def build(state: GameState, action: Build) -> Outcome:
    """Buy ``count`` buildings from the bank at the deed's house cost and place them evenly (seed 000, HOUSES,
    HOTELS, BUILDING SHORTAGE); all or nothing, and only with the cash in hand."""
    index = active_player(state, action.player)
    deed = state.deed(action.deed)
    plan = _plan_build(state, index, deed, action.count, HOUSES)
    what = _count(plan.added_houses, plan.added_hotels)
    state, paid = transfer(
        state, index, BANK, plan.cost, TransferKind.BUILD, rule=HOUSES, what=f"for {what}", deed=deed.name
    )
    state = _apply_levels(state, plan)
    name = state.players[index].name
    return Outcome(state, f"{name} builds {what} for {state.money(plan.cost)}: {_layout(state, plan)}", (paid,))


@handles(ShortageAuction)
def shortage_auction(state: GameState, action: ShortageAuction) -> Outcome:
    """Record a building-shortage auction (seed 000, BUILDING SHORTAGE: "the houses or hotels must be sold at
    auction to the highest bidder"): the winner pays ``amount`` in all to the bank and the buildings are placed
    evenly as a build would place them, with the same checks except the price. One auction sells one kind
    (docs/rulings.md): houses, or (``hotel``) hotels, whose lots' houses go back to the bank (seed 000, HOTELS)."""
    index = active_player(state, action.player)
    deed = state.deed(action.deed)
    amount = check_amount(state, action.amount, SHORTAGE, "winning bid")
    if not isinstance(action.hotel, bool):
        raise RuleError(SHORTAGE, f"an auction sells houses or hotels, not {action.hotel!r}")
    plan = _plan_build(state, index, deed, action.count, SHORTAGE, hotels=action.hotel)
    _check_short(state, index, deed, action.count, action.hotel)
    what = _count(plan.added_houses, plan.added_hotels)
    state, paid = transfer(
        state, index, BANK, amount, TransferKind.BUILD, rule=SHORTAGE, what=f"for {what} at auction", deed=deed.name
    )
    state = _apply_levels(state, plan)
    name = state.players[index].name
    return Outcome(state, f"{name} wins {what} at auction for {state.money(amount)}: {_layout(state, plan)}", (paid,))


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
    lots = _own_group(state, index, deed, "sell buildings")
    hotel = state.hotel_level
    plan = _Plan(lots, {d.index: state.deeds[d.index].level for d in lots}, state.houses, state.hotels)
    standing = sum(plan.levels.values())
    count = action.count
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise RuleError(SELLING, f"the number of buildings to sell must be a whole number from 1, not {count!r}")
    if standing == 0:
        group = state.board.groups[deed.group]
        raise RuleError(SELLING, f"no buildings stand on the {group.title} group")
    if count > standing:
        raise RuleError(
            SELLING,
            f"only {standing} building level{'s' if standing > 1 else ''} stand on the "
            f"{state.board.groups[deed.group].title} group ({_layout(state, plan)}), "
            f"not {count}",
        )
    if count < standing and plan.levels[deed.index] < max(plan.levels.values()):
        top = next(d for d in lots if plan.levels[d.index] == max(plan.levels.values()))
        raise RuleError(
            SELLING,
            f"{name} must sell evenly: {top.name} has "
            f"{describe_level(state, plan.levels[top.index])} and {deed.name} "
            f"{describe_level(state, plan.levels[deed.index])}; sell from {top.name} first",
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
        for _ in range(count):
            high = max(plan.levels.values())
            target = deed if plan.levels[deed.index] == high else next(d for d in lots if plan.levels[d.index] == high)
            if high >= hotel:
                needed = hotel - 1
                if plan.houses < needed:
                    raise RuleError(
                        SELLING,
                        f"selling the hotel on {target.name} one level at a time needs "
                        f"{needed} houses from the bank, which has {plan.houses}; sell all "
                        f"the group's buildings at once instead",
                    )
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
    return Outcome(
        state, f"{name} sells {what} back to the bank for {state.money(plan.cost)}: {_layout(state, plan)}", (paid,)
    )
