"""Exports of real games played through ``Session.create`` + ``execute``: every variant's end of game and its
valuation show in the CSV, JSON, Markdown and QR exports, and the exports agree with the engine's standings."""

from __future__ import annotations

import csv
import io
import json

import pytest

import rules
from banker.reports.exports import qr_text, to_csv, to_json, to_markdown
from banker.reports.files import write_export, write_qr
from banker.reports.formats import KEYS as FORMATS
from banker.reports.leaderboard import leaderboard
from banker.reports.report import report
from banker.reports.story import story_from_history
from banker.session import Session
from rules.valuation import standings
from tests.kit.exports import needs_zbarimg, zbar


def play(db, variant: str, names: list[str], lines: list[str], **settings) -> Session:
    session = Session.create(db, names, rules.Settings(variant=variant, **settings))
    for line in lines:
        if line == "end time":  # seed 002: recorded when the agreed time has come (the clock at the deadline)
            session.clock = session.deadline  # type: ignore[assignment]  # a clock that reads the deadline
        reply = session.execute(line)
        assert reply.ok, f"{line}: {reply.message}"
    return session


def exported(session: Session) -> tuple[list[dict], dict, str]:
    """The game's CSV rows, JSON document and Markdown, as a user would get them."""
    rep = report(session)
    return (
        list(csv.DictReader(io.StringIO(to_csv(rep)))),
        json.loads(to_json(rep)),
        to_markdown(rep),
    )


def assert_agrees_with_engine(session: Session) -> None:
    """CSV and JSON carry exactly the engine's standings (rank, name, every part of the valuation)."""
    rows, data, _ = exported(session)
    engine = standings(session.state)
    fields = ("rank", "cash", "deeds", "mortgaged", "houses", "hotels", "buildings", "total")
    assert [r["name"] for r in rows] == [s.name for s in engine]
    for row, doc, s in zip(rows, data["standings"], engine, strict=True):
        assert {f: int(row[f]) for f in fields} == {f: getattr(s, f) for f in fields}
        assert {f: doc[f] for f in fields} == {f: getattr(s, f) for f in fields}
        assert row["bankrupt"] == ("yes" if s.bankrupt else "no") and doc["bankrupt"] == s.bankrupt


# The end of the game, per variant ----------------------------------------------------------------------------


def test_standard_ends_with_the_last_player_standing(tmp_path):
    """seed 000, BANKRUPTCY: "The last player left in the game wins"."""
    s = play(
        tmp_path / "g.db",
        "standard",
        ["Ann", "Bob", "Cy"],
        ["buy ann boardwalk", "buy ann park place", "bankrupt cy to bank"],
    )
    rows, data, md = exported(s)
    assert data["game"]["status"] == "in progress" and data["game"]["winner"] is None
    assert "not final" in md and {r["status"] for r in rows} == {"in progress"}
    assert s.execute("bankrupt bob to ann").ok
    rows, data, md = exported(s)
    assert data["game"]["status"] == "final"
    assert data["game"]["winner"] == "Ann"
    assert "last player standing" in data["game"]["end_reason"]
    assert [r["name"] for r in rows if r["winner"] == "yes"] == ["Ann"]
    assert "**Winner: Ann**" in md
    assert data["game"]["ended"] >= data["game"]["created"]
    assert_agrees_with_engine(s)


def test_short_1973_ends_at_the_second_bankruptcy(tmp_path):
    """seed 000, RULES for a SHORT GAME, rule 3: the game ends when the second bankruptcy occurs."""
    s = play(
        tmp_path / "g.db",
        "short-1973",
        ["Ann", "Bob", "Cy"],
        [
            "deal ann boardwalk",
            "deal ann park place",
            "deal bob baltic",
            "deal bob mediterranean",
            "deal cy reading",
            "deal cy oriental",
            "bankrupt cy to bank",
        ],
    )
    assert exported(s)[1]["game"]["status"] == "in progress"  # one bankruptcy is not the end
    assert s.execute("bankrupt bob to ann").ok
    _, data, _ = exported(s)
    assert data["game"]["status"] == "final" and data["game"]["winner"] == "Ann"
    assert data["game"]["end_reason"].startswith("second bankruptcy")
    assert_agrees_with_engine(s)


def test_short_1990s_ends_at_the_first_bankruptcy(tmp_path):
    """seed 003, RULES for a SHORT GAME, rule 5: "The game ends when one player goes bankrupt"."""
    s = play(
        tmp_path / "g.db",
        "short-1990s",
        ["Ann", "Bob", "Cy"],
        ["deal ann boardwalk", "deal bob reading", "bankrupt cy to bank"],
    )
    _, data, md = exported(s)
    assert data["game"]["status"] == "final"
    assert data["game"]["end_reason"].startswith("first bankruptcy")
    assert data["game"]["winner"] == "Ann"  # $1,500 + Boardwalk $400 (free deal) beats $1,500 + Reading $200
    assert "Cy (bankrupt)" in md
    assert_agrees_with_engine(s)


def test_time_limit_ends_at_the_agreed_time(tmp_path):
    """seed 002, TIME LIMIT GAME: at the agreed hour "the richest player will be declared the winner"."""
    s = play(
        tmp_path / "g.db",
        "time-limit",
        ["Ann", "Bob"],
        ["deal ann boardwalk", "deal bob baltic", "rent bob boardwalk", "end time"],
        time_limit_minutes=90,
    )
    rows, data, _ = exported(s)
    assert data["game"]["end_reason"] == "time is up"
    assert data["game"]["winner"] == "Ann"
    assert data["game"]["variant"] == "time-limit"
    assert {r["variant"] for r in rows} == {"time-limit"}
    assert_agrees_with_engine(s)


def test_darrow_ends_by_agreement(tmp_path):
    """seed 001 has no formal end: the table agrees to stop, and the richest player wins (docs/rulings.md)."""
    s = play(
        tmp_path / "g.db",
        "darrow-1935",
        ["Ann", "Bob", "Cy", "Dee"],
        ["auction boardwalk ann 500", "auction park place bob 300", "end"],
    )
    _, data, md = exported(s)
    assert data["game"]["end_reason"] == "by agreement"
    assert data["game"]["winner"] == "Bob"  # 1,200 + 350 beats Ann's 1,000 + 400
    assert "Darrow 1935 game" in md
    assert_agrees_with_engine(s)


def test_a_tie_for_first_has_no_winner(tmp_path):
    s = play(tmp_path / "g.db", "standard", ["Ann", "Bob"], ["end"])
    rows, data, md = exported(s)
    assert data["game"]["status"] == "final" and data["game"]["winner"] is None
    assert {r["winner"] for r in rows} == {"no"} and {r["rank"] for r in rows} == {"1"}
    assert "No single winner" in md


# The valuation, per variant ------------------------------------------------------------------------------------


def test_short_1973_hotel_counts_the_three_houses_turned_in(tmp_path):
    """seed 000, RULES for a SHORT GAME, rule 3 (5): hotels at purchase price including the houses turned in;
    rule 2: three houses before a hotel. Boardwalk/Park Place houses cost $200: a hotel is worth 4 x $200."""
    s = play(
        tmp_path / "g.db",
        "short-1973",
        ["Ann", "Bob", "Cy"],
        [
            "deal ann boardwalk",
            "deal ann park place",
            "deal bob reading",
            "deal bob baltic",
            "collect ann 2000",
            "build ann boardwalk 8",
        ],
    )
    ann = exported(s)[1]["standings"][0]
    assert ann["name"] == "Ann" and (ann["houses"], ann["hotels"]) == (0, 2)
    assert ann["buildings"] == 2 * 4 * 200
    assert ann["deeds"] == 400 + 350
    assert ann["total"] == ann["cash"] + 750 + 1600


def test_standard_hotel_counts_the_four_houses_turned_in(tmp_path):
    """seed 000, HOTELS: four houses before a hotel; valued (seed 000 SHORT GAME rule 3) at 5 x the house cost."""
    s = play(
        tmp_path / "g.db",
        "standard",
        ["Ann", "Bob"],
        ["buy ann boardwalk", "buy ann park place", "collect ann 2000", "build ann boardwalk 10"],
    )
    ann = exported(s)[1]["standings"][0]
    assert (ann["houses"], ann["hotels"], ann["buildings"]) == (0, 2, 2 * 5 * 200)


def test_short_1990s_mortgaged_deed_at_half_price(tmp_path):
    """seed 003, RULES for a SHORT GAME, rule 5 (3): mortgaged property at one-half the printed price; (1) the
    free deal (rule 1) adds deeds without costing cash."""
    s = play(
        tmp_path / "g.db",
        "short-1990s",
        ["Ann", "Bob"],
        ["deal ann boardwalk", "deal ann reading", "mortgage ann reading"],
    )
    rows, data, _ = exported(s)
    ann = data["standings"][0]
    assert ann["cash"] == 1500 + 100  # the deal was free; the mortgage paid $100
    assert (ann["deeds"], ann["mortgaged"]) == (400, 100)
    assert ann["total"] == 1600 + 400 + 100
    assert rows[0]["mortgaged"] == "100"


def test_time_limit_deal_is_paid_and_houses_at_cost(tmp_path):
    """seed 002, TIME LIMIT GAME: deeds dealt are paid for; houses valued at purchase price."""
    s = play(
        tmp_path / "g.db",
        "time-limit",
        ["Ann", "Bob"],
        ["deal ann baltic", "deal ann mediterranean", "build ann baltic 3", "end time"],
        time_limit_minutes=60,
    )
    ann = exported(s)[1]["standings"][0]
    assert ann["cash"] == 1500 - 120 - 150
    assert (ann["houses"], ann["buildings"]) == (3, 150)
    assert ann["total"] == 1500  # buying and building at cost leaves the worth unchanged


def test_darrow_valuation_uses_printed_prices_not_auction_prices(tmp_path):
    """seed 001 sells every deed at auction; the valuation still counts the printed price (seed 000, SHORT GAME
    rule 3, as the standard game's figure)."""
    s = play(tmp_path / "g.db", "darrow-1935", ["Ann", "Bob", "Cy", "Dee"], ["auction boardwalk ann 500"])
    ann = next(r for r in exported(s)[1]["standings"] if r["name"] == "Ann")
    assert (ann["cash"], ann["deeds"], ann["total"]) == (1000, 400, 1400)


# The picture, the QR and the history ------------------------------------------------------------------------


def test_story_replays_worth_and_rent(tmp_path):
    s = play(
        tmp_path / "g.db",
        "standard",
        ["Ann", "Bob"],
        [
            "buy ann boardwalk",
            "buy ann park place",
            "rent bob boardwalk",
            "rent bob park place",
            "rent bob boardwalk",
            "undo",
        ],
    )
    tale = story_from_history(s.state, s.history())
    assert tale.names == ("Ann", "Bob")
    assert len(tale.worth[0]) == 1 + 4  # the start, then every effective action (the undone one is not)
    assert tale.worth[0][0] == tale.worth[1][0] == 1500
    assert [t[-1] for t in tale.worth] == [s.total for s in sorted(standings(s.state), key=lambda x: x.name)]
    assert tale.rent_by_deed == (("Boardwalk", 100), ("Park Place", 70))


@needs_zbarimg
def test_qr_of_a_real_game_decodes_to_its_standings(tmp_path):
    s = play(
        tmp_path / "g.db",
        "short-1990s",
        ["Ann", "Bob", "Cy"],
        ["deal ann boardwalk", "deal bob reading", "rent ann reading", "bankrupt cy to bank"],
    )
    rep = report(s)
    _svg, png = write_qr(rep, tmp_path / "qr")
    lines = zbar(png).splitlines()
    assert lines[0].startswith("Banker: Short game (1990s), ") and lines[0].endswith("winner Ann")
    engine = standings(s.state)
    assert lines[1:] == [f"{x.rank}. {x.name} " + ("bankrupt" if x.bankrupt else f"${x.total:,}") for x in engine]


def test_ruling_bankrupt_players_ranked_by_the_order_they_went_out_in_the_csv(tmp_path):
    """docs/rulings.md, "Bankrupt players": below everyone still in, the later out the higher; each has a rank of
    their own in the CSV, the JSON, the Markdown and the QR text (read back as a spreadsheet would)."""
    s = play(
        tmp_path / "g.db",
        "standard",
        ["Ann", "Bob", "Cy", "Dee", "Eve"],
        ["buy bob boardwalk", "bankrupt ann to bank", "bankrupt eve to bob", "bankrupt cy to bank", "end"],
    )
    rows, data, md = exported(s)
    assert [(r["rank"], r["name"], r["bankrupt"]) for r in rows] == [
        ("1", "Bob", "no"),
        ("2", "Dee", "no"),
        ("3", "Cy", "yes"),
        ("4", "Eve", "yes"),
        ("5", "Ann", "yes"),
    ]
    assert [(r["rank"], r["name"]) for r in data["standings"]][2:] == [(3, "Cy"), (4, "Eve"), (5, "Ann")]
    assert "| 5 | Ann (bankrupt) |" in md
    assert qr_text(report(s)).splitlines()[3:] == [
        "3. Cy bankrupt",
        "4. Eve bankrupt",
        "5. Ann bankrupt",
    ]
    assert_agrees_with_engine(s)


def test_leaderboard_across_real_games(tmp_path):
    db = tmp_path / "g.db"
    play(db, "short-1990s", ["Ann", "Bob", "Cy"], ["deal ann boardwalk", "bankrupt cy to bank"]).close()
    play(db, "short-1990s", ["bob", "ann"], ["deal bob boardwalk", "deal ann reading", "bankrupt ann to bank"]).close()
    play(db, "standard", ["Ann", "Bob"], ["buy ann boardwalk"]).close()  # still going: not counted
    board = leaderboard(db)
    assert [(r.name.casefold(), r.games, r.wins, r.average_rank) for r in board] == [
        ("ann", 2, 1, 1.5),
        ("bob", 2, 1, 1.5),
        ("cy", 1, 0, 3.0),
    ]


@pytest.mark.parametrize("fmt", FORMATS)
def test_write_every_format_for_a_real_game(tmp_path, fmt):
    s = play(tmp_path / "g.db", "short-1990s", ["Ann", "Bob"], ["deal ann boardwalk", "bankrupt bob to bank"])
    path = write_export(report(s), fmt, db=s.db_path)
    assert path.parent == tmp_path / "g-exports"
    assert "Ann" in path.read_text(encoding="utf-8")


def test_undoing_the_end_reopens_the_export_and_redo_closes_it(tmp_path):
    s = play(tmp_path / "g.db", "short-1990s", ["Ann", "Bob"], ["deal ann boardwalk", "bankrupt bob to bank"])
    assert report(s).over
    assert s.execute("undo").ok
    rep = report(s)
    assert not rep.over and rep.ended == "" and rep.winner == ""
    assert s.execute("redo").ok
    rep = report(s)
    assert rep.over and rep.winner == "Ann"
    assert rep.ended == s.log()[-1].time  # the redo that ended it again


def test_uk_edition_exports_in_pounds(tmp_path):
    s = play(
        tmp_path / "g.db", "short-1990s", ["Ann", "Bob"], ["deal ann mayfair", "bankrupt bob to bank"], edition="uk"
    )
    rep = report(s)
    assert rep.currency == "£"
    assert "£1,500" in to_markdown(rep) and "1. Ann £1,900" in qr_text(rep)
    assert json.loads(to_json(rep))["game"]["edition"] == "uk"
