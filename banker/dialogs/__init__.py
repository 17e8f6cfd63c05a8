"""The dialogs, one per module, on one base (:mod:`banker.dialogs.base`) that owns the keyboard contract:
Enter confirms (except in a field that adds to a list), Ctrl+S confirms, Escape cancels, a refusal stays in the
dialog with the fields as typed, and a confirmed command is recorded exactly once.

Imported by the table when a dialog first opens, not at start-up.
"""

from banker.dialogs.auction import AuctionDialog
from banker.dialogs.base import BankerDialog, RecordingDialog, plain, reply_text
from banker.dialogs.cannot_pay import CannotPayDialog
from banker.dialogs.command import CommandDialog, Field
from banker.dialogs.confirm import ConfirmDialog
from banker.dialogs.trade import TradeDialog

__all__ = ["AuctionDialog", "BankerDialog", "CannotPayDialog", "CommandDialog", "ConfirmDialog", "Field",
           "RecordingDialog", "TradeDialog", "plain", "reply_text"]
