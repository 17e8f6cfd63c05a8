"""Hostile input: random and crafted lines never crash the parser, the session or ``banker play``, and a refused
line never changes the state or writes to the journal."""

import json
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banker.cli.main import main
from banker.commands import VERB_NAMES, parse
from banker.session import Session
from rules import RuleError, Settings, new_game
from tests.kit.conservation import conserved
from tests.kit.fuzz import examples

pytestmark = pytest.mark.slow  # fuzzing: deselected in the dev run (README, "Developing")

STATE = new_game(["Ann", "Bob", "Cy"], Settings())
WORDS = list(VERB_NAMES) + [
    "ann",
    "bob",
    "cy",
    "zed",
    "park",
    "place",
    "boardwalk",
    "st",
    "charles",
    "to",
    "from",
    "each",
    "bank",
    "give",
    "get",
    "lift",
    "nothing",
    "dice",
    "card",
    "exact",
    "income",
    "luxury",
    "chance",
    "chest",
    "jail-card",
    "$100",
    "-5",
    "0",
    "10%",
    "1e9",
    "99999999999",
    "'; DROP TABLE events; --",
    "NULL",
    "ｐａｙ",
    "Ánn",
    "💸",
    "",
    "#",
    ",",
    "$",
    "£5",
    "\x00",
    "\u202e",
    "１００",
]
line = st.one_of(
    st.text(max_size=80),
    st.lists(st.sampled_from(WORDS), max_size=9).map(" ".join),
    st.lists(
        st.one_of(st.sampled_from(WORDS), st.text(max_size=8), st.integers(-(10**30), 10**30).map(str)), max_size=8
    ).map(" ".join),
)


@given(line)
@settings(max_examples=examples(400), deadline=None)
def test_parser_never_crashes(text):
    try:
        parse(text, STATE)
    except RuleError as e:
        assert str(e)


@given(st.lists(line, min_size=1, max_size=6))
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_session_refusals_change_nothing(tmp_path, lines):
    db = tmp_path / "fuzz.db"
    db.unlink(missing_ok=True)
    with Session.create(db, ["Ann", "Bob", "Cy"], Settings()) as s:
        s.execute("buy ann park place")
        for text in lines:
            before, seq = s.state, s.last_seq
            reply = s.execute(text)
            if not reply.ok:
                assert s.state == before and s.last_seq == seq and reply.message
            st_ = s.state
            assert conserved(st_)
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT COUNT(*) FROM events").fetchone()[0] == s.last_seq
            conn.execute("SELECT * FROM games").fetchall()  # the tables are still there


@given(st.lists(line, max_size=5))
@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_play_never_crashes(tmp_path, capsys, lines):
    script = tmp_path / "fuzz.txt"
    db = tmp_path / "play.db"
    db.unlink(missing_ok=True)
    script.write_text(
        "new standard Ann Bob\n" + "\n".join(x.replace("\r", " ") for x in lines) + "\n",
        encoding="utf-8",
        errors="surrogatepass",
    )
    status = main(["play", str(script), "--db", str(db), "--json"])
    out = capsys.readouterr()
    assert status in (0, 2)
    data = json.loads(out.out)
    assert {p["name"] for p in data["players"]} == {"Ann", "Bob"}
    if status == 2:
        assert out.err.startswith("line ")


OPS = st.lists(
    st.sampled_from(
        [
            "pay ann 7",
            "collect bob 3",
            "pay cy 11 to ann",
            "buy ann park place",
            "buy bob boardwalk",
            "undo",
            "undo",
            "redo",
        ]
    ),
    max_size=40,
)


@given(OPS)
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_undo_redo_matches_a_model_and_survives_reopen(tmp_path, ops):
    """Undo/redo against a plain model (a stack of states and a redo stack), then reopen: same state."""
    import banker.session as session_module

    db = tmp_path / "model.db"
    db.unlink(missing_ok=True)
    old_every = session_module.CHECKPOINT_EVERY
    session_module.CHECKPOINT_EVERY = 5  # many checkpoints, so undo crosses them
    try:
        with Session.create(db, ["Ann", "Bob", "Cy"], Settings()) as s:
            stack, redo = [s.state], []
            for op in ops:
                reply = s.execute(op)
                if op == "undo":
                    assert reply.ok == (len(stack) > 1)
                    if reply.ok:
                        redo.append(stack.pop())
                elif op == "redo":
                    assert reply.ok == bool(redo)
                    if reply.ok:
                        stack.append(redo.pop())
                elif reply.ok:
                    stack.append(reply.outcome.state)
                    redo.clear()
                assert s.state == stack[-1]
            final = s.state
        with Session.open(db) as again:
            assert again.state == final
            assert again.can_redo == bool(redo)
            for expected in reversed(stack[:-1]):
                assert again.execute("undo").ok and again.state == expected
    finally:
        session_module.CHECKPOINT_EVERY = old_every
