"""The recap (`banker export --format recap`, issue 34) and the HTML standings' chart, parsed back: the chart holds
one series per player whose last point is the standings' worth; the story's figures are the scripted game's journal
(the rent lines' summaries, read as a person reads `banker log`, undone entries left out)."""

from __future__ import annotations

import re
from collections import defaultdict
from html.parser import HTMLParser

import pytest

import rules
from banker.cli.main import main
from banker.reports import formats
from banker.reports.chart import worth_svg
from banker.reports.recap import story_lines
from banker.reports.report import report
from banker.session import Session
from tests.kit.exports import chart_series

GAME = [
    "deal ann boardwalk",
    "deal ann park place",
    "deal bob reading",
    "next",
    "build ann boardwalk 3",  # Park Place 1 house, Boardwalk 2
    "next",
    "rent bob boardwalk",  # $600
    "next",
    "rent cy park place",  # $175
    "rent cy reading",  # taken back: counts for nothing
    "undo",
    "next",
    "build ann park place 3",  # three houses on each
    "next",
    "rent cy park place",  # $1,100: the biggest
    "next",
    "bankrupt bob to ann",  # the short game (1990s) ends at the first bankruptcy
]


@pytest.fixture
def game(tmp_path):
    db = tmp_path / "g.db"
    session = Session.create(db, ["Ann", "Bob", "Cy"], rules.Settings(variant="short-1990s"))
    for line in GAME:
        reply = session.execute(line)
        assert reply.ok, f"{line}: {reply.message}"
    assert session.state.over
    yield session, db
    session.close()


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.items: list[str] = []
        self._li: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs.extend(attrs)
        if tag == "li":
            self._li = []

    def handle_endtag(self, tag):
        if tag == "li" and self._li is not None:
            self.items.append("".join(self._li))
            self._li = None

    def handle_data(self, data):
        if self._li is not None:
            self._li.append(data)


def _parse(text: str) -> _Page:
    page = _Page()
    page.feed(text)
    return page


def _svg(text: str) -> str:
    (svg,) = re.findall(r"<svg.*?</svg>", text, flags=re.S)
    return svg


def _journal_rents(session: Session) -> list[tuple[str, str, int, str]]:
    """The rents the journal says were paid, as its lines say them ("Cy pays Ann $1,100: Park Place, 3 houses"),
    undone entries left out."""
    rents = []
    for e in session.log():
        if e.kind == "action" and not e.undone and e.verb == "rent":
            m = re.match(r"(\w+) pays (\w+) \$([\d,]+): ([^,]+)", e.summary)
            assert m, e.summary
            rents.append((m[1], m[2], int(m[3].replace(",", "")), m[4]))
    return rents


@pytest.mark.parametrize("fmt", ["recap", "html"])
def test_the_chart_has_one_series_per_player_ending_at_the_standings_worth(game, fmt):
    session, _db = game
    rep = report(session, story=True)
    text = formats.find_format(fmt).render(rep).decode("utf-8")
    series = chart_series(_svg(text))
    assert sorted(series) == ["Ann", "Bob", "Cy"]
    for row in rep.rows:
        assert series[row.name][-1] == rep.money(row.total), row.name
    page = _parse(text)
    # nothing to fetch and nothing to run: it opens with the network off, in a page that runs no script
    assert "script" not in page.tags and "link" not in page.tags and "img" not in page.tags
    assert not [v for k, v in page.attrs if k in ("href", "src", "xlink:href") and v and not v.startswith("#")]
    assert "kozea.github.io" not in text
    # the figures as text, for a screen reader: each player's worth now
    assert all(f"<td>{rep.money(r.total)}</td>" in text for r in rep.rows)


def test_the_story_is_the_journals(game):
    session, _db = game
    rep = report(session, story=True)
    rents = _journal_rents(session)
    assert len(rents) == 3  # the undone rent on Reading is not among them
    payer, owner, amount, deed = max(rents, key=lambda r: r[2])
    by_deed: dict[str, int] = defaultdict(int)
    paid: dict[str, int] = defaultdict(int)
    got: dict[str, int] = defaultdict(int)
    for p, o, a, d in rents:
        by_deed[d] += a
        paid[p] += a
        got[o] += a
    best = max(by_deed, key=by_deed.__getitem__)
    lines = {s.topic: s.text for s in story_lines(rep)}
    assert (
        lines["Biggest rent"]
        == f"{payer} paid {owner} {rep.money(amount)} on {deed}"
        == "Cy paid Ann $1,100 on Park Place"
    )
    assert lines["The deed that earned most"] == f"{best}: {rep.money(by_deed[best])} in rent"
    assert lines["Bankruptcy"] == "Bob went bankrupt, owing Ann."
    assert lines["Buildings bought"] == "Ann 6 houses."
    effective = [e for e in session.log() if e.kind == "action" and not e.undone]
    turns = sum(1 for e in effective if e.verb == "next") + 1
    assert lines["Length"].startswith(f"{len(effective)} actions, {turns} turns")
    assert rep.story is not None
    assert dict(zip(rep.story.names, rep.story.rent_paid, strict=True)) == {"Ann": 0, **paid}
    assert dict(zip(rep.story.names, rep.story.rent_received, strict=True)) == {"Bob": 0, "Cy": 0, **got}
    # Ann led from the deal (two deeds to Bob's one) and never lost the lead
    assert lines["The lead"] == "Ann led from the start and never lost the lead."
    page = _parse(formats.find_format("recap").render(rep).decode("utf-8"))
    assert [i.split(": ", 1)[0] for i in page.items] == list(lines)


def test_the_lead_changed_for_good_in_the_turn_it_was_taken(tmp_path):
    session = Session.create(tmp_path / "g.db", ["Ann", "Bob"], rules.Settings(variant="standard"))
    for line in ["buy ann boardwalk", "next", "rent bob boardwalk", "next", "buy bob park place", "next"]:
        assert session.execute(line).ok
    for line in ["rent ann park place", "next", "rent ann park place"]:  # Ann $35 ahead, then Bob $40 for good
        assert session.execute(line).ok
    story = report(session, story=True).story
    assert story is not None
    lead = story.lead_for_good()
    worth = list(zip(*story.worth, strict=True))
    k = next(k for k in range(len(worth)) if all(w[1] > w[0] for w in worth[k:]))
    assert lead is not None and lead.player == "Bob" and lead.point == k and lead.turn == story.turns[k]
    session.close()


def test_banker_export_recap_writes_the_page_and_its_chart(game, tmp_path, capsys):
    session, db = game
    out = tmp_path / "night.html"
    assert main(["--db", str(db), "export", "--format", "recap", "-o", str(out)]) == 0
    svg = out.with_suffix(".svg")
    assert out.exists() and svg.exists()
    assert "night.html and " in capsys.readouterr().err
    text = svg.read_text()
    assert text.startswith("<?xml") and "<script" not in text
    rep = report(session)
    assert {name: values[-1] for name, values in chart_series(text).items()} == {
        r.name: rep.money(r.total) for r in rep.rows
    }
    # neither file replaced without --force, the SVG beside it included
    out.unlink()
    assert main(["--db", str(db), "export", "--format", "recap", "-o", str(out)]) == 2
    assert "night.svg already exists" in capsys.readouterr().err and not out.exists()


def test_names_in_the_chart_are_escaped(game):
    session, _db = game
    rep = report(session, story=True)
    assert rep.story is not None
    evil = '<script>alert("x")</script>'
    from dataclasses import replace

    story = replace(rep.story, names=(evil, *rep.story.names[1:]))
    svg = worth_svg(story, rep.money)
    assert "<script" not in svg and "&lt;script&gt;" in svg


def test_a_long_game_is_thinned_but_ends_at_its_last_point():
    from banker.reports.chart import MOST_POINTS, _thin

    points = list(range(10_000))
    thin = _thin(points)
    kept = [p for p in thin if p is not None]
    assert len(thin) == len(points) and len(kept) <= MOST_POINTS and kept[0] == 0 and kept[-1] == 9_999


def test_the_phones_kept_story_is_the_replayed_one_after_every_entry(tmp_path):
    """The phone pages keep the chart up to date entry by entry (WorthKeeper: only what was recorded since the last
    look is valued); after every entry, undo and redo included, it is the story a whole replay tells."""
    from banker.reports.story import WorthKeeper, story_from_history

    session = Session.create(tmp_path / "g.db", ["Ann", "Bob", "Cy"], rules.Settings(variant="short-1990s"))
    keeper = WorthKeeper()
    lines = [*GAME[:10], "undo", "undo", "redo", "build ann park place 3", "undo", "rent cy park place", "next"]
    for line in lines:
        assert session.execute(line).ok, line
        kept = keeper.story(session)
        told = story_from_history(session.state, session.history())
        assert (kept.worth, kept.cash, kept.turns, kept.now) == (told.worth, told.cash, told.turns, told.now), line
    session.close()
