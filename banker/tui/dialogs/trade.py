"""A trade built up item by item (seed 000: "Property may be sold by one player to another").

Each side's items, and the mortgaged deeds to lift at once, are lists: Enter in those fields adds what was typed
(their placeholders say so); Ctrl+S, or Enter in a player field, records the trade, including anything still
typed in a list field. Each item is read as it is added (a deed, an amount, a jail card; a deed to lift), and refused
in place if it is none of them; the rules are checked as you go by previewing the trade command, and what each mortgaged
deed changing hands costs is shown as the engine will charge it (``rules.trades.takeover_terms``: the interest or the
lift, seed 000, MORTGAGES; in a Darrow game, the lift its owner must make first, seed 001).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, Static

from banker.commands import Form
from banker.commands.amounts import parse_amount
from banker.commands.completion import ITEMS, PLAYER, Slot, complete_value
from banker.commands.reading import read_trade_item
from banker.tui.dialogs.base import Record, RecordingDialog, refusal, reply_text
from banker.tui.safety import guard_actions
from banker.tui.widgets.changes import show_text
from banker.tui.widgets.inputs import CompletingInput, FunctionSuggester
from banker.tui.words import styled
from rules import RuleError
from rules.actions import Trade
from rules.i18n import N_, _
from rules.trades import takeover_terms

if TYPE_CHECKING:
    from textual.widget import Widget

    from banker.session import Reply, Session

ITEM_PLACEHOLDER = N_("deed, amount or jail card; Enter adds, Ctrl+S records")


class ListInput(CompletingInput):
    """A trade's list field (gives, gets, lift): Backspace where nothing is typed takes the list's last item back
    into the field, to mend it or clear it (a game-night review: an item once added could go only with all the
    others, by Clear)."""

    class TakeBack(Message):
        """Backspace in the empty field: its list's last item, back."""

        def __init__(self, field: ListInput) -> None:
            super().__init__()
            self.field = field

    def action_delete_left(self) -> None:
        if self.value:
            super().action_delete_left()
        else:
            self.post_message(self.TakeBack(self))


@guard_actions
class TradeDialog(RecordingDialog):
    LIST_FIELDS = frozenset({"give", "get", "lift"})

    def __init__(self, session: Session, record: Record, first: str = "", second: str = "") -> None:
        super().__init__(session, record)
        self.first = first
        self.second = second
        self.lists: dict[str, list[str]] = {"give": [], "get": [], "lift": []}

    def _suggester(self, slot: Slot) -> FunctionSuggester:
        return FunctionSuggester(lambda v, whole=False: complete_value(slot, v, self.session.state, whole=whole))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide"):
            yield Label(_("Trade"), classes="dialog-title")
            with Horizontal(classes="field"):
                yield Label(_("Player"), classes="field-label")
                yield CompletingInput(value=self.first, id="a", compact=True, suggester=self._suggester(PLAYER))
                yield Label(_("with"), classes="field-label short")
                yield CompletingInput(value=self.second, id="b", compact=True, suggester=self._suggester(PLAYER))
            with Horizontal(classes="field"):
                yield Label(_("gives"), classes="field-label")
                yield ListInput(
                    id="give",
                    placeholder=_(ITEM_PLACEHOLDER),
                    compact=True,
                    space=True,
                    suggester=self._suggester(ITEMS),
                )
            with Horizontal(classes="field"):
                yield Label(_("gets"), classes="field-label")
                yield ListInput(
                    id="get",
                    placeholder=_(ITEM_PLACEHOLDER),
                    compact=True,
                    space=True,
                    suggester=self._suggester(ITEMS),
                )
            with Horizontal(classes="field"):
                yield Label(_("lift now"), classes="field-label")
                yield ListInput(
                    id="lift",
                    placeholder=_("mortgaged deeds lifted at once; Enter adds"),
                    compact=True,
                    space=True,
                    suggester=self._suggester(ITEMS),
                )
            yield Static(id="sides", classes="dialog-note")
            yield Static(id="command", classes="dialog-command")
            yield Static(id="preview", classes="dialog-preview")
            yield Static(id="refusal", classes="dialog-refusal")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Trade"), id="ok", variant="primary", compact=True)
                yield Button(_("Clear"), id="clear", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True)

    def initial_focus(self) -> Widget | None:
        return self.query_one("#b" if self.first and not self.second else ("#give" if self.second else "#a"), Input)

    def on_mount(self) -> None:
        self.refresh_trade()

    def items(self, side: str) -> list[str]:
        """The side's list, with whatever is still typed in its field (what is seen is what is recorded)."""
        pending = self.query_one(f"#{side}", Input).value.strip()
        return self.lists[side] + ([pending] if pending else [])

    def values(self) -> dict[str, str]:
        """The players, and each list as one field: its items joined by "and", as the command language lists
        them."""
        players = {key: self.query_one(f"#{key}", Input).value for key in ("a", "b")}
        return players | {side: " and ".join(self.items(side)) for side in self.lists}

    def build(self, form: Form) -> Trade:
        return form.trade("a", "b")

    def interest_lines(self) -> list[str]:
        """What each mortgaged deed changing hands costs its new owner, as the engine will charge it
        (``rules.trades.takeover_terms``: 10% now or mortgage + 10% to lift, seed 000, MORTGAGES), or, in a Darrow
        game, that it must be lifted before it changes hands (seed 001)."""
        state = self.session.state
        out = []
        for item in self.items("give") + self.items("get"):
            try:
                terms = takeover_terms(state, item)
            except RuleError:  # cash and cards are not deeds
                continue
            if terms is None:
                continue
            if terms.interest is None:
                out.append(terms.refusal)
            else:
                terms_text = _(
                    "{deed} is mortgaged: the new owner pays {interest} interest now, or lifts it for {lift}"
                )
                out.append(
                    terms_text.format(
                        deed=terms.deed.name, interest=state.money(terms.interest), lift=state.money(terms.lift)
                    )
                )
        return out

    def shown(self, item: str) -> str:
        """An item as the trade will read it: a deed by its printed name ("verm": Vermont Avenue), an amount in the
        game's money; anything else (a jail card, a word not yet finished) as typed."""
        state = self.session.state
        try:
            return state.deed(item).name
        except RuleError:
            pass
        try:
            return state.money(parse_amount(item, board=state.board))
        except RuleError:
            return item

    def player_shown(self, key: str, blank: str) -> str:
        typed = self.query_one(f"#{key}", Input).value.strip()
        try:
            return self.session.state.players[self.session.state.player_index(typed)].name
        except RuleError:
            return typed or blank

    def refresh_trade(self) -> None:
        a = self.player_shown("a", _("first player"))
        b = self.player_shown("b", _("second player"))
        gives = _("{player} gives: {items}")
        t = Text()
        t.append_text(
            styled(gives, "bold", player=a, items=(", ".join(map(self.shown, self.items("give"))) or _("nothing"), ""))
        )
        t.append("\n")
        t.append_text(
            styled(gives, "bold", player=b, items=(", ".join(map(self.shown, self.items("get"))) or _("nothing"), ""))
        )
        if self.items("lift"):
            t.append("\n")
            lifted = ", ".join(map(self.shown, self.items("lift")))
            t.append_text(styled(_("lifted at once: {items}"), "bold", items=(lifted, "")))
        for line in self.interest_lines():
            t.append("\n" + line, style="yellow")
        show_text(self.query_one("#sides", Static), t)
        cmd, reply = self.preview()
        show_text(self.query_one("#command", Static), Text(f"> {cmd}" if cmd else "", style="dim"))
        show_text(self.query_one("#preview", Static), reply_text(None if self.refusal_stands() else reply))

    def on_input_changed(self) -> None:
        self.refresh_trade()

    def add_item(self, field: Input) -> None:
        """Enter in a list field: the item typed joins its list once it reads as one (a deed, an amount, a jail
        card; a deed to lift), else it is refused in place, its text selected."""
        value = field.value.strip()
        if value:
            try:
                read_trade_item(self.session.state, value, lift=field.id == "lift")
            except RuleError as error:
                self.refuse(reply_text(refusal(error)), str(field.id))
                return
            self.lists[str(field.id)].append(value)
            field.value = ""
            self.refresh_trade()

    def on_list_input_take_back(self, event: ListInput.TakeBack) -> None:
        """The list's last item back in its field, the cursor after it, so it can be mended and added again."""
        event.stop()
        items = self.lists[str(event.field.id)]
        if items:
            event.field.value = items.pop()
            event.field.cursor_position = len(event.field.value)
            self.refresh_trade()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "clear":
            event.stop()
            for side, items in self.lists.items():
                items.clear()
                self.query_one(f"#{side}", Input).value = ""
            self.refresh_trade()

    def confirm(self) -> None:
        for key, what in (("a", _("name the first player")), ("b", _("name the second player"))):
            if not self.query_one(f"#{key}", Input).value.strip():
                self.refuse(what, key)
                return
        if not (self.items("give") or self.items("get")):
            self.refuse(_("nothing changes hands: add what each side gives"), "give")
            return
        self.submit()

    def field_at_fault(self, reply: Reply) -> str:
        state = self.session.state
        for key in ("a", "b"):
            try:
                state.player_index(self.query_one(f"#{key}", Input).value.strip())
            except RuleError:
                return key
        for side in ("give", "get", "lift"):
            if self.items(side):
                return side
        return "give"


__all__ = ["TradeDialog"]
