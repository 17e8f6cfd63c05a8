"""The board sheet on the table (B): what it takes to lay the board out again (every deed by colour group with its
owner and token, buildings and mortgage; whose turn; who is in jail; the Get Out of Jail Free cards; the bank's
houses and hotels and the Free Parking pot), drawn from the same :func:`banker.views.board_sheet` as the export
and the phone's section.

Beside it, two fields: the building count check (type the houses and hotels counted on the board, ``10 2``, or on
one group, ``4 0 dark blue``: Banker says whether they match the journal and where they differ; it is the
``show count`` question, never journalled) and the game at an entry (type a journal entry's number: the sheet, and
every player's cash, as they were right after it; empty: now). Escape closes."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from banker.commands.completion import complete
from banker.session import Session
from banker.tui.look import DialogScreen
from banker.tui.widgets.inputs import CompletingInput, FunctionSuggester, SteadyInput
from banker.views import BoardSheet, board_sheet, buildings_text
from rules.i18n import N_, _, pgettext


def sheet_text(sheet: BoardSheet, at: int | None = None) -> Text:
    """The sheet as lines of text: a deed a line (its group's colour, then its mark in letters), the players, the
    bank. Names go in as text, never markup."""
    out = Text(no_wrap=True, overflow="ellipsis")
    turn = (
        _("game over")
        if sheet.over
        else _("turn {turn}: {player} to play").format(turn=sheet.turn_no, player=sheet.turn)
    )
    out.append(f"{sheet.title} · {turn}\n", style="bold")
    if at is not None:
        out.append(_("As it was right after journal entry {seq}").format(seq=at) + "\n", style="bold reverse")
    name_w = max(len(d.name) for d in sheet.deeds)
    bank = pgettext("the owner of a deed nobody holds", "bank")
    owners = [d.owner + (f" ({d.token})" if d.token else "") if d.owner else bank for d in sheet.deeds]
    deed, owner = pgettext("a column's heading", "deed"), pgettext("a column's heading", "owner")
    buildings, mortgage = pgettext("a column's heading", "buildings"), pgettext("a column's heading", "mortgage")
    owner_w = max([len(o) for o in owners] + [len(owner)])
    build_w = max(len(buildings), 9)
    out.append(f"\n    {deed:<{name_w}}  {owner:<{owner_w}}  {buildings:<{build_w}}  {mortgage}\n", style="dim")
    for d, owner in zip(sheet.deeds, owners, strict=True):
        out.append("█", style=d.colour)
        out.append(f"{d.mark:<2} ", style="bold")
        out.append(f"{d.name:<{name_w}}  ", style="" if d.owner else "dim")
        out.append(f"{owner:<{owner_w}}  ", style="" if d.owner else "dim")
        mortgaged = _("mortgaged") if d.mortgaged else ""
        out.append(f"{buildings_text(d):<{build_w}}  {mortgaged}".rstrip() + "\n")
    out.append("\n" + _("Players") + "\n", style="bold")
    for p in sheet.players:
        notes = [
            _("bankrupt") if p.bankrupt else "",
            _("to play") if p.turn else "",
            p.jail,
            _("Get Out of Jail Free: {decks}").format(decks=", ".join(p.jail_cards)) if p.jail_cards else "",
        ]
        token = f" ({p.token})" if p.token else ""
        out.append(f"  {p.name}{token}: {p.cash}" + "".join(f"; {n}" for n in notes if n) + "\n")
    bank_holds = _("Bank: houses {houses} of {houses_total}; hotels {hotels} of {hotels_total}")
    out.append(
        "\n"
        + bank_holds.format(
            houses=sheet.houses, houses_total=sheet.houses_total, hotels=sheet.hotels, hotels_total=sheet.hotels_total
        )
    )
    if sheet.pot is not None:
        out.append("; " + _("Free Parking pot {pot}").format(pot=sheet.pot))
    return out


class BoardScreen(DialogScreen[None]):
    DEFAULT_CSS = """
    BoardScreen .board-box {
        width: 96;
        height: 90%;
    }
    BoardScreen #board-scroll {
        height: 1fr;
    }
    BoardScreen .board-fields {
        height: auto;
    }
    BoardScreen .board-fields Input {
        width: 1fr;
    }
    """
    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        # the count field has the keyboard; the sheet still scrolls (a long sheet at 80x24)
        Binding("pageup", "scroll_sheet(-1)", N_("Scroll up"), show=False),
        Binding("pagedown", "scroll_sheet(1)", N_("Scroll down"), show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.at: int | None = None
        """The journal entry the sheet shows the game after; None: now."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box board-box"):
            yield Label(
                _("Board sheet, game {game} (Tab: the fields; Escape closes)").format(game=self.session.game_id),
                classes="dialog-title",
            )
            with VerticalScroll(id="board-scroll"):
                yield Static(id="board-sheet")
            with Horizontal(classes="board-fields"):
                yield CompletingInput(
                    placeholder=_("count check: houses hotels [group], e.g. 10 2"),
                    id="board-count",
                    compact=True,
                    suggester=FunctionSuggester(self.complete_count),
                    space=True,  # Tab that completes the group stays, so Enter asks the count (a game-night review)
                )
                yield SteadyInput(  # empty is valid: it means now
                    placeholder=_("at entry (empty: now)"),
                    id="board-at",
                    type="integer",
                    valid_empty=True,
                    compact=True,
                )
            yield Static(id="board-answer")

    COUNT = "show count "  # i18n-exempt: the command line the count field's text ends
    """The count field's text is the end of this command line: it is asked and completed as one."""

    def complete_count(self, value: str, *, whole: bool = False) -> str | None:
        """The count field's text with its group completed (``1 0 dark b``: ``1 0 dark blue``), as the command line
        completes ``show count 1 0 dark b`` (found by a game-night review: Tab did nothing here)."""
        done = complete(self.COUNT + value, self.session.state, whole=whole)
        return None if done is None else done.removeprefix(self.COUNT).rstrip(" ")

    async def on_mount(self) -> None:
        await self.draw()
        # the cursor in the count field, so `10 2` Enter typed right after B is the count (found in review: the
        # keys went to the sheet and were lost)
        self.query_one("#board-count", Input).focus()

    def action_scroll_sheet(self, pages: int) -> None:
        sheet = self.query_one("#board-scroll", VerticalScroll)
        sheet.scroll_page_down() if pages > 0 else sheet.scroll_page_up()

    async def draw(self) -> None:
        state = self.session.state if self.at is None else self.session.state_after(self.at)
        self.query_one("#board-sheet", Static).update(sheet_text(board_sheet(state), self.at))

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        answer = self.query_one("#board-answer", Static)
        if event.input.id == "board-count":
            typed = event.value.strip()
            # a `show` question (never journalled), as typed on the command line; the session says any refusal
            reply = self.session.execute(self.COUNT + typed) if typed else None
            text = "" if reply is None else reply.message
            if reply is not None and self.at is not None:  # the board on the table is the game now, not the sheet's
                text = _("Against the game now (the sheet shows entry {seq}): {answer}").format(
                    seq=self.at, answer=text
                )
            answer.update(Text(text))
            return
        typed = event.value.strip()
        try:
            self.at = int(typed) if typed else None
            await self.draw()
        except (ValueError, LookupError) as e:
            self.at = None
            answer.update(
                Text(
                    str(e)
                    if isinstance(e, LookupError)
                    else _("{typed} is not an entry number").format(typed=repr(typed[:20]))
                )
            )
            return
        answer.update(
            Text("" if self.at is None else _("The game as it was right after entry {seq}.").format(seq=self.at))
        )

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["BoardScreen"]
