"""The questions the app asks of the rules, in one documented place: what a player would pay or is worth, what a
deed would cost, when the game ends, who won. The screens, the phone pages, the views and the exports ask here
instead of working a rule out themselves, so a figure on screen is always the figure the engine charges.

Each answer is the engine's own (the handlers charge exactly these figures); this module only gathers them. The
modules that also hold action handlers (rent, taxes, money, mortgages, trades, jail) are imported on first use, so
drawing a saved game's table asks nothing of the engine it does not need (``tests/core/test_session.py``,
``bench/bench_app.py``).

========================  =========================================================================================
``valuation``             a player's valuation (seed 000, SHORT GAME rule 3): what the screens call their worth
``standings``, ``winner`` everybody ranked by that valuation, the winner marked once the game is over
``rent_quote``            the rent owed on landing on a deed, with the rule followed (``rules.rent.quote``)
``deed_card``             a title deed as printed (every rent, house cost, mortgage, lift) and who holds it now
``tax_basis``             what the 10% Income Tax is of (seed 000, "INCOME TAX": "total worth"); not the valuation
``income_tax_options``    both Income Tax figures a player faces now
``income_tax_choices``    the Income Tax options of the game's variant: ``(TaxChoice.FLAT, TaxChoice.PERCENT)``, ...
``can_raise``             the most cash a player could raise by selling buildings and mortgaging
``lift_cost``             (principal, interest) to lift a mortgage (seed 000, MORTGAGES)
``takeover_terms``        what a mortgaged deed costs the player who takes it in a trade, or why it cannot move
``deadline``              when a time-limit game ends (seed 002)
``jail_status``           "in jail, turn 2 of 3" ("" when free)
``buildings_on``          (houses, hotel) standing on a deed
``side_deal_terms``       the side deals made, in words, with their end or whether they stand (``rules.deal_terms``)
``position_problems``     what keeps a position taken over from the board from standing (``rules.position``)
``building_lot``          the lot a colour group's name stands for in a build (the lowest) or a sale (the highest)
``printed_most``          the most one payment the edition's squares and cards move (a phone asking more is flagged)
========================  =========================================================================================
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from rules.board import Deed
from rules.errors import RuleError
from rules.i18n import _
from rules.state import GameState
from rules.valuation import Standing, Valuation, standings, valuation, winner

if TYPE_CHECKING:
    from rules.payments import PrintedMost
    from rules.rent import DeedCard, RentQuote
    from rules.taxes import TaxOptions
    from rules.trades import TakeoverTerms
    from rules.words import TaxChoice

__all__ = [
    "Standing",
    "Valuation",
    "building_lot",
    "buildings_on",
    "can_raise",
    "deadline",
    "deed_card",
    "income_tax_choices",
    "income_tax_options",
    "jail_status",
    "lift_cost",
    "position_problems",
    "printed_most",
    "rent_quote",
    "side_deal_terms",
    "standings",
    "takeover_terms",
    "tax_basis",
    "valuation",
    "winner",
]


def rent_quote(
    state: GameState, deed: Deed | str, payer: int | str | None = None, dice: int | None = None, card: bool = False
) -> RentQuote:
    """The rent ``payer`` (None: any opponent) owes on landing on ``deed`` (``rules.rent.quote``)."""
    from rules.rent import quote

    return quote(state, deed, payer=payer, dice=dice, card=card)


def deed_card(state: GameState, deed: Deed | str) -> DeedCard:
    """The deed's card as printed, read by the functions that charge rent, and this game's facts about it
    (``rules.rent.deed_card``)."""
    from rules.rent import deed_card as card

    return card(state, deed)


def tax_basis(state: GameState, player: int | str) -> int:
    """What the 10% Income Tax is of (``rules.taxes.tax_basis``); not the valuation."""
    from rules.taxes import tax_basis as basis

    return basis(state, player)


def income_tax_options(state: GameState, player: int | str) -> TaxOptions:
    """Both Income Tax figures a player faces now under the game's variant (``rules.taxes.income_tax_options``)."""
    from rules.taxes import income_tax_options as options

    return options(state, player)


def income_tax_choices(state: GameState) -> tuple[TaxChoice, ...]:
    """The Income Tax options of the game's variant (``Variant.income_tax_choices``)."""
    return state.variant.income_tax_choices


def can_raise(state: GameState, index: int) -> int:
    """The most cash a player could raise on top of their cash (``rules.money.can_raise``)."""
    from rules.money import can_raise as most

    return most(state, index)


def lift_cost(state: GameState, deed: Deed | str) -> tuple[int, int]:
    """(principal, interest) to lift the mortgage on ``deed`` (``rules.mortgages.lift_cost``)."""
    from rules.mortgages import lift_cost as cost

    return cost(state.deed(deed) if isinstance(deed, str) else deed)


def takeover_terms(state: GameState, deed: Deed | str) -> TakeoverTerms | None:
    """What a mortgaged deed costs whoever takes it in a trade now; None when it is not mortgaged
    (``rules.trades.takeover_terms``)."""
    from rules.trades import takeover_terms as terms

    return terms(state, deed)


def deadline(state: GameState, started: str) -> datetime | None:
    """When a time-limit game ends, from its journalled start (``GameState.deadline``); None for other games."""
    return state.deadline(started)


def jail_status(state: GameState, index: int, *, short: bool = False) -> str:
    """A few words for the screen: "" when free, "in jail, turn 2 of 3" (``short``: "jail 2/3", for a narrow
    place; ``rules.jail.jail_status``)."""
    if state.players[index].jail is None:
        return ""  # the common case, without loading the jail's handlers
    from rules.jail import jail_status as status

    return status(state, index, short=short)


def buildings_on(state: GameState, deed: Deed | str) -> tuple[int, bool]:
    """(houses, hotel) on a deed: a lot at the hotel level (``GameState.hotel_level``) has a hotel and no houses."""
    level = state.holding(state.deed(deed) if isinstance(deed, str) else deed).level
    return (0, True) if level == state.hotel_level else (level, False)


def position_problems(state: GameState) -> tuple[RuleError, ...]:
    """What keeps the position taken over from the board from standing as a whole (buildings on a group that is not
    one owner's whole, mortgaged or unevenly built); play cannot begin until it is empty
    (``rules.position.position_problems``)."""
    from rules.position import position_problems as problems

    return problems(state)


def building_lot(state: GameState, group: str, *, selling: bool = False) -> Deed:
    """The lot of ``group`` (its key) a build named by the group starts on, or a sale (``selling``) starts from
    (``rules.buildings.next_lot``)."""
    from rules.buildings import next_lot

    return next_lot(state, group, selling=selling)


def side_deal_terms(state: GameState) -> tuple[str, ...]:
    """Every side deal made in the game, in words, in the order made: "Side deal 1: Ann asks no rent of Bob on Dark
    Blue until turn 14 (in effect)", or "(ended: Bob passed GO)"."""
    from rules.deal_terms import ended_said, terms  # with the outcome it reads: not before the first frame

    return tuple(
        (
            _("Side deal {number}: {terms} (ended: {why})") if d.ended else _("Side deal {number}: {terms} (in effect)")
        ).format(number=n, terms=terms(state, d), why=ended_said(state, d))
        for n, d in enumerate(state.side_deals, 1)
    )


def printed_most(state: GameState) -> PrintedMost:
    """The most one payment printed in the game's edition and decks moves, with the bank, each player or another
    player (``rules.payments.printed_most``): what a phone's ask above it is flagged by."""
    from rules.payments import printed_most as most

    return most(state)
