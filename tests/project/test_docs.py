"""docs/commands.md stays true: it lists every card id the `card` verb accepts (issue 4: "card ids ... listed in
docs/commands.md") and every verb the parser knows."""

from pathlib import Path

import pytest

from banker.commands import VERB_NAMES
from rules.cards import deck_cards
from rules.editions import built_in, load_board

DOC = Path(__file__).parents[2] / "docs" / "commands.md"


@pytest.mark.parametrize(("edition", "style"), [(b.edition, s) for b in built_in() for s in b.decks])
def test_every_card_id_is_listed(edition, style):
    text = DOC.read_text(encoding="utf-8")
    missing = [
        c.id
        for deck in ("chance", "chest")
        for c in deck_cards(style, deck, load_board(edition))
        if f"`{c.id}`" not in text
    ]
    assert missing == []


def test_every_verb_is_documented():
    text = DOC.read_text(encoding="utf-8")
    assert [v for v in VERB_NAMES if f"`{v}" not in text] == []
