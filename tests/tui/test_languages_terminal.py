"""The installed ``banker`` in a real terminal at 80x24, its language chosen by the environment (``LANGUAGE=de``, as
gettext reads it; issue 36): the table speaks German, French or Spanish, every key of the bar in that language and
none left in English, no word cut; a rent recorded through the dialog, and the dialog's refusal of a deed the board
has not, said in the language with the cursor back in the field at fault. The journal and ``banker state`` are the
oracle, as for every keyboard test."""

from __future__ import annotations

import re

import pytest

from banker.tui.keys import ACTIONS, OFTEN, key_label
from tests.kit.terminal import MARKS, Terminal
from tests.tui.speaking import LANGUAGES, english_pieces, translations

pytestmark = MARKS


def _cut(screen: str) -> list[str]:
    """Lines of ``screen`` that end a word with an ellipsis, but for what ``u`` takes back (said beside the key, cut
    between words on purpose: banker.tui.widgets.keybar)."""
    return [line for line in screen.splitlines() if "…" in re.sub(r" u [^ :]+: .*?…", "", line)]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_table_at_80x24_in_the_environment_s_language(tmp_path, code):
    said = translations(code)
    with Terminal(tmp_path, 80, 24) as term:
        term.env["LANGUAGE"] = code
        term.banker("new", "standard", "ann", "bob", "cy")
        term.do("buy ann boardwalk")
        term.do("next")  # bob's turn: the rent dialog's payer
        more = f"? {said['more']}"
        screen = term.launch(ready=more)
        bar = [f"{key_label(a.key)} {said[a.label]}" for a in ACTIONS if a.action in OFTEN]
        assert [k for k in bar if k not in screen] == [], screen
        english = [f"{key_label(a.key)} {a.label}" for a in ACTIONS if a.action in OFTEN and said[a.label] != a.label]
        assert [k for k in english if re.search(rf"(^| ){re.escape(k)}( |$)", screen, re.M)] == [], screen
        assert said["Game {game}"].format(game=1) in screen
        assert said["turn {turn}: {player}"].format(turn=2, player="bob") in screen
        worth = said["worth {worth} · {deeds}"].split("{worth}")[0]
        assert screen.count(worth) == 3, screen  # each player's line: worth and deeds, whole
        assert _cut(screen) == [], screen
        assert not [p for p in english_pieces(code) if p in screen], screen

        # a refusal in the rent dialog: a deed the board has not
        term.keys("r")
        landed = said["Landed on"]
        term.wait_for(landed)
        term.type("nowhere")
        term.keys("Enter")
        cursor = said["the cursor is in {field}, its text selected"].split("{field}")[0]
        refused = term.wait_for(cursor.strip())
        assert "✗" in refused and landed in refused, refused
        assert not [p for p in english_pieces(code) if p in refused], refused
        assert term.typed() == ["buy ann boardwalk", "next"]

        # the same dialog records the rent once the deed is right (its text was selected: typed over)
        term.type("boardwalk")
        term.keys("Enter")
        term.wait_journal(3)
        assert term.typed()[-1] == "rent bob Boardwalk"  # the canonical line the dialog builds
        assert term.cash() == {"ann": 1150, "bob": 1450, "cy": 1500}
        screen = term.wait_until(lambda s: landed not in s and more in s, "the table again")
        assert _cut(screen) == [], screen
        term.quit()
