"""Action dialogs. Each builds the text of one command and returns it; the app runs it through
``Session.execute`` so the journal records exactly what a typed command would.

While the banker fills a dialog in, ``Session.preview`` shows what the command would do (or the rule that refuses
it), so the outcome is seen before Enter confirms it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Checkbox, Input, Label, Static

from banker.commands import SHORTAGE_KINDS
from banker.screens.safety import guard_actions
from banker.widgets import queries


@dataclass(frozen=True)
class Field:
    """One input of a dialog. ``choices`` complete as you type (deed names, player names, keywords)."""

    key: str
    label: str
    default: str = ""
    choices: tuple[str, ...] = ()
    placeholder: str = ""
    flag: bool = False
    """A yes/no field (a checkbox); its value is "yes" or ""."""


def reply_text(reply) -> Text:
    """A reply as styled text: refusals in the error style, naming the rule."""
    if reply is None:
        return Text("")
    if reply.ok:
        return Text(reply.message, style="bold green")
    rule = getattr(reply.error, "rule", "") if reply.error is not None else ""
    msg = reply.message
    if rule and rule not in msg:
        msg = f"{msg} ({rule})"
    return Text("✗ " + msg, style="bold red")


@guard_actions
class CommandDialog(ModalScreen[str | None]):
    """A small form that builds one command and previews it. Enter on the last field (or OK) confirms."""

    DEFAULT_CLASSES = "dialog"
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "confirm", "Confirm")]

    def __init__(self, session, title: str, fields: list[Field], build: Callable[[dict[str, str]], str | None],
                 focus: str | None = None, note: str = "", preview: bool = True) -> None:
        super().__init__()
        self.show_preview = preview
        """False where the rules forbid knowing the outcome before choosing (income tax: seed 000, INCOME TAX)."""
        self.session = session
        self.title_text = title
        self.fields = fields
        self.build = build
        self.focus_key = focus or next((f.key for f in fields if not f.default and not f.flag), fields[0].key)
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            for f in self.fields:
                with Horizontal(classes="field"):
                    yield Label(f.label, classes="field-label")
                    if f.flag:
                        yield Checkbox("yes", value=bool(f.default), id=f"f-{f.key}", compact=True)
                    else:
                        suggester = SuggestFromList(f.choices, case_sensitive=False) if f.choices else None
                        yield Input(value=f.default, placeholder=f.placeholder, id=f"f-{f.key}", suggester=suggester,
                                    compact=True)
            if self.note:
                yield Static(self.note, classes="dialog-note", id="note")
            yield Static(id="command", classes="dialog-command")
            yield Static(id="preview", classes="dialog-preview")
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one(f"#f-{self.focus_key}").focus()
        self.refresh_preview()

    def values(self) -> dict[str, str]:
        out = {}
        for f in self.fields:
            w = self.query_one(f"#f-{f.key}")
            out[f.key] = ("yes" if w.value else "") if f.flag else w.value.strip()
        return out

    def command(self) -> str | None:
        return self.build(self.values())

    def refresh_preview(self) -> None:
        cmd = self.command()
        self.query_one("#command", Static).update(Text(f"> {cmd}" if cmd else "", style="dim"))
        reply = self.session.preview(cmd) if cmd and self.show_preview else None
        self.query_one("#preview", Static).update(reply_text(reply))

    @on(Input.Changed)
    @on(Checkbox.Changed)
    def _changed(self) -> None:
        self.refresh_preview()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        inputs = [w for w in self.query(Input)]
        cmd = self.command()
        if cmd and (event.input is inputs[-1] or not self.show_preview or self.session.preview(cmd).ok):
            self.dismiss(cmd)
        else:
            self.focus_next()

    @on(Button.Pressed, "#ok")
    def action_confirm(self) -> None:
        cmd = self.command()
        if cmd:
            self.dismiss(cmd)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def _words(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def deed_names(state) -> tuple[str, ...]:
    return tuple(d.name for d in state.board.deeds)


def player_names(state, active_only: bool = True) -> tuple[str, ...]:
    return tuple(p.name for p in state.players if not (active_only and p.bankrupt))


@guard_actions
class AuctionDialog(ModalScreen[str | None]):
    """A live auction (seed 000, BUYING PROPERTY): bids typed per player in any order; the highest is shown and a
    bid the bidder cannot cover in cash is flagged. Ctrl+S (or Sold) closes it for the highest bidder.

    A building-shortage auction (seed 000, BUILDING SHORTAGE: "the houses or hotels must be sold at auction") is
    the same dialog with the winner's lot and what was sold in the Deed field ("boardwalk hotel", "park place 2
    houses"); it records ``shortage`` instead of ``auction``."""

    DEFAULT_CLASSES = "dialog"
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "sold", "Sold!")]

    def __init__(self, session, deed: str = "") -> None:
        super().__init__()
        self.session = session
        self.deed = deed

    def compose(self) -> ComposeResult:
        state = self.session.state
        with Vertical(classes="dialog-box"):
            yield Label("Auction", classes="dialog-title")
            with Horizontal(classes="field"):
                yield Label("Deed", classes="field-label")
                yield Input(value=self.deed, id="deed", compact=True,
                            placeholder="a deed, or for a shortage: lot + hotel / N houses",
                            suggester=SuggestFromList(deed_names(state), case_sensitive=False))
            for i, p in enumerate(state.players):
                if p.bankrupt:
                    continue
                with Horizontal(classes="field"):
                    yield Label(f"{p.name} ({state.money(p.cash)})", classes="field-label")
                    yield Input(id=f"bid-{i}", placeholder="bid", compact=True, type="integer", classes="bid")
            yield Static(id="highest", classes="dialog-preview")
            yield Static(id="preview", classes="dialog-preview")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Sold!", id="sold", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#deed" if not self.deed else ".bid", Input).focus()
        self.refresh_bids()

    def bids(self) -> list[tuple[int, int]]:
        """(amount, player index) for every bid entered, highest first; ties go to the earlier entry."""
        out = []
        for w in self.query(".bid").results(Input):
            if w.value.strip().isdigit() and int(w.value) > 0:
                out.append((int(w.value), int(w.id.split("-")[1])))
        return sorted(out, key=lambda b: -b[0])

    def command(self) -> str | None:
        bids = self.bids()
        deed = self.query_one("#deed", Input).value.strip()
        if not bids or not deed:
            return None
        amount, index = bids[0]
        winner = self.session.state.players[index].name
        if deed.split()[-1].casefold() in SHORTAGE_KINDS:  # "boardwalk hotel": a building-shortage auction
            return f"shortage {winner} {deed} {amount}"
        return f"auction {deed} {winner} {amount}"

    def refresh_bids(self) -> None:
        state = self.session.state
        t = Text()
        bids = self.bids()
        if bids and self.tied():
            t.append(f"Tied at {state.money(bids[0][0])}: someone must bid higher\n", style="bold yellow")
        elif bids:
            amount, index = bids[0]
            t.append(f"Highest: {state.players[index].name} {state.money(amount)}\n", style="bold")
        for amount, index in bids:
            p = state.players[index]
            if amount > p.cash:
                t.append(f"⚠ {p.name} cannot cover {state.money(amount)} in cash ({state.money(p.cash)})\n",
                         style="bold red")
        self.query_one("#highest", Static).update(t)
        cmd = self.command()
        self.query_one("#preview", Static).update(reply_text(self.session.preview(cmd)) if cmd else "")

    @on(Input.Changed)
    def _changed(self) -> None:
        self.refresh_bids()

    @on(Input.Submitted)
    def _next(self) -> None:
        self.focus_next()

    def tied(self) -> bool:
        """Two players top the auction with the same bid: nobody has won yet (ruling in docs/rulings.md, App)."""
        bids = self.bids()
        return len(bids) > 1 and bids[0][0] == bids[1][0]

    @on(Button.Pressed, "#sold")
    def action_sold(self) -> None:
        cmd = self.command()
        if cmd and self.tied():
            self.notify("The highest bids are tied: someone must bid higher before the deed is sold.",
                        severity="warning")
        elif cmd:
            self.dismiss(cmd)
        else:
            self.notify("No bid yet: enter at least one bid and the deed.", severity="warning")

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


@guard_actions
class TradeDialog(ModalScreen[str | None]):
    """A trade built up item by item (seed 000, "Property may be sold by one player to another"): each side's
    items are added with Enter; the rules are checked as you go by previewing the trade command, and the interest
    due on mortgaged deeds that change hands is shown (seed 000, MORTGAGES)."""

    DEFAULT_CLASSES = "dialog"
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "confirm", "Confirm trade")]

    def __init__(self, session, first: str = "", second: str = "") -> None:
        super().__init__()
        self.session = session
        self.first = first
        self.second = second
        self.give: list[str] = []
        self.get: list[str] = []

    def compose(self) -> ComposeResult:
        state = self.session.state
        players = SuggestFromList(player_names(state), case_sensitive=False)
        items = SuggestFromList(deed_names(state) + ("jail card",), case_sensitive=False)
        with Vertical(classes="dialog-box wide"):
            yield Label("Trade", classes="dialog-title")
            with Horizontal(classes="field"):
                yield Label("Player", classes="field-label")
                yield Input(value=self.first, id="a", compact=True, suggester=players)
                yield Label("with", classes="field-label short")
                yield Input(value=self.second, id="b", compact=True, suggester=players)
            with Horizontal(classes="field"):
                yield Label("gives (Enter adds)", classes="field-label")
                yield Input(id="give", placeholder="deed, $amount or jail card", compact=True, suggester=items)
            with Horizontal(classes="field"):
                yield Label("gets (Enter adds)", classes="field-label")
                yield Input(id="get", placeholder="deed, $amount or jail card", compact=True, suggester=items)
            with Horizontal(classes="field"):
                yield Label("lift now", classes="field-label")
                yield Input(id="lift", placeholder="mortgaged deeds lifted at once (optional)", compact=True,
                            suggester=items)
            yield Static(id="sides", classes="dialog-note")
            yield Static(id="command", classes="dialog-command")
            yield Static(id="preview", classes="dialog-preview")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Trade", id="ok", variant="primary", compact=True)
                yield Button("Clear", id="clear", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#b" if self.first and not self.second else ("#give" if self.second else "#a"), Input).focus()
        self.refresh_trade()

    def command(self) -> str | None:
        a = self.query_one("#a", Input).value.strip()
        b = self.query_one("#b", Input).value.strip()
        if not a or not b or not (self.give or self.get):
            return None
        cmd = f"trade {a} {b}"
        if self.give:
            cmd += " give " + " and ".join(self.give)
        if self.get:
            cmd += " get " + " and ".join(self.get)
        lift = self.query_one("#lift", Input).value.strip()
        if lift:
            cmd += f" lift {lift}"
        return cmd

    def interest_lines(self) -> list[str]:
        """Interest due on each mortgaged deed changing hands: 10% of the mortgage value (seed 000, MORTGAGES)."""
        from rules.money import rounded_tenth

        state = self.session.state
        out = []
        for item in self.give + self.get:
            try:
                deed = state.deed(item)
            except Exception:  # noqa: BLE001 - cash and cards are not deeds
                continue
            if state.holding(deed).mortgaged:
                interest = rounded_tenth(deed.mortgage)
                out.append(f"{deed.name} is mortgaged: the new owner pays {state.money(interest)} interest now,"
                           f" or lifts it for {state.money(deed.mortgage + interest)}")
        return out

    def refresh_trade(self) -> None:
        a = self.query_one("#a", Input).value.strip() or "first player"
        b = self.query_one("#b", Input).value.strip() or "second player"
        t = Text()
        t.append(f"{a} gives: ", style="bold")
        t.append(", ".join(self.give) or "nothing")
        t.append(f"\n{b} gives: ", style="bold")
        t.append(", ".join(self.get) or "nothing")
        for line in self.interest_lines():
            t.append("\n" + line, style="yellow")
        self.query_one("#sides", Static).update(t)
        cmd = self.command()
        self.query_one("#command", Static).update(Text(f"> {cmd}" if cmd else "", style="dim"))
        self.query_one("#preview", Static).update(reply_text(self.session.preview(cmd)) if cmd else "")

    @on(Input.Changed)
    def _changed(self) -> None:
        self.refresh_trade()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        side = event.input.id
        if side in ("give", "get") and event.value.strip():
            (self.give if side == "give" else self.get).append(event.value.strip())
            event.input.value = ""
            self.refresh_trade()
        elif side in ("give", "get", "lift") and self.command():
            self.action_confirm()
        else:
            self.focus_next()

    @on(Button.Pressed, "#clear")
    def _clear(self) -> None:
        self.give.clear()
        self.get.clear()
        self.refresh_trade()

    @on(Button.Pressed, "#ok")
    def action_confirm(self) -> None:
        cmd = self.command()
        if cmd:
            self.dismiss(cmd)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


@guard_actions
class CannotPayDialog(ModalScreen[str | None]):
    """A refused payment: what is missing, what the player could raise, and the ways out the rules allow
    (seed 000, BANKRUPTCY: sell buildings, mortgage, or declare bankruptcy)."""

    DEFAULT_CLASSES = "dialog"
    BINDINGS = [Binding("escape", "cancel", "Back"), Binding("s", "choose('sell')", "Sell buildings"),
                Binding("m", "choose('mortgage')", "Mortgage"), Binding("x", "choose('bankrupt')", "Bankruptcy")]

    def __init__(self, state, error) -> None:
        super().__init__()
        self.state = state
        self.error = error

    def compose(self) -> ComposeResult:
        e = self.error
        m = self.state.money
        with Vertical(classes="dialog-box"):
            yield Label(f"{e.payer} cannot pay {m(e.amount)}", classes="dialog-title error")
            yield Static(Text(f"{e.message} ({e.rule})", style="bold red"))
            yield Static(f"Missing: {m(e.missing)}.  {e.payer} could raise {m(e.can_raise)} by selling buildings "
                         "and mortgaging.")
            yield Static("Raise the money first, then record the payment again; or declare bankruptcy."
                         if e.can_raise >= e.missing else
                         f"Even selling everything leaves {m(e.missing - e.can_raise)} short: bankruptcy.")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Sell buildings", id="sell", compact=True)
                yield Button("Mortgage", id="mortgage", compact=True)
                yield Button("Bankruptcy", id="bankrupt", variant="error", compact=True)
                yield Button("Back", id="cancel", compact=True)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None if event.button.id == "cancel" else event.button.id)

    def action_choose(self, what: str) -> None:
        self.dismiss(what)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmDialog(ModalScreen[bool]):
    """Yes or no (frogmouth's yes/no dialog)."""

    DEFAULT_CLASSES = "dialog"
    BINDINGS = [Binding("escape", "answer(False)", "No"), Binding("y", "answer(True)", "Yes"),
                Binding("n", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(self.question)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Yes", id="yes", variant="primary", compact=True)
                yield Button("No", id="no", compact=True)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class MessageScreen(ModalScreen[None]):
    """Shows text until dismissed; used for query answers (worth, scores) and the time-limit announcement."""

    DEFAULT_CLASSES = "dialog"
    BINDINGS = [Binding("escape", "close", "Close"), Binding("enter", "close", "Close")]

    def __init__(self, title: str, body) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide"):
            yield Label(self.title_text, classes="dialog-title")
            with VerticalScroll(classes="message-body"):
                yield Static(self.body)
            yield Button("Close", id="close", compact=True)

    @on(Button.Pressed)
    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["AuctionDialog", "CannotPayDialog", "CommandDialog", "ConfirmDialog", "Field", "MessageScreen",
           "TradeDialog", "deed_names", "player_names", "queries", "reply_text"]
