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
