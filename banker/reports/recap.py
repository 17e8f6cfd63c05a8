"""The recap a family keeps (``banker export --format recap``): one self-contained HTML page (its stylesheet and its
chart inside, no script, nothing fetched: it opens with the network off, years later) and the chart as an SVG file
beside it. It holds the final standings, the chart of worth over the game, and the game's story told from the
journal: its length, the biggest rent, the deed that earned most, the turn the lead changed for good, each
bankruptcy and who caused it, the buildings each player put up and the rent each paid and received.

Every figure comes from the report's story and records (``report(session, story=True)``:
:mod:`banker.reports.story`), so the recap says what the journal says, undone entries left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from banker.reports.chart import svg_file, worth_svg
from banker.reports.exports import facts_sentence, standings_title
from banker.reports.html import chart_section, page, standings_table, valuation_note, verdict
from banker.reports.report import Report, duration_text, game_title
from banker.reports.story import BANK_CREDITOR, GameRecords, GameStory
from banker.views import html_text as h
from rules.i18n import _, ngettext

# i18n-exempt: CSS
_STYLE = """
:root { color-scheme: light dark; --muted: #555; --line: #ccc; }
@media (prefers-color-scheme: dark) { :root { --muted: #aaa; --line: #444; } }
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 56rem; padding: 0 1rem; line-height: 1.4; }
h1 { font-size: 1.6rem; margin-bottom: .25rem; }
h2 { font-size: 1.2rem; margin-top: 2rem; }
p { margin: .25rem 0; }
.winner { font-weight: bold; font-size: 1.2rem; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
th, td { padding: .3rem .6rem; border-bottom: 1px solid var(--line); text-align: right; }
th:nth-child(2), td:nth-child(2) { text-align: left; }
table.players th:first-child, table.players td:first-child { text-align: left; }
table.players th:nth-child(2), table.players td:nth-child(2) { text-align: right; }
thead th { border-bottom: 2px solid currentColor; }
tr.won td { font-weight: bold; }
ul.story li { margin: .3rem 0; }
.note { color: var(--muted); font-size: .9rem; }
figure { margin: 1rem 0; }
figure svg { width: 100%; height: auto; }
table.figures caption { text-align: left; font-weight: bold; padding: .3rem 0; }
table.figures th:first-child { text-align: left; font-weight: normal; }
table.figures thead th:first-child { font-weight: bold; }
table.figures td:nth-child(2) { text-align: right; }
@media print { body { margin: 0; max-width: none; } }
""".strip()


@dataclass(frozen=True)
class StoryLine:
    """One line of the game's story: what it is about ("Biggest rent") and what happened."""

    topic: str
    text: str


def story_lines(rep: Report) -> list[StoryLine]:
    """The game's story in lines (the recap's list; the tests read it against the journal)."""
    story, records = rep.story, rep.records
    if story is None or records is None:
        return []
    money = rep.money
    lines = [StoryLine(_("Length"), _length(rep, story, records))]
    rent = records.biggest_rent
    lines.append(
        StoryLine(
            _("Biggest rent"),
            _("{payer} paid {owner} {amount} on {deed}").format(
                payer=rent.payer, owner=rent.owner, amount=money(rent.amount), deed=rent.deed
            )
            if rent
            else _("No rent was paid."),
        )
    )
    if story.rent_by_deed:
        deed, amount = story.rent_by_deed[0]
        earned = _("{deed}: {amount} in rent").format(deed=deed, amount=money(amount))
        lines.append(StoryLine(_("The deed that earned most"), earned))
    else:
        lines.append(StoryLine(_("The deed that earned most"), _("No deed earned rent.")))
    lead = story.lead_for_good()
    if lead is None:
        lines.append(StoryLine(_("The lead"), _("Nobody held the lead alone at the end.")))
    elif lead.point == 0:
        led = _("{player} led from the start and never lost the lead.").format(player=lead.player)
        lines.append(StoryLine(_("The lead"), led))
    else:
        took = _("{player} took the lead for good in turn {turn} (action {point} of play).")
        lines.append(StoryLine(_("The lead"), took.format(player=lead.player, turn=lead.turn, point=lead.point)))
    for b in records.bankruptcies:
        if b.creditor == BANK_CREDITOR:
            went = _("{player} went bankrupt, owing the bank.").format(player=b.player)
        else:
            went = _("{player} went bankrupt, owing {creditor}.").format(player=b.player, creditor=b.creditor)
        lines.append(StoryLine(_("Bankruptcy"), went))
    built = [
        _("{player} {buildings}").format(player=name, buildings=_buildings(houses, hotels))
        for name, houses, hotels in zip(story.names, story.houses_bought, story.hotels_bought, strict=True)
        if houses or hotels
    ]
    lines.append(StoryLine(_("Buildings bought"), "; ".join(built) + "." if built else _("Nobody built.")))
    return lines


def _length(rep: Report, story: GameStory, records: GameRecords) -> str:
    turns = story.turns[-1] if story.turns else 1
    parts = [
        ngettext("{n} action", "{n} actions", records.actions).format(n=records.actions),
        ngettext("{n} turn", "{n} turns", turns).format(n=turns),
    ]
    if rep.duration_minutes is not None:
        parts.append(duration_text(rep.duration_minutes))
    return ", ".join(parts)


def _buildings(houses: int, hotels: int) -> str:
    """ "2 houses and 1 hotel", "3 houses", "1 hotel"."""
    built = ngettext("{n} house", "{n} houses", houses).format(n=houses)
    hotel = ngettext("{n} hotel", "{n} hotels", hotels).format(n=hotels)
    if houses and hotels:
        return _("{houses} and {hotels}").format(houses=built, hotels=hotel)
    return built if houses else hotel


def _players_table(rep: Report) -> list[str]:
    """Per player: rent paid and received, houses and hotels bought, in seating order."""
    story = rep.story
    if story is None:
        return []
    heads = (_("Player"), _("Rent paid"), _("Rent received"), _("Houses bought"), _("Hotels bought"))
    rows = [
        "<tr>"
        + f"<td>{h(name)}</td>"
        + "".join(f"<td>{h(v)}</td>" for v in (rep.money(paid), rep.money(got), str(houses), str(hotels)))
        + "</tr>"
        for name, paid, got, houses, hotels in zip(
            story.names, story.rent_paid, story.rent_received, story.houses_bought, story.hotels_bought, strict=True
        )
    ]
    return [
        '<table class="players">',
        "<thead><tr>" + "".join(f'<th scope="col">{h(c)}</th>' for c in heads) + "</tr></thead>",
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
    ]


def recap_title(rep: Report) -> str:
    return _("Game #{game} recap: {variant}, {date}").format(
        game=rep.game, variant=game_title(rep.variant_title), date=rep.date
    )


def to_recap(rep: Report) -> str:
    """The recap page (docs/exports.md, "Recap")."""
    story = story_lines(rep)
    items = [f"<li><strong>{h(s.topic)}:</strong> {h(s.text)}</li>" for s in story]
    body = [
        f"<h1>{h(recap_title(rep))}</h1>",
        f"<p>{h(facts_sentence(rep))}</p>",
        *verdict(rep),
        f"<h2>{h(standings_title(rep))}</h2>",
        *standings_table(rep),
        valuation_note(rep),
        *chart_section(rep),
    ]
    if items:
        told, rent = _("The story of the game"), _("Rent and buildings")
        body += [f"<h2>{h(told)}</h2>", '<ul class="story">', *items, "</ul>"]
        body += [f"<h2>{h(rent)}</h2>", *_players_table(rep)]
    else:
        body.append(_note(_("This report does not carry the game's story.")))
    body.append(_note(_("Made by Banker from the game's journal; entries undone are not counted.")))
    return page(recap_title(rep), _STYLE, body)


def _note(text: str) -> str:
    """A note in words of the page's own (its apostrophes as they are: no name or attribute in it)."""
    return f'<p class="note">{escape(text, quote=False)}</p>'


def recap_svg(rep: Report) -> str:
    """The recap's chart as an SVG file of its own: dark text on white, to open or print anywhere."""
    if rep.story is None:
        return ""
    svg = worth_svg(rep.story, rep.money, name=f"recap-{rep.game}", background="#ffffff", foreground="#222222")
    return svg_file(svg)
