"""The raise-money loop: a payment the player cannot make, and every way to raise the cash, in one dialog.

seed 000, BANKRUPTCY: a player who "owes more than he can pay" first sells buildings and mortgages property; only
when even that is not enough is he bankrupt, to the player he owes or to the bank. The dialog lists what the rules
engine says can be raised (:func:`rules.raising.raise_options`: building sales evenly, a group's buildings before
its mortgages), each with what it raises; Space ticks a row (and the rows it needs; unticking drops the rows that
need it and the rows that were ticked only because it needed them), the running total shows against what is
missing, and Enter or Ctrl+S records the ticked sales and mortgages as ordinary ``sell`` and ``mortgage`` commands
(their canonical lines) and then the payment as it was typed, each through ``record``. A step refused stops
there: the refusal and what was recorded so far stay in the dialog, the payment is not recorded. When everything
cannot cover the debt, x (or the Bankruptcy button) asks for the word ``bankrupt`` and Enter before the bankruptcy to
the creditor the refusal named is recorded: no letter typed ahead can record one (issue 30). Enter with nothing
ticked, or nothing to tick, says what to do and records nothing. Escape goes back to the table and records nothing
more.

The app opens this dialog on its own (the banker typed a payment, not "raise money"): keys typed before it showed
are set aside, never ticked or confirmed here (:mod:`banker.tui.keyorder`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, SelectionList, Static

from banker import commands
from banker.tui.dialogs.base import Record, RecordingDialog, plain, reply_text
from banker.tui.dialogs.confirm import WordDialog, bankrupt_word, bankruptcy_question
from banker.tui.safety import guard_actions
from banker.tui.widgets.inputs import TickList
from banker.tui.words import styled
from rules import BANK, CannotPay
from rules.actions import Bankrupt
from rules.i18n import N_, _
from rules.raising import RaiseOption, raise_actions, raise_options, with_needs, without_dependents

if TYPE_CHECKING:
    from textual.widget import Widget

    from banker.session import Reply, Session


@guard_actions
class RaiseMoneyDialog(RecordingDialog):
    """Opens on the refusal of ``line`` (a :class:`~rules.errors.CannotPay`); closes with the reply of the
    payment or of the bankruptcy it recorded, or None (Escape: the debt is still owed)."""

    BINDINGS = [Binding("x", "bankrupt", N_("Bankruptcy"), show=False)]
    DEFAULT_CSS = """
    RaiseMoneyDialog #options {
        height: auto;
        margin-top: 1;
    }
    RaiseMoneyDialog #total {
        margin-top: 1;
    }
    """
    AROUND_THE_LIST = 17
    """Rows the dialog needs besides the list's rows at most (borders, title, the debt, the total, what was
    recorded, a refusal, the buttons): the list gets the rest of the dialog's 90% of the screen, so the buttons
    stay in view at 100x30."""

    def __init__(self, session: Session, record: Record, error: CannotPay, line: str) -> None:
        super().__init__(session, record)
        self.error = error
        """The latest refusal of the payment: what is missing now."""
        self.line = line
        """The payment as it was typed; recorded again, unchanged, once the money is raised."""
        self.recorded: list[str] = []
        self.options: list[RaiseOption] = []
        self.by_hand: set[int] = set()
        """The rows the banker ticked (Space, a click); the rest of what is ticked is what those need."""

    # Figures -----------------------------------------------------------------------------------------------
    @property
    def payer(self) -> int:
        return self.session.state.player_index(self.error.payer)

    @property
    def missing(self) -> int:
        return max(0, self.error.amount - self.session.state.players[self.payer].cash)

    def ticked(self) -> set[int]:
        """The rows ticked and the steps they need: the need is also ticked on screen, by a message that an Enter
        typed in the same burst can overtake."""
        return with_needs(self.options, self.query_one("#options", TickList).selected)

    def ticked_total(self) -> int:
        return sum(self.options[i].amount for i in self.ticked())

    def can_cover(self) -> bool:
        return sum(o.amount for o in self.options) >= self.missing

    def creditor(self) -> str | None:
        """Whom the bankruptcy goes to, as the command names it: the refusal's creditor (``bank`` for the bank)."""
        return self.error.creditor

    # Drawing -----------------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide"):
            yield Label(id="title", classes="dialog-title error")
            yield Static(id="debt")
            yield TickList(id="options")
            yield Static(id="total")
            yield Static(id="done", classes="dialog-note")
            yield Static(id="refusal", classes="dialog-refusal")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Raise and pay (Enter)"), id="ok", variant="primary", compact=True)
                yield Button(_("Bankruptcy (x)"), id="bankrupt", variant="error", compact=True)
                yield Button(_("Back (Esc)"), id="cancel", compact=True)

    def on_mount(self) -> None:
        self.fit_list()
        self.reload()

    def initial_focus(self) -> Widget | None:
        """The list of what can be raised, even when it is empty: Enter there explains (a button focused for want
        of rows made Enter ask the bankruptcy question, and a y typed next recorded it; issue 30)."""
        return self.query_one("#options", TickList)

    def on_resize(self) -> None:
        self.fit_list()

    def fit_list(self) -> None:
        """The list gets what the dialog's 90% of the screen leaves: at first a safe guess, then (once laid out)
        what the rest of the dialog really takes, so an 80x24 screen shows as many rows as fit."""
        ticks = self.query_one("#options", TickList)
        ticks.styles.max_height = max(4, self.size.height * 9 // 10 - self.AROUND_THE_LIST)
        self.call_after_refresh(self._fit_measured)

    def _fit_measured(self) -> None:
        if not self.is_attached:
            return
        ticks = self.query_one("#options", TickList)
        box = self.query_one(".dialog-box")
        other = box.outer_size.height - ticks.outer_size.height
        room = self.size.height * 9 // 10 - other
        current = ticks.styles.max_height
        if room > 0 and (current is None or room != current.cells):
            ticks.styles.max_height = max(3, room)

    def reload(self) -> None:
        """Read the options again from the game as it now is (after steps were recorded); nothing ticked."""
        state = self.session.state
        m = state.money
        self.options = raise_options(state, self.payer)
        ticks = self.query_one("#options", TickList)
        ticks.clear_options()
        self.by_hand = set()
        width = max((len(o.what) for o in self.options), default=0)
        ticks.add_options([(plain(f"{o.what:<{width}}  +{m(o.amount)}"), i) for i, o in enumerate(self.options)])
        if self.options:
            ticks.highlighted = 0
        e = self.error
        self.query_one("#title", Label).update(
            plain(_("{player} cannot pay {amount}").format(player=e.payer, amount=m(e.amount)))
        )
        debt = Text()
        debt.append(f"{e.message} ({e.rule})\n" if e.rule not in e.message else f"{e.message}\n", style="bold red")
        debt.append_text(
            styled(
                _("Tick (Space) what to sell and mortgage; Enter records them, then: {line}"), line=(self.line, "bold")
            )
        )
        self.query_one("#debt", Static).update(debt)
        done = self.query_one("#done", Static)
        done.update(plain(_("Recorded so far: {lines}").format(lines="; ".join(self.recorded))))
        done.display = bool(self.recorded)
        self.query_one("#bankrupt", Button).display = self.bankruptcy_due()
        self.show_total()

    def show_total(self) -> None:
        state = self.session.state
        m = state.money
        ticked, missing = self.ticked_total(), self.missing
        cash = state.players[self.payer].cash
        t = Text()
        t.append(
            _("Cash {cash}, {missing} missing. Ticked: {ticked}.").format(
                cash=m(cash), missing=m(missing), ticked=m(ticked)
            )
            + "\n"
        )
        if not self.can_cover():
            everything = sum(o.amount for o in self.options)
            creditor = self.creditor()
            if creditor == BANK:
                end = _(
                    "Even everything ({everything}) leaves {short} short: x, then the word {word} and Enter, records"
                    " the bankruptcy to the bank."
                )
            elif creditor is not None:
                end = _(
                    "Even everything ({everything}) leaves {short} short: x, then the word {word} and Enter, records"
                    " the bankruptcy to {creditor}."
                )
            else:
                end = _(
                    "Even everything ({everything}) leaves {short} short: the payment cannot be made (it is owed to no"
                    " single creditor)."
                )
            said = end.format(
                everything=m(everything), short=m(missing - everything), word=bankrupt_word(), creditor=creditor
            )
            t.append(said, style="bold red")
        elif ticked >= missing:
            t.append(_("Enough: Enter records the ticked steps, then the payment."), style="bold green")
        else:
            t.append(_("Tick {amount} more.").format(amount=m(missing - ticked)))
        self.query_one("#total", Static).update(t)

    # Ticking -----------------------------------------------------------------------------------------------
    def on_selection_list_selection_toggled(self, event: SelectionList.SelectionToggled[int]) -> None:
        """A row ticked brings the rows it needs; a row unticked drops the rows that need it, and the rows ticked
        only because those needed them (unticking "Mortgage Park Place" left its two house sales ticked: houses
        sold that nothing needed any more). A row the banker ticked on its own stays."""
        event.stop()
        ticks = self.query_one("#options", TickList)
        index = event.selection.value
        chosen = set(ticks.selected)
        if index in chosen:
            self.by_hand.add(index)
        else:
            self.by_hand = without_dependents(self.options, self.by_hand & chosen | {index}, index)
        want = with_needs(self.options, self.by_hand)
        for i in want - chosen:
            ticks.select(i)
        for i in chosen - want:
            ticks.deselect(i)
        self.clear_refusal()
        self.show_total()

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[int]) -> None:
        event.stop()
        self.show_total()

    # Recording ---------------------------------------------------------------------------------------------
    def bankruptcy_due(self) -> bool:
        return not self.can_cover() and self.creditor() is not None

    def confirm(self) -> None:
        m = self.session.state.money
        missing, ticked = self.missing, self.ticked_total()
        if ticked < missing:
            if not self.can_cover():
                if self.options:
                    what = _(
                        "even selling and mortgaging everything is not enough: {missing} missing; nothing recorded"
                    )
                else:
                    what = _("{player} has nothing to sell or mortgage: {missing} missing; nothing recorded")
                said = what.format(player=self.error.payer, missing=m(missing))
                if self.bankruptcy_due():
                    said += " " + _("(x, then the word {word} and Enter, records the bankruptcy)").format(
                        word=bankrupt_word()
                    )
                self.refuse(said, "options")
            elif not self.ticked():
                self.refuse(
                    _("tick what to sell or mortgage (Space): {missing} missing").format(missing=m(missing)), "options"
                )
            else:
                self.refuse(
                    _("the ticked steps raise {ticked} of the {missing} missing: tick {more} more").format(
                        ticked=m(ticked), missing=m(missing), more=m(missing - ticked)
                    ),
                    "options",
                )
            return
        seqs = []
        for action in raise_actions(self.session.state, self.payer, self.options, self.ticked()):
            line = commands.format(action, self.session.state.board)
            reply = self.record_command(action)
            if not reply.ok:
                self.stopped(reply, f"{line}: ")
                return
            self.recorded.append(line)
            seqs.append(self.session.last_seq)
        reply = self.record(self.line)
        if reply.ok:
            # the sales, the mortgages and the payment they raised are one step to undo (issue 22)
            self.session.together([*seqs, self.session.last_seq])
            self.close(reply)
        else:
            self.stopped(reply, f"{self.line}: ")

    def stopped(self, reply: Reply, what: str) -> None:
        """A step was refused: nothing after it was recorded. Show the game as it now is, and why."""
        if isinstance(reply.error, CannotPay) and reply.error.payer == self.error.payer:
            self.error = reply.error
        else:
            check = self.session.preview(self.line)
            if isinstance(check.error, CannotPay):
                self.error = check.error
        self.reload()
        self.refuse(plain(f"✗ {what}{reply_text(reply).plain.removeprefix('✗ ')}", style="bold red"), "options")

    def action_bankrupt(self) -> None:
        if self.closing:
            return
        creditor = self.creditor()
        if creditor is None:
            self.refuse(_("this payment is owed to no single creditor: no bankruptcy to record here"))
            return
        if self.can_cover():
            self.refuse(
                _("{player} can still raise the money: not bankrupt (seed 000, BANKRUPTCY)").format(
                    player=self.error.payer
                )
            )
            return
        # One key was a bankruptcy: an x among letters typed for the command line ("next") recorded one (issue 20),
        # then x and y did (the y of "buy", issue 30). Only the word typed whole, then Enter, records it.
        self.app.push_screen(
            WordDialog(
                bankruptcy_question(self.error.payer, None if creditor == BANK else creditor), title=_("Bankruptcy")
            ),
            self._bankruptcy_confirmed,
        )

    def _bankruptcy_confirmed(self, yes: bool | None) -> None:
        creditor = self.creditor()
        if not yes or creditor is None or self.closing:
            return
        reply = self.record_command(Bankrupt(self.error.payer, None if creditor == BANK else creditor))
        if reply.ok:
            self.close(reply)
        else:
            self.refuse(reply_text(reply))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "bankrupt":
            event.stop()
            self.action_bankrupt()


__all__ = ["RaiseMoneyDialog"]
