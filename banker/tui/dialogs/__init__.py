"""The dialogs, one per module, on one base (:mod:`banker.tui.dialogs.base`) that owns the keyboard contract:
Enter confirms (except in a field that adds to a list), Ctrl+S confirms, Escape cancels, a refusal stays in the
dialog with the fields as typed, and a confirmed command is recorded exactly once.

Imported by the table when a dialog first opens, not at start-up.
"""

from banker.tui.dialogs.auction import AuctionDialog
from banker.tui.dialogs.base import BankerDialog, RecordingDialog, plain, reply_text
from banker.tui.dialogs.command import CommandDialog
from banker.tui.dialogs.confirm import ConfirmDialog
from banker.tui.dialogs.raise_money import RaiseMoneyDialog
from banker.tui.dialogs.trade import TradeDialog

__all__ = [
    "AuctionDialog",
    "BankerDialog",
    "CommandDialog",
    "ConfirmDialog",
    "RaiseMoneyDialog",
    "RecordingDialog",
    "TradeDialog",
    "plain",
    "reply_text",
]
