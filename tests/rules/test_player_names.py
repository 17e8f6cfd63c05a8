"""Player names by a Unicode key (issue 12, case 3; docs/rulings.md, "Player names"): any script can be named,
names that only differ in case, accents or punctuation are refused at setup, and so are command words."""

import pytest

from rules import RuleError, apply, new_game
from rules.actions import Pay
from rules.names import check_text, name_key, shown


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("Ann", "ann"),
        ("JO-ANN", "joann"),
        ("O'Brien", "obrien"),
        ("José", "jose"),
        ("Jose\u0301", "jose"),
        ("Zoë", "zoe"),
        ("Анна", "анна"),
        ("李", "李"),
        ("Ａｎｎ", "ann"),
        ("Straße", "strasse"),
        ("ÅSA", "asa"),
    ],
)
def test_the_key_folds_case_accents_width_and_punctuation(typed, key):
    assert name_key(typed) == key


def test_the_key_of_plain_ascii_is_what_it_always_was():
    """Journals recorded with the old ASCII key replay: for ASCII text the key is unchanged."""
    import re

    for text in ("Ann", "B. & O.", "st charles", "Jo-Ann", "X9 y_z", "Q'q"):
        assert name_key(text) == re.sub(r"[^0-9a-z]", "", text.casefold())


def test_names_in_any_script_can_be_addressed():
    s = new_game(["Анна", "李", "José"])
    assert s.player_index("анна") == 0 and s.player_index("李") == 1
    assert s.player_index("jose") == 2 and s.player_index("JOSÉ") == 2 and s.player_index("Jose\u0301") == 2
    out = apply(s, Pay("анна", 50, to="李"))
    assert [p.cash for p in out.state.players] == [1450, 1550, 1500]


@pytest.mark.parametrize(
    ("names", "why"),
    [
        (["Jo-Ann", "JoAnn"], "differ only in case, accents or punctuation"),
        (["José", "Josè"], "differ only in case, accents or punctuation"),
        (["Ann", "ann"], 'two players are called "ann"'),
        (["Ａnn", "Ann"], "differ only"),
    ],
)
def test_names_with_one_key_are_refused(names, why):
    with pytest.raises(RuleError, match=why):
        new_game(names)


@pytest.mark.parametrize(
    "word",
    [
        "Everyone",
        "each",
        "ALL",
        "Bank",
        "Random",
        "to",
        "from",
        "Everybody",
        "gives",
        "nothing",
        "Bänk",
        "edition",
        "Free-Parking",
        "minutes",
    ],
)
def test_command_words_are_refused_with_the_reason(word):
    with pytest.raises(RuleError, match="command word") as info:
        new_game(["Ann", word])
    assert "pick another player name" in str(info.value)


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("A" * 10_000, "10,000 characters"),
        ("ann bob", 'holds " "'),
        ("-ann", "start with a letter"),
        ("a\x1b[2Jb", "holds"),
        ("caf\udce9", "holds"),
        ("", "empty"),
        ("ﾞ", "no letters or digits"),
    ],
)
def test_unusable_names_are_refused_in_one_short_clean_message(name, why):
    with pytest.raises(RuleError, match=why) as info:
        new_game(["Ann", name])
    message = str(info.value)
    assert len(message) < 200 and "\x1b" not in message and "\udce9" not in message


def test_names_that_differ_in_a_letter_are_fine():
    assert [p.name for p in new_game(["Jo-Ann", "Joan", "O'Brien", "Zoë", "Zoe2"]).players] == [
        "Jo-Ann",
        "Joan",
        "O'Brien",
        "Zoë",
        "Zoe2",
    ]


def test_an_old_game_with_names_that_now_collide_still_opens_and_each_exact_spelling_finds_its_player():
    """``check=False`` rebuilds a recorded game as it was set up; the exact spelling always wins."""
    s = new_game(["José", "Jose", "Everyone"], check=False)
    assert s.player_index("José") == 0 and s.player_index("Jose") == 1 and s.player_index("Everyone") == 2
    with pytest.raises(RuleError, match="could be"):
        s.player_index("jose")


def test_refusals_for_unknown_players_cut_and_escape_what_was_typed():
    s = new_game(["Ann", "Bob"])
    with pytest.raises(RuleError) as info:
        s.player_index("Z" * 400 + "\x1b]0;x\x07")
    assert len(str(info.value)) < 120 and "\x1b" not in str(info.value)


def test_shown_escapes_and_cuts():
    assert shown("a\x1bb") == "a\\x1bb" and shown("caf\udce9") == "caf\\xe9" and shown("\u202e") == "\\u202e"
    assert shown("x" * 30) == "x" * 23 + "…"


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("go ann \x1b[2J", "control character"),
        ("go ann # caf\udce9", "not UTF-8"),
        ("go\x00ann", "control"),
        ("go ann \u202e", "control"),
        ("go ann\x7f", "control"),
        ("go ann\x9b", "control"),
    ],
)
def test_check_text_refuses_control_characters_and_stray_bytes(line, why):
    with pytest.raises(RuleError, match=why):
        check_text(line)


def test_check_text_lets_plain_text_and_tabs_through():
    assert check_text("rent bob park place\t# $35 ✓ Zoë") == "rent bob park place\t# $35 ✓ Zoë"
