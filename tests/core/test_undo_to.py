"""Undo to here: ``undo to N`` takes back everything after journal entry N in one step and one transaction,
journalled as ordinary undos (so ``redo`` brings them back one by one, or ``redo to N`` in bulk); Shift+U on the
table picks the entry from the journal."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import OptionList

from banker.session import Session
from banker.tui.app import make_app
from banker.tui.dialogs.undo_to import UndoToDialog
from banker.tui.screens.table import TableScreen
from rules import Settings
from tests.kit.fuzz import examples
from tests.kit.screens import text_of
from tests.kit.waits import until

PAYS = ["pay ann 1", "pay ann 2", "pay ann 4", "pay ann 8", "pay ann 16"]


def _game(db: Path, lines=PAYS) -> Session:
    s = Session.create(db, ["Ann", "Bob"], Settings())
    for line in lines:
        assert s.execute(line).ok
    return s


def cash(s: Session) -> int:
    return s.state.players[0].cash


def test_undo_to_takes_back_everything_after_the_entry_as_ordinary_undos(tmp_path):
    s = _game(tmp_path / "g.db")
    reply = s.execute("undo to 2")
    assert reply.ok and reply.kind == "undo" and cash(s) == 1500 - 3
    assert reply.message == (
        "Took back 3 actions, everything after entry 2: Ann pays $16 to the bank; Ann pays $8 to "
        "the bank; Ann pays $4 to the bank"
    )
    log = s.log()
    assert [(e.seq, e.kind, e.target, e.text) for e in log[5:]] == [
        (6, "undo", 5, "undo to 2"),
        (7, "undo", 4, "undo to 2"),
        (8, "undo", 3, "undo to 2"),
    ]
    assert [e.undone for e in log[:5]] == [False, False, True, True, True]
    assert s.execute("redo").ok and cash(s) == 1500 - 7  # one by one
    assert s.execute("redo to 5").ok and cash(s) == 1500 - 31  # or the rest in bulk
    assert not s.can_redo
    s.close()
    with Session.open(tmp_path / "g.db") as again:  # the journal says the same thing
        assert cash(again) == 1500 - 31
        assert again.execute("undo to 1").ok and cash(again) == 1499


def test_n_undos_are_one_transaction(tmp_path):
    s = _game(tmp_path / "g.db")
    statements: list[str] = []
    s._j.conn.set_trace_callback(statements.append)
    assert s.execute("undo to 1").ok
    s._j.conn.set_trace_callback(None)
    assert sum(x.startswith("BEGIN") for x in statements) == 1
    assert sum(x == "COMMIT" for x in statements) == 1
    s.close()


def test_a_redo_entry_means_the_action_it_brought_back(tmp_path):
    s = _game(tmp_path / "g.db")
    for line in ("undo", "undo", "redo", "redo"):  # entries 6 to 9: 8 redoes action 4, 9 redoes action 5
        assert s.execute(line).ok
    reply = s.execute("undo to 8")  # everything after action 4
    assert reply.ok and cash(s) == 1500 - 15 and s.log()[-1].target == 5
    assert not s.execute("undo to 8").ok  # nothing after action 4 now
    s.close()


def test_refusals_change_nothing(tmp_path):
    s = _game(tmp_path / "g.db")
    assert s.execute("undo to 3").ok  # entries 6 and 7: undos of 5 and 4
    refusals = {
        "undo to 99": "there is no entry 99",
        "undo to 6": "entry 6 is an undo",
        "undo to 4": "entry 4 is taken back already; `redo to 4` brings it back",
        "undo to 3": "nothing to undo: entry 3 is the last action in effect",
        "redo to 2": "nothing to redo: entry 2 is in effect",
    }
    for line, says in refusals.items():
        before, seq = s.state, s.last_seq
        reply = s.execute(line)
        assert not reply.ok and says in reply.message, (line, reply.message)
        assert s.state == before and s.last_seq == seq
    assert s.execute("pay bob 1").ok  # a new action clears the redo stack
    reply = s.execute("redo to 5")
    assert not reply.ok and "a new action was recorded after it was undone" in reply.message
    s.close()


def test_another_screens_command_first_refuses_undo_to(tmp_path):
    db = tmp_path / "g.db"
    s = _game(db)
    with Session.open(db) as other:
        assert other.execute("pay bob 5").ok
    reply = s.execute("undo to 1")
    assert not reply.ok and "another screen recorded a command first" in reply.message
    s.close()


OPS = st.lists(
    st.one_of(
        st.sampled_from(["pay ann 7", "collect bob 3", "buy ann park place", "undo", "redo"]),
        st.tuples(st.sampled_from(["undo to", "redo to"]), st.integers(0, 12)),
    ),
    max_size=30,
)


@given(OPS)
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_undo_to_and_redo_to_match_a_model_and_survive_reopen(tmp_path, ops):
    """The stack model of tests/core/test_fuzz.py, with bulk steps (``undo to k``: back to the k-th effective
    action's entry; ``redo to k``: the k-th entry of the redo stack), across checkpoints, then reopened."""
    import banker.session as session_module

    db = tmp_path / "model.db"
    db.unlink(missing_ok=True)
    old_every = session_module.CHECKPOINT_EVERY
    session_module.CHECKPOINT_EVERY = 5
    try:
        with Session.create(db, ["Ann", "Bob", "Cy"], Settings()) as s:
            stack, redo = [(None, s.state)], []  # (seq of the action, state after it)
            for op in ops:
                if isinstance(op, tuple):
                    kind, k = op
                    if kind == "undo to":
                        entry = stack[min(k, len(stack) - 1)][0] if k < len(stack) else 999
                        reply = s.execute(f"undo to {entry or 999}")
                        n = len(stack) - 1 - k if entry else 0
                        assert reply.ok == (entry is not None and n > 0), (op, reply.message)
                        for _ in range(n if reply.ok else 0):
                            redo.append(stack.pop())
                    else:
                        entry = redo[-1 - k][0] if k < len(redo) else 999
                        reply = s.execute(f"redo to {entry}")
                        assert reply.ok == (k < len(redo)), (op, reply.message)
                        for _ in range(k + 1 if reply.ok else 0):
                            stack.append(redo.pop())
                else:
                    before = s.last_seq
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
                        stack.append((before + 1, reply.outcome.state))
                        redo.clear()
                assert s.state == stack[-1][1]
            final = s.state
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT COUNT(*), MAX(seq) FROM events").fetchone()[0] == s.last_seq
        with Session.open(db) as again:
            assert again.state == final and again.can_redo == bool(redo)
            for _seq, expected in reversed(stack[:-1]):
                assert again.execute("undo").ok and again.state == expected
    finally:
        session_module.CHECKPOINT_EVERY = old_every


# The app ---------------------------------------------------------------------------------------------------


async def test_shift_u_picks_an_entry_and_takes_back_everything_after_it():
    db = Path(os.environ["BANKER_DB"])
    session = _game(db)
    app = make_app(db, session)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("U")
        await until(pilot, lambda: isinstance(app.screen, UndoToDialog), "the undo-to dialog")
        dialog = app.screen
        assert isinstance(dialog, UndoToDialog)
        entries = dialog.query_one("#entries", OptionList)
        assert entries.option_count == 5 and entries.highlighted == 0  # newest first
        await pilot.press("enter")  # the last action: nothing after it
        refused = "nothing to undo: entry 5 is the last action in effect"
        await until(pilot, lambda: refused in text_of(dialog.query_one("#refusal")), "the refusal")
        await pilot.press("down", "down", "down")  # entry 2
        await until(pilot, lambda: "After entry 2: " in text_of(dialog.query_one("#at-entry")), "the balances")
        # the game as it was right after entry 2 (issue 25): Ann had paid $1 and $2 then
        assert text_of(dialog.query_one("#at-entry")).startswith("After entry 2: Ann $1,497 · Bob $1,500")
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, UndoToDialog), "the dialog to close")
        assert cash(app.session) == 1500 - 3
        assert "Took back 3 actions, everything after entry 2" in text_of(app.screen.query_one("#reply"))
        await pilot.press("y")  # redo, one by one
        await until(pilot, lambda: cash(app.session) == 1500 - 7, "the redo")
        await pilot.press("U")
        await until(pilot, lambda: isinstance(app.screen, UndoToDialog), "the undo-to dialog again")
        labels = [str(app.screen.query_one("#entries", OptionList).get_option_at_index(i).prompt) for i in range(8)]
        assert labels[0].startswith("   9  redo: Ann pays $4") and labels[4].startswith("   5  Ann pays $16")
        assert "(undone: Enter redoes up to here)" in labels[4]
        options = app.screen.query_one("#entries", OptionList)
        assert [options.get_option_at_index(i).disabled for i in range(5)] == [False, True, True, True, False]
        await pilot.press("down")  # past the three undo entries, which cannot be chosen
        assert options.get_option_at_index(options.highlighted).id == "entry-5"
        await pilot.press("enter")  # entry 5, undone: redo up to it
        await until(pilot, lambda: cash(app.session) == 1500 - 31, "the redo up to entry 5")
        assert not app.session.can_redo


def test_steps_recorded_together_are_one_undo_and_one_redo(tmp_path):
    """The raise-money dialog's sales, mortgages and payment are one step (issue 22); broken into by another
    action, or in a session that did not record them, they are undone one by one."""
    s = _game(tmp_path / "g.db", PAYS[:2])
    s.together([1, 2])
    assert s.undo_summary().startswith("2 steps: ")
    reply = s.execute("undo")
    assert reply.ok and reply.message.startswith("Took back 2 actions recorded as one step")
    assert not s.can_undo
    assert s.execute("redo").ok and s.state.players[0].cash == 1500 - 3
    assert s.execute("pay ann 4").ok  # a later action: u takes back that one alone
    assert s.execute("undo").ok and s.state.players[0].cash == 1500 - 3
    s.close()
    with Session.open(tmp_path / "g.db") as again:
        assert again.execute("undo").ok and again.state.players[0].cash == 1500 - 1


async def test_a_long_entry_wraps_under_its_words_not_under_its_number():
    """Found by a game-night review at 80x24: in the Undo-to list a long entry's second line began under its
    number, as the journal panel's never does. It wraps under its own words (a hanging indent), and the whole entry
    is still one choice."""
    db = Path(os.environ["BANKER_DB"])
    session = _game(db, ["buy bob mediterranean avenue", "pay bob 5"])
    assert session.execute("undo").ok and session.execute("undo").ok
    app = make_app(db, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await pilot.press("U")
        await until(pilot, lambda: isinstance(app.screen, UndoToDialog), "the undo-to dialog")
        entries = app.screen.query_one("#entries", OptionList)
        await until(pilot, lambda: entries.size.height > 0, "the list laid out")
        lines = [entries.render_line(y).text for y in range(entries.size.height)]
        first = next(i for i, line in enumerate(lines) if "   1  Bob buys Mediterranean Avenue" in line)
        words_at = lines[first].index("Bob buys")
        following = lines[first + 1]
        assert following[:words_at].strip() == "" and following[words_at] != " ", lines[first : first + 2]
        said = " ".join(line[words_at:].strip() for line in lines[first : first + 2])
        assert said == "Bob buys Mediterranean Avenue from the bank for $60 (undone: Enter redoes up to here)"
        assert entries.option_count == 4
        await pilot.press("down", "down", "down")
        assert entries.get_option_at_index(entries.highlighted).id == "entry-1"
