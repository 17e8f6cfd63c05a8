"""Banker's rules engine: the Monopoly money rules of five rule books, pure Python with no I/O.

Import what you need from here: ``new_game``, ``apply``, the action types and the queries (``rules.queries``: rent
quote, valuation and standings with the winner, tax basis and options, can-raise, lift and takeover costs, deadline,
jail status; the valuation itself as ``rules.queries.valuation``, since ``rules.valuation`` names its module).

The public names are the imports under ``TYPE_CHECKING`` below, written once: a type checker reads them there, and
at run time :func:`__getattr__` finds each name's module in the same lines (:func:`_homes`) and loads it on first
use (PEP 562). Opening a saved game and drawing its table need the state, the board and the valuation, not the
action types and their handlers, whose two dozen frozen dataclasses are the costliest part of the engine to import
(tests/tui/test_launch.py). ``__all__`` is made from the same lines.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:  # the public names, one import per module (pyproject.toml: mypy's implicit_reexport for rules)
    from rules.actions import (
        Action,
        Auction,
        Bankrupt,
        Build,
        Buy,
        Card,
        Collect,
        Deal,
        DealRandom,
        End,
        Go,
        Items,
        JailAction,
        Mortgage,
        Next,
        Parking,
        Pay,
        Rent,
        Sell,
        ShortageAuction,
        Tax,
        Trade,
        Turn,
        Unmortgage,
    )
    from rules.board import Board, Deed, SquareKind
    from rules.editions import load_board
    from rules.engine import apply
    from rules.errors import CannotPay, RuleError, UnknownName
    from rules.outcome import BANK, POT, Outcome, Transfer
    from rules.queries import (
        Standing,
        Valuation,
        building_lot,
        buildings_on,
        can_raise,
        deadline,
        deed_card,
        income_tax_choices,
        income_tax_options,
        jail_status,
        lift_cost,
        position_problems,
        printed_most,
        rent_quote,
        side_deal_terms,
        standings,
        takeover_terms,
        tax_basis,
        winner,
    )
    from rules.state import GameState, HouseRules, Settings, new_game
    from rules.variants import Variant, all_variants, find_variant


@cache
def _homes() -> dict[str, str]:
    """Each public name's module, read from the imports under ``TYPE_CHECKING`` above: each ``from rules.<module>
    import <names>`` line, or its names in brackets over the lines that follow (``ruff format`` writes them so;
    ``tests/rules/test_public_names.py`` reads them with :mod:`ast` too). A read of the lines, not a parse of the file:
    the launch asks for a name (``from rules import GameState``) and parsing cost it 0.7 ms."""
    text = Path(__file__).read_text(encoding="utf-8")
    block = text.split("\nif TYPE_CHECKING:", 1)[1].split("\n\n", 1)[0]
    homes = {}
    for module, names in re.findall(r"^    from (rules\.\w+) import (\([^)]*\)|.*)$", block, re.MULTILINE):
        for name in names.strip("()").split(","):
            name = name.split("#")[0].strip()
            if name:
                homes[name] = module
    return homes


def __getattr__(name: str) -> object:
    if name == "__all__":
        return sorted(_homes())
    home = _homes().get(name)
    if home is None:
        raise AttributeError(f"module 'rules' has no attribute {name!r}")  # i18n-exempt: a programming error
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # found once, then an ordinary module attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_homes()))
