"""Banker's rules engine: the Monopoly money rules of five rule books, pure Python with no I/O.

Import what you need from here: ``new_game``, ``apply``, the action types and the queries (``rules.queries``: rent
quote, valuation and standings with the winner, tax basis and options, can-raise, lift and takeover costs, deadline,
jail status; the valuation itself as ``rules.queries.valuation``, since ``rules.valuation`` names its module).

The names are loaded on first use (PEP 562): opening a saved game and drawing its table need the state, the
board and the valuation, not the action types and their handlers, whose two dozen frozen dataclasses are the
costliest part of the engine to import.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

__version__ = "0.1.0"

_ACTIONS = (
    "Action",
    "Auction",
    "Bankrupt",
    "Build",
    "Buy",
    "Card",
    "Collect",
    "Deal",
    "DealRandom",
    "End",
    "Go",
    "Items",
    "JailAction",
    "Mortgage",
    "Next",
    "Parking",
    "Pay",
    "Rent",
    "Sell",
    "ShortageAuction",
    "Tax",
    "Trade",
    "Turn",
    "Unmortgage",
)
_HOME: dict[str, str] = {
    **dict.fromkeys(_ACTIONS, "rules.actions"),
    **dict.fromkeys(("Board", "Deed", "SquareKind"), "rules.board"),
    "load_board": "rules.editions",
    "apply": "rules.engine",
    **dict.fromkeys(("CannotPay", "RuleError", "UnknownName"), "rules.errors"),
    **dict.fromkeys(("BANK", "POT", "Outcome", "Transfer"), "rules.outcome"),
    **dict.fromkeys(("GameState", "HouseRules", "Settings", "new_game"), "rules.state"),
    **dict.fromkeys(
        (
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
            "rent_quote",
            "standings",
            "takeover_terms",
            "tax_basis",
            "winner",
        ),
        "rules.queries",
    ),
    **dict.fromkeys(("Variant", "all_variants", "find_variant"), "rules.variants"),
}

__all__ = sorted(_HOME)

if TYPE_CHECKING:  # what a type checker reads; at run time the names come from __getattr__ below
    from rules.actions import (
        Action as Action,
    )
    from rules.actions import (
        Auction as Auction,
    )
    from rules.actions import (
        Bankrupt as Bankrupt,
    )
    from rules.actions import (
        Build as Build,
    )
    from rules.actions import (
        Buy as Buy,
    )
    from rules.actions import (
        Card as Card,
    )
    from rules.actions import (
        Collect as Collect,
    )
    from rules.actions import (
        Deal as Deal,
    )
    from rules.actions import (
        DealRandom as DealRandom,
    )
    from rules.actions import (
        End as End,
    )
    from rules.actions import (
        Go as Go,
    )
    from rules.actions import (
        Items as Items,
    )
    from rules.actions import (
        JailAction as JailAction,
    )
    from rules.actions import (
        Mortgage as Mortgage,
    )
    from rules.actions import (
        Next as Next,
    )
    from rules.actions import (
        Parking as Parking,
    )
    from rules.actions import (
        Pay as Pay,
    )
    from rules.actions import (
        Rent as Rent,
    )
    from rules.actions import (
        Sell as Sell,
    )
    from rules.actions import (
        ShortageAuction as ShortageAuction,
    )
    from rules.actions import (
        Tax as Tax,
    )
    from rules.actions import (
        Trade as Trade,
    )
    from rules.actions import (
        Turn as Turn,
    )
    from rules.actions import (
        Unmortgage as Unmortgage,
    )
    from rules.board import (
        Board as Board,
    )
    from rules.board import (
        Deed as Deed,
    )
    from rules.board import (
        SquareKind as SquareKind,
    )
    from rules.editions import (
        load_board as load_board,
    )
    from rules.engine import (
        apply as apply,
    )
    from rules.errors import (
        CannotPay as CannotPay,
    )
    from rules.errors import (
        RuleError as RuleError,
    )
    from rules.errors import (
        UnknownName as UnknownName,
    )
    from rules.outcome import (
        BANK as BANK,
    )
    from rules.outcome import (
        POT as POT,
    )
    from rules.outcome import (
        Outcome as Outcome,
    )
    from rules.outcome import (
        Transfer as Transfer,
    )
    from rules.queries import (
        Standing as Standing,
    )
    from rules.queries import (
        Valuation as Valuation,
    )
    from rules.queries import (
        building_lot as building_lot,
    )
    from rules.queries import (
        buildings_on as buildings_on,
    )
    from rules.queries import (
        can_raise as can_raise,
    )
    from rules.queries import (
        deadline as deadline,
    )
    from rules.queries import (
        deed_card as deed_card,
    )
    from rules.queries import (
        income_tax_choices as income_tax_choices,
    )
    from rules.queries import (
        income_tax_options as income_tax_options,
    )
    from rules.queries import (
        jail_status as jail_status,
    )
    from rules.queries import (
        lift_cost as lift_cost,
    )
    from rules.queries import (
        position_problems as position_problems,
    )
    from rules.queries import (
        rent_quote as rent_quote,
    )
    from rules.queries import (
        standings as standings,
    )
    from rules.queries import (
        takeover_terms as takeover_terms,
    )
    from rules.queries import (
        tax_basis as tax_basis,
    )
    from rules.queries import (
        winner as winner,
    )
    from rules.state import (
        GameState as GameState,
    )
    from rules.state import (
        HouseRules as HouseRules,
    )
    from rules.state import (
        Settings as Settings,
    )
    from rules.state import (
        new_game as new_game,
    )
    from rules.variants import (
        Variant as Variant,
    )
    from rules.variants import (
        all_variants as all_variants,
    )
    from rules.variants import (
        find_variant as find_variant,
    )


def __getattr__(name: str) -> object:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # found once, then an ordinary module attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOME))
