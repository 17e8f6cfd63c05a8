"""Property tests: any standings survive the CSV and JSON round trips, and the Markdown table keeps its shape."""

from __future__ import annotations

import csv
import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from banker.reports.exports import from_dict, to_csv, to_json, to_markdown
from banker.reports.report import Report, Row
from tests.kit.fuzz import examples

money = st.integers(min_value=0, max_value=100_000)
names = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=20).filter(str.strip)


@st.composite
def reports(draw) -> Report:
    people = draw(st.lists(names, min_size=1, max_size=8, unique_by=str.casefold))
    rows = tuple(
        Row(
            rank=i + 1,
            name=n,
            cash=draw(money),
            deeds=draw(money),
            mortgaged=draw(money),
            houses=draw(st.integers(0, 32)),
            hotels=draw(st.integers(0, 12)),
            buildings=draw(money),
            total=draw(money),
            bankrupt=draw(st.booleans()),
            winner=i == 0,
        )
        for i, n in enumerate(people)
    )
    over = draw(st.booleans())
    return Report(
        game=draw(st.integers(1, 10_000)),
        variant="standard",
        variant_title="Standard",
        edition="us",
        valuation=draw(st.text(max_size=40)),
        created="2026-11-22T03:00:00+00:00",
        ended="2026-11-22T05:00:00+00:00" if over else "",
        over=over,
        end_reason=draw(st.text(max_size=30)) if over else "",
        winner=people[0] if over else "",
        currency="$",
        rows=rows,
        seating=tuple(r.name for r in reversed(rows)),
    )


@settings(max_examples=examples(60), deadline=None)
@given(reports())
def test_csv_round_trip(rep):
    rows = list(csv.DictReader(io.StringIO(to_csv(rep), newline="")))
    assert [r["name"] for r in rows] == [r.name for r in rep.rows]
    assert [int(r["total"]) for r in rows] == [r.total for r in rep.rows]
    assert {r["valuation"] for r in rows} == {rep.valuation}


@settings(max_examples=examples(60), deadline=None)
@given(reports())
def test_json_round_trip(rep):
    assert from_dict(json.loads(to_json(rep))) == rep


@settings(max_examples=examples(60), deadline=None)
@given(reports())
def test_markdown_table_keeps_its_columns(rep):
    table = [line for line in to_markdown(rep).splitlines() if line.startswith("| ") or line.startswith("|---")]
    assert len(table) == 2 + len(rep.rows)
    for line in table:
        cells = line.replace("\\|", "").count("|")
        assert cells == 10
