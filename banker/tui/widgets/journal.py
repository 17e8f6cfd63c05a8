"""The last transactions in words; undone ones struck through, undo/redo entries in italics."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any, NamedTuple

from rich.style import Style as RichStyle
from textual.content import Content, Span
from textual.geometry import Size
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual
from textual.widget import Widget

from banker.tui.widgets.changes import hidden
from rules.i18n import _

if TYPE_CHECKING:
    from banker.session import LogEntry

QUIET_VERBS = frozenset({"next", "turn"})
"""Whose turn it is shows in the status line; in the panel a turn change is one short dim line, so it does not
push the money out of sight."""

RICH_STYLES = ("dim", "strike dim", "italic dim")  # i18n-exempt: Rich styles
DIM, STRUCK, ITALIC_DIM = (Style.from_rich_style(RichStyle.parse(s)) for s in RICH_STYLES)
"""The entries' styles: the numbers and a turn's change dim, an action taken back struck through, an undo or a redo in
italics."""
INDENT = "\n    "
"""A long entry's next line, under its words (a hanging indent)."""


class Drawn(NamedTuple):
    """One entry as the panel shows it at its width: its text, styled, and how many lines it takes."""

    entry: LogEntry
    content: Content
    lines: int


class JournalPanel(Widget):
    """Shows ``Session.log()`` newest first, so the last thing recorded is where the eye lands. A long entry
    wraps under its own text (a hanging indent), not under the numbers.

    A key adds its new entries to those shown (:meth:`add`), and the panel draws only those: each entry is made once
    for the panel's width (its lines already fit: nothing is wrapped again) and turned into the lines of the screen
    once (:meth:`render_line`), so the entries a key did not touch cost it nothing. Drawn whole as one text, as a
    ``Static`` would, 30 entries took a rent's Enter some 3 ms of its frame, more than the rest of the table (issue
    33). The whole text is still :meth:`render`'s, for what reads the panel as one (a selection with the mouse, the
    tests)."""

    DEFAULT_CSS = """
    JournalPanel {
        height: auto;
        text-wrap: nowrap;
    }
    """

    def __init__(self, limit: int = 30, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.limit = limit
        """How many entries the panel holds, the newest."""
        self.entries: list[LogEntry] = []
        """The entries shown, oldest first."""
        self._drawn: dict[int, Drawn] = {}
        """Each entry shown as made for :attr:`_width`, by its number."""
        self._width = 0
        self._lines = 1
        """The panel's height: every entry's lines, and the empty line it ends with."""
        self._whole: Content | None = None
        """The panel as one text (:meth:`render`), made when asked for."""
        self._strips: dict[int, list[Strip]] = {}
        """Each entry's lines on the screen, by its number, for :attr:`_strips_for` (the width and the style)."""
        self._strips_for: tuple[int, Style] | None = None
        self._screen_lines: list[Strip] | None = None
        """The panel's lines on the screen, top to bottom, until an entry comes or goes."""

    def show(self, entries: list[LogEntry]) -> None:
        """Show ``entries`` (oldest first), the newest :attr:`limit` of them: those shown already as they are kept."""
        self.entries = list(entries)[-self.limit :]
        self._draw()

    def add(self, entries: list[LogEntry]) -> None:
        """Entries recorded after those shown (actions: an undo or a redo changes an entry shown, and the panel is
        shown whole again): only they are made; the oldest shown make room."""
        self.entries = [*self.entries, *entries][-self.limit :]
        self._draw(compare=False)

    def on_resize(self) -> None:
        """A new width wraps the entries again; a new height (the panel grew by an entry) changes nothing drawn."""
        if self._text_width() != self._width:
            self._draw()

    def _text_width(self) -> int:
        """The width the entries are wrapped to: the panel's as last laid out (60 before it was), read from its own
        size, not asked of the screen's map (a look-up as long as drawing an entry)."""
        width = self.outer_size.width - self.styles.gutter.width
        return max(width if width > 0 else 60, 20)

    def _entry(self, e: LogEntry, width: int) -> Drawn:
        """The entry's number, dim, and its words wrapped under themselves, in its style (:data:`DIM`, :data:`STRUCK`,
        :data:`ITALIC_DIM`)."""
        if e.kind == "action":
            style = STRUCK if e.undone else (DIM if e.verb in QUIET_VERBS else None)
            text = e.summary or e.text
        else:
            style = ITALIC_DIM
            text = e.summary or f"{e.kind}: {e.text}"
        room = width - 4
        # a summary that fits is its own line (wrapping it said so, for a tenth of a millisecond an entry)
        fits = text and len(text) <= room and text == text.strip() and text.isprintable()
        lines = [text] if fits else (textwrap.wrap(text, room) or [""])
        head = f"{e.seq:>3} "
        spans = [Span(0, len(head), DIM)]
        if style is not None:
            start = len(head)
            for line in lines:
                spans.append(Span(start, start + len(line), style))
                start += len(line) + len(INDENT)
        return Drawn(e, Content(head + INDENT.join(lines), spans), len(lines))

    def _draw(self, compare: bool = True) -> None:
        """Make the entries not made yet, and (``compare``) those shown that changed since, or all of them for another
        width; forget those gone; refresh: the screen is laid out again only when the panel's height changes."""
        width = self._text_width()
        if width != self._width:
            self._drawn, self._width = {}, width
        before, drawn = self._drawn, {}
        for e in self.entries:
            made = before.get(e.seq)
            drawn[e.seq] = made if made is not None and (not compare or made.entry == e) else self._entry(e, width)
        self._drawn = drawn
        self._strips = {seq: strips for seq, strips in self._strips.items() if drawn.get(seq) is before.get(seq)}
        self._whole = self._screen_lines = None
        lines = sum(d.lines for d in drawn.values()) + 1 if drawn else 1
        # the screen is laid out again for a new height only where it shows the panel (laid out, not hidden)
        layout = lines != self._lines and bool(self.size.width) and not hidden(self)
        self._lines = lines
        self.refresh(layout=layout)

    def _shown(self) -> list[Content]:
        """Each line's text, newest entry first (the panel's words when it has none)."""
        if not self.entries:
            return [Content.styled(_("Nothing recorded yet."), "dim")]
        return [self._drawn[e.seq].content for e in reversed(self.entries)]

    def render(self) -> Content:
        """The panel as one text: each entry ends its last line, so it ends with an empty one, as it always did."""
        if self._whole is None:
            shown = self._shown()
            self._whole = Content("\n").join([*shown, Content("")]) if self.entries else shown[0]
        return self._whole

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._lines

    def render_line(self, y: int) -> Strip:
        """Line ``y`` from each entry's lines, made once for the width and the style; a selection (the mouse) is
        drawn from the whole text, as Textual draws any widget's."""
        if self.text_selection is not None:
            return super().render_line(y)
        width, style = self.size.width, self.visual_style
        if self._strips_for != (width, style):  # a new width or theme: every entry's lines again
            self._strips, self._strips_for, self._screen_lines = {}, (width, style), None
        lines = self._screen_lines
        if lines is None:
            lines = self._screen_lines = self._make_lines(width, style)
        if y >= len(lines):
            return Strip.blank(width, style.rich_style)
        return lines[y].apply_offsets(0, y)  # where each cell is in the text, for a selection (as Textual's Log)

    def _make_lines(self, width: int, style: Style) -> list[Strip]:
        if not self.entries:
            return Visual.to_strips(self, self._shown()[0], width, None, style)
        out: list[Strip] = []
        for e in reversed(self.entries):
            strips = self._strips.get(e.seq)
            if strips is None:
                strips = self._strips[e.seq] = Visual.to_strips(self, self._drawn[e.seq].content, width, None, style)
            out.extend(strips)
        out.extend(Visual.to_strips(self, Content(""), width, None, style))  # the empty line the panel ends with
        return out
