"""A live auction (seed 000, BUYING PROPERTY: "the Banker sells it at auction to the highest bidder").

Bids are shouted in any order, so each player has a field: Enter in a bid field takes the bid and moves to the
next bidder (it never sells); Ctrl+S, or Enter in the deed field, or the Sold button sells to the highest bidder.

A bid from a player's phone (docs/phones.md) goes into that player's field only when the field is empty and the
banker is not in it; otherwise it waits beside the field ("phone $150 · Ctrl+T") until the banker takes it with
Ctrl+T in that field: it never replaces what the banker is typing (issue 30).

The same dialog records a building-shortage auction (seed 000, BUILDING SHORTAGE: "the houses or hotels must be
sold at auction"): the Deed field then holds the winner's lot and what was sold, "boardwalk hotel" or
"boardwalk 2 houses".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from banker.commands import SHORTAGE_KINDS, CommandError, Form, Missing, Refused, parse_amount
from banker.commands.completion import DEED, complete_value
from banker.tui.dialogs.base import Record, RecordingDialog, plain, reply_text
from banker.tui.safety import guard_actions
from banker.tui.widgets.inputs import CompletingInput, FunctionSuggester
from rules import RuleError
from rules.actions import Auction, ShortageAuction
from rules.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from textual.widget import Widget

    from banker.session import Reply, Session
    from banker.tui.host import Banker
    from banker.web.page_data import AuctionFacts

LABEL_WIDTH = 19
"""What a field label shows on one line (``.field-label`` in app.tcss: 20 wide, one cell of padding)."""


def bidder_label(name: str, cash: str) -> str:
    """ "Ann ($1,500)" on one line: a name too long for the label is cut with an ellipsis, the cash kept whole
    (issue 22: "Bartholomew ($1,300)" wrapped mid-name)."""
    text = f"{name} ({cash})"
    if len(text) <= LABEL_WIDTH:
        return text
    room = max(LABEL_WIDTH - len(cash) - 3, 2)
    return f"{name[: room - 1]}… ({cash})"


BID_HINT = N_("bid (Enter: next bidder; Ctrl+S: sold)")
"""A bid field's hint; only "bid" while a phone's bid waits beside it (the field is narrower then)."""


@guard_actions
class AuctionDialog(RecordingDialog):
    """Highest bid shown as the bids come in; a bid the bidder cannot cover in cash is flagged."""

    BINDINGS = [Binding("ctrl+t", "take_phone_bid", N_("Take the phone's bid"), id="auction.take_phone_bid")]
    DEFAULT_CSS = """
    AuctionDialog .phone-bid {
        width: auto;
        padding-left: 1;
        color: $warning;
        text-style: bold;
    }
    """

    def __init__(self, session: Session, record: Record, deed: str = "") -> None:
        super().__init__(session, record)
        self.deed = deed
        state = session.state
        self.bidders = [i for i, p in enumerate(state.players) if not p.bankrupt]
        self.phone_bids: dict[int, int] = {}
        """Bids from phones waiting beside their fields for the banker (Ctrl+T), by player index."""

    def compose(self) -> ComposeResult:
        state = self.session.state
        with Vertical(classes="dialog-box"):
            yield Label(_("Auction"), classes="dialog-title")
            with Horizontal(classes="field"):
                yield Label(_("Deed"), classes="field-label")
                yield CompletingInput(
                    value=self.deed,
                    id="deed",
                    compact=True,
                    placeholder=_("a deed, or for a shortage: lot + hotel / N houses"),
                    suggester=FunctionSuggester(
                        lambda v, whole=False: complete_value(DEED, v, self.session.state, whole=whole)
                    ),
                )
            for i in self.bidders:
                p = state.players[i]
                with Horizontal(classes="field"):
                    yield Label(plain(bidder_label(p.name, state.money(p.cash))), classes="field-label")
                    yield CompletingInput(
                        id=f"bid-{i}",
                        placeholder=_(BID_HINT),
                        compact=True,
                        classes="bid",
                    )
                    waiting = Static(id=f"phone-{i}", classes="phone-bid")
                    waiting.display = False
                    yield waiting
            yield Static(id="highest", classes="dialog-preview")
            yield Static(id="preview", classes="dialog-preview")
            yield Static(id="refusal", classes="dialog-refusal")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Sold!"), id="sold", variant="primary", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True)

    def initial_focus(self) -> Widget | None:
        return self.query_one("#deed" if not self.deed else ".bid", Input)

    def on_mount(self) -> None:
        self.refresh_bids()
        self.tell_phones()

    def _read_bids(self) -> tuple[list[tuple[int, int]], list[tuple[str, str]]]:
        """The bids as the command language reads an amount (``$1,000``, ``£250``; not ``-5``, ``1e3`` or 0):
        (amount, player index) for each good one, and (field id, why) for each field that holds no amount. The
        field keeps what was typed, so a bid is never silently changed into another."""
        good, bad = [], []
        board = self.session.state.board
        for w in self.query(".bid").results(Input):
            value = w.value.strip()
            if not value:
                continue
            index = int(str(w.id).split("-")[1])
            try:
                good.append((parse_amount(value, "bid", board=board), index))
            except CommandError as e:
                why = _("{player}'s bid: {problem}").format(
                    player=self.session.state.players[index].name, problem=e.message
                )
                bad.append((str(w.id), why))
        return good, bad

    def bids(self) -> list[tuple[int, int]]:
        """(amount, player index) for every good bid entered, highest first; ties go to the earlier entry."""
        return sorted(self._read_bids()[0], key=lambda b: -b[0])

    def bad_bids(self) -> list[tuple[str, str]]:
        """(field id, why) for every bid field that holds something other than an amount."""
        return self._read_bids()[1]

    def values(self) -> dict[str, str]:
        return {w.id or "": w.value for w in self.query(Input)}

    def build(self, form: Form) -> Auction | ShortageAuction:
        """The deed (or the shortage lot) sold to the highest bidder for the highest bid."""
        bids = self.bids()
        if not bids:
            raise Missing(f"bid-{self.bidders[0]}")
        index = bids[0][1]
        winner = self.session.state.players[index].name
        words = form.text("deed").split()
        if words and words[-1].casefold() in SHORTAGE_KINDS:  # "boardwalk hotel": a building-shortage auction
            return form.shortage("deed", winner, f"bid-{index}")
        return form.auction("deed", winner, f"bid-{index}")

    def tied(self) -> bool:
        """Two players top the auction with the same bid: nobody has won yet (ruling in docs/rulings.md, App)."""
        bids = self.bids()
        return len(bids) > 1 and bids[0][0] == bids[1][0]

    def refresh_bids(self) -> None:
        state = self.session.state
        t = Text()
        bids = self.bids()
        if bids and self.tied():
            tied = _("Tied at {amount}: someone must bid higher").format(amount=state.money(bids[0][0]))
            t.append(tied + "\n", style="bold yellow")
        elif bids:
            amount, index = bids[0]
            t.append(highest(state.players[index].name, state.money(amount)) + "\n", style="bold")
        for _field, why in self.bad_bids():
            t.append(f"✗ {why}\n", style="bold red")
        for amount, index in bids:
            p = state.players[index]
            if amount > p.cash:
                short = _("{player} cannot cover {amount} in cash ({cash})")
                t.append(
                    "⚠ " + short.format(player=p.name, amount=state.money(amount), cash=state.money(p.cash)) + "\n",
                    style="bold red",
                )
        self.query_one("#highest", Static).update(t)
        self.query_one("#preview", Static).update(
            "" if self.tied() or self.refusal_stands() else reply_text(self.preview()[1])
        )

    def on_input_changed(self) -> None:
        self.refresh_bids()
        self.tell_phones()

    # Bids from phones (docs/phones.md) ----------------------------------------------------------------------
    def standing_bids(self) -> list[tuple[int, int]]:
        """The bids that can stand, highest first: those the bidder's cash covers (the winner pays in cash; a bid
        beyond it is flagged here and refused when sold, so no phone is shown it as the bid to beat)."""
        players = self.session.state.players
        return [(amount, i) for amount, i in self.bids() if amount <= players[i].cash]

    def tell_phones(self) -> None:
        """The lot and the bids that can stand as the players' pages show them (when the app serves them), and
        each phone's bid still waiting for the banker."""
        if self.closing:
            return
        state = self.session.state
        bids = self.standing_bids()
        text = ""
        if len(bids) > 1 and bids[0][0] == bids[1][0]:
            text = _("Tied at {amount}").format(amount=state.money(bids[0][0]))
        elif bids:
            text = highest(state.players[bids[0][1]].name, state.money(bids[0][0]))
        mine = {state.players[i].name: state.money(amount) for amount, i in bids}
        waiting = {state.players[i].name: state.money(amount) for i, amount in self.phone_bids.items()}
        info: AuctionFacts = {"lot": self.lot(), "text": text, "bids": mine}
        if waiting:
            info["waiting"] = waiting
        cast("Banker", self.app).phone_hooks.auction_changed(info)

    def lot(self) -> str:
        """What is up for auction as the journal will name it ("Kentucky Avenue", "Boardwalk, 1 hotel"), read from
        the Deed field by the same readers that record it; empty until the field names one deed (the phones show
        the deed, never the banker's half-typed words)."""
        typed = self.query_one("#deed", Input).value
        form = Form({"deed": typed, "bid": "1"}, self.session.state)
        words = form.text("deed").split()
        try:
            if words and words[-1].casefold() in SHORTAGE_KINDS:
                sold = form.shortage("deed", "", "bid")
                if sold.hotel:
                    kind = ngettext("{deed}, {n} hotel", "{deed}, {n} hotels", sold.count)
                else:
                    kind = ngettext("{deed}, {n} house", "{deed}, {n} houses", sold.count)
                return kind.format(deed=sold.deed, n=sold.count)
            return form.auction("deed", "", "bid").deed
        except (Missing, Refused):
            return ""

    def phone_bid(self, seat: int, amount: int) -> str | None:
        """A player's bid from their phone (the banker still sells with Sold!). It becomes their bid, as if the
        banker had typed it, when their field is empty and the banker is not in it; otherwise it waits beside the
        field until the banker takes it (Ctrl+T), never replacing what the banker is typing. None when the dialog
        took it, else why not."""
        state = self.session.state
        if self.closing:
            return _("No auction is open at the table.")
        if seat not in self.bidders:
            return _("{player} is not bidding in this auction.").format(player=state.players[seat].name)
        bids = self.standing_bids()  # a bid beyond the phone's own cash never reaches here (the bids route)
        if bids and amount <= bids[0][0]:
            return _("Bid more than the highest bid, {amount}.").format(amount=state.money(bids[0][0]))
        field = self.query_one(f"#bid-{seat}", Input)
        if not field.value.strip() and self.focused is not field:
            field.value = str(amount)
            self.phone_bids.pop(seat, None)
        else:
            self.phone_bids[seat] = amount
        self.show_phone_bid(seat)
        self.refresh_bids()
        self.tell_phones()
        return None

    def show_phone_bid(self, seat: int) -> None:
        """The phone's bid waiting beside the player's field, or nothing."""
        waiting = self.query_one(f"#phone-{seat}", Static)
        amount = self.phone_bids.get(seat)
        waiting.display = amount is not None
        # The waiting bid narrows the field: its whole hint, cut, read "...Ctrl+S: phone $150 · Ctrl+T" (review)
        self.query_one(f"#bid-{seat}", Input).placeholder = _(BID_HINT) if amount is None else _("bid")
        if amount is not None:
            waiting.update(plain(_("phone {amount} · Ctrl+T").format(amount=self.session.state.money(amount))))

    def action_take_phone_bid(self) -> None:
        """Ctrl+T: the phone's bid waiting beside the bid field the banker is in becomes that player's bid (with
        one phone bid waiting, Ctrl+T anywhere takes it)."""
        field = self.focused
        seat = int(str(field.id).split("-")[1]) if isinstance(field, Input) and field.has_class("bid") else None
        if seat not in self.phone_bids:
            seat = next(iter(self.phone_bids)) if len(self.phone_bids) == 1 else None
        if seat is None:
            self.refuse(
                _("no phone bid waits beside this field")
                if not self.phone_bids
                else _("more than one phone bid waits: Ctrl+T in the player's bid field takes theirs")
            )
            return
        amount = self.phone_bids.pop(seat)
        field = self.query_one(f"#bid-{seat}", Input)
        field.value = str(amount)
        self.show_phone_bid(seat)
        self.set_focus(field)
        self.refresh_bids()
        self.tell_phones()

    def on_unmount(self) -> None:
        cast("Banker", self.app).phone_hooks.auction_changed(None)

    def is_list_field(self, field: Input) -> bool:
        return field.has_class("bid")

    def add_item(self, field: Input) -> None:
        """Enter after a bid: on to the next bidder's field, round the table (the auction goes on until
        Ctrl+S)."""
        bids = list(self.query(".bid").results(Input))
        at = bids.index(field) if field in bids else -1
        self.set_focus(bids[(at + 1) % len(bids)])

    def confirm(self) -> None:
        deed = self.query_one("#deed", Input).value.strip()
        bad = self.bad_bids()
        if not deed:
            self.refuse(_("which deed is up for auction?"), "deed")
        elif bad:
            self.refuse(bad[0][1], bad[0][0])
        elif not self.bids():
            # Enter on the deed is the way on to the bids (docs/app.md: a, vent, Enter, 10, Enter, 15, Ctrl+S): the
            # bids typed on are meant for the fields it moves to, so they are not set aside
            self.refuse(
                _("no bid yet: type the bids as they are called, then Ctrl+S"),
                f"bid-{self.bidders[0]}",
                expected=self.focused is self.query_one("#deed", Input),
            )
        elif self.tied():
            self.refuse(_("the highest bids are tied: someone must bid higher before the deed is sold"))
        else:
            self.submit()

    def field_at_fault(self, reply: Reply) -> str:
        """The field the rules name (a shortage auction refused when the bank is not short: the Deed field, since
        no bid can make it short); else the Deed field when it names no deed; else the winning bid."""
        if getattr(reply.error, "field", "") == "deed":
            return "deed"
        words = self.query_one("#deed", Input).value.split()
        while words and (words[-1].casefold() in SHORTAGE_KINDS or words[-1].isdigit()):
            words.pop()
        try:
            self.session.state.deed(" ".join(words))
        except RuleError:
            return "deed"
        return f"bid-{self.bids()[0][1]}"


def highest(player: str, amount: str) -> str:
    """The bid to beat, as the dialog and the phones say it."""
    return _("Highest: {player} {amount}").format(player=player, amount=amount)


__all__ = ["AuctionDialog"]
