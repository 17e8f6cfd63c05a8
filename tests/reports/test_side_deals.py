"""Side deals through the journal (issue 35): made, reminded and ended in the journal's lines, listed with their end
in the JSON, Markdown and HTML exports, carried by the game file, on every phone's journal, and never money: the
story's rent is the rent recorded."""

from __future__ import annotations

import json

import rules
from banker.reports.exports import from_dict, to_json, to_markdown
from banker.reports.html import to_html
from banker.reports.journal_file import import_game, render
from banker.reports.report import report
from banker.reports.story import story_from_history
from banker.session import Session
from banker.web.pages import player_data, view_of

LINES = [
    "buy ann boardwalk",
    "buy ann park place",
    "side ann no rent dark blue from bob for 1 turn",
    "side ann half rent boardwalk from cy until bob passes go",
    "rent cy boardwalk",
    "next",
    "next",
]
MADE = "Side deal 1: Ann asks no rent of Bob on Dark Blue until turn 3 (no money moves by it)"
ENDED = "Side deal 1: Ann asks no rent of Bob on Dark Blue until turn 3 (ended: turn 3)"
STANDS = "Side deal 2: Ann asks half rent of Cy on Boardwalk until Bob passes GO (in effect)"


def played(db) -> Session:
    s = Session.create(db, ["Ann", "Bob", "Cy"], rules.Settings())
    for line in LINES:
        assert s.execute(line).ok, line
    return s


def test_a_deal_made_reminded_and_ended_in_the_journal(tmp_path):
    s = played(tmp_path / "g.db")
    summaries = [e.summary for e in s.log()]
    assert summaries[2] == MADE
    assert s.log()[2].text == "side ann no rent dark blue from bob for 1 turn"
    assert summaries[4] == (
        "Cy pays Ann $100: Boardwalk, full set, unimproved, 2 x $50; side deal 2 applies ($50): Ann asks half rent of"
        " Cy on Boardwalk until Bob passes GO"
    )
    assert summaries[-1] == "Cy's turn (turn 3); side deal 1 ends (turn 3): Ann asks no rent of Bob on Dark Blue"
    assert s.execute("undo").ok  # the deal stands again with the turn undone
    assert rules.side_deal_terms(s.state)[0].endswith("(in effect)")


def test_the_exports_list_the_deals_with_their_end(tmp_path):
    rep = report(played(tmp_path / "g.db"))
    assert rep.side_deals == (ENDED, STANDS)
    data = json.loads(to_json(rep))
    assert data["side_deals"] == [ENDED, STANDS]
    assert from_dict(data).side_deals == rep.side_deals
    md = to_markdown(rep)
    assert f"- {ENDED}" in md and f"- {STANDS}" in md
    assert f"<li>{ENDED}</li>" in to_html(rep)


def test_a_game_without_deals_exports_as_before(tmp_path):
    rep = report(Session.create(tmp_path / "g.db", ["Ann", "Bob"], rules.Settings()))
    assert rep.side_deals == () and "side_deals" not in json.loads(to_json(rep))
    assert "Side deal" not in to_markdown(rep) and "Side deal" not in to_html(rep)


def test_a_deal_moves_no_money_the_story_counts_the_rent_recorded(tmp_path):
    s = played(tmp_path / "g.db")
    assert story_from_history(s.state, s.history()).rent_by_deed == (("Boardwalk", 100),)


def test_the_game_file_carries_the_deals(tmp_path):
    s = played(tmp_path / "a.db")
    game_id, _ = import_game(tmp_path / "b.db", render(s))  # replays every line and checks the state it ends in
    with Session.open(tmp_path / "b.db", game_id) as other:
        assert other.state == s.state and other.state.side_deals


def test_every_phone_shows_the_deal_in_its_journal(tmp_path):
    s = played(tmp_path / "g.db")
    for seat in (1, 2):
        texts = [line["text"] for line in player_data(view_of(s), seat)["log"]]
        assert "Cy's turn (turn 3); side deal 1 ends (turn 3): Ann asks no rent of Bob on Dark Blue" in texts
        assert "Side deal 2: Ann asks half rent of Cy on Boardwalk until Bob passes GO (no money moves by it)" in texts
