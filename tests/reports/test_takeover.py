"""A game taken over from the board and corrections, through the journal (issue 35): the position lines are journalled
as set-up and undone like any line; the standings, the exports, the story, the statistics, the game file and the
phones work from the position taken over; a correction is shown everywhere with its reason and is never rent."""

from __future__ import annotations

import csv
import io
import json

import rules
from banker.reports import stats, story
from banker.reports.exports import from_dict, to_csv, to_json, to_markdown
from banker.reports.html import to_html
from banker.reports.journal_file import import_game, render
from banker.reports.report import CorrectionRow, report
from banker.reports.story import story_from_history
from banker.session import Session
from banker.web.pages import player_data, view_of
from rules.valuation import standings

POSITION = [
    "position ann cash 1230",
    "position bob cash 410",
    "position cy cash 880",
    "position ann owns boardwalk 2 houses",
    "position ann owns park place 2 houses",
    "position bob owns reading railroad mortgaged",
    "position bob jail card chance",
    "position cy in jail 2",
    "position pot 300",
    "position turn bob",
]


def taken_over(db, variant="standard", lines=POSITION, **settings) -> Session:
    session = Session.create(
        db, ["Ann", "Bob", "Cy"], rules.Settings(variant=variant, house_rules=rules.HouseRules(free_parking=True))
    )
    for line in lines:
        reply = session.execute(line)
        assert reply.ok, f"{line}: {reply.message}"
    return session


def test_the_position_is_journalled_as_set_up_taken_over_from_the_board(tmp_path):
    s = taken_over(tmp_path / "g.db")
    log = s.log()
    assert [e.text for e in log] == POSITION
    assert all(e.summary.startswith("Taken over from the board: ") for e in log)
    assert {e.verb for e in log} == {
        "position_cash",
        "position_deed",
        "position_card",
        "position_jail",
        "position_pot",
        "position_turn",
    }
    st = s.state
    assert not st.started and st.taken_over and [p.cash for p in st.players] == [1230, 410, 880]
    assert st.pot == 300 and st.turn == 1
    # reopened from the journal (and from a checkpoint), the game is where it was left
    s.close()
    again = Session.open(tmp_path / "g.db")
    assert again.state == st


def test_a_position_line_is_undone_like_any_line(tmp_path):
    s = taken_over(tmp_path / "g.db", lines=POSITION[:4])
    assert s.execute("undo").ok
    assert s.state.holding(s.state.deed("Boardwalk")).owner is None and s.state.houses == 32
    assert s.execute("position ann owns boardwalk hotel").ok and s.state.hotels == 11


def test_play_begins_once_the_whole_position_stands(tmp_path):
    s = taken_over(tmp_path / "g.db", lines=POSITION[:4])
    reply = s.execute("rent cy boardwalk")
    assert not reply.ok and "Ann's Boardwalk has 2 houses, but Park Place is the bank's" in reply.message
    assert s.log()[-1].text == POSITION[3]  # nothing written
    assert s.execute("position ann owns park place 1 house").ok
    assert s.execute("rent cy boardwalk").ok and s.state.started
    refused = s.execute("position ann cash 5000")
    assert (
        not refused.ok
        and "play has begun" in refused.message
        and "correct <player> <amount> <reason>" in (refused.message)
    )
    # undoing the first move reopens the set-up
    assert s.execute("undo").ok and not s.state.started
    assert s.execute("position ann cash 5000").ok


def test_a_short_game_taken_over_is_valued_by_the_book_in_every_export(tmp_path):
    """seed 000, SHORT GAME rule 3: cash, deeds at price, mortgaged at half, buildings at cost; the exports agree."""
    s = taken_over(
        tmp_path / "g.db",
        "short-1973",
        [
            "position ann cash 310",
            "position bob cash 742",
            "position cy cash 1055",
            "position ann owns boardwalk hotel",
            "position ann owns park place 3 houses",
            "position bob owns baltic mortgaged",
            "position bob owns reading",
            "position cy owns oriental",
        ],
    )
    assert [(r.name, r.total) for r in standings(s.state)] == [("Ann", 2460), ("Cy", 1155), ("Bob", 972)]
    rep = report(s)
    rows = list(csv.DictReader(io.StringIO(to_csv(rep))))
    assert [(r["name"], int(r["total"]), int(r["hotels"]), int(r["houses"])) for r in rows] == [
        ("Ann", 2460, 1, 3),
        ("Cy", 1155, 0, 0),
        ("Bob", 972, 0, 0),
    ]
    assert from_dict(json.loads(to_json(rep))).rows == rep.rows
    assert "| 1 | Ann | $310 |" in to_markdown(rep)
    # the story starts where the table stood, not at $1,500 each
    assert s.execute("rent bob oriental").ok
    tale = story_from_history(s.state, s.history())
    assert [w[0] for w in tale.worth] == [2460, 972, 1155]
    assert len(tale.worth[0]) == 2 and tale.rent_by_deed == (("Oriental Avenue", 6),)


def test_corrections_in_the_journal_the_exports_and_not_in_the_rent(tmp_path):
    db = tmp_path / "g.db"
    s = Session.create(db, ["Ann", "Bob"], rules.Settings())
    for line in ["buy ann boardwalk", "rent bob boardwalk", "correct ann -50 change given twice", "correct bob 7 x"]:
        assert s.execute(line).ok, line
    assert s.execute("undo").ok  # the second correction is not in effect
    entry = s.log()[2]
    assert entry.text == "correct ann -50 change given twice" and entry.verb == "correct"
    assert entry.summary == "Correction: Ann pays the bank $50 (change given twice)"
    assert [p.cash for p in s.state.players] == [1500 - 400 + 50 - 50, 1500 - 50]
    rep = report(s)
    assert rep.corrections == (CorrectionRow("Ann", -50, "change given twice"),)
    data = json.loads(to_json(rep))
    assert data["corrections"] == [{"player": "Ann", "amount": -50, "reason": "change given twice"}]
    assert from_dict(data).corrections == rep.corrections
    md = to_markdown(rep)
    assert "- Correction: Ann pays the bank $50 (change given twice)" in md
    assert "<li>Correction: Ann pays the bank $50 (change given twice)</li>" in to_html(rep)
    # a correction is no rent: the story's and the statistics' rent are the rent alone
    assert story_from_history(s.state, s.history()).rent_by_deed == (("Boardwalk", 50),)
    assert s.execute("end").ok
    (facts,) = stats.collect(db)
    assert facts.records.most_rent == story.Collected("Ann", 50)
    assert facts.records.biggest_rent == story.Rent("Bob", "Ann", 50, "Boardwalk")
    assert facts.records.actions == 4  # buy, rent, the correction in effect, end


def test_a_game_without_corrections_exports_as_before(tmp_path):
    s = Session.create(tmp_path / "g.db", ["Ann", "Bob"], rules.Settings())
    rep = report(s)
    assert rep.corrections == () and "corrections" not in json.loads(to_json(rep))
    assert "Correction" not in to_markdown(rep) and "Correction" not in to_html(rep)


def test_statistics_count_the_moves_played_not_the_lines_taken_over(tmp_path):
    db = tmp_path / "g.db"
    s = taken_over(db)
    for line in ["rent cy boardwalk", "end"]:
        assert s.execute(line).ok, line
    s.close()
    (facts,) = stats.collect(db)
    assert facts.records.actions == 2 and facts.records.most_rent == story.Collected("Ann", 600)


def test_the_game_file_carries_the_position_and_the_corrections(tmp_path):
    s = taken_over(tmp_path / "a.db")
    assert s.execute("correct cy +20 short-changed").ok
    text = render(s)
    entries = [json.loads(line.strip().rstrip(",")) for line in text.splitlines() if line.strip().startswith('{"seq"')]
    assert entries[0]["summary"] == "Taken over from the board: Ann has $1,230 in cash (was: $1,500)"
    assert entries[-1]["line"] == "correct cy +20 short-changed"
    assert entries[-1]["summary"] == "Correction: the bank pays Cy $20 (short-changed)"
    game_id, count = import_game(tmp_path / "b.db", text)  # replays every line, and checks the state it ends in
    with Session.open(tmp_path / "b.db", game_id) as other:
        assert count == len(entries) and other.state == s.state
        assert [e.summary for e in other.log()] == [e.summary for e in s.log()]


def test_the_phones_show_the_correction_with_its_reason(tmp_path):
    s = taken_over(tmp_path / "g.db")
    assert s.execute("rent cy boardwalk").ok
    assert s.execute("correct bob -10 paid twice").ok
    page = player_data(view_of(s), 1)
    texts = [line["text"] for line in page["log"]]
    assert "Correction: Bob pays the bank $10 (paid twice)" in texts
