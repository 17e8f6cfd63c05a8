"""The journal's JSON stays byte-identical across the typed vocabulary (issue 14): actions and states written by an
earlier Banker (``tests/data/journal_enums.json``, real rows covering every deck, jail way, tax kind and choice,
end reason and event kind) decode and re-encode to exactly the bytes SQLite held."""

import json
from pathlib import Path

import pytest

from rules.codec import action_from_dict, action_to_dict, state_from_dict, state_to_dict

FIXTURE = json.loads((Path(__file__).parents[1] / "data" / "journal_enums.json").read_text(encoding="utf-8"))
ACTIONS = [e["action"] for e in FIXTURE["events"] if e["action"] is not None]


@pytest.mark.parametrize("raw", ACTIONS)
def test_action_json_round_trips_to_the_same_bytes(raw):
    assert json.dumps(action_to_dict(action_from_dict(json.loads(raw)))) == raw


@pytest.mark.parametrize("raw", FIXTURE["states"])
def test_state_json_round_trips_to_the_same_bytes(raw):
    assert json.dumps(state_to_dict(state_from_dict(json.loads(raw)))) == raw


def test_the_fixture_covers_every_closed_word():
    actions = [json.loads(raw) for raw in ACTIONS]
    jail = {(a["how"], a["deck"]) for a in actions if a["verb"] == "jail"}
    assert {how for how, _ in jail} == {"send", "fine", "card", "doubles", "miss"} and ("card", "chest") in jail
    assert {(a["kind"], a["option"]) for a in actions if a["verb"] == "tax"} >= {
        ("income", "200"),
        ("income", "10%"),
        ("income", ""),
        ("luxury", ""),
    }
    assert {a["deck"] for a in actions if a["verb"] == "card"} == {"chance", "chest"}
    assert {a["reason"] for a in actions if a["verb"] == "end"} == {"time", "agreement"}
    assert {e["kind"] for e in FIXTURE["events"]} == {"action", "undo", "redo"}
    assert any(a["give"]["jail_cards"] for a in actions if a["verb"] == "trade")
    assert any('"jail_cards": ["chance"' in s for s in FIXTURE["states"])
    assert any('"jail": {"since_turn"' in s for s in FIXTURE["states"])


def test_decoded_closed_words_are_the_engines_enums():
    from banker.journal import EventKind
    from rules.actions import EndReason, JailWay, TaxKind
    from rules.words import Deck, TaxChoice

    decoded = [action_from_dict(json.loads(raw)) for raw in ACTIONS]
    words = [
        getattr(a, f)
        for a in decoded
        for f in ("deck", "how", "kind", "option", "reason")
        if hasattr(a, f) and getattr(a, f) != ""
    ]
    assert words and all(isinstance(w, Deck | JailWay | TaxKind | TaxChoice | EndReason) for w in words)
    held = [d for raw in FIXTURE["states"] for p in state_from_dict(json.loads(raw)).players for d in p.jail_cards]
    assert held and all(isinstance(d, Deck) for d in held)
    assert {EventKind(e["kind"]) for e in FIXTURE["events"]} == set(EventKind)


def _games() -> list[tuple[int, int]]:
    """The fixture's games as ranges of its rows: a game ends at a state that is over, the next begins after it."""
    ranges, start = [], 0
    for i, raw in enumerate(FIXTURE["states"]):
        if json.loads(raw)["over"] or i == len(FIXTURE["states"]) - 1:
            ranges.append((start, i + 1))
            start = i + 1
    return ranges


@pytest.mark.parametrize(("start", "end"), _games())
def test_the_journal_replays_to_the_states_it_saved_byte_for_byte(start, end):
    """An earlier Banker's journal replays through today's engine to the states it saved, byte for byte: its games
    were created before any rule Banker enforces now and play by the rules they were created with (their settings
    hold no ``rules_version``: ``RulesVersion.FIRST``), so their ``turn`` lines keep no rent deadline's turns
    (docs/rulings.md, "The rules a game was created with"; issue 30)."""
    from rules import apply, new_game
    from rules.words import RulesVersion

    first = state_from_dict(json.loads(FIXTURE["states"][start]))
    assert first.settings.rules_version == RulesVersion.FIRST
    states = [new_game([p.name for p in first.players], first.settings, check=False)]
    at = 0  # the state in effect: undo steps back along ``states``, redo forward, an action cuts what was undone
    for event, saved in zip(FIXTURE["events"][start:end], FIXTURE["states"][start:end], strict=True):
        if event["kind"] == "undo":
            at -= 1
        elif event["kind"] == "redo":
            at += 1
        else:
            states[at + 1 :] = [apply(states[at], action_from_dict(json.loads(event["action"]))).state]
            at += 1
        assert json.dumps(state_to_dict(states[at])) == saved, event["text"]
