"""The dialogs, one per module, on one base (:mod:`banker.dialogs.base`) that owns the keyboard contract:
Enter confirms (except in a field that adds to a list), Ctrl+S confirms, Escape cancels, a refusal stays in the
dialog with the fields as typed, and a confirmed command is recorded exactly once.

Imported by the table when a dialog first opens, not at start-up.
"""

from banker.dialogs.auction import AuctionDialog
from banker.dialogs.base import BankerDialog, RecordingDialog, plain, reply_text
from banker.dialogs.command import CommandDialog, Field
from banker.dialogs.confirm import ConfirmDialog
from banker.dialogs.raise_money import RaiseMoneyDialog
from banker.dialogs.trade import TradeDialog

__all__ = [
    "AuctionDialog",
    "BankerDialog",
    "CommandDialog",
    "ConfirmDialog",
    "Field",
    "RaiseMoneyDialog",
    "RecordingDialog",
    "TradeDialog",
    "plain",
    "reply_text",
]
