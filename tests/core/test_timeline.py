"""The timeline (banker/timeline.py): the undo/redo stacks and the state cache, with no database.

Actions are payments into and out of the bank, applied by the real rules engine; a "journal" is a dict of the
actions by seq, and stored snapshots a dict of states, so each test says what the session's journal would hold.
"""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from banker.timeline import Timeline
from rules.actions import Collect, Pay
from tests.kit.fuzz import examples

BASE = rules.new_game(["Ann", "Bob"], rules.Settings())


def apply(state, action, seq):
    return rules.apply(state, action)


def replay(actions, stack):
    """The state after the actions of ``stack``, applied one by one from the start: what the cache must give."""
    state = BASE
    for seq in stack:
        state = rules.apply(state, actions[seq]).state
    return state


def cash(state):
    return state.players[0].cash


def _recorded(n):
    """A timeline with n actions recorded (seqs 1..n: Ann collects 1, 2, 4, ...) and the actions by seq."""
    tl = Timeline(BASE, apply)
    actions = {}
    for seq in range(1, n + 1):
        actions[seq] = Collect("Ann", 2 ** (seq - 1))
        tl.record(seq, actions[seq])
    return tl, actions


def test_undo_and_redo_at_any_depth():
    tl, _ = _recorded(5)
    assert cash(tl.state) == 1500 + 31 and tl.can_undo and not tl.can_redo
    for k in range(4, -1, -1):
        assert tl.undo() == k + 1
        assert cash(tl.state) == 1500 + 2**k - 1
    assert not tl.can_undo and tl.state == BASE
    assert list(tl.undone) == [5, 4, 3, 2, 1]
    for k in range(1, 6):
        assert tl.redo() == k
        assert cash(tl.state) == 1500 + 2**k - 1
    assert not tl.can_redo and list(tl.stack) == [1, 2, 3, 4, 5]


def test_undo_replays_nothing_and_a_state_is_replayed_once():
    """Every state on the way is cached: an undo applies no action; a state not cached (a resumed timeline) is
    replayed from the nearest cached state below it, once."""
    _, actions = _recorded(6)
    applied = []

    def counting(state, action, seq):
        applied.append(seq)
        return rules.apply(state, action)

    tl = Timeline(BASE, counting, lambda seqs: {s: actions[s] for s in seqs})
    for seq in range(1, 4):
        tl.record(seq, actions[seq])
    assert applied == [1, 2, 3]
    tl.undo()
    tl.undo()
    assert cash(tl.state) == 1501 and applied == [1, 2, 3]
    tl.restore([1, 2, 3, 4, 5, 6], [], 6, replay(actions, [1, 2, 3, 4, 5, 6]))  # state at 1 still cached
    assert tl.state_at(4) == replay(actions, [1, 2, 3, 4]) and applied == [1, 2, 3, 2, 3, 4]
    assert tl.state_at(4) == replay(actions, [1, 2, 3, 4]) and tl.state_at(1) == replay(actions, [1])
    assert applied == [1, 2, 3, 2, 3, 4]


def test_a_new_action_clears_the_redo_stack():
    tl, _ = _recorded(3)
    tl.undo()
    tl.undo()
    assert list(tl.undone) == [3, 2]
    tl.record(6, Pay("Ann", 100))
    assert not tl.can_redo and list(tl.stack) == [1, 6]
    assert cash(tl.state) == 1500 + 1 - 100


def test_undo_to_n_is_n_undos_and_redo_brings_them_back_in_order():
    tl, actions = _recorded(8)
    while len(tl.stack) > 3:  # `undo to 3`
        tl.undo()
    assert tl.state == replay(actions, [1, 2, 3])
    assert list(tl.undone) == [8, 7, 6, 5, 4]
    while tl.stack[-1] != 6:  # `redo to 6`
        tl.redo()
    assert tl.state == replay(actions, [1, 2, 3, 4, 5, 6]) and list(tl.undone) == [8, 7]


def test_an_undo_journalled_with_its_target_pushes_that_target():
    tl, _ = _recorded(2)
    assert tl.undo(2) == 2 and list(tl.undone) == [2]


def test_a_resumed_timeline_loads_actions_and_snapshots_only_as_needed():
    """Resumed from a snapshot of its last state: nothing is applied until an undo reaches below it, and then
    only from the best snapshot of the same prefix of the stack (a snapshot of another branch is skipped)."""
    _, actions = _recorded(6)
    stored = {  # idx -> (last, state): the snapshot at 4 belongs to another branch (its 4th action was seq 9)
        2: (2, replay(actions, [1, 2])),
        4: (9, replay({**actions, 9: Pay("Ann", 7)}, [1, 2, 3, 9])),
    }
    loaded, applied = [], []

    def load_actions(seqs):
        loaded.extend(seqs)
        return {s: actions[s] for s in seqs}

    def snapshots(k):
        return [(idx, last, lambda idx=idx: stored[idx][1]) for idx, (last, _) in sorted(stored.items()) if idx <= k][
            ::-1
        ]

    def counting(state, action, seq):
        applied.append(seq)
        return rules.apply(state, action)

    tl = Timeline(BASE, counting, load_actions, snapshots)
    tl.restore([1, 2, 3, 4, 5, 6], [], 6, replay(actions, [1, 2, 3, 4, 5, 6]))
    assert tl.state == replay(actions, [1, 2, 3, 4, 5, 6]) and applied == [] and loaded == []
    tl.undo()
    tl.undo()
    assert tl.state == replay(actions, [1, 2, 3, 4])
    assert applied == [3, 4] and sorted(loaded) == [3, 4]  # from the snapshot at 2, not the other branch's at 4
    assert tl.redo() == 5 and loaded[-1] == 5


def test_return_to_a_bookmark_forgets_everything_since():
    tl, actions = _recorded(3)
    mark = tl.bookmark()
    tl.undo()
    tl.record(7, Pay("Ann", 50))  # the cached state after 3 actions is now another branch's
    tl.bookmark()
    tl.return_to(mark)
    assert list(tl.stack) == [1, 2, 3] and not tl.can_redo
    assert tl.state == replay(actions, [1, 2, 3])


def test_outcomes_replay_the_actions_in_effect():
    tl, actions = _recorded(4)
    tl.undo()
    out = list(tl.outcomes())
    assert [seq for seq, _ in out] == [1, 2, 3]
    assert [o.state for _, o in out] == [replay(actions, [1]), replay(actions, [1, 2]), replay(actions, [1, 2, 3])]


OPS = st.lists(
    st.one_of(
        st.tuples(st.just("record"), st.integers(1, 30)),  # Bob pays at most 40 x 30: never short
        st.tuples(st.sampled_from(["undo", "redo"]), st.integers(1, 4)),
        st.tuples(st.just("look"), st.integers(0, 40)),
    ),
    max_size=40,
)


@given(OPS, st.integers(1, 6))
@settings(max_examples=examples(150), deadline=None)
def test_the_cache_gives_the_states_a_full_replay_gives(ops, every):
    """Any mix of actions, undos and redos (several at once: ``undo to``), with states looked up at any depth:
    each equals the full replay of the stack; so does every state of a second timeline resumed from the last
    stored snapshot, which reads older states from the snapshots stored every ``every`` steps along the way (as
    the journal keeps a checkpoint every so many events), some of them of branches since taken back."""
    tl = Timeline(BASE, apply)
    actions = {}
    stored = []  # (idx, last, state), oldest first
    seq = 0
    for step, (op, n) in enumerate(ops, 1):
        if op == "record":
            seq += 1
            actions[seq] = Collect("Ann", n) if n % 2 else Pay("Bob", n)
            tl.record(seq, actions[seq])
        elif op == "undo":
            for _ in range(min(n, len(tl.stack))):
                tl.undo()
        elif op == "redo":
            for _ in range(min(n, len(tl.undone))):
                tl.redo()
        else:
            k = n % (len(tl.stack) + 1)
            assert tl.state_at(k) == replay(actions, tl.stack[:k])
        assert tl.state == replay(actions, tl.stack)
        if step % every == 0:
            stored.append((len(tl.stack), tl.stack[-1] if tl.stack else 0, tl.state))

    def snapshots(k):  # the journal's order: most actions first, then the newest
        best = sorted(enumerate(stored), key=lambda e: (e[1][0], e[0]), reverse=True)
        return [(idx, last, lambda state=state: state) for _, (idx, last, state) in best if idx <= k]

    resumed = Timeline(BASE, apply, lambda seqs: {s: actions[s] for s in seqs}, snapshots)
    resumed.restore(tl.stack, tl.undone, len(tl.stack), tl.state)
    for k in range(len(tl.stack), -1, -1):
        assert resumed.state_at(k) == replay(actions, tl.stack[:k])
    while resumed.can_redo:
        resumed.redo()
        assert resumed.state == replay(actions, resumed.stack)


@given(OPS, st.booleans(), st.data())
@settings(max_examples=examples(150), deadline=None)
def test_the_newest_entries_in_effect_are_read_from_the_stacks_ends_as_from_the_whole(ops, edited, data):
    """``newest(lowest)`` (the table's journal marks its newest entries by it on every key, issue 33) holds exactly
    the seqs from ``lowest`` on of each stack, after any actions, undos and redos, on a timeline resumed from a
    snapshot, and on one whose journal was edited by hand (an undo naming another entry than the last)."""
    tl, actions = _recorded(3)
    _apply_ops(tl, actions, ops, 3)
    if edited and tl.stack:
        tl.undo(data.draw(st.integers(1, 40)))
    resumed = Timeline(BASE, apply, lambda seqs: {s: actions[s] for s in seqs})
    resumed.restore(tl.stack, tl.undone, len(tl.stack), tl.state)
    for timeline in (tl, resumed):
        for lowest in range(0, max([0, *tl.stack, *tl.undone]) + 2):
            live, redo = timeline.newest(lowest)
            assert live == {s for s in tl.stack if s >= lowest}, lowest
            assert redo == {s for s in tl.undone if s >= lowest}, lowest


def _apply_ops(tl, actions, ops, seq):
    """Apply ``ops`` (as :data:`OPS`) to ``tl``; new actions get seqs after ``seq``; returns the last seq used."""
    for op, n in ops:
        if op == "record":
            seq += 1
            actions[seq] = Collect("Ann", n) if n % 2 else Pay("Bob", n)
            tl.record(seq, actions[seq])
        elif op == "undo":
            for _ in range(min(n, len(tl.stack))):
                tl.undo()
        elif op == "redo":
            for _ in range(min(n, len(tl.undone))):
                tl.redo()
        else:
            tl.state_at(n % (len(tl.stack) + 1))
    return seq


@given(OPS, OPS, OPS, st.booleans())
@settings(max_examples=examples(150), deadline=None)
def test_going_back_to_a_bookmark_is_exact_and_keeping_forgets_the_way_back(before, during, inner, keep_inner):
    """A transaction that does not commit (issue 33: the bookmark no longer copies the cache): after any actions,
    undos, redos and looks, with a bookmark taken inside it kept or not, going back leaves the stacks, the actions
    by seq and every cached state as they were; a kept bookmark leaves nothing to go back with."""
    tl = Timeline(BASE, apply)
    actions = {}
    seq = _apply_ops(tl, actions, before, 0)
    stack, undone = list(tl.stack), list(tl.undone)
    states = [tl.state_at(k) for k in range(len(stack) + 1)]
    mark = tl.bookmark()
    last = _apply_ops(tl, actions, during, seq)
    inside = tl.bookmark()
    _apply_ops(tl, actions, inner, last)
    if keep_inner:
        tl.keep(inside)
    tl.return_to(mark)
    assert (list(tl.stack), list(tl.undone)) == (stack, undone)
    assert [tl.state_at(k) for k in range(len(stack) + 1)] == states
    for s in [*stack, *undone]:
        assert tl.action(s) == actions[s]
    assert all(s not in tl._actions for s in range(seq + 1, last + 1)), "an action of the transaction stayed"
    while tl.can_redo:
        tl.redo()
        assert tl.state == replay(actions, tl.stack)
    kept = tl.bookmark()
    _apply_ops(tl, actions, during, last)
    tl.keep(kept)
    assert not tl._trail


def test_the_timeline_needs_no_database():
    probe = (
        "import sys\n"
        "import banker.timeline\n"
        "loaded = {m for m in sys.modules if m in ('sqlite3', 'sqlite_utils', 'banker.journal', 'banker.session')}\n"
        "assert not loaded, loaded\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
