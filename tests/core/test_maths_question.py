"""The maths mode's question (banker.views.maths_question): who is asked, about which payment, the engine's
working without the answer; and the setting kept per player and game in the database."""

from __future__ import annotations

from banker.session import Session
from banker.views import maths_question
from rules import Settings


def _ask(s: Session, line: str, players: set[str]):
    reply = s.preview(line)
    assert reply.ok, reply.message
    return maths_question(s.state, reply.outcome, frozenset(players))


def test_questions_for_payments_to_and_from_the_player(tmp_path):
    with Session.create(tmp_path / "b.db", ["Ann", "Bob", "Cy"], Settings()) as s:
        for line in ("buy ann boardwalk", "buy ann park place"):
            assert s.execute(line).ok
        q = _ask(s, "rent bob boardwalk", {"Bob"})
        assert (q.player, q.question, q.amount) == ("Bob", "How much does Bob pay Ann?", 100)
        assert q.working == "Boardwalk, full set, unimproved, 2 x $50"  # seed 000, PAYING RENT: double on a set
        assert q.answer == "Bob pays Ann $100: Boardwalk, full set, unimproved, 2 x $50"
        q = _ask(s, "rent bob boardwalk", {"Ann"})  # the owner in maths mode is asked what she gets
        assert (q.player, q.question, q.amount) == ("Ann", "How much does Bob pay Ann?", 100)
        assert _ask(s, "rent bob boardwalk", {"Cy"}) is None  # nobody in maths mode takes part
        q = _ask(s, "tax cy luxury", {"Cy"})
        assert (q.question, q.amount) == ("How much does Cy pay the bank?", 100)
        q = _ask(s, "go cy", {"Cy"})
        assert (q.question, q.amount) == ("How much does the bank pay Cy?", 200)
        q = _ask(s, "pay cy 10 to each", {"Cy"})
        assert (q.question, q.amount) == ("How much does Cy pay in all?", 20)
        q = _ask(s, "collect ann 10 from each", {"Ann"})
        assert (q.question, q.amount) == ("How much does Ann get in all?", 20)
        assert _ask(s, "next", {"Ann", "Bob", "Cy"}) is None  # no money moves


def test_the_setting_is_per_player_and_game(tmp_path):
    db = tmp_path / "b.db"
    with Session.create(db, ["Ann", "Bob"], Settings()) as a, Session.create(db, ["Ann", "Bob"], Settings()) as b:
        assert a.maths_players() == frozenset()
        assert a.set_maths("bo") == "Bob"
        assert a.maths_players() == {"Bob"} and b.maths_players() == frozenset()
        a.set_maths("ann")
        a.set_maths("bob", on=False)
        assert a.maths_players() == {"Ann"}
    with Session.open(db, 1, readonly=True) as again:
        assert again.maths_players() == {"Ann"}


def test_a_correction_and_a_position_line_ask_nobody(tmp_path):
    """A correction is the banker's own fix, and a position taken over moves no money (docs/app.md, "Maths mode"):
    no player works either out."""
    with Session.create(tmp_path / "b.db", ["Ann", "Bob"], Settings()) as s:
        assert _ask(s, "position ann cash 900", {"Ann"}) is None
        assert _ask(s, "correct ann -50 change given twice", {"Ann"}) is None
