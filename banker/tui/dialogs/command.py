"""The form that builds one command (rent, buy, pay, build, mortgage, tax, card, jail, bankruptcy, deal).

The form's ``build`` reads the fields into the typed command by the command language's own resolvers (a
:class:`~banker.commands.Form`). While the banker fills it in, the canonical line is shown and ``Session.preview``
says what it would do (or the rule that refuses it, the same words a typed line gets), so the outcome is seen
before Enter records it; the canonical line is recorded through the same ``Session.execute`` a typed line goes
through, so the journal holds exactly what the command typed that way would. A bankruptcy is recorded only once the
word ``bankrupt`` has been typed after Enter (:class:`~banker.tui.dialogs.confirm.WordDialog`): never by a stray
letter (issue 30).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label, Static

from banker.commands import Form
from banker.commands.completion import DEED, PLAYER, complete_value
from banker.commands.words import lot_group
from banker.tui.dialogs.base import Record, Recorded, RecordingDialog, plain, reply_text
from banker.tui.dialogs.confirm import WordDialog, bankruptcy_question
from banker.tui.forms import Field, TableForm
from banker.tui.safety import guard_actions
from banker.tui.widgets.changes import show_text
from banker.tui.widgets.inputs import Completer, CompletingInput, FlagBox, FunctionSuggester
from rules import CannotPay, GameState, RuleError, UnknownName
from rules.actions import Bankrupt
from rules.i18n import _

if TYPE_CHECKING:
    from textual.widget import Widget

    from banker.session import Reply, Session


@guard_actions
class CommandDialog(RecordingDialog):
    """A small form that builds one command, previews it, and records it on Enter (from any field) or Ctrl+S."""

    def __init__(self, session: Session, record: Record, form: TableForm) -> None:
        super().__init__(session, record)
        self.form = form
        self.title_text = form.title
        self.fields = form.fields
        self.focus_key = form.focus
        self.auto: dict[str, str] = {f.key: f.default for f in self.fields}
        """What each owner-following field was last filled with, to tell it from a value typed by hand."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            for f in self.fields:
                with Horizontal(classes="field"):
                    yield Label(f.label, classes="field-label", markup=False)
                    if f.flag:
                        yield FlagBox(_("yes (space)"), value=bool(f.default), id=f"f-{f.key}", compact=True)
                    else:
                        suggester = FunctionSuggester(self._completer(f)) if f.slot is not None else None
                        yield CompletingInput(
                            value=f.default,
                            placeholder=f.placeholder,
                            id=f"f-{f.key}",
                            suggester=suggester,
                            compact=True,
                        )
            if self.form.note:
                yield Static(plain(self.form.note), classes="dialog-note", id="note")
            yield Static(id="command", classes="dialog-command")
            yield Static(id="preview", classes="dialog-preview")
            yield Static(id="refusal", classes="dialog-refusal")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("OK"), id="ok", variant="primary", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True)

    def _completer(self, field: Field) -> Completer:
        def complete(value: str, /, *, whole: bool = False) -> str | None:
            """By the parser's resolvers (a card by the deck chosen beside it)."""
            if field.slot is None:
                return None
            deck = self.values().get("deck", "")
            return complete_value(field.slot, value, self.session.state, deck=deck, whole=whole)

        return complete

    def initial_focus(self) -> Widget | None:
        return self.query_one(f"#f-{self.focus_key}")

    def on_mount(self) -> None:
        self.refresh_preview()
        # Another terminal's command (read in by the table's reload) changes what this one would do: the preview
        # follows it (issue 22: Buy still said "cannot pay $400" after the money came).
        self.session.add_listener(self._game_changed)

    def on_unmount(self) -> None:
        self.session.remove_listener(self._game_changed)

    _recording = False
    """While this dialog's own command is being recorded: the game it changes is not another terminal's."""

    def _game_changed(self, _session: Session) -> None:
        """Not for this dialog's own command: recorded, the dialog closes (a preview nobody would see cost its Enter
        half a millisecond; issue 33); refused, the refusal stands in place of the preview."""
        if self.is_attached and not self._recording:
            self.call_later(self.refresh_preview)

    _inputs: dict[str, Widget] | None = None
    """The fields' widgets by key, once every one is mounted: a query walks the whole dialog, and the values are read
    on every key typed and again on Enter (four walks of it were a third of a rent's Enter; issue 33)."""

    def _fields(self) -> dict[str, Widget]:
        """The fields' widgets mounted so far, by key (kept once every one is)."""
        inputs = self._inputs
        if inputs is None:
            found = {f.key: self.query(f"#f-{f.key}") for f in self.fields}
            inputs = {key: query.first() for key, query in found.items() if query}
            if len(inputs) == len(self.fields):
                self._inputs = inputs
        return inputs

    def inputs(self) -> list[Input]:
        return [w for w in self._fields().values() if isinstance(w, Input)]

    def values(self) -> dict[str, str]:
        """Every field's value (a field not mounted yet, while the form is being built, counts as empty)."""
        inputs = self._fields()
        out = {}
        for f in self.fields:
            widget = inputs.get(f.key)
            if isinstance(widget, Checkbox):
                out[f.key] = "yes" if widget.value else ""
            else:
                out[f.key] = widget.value.strip() if isinstance(widget, Input) else ""
        return out

    def build(self, form: Form) -> Recorded:
        return self.form.build(form)

    _built: tuple[tuple[tuple[str, str], ...], GameState, Recorded] | None = None
    """The fields' values and the game the command was last read from, and the command."""

    def typed(self) -> Recorded:
        """The command the fields make now: read again only when a field or the game changed since the live preview
        read it (the form reads the same fields into the same command; on Enter that was a fifth of the dialog's own
        work, issue 33)."""
        values, state = self.values(), self.session.state
        key = tuple(values.items())
        built = self._built
        if built is not None and built[0] == key and built[1] is state:
            return built[2]
        command = self.build(Form(values, state))
        self._built = (key, state, command)
        return command

    def field_id(self, key: str) -> str:
        return f"f-{key}"

    def refresh_preview(self) -> None:
        cmd, reply = self.preview()
        show_text(self.query_one("#command", Static), Text(f"> {cmd}" if cmd else "", style="dim"))
        show = self.form.preview
        allowed = show(self.values()) if callable(show) else show
        shown = allowed and not self.refusal_stands()
        show_text(self.query_one("#preview", Static), reply_text(reply if shown else None))

    def on_input_changed(self, event: Input.Changed) -> None:
        changed = str(event.input.id).removeprefix("f-")
        for f in self.fields:
            if f.owner_of == changed:
                self._follow_owner(f, event.value)
        self.refresh_preview()

    def _follow_owner(self, field: Field, deed_text: str) -> None:
        state = self.session.state
        text = deed_text.strip()
        try:
            holding = state.holding(state.deed(text))
        except RuleError as missed:
            # a build or sale may name the group (its name, its mark, the start of its name), as the command reads it
            try:
                group = lot_group(state.board, text, isinstance(missed, UnknownName) and missed.ambiguous)
            except RuleError:
                return
            if group is None:
                return
            holding = state.deeds[group.deeds[0]]
        widget = self.query_one(f"#f-{field.key}", Input)
        if holding.owner is None or widget.value.strip() != self.auto[field.key]:
            return
        owner = state.players[holding.owner].name
        self.auto[field.key] = owner
        widget.value = owner

    def on_checkbox_changed(self) -> None:
        self.refresh_preview()

    def confirm(self) -> None:
        self.submit()

    def send(self, command: Recorded) -> None:
        """Record ``command``; a bankruptcy once the word is typed (Escape there leaves this dialog as it was)."""
        if isinstance(command, Bankrupt):
            self.app.push_screen(
                WordDialog(
                    bankruptcy_question(command.player, command.creditor) + self._no_debt_hint(command.player),
                    title=_("Bankruptcy"),
                ),
                partial(self._bankruptcy_answered, command),
            )
            return
        self._record(command)

    def _record(self, command: Recorded) -> None:
        self._recording = True
        try:
            super().send(command)
        finally:
            self._recording = False

    def _no_debt_hint(self, player: str) -> str:
        """A hint where the player still has cash: a bankruptcy is declared as the banker says (docs/rulings.md, "A
        declared bankruptcy is taken as declared"), but one for a player with money and no payment refused is most
        likely a slip (review, item 10)."""
        state = self.session.state
        try:
            cash = state.players[state.player_index(player)].cash
        except RuleError:
            return ""
        if cash <= 0:
            return ""
        hint = _(
            "{player} still has {cash} in cash: a player goes bankrupt when they owe more than they can pay or raise."
        )
        return " " + hint.format(player=player, cash=state.money(cash))

    def _bankruptcy_answered(self, command: Bankrupt, yes: bool | None) -> None:
        if yes and not self.closing:
            self._record(command)

    def incomplete(self, key: str) -> None:
        """The first empty field the command needs, in the order the form shows them."""
        missing = next((f for f in self.fields if not f.flag and not f.optional and not self.values()[f.key]), None)
        if missing is None:
            self.refuse(_("fill in the fields first"), self.field_id(key))
            return
        sentence = _("fill in {field} first")
        # English writes the label in lower case inside its sentence; a translated sentence quotes it as shown
        field = missing.label.casefold() if sentence == "fill in {field} first" else missing.label
        self.refuse(sentence.format(field=field), f"f-{missing.key}")

    def field_at_fault(self, reply: Reply) -> str | None:
        """The field the rules name (a utility's rent refused for want of the dice: Dice total); else the first
        field whose name the game does not know; else, when the player cannot pay what the fields add up to, the
        field that says how much or how many (8 houses cost more than the player has); else the field the dialog
        opened on."""
        state = self.session.state
        values = self.values()
        named = getattr(reply.error, "field", "")
        if named and any(f.key == named for f in self.fields):
            return f"f-{named}"
        for f in self.fields:
            value = values.get(f.key, "")
            if not value or f.slot not in (PLAYER, DEED):
                continue
            try:
                state.player_index(value) if f.slot == PLAYER else state.deed(value)
            except RuleError:
                return f"f-{f.key}"
        if isinstance(reply.error, CannotPay):
            for f in self.fields:
                if f.key in ("count", "amount"):
                    return f"f-{f.key}"
        return f"f-{self.focus_key}"


__all__ = ["CommandDialog", "Field"]
