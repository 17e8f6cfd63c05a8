"""The table's keys: one record per thing a banker can do from the table, read by every place that shows or binds
a key (the table's ``BINDINGS`` and key bar, the command palette, help, the docs' tests). A new action is one entry
here and its ``action_*`` method on the table.

It lives apart from the table screen so that help, the palette and the table read one table without importing each
other.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.i18n import N_


@dataclass(frozen=True)
class TableAction:
    """One thing a banker can do from the table: key, action name, key-bar label and a longer palette help (both
    marked for the catalogue, translated where they are shown)."""

    action: str
    key: str
    label: str
    help: str
    bar: bool = True
    """Shown on the key bar (False: a key of one moment of a game, in help and the palette only; the bar holds every
    other key in four rows at 100 columns)."""


ACTIONS: tuple[TableAction, ...] = (
    TableAction(
        "rent", "r", N_("Rent"), N_("Record rent: the payer landed on a deed (owner and rent from the engine)")
    ),
    TableAction("buy", "b", N_("Buy"), N_("The lander buys a deed from the bank at its price")),
    TableAction("auction", "a", N_("Auction"), N_("Run a live auction of a bank-held deed")),
    TableAction("pay", "p", N_("Pay"), N_("A payment to the bank, a player or each player")),
    TableAction("collect", "c", N_("Collect"), N_("Money from the bank, a player or each player")),
    TableAction("go", "g", N_("GO"), N_("Salary for passing GO")),
    TableAction("build", "h", N_("Build"), N_("Buy houses or a hotel")),
    TableAction("sell", "s", N_("Sell"), N_("Sell houses or a hotel back to the bank")),
    TableAction("mortgage", "m", N_("Mortgage"), N_("Mortgage a deed")),
    TableAction("unmortgage", "l", N_("Lift"), N_("Lift (pay off) a mortgage")),
    TableAction("tax", "t", N_("Tax"), N_("Income tax (flat or 10%) or luxury tax")),
    TableAction("card", "k", N_("Card"), N_("A Chance or Community Chest card")),
    TableAction("jail", "j", N_("Jail"), N_("Send to jail, pay the fine, use a card, roll doubles")),
    TableAction("trade", "x", N_("Trade"), N_("A trade between two players")),
    TableAction("bankrupt", "exclamation_mark", N_("Bankrupt"), N_("Declare a bankruptcy")),
    TableAction("deal", "d", N_("Deal"), N_("Deal deeds at the start of a short game")),
    TableAction(
        "take_over",
        "T",
        N_("Take over"),
        N_("Set up from the board: a game already under way, entered where the table stands (before the first move)"),
        bar=False,
    ),
    TableAction(
        "correct",
        "f",
        N_("Fix"),
        N_(
            "Correction: put a mistake right, money between a player and the bank with the reason (never rent or a"
            " payment)"
        ),
    ),
    TableAction("next_turn", "n", N_("Next"), N_("Pass the turn to the next player")),
    TableAction("undo", "u", N_("Undo"), N_("Undo the last action")),
    TableAction(
        "undo_to",
        "U",
        N_("Undo to"),
        N_("Undo to here: pick a journal entry and take back everything after it in one step"),
    ),
    TableAction("redo", "y", N_("Redo"), N_("Redo what was undone")),
    TableAction("standings", "w", N_("Standings"), N_("Standings: worth of every player, exports")),
    TableAction(
        "inbox", "i", N_("Requests"), N_("What players asked from their pages: Enter records one, x declines it")
    ),
    TableAction(
        "phones", "o", N_("Phones"), N_("Phone pages: each player follows their own money live (a QR code each)")
    ),
    TableAction(
        "board",
        "B",
        N_("Board"),
        N_(
            "Board sheet: every deed's owner, buildings and mortgage, jail, the bank (lay the board out again); the"
            " building count check; the game at a journal entry"
        ),
    ),
    TableAction("help", "question_mark", N_("Help"), N_("Key bindings and the command language")),
    TableAction("command_line", "slash", N_("Command"), N_("Type a command (rent bob boardwalk)")),
    TableAction(
        "toggle_view", "v", N_("View"), N_("Narrow terminal: switch between the deeds and the bank and journal")
    ),
    TableAction("new_game", "ctrl+n", N_("New game"), N_("Set up players and rules")),
    TableAction(
        "saved_games",
        "ctrl+o",
        N_("Games"),
        N_("Saved games: resume another game in this database (Escape: back to this one)"),
    ),
)
OFTEN = frozenset(
    {"rent", "buy", "auction", "pay", "go", "build", "mortgage", "next_turn", "undo", "command_line", "toggle_view"}
)
"""The keys a narrow terminal shows; the rest are one key away, in help (?)."""
KEY_LABELS = {"exclamation_mark": "!", "question_mark": "?", "slash": "/", "ctrl+n": "^n", "ctrl+o": "^o"}
"""How a key Textual names by a word is shown on the key bar and in help."""
TABLE_KEYS = {a.key: a.action for a in ACTIONS}


MORE_KEYS: tuple[tuple[str, str], ...] = (
    ("ctrl+p", N_("Command palette (every action by name)")),
    ("ctrl+r", N_("Type again the keys a dialog set aside (typed before it opened); any other key drops them")),
    ("q", N_("Quit (everything is already saved)")),
)
"""Keys help lists beside :data:`ACTIONS`: bound elsewhere (the app's palette and quit; Ctrl+R is the key order's,
:data:`banker.tui.keyorder.REPLAY`)."""


def key_label(key: str) -> str:
    """A key as a person reads it: ``?`` rather than ``question_mark``."""
    return KEY_LABELS.get(key, key)


__all__ = ["ACTIONS", "KEY_LABELS", "MORE_KEYS", "OFTEN", "TABLE_KEYS", "TableAction", "key_label"]
