"""The players' column: cash in large digits, worth, deeds, jail cards and jail status; bankrupt greyed out."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from rich.style import Style
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.renderables.digits import DIGITS, Digits
from textual.widget import Widget

from banker.tui.widgets import queries
from rules import GameState
from rules.i18n import _, ngettext

if TYPE_CHECKING:
    from rich.segment import Segment


def large(text: str) -> list[str]:
    """``text`` in Textual's 3x3 digit font, as three lines. A word with a letter the font has not is written whole
    and small on the last line: the font draws the D of ``30.000 DM`` but not its M, and half a sign large read as
    "30.000 D M" across the table (issue 36)."""
    words = text.split(" ")
    if not any(_undrawn(w) for w in words):
        return _digits(text)
    rows = ["", "", ""]
    for i, word in enumerate(words):
        block = [" " * len(word), " " * len(word), word] if _undrawn(word) else _digits(word)
        if i:
            block = [gap + line for gap, line in zip(_digits(" "), block, strict=True)]
        rows = [row + line for row, line in zip(rows, block, strict=True)]
    return rows


def _undrawn(word: str) -> bool:
    return any(ch.isalpha() and ch not in DIGITS for ch in word)


def _digits(text: str) -> list[str]:
    segments = cast("Iterable[Segment]", Digits(text).render(Style(bold=True)))  # a list of segments, typed wider
    return "".join(s.text for s in segments).splitlines()


def _jail_fitting(status: str, short: str, room: int) -> str:
    """The jail status as ``rules.jail.jail_status`` words it, or its short form when it does not fit ``room``
    ("in jail, turn 2 of 3" -> "jail 2/3", :func:`banker.tui.widgets.queries.jail_short`), so the turn in jail is
    never the part that is cut."""
    return status if len(status) <= room or not status else short


def marks(state: GameState, index: int) -> dict[str, bool]:
    """A player's card's classes: ``bankrupt``, and ``current`` for the player whose turn it is while the game runs."""
    return {"bankrupt": state.players[index].bankrupt, "current": state.turn == index and not state.over}


def cash_column(state: GameState) -> int:
    """The width of the widest player's cash as the edition writes it: the column each player's cash is aligned in."""
    return max((len(state.money(p.cash)) for p in state.players), default=0)


class PlayerCard(Widget):
    """One player: a name line, the cash in 3-row digits that can be read from across the table (at the end of
    the name line when the panel is compact), a line of details, and one for jail cards and jail when needed.
    One widget that draws its own lines: a Label, a Digits and a Label per player were three times the widgets
    to style and lay out, for a start-up that waited on them. The parts are styled by the component classes in
    ``DEFAULT_CSS`` below (its place on the table is ``app.tcss``'s)."""

    COMPONENT_CLASSES = {"player-card--name", "player-card--cash", "player-card--details", "player-card--jail"}
    DEFAULT_CSS = """
    PlayerCard > .player-card--name {
        text-style: bold;
    }
    PlayerCard > .player-card--cash {
        color: $success;
    }
    PlayerCard > .player-card--details {
        color: $text-muted;
    }
    PlayerCard.current > .player-card--name {
        background: $accent 40%;
    }
    PlayerCard > .player-card--jail {
        color: $warning;
    }
    PlayerCard.bankrupt {
        opacity: 45%;
    }
    PlayerCard.bankrupt > .player-card--name {
        text-style: strike;
    }
    """

    def __init__(self, index: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.index = index
        self.name_text = ""
        self.cash = ""
        """The cash as shown (``$1,500``): what a reader sees, and what the tests read."""
        self.cash_width = 0
        """The widest cash of the table's players: on one line each, the cash is aligned right in it, so the
        players' amounts and worths stand in columns ("5.000 DM" under "30.000 DM"; review of issue 36)."""
        self.details = ""
        self.worth_only = ""
        """The details' worth alone ("worth $1,500"), where the whole line does not fit the card."""
        self.cards = ""
        """Get Out of Jail Free cards held ("1 jail card"), or ""."""
        self.short_cards = ""
        """The same in short ("1 card"), where a line has no room for the long form."""
        self.jail = ""
        self.jail_short = ""
        """The jail status in short ("jail 2/3"), where a line has no room for it."""
        """"in jail, turn 2 of 3", or "". Cards and jail status get a line of their own when there are any, so the
        details never push them out of sight."""

    @property
    def compact(self) -> bool:
        return self.parent is not None and self.parent.has_class("compact")

    @property
    def one_line(self) -> bool:
        """On a narrow terminal (the table's ``-narrow`` breakpoint) each player takes one line."""
        return self.is_attached and self.screen.has_class("-narrow")

    def show(self, state: GameState, widest: int | None = None) -> None:
        """Draw the player as ``state`` has them; ``widest``: :func:`cash_column` of ``state``, when known."""
        p = state.players[self.index]
        marker = "▶ " if state.turn == self.index and not state.over else "  "
        token = f" ({p.token})" if p.token else ""
        status = "  " + _("BANKRUPT") if p.bankrupt else ""
        cash = state.money(p.cash)
        widest = cash_column(state) if widest is None else widest
        deeds = len(state.owned_by(self.index))
        worth = state.money(queries.valuation_total(state, self.index))
        details = _("worth {worth} · {deeds}").format(
            worth=worth, deeds=ngettext("{n} deed", "{n} deeds", deeds).format(n=deeds)
        )
        self.worth_only = _("worth {worth}").format(worth=worth)
        held = len(p.jail_cards)
        cards = ngettext("{n} jail card", "{n} jail cards", held).format(n=held) if held else ""
        self.short_cards = ngettext("{n} card", "{n} cards", held).format(n=held) if held else ""
        jail = queries.jail_status(state, self.index)
        self.jail_short = queries.jail_short(state, self.index) if jail else ""
        name_text = self.name_text
        self.name_text = f"{marker}{p.name}{token}{status}"
        for mark, on in marks(state, self.index).items():
            self.set_class(on, mark)
        now = (self.name_text, self.cash, self.details, self.cards, self.jail, self.cash_width)
        if (name_text, cash, details, cards, jail, widest) == now:
            return  # nothing to draw again (a class set above redraws itself)
        layout = len(cash) != len(self.cash) or (cards, jail) != (self.cards, self.jail) or widest != self.cash_width
        self.cash, self.details, self.cards, self.jail, self.cash_width = cash, details, cards, jail, widest
        self.refresh(layout=layout)

    def render(self) -> Content:
        name, cash, details, jail = (
            self.get_visual_style(f"player-card--{part}") for part in ("name", "cash", "details", "jail")
        )
        width = self.size.width
        if self.one_line:  # name, cash, jail first (it matters now), then the details if there is room
            wide = width >= 50
            bankrupt = "  " + _("BANKRUPT")
            out = self.name_text.endswith(bankrupt)
            who = self.name_text.removesuffix(bankrupt)
            who = who if len(who) <= 14 else who[:13] + "…"
            head = who.ljust(11 if wide else len(who) + 1) if len(who) < 11 or not wide else who + " "
            # the jail status and the cards in full if they fit, else the status's short form ("jail 2/3"), the
            # cards as "2 cards" and one space after the cash: at 80x24 with five players (two columns of 38)
            # "jail: just sent · 2 jai…" was cut (a game night)
            gap, cards, status = "  ", self.cards, self.jail
            short = self.short_cards
            money = self.cash.rjust(self.cash_width)
            for gap, cards in (("  ", self.cards), ("  ", short), (" ", short)):
                room = width - len(head) - len(money) - len(gap)
                status = _jail_fitting(self.jail, self.jail_short, room - (len(cards) + 3 if cards else 0))
                if len(status) + (len(cards) + 3 if cards and status else len(cards)) <= room:
                    break
            rest = " · ".join(x for x in (_("bankrupt") if out else "", status, cards) if x)
            if wide and not out:  # the details last, whole or the worth alone, if there is room for them (issue 36)
                room = width - len(head) - len(money) - len(gap) - (len(rest) + 3 if rest else 0)
                said = next((d for d in (self.details, self.worth_only) if len(d) <= room), "")
                rest = " · ".join(x for x in (rest, said) if x)
            line = Content.assemble((head, name), (money, cash), (gap, details), (rest, jail if self.jail else details))
            return line.truncate(width, ellipsis=True)
        if self.compact:  # the cash at the end of the name line, never run into by a long name (issue 22)
            room = max(width - len(self.cash) - 1, 0)
            shown = self.name_text if len(self.name_text) <= room else self.name_text[: max(room - 1, 0)] + "…"
            lines = [Content.assemble((shown[:room].ljust(room + 1), name), (self.cash, cash))]
        else:
            lines = [Content.styled(self.name_text.ljust(width), name)]  # the highlight spans the card
            lines += [Content.styled(line, cash) for line in large(self.cash)]
        # the worth alone where the deeds' count does not fit beside it (the Deutsche Mark board's wider figures,
        # "Wert 30.000 DM · 0 Grds…" at 120x40; issue 36): the deeds panel lists them
        shown_details = self.details if len(self.details) <= width else self.worth_only
        lines.append(Content.styled(shown_details, details))
        for part in self._status_lines(width):
            lines.append(
                Content.assemble(*((text, jail if is_jail else details) for text, is_jail in part)).truncate(
                    width, ellipsis=True
                )
            )
        return Content("\n").join(lines)

    def _status_lines(self, width: int) -> list[list[tuple[str, bool]]]:
        """The jail status and the jail cards, as lines of (text, is the jail status): one line when both fit, the
        status in its short form if it must be ("jail 2/3 · 1 jail card"), else the status on its own line and the
        cards on the next, so neither is cut (issue 22; a game night at 120x40 read
        "jail: just sent · 2 jai…")."""
        if not (self.cards or self.jail):
            return []
        if not self.jail or not self.cards:
            return [[(_jail_fitting(self.jail, self.jail_short, width), True)] if self.jail else [(self.cards, False)]]
        status = _jail_fitting(self.jail, self.jail_short, width - len(self.cards) - 3)
        if len(status) + 3 + len(self.cards) <= width:
            return [[(status, True), (" · ", False), (self.cards, False)]]
        return [[(_jail_fitting(self.jail, self.jail_short, width), True)], [(self.cards, False)]]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.one_line:
            return 1
        return (2 if self.compact else 5) + len(self._status_lines(width))


class PlayersPanel(VerticalScroll):
    """All players, in seating order; compact (two lines each, no large digits) when there are more than four,
    or when the panel is too short for the large digits of every player (so nobody scrolls out of sight)."""

    def __init__(self, state: GameState, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.count = count = len(state.players)
        self.set_class(count > 4, "compact")
        self.cards = [
            PlayerCard(
                i, id=f"player-{i}", classes=" ".join(["player-card", *(m for m, on in marks(state, i).items() if on)])
            )
            for i in range(count)
        ]
        """Kept by reference: a key redraws the cards it changed (:mod:`banker.tui.widgets.changes`). Each made with
        its classes (whose turn it is), so the first frame styles each card once, not again as it is first shown."""

    def on_resize(self) -> None:
        room = self.content_region.height
        narrow = self.is_attached and self.screen.has_class("-narrow")  # one line each: two columns beyond four
        self.set_class(self.count > 4 or (not narrow and 0 < room < 6 * self.count - 1), "compact")

    def compose(self) -> ComposeResult:
        yield from self.cards

    def show(self, state: GameState, seats: Iterable[int] | None = None) -> None:
        """Every card, or the cards of ``seats`` (every card when the widest cash, their column, changed)."""
        widest = cash_column(state)
        if seats is None or any(card.cash_width != widest for card in self.cards):
            seats = range(self.count)
        for i in seats:
            self.cards[i].show(state, widest)
