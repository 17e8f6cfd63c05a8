"""The table's keys, each shown once: key and label, clickable, wrapping to the width.

One bar instead of a row of buttons plus Textual's footer (which repeated each other, and at 120 columns both
ran out of room before Next, Undo, Redo, Standings, Help and Quit). On a narrow terminal it shows the keys used
most, with ``?`` for the rest. What ``u`` would take back is said beside it, so an undo is never a guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from textual.content import Content
from textual.geometry import Size
from textual.style import Style
from textual.widget import Widget

from rules.i18n import _


@dataclass(frozen=True)
class Key:
    key: str
    """As shown: ``r``, ``!``, ``^p``."""
    label: str
    action: str
    """The screen's action to run when the key is clicked."""
    often: bool = False
    """Shown on a narrow terminal too."""


def _cut(text: str, room: int) -> str:
    """``text`` in ``room`` cells with an ellipsis, cut between words: a figure is never cut into another figure
    (found in review: "builds 3 houses for $60…" where the amount was $600)."""
    cut = text[: room - 1]
    if " " in cut and not text[room - 1 : room].isspace():
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,:;") + "…"


class KeyBar(Widget):
    """Draws ``keys`` as ``r Rent  b Buy  ...``; a click on one runs its action on the screen."""

    COMPONENT_CLASSES = {"keybar--key", "keybar--label", "keybar--undo"}
    DEFAULT_CSS = """
    KeyBar > .keybar--key {
        background: $primary 40%;
        text-style: bold;
    }
    KeyBar > .keybar--label {
        color: $text;
    }
    KeyBar > .keybar--undo {
        color: $text-muted;
        text-style: italic;
    }
    """
    NARROW = 100
    """Below this width only the keys marked ``often`` are shown, with ``? more``."""

    def __init__(self, keys: Sequence[Key], line_keys: Sequence[Key] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.table_keys = list(keys)
        self.line_keys = list(line_keys)
        """What the keys do while the command line has the keyboard (the table's letters are text then)."""
        self.keys = self.table_keys
        self.undo_text = ""
        """What ``u`` takes back now ("Bob pays Ann $100"), or "" when there is nothing to undo."""
        self._laid_out: dict[tuple[int, bool, str], list[Content]] = {}
        """:meth:`_lines` for each width, key set and undo seen since the styles last changed: a key asks for the
        bar's height and its picture several times over (layout, render, :meth:`set_undo`), and each made every
        chunk again (about a tenth of the CPU of a pilot test that opens a dialog and closes it)."""
        self._kept: dict[tuple[int, bool], int] = {}
        """:meth:`_rows_kept` for each width and key set (the words' widths do not change with the styles)."""
        self._drawn: tuple[list[Content], Content] | None = None
        """The lines :meth:`render` last joined, and the picture they made."""

    def set_line_mode(self, on: bool) -> None:
        """Show the command line's keys while it has the focus, the table's otherwise."""
        keys = self.line_keys if on and self.line_keys else self.table_keys
        if keys is not self.keys:
            self.keys = keys
            self.refresh(layout=True)

    @property
    def line_mode(self) -> bool:
        return self.keys is self.line_keys

    def set_undo(self, text: str) -> None:
        """What u would take back. Only the bar's picture changes: it keeps a row for the undo whatever it says
        (:meth:`_rows_kept`), so the screen is not laid out again."""
        if text != self.undo_text:
            self.undo_text = text
            self.refresh(layout=not self.size.width)

    def shown(self, width: int) -> list[Key]:
        if width >= self.NARROW or self.line_mode:
            return self.keys
        return [k for k in self.keys if k.often]

    def _chunks(self, width: int, room: int, undo: str) -> list[Content]:
        key_style, label_style, undo_style = (
            self.get_visual_style(f"keybar--{part}") for part in ("key", "label", "undo")
        )
        chunks = []
        for k in self.shown(width):
            label = k.label
            parts: list[tuple[str, Style] | str] = [(f" {k.key} ", key_style), (f"{label}", label_style)]
            if k.action == "undo" and undo and room > 1:
                text = undo if len(undo) <= room else _cut(undo, room)
                parts.append((f": {text}", undo_style))  # a colon: the undo may end in brackets of its own
            chunk = Content.assemble(*parts)
            chunks.append(chunk.stylize(f"@click=screen.{k.action}"))
        if width < self.NARROW and not self.line_mode:
            chunks.append(Content.assemble((" ? ", key_style), (_("more"), label_style)).stylize("@click=screen.help"))
        return chunks

    UNDO_ROOM = (28, 18)
    """How much of what ``u`` takes back is said beside it, longest first. The bar always has the rows for the last
    (:meth:`_rows_kept`): 18 cells say what it was ("Ann buys Atlantic…"); 8, the least there was, said only a name
    ("Undo (Ann…)" at 102 columns: a game-night review)."""

    def notify_style_update(self) -> None:
        self._laid_out.clear()  # the keys' colours are in the lines
        super().notify_style_update()

    def _lines(self, width: int) -> list[Content]:
        """The keys wrapped to ``width``; what ``u`` takes back gets the most room that fits in the rows kept for it,
        so a long undo never pushes a key (Quit, at 100 columns) out of the bar."""
        key = (width, self.keys is self.line_keys, self.undo_text)
        if key not in self._laid_out:
            if len(self._laid_out) > 64:  # resizes and undos: keep the memo small
                self._laid_out.clear()
            self._laid_out[key] = self._lay_out(width)
        return self._laid_out[key]

    def _lay_out(self, width: int) -> list[Content]:
        if not self.undo_text:
            return self._wrap(self._chunks(width, 0, ""), width)
        kept = self._rows_kept(width)
        for room in self.UNDO_ROOM:
            lines = self._wrap(self._chunks(width, room, self.undo_text), width)
            if len(lines) <= kept:
                break
        return lines  # the last room always fits: the rows kept are those it takes

    def _rows_kept(self, width: int) -> int:
        """The rows the keys take at ``width`` with the shortest undo beside ``u``, said or not. An undo is said at
        every width (it was not said at all from 100 to 104 columns, where the keys filled their rows: found by a
        game-night review), and its coming and going never changes the bar's height."""
        key = (width, self.keys is self.line_keys)
        if key not in self._kept:
            if len(self._kept) > 64:
                self._kept.clear()
            shortest = self.UNDO_ROOM[-1]
            self._kept[key] = max(1, len(self._wrap(self._chunks(width, shortest, "x" * shortest), width)))
        return self._kept[key]

    @staticmethod
    def _wrap(chunks: list[Content], width: int) -> list[Content]:
        lines: list[Content] = []
        line = Content("")
        for chunk in chunks:
            if line.cell_length and line.cell_length + 1 + chunk.cell_length > width:
                lines.append(line)
                line = Content("")
            line = line + Content(" ") + chunk if line.cell_length else chunk
        if line.cell_length:
            lines.append(line)
        return lines

    def table_rows(self, width: int) -> int:
        """How many rows the table's keys take at ``width`` (whichever keys are on show now), the undo's among them."""
        return self._rows_kept_for(self.table_keys, width)

    def _rows_kept_for(self, keys: list[Key], width: int) -> int:
        shown, self.keys = self.keys, keys
        try:
            return self._rows_kept(width)
        finally:
            self.keys = shown

    def offset_of(self, action: str) -> tuple[int, int] | None:
        """Where the key for ``action`` is drawn (x, y within the bar), or None if it is not shown."""
        for y, line in enumerate(self._lines(self.size.width or 80)):
            for span in line.spans:
                if str(span.style) == f"@click=screen.{action}" or str(span.style).endswith(f"'screen.{action}'"):
                    return span.start + 1, y
        return None

    def render(self) -> Content:
        lines = self._lines(self.size.width or 80)
        if self._drawn is None or self._drawn[0] is not lines:
            self._drawn = (lines, Content("\n").join(lines))
        return self._drawn[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows of the table's keys or the command line's, whichever take more: the bar keeps its height as the
        command line opens and closes (at 99 columns the panels above it moved a row each time: a game-night
        review)."""
        return max(self.table_rows(width), self._rows_kept_for(self.line_keys or self.table_keys, width))
