"""The Session API over the journal: execute/preview, refusals write nothing, undo/redo at any depth, resume,
checkpoints, two sessions on one database, game end -> scores."""

import random
import sqlite3
import subprocess
import sys

import pytest

import rules
from banker import session as session_module
from banker.journal import Journal, NoDatabase, NoGame
from banker.session import CHECKPOINT_EVERY, Session
from banker.views import state_json
from rules import Settings
from tests.kit.journal import hotels_on_all_but_one


def count_events(db):
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]


@pytest.fixture
def db(tmp_path):
    return tmp_path / "game.db"


@pytest.fixture
def game(db):
    s = Session.create(db, ["Ann", "Bob", "Cy"], Settings())
    yield s
    s.close()


def test_execute_applies_and_journals(game, db):
    reply = game.execute("buy ann park place")
    assert reply.ok and reply.changed and not reply.query
    assert reply.outcome is not None and reply.outcome.state is game.state
    assert game.state.player("Ann").cash == 1500 - 350
    assert count_events(db) == 1
    [entry] = game.log()
    assert entry.kind == "action" and entry.text == "buy ann park place" and not entry.undone
    assert "Park Place" in entry.summary


REFUSED = [
    "buy ann nowhere",
    "pay ann 999999",
    "build ann park place",
    "frob",
    "",
    "redo",
    "new standard Ann Bob",
    "pay ann -1",
    "mortgage bob boardwalk",
    "rent bob park place",
    "sell cy boardwalk",
    "unmortgage cy boardwalk",
    "jail ann fine",
    "jail ann card",
    "trade ann bob give boardwalk get nothing",
    "parking ann",
    "shortage ann park place 2 100",
    "auction boardwalk ann 10",
    "deal ann park place",
    "card ann chance no_such_card",
    "rent cy boardwalk",
    "end time",
    "turn zed",
    "collect ann 5 from zed",
    "build cy boardwalk 2",
    "trade ann bob give $99999 get nothing",
    "show rent nowhere",
    "bankrupt ann to ann",
    "show tax zed",
]


@pytest.mark.parametrize("line", REFUSED)
def test_refusals_change_nothing_and_write_nothing(game, db, line):
    game.execute("buy cy boardwalk")
    before_state, before_events = game.state, count_events(db)
    reply = game.execute(line)
    assert not reply.ok and not reply.changed and reply.error is not None and reply.message
    assert game.state == before_state
    assert count_events(db) == before_events


def test_cannot_pay_carries_missing_and_can_raise(game):
    game.execute("buy ann park place")
    reply = game.execute("pay ann 2000")
    assert isinstance(reply.error, rules.CannotPay)
    assert reply.error.missing == 2000 - 1150 and reply.error.can_raise == 175
    assert reply.error.creditor == "bank"
    assert reply.line == "pay ann 2000"  # the app records it again, as typed, once the money is raised
    assert game.execute("mortgage ann park place").line == "mortgage ann park place"


def test_preview_writes_nothing(game, db):
    reply = game.preview("buy ann park place")
    assert reply.ok and reply.outcome.state.player("Ann").cash == 1150
    assert game.state.player("Ann").cash == 1500 and count_events(db) == 0
    assert not game.preview("buy ann nowhere").ok


def test_queries_answer_and_change_nothing(game, db):
    game.execute("buy ann park place")
    for line, fragment in [
        ("show rent park place", "$35"),
        ("show worth", "Ann: $1,500"),
        ("show tax ann", "10% of"),
        ("show raise ann", "could raise $175"),
        ("show scores", "1. "),
    ]:
        reply = game.execute(line)
        assert reply.ok and reply.query and not reply.changed, line
        assert fragment in reply.message, (line, reply.message)
    assert count_events(db) == 1


def test_undo_redo_any_depth(game, db):
    lines = ["buy ann park place", "buy bob boardwalk", "rent bob park place", "pay cy 10", "collect ann 5"]
    states = [game.state]
    for line in lines:
        assert game.execute(line).ok
        states.append(game.state)
    for depth in range(len(lines), 0, -1):
        assert game.can_undo
        assert game.execute("undo").ok
        assert game.state == states[depth - 1]
    assert not game.can_undo and not game.execute("undo").ok
    for depth in range(1, len(lines) + 1):
        assert game.execute("redo").ok
        assert game.state == states[depth]
    assert not game.can_redo
    kinds = [e.kind for e in game.log()]
    assert kinds == ["action"] * 5 + ["undo"] * 5 + ["redo"] * 5
    assert all(e.target for e in game.log() if e.kind != "action")


def test_new_action_after_undo_clears_redo(game):
    game.execute("buy ann park place")
    game.execute("buy bob boardwalk")
    game.execute("undo")
    assert game.can_redo
    game.execute("pay cy 10")
    assert not game.can_redo and not game.execute("redo").ok
    undone = [e for e in game.log() if e.undone]
    assert [e.text for e in undone] == ["buy bob boardwalk"]
    assert [e.text for e, _ in game.history()] == ["buy ann park place", "pay cy 10"]


def test_resume_after_reopen_same_state(game, db):
    for line in ["buy ann park place", "buy bob boardwalk", "undo", "pay cy 10", "undo", "redo"]:
        assert game.execute(line).ok
    state, log = game.state, game.log()
    game_id = game.game_id
    game.close()
    with Session.open(db) as again:
        assert again.game_id == game_id and again.state == state and again.log() == log
        assert again.can_undo and not again.can_redo
        assert again.execute("undo").ok
    with Session.open(db, game_id) as third:
        assert third.state.player("Cy").cash == 1500


def test_a_hotel_won_at_a_shortage_auction_replays_from_the_journal(game, db, monkeypatch):
    """seed 000, BUILDING SHORTAGE ("the houses or hotels"): the journalled action keeps that it sold a hotel, so
    undo/redo and a resume that replays the journal rebuild the same state."""
    lines = hotels_on_all_but_one("cy") + ["buy bob oriental", "buy bob vermont", "buy bob connecticut"]
    for line in [
        *lines,
        "buy ann mediterranean",
        "buy ann baltic",
        "build ann baltic 8",
        "shortage ann baltic hotel 75",
    ]:
        assert game.execute(line).ok, line
    state = game.state
    assert state.holding(state.deed("Baltic Avenue")).level == state.hotel_level
    assert (state.houses, state.hotels, state.player("Ann").cash) == (28, 0, 1500 - 120 - 400 - 75)
    assert game.execute("undo").ok and game.execute("redo").ok and game.state == state
    monkeypatch.setattr(Session, "_checkpoint_tail", lambda self: None)  # no closing checkpoint: replay it all
    game.close()
    with Session.open(db) as again:
        assert again.state == state


def test_a_database_with_a_rent_asked_too_late_before_the_rule_opens_as_it_was(db, monkeypatch):
    """Issue 30: a database written before Banker enforced the deadline for rent (seed 000, PAYING RENT) may hold a
    rent asked too late. Its game's settings, as every earlier Banker journalled them, hold no ``rules_version``:
    the game plays by the rules it was created with, so its journal replays to the same state, and it goes on
    accepting such a rent; a game created now in the same database refuses it."""
    from rules.codec import state_to_dict
    from rules.words import RulesVersion

    late = ["buy cy new york", "next", "next", "next", "rent ann new york"]  # Ann's turn was turn 1; it is turn 4
    with Session.create(db, ["Ann", "Bob", "Cy", "Dee"], Settings(rules_version=RulesVersion.FIRST)) as old:
        for line in late:
            assert old.execute(line).ok, line
        state, log = old.state, old.log()
        monkeypatch.setattr(Session, "_checkpoint_tail", lambda self: None)  # no closing checkpoint: replay it all
    with sqlite3.connect(db) as conn:
        (settings,) = conn.execute("SELECT settings FROM games").fetchone()
    assert "rules_version" not in settings and "played" not in str(state_to_dict(state))
    with Session.open(db) as again:
        assert again.state == state and again.log() == log
        assert again.execute("rent ann new york").ok  # still Dee's turn, by the game's own rules
    with Session.create(db, ["Ann", "Bob", "Cy", "Dee"], Settings()) as new:
        for line in late[:-1]:
            assert new.execute(line).ok, line
        reply = new.execute(late[-1])
        assert not reply.ok and "asked too late" in reply.message and "(seed 000, PAYING RENT)" in reply.message


def test_open_without_games_raises_lookup(db):
    with pytest.raises(LookupError):
        Session.open(db)
    assert Session.last_unfinished(db) is None


def test_a_missing_database_or_game_is_a_typed_error(game, db, tmp_path):
    # the CLI tells these apart by type, not by the words of the message
    with pytest.raises(NoDatabase) as missing:
        Session.open(tmp_path / "none.db")
    assert missing.value.path == tmp_path / "none.db"
    with pytest.raises(NoGame) as no_game:
        Session.open(db, 99)
    assert (no_game.value.game, no_game.value.path) == (99, db)
    empty = tmp_path / "empty.db"
    Journal(empty).close()
    with pytest.raises(NoGame) as none_yet:
        Session.open(empty)
    assert none_yet.value.game is None


def checkpoint_seqs(db):
    with sqlite3.connect(db) as conn:
        return [r[0] for r in conn.execute("SELECT seq FROM checkpoints ORDER BY seq")]


def _long_game(s, n):
    states = [s.state]
    for i in range(n):
        assert s.execute("pay ann 1" if i % 2 == 0 else "collect ann 1").ok
        states.append(s.state)
    return states


def test_checkpoints_bound_resume_replay(game, db, monkeypatch):
    states = _long_game(game, 3 * CHECKPOINT_EVERY + 17)
    monkeypatch.setattr(Session, "_checkpoint_tail", lambda self: None)  # as if the app died before closing
    game.close()
    assert checkpoint_seqs(db) == [100, 200, 300]
    calls = []
    real = rules.apply

    def counting(state, action):
        calls.append(action)
        return real(state, action)

    monkeypatch.setattr(session_module.rules, "apply", counting)
    with Session.open(db) as again:
        assert again.state == states[-1]
        assert len(calls) <= CHECKPOINT_EVERY
        # Undo far past several checkpoints is still exact.
        for k in range(len(states) - 2, len(states) - 260, -1):
            assert again.execute("undo").ok
            assert again.state == states[k]


def test_close_saves_a_checkpoint_so_the_next_resume_replays_nothing(game, db, monkeypatch):
    """The banker quits and relaunches: the game reopens from a checkpoint of its last event, with no replay
    (and without loading the engine); undo from there is still exact."""
    states = _long_game(game, 36)
    assert game.execute("undo").ok
    state, log = game.state, game.log()
    assert checkpoint_seqs(db) == []
    game.close()
    assert checkpoint_seqs(db) == [37]
    calls = []
    real = rules.apply
    monkeypatch.setattr(session_module.rules, "apply", lambda st, a: calls.append(a) or real(st, a))
    with Session.open(db) as again:
        assert again.state == state and again.log() == log and calls == []
        assert again.can_redo and again.execute("redo").ok and again.state == states[36]
        for k in range(35, -1, -1):
            assert again.execute("undo").ok
            assert again.state == states[k]


def test_closing_checkpoints_replace_each_other(game, db):
    """One command per session (`banker do` in a second terminal): the game keeps one closing checkpoint beside
    the periodic ones, not one per command, and every reopen is still exact."""
    game.close()
    for i in range(CHECKPOINT_EVERY + 3):
        with Session.open(db) as s:
            assert s.execute("pay ann 1" if i % 2 else "collect ann 2").ok
    assert checkpoint_seqs(db) == [CHECKPOINT_EVERY, CHECKPOINT_EVERY + 3]
    with Session.open(db) as again:
        assert again.state.player("Ann").cash == 1500 + 52 * 2 - 51
        assert again.execute("undo").ok and again.state.player("Ann").cash == 1500 + 51 * 2 - 51


def test_a_session_that_recorded_nothing_writes_nothing_when_it_closes(game, db):
    _long_game(game, 5)
    game.close()
    with sqlite3.connect(db) as conn:
        before = conn.execute("SELECT COUNT(*) FROM checkpoints").fetchone()[0]
    with Session.open(db) as reader:
        assert reader.execute("show worth").ok  # a query records nothing
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM checkpoints").fetchone()[0] == before


def test_close_leaves_the_checkpoint_to_the_newer_session(db):
    """Two screens on one game: the one that falls behind does not snapshot its older state on closing."""
    a = Session.create(db, ["Ann", "Bob"], Settings())
    b = Session.open(db)
    assert a.execute("pay ann 10").ok
    assert b.execute("pay bob 20").ok  # b reloads a's command first
    a.close()
    assert checkpoint_seqs(db) == []
    b.close()
    assert checkpoint_seqs(db) == [2]
    with Session.open(db) as again:
        assert [p.cash for p in again.state.players] == [1490, 1480]


def test_the_game_at_any_entry_is_replayed_from_the_checkpoint_before_it(game, db, monkeypatch):
    """``state --at N`` (issue 33): the game as it was after any entry of a long game, undos, redos and ``undo to``
    across checkpoints included, is the state the session had then; the engine replays from the checkpoint before
    the entry (at most a few hundred actions), not from entry 1."""
    pick = random.Random(33)
    states = {0: game.state}
    while game.last_seq < 4 * CHECKPOINT_EVERY:
        roll = pick.random()
        if roll < 0.1 and game.can_undo:
            line = f"undo to {pick.choice(game._timeline.stack[-40:])}" if roll < 0.02 else "undo"
        elif roll < 0.17 and game.can_redo:
            line = "redo"
        else:
            line = f"pay ann {pick.randint(1, 9)}" if pick.random() < 0.5 else f"collect bob {pick.randint(1, 9)}"
        game.execute(line)  # `undo to` the last action in effect is refused: nothing written
        states[game.last_seq] = game.state
    game.close()
    calls = []
    real = rules.apply
    monkeypatch.setattr(session_module.rules, "apply", lambda st, a: calls.append(a) or real(st, a))
    with Session.open(db, readonly=True) as again:
        for seq, state in states.items():
            calls.clear()
            assert again.state_after(seq) == state, seq
            assert len(calls) <= 2 * CHECKPOINT_EVERY, (seq, len(calls))


def test_undo_past_checkpoint_then_resume(game, db):
    states = _long_game(game, CHECKPOINT_EVERY + 5)
    for _ in range(20):
        game.execute("undo")
    assert game.state == states[-21]
    game.execute("pay bob 3")
    expected = game.state
    game.close()
    with Session.open(db) as again:
        assert again.state == expected
        for _ in range(CHECKPOINT_EVERY - 14):
            assert again.execute("undo").ok
        assert again.state == states[-21 - (CHECKPOINT_EVERY - 15)]


def test_two_sessions_stale_write_reloads(db):
    first = Session.create(db, ["Ann", "Bob"], Settings())
    second = Session.open(db)
    assert first.execute("buy ann park place").ok
    # second has not seen it: its command is re-validated against the new state
    reply = second.execute("buy bob park place")
    assert not reply.ok and "the game changed; reloaded" in reply.message
    assert second.state.holding(second.state.deed("Park Place")).owner == 0
    reply = second.execute("buy bob boardwalk")
    assert reply.ok
    assert first.reload() and first.state == second.state
    assert not first.reload()
    assert count_events(db) == 2
    # a valid stale command is applied on top of the other's, nothing lost
    assert first.execute("pay ann 10").ok
    assert second.execute("pay bob 20").ok
    first.reload()
    assert first.state == second.state and count_events(db) == 4
    assert first.state.player("Ann").cash == 1500 - 350 - 10
    first.close()
    second.close()


def test_game_end_writes_scores_and_undo_clears_them(db):
    s = Session.create(db, ["Ann", "Bob"], Settings())
    s.execute("buy ann park place")
    s.execute("rent bob park place")
    reply = s.execute("end")
    assert reply.ok and s.state.over
    scores = s.scores()
    assert [(r.name, r.rank, r.total, r.winner) for r in scores] == [
        ("Ann", 1, 1535, 1),
        ("Bob", 2, 1465, 0),
    ]
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT over, winner FROM games").fetchone() == (1, scores[0].name)
    assert not s.execute("pay ann 5").ok
    s.execute("undo")
    assert not s.state.over and s.scores() == []
    assert Session.last_unfinished(db) is not None
    s.close()


def test_state_json_shape(game):
    game.execute("buy ann park place")
    data = state_json(game.state, game.game_id)
    assert data["game"]["id"] == game.game_id and data["game"]["turn"] == "Ann" and data["game"]["over"] is False
    ann = data["players"][0]
    assert ann == {
        **ann,
        "name": "Ann",
        "cash": 1150,
        "bankrupt": False,
        "in_jail": False,
        "jail_turns": 0,
        "jail_cards": [],
        "worth": 1500,
    }
    assert data["bank"]["houses"] == 32 and data["bank"]["hotels"] == 12
    park = next(d for d in data["deeds"] if d["name"] == "Park Place")
    assert park == {**park, "owner": "Ann", "mortgaged": False, "houses": 0, "hotel": False}
    assert len(data["deeds"]) == 28 and data["free_parking"] == 0


def test_create_refuses_bad_games(db):
    with pytest.raises(rules.RuleError):
        Session.create(db, ["Ann"], Settings())
    with pytest.raises(rules.RuleError):
        Session.create(db, ["Ann", "bank"], Settings())


def test_stale_undo_is_refused_not_retargeted(db):
    first = Session.create(db, ["Ann", "Bob"], Settings())
    second = Session.open(db)
    assert second.execute("buy bob boardwalk").ok
    first.reload()
    assert first.execute("buy ann park place").ok
    reply = second.execute("undo")
    assert not reply.ok and "the game changed; reloaded" in reply.message
    assert second.state == first.state and count_events(db) == 2
    assert second.execute("undo").ok  # now it knows what it takes back
    first.reload()
    assert first.state.holding(first.state.deed("Park Place")).owner is None
    first.close()
    second.close()


def test_journalled_text_stays_on_one_line(game):
    assert game.execute("pay ann\n5").ok
    assert game.log()[-1].text == "pay ann 5"


def test_new_inside_a_game_is_refused_with_the_way_to_start_one(game):
    reply = game.execute("new standard Ann Bob")
    assert not reply.ok and "use banker's new-game screen or `banker new`" in reply.message


def test_history_pairs_entries_with_outcomes(game):
    for line in ["buy ann park place", "rent bob park place", "undo", "pay cy 5"]:
        game.execute(line)
    history = game.history()
    assert [(e.text, o.summary) for e, o in history] == [
        ("buy ann park place", "Ann buys Park Place from the bank for $350"),
        ("pay cy 5", history[1][1].summary),
    ]
    assert history[-1][1].state == game.state
    assert game.preview("undo").outcome.state == history[0][1].state


def test_resuming_from_a_checkpoint_loads_no_engine(game, db):
    """Opening a game saved on close and reading what the table shows (balances, worth, the log) needs the
    state and valuation only; the parser and the action handlers load on the first command."""
    _long_game(game, 12)
    game.close()
    probe = (
        "import sys\n"
        "from banker.session import Session\n"
        "from banker.tui.widgets import queries\n"
        f"s = Session.open({str(db)!r})\n"
        "print([queries.valuation_total(s.state, i) for i in range(3)], len(s.log(limit=30)))\n"
        "loaded = {m for m in sys.modules if m in ('banker.commands', 'rules.actions', 'rules.engine')}\n"
        "assert not loaded, loaded\n"
        "assert s.execute('pay ann 1').ok and 'rules.actions' in sys.modules\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[1500,", "1500,", "1500]", "12"]


def test_listeners_hear_every_change_and_nothing_else(db):
    """add_listener: called after a commit (action, undo, redo), after a reload that found another process's
    commands, and after a refusal that reloaded them first; never for a refusal, a query or an empty reload."""
    app = Session.create(db, ["Ann", "Bob", "Cy"], Settings())
    other = Session.open(db, app.game_id)
    heard = []
    app.add_listener(heard.append)
    app.add_listener(heard.append)  # added once
    assert app.execute("buy ann park place").ok and heard == [app]
    for line in ("undo", "redo"):
        assert app.execute(line).ok
    assert len(heard) == 3
    assert not app.execute("buy ann park place").ok  # refused: nothing changed
    assert app.execute("show worth").ok and not app.reload()
    assert len(heard) == 3
    assert other.execute("pay bob 10").ok
    assert app.reload() and len(heard) == 4
    assert other.execute("pay bob 10").ok
    reply = app.execute("undo")  # refused after reading Bob's payment: the game on screen changed all the same
    assert not reply.ok and reply.changed and len(heard) == 5
    app.remove_listener(heard.append)
    assert app.execute("pay cy 5").ok and len(heard) == 5
    other.close()
    app.close()


def test_each_checkpoint_writes_the_stacks_as_they_are_and_only_the_newest_keeps_them(game, db, monkeypatch):
    """A checkpoint's stack text is built from the blocks the previous one wrote where they are unchanged (issue
    33: encoding the whole stack each time grew with the game); whatever undos and redos did in between, it reads
    back as the stack, and the older checkpoints lose theirs."""
    import json

    from banker import journal

    monkeypatch.setattr(journal._IntsText, "BLOCK", 8)  # many blocks in a short game
    pick = random.Random(7)
    for _ in range(5):
        while game.last_seq % CHECKPOINT_EVERY < CHECKPOINT_EVERY - 1:
            game.execute("undo" if pick.random() < 0.3 and game.can_undo else "pay ann 1")
        game.execute("redo" if game.can_redo else "collect ann 1")  # the checkpoint
        with sqlite3.connect(db) as conn:
            rows = conn.execute("SELECT seq, stack, redo FROM checkpoints WHERE stack IS NOT NULL").fetchall()
        assert rows == [
            (game.last_seq, json.dumps(list(game._timeline.stack)), json.dumps(list(game._timeline.undone)))
        ]


def test_log_marks_a_fresh_entry_as_it_stands(game, db):
    """`banker log` during a burst showed `127 next … (undone)`: the rows were read now, the undo history when the
    database was opened. The report's reproduction: open read-only, record from a second session, read the log."""
    game.execute("buy ann park place")
    game.execute("undo")
    with Session.open(db, readonly=True) as reader:
        game.execute("collect bob 2")
        entries = reader.log()
        assert [(e.text, e.undone, e.redoable) for e in entries if e.kind == "action"] == [
            ("buy ann park place", True, False),  # a new action clears the redo stack: undone for good
            ("collect bob 2", False, False),
        ]
        assert [(e.text, e.undone) for e in reader.log(limit=1)] == [("collect bob 2", False)]


def test_log_reads_rows_and_undo_history_at_one_moment(game, db, monkeypatch):
    """The race itself: another process commits an entry and an undo between the log's read of its rows and its read
    of the undo history (here an undo of the entry just read). Both are read in one read transaction, so the rows and
    their marks agree: the rows from before the undo, unmarked."""
    game.execute("buy ann park place")
    with Session.open(db, readonly=True) as reader:
        rows_read = reader._j.log

        def rows_then_a_commit(*args, **kwargs):
            rows = rows_read(*args, **kwargs)
            game.execute("undo")
            return rows

        monkeypatch.setattr(reader._j, "log", rows_then_a_commit)
        entries = reader.log()
        assert [(e.text, e.undone) for e in entries] == [("buy ann park place", False)]
        monkeypatch.setattr(reader._j, "log", rows_read)
        assert [(e.text, e.undone, e.redoable) for e in reader.log()] == [
            ("buy ann park place", True, True),
            ("undo", False, False),
        ]
