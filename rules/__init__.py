"""Banker's rules engine: the Monopoly money rules of five rule books, pure Python with no I/O.

Import what you need from here: ``new_game``, ``apply``, the action types and the queries.
"""

from rules.actions import *  # noqa: F403
from rules.board import Board, Deed, SquareKind, load_board
from rules.engine import apply
from rules.errors import CannotPay, RuleError, UnknownName
from rules.outcome import BANK, POT, Outcome, Transfer
from rules.state import GameState, HouseRules, Settings, new_game
from rules.variants import Variant, all_variants, find_variant

__version__ = "0.1.0"

__all__ = [  # noqa: F405 - the action types come from rules.actions
    "Action", "Auction", "BANK", "Bankrupt", "Board", "Build", "Buy", "CannotPay", "Card", "Collect", "Deal",
    "DealRandom", "Deed", "End", "GameState", "Go", "HouseRules", "Items", "JailAction", "Mortgage", "Next",
    "Outcome", "POT", "Parking", "Pay", "Rent", "RuleError", "Sell", "Settings", "ShortageAuction", "SquareKind",
    "Tax", "Trade", "Transfer", "Turn", "UnknownName", "Unmortgage", "Variant", "all_variants", "apply",
    "find_variant", "load_board", "new_game",
]
