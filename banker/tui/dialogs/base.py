"""The dialog base: the keyboard contract every dialog keeps, so no dialog can get it wrong on its own.

* Enter confirms from any field, except a field where Enter adds an item to a list (its placeholder says so);
  a checkbox takes Space, never Enter. Ctrl+S confirms everywhere; Escape cancels.
* A confirmed command is recorded exactly once: the dialog closes once (a second Enter, Enter plus Ctrl+S or a
  held key finds it closing and does nothing).
* A refused command keeps the dialog open with every field as typed, the refusal shown inside the dialog, and the
  focus on the field at fault with its text selected (the first key typed replaces it, an arrow keeps it for
  editing); the refusal says where the cursor is. The keys typed before the refusal showed were meant for what
  came after (the dialog closing): they are set aside (:func:`banker.tui.keyorder.hold_typed_ahead`).
* Text from people or the database is never markup (:func:`plain`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, TypeVar

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from banker import commands
from banker.commands import Control, Form, Missing, Refused
from banker.session import Reply
from banker.tui.keyorder import hold_typed_ahead
from banker.tui.look import DialogScreen
from banker.tui.safety import guard_actions
from banker.tui.widgets.changes import show_text
from rules import CannotPay, RuleError
from rules.actions import Action
from rules.i18n import N_, _

if TYPE_CHECKING:
    from banker.session import Session

ResultT = TypeVar("ResultT")
Recorded = Action | Control
"""What a dialog records: an action, or an undo/redo (never a query or a new game)."""
Record = Callable[[str], "Reply"]
"""Records one command line and returns the reply (the app's ``record``: ``Session.execute`` plus redrawing)."""


def plain(text: str, style: str = "") -> Text:
    """Text shown exactly as it is: ``[`` and ``]`` in a name or a typed line are never read as markup."""
    return Text(text, style=style)


def place_of(widget: Widget) -> str:
    """Where the cursor is, in the words on the screen: "the cursor is in Card, its text selected" (the label before
    a field), "the cursor is on the list", "the cursor is on Back"."""
    if isinstance(widget, Input):
        name = ""
        parent = widget.parent
        if parent is not None:
            before = parent.children[: parent.children.index(widget)]
            labels = [w for w in before if isinstance(w, Label)]
            if labels:
                content = labels[-1].content
                name = str(getattr(content, "plain", content)).strip().rstrip(":")
        if not name:
            return (
                _("the cursor is in the field, its text selected") if widget.value else _("the cursor is in the field")
            )
        place = _("the cursor is in {field}, its text selected") if widget.value else _("the cursor is in {field}")
        return place.format(field=name)
    if isinstance(widget, Button):
        return _("the cursor is on {button}").format(button=widget.label)
    return _("the cursor is on the list")


def reply_text(reply: Reply | None) -> Text:
    """A reply as styled text: refusals in the error style, naming the rule."""
    if reply is None:
        return Text("")
    if reply.ok:
        return Text(reply.message, style="bold green" if not reply.query else "")
    rule = getattr(reply.error, "rule", "") if reply.error is not None else ""
    msg = reply.message
    if rule and _(rule) not in msg:  # a RuleError's message names its rule already, in the language read
        msg = f"{msg} ({_(rule)})"
    return Text("✗ " + msg, style="bold red")


@guard_actions
class BankerDialog(DialogScreen[ResultT]):
    """A modal that closes once, shows refusals in place and confirms on Enter or Ctrl+S."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+s", "confirm", N_("Confirm")),
        Binding("enter", "confirm", N_("Confirm"), show=False),
    ]
    """Enter reaches the dialog's own binding from a checkbox (which takes Space only); an input turns Enter
    into ``Input.Submitted`` (below) and a button presses itself."""
    LIST_FIELDS: ClassVar[frozenset[str]] = frozenset()
    """Ids of the inputs where Enter adds an item to a list instead of confirming."""

    def __init__(self) -> None:
        super().__init__()
        self.closing = False
        """Set by the first :meth:`close`; every later confirm or cancel is a no-op."""
        self.refused_fields: tuple[tuple[str | None, str], ...] | None = None
        """The fields as they were when last refused (:meth:`_typing`)."""

    def close(self, result: ResultT | None) -> None:
        """Dismiss with ``result``, once."""
        if self.closing:
            return
        self.closing = True
        self.dismiss(result)

    def action_cancel(self) -> None:
        self.close(None)

    CONFIRM_BUTTONS: ClassVar[frozenset[str]] = frozenset({"ok", "sold"})

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        """The dialog's own buttons: OK (or Sold!) confirms and Cancel cancels, as the keys do; a dialog's other
        buttons are its own (``on_button_pressed``)."""
        if event.button.id in self.CONFIRM_BUTTONS:
            event.stop()
            self.action_confirm()
        elif event.button.id == "cancel":
            event.stop()
            self.action_cancel()

    def action_confirm(self) -> None:
        if not self.closing:
            self.confirm()

    def confirm(self) -> None:
        """Check and record what the dialog holds: :meth:`close` on success, :meth:`refuse` otherwise."""
        raise NotImplementedError(f"{type(self).__name__} must say what confirming does")

    def is_list_field(self, field: Input) -> bool:
        return field.id in self.LIST_FIELDS

    def add_item(self, field: Input) -> None:
        """Enter in one of :attr:`LIST_FIELDS`; the dialogs that have such fields say what it adds."""

    def refuse(self, message: str | Text, field: str | None = None, *, expected: bool = False) -> None:
        """Show why the dialog cannot be confirmed, inside it, and put the cursor where the fault is: a field's text
        is selected, and the refusal says where the cursor is (issue 30: the next keys were glued onto the text at
        fault, ``connt200``). Keys typed before the refusal showed are set aside, unless it is ``expected``: the
        step a banker types ahead through (an auction's Enter on the deed, on to the bids)."""
        self.refused_fields = self._fields_now()
        text = message.copy() if isinstance(message, Text) else plain("✗ " + message, style="bold red")
        widgets = self.query(f"#{field}") if field is not None else None
        if widgets:
            widget = widgets.first()
            widget.focus()
            if isinstance(widget, Input):
                widget.select_all()
            text.append(f"; {place_of(widget)}", style="red")
        show_text(self.query_one("#refusal", Static), text)
        for preview in self.query("#preview").results(Static):
            show_text(preview, Text(""))  # the refusal says it; the live preview would say it twice
        if not expected:
            hold_typed_ahead(self)

    def clear_refusal(self) -> None:
        self.refused_fields = None
        for w in self.query("#refusal").results(Static):
            show_text(w, Text(""))

    def refusal_stands(self) -> bool:
        """The refusal on show still speaks of the fields as they are: a live preview would only say it twice."""
        return self.refused_fields is not None and self._fields_now() == self.refused_fields

    def initial_focus(self) -> Widget | None:
        """The field the dialog opens on (its text selected, so the first key typed replaces it)."""
        return None

    def on_mount(self) -> None:
        field = self.initial_focus()
        if field is not None:
            self.set_focus(field)

    def entered(self, field: Input) -> None:
        """Enter in a field: adds an item in a list field, confirms in any other."""
        if self.is_list_field(field):
            self.add_item(field)
        else:
            self.action_confirm()

    @on(Input.Submitted)
    def _enter(self, event: Input.Submitted) -> None:
        event.stop()
        self.entered(event.input)

    @on(Input.Changed)
    def _typing(self, event: Input.Changed) -> None:
        """A refusal speaks of what was confirmed; once the banker edits, it no longer applies. (Enter acts as it
        arrives, so the change messages of keys typed just before it can come after its refusal: those leave the
        fields as refused, and the refusal stays.)"""
        if self._fields_now() != self.refused_fields:
            self.clear_refusal()

    def _fields_now(self) -> tuple[tuple[str | None, str], ...]:
        return tuple((w.id, w.value) for w in self.inputs())

    def inputs(self) -> list[Input]:
        """The dialog's text fields, in the order shown (a dialog that keeps them by reference says so)."""
        return list(self.query(Input))


class RecordingDialog(BankerDialog["Reply"]):
    """A dialog that records one command through ``record`` and closes with the reply.

    One path from the fields to the journal: the fields are read into the typed command by the command language's
    own resolvers (:meth:`build`, with a :class:`~banker.commands.Form`), and what is recorded is
    :func:`~banker.commands.format` of it, the canonical line, exactly as if it had been typed that way.

    A refusal keeps it open (the reason shown in place, the focus on the field at fault). A payment the player
    cannot make closes it with the refusal, so the app can open the ways to raise the money (seed 000,
    BANKRUPTCY)."""

    def __init__(self, session: Session, record: Record) -> None:
        super().__init__()
        self.session = session
        self.record = record

    # Fields -> typed command -> canonical line ----------------------------------------------------------
    def values(self) -> dict[str, str]:
        """The text of each field the command is read from, by the keys :meth:`build` reads."""
        return {}

    def build(self, form: Form) -> Recorded | None:
        """The typed command the fields make, read through ``form``; None where the dialog has no form."""
        return None

    def typed(self) -> Recorded | None:
        """The command the fields make now. Raises :class:`~banker.commands.Missing` (a field it needs is empty)
        or :class:`~banker.commands.Refused` (the command language refuses a field, or the whole)."""
        return self.build(Form(self.values(), self.session.state))

    def command(self) -> str | None:
        """The canonical line the fields make, as it will be journalled; None while it cannot be made yet."""
        try:
            command = self.typed()
        except (Missing, Refused):
            return None
        return commands.format(command, self.session.state.board) if command is not None else None

    def preview(self) -> tuple[str | None, Reply | None]:
        """The canonical line and what recording it would do, for the live preview: (None, the refusal) when a
        field is refused, (None, None) while a field it needs is empty."""
        try:
            command = self.typed()
        except Missing:
            return None, None
        except Refused as refused:
            return None, refusal(refused.error)
        if command is None:
            return None, None
        line = commands.format(command, self.session.state.board)
        return line, self.session.preview(line)

    def field_id(self, key: str) -> str:
        """The id of the widget holding the field ``key`` of :meth:`values`."""
        return key

    def field_at_fault(self, reply: Reply) -> str | None:
        """Where to put the cursor when the rules refuse a command every field of which could be read."""
        return None

    def incomplete(self, key: str) -> None:
        """Confirmed with the field ``key`` empty, which the command needs."""
        self.refuse(_("fill in every field first"), self.field_id(key))

    # Recording ------------------------------------------------------------------------------------------
    def submit(self) -> None:
        """Confirm the form: read the fields into the typed command and record its canonical line, once."""
        for field in self.inputs():
            if "#" in field.value:  # the command line reads "#" as the start of a comment: the rest would be lost
                self.refuse(_('no field may hold "#": it starts a comment in a command'), field.id)
                return
        try:
            command = self.typed()
        except Missing as missing:
            self.incomplete(missing.field)
            return
        except Refused as refused:
            reply = refusal(refused.error)
            at = self.field_id(refused.field) if refused.field is not None else self.field_at_fault(reply)
            self.refuse(reply_text(reply), at)
            return
        if command is None:
            return
        self.send(command)

    def send(self, command: Recorded) -> None:
        """Record ``command`` (its canonical line) and close, or show the refusal in place."""
        reply = self.record_command(command)
        if reply.ok or (isinstance(reply.error, CannotPay) and reply.error.debt):
            self.close(reply)
        else:
            self.refuse(reply_text(reply), self.field_at_fault(reply))

    def record_command(self, command: Recorded) -> Reply:
        """The one place a dialog's command becomes the journalled text: :func:`~banker.commands.format` of it."""
        return self.record(commands.format(command, self.session.state.board))


def refusal(error: RuleError) -> Reply:
    """A command the language refused before it reached the session, as the session would have replied."""
    return Reply(False, str(error), error=error)


__all__ = ["BankerDialog", "RecordingDialog", "Record", "plain", "refusal", "reply_text"]
