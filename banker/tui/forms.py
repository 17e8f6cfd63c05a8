"""The table's forms: one record per dialog that builds one command, beside :data:`banker.tui.keys.ACTIONS` (the
key that opens it has the same action name). A record holds the form's title, its fields in order, the reader that
makes the typed command of them (a :class:`banker.commands.Form` method, by the parser's own resolvers), the field
the cursor opens on and a line under the fields; :class:`banker.tui.dialogs.command.CommandDialog` draws it,
previews it and records it. A new form is one record here (and its key in ``ACTIONS``): the table opens the form of
every key it has no method for.

Two forms are made for the game they open in (:data:`GAME_FORMS`): the tax (the variant's choices and the board's
figure) and the deal (its seed drawn once, so the deal previewed is the deal recorded). Dialogs with logic of their
own (an auction's bids, a trade's lists, the ways to raise money) are classes in :mod:`banker.tui.dialogs`.

Imported when the first form opens, never at launch (:mod:`banker.tui.screens.deferred`): it brings the command
language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from banker import commands
from banker.commands import Form
from banker.commands.completion import CARD, DEED, LOT, PLAYER, Slot
from rules.actions import Action, Buy, Collect, Go, Mortgage, Pay, TaxKind, Unmortgage
from rules.actions import Build as BuildAction
from rules.actions import Sell as SellAction
from rules.board import Board, SquareKind
from rules.i18n import N_, _
from rules.state import GameState
from rules.words import TaxChoice


@dataclass(frozen=True)
class Field:
    """One input of a dialog. Its label and placeholder are marked for the catalogue (``N_``) in :data:`FORMS` and
    translated when the form is opened (:meth:`TableForm.shown`)."""

    key: str
    label: str
    default: str = ""
    slot: Slot | None = None
    """What the field names (a player, a deed, a closed word list): completes as you type, by the parser's
    resolvers, and says which field is at fault when a name is refused."""
    placeholder: str = ""
    flag: bool = False
    """A yes/no field (a checkbox); its value is "yes" or ""."""
    optional: bool = False
    """May stay empty (the command has a default for it)."""
    owner_of: str = ""
    """The key of a deed field: once that names an owned deed (or a colour group, for build and sell), this field
    becomes its owner (sell, mortgage, lift and build are done by the deed's owner), unless the banker typed here by
    hand."""
    turn: bool = False
    """Starts as the name of the player whose turn it is when the dialog opens (the common case: one key and Enter)."""

    def shown(self) -> Field:
        """The field in the banker's language: its label and placeholder translated."""
        return replace(self, label=_(self.label), placeholder=_(self.placeholder) if self.placeholder else "")


@dataclass(frozen=True)
class TableForm:
    """A dialog that builds one command: what it shows, how its fields become the command, where it opens."""

    title: str
    fields: tuple[Field, ...]
    build: Callable[[Form], Action]
    """Reads the fields (by their keys) into the command: its readers raise on an empty or refused field."""
    focus: str
    """The field the cursor opens on."""
    note: str = ""
    preview: bool | Callable[[Mapping[str, str]], bool] = True
    """False where the rules forbid knowing the outcome before choosing (income tax: seed 000, INCOME TAX); or
    asked of the fields' values (the tax previews a $200 or Luxury Tax, never the 10% before it is recorded)."""

    def on_turn_of(self, name: str) -> TableForm:
        """The form as it opens while it is ``name``'s turn: the fields that start as that player filled in."""
        return replace(self, fields=tuple(replace(f, default=name) if f.turn else f for f in self.fields))

    def shown(self) -> TableForm:
        """The form in the banker's language: its title, note, labels and placeholders (marked ``N_`` in
        :data:`FORMS`, which are made at import, before the language is known)."""
        return replace(
            self,
            title=_(self.title),
            note=_(self.note) if self.note else "",
            fields=tuple(f.shown() for f in self.fields),
        )


def player(key: str = "player", label: str = N_("Player"), *, turn: bool = True, owner_of: str = "") -> Field:
    """A player's name, by default whoever's turn it is."""
    return Field(key, label, slot=PLAYER, owner_of=owner_of, turn=turn)


def deed(label: str = N_("Deed"), slot: Slot = DEED) -> Field:
    return Field("deed", label, slot=slot, placeholder=N_("type to complete (Tab)"))


def _building(title: str, cls: type[BuildAction] | type[SellAction]) -> TableForm:
    return TableForm(
        title,
        (
            deed(N_("Deed or group"), LOT),  # a colour group names the lot that comes next (docs/commands.md)
            player(owner_of="deed"),
            # empty means one: a "1" already in the field made a typed 3 into 13
            Field("count", N_("How many"), placeholder=N_("1 (or how many houses)"), optional=True),
        ),
        lambda f: f.building(cls, "player", "deed", "count"),
        "deed",
    )


def _money(title: str, cls: type[Pay] | type[Collect], other: str, label: str) -> TableForm:
    return TableForm(
        title,
        (
            player(),
            Field("amount", N_("Amount")),
            Field(
                other,
                label,
                slot=(PLAYER, commands.EVERYONE | commands.BANK),
                placeholder=N_("bank, a player, each"),
                optional=True,
            ),
        ),
        lambda f: f.money(cls, "player", "amount", other),
        "amount",
    )


FORMS: dict[str, TableForm] = {
    # One key and Enter for the common case: the payer is whoever's turn it is; type the deed.
    "rent": TableForm(
        N_("Rent"),
        (
            deed(N_("Landed on")),
            player("payer", N_("Payer")),
            Field("dice", N_("Dice total"), placeholder=N_("utilities only"), optional=True),
            Field("card", N_("Sent by a card"), flag=True),
        ),
        lambda f: f.rent("payer", "deed", "dice", "card"),
        "deed",
    ),
    "buy": TableForm(
        N_("Buy from the bank"), (deed(), player()), lambda f: Buy(f.player("player"), f.deed("deed")), "deed"
    ),
    "pay": _money(N_("Pay"), Pay, "to", N_("To")),
    "collect": _money(N_("Collect"), Collect, "source", N_("From")),
    "go": TableForm(N_("GO salary"), (player(),), lambda f: Go(f.player("player")), "player"),
    "build": _building(N_("Build houses or a hotel"), BuildAction),
    "sell": _building(N_("Sell buildings to the bank"), SellAction),
    "mortgage": TableForm(
        N_("Mortgage"),
        (deed(), player(owner_of="deed")),
        lambda f: Mortgage(f.player("player"), f.deed("deed")),
        "deed",
    ),
    "unmortgage": TableForm(
        N_("Lift a mortgage"),
        (deed(), player(owner_of="deed")),
        lambda f: Unmortgage(f.player("player"), f.deed("deed")),
        "deed",
    ),
    "card": TableForm(
        N_("Chance / Community Chest"),
        (
            player(),
            # Blank: the deck is the one that has a card of those words (a Community Chest card in 6 keys).
            Field(
                "deck",
                N_("Deck"),
                slot=commands.DECKS,
                placeholder=N_("chance or chest (blank: from the card)"),
                optional=True,
            ),
            Field("card", N_("Card"), slot=CARD, placeholder=N_("words on the card (chairman, repairs) or its id")),
        ),
        lambda f: f.card("player", "deck", "card"),
        "card",
    ),
    "jail": TableForm(
        N_("Jail"),
        (
            player().shown(),
            Field(
                "how",
                N_("How"),
                slot=commands.JAIL_HOW,
                placeholder=N_("blank: go to jail; fine, card, doubles, miss"),
                optional=True,
            ),
        ),
        lambda f: f.jail("player", "how"),
        "how",
    ),
    # No default player: a bankruptcy ends a player's game (and may end the game), so it is never recorded for
    # whoever's turn it happens to be by a stray Enter (found at a game night).
    "bankrupt": TableForm(
        N_("Bankruptcy"),
        (
            player(turn=False),
            Field("to", N_("To (creditor)"), slot=(PLAYER, commands.BANK), placeholder=N_("a player or bank")),
        ),
        lambda f: f.bankrupt("player", "to"),
        "player",
    ),
    # f: money between a player and the bank, with the reason (``correct``).
    "correct": TableForm(
        N_("Correction (money between a player and the bank)"),
        (
            player(),
            Field("amount", N_("Amount"), placeholder=N_("-50: the player gives it back; 50: the bank pays it")),
            Field("reason", N_("Reason"), placeholder=N_("why, in a few words: change given twice")),
        ),
        lambda f: f.correction("player", "amount", "reason"),
        "amount",
        note=N_("Recorded as a correction with its reason: never as rent, income or a payment."),
    ),
}
"""The forms whose fields are the same in every game, by the action name of the key that opens them; their words are
marked ``N_`` and translated when one opens (:func:`table_form`)."""


def tax_form(state: GameState) -> TableForm:
    """Income tax: the player chooses the flat figure ($200, the edition's) or 10% before adding up (seed 000,
    "INCOME TAX"); the field is labelled with the board's own figure, which is what it records."""
    board = state.board
    offered = state.variant.income_tax_choices  # asked of the variant: (FLAT, PERCENT), (FLAT,), (PERCENT,)
    square = board.square_name(SquareKind.LUXURY_TAX)  # "Luxury Tax", "Super Tax" on the UK board
    word = commands.luxury_word(board)  # the command word for it: luxury, or super on the UK board
    flat = str(board.income_tax)  # the flat choice as typed and journalled: 200, 4000 on the Deutsche Mark board
    choices = [flat if o is TaxChoice.FLAT else o.value for o in offered]
    if len(offered) > 1:
        note = _(
            "Income tax: choose {flat} or 10% BEFORE adding up your worth; the amount is shown after the choice."
            " Or: {luxury} ({square})."
        )
    elif offered == (TaxChoice.FLAT,):
        note = _("Income tax is a flat {flat} in this game. Or: {luxury} ({square}).")
    else:
        note = _("Income tax is 10% of cash, mortgage values and buildings (seed 001). Or: {luxury} ({square}).")
    note = note.format(flat=state.money(board.income_tax), luxury=word, square=square)
    spellings = {
        w: m
        for w, m in (commands.tax_choices(board) | commands.TAX_KINDS).items()
        if m in offered or m == TaxKind.LUXURY
    }
    either = _("{first} or {second}").format(first=choices[0], second=choices[1]) if len(choices) > 1 else choices[0]
    return TableForm(
        _("Tax"),
        # Where the rule book gives a choice, the field starts empty: a figure already in it was a choice made for
        # the player, and a quick Enter recorded it (seed 000, "INCOME TAX": the player chooses).
        (
            player().shown(),
            Field(
                "how",
                " / ".join((*choices, word)),
                choices[0] if len(offered) == 1 else "",
                spellings,
                placeholder=_("the player's choice: {choices}, or {luxury}").format(choices=either, luxury=word),
            ),
        ),
        lambda f: f.tax("player", "how"),
        "how",
        note=note,
        preview=lambda values: len(offered) == 1 or _not_the_percent(values["how"], spellings, board),
    )


def _not_the_percent(typed: str, spellings: Mapping[str, TaxChoice | TaxKind], board: Board) -> bool:
    """The tax dialog's choice is made and is not the 10%: its preview (what is paid, or that the player cannot pay
    it) gives nothing away (seed 000, "INCOME TAX": choose before adding up; issue 22: no "cannot pay" line)."""
    figure = commands.strip_sign(typed, board)  # "$200", "4.000 DM": the flat figure as the board writes it
    if board.thousands.strip() and figure.replace(board.thousands, "").isdigit():
        figure = figure.replace(board.thousands, "")
    try:
        meant = commands.closed_word(figure, spellings)
    except commands.CommandError:
        return False
    return meant is not None and meant != TaxChoice.PERCENT


def deal_form(_state: GameState) -> TableForm:
    """The deal of the short games: its seed drawn once, so the deal previewed is the deal recorded."""
    seed = commands.random_seed()
    return TableForm(
        _("Deal (short games)"),
        (
            Field("player", _("Player (or random)"), slot=(PLAYER, {"random": "random"})),
            Field("deed", _("Deed (or seed)"), slot=DEED, optional=True),
        ),
        lambda f: f.deal("player", "deed", seed),
        "player",
    )


GAME_FORMS: dict[str, Callable[[GameState], TableForm]] = {"tax": tax_form, "deal": deal_form}
"""The forms made for the game they open in, by the action name of their key."""


def table_form(action: str, state: GameState) -> TableForm | None:
    """The form the key ``action`` opens in ``state``, in the banker's language, or None (the key is not a form's)."""
    made = GAME_FORMS.get(action)
    if made is not None:
        return made(state)  # made now, in the words of the moment
    form = FORMS.get(action)
    return form.shown() if form is not None else None


__all__ = ["FORMS", "GAME_FORMS", "Field", "TableForm", "deed", "player", "table_form"]
