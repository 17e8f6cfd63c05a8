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
    **dict.fromkeys(("Board", "Deed", "SquareKind", "load_board"), "rules.board"),
    "apply": "rules.engine",
    **dict.fromkeys(("CannotPay", "RuleError", "UnknownName"), "rules.errors"),
    **dict.fromkeys(("BANK", "POT", "Outcome", "Transfer"), "rules.outcome"),
    **dict.fromkeys(("GameState", "HouseRules", "Settings", "new_game"), "rules.state"),
    **dict.fromkeys(
        (
            "Standing",
            "Valuation",
            "buildings_on",
            "can_raise",
            "deadline",
            "income_tax_choices",
            "income_tax_options",
            "jail_status",
            "lift_cost",
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


def __getattr__(name: str) -> object:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # found once, then an ordinary module attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOME))
