"""Worth over time as a picture: each player's line drawn by pygal as SVG, for the phone pages, the HTML standings,
the recap and its SVG file, and the TV view.

Why pygal: pure Python, SVG out (sharp on a phone and a television, printable, a file a family keeps), no browser
script needed to see it. Its defaults reach the network (a tooltip script from kozea.github.io) and put an inline
script beside the drawing: both are switched off (``js=[]`` and :func:`_offline` removes every ``<script>``), so a
chart works with no network and in a page that runs no script. Its drawing is made stable (the chart's id is
named, not a random uuid), so an export is the same bytes each time.

Each player has their own mark, not a colour alone (a colour-blind reader, a black-and-white print): a line style
(solid, dashed, dotted...) and their name written at the end of their line. The last point, "now", is marked on
the axis with whose turn it is. The figures are also given as text (:func:`figures`): the pages put them in a table
beside the picture for a screen reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.i18n import N_, _, pgettext

if TYPE_CHECKING:
    from banker.reports.story import GameStory

COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#7F7F7F", "#B8860B")
"""The Okabe-Ito colours a colour-blind eye tells apart (yellow darkened to read on white), one a seat."""
DASHES = ("", "10,5", "3,4", "12,4,3,4", "2,8", "16,6", "6,3,2,3,2,3", "1,3")
"""Each seat's line style: solid, dashed, dotted, dash-dot, ... (the mark that is not a colour)."""
HEAVY = 5
"""The width of a page's own player's line (the others' are 3)."""
MOST_POINTS = 300
"""A long game's line is thinned to this many points (the last kept exactly): more is not seen at any size."""
VIEWS = {"worth": N_("Worth"), "cash": N_("Cash")}
"""The chart's two views: the short games' valuation (cash, deeds at the printed price, buildings), or cash
alone (their names translated where they are shown: ``_(VIEWS[view])``)."""


@dataclass(frozen=True)
class Figures:
    """One player's line in words: where they started, their highest and lowest, and now."""

    name: str
    start: int
    high: int
    low: int
    now: int


def figures(story: GameStory, view: str = "worth", first: int | None = None) -> list[Figures]:
    """Each player's line as figures (the screen reader's table), ``first``'s own first."""
    series = story.series(view)
    return [
        Figures(story.names[i], s[0], max(s), min(s), s[-1])
        for i in _order(len(story.names), first)
        for s in [series[i]]
        if s
    ]


def _order(count: int, first: int | None) -> list[int]:
    seats = list(range(count))
    if first is not None and 0 <= first < count:
        seats.remove(first)
        seats.insert(0, first)
    return seats


def _thin(points: Sequence[int], most: int = MOST_POINTS) -> list[int | None]:
    """At most ``most`` points, evenly picked, the first and the last always among them; the places left out are
    None so every line keeps the same x scale."""
    n = len(points)
    if n <= most:
        return list(points)
    keep = {round(k * (n - 1) / (most - 1)) for k in range(most)}
    return [p if k in keep else None for k, p in enumerate(points)]


def worth_svg(
    story: GameStory,
    money: Callable[[int], str],
    *,
    view: str = "worth",
    name: str = "worth",
    width: int = 800,
    height: int = 420,
    background: str = "transparent",
    foreground: str = "currentColor",
    font_size: int = 14,
    dots: bool = True,
    title: str | None = None,
    theme: tuple[str, str] | None = None,
) -> str:
    """The chart as an SVG element (no XML declaration: it goes inline in a page, or :func:`svg_file` makes it a
    file), every player in seating order, each seat in its own colour and line style (:func:`own_first` makes it a
    player's own); ``name`` the chart's id (stable bytes); the colours default to the page's text colour, so one
    chart reads in light and dark. ``dots``: each point drawn with its value written in it (a file to read back; a
    phone's picture has the figures in its page's table instead, and is drawn in a quarter of the time without
    them). ``title``: above the chart (default: the view and the current turn). ``theme``: the text's colour on a
    light and on a dark screen, for a picture shown on its own (an ``<img>``, which takes no colour from the page
    around it): the reader's ``prefers-color-scheme`` picks one."""
    import pygal
    from pygal.style import Style

    count = len(story.names)
    series = story.series(view)
    points = len(series[0]) if series else 0
    style = Style(
        background=background,
        plot_background=background,
        foreground=foreground,
        foreground_strong=foreground,
        foreground_subtle=foreground,
        guide_stroke_color=foreground,
        major_guide_stroke_color=foreground,
        colors=tuple(COLOURS[i % len(COLOURS)] for i in range(count)),
        font_family="system-ui, sans-serif",  # i18n-exempt: CSS
        label_font_size=font_size,
        major_label_font_size=font_size,
        legend_font_size=font_size + 2,
        title_font_size=font_size + 2,
        value_label_font_size=font_size,
        stroke_width="3",
        opacity="1",
        stroke_opacity="1",
    )
    chart = pygal.Line(
        width=width,
        height=height,
        style=style,
        js=[],  # the default fetches a tooltip script from the network
        disable_xml_declaration=True,
        show_dots=dots,
        dots_size=1.5,
        legend_at_bottom=True,
        legend_at_bottom_columns=min(count, 4) or 1,
        truncate_legend=-1,
        show_minor_x_labels=False,
        value_formatter=money,
        show_y_guides=True,
        include_x_axis=False,
        truncate_label=-1,
        margin=8,
        margin_right=12 + round(font_size * 0.7 * max((len(n) for n in story.names), default=1)),  # the names
        allow_interruptions=True,
    )
    chart.uuid = name
    chart.title = chart_title(view, story) if title is None else title
    chart.x_labels = _x_labels(story, points)
    chart.x_labels_major = [label for label in chart.x_labels if label]
    for seat in range(count):
        values: list[Any] = _thin(series[seat])
        chart.add(story.names[seat], values, stroke_style={"width": 3, "dasharray": DASHES[seat % len(DASHES)]})
    chart.add_xml_filter(_offline)
    if theme is not None:
        chart.add_xml_filter(_themed(*theme))
    chart.add_xml_filter(_names_at_ends(story.names, font_size, foreground))
    text: str = chart.render(is_unicode=True)
    return text


def chart_title(view: str, story: GameStory) -> str:
    """The chart's title: "Worth over the game, now: Cy's turn (turn 9)"."""
    if view == "cash":
        return _("Cash over the game, {now}").format(now=now_text(story))
    return _("Worth over the game, {now}").format(now=now_text(story))


def now_text(story: GameStory) -> str:
    """Where the chart ends, in words: "now: Cy's turn (turn 9)", or "the end (turn 9)" once the game is over."""
    turn = story.turns[-1] if story.turns else 1
    if story.now:
        return _("now: {player}'s turn (turn {turn})").format(player=story.now, turn=turn)
    return _("the end (turn {turn})").format(turn=turn)


def _x_labels(story: GameStory, points: int) -> list[str]:
    """The axis: "start" at the first point and "now" (or "end") at the last, a guide line at each; the points
    between unlabelled (the title says the turn, the figures the values)."""
    if points == 0:
        return []
    labels = [""] * points
    labels[-1] = pgettext("the chart's axis", "now") if story.now else pgettext("the chart's axis", "end")
    if points > 1:
        labels[0] = pgettext("the chart's axis", "start")
    return labels


def _offline(root: Any) -> Any:
    """pygal's XML filter: no ``<script>`` (not even its inline config), so the picture needs no script and no
    network; no comments (pygal's credits name web addresses a page that fetches nothing should not carry)."""
    for parent in list(root.iter()):
        for child in list(parent):
            tag = child.tag if isinstance(child.tag, str) else "comment"
            if tag.rsplit("}", 1)[-1] in ("script", "comment"):
                parent.remove(child)
    return root


_PLACE = r'x="([^"]+)" y="([^"]+)"'
_LEGEND = re.compile(rf'(<g id="activate-serie-(\d+)" class="legend[^"]*"><rect ){_PLACE}([^>]*><text ){_PLACE}')
"""A legend entry of pygal's: its series, its square's and its name's places (the rest of it, its colour, kept)."""


def own_first(svg: str, seat: int) -> str:
    """A chart of :func:`worth_svg` made ``seat``'s own (a phone's page): their name first in the legend (the others
    after it, in seating order) and their line heavier. Every line keeps its colour, line style and end name: only
    the legend's places and one line's width change, so a chart drawn once at an entry serves every page (pygal
    takes some 40 ms a chart; this, a fraction of a millisecond). The width is set on the line itself: pygal's
    stylesheet sets every line's on the line, where a rule for the line's group would not reach it."""
    entries = _LEGEND.findall(svg)
    seats = [int(entry[1]) for entry in entries]
    if seat not in seats:
        return svg
    order = [seat, *(s for s in seats if s != seat)]
    place = {s: entries[k] for k, s in enumerate(order)}  # the place in the legend each seat now takes

    def moved(m: re.Match[str]) -> str:
        _, _, x, y, _, tx, ty = place[int(m[2])]
        return f'{m[1]}x="{x}" y="{y}"{m[5]}x="{tx}" y="{ty}"'

    line = f'<g class="series serie-{seat} color-{seat}"><path '
    return _LEGEND.sub(moved, svg).replace(line, f'{line}style="stroke-width:{HEAVY}" ', 1)


def _themed(light: str, dark: str) -> Callable[[Any], Any]:
    """pygal's XML filter giving a picture of its own the text colour ``currentColor`` stands for: ``light``, or
    ``dark`` where the reader's screen is dark (a stylesheet first in the picture)."""

    def styled(root: Any) -> Any:
        style = root.makeelement(root.tag.rsplit("}", 1)[0] + "}style" if "}" in root.tag else "style", {})
        style.text = (
            f"svg{{color:{light}}}@media (prefers-color-scheme: dark){{svg{{color:{dark}}}}}"  # i18n-exempt: CSS
        )
        root.insert(0, style)
        return root

    return styled


def _names_at_ends(names: Sequence[str], font_size: int, colour: str) -> Callable[[Any], Any]:
    """pygal's XML filter writing each player's name just right of the end of their line, in the text's colour
    (pygal's own value labels come only with dots, and in black)."""

    def write(root: Any) -> Any:
        for g in root.iter():
            m = re.fullmatch(r"series serie-(\d+) color-\d+", g.get("class") or "")
            line = next((c for c in g if isinstance(c.tag, str) and "line" in (c.get("class") or "")), None)
            if not m or line is None:
                continue
            x, y = (float(v) for v in re.findall(r"[-\d.]+", line.get("d", ""))[-2:])
            label = line.makeelement(
                line.tag.replace("path", "text"), {"x": f"{x + 6:.1f}", "y": f"{y + font_size / 3:.1f}"}
            )
            label.set("class", "end-name")
            label.set("style", f"stroke:none;fill:{colour};font-size:{font_size}px")
            label.text = names[int(m[1])]
            g.append(label)
        return root

    return write


def svg_file(svg: str) -> str:
    """A chart made a file of its own (the recap's SVG): the XML declaration, a white background."""
    return '<?xml version="1.0" encoding="utf-8"?>\n' + svg + "\n"


def figure_rows(story: GameStory, money: Callable[[int], str], view: str = "worth") -> list[str]:
    """Each player's row of :func:`figures_html`, in seating order ("" for a player with no line)."""
    from banker.views import html_text as h

    return [
        (
            "<tr>"
            + f'<th scope="row">{h(f.name)}</th>'
            + "".join(f"<td>{h(money(v))}</td>" for v in (f.start, f.high, f.low, f.now))
            + "</tr>"
        )
        if s
        else ""
        for name, s in zip(story.names, story.series(view), strict=True)
        for f in [Figures(name, s[0], max(s), min(s), s[-1]) if s else Figures(name, 0, 0, 0, 0)]
    ]


def figures_html(
    story: GameStory,
    money: Callable[[int], str],
    view: str = "worth",
    first: int | None = None,
    caption: bool = True,
    rows: Sequence[str] | None = None,
) -> str:
    """The chart's figures as an HTML table (a screen reader reads it; a printed page shows it), ``first``'s row
    first; without ``caption``, its title is its label (a page that shows tables without captions). ``rows``: the
    rows as :func:`figure_rows` made them (the pages make them once for every phone)."""
    from banker.views import html_text as h

    made = figure_rows(story, money, view) if rows is None else rows
    heads = (_("Player"), _("Start"), _("Highest"), _("Lowest"), _("Now"))
    rows = [made[i] for i in _order(len(made), first) if made[i]]
    title = _("Cash over the game, in figures") if view == "cash" else _("Worth over the game, in figures")
    return "\n".join(
        [
            '<table class="figures">' if caption else f'<table class="figures" aria-label="{h(title)}">',
            *([f"<caption>{h(title)}</caption>"] if caption else []),
            "<thead><tr>" + "".join(f'<th scope="col">{h(c)}</th>' for c in heads) + "</tr></thead>",
            "<tbody>",
            *rows,
            "</tbody>",
            "</table>",
        ]
    )
