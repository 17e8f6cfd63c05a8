"""The standings as one self-contained HTML page: the facts, the winner and the table, and (when the report carries
the game's story) the chart of worth over the game with its figures, with its own stylesheet and a print layout, no
script, no file beside it. Every text is escaped as on the phone pages (:func:`banker.views.html_text`), and the
money is the game's (:meth:`banker.reports.report.Report.money`). The recap (:mod:`banker.reports.recap`) is built
of the same parts."""

from __future__ import annotations

from banker.language import spoken
from banker.reports.chart import figures_html, now_text, worth_svg
from banker.reports.exports import (
    CORRECTIONS_TITLE,
    SIDE_DEALS_TITLE,
    correction_line,
    facts_sentence,
    shown_name,
    standings_heads,
    standings_title,
    winner_line,
)
from banker.reports.report import Report, game_title
from banker.views import html_text as h
from rules.i18n import _

# i18n-exempt: CSS
_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 52rem; padding: 0 1rem; color: #111; }
h1 { font-size: 1.4rem; margin-bottom: .25rem; }
p { margin: .25rem 0; }
.winner { font-weight: bold; font-size: 1.1rem; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
th, td { padding: .3rem .6rem; border-bottom: 1px solid #ccc; text-align: right; }
th:nth-child(2), td:nth-child(2) { text-align: left; }
thead th { border-bottom: 2px solid #111; }
tr.won td { font-weight: bold; }
.note { color: #555; font-size: .9rem; }
figure { margin: 1rem 0; }
figure svg { width: 100%; height: auto; }
table.figures caption { text-align: left; font-weight: bold; padding: .3rem 0; }
table.figures th:first-child { text-align: left; font-weight: normal; }
table.figures thead th:first-child { font-weight: bold; }
table.figures td:nth-child(2) { text-align: right; }
@media print { body { margin: 0; max-width: none; } a { color: inherit; text-decoration: none; } }
""".strip()


def to_html(rep: Report) -> str:
    """The page (docs/exports.md, "HTML"): printable as it is, the same facts as the Markdown export, and the chart
    of worth over the game when the report carries its story."""
    title = standings_title(rep)
    return page(
        _("{title}: {variant} #{game}").format(title=title, variant=game_title(rep.variant_title), game=rep.game),
        _STYLE,
        [
            f"<h1>{h(title)}</h1>",
            f"<p>{h(facts_sentence(rep))}</p>",
            *verdict(rep),
            *standings_table(rep),
            valuation_note(rep),
            *chart_section(rep),
            *_corrections(rep),
            *_side_deals(rep),
        ],
    )


def page(title: str, style: str, body: list[str]) -> str:
    """A self-contained page: its stylesheet inside, no script, nothing to fetch."""
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{spoken()}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{h(title)}</title>",
            f"<style>\n{style}\n</style>",
            "</head>",
            "<body>",
            *body,
            "</body>",
            "</html>",
            "",
        ]
    )


def verdict(rep: Report) -> list[str]:
    """The winner, or that nobody won (a tie for first); nothing while the game is on."""
    said = winner_line(rep)
    if said is None:
        return []
    reason = f", {rep.end_said}" if rep.end_said else ""
    return [f'<p class="winner">{h(said)}{h(reason)}</p>']


def valuation_note(rep: Report) -> str:
    note = _("Valuation: {valuation}").format(valuation=rep.valuation_said)
    return f'<p class="note">{h(note)}</p>'


def standings_table(rep: Report) -> list[str]:
    """The standings as a table, in ranking order."""
    heads = standings_heads()
    rows = []
    for r in rep.rows:
        cells = (
            str(r.rank),
            h(shown_name(r)),
            h(rep.money(r.cash)),
            h(rep.money(r.deeds)),
            h(rep.money(r.mortgaged)),
            str(r.houses),
            str(r.hotels),
            h(rep.money(r.buildings)),
            h(rep.money(r.total)),
        )
        won = ' class="won"' if r.winner else ""
        rows.append(f"<tr{won}>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return [
        "<table>",
        "<thead><tr>" + "".join(f'<th scope="col">{h(c)}</th>' for c in heads) + "</tr></thead>",
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
    ]


def chart_section(rep: Report, heading: str = "h2") -> list[str]:
    """Worth over the game: the chart (a picture with its words for a screen reader) and its figures as a table;
    nothing when the report does not carry the story (a report read back from a file)."""
    if rep.story is None:
        return []
    story = rep.story
    svg = worth_svg(story, rep.money, name=f"worth-{rep.game}")
    title = _("Worth over the game")
    label = _("Worth of each player over the game, {now}; the figures are in the table below").format(
        now=now_text(story)
    )
    return [
        f"<{heading}>{h(title)}</{heading}>",
        f'<figure role="img" aria-label="{h(label)}">',
        svg,
        "</figure>",
        figures_html(story, rep.money),
    ]


def _corrections(rep: Report) -> list[str]:
    """The corrections in effect, each with its reason (none: nothing, so a page without them reads as before)."""
    if not rep.corrections:
        return []
    items = [f"<li>{h(correction_line(c.text(rep.money)))}</li>" for c in rep.corrections]
    return [f"<h2>{h(_(CORRECTIONS_TITLE))}</h2>", "<ul>", *items, "</ul>"]


def _side_deals(rep: Report) -> list[str]:
    """The side deals made, with their end (none: nothing, so a page without them reads as before)."""
    if not rep.side_deals:
        return []
    deals = (f"<li>{h(d)}</li>" for d in rep.side_deals_said)
    return [f"<h2>{h(_(SIDE_DEALS_TITLE))}</h2>", "<ul>", *deals, "</ul>"]
