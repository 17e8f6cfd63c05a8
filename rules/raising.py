"""What a player short of cash could sell back and mortgage, one tickable step at a time, in an order the rules allow.

seed 000, BANKRUPTCY: a player "owes more than he can pay" only after "selling his buildings and mortgaging
property". The ways, and the order they must come in:

* seed 000, SELLING PROPERTY: houses and hotels go back to the bank "for one-half the price paid for them", "one
  by one, evenly, in reverse of the manner in which they were erected"; "All hotels on one color-group may be sold
  at once. Or they may be sold one house at a time (one hotel equals five houses)" (so breaking a hotel down needs
  houses from the bank; docs/rulings.md).
* seed 000, MORTGAGES: "Before an improved property can be mortgaged all the buildings on all the properties of its
  color-group must be sold back to the Bank at half price. The mortgage value is printed on each Title Deed card."
  Darrow's rules say the same (seed 001: "a player must sell all buildings on any color group before mortgaging
  any property in that group").

:func:`raise_options` lists the steps, each with what it raises; every step is checked by the engine itself
(``rules.buildings.sell``), so the list never offers what a ``sell`` or ``mortgage`` would refuse. Their sum is
:func:`rules.money.can_raise`. :func:`raise_actions` turns a choice of steps into the ``Sell`` and ``Mortgage``
actions that carry it out, in order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.actions import Mortgage, Sell
from rules.buildings import describe_level
from rules.engine import apply
from rules.errors import RuleError
from rules.i18n import _, ngettext
from rules.state import GameState

SELL = "sell"
MORTGAGE = "mortgage"


@dataclass(frozen=True)
class RaiseOption:
    """One step a player could take to raise cash.

    ``kind`` is :data:`SELL` (building levels back to the bank) or :data:`MORTGAGE` (a deed to the bank).
    ``deed`` is the printed name of the lot the level comes off, or of the deed mortgaged; ``group`` its colour
    group. ``count`` is the number of building levels the step sells (1; more for the rest of a group that can
    only go back all at once) and 1 for a mortgage. ``amount`` is the cash it raises. ``needs`` lists the indexes,
    in the same list, of the steps that must be taken before this one (the earlier sales of the group; for a
    mortgage, every sale of its group). ``first`` and ``sold``: a sale step is the ``sold``-th building level of
    the group counted from ``first``, the lot the group's sale starts from, so the steps up to it are one
    ``Sell(player, first, sold)``. ``what`` says it in words."""

    kind: str
    deed: str
    group: str
    count: int
    amount: int
    what: str
    needs: tuple[int, ...] = ()
    first: str = ""
    sold: int = 0


def _group_sales(state: GameState, index: int, group: str, start: int) -> list[RaiseOption]:
    """The sale steps of one group, in the order ``Sell`` takes the levels off: the first from the highest lot
    (ties: board order), then evenly from the highest. Each prefix is tried on the engine; the levels that can
    only go back together (a hotel broken down needs houses the bank lacks) form one last step that clears the
    group at once (seed 000, SELLING PROPERTY: "All hotels on one color-group may be sold at once")."""
    board = state.board
    lots = [board.deeds[i] for i in board.groups[group].deeds]
    levels = {d.index: state.deeds[d.index].level for d in lots}
    standing = sum(levels.values())
    top = max(levels.values())
    first = next(d for d in lots if levels[d.index] == top)
    name = state.players[index].name
    hotel = state.hotel_level
    title = _(board.groups[group].title)
    out: list[RaiseOption] = []
    before, cash, sold = levels, state.players[index].cash, 0
    for k in range(1, standing):
        try:
            after_state = apply(state, Sell(name, first.name, k)).state
        except RuleError:
            break  # every longer partial sale takes the same refused step; only the whole group can go back
        after = {d.index: after_state.deeds[d.index].level for d in lots}
        lot = next(d for d in lots if after[d.index] != before[d.index])
        amount = after_state.players[index].cash - cash
        what = (
            _("Sell the hotel on {deed} (it becomes {level})").format(
                deed=lot.name, level=describe_level(state, hotel - 1)
            )
            if before[lot.index] >= hotel
            else _("Sell a house on {deed}").format(deed=lot.name)
        )
        out.append(
            RaiseOption(SELL, lot.name, group, 1, amount, what, tuple(range(start, start + len(out))), first.name, k)
        )
        before, cash, sold = after, after_state.players[index].cash, k
    rest = standing - sold
    after_state = apply(state, Sell(name, first.name, standing)).state
    amount = after_state.players[index].cash - cash
    left = [d for d in lots if before[d.index]]
    if rest == 1:  # a hotel is several levels, so the one level left is a house
        what = _("Sell the last house on {deed}").format(deed=left[0].name)
    else:
        houses = sum(v for v in before.values() if v < hotel)
        hotels = sum(1 for v in before.values() if v >= hotel)
        parts = ([ngettext("{n} hotel", "{n} hotels", hotels).format(n=hotels)] if hotels else []) + (
            [ngettext("{n} house", "{n} houses", houses).format(n=houses)] if houses else []
        )
        what = _("Sell all at once the {buildings} left on the {group} group").format(
            buildings=_(" and ").join(parts), group=title
        )
    out.append(
        RaiseOption(
            SELL,
            left[0].name,
            group,
            rest,
            amount,
            what,
            tuple(range(start, start + len(out))),
            first.name,
            standing,
        )
    )
    return out


def raise_options(state: GameState, index: int) -> list[RaiseOption]:
    """Every step player ``index`` could take to raise cash: first the building sales, group by group in board
    order, evenly in reverse of building (seed 000, SELLING PROPERTY); then the mortgage of each unmortgaged deed
    in board order, at the printed mortgage value, each needing every sale of its group (seed 000, MORTGAGES;
    seed 001). Taking any steps together with what they need, in list order, is legal. The amounts add up to
    :func:`rules.money.can_raise`."""
    board = state.board
    owned = [d for d in board.deeds if state.deeds[d.index].owner == index]
    out: list[RaiseOption] = []
    sales: dict[str, tuple[int, ...]] = {}
    for deed in owned:
        if deed.group in sales or not any(state.deeds[i].level for i in board.groups[deed.group].deeds):
            continue
        start = len(out)
        out.extend(_group_sales(state, index, deed.group, start))
        sales[deed.group] = tuple(range(start, len(out)))
    for deed in owned:
        if not state.deeds[deed.index].mortgaged:
            out.append(
                RaiseOption(
                    MORTGAGE,
                    deed.name,
                    deed.group,
                    1,
                    deed.mortgage,
                    _("Mortgage {deed}").format(deed=deed.name),
                    sales.get(deed.group, ()),
                )
            )
    return out


def with_needs(options: Sequence[RaiseOption], chosen: Iterable[int]) -> set[int]:
    """``chosen`` together with every step they need."""
    out = set(chosen)
    for i in list(out):
        out.update(options[i].needs)
    return out


def without_dependents(options: Sequence[RaiseOption], chosen: Iterable[int], dropped: int) -> set[int]:
    """``chosen`` less ``dropped`` and every step that needs it."""
    return {i for i in chosen if i != dropped and dropped not in options[i].needs}


def raise_actions(
    state: GameState, index: int, options: Sequence[RaiseOption], chosen: Iterable[int]
) -> list[Sell | Mortgage]:
    """The actions that take the ``chosen`` steps (with what they need) in list order: one ``Sell`` of each
    group's levels, then the mortgages. ``options`` must be :func:`raise_options` of this state."""
    picked = with_needs(options, chosen)
    name = state.players[index].name
    sells: dict[str, int] = {}
    for i in picked:
        o = options[i]
        if o.kind == SELL:
            sells[o.group] = max(sells.get(o.group, 0), i)
    actions: list[Sell | Mortgage] = []
    for i, o in enumerate(options):
        if i not in picked:
            continue
        if o.kind == MORTGAGE:
            actions.append(Mortgage(name, o.deed))
        elif sells.get(o.group) == i:  # the last sale step of the group: all of them in one command
            actions.append(Sell(name, o.first, o.sold))
    return actions


__all__ = ["MORTGAGE", "SELL", "RaiseOption", "raise_actions", "raise_options", "with_needs", "without_dependents"]
