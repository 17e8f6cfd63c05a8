"""What the table and the app import only once it is first asked for: the one place in ``banker/tui`` where an
import waits.

The launch imports the app, the table and its panels before the first frame; everything else (the command
language, the dialogs and the Textual widgets they bring, the other screens, the command line and key bar, mounted
just after the first frame) is needed only once a key asks for it. Imported with the table, they cost the first
frame about a third of Banker's own imports (``python -X importtime -c "import banker.tui.app"``: the command
language and the dialogs are the two largest; ``bench/bench_app.py`` times the launch). So the modules on the launch
path name them here, as ``deferred.CommandDialog``: the name is imported on first use (Python then keeps the module)
and typed as its module declares it (the imports under ``TYPE_CHECKING`` below, which the import contracts read).

Everything else in ``banker/tui`` imports at the top of its file; ``tests/tui/test_deferred.py`` checks that each name
here is found where :data:`WHERE` says and that the launch imports none of them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from banker import backups
    from banker.commands import Control, NewGame, Query, parse
    from banker.commands.completion import complete
    from banker.tui.dialogs.auction import AuctionDialog
    from banker.tui.dialogs.base import reply_text
    from banker.tui.dialogs.command import CommandDialog
    from banker.tui.dialogs.confirm import ConfirmDialog
    from banker.tui.dialogs.inbox import InboxDialog
    from banker.tui.dialogs.maths import MathsDialog
    from banker.tui.dialogs.raise_money import RaiseMoneyDialog
    from banker.tui.dialogs.trade import TradeDialog
    from banker.tui.dialogs.undo_to import UndoToDialog
    from banker.tui.forms import table_form
    from banker.tui.screens.board import BoardScreen
    from banker.tui.screens.deed_card import DeedCardScreen
    from banker.tui.screens.games import GamesScreen
    from banker.tui.screens.help import HelpScreen
    from banker.tui.screens.new_game import NewGameScreen
    from banker.tui.screens.phones import restore_phones, show_phones
    from banker.tui.screens.standings import StandingsScreen
    from banker.tui.screens.takeover import TakeOverScreen
    from banker.tui.widgets.command_line import CommandLine
    from banker.tui.widgets.keybar import Key, KeyBar
    from banker.views import maths_question
    from rules.jail import roll_unrecorded

WHERE: dict[str, str] = {
    "Control": "banker.commands",
    "NewGame": "banker.commands",
    "Query": "banker.commands",
    "parse": "banker.commands",
    "complete": "banker.commands.completion",
    "AuctionDialog": "banker.tui.dialogs.auction",
    "reply_text": "banker.tui.dialogs.base",
    "CommandDialog": "banker.tui.dialogs.command",
    "ConfirmDialog": "banker.tui.dialogs.confirm",
    "InboxDialog": "banker.tui.dialogs.inbox",
    "MathsDialog": "banker.tui.dialogs.maths",
    "RaiseMoneyDialog": "banker.tui.dialogs.raise_money",
    "TradeDialog": "banker.tui.dialogs.trade",
    "UndoToDialog": "banker.tui.dialogs.undo_to",
    "table_form": "banker.tui.forms",
    "BoardScreen": "banker.tui.screens.board",
    "DeedCardScreen": "banker.tui.screens.deed_card",
    "GamesScreen": "banker.tui.screens.games",
    "HelpScreen": "banker.tui.screens.help",
    "NewGameScreen": "banker.tui.screens.new_game",
    "restore_phones": "banker.tui.screens.phones",
    "show_phones": "banker.tui.screens.phones",
    "StandingsScreen": "banker.tui.screens.standings",
    "TakeOverScreen": "banker.tui.screens.takeover",
    "CommandLine": "banker.tui.widgets.command_line",
    "Key": "banker.tui.widgets.keybar",
    "KeyBar": "banker.tui.widgets.keybar",
    "maths_question": "banker.views",
    "roll_unrecorded": "rules.jail",
}
"""Each name and the module it is imported from on first use (the same as the imports above)."""
MODULES: dict[str, str] = {"backups": "banker.backups"}
"""Modules named whole: their functions are looked up at each call (a test may replace one)."""


def __getattr__(name: str) -> Any:
    """``deferred.<name>``: imported now, kept for the next use."""
    if name in MODULES:
        value = import_module(MODULES[name])
    elif name in WHERE:
        value = getattr(import_module(WHERE[name]), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # i18n-exempt: Python's own words
    globals()[name] = value
    return value


__all__ = [
    "MODULES",
    "WHERE",
    "backups",
    "Control",
    "NewGame",
    "Query",
    "parse",
    "maths_question",
    "AuctionDialog",
    "BoardScreen",
    "CommandDialog",
    "CommandLine",
    "ConfirmDialog",
    "DeedCardScreen",
    "GamesScreen",
    "HelpScreen",
    "InboxDialog",
    "Key",
    "KeyBar",
    "MathsDialog",
    "NewGameScreen",
    "RaiseMoneyDialog",
    "StandingsScreen",
    "TakeOverScreen",
    "TradeDialog",
    "UndoToDialog",
    "complete",
    "reply_text",
    "restore_phones",
    "roll_unrecorded",
    "show_phones",
    "table_form",
]
