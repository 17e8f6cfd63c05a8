"""Terminal charts: lines drawn in braille dots (2 x 4 dots per character) and horizontal bars in eighth blocks.

The drawing is done by plain functions (:func:`braille_plot`, :func:`bar_rows`) so it can be tested without a
terminal; the widgets only wrap them in Rich text sized to the space they are given.

Why drawn here rather than by a charting library (plotext, textual-plotext): the pages' and exports' charts are
pygal's (banker/reports/chart.py), but in a terminal a braille line is already as fine as a terminal can draw,
this module is small, tested and themed by Textual's own styles, and plotext would bring two dependencies and its
own colours and key handling for what these 200 lines do. What the library charts have, this one has too: each
player's own mark (:data:`MARKS`, written along the line and in the legend, so no line is told by colour alone)
and the current turn named at the end of the axis.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from rules.i18n import _, ngettext

BRAILLE_BASE = 0x2800
# bit for the dot at (column 0-1, row 0-3) inside one braille character
DOT_BITS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
EIGHTHS = " ▏▎▍▌▋▊▉█"
MARKS = ("●", "▲", "■", "◆", "▼", "★", "✚", "◇", "○")
"""Each seat's mark on its line and in the legend (the colour-blind players' way to tell the lines apart)."""
MARK_EVERY = 12
"""A line carries its mark every this many columns (staggered by seat) and at its last point."""
PALETTE = (
    "bright_green",
    "bright_cyan",
    "bright_magenta",
    "yellow",
    "bright_red",
    "bright_blue",
    "white",
    "orange1",
    "green",
)


def _scale(value: float, low: float, high: float, steps: int) -> int:
    """Map ``value`` in [low, high] to a dot index 0..steps-1 (0 at the bottom)."""
    if high == low:
        return 0
    return max(0, min(steps - 1, round((value - low) / (high - low) * (steps - 1))))


def braille_plot(
    series: Sequence[Sequence[float]], width: int, height: int, low: float | None = None, high: float | None = None
) -> list[list[tuple[int, int]]]:
    """Draw each series as a line over ``width`` x ``height`` characters.

    Returns rows (top first) of cells ``(dot bits, index of the last series drawn there or -1)``. X stretches the
    points over the whole width; consecutive points are joined by vertical runs so steep changes stay visible.
    """
    width, height = max(1, width), max(1, height)
    cols, rows = width * 2, height * 4
    values = [v for s in series for v in s]
    low = min(values, default=0) if low is None else low
    high = max(values, default=0) if high is None else high
    grid = [[(0, -1) for _ in range(width)] for _ in range(height)]

    def dot(x: int, y: int, which: int) -> None:
        y_top = rows - 1 - y
        cell_row, cell_col = y_top // 4, x // 2
        bits, _ = grid[cell_row][cell_col]
        grid[cell_row][cell_col] = (bits | DOT_BITS[x % 2][y_top % 4], which)

    for which, points in enumerate(series):
        if not points:
            continue
        n = len(points)
        previous_y = None
        for x in range(cols):
            # the point shown at this column: nearest sample along the game
            k = n - 1 if cols == 1 else round(x * (n - 1) / (cols - 1))
            y = _scale(points[k], low, high, rows)
            start = y if previous_y is None else previous_y
            for yy in range(min(start, y), max(start, y) + 1):
                dot(x, yy, which)
            previous_y = y
    return grid


def mark_cells(
    series: Sequence[Sequence[float]], width: int, height: int, low: float | None = None, high: float | None = None
) -> dict[tuple[int, int], int]:
    """Where each series' mark goes: (row from the top, column) -> series, every :data:`MARK_EVERY` columns
    (staggered by series, so marks of lines drawn over each other alternate) and at the last column."""
    width, height = max(1, width), max(1, height)
    rows, cols = height * 4, width * 2
    values = [v for s in series for v in s]
    low = min(values, default=0) if low is None else low
    high = max(values, default=0) if high is None else high
    cells: dict[tuple[int, int], int] = {}
    for which, points in enumerate(series):
        if not points:
            continue
        n = len(points)
        offset = (which * MARK_EVERY // max(1, len(series))) % MARK_EVERY
        columns = [*range(offset + MARK_EVERY // 2, width - 2, MARK_EVERY), width - 1]
        for column in columns:
            x = column * 2 + 1
            k = n - 1 if cols == 1 or column == width - 1 else round(x * (n - 1) / (cols - 1))
            y_top = rows - 1 - _scale(points[k], low, high, rows)
            cells[(y_top // 4, column)] = which
    return cells


def braille_text(
    series: Sequence[Sequence[float]],
    width: int,
    height: int,
    colours: Sequence[str] = PALETTE,
    low: float | None = None,
    high: float | None = None,
    marks: Sequence[str] = (),
) -> list[Text]:
    """The plot as Rich text lines, each dot coloured by its series; with ``marks``, each series' mark along its
    line (:func:`mark_cells`)."""
    lines = []
    marked = mark_cells(series, width, height, low, high) if marks else {}
    for r, row in enumerate(braille_plot(series, width, height, low, high)):
        text = Text()
        for c, (bits, which) in enumerate(row):
            seat = marked.get((r, c))
            if seat is not None:
                text.append(marks[seat % len(marks)], style=f"bold {colours[seat % len(colours)]}")
                continue
            char = chr(BRAILLE_BASE + bits) if bits else " "
            text.append(char, style=colours[which % len(colours)] if which >= 0 else "")
        lines.append(text)
    return lines


def bar_rows(items: Sequence[tuple[str, int]], width: int) -> list[tuple[str, str, int]]:
    """Horizontal bars in eighth-blocks: (label, bar, value) with the largest value filling ``width``."""
    top = max((v for _, v in items), default=0)
    out = []
    for label, value in items:
        eighths = 0 if top <= 0 else round(max(0, value) / top * width * 8)
        full, part = divmod(eighths, 8)
        bar = "█" * full + (EIGHTHS[part] if part else "")
        out.append((label, bar, value))
    return out


class LineChart(Widget):
    """Worth of each player over the game: one coloured braille line per player, each with its own mark, a legend,
    the scale, and the current turn at the end of the axis (``caption``)."""

    DEFAULT_CSS = """
    LineChart { height: 16; width: 1fr; }
    """

    data: reactive[tuple[tuple[str, tuple[int, ...]], ...]] = reactive((), layout=True)

    def __init__(
        self, series: Sequence[tuple[str, Sequence[int]]] = (), money: Callable[[int], str] = str, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self._money = money
        self.set_reactive(LineChart.data, tuple((name, tuple(values)) for name, values in series))

    caption: reactive[str] = reactive("")
    """The axis's end: "now: Cy's turn (turn 9)"."""

    def set_series(self, series: Sequence[tuple[str, Sequence[int]]], caption: str = "") -> None:
        self.caption = caption
        self.data = tuple((name, tuple(values)) for name, values in series)

    def render(self) -> Text:
        if not self.data or not any(values for _, values in self.data):
            return Text(_("No actions yet: the chart fills in as the game goes on."), style="dim")
        values = [v for _, vs in self.data for v in vs]
        low, high = min(0, min(values)), max(values)
        top_label, bottom_label = self._money(high), self._money(low)
        gutter = max(len(top_label), len(bottom_label)) + 1
        width = max(4, self.size.width - gutter - 1)
        height = max(2, self.size.height - 2)
        lines = braille_text([vs for _, vs in self.data], width, height, low=low, high=high, marks=MARKS)
        out = Text()
        for i, line in enumerate(lines):
            label = top_label if i == 0 else bottom_label if i == len(lines) - 1 else ""
            out.append(f"{label:>{gutter - 1}} ", style="dim")
            out.append("│", style="dim")
            out.append_text(line)
            out.append("\n")
        steps = max(len(vs) for _, vs in self.data) - 1
        end = f" {self.caption} " if self.caption else ""
        span = ngettext("start … {n} action", "start … {n} actions", steps).format(n=steps)
        axis = f" {span} ".ljust(width - len(end), "─") + end
        out.append(" " * gutter + "└" + axis[:width] + "\n", style="dim")
        for i, (name, vs) in enumerate(self.data):
            out.append(f"  {MARKS[i % len(MARKS)]}━ ", style=PALETTE[i % len(PALETTE)])
            out.append(f"{name} {self._money(vs[-1]) if vs else ''}")
        return out


class BarChart(Widget):
    """Labelled horizontal bars (the deeds that earned the most rent)."""

    DEFAULT_CSS = """
    BarChart { height: auto; width: 1fr; }
    """

    data: reactive[tuple[tuple[str, int], ...]] = reactive((), layout=True)

    def __init__(
        self,
        items: Sequence[tuple[str, int]] = (),
        money: Callable[[int], str] = str,
        empty: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._money = money
        self._empty = empty
        """What an empty chart says (default: "Nothing yet.", in the banker's language)."""
        self.set_reactive(BarChart.data, tuple(items))

    def set_items(self, items: Sequence[tuple[str, int]]) -> None:
        self.data = tuple(items)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self.data))

    def render(self) -> Text:
        if not self.data:
            return Text(self._empty or _("Nothing yet."), style="dim")
        label_width = max(len(label) for label, _ in self.data)
        value_width = max(len(self._money(v)) for _, v in self.data)
        bar_width = max(4, self.size.width - label_width - value_width - 3)
        out = Text()
        for i, (label, bar, value) in enumerate(bar_rows(self.data, bar_width)):
            if i:
                out.append("\n")
            out.append(f"{label:<{label_width}} ")
            out.append(f"{bar:<{bar_width}}", style=PALETTE[i % len(PALETTE)])
            out.append(f" {self._money(value):>{value_width}}")
        return out
