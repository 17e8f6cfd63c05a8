"""The banker's inbox: what the players' phones asked to be recorded (i, or *Requests* in the palette).

Each pending request is listed with the player, the time and the engine's preview against the game as it is now
(repriced: a request made before the last command is priced after it; when that changes its figure, the figure the
phone asked for is shown under it, with why). A request like another from the same phone within a minute (a second
tap) is marked; one that moves the very same money as another waiting request (from any phone) or as an entry
recorded since it was asked (or just before) is marked "the same as", and Enter does not record it: Ctrl+A does,
a chord no typed-ahead command or name holds, so a burst of Enter and Down never pays twice (issue 30: two phones
asked for one rent and Enter Down Enter recorded it twice). Enter records the highlighted one through
the app's one way of changing the game (:meth:`banker.tui.app.BankerApp.record` with the request), in the same
transaction that marks it recorded, so a second Enter, another terminal or a retried accept never record it twice;
the entry stays listed as "recorded as entry N" until the inbox closes, and Enter on it again only says so. ``x``
(or Delete) declines it: a line opens for an optional reason (Enter declines, Escape keeps the request). A request
the engine refuses now (the game moved on) shows the refusal and can only be declined. Requests that arrive while
the inbox is open are added to the list (the app tells it; a poll catches another process's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from banker.tui.dialogs.base import BankerDialog, plain, reply_text
from banker.tui.safety import guard_actions
from banker.tui.widgets.inputs import SteadyInput
from banker.web.asking import (
    Like,
    Standing,
    beyond_print,
    clock,
    described,
    description,
    likes,
    pending,
    repricing,
    standing,
)
from rules.i18n import N_, _

if TYPE_CHECKING:
    from textual.widget import Widget

    from banker.journal import RequestRow
    from banker.session import Reply, Session

POLL_SECONDS = 0.5
"""How often the open inbox looks for requests another process stored or a phone withdrew."""
RECENT = 50
"""The latest requests of the game the inbox looks through for near-duplicates of the pending ones (as many as
:data:`banker.web.asking.SAME_REQUESTS`)."""
ANYWAY = "ctrl+a"
"""The deliberate act that records a request marked the same as another (Enter does not): a chord, which no command,
name or amount typed ahead holds."""
ANYWAY_SHOWN = "Ctrl+A"


def label_for(s: Standing, names: list[str], like: Like | None = None, flag: str = "") -> str:
    """A request's entry in the list: what it asks, in the engine's words, and where it stands (a handled request
    keeps what it asked: "Bob pays Ann $50: Boardwalk ... · recorded as entry 57"); then, for a repriced one, the
    figure asked for and why it changed, and for a marked one (``like``, :func:`banker.web.asking.likes`) the mark,
    with the act that records it when Enter does not (``flag``, :func:`banker.web.asking.beyond_print`: more than the
    edition prints, the same). One paragraph, wrapped by the list (an option of several lines kept the list laying
    itself out again for ever in Textual 8.2.8)."""
    row = s.row
    who = names[row.seat] if 0 <= row.seat < len(names) else "?"
    mark = {"pending": " ", "recorded": "✓", "stale": "✗"}.get(s.status, "·")
    status = "" if s.status == "pending" else f" · {described(s)}"
    lines = [f"{mark} {row.n:>3}  {clock(row.time)}  {who}: {description(s)}{status}"]
    if s.repriced:
        lines.append("· " + _("repriced, {why}").format(why=repricing(s)))
    held = _("{mark}: Enter will not record it, {key} will")
    if like is not None and s.status == "pending":
        lines.append("· ≈ " + (held.format(mark=like.text, key=ANYWAY_SHOWN) if like.same else like.text))
    if flag and s.status == "pending":
        lines.append("· ⚑ " + held.format(mark=flag, key=ANYWAY_SHOWN))
    return " ".join(lines)


@guard_actions
class InboxDialog(BankerDialog[None]):
    """The pending requests of the open game; Enter records, x declines, Escape returns to the table."""

    BINDINGS = [
        Binding("x", "decline", N_("Decline"), id="inbox.decline"),
        Binding("delete", "decline", N_("Decline"), show=False),
        Binding(ANYWAY, "record_anyway", N_("Record anyway"), id="inbox.record_anyway"),
    ]

    def __init__(self, session: Session, record: Callable[[str, RequestRow], Reply]) -> None:
        super().__init__()
        self.session = session
        self.record = record
        self.shown: list[Standing] = []
        self.seen: set[int] = set()
        """Requests listed since the inbox opened (kept, with their new status, until it closes)."""
        self.mark: tuple[int, str] = (-1, "")
        self.seq = -1
        """The journal entry the list was priced after (a newer one, from anywhere, prices it again)."""
        self.declining: int | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide"):
            yield Label(_("Requests from the phones"), classes="dialog-title")
            yield Static(
                plain(
                    _(
                        "Enter records the highlighted request (priced as the game is now); x declines it. "
                        "Escape: back to the table."
                    )
                ),
                classes="dialog-note",
            )
            yield OptionList(id="requests")
            reason = SteadyInput(placeholder=_("why (optional): Enter declines, Escape keeps it"), id="reason")
            reason.display = False
            yield reason
            yield Static(id="refusal", classes="dialog-refusal")

    def on_mount(self) -> None:
        self.refresh_requests()  # BankerDialog's on_mount (focus, keys typed ahead) runs too: Textual calls both
        self.set_interval(POLL_SECONDS, self.poll)

    def initial_focus(self) -> Widget | None:
        return self.query_one("#requests", OptionList)

    def poll(self) -> None:
        """Another process's request, withdrawal or command (which may make a request stale): list again."""
        self.session.reload()  # the table's own reload may have read the news first: compare with what is listed
        if self.session.last_seq != self.seq or self.session.requests_mark() != self.mark:
            self.refresh_requests()

    def requests_changed(self) -> None:
        """The app heard from a phone: a request arrived or was withdrawn."""
        self.refresh_requests()

    def refresh_requests(self) -> None:
        """List the pending requests and those seen since the inbox opened, each as the journal says it stands
        now (:func:`banker.web.asking.standing`: a request recorded by another process is recorded, never "undone"
        because this app has not read that entry yet)."""
        session = self.session
        self.mark = session.requests_mark()
        self.seq = session.last_seq
        now = {s.n: s for s in pending(session)}
        self.seen.update(now)
        kept = [session.request(n) for n in sorted(self.seen)]
        self.shown = [now.get(r.n) or standing(session, r) for r in kept if r is not None]
        marks = likes(session, session.requests(limit=RECENT)) if now else {}
        names = [p.name for p in session.state.players]
        box = self.query_one("#requests", OptionList)
        at = box.highlighted
        box.clear_options()
        box.add_options(
            [
                Option(plain(label_for(s, names, marks.get(s.n), beyond_print(session, s.row))), id=f"request-{s.n}")
                for s in self.shown
            ]
        )
        if self.shown:
            if at is None:
                at = next((i for i, s in enumerate(self.shown) if s.status in ("pending", "stale")), 0)
            box.highlighted = min(at, len(self.shown) - 1)
        else:
            self.query_one("#refusal", Static).update(plain(_("No requests waiting.")))

    def _current(self) -> Standing | None:
        at = self.query_one("#requests", OptionList).highlighted
        return self.shown[at] if at is not None and 0 <= at < len(self.shown) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_confirm()

    def confirm(self) -> None:
        """Enter: record the highlighted request, once, unless it is the same as another (then only Ctrl+A)."""
        self._record(anyway=False)

    def action_record_anyway(self) -> None:
        """Ctrl+A: record the highlighted request although it is marked the same as another: the banker looked."""
        self._record(anyway=True)

    def _record(self, anyway: bool) -> None:
        if self.declining is not None:
            return
        s = self._current()
        if s is None:
            return
        row = self.session.request(s.n) or s.row
        now = standing(self.session, row)  # as the game is now: a request the engine refuses can only be declined
        if now.status != "pending":
            self.refuse(_("request {n} is {standing}; nothing recorded").format(n=row.n, standing=described(now)))
            self.refresh_requests()
            return
        like = None if anyway else self._same(row)
        if like is not None:  # as the journal stands now: the twin may have been recorded by the key just before
            self.refuse(
                _(
                    "request {n} is {like}: recording it would pay twice. {key} records it all the same; x declines"
                    " it; nothing recorded"
                ).format(n=row.n, like=like.text, key=ANYWAY_SHOWN)
            )
            self.refresh_requests()
            return
        flag = "" if anyway else beyond_print(self.session, row)
        if flag:
            self.refuse(
                _("request {n}: {flag}. {key} records it; x declines it; nothing recorded").format(
                    n=row.n, flag=flag, key=ANYWAY_SHOWN
                )
            )
            return
        reply = self.record(row.line, row)
        if reply.ok:
            self.query_one("#refusal", Static).update(reply_text(reply))
        else:
            self.refuse(reply_text(reply))
        self.refresh_requests()

    def _same(self, row: RequestRow) -> Like | None:
        """The mark saying ``row`` is the same as another request or an entry, as things stand now (None if not)."""

        like = likes(self.session, self.session.requests(limit=RECENT)).get(row.n)
        return like if like is not None and like.same else None

    def action_decline(self) -> None:
        s = self._current()
        if s is None or self.declining is not None:
            return
        if s.row.status.value != "pending":
            self.refuse(_("request {n} is not waiting: nothing to decline").format(n=s.n))
            return
        self.declining = s.n
        reason = self.query_one("#reason", Input)
        reason.display = True
        reason.value = ""
        self.query_one("#refusal", Static).update(
            plain(_("Decline request {n}? Type a reason or press Enter.").format(n=s.n))
        )
        self.set_focus(reason)

    def entered(self, field: Input) -> None:
        """Enter in the reason: decline (the dialog base's hook for Enter in a field)."""
        n, self.declining = self.declining, None
        reason = field.value.strip()
        field.display = False
        self.set_focus(self.query_one("#requests", OptionList))
        if n is None:
            return
        if self.session.decline_request(n, reason):
            said = _("Declined request {n}: {reason}") if reason else _("Declined request {n}")
            self.query_one("#refusal", Static).update(plain(said.format(n=n, reason=reason)))
        else:
            self.refuse(_("request {n} is no longer waiting: nothing declined").format(n=n))
        self.refresh_requests()

    def action_cancel(self) -> None:
        if self.declining is not None:  # Escape in the reason: keep the request
            self.declining = None
            self.query_one("#reason", Input).display = False
            self.query_one("#refusal", Static).update("")
            self.set_focus(self.query_one("#requests", OptionList))
            return
        super().action_cancel()


__all__ = ["InboxDialog", "label_for"]
