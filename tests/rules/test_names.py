"""Forgiving names: a banker types "b&o" or "park", not the printed name (docs/rulings.md, General: names)."""

import pytest

from rules import UnknownName, load_board, new_game

US = load_board("us")
UK = load_board("uk")


@pytest.mark.parametrize(
    ("typed", "printed"),
    [
        ("Boardwalk", "Boardwalk"),
        ("BOARDWALK", "Boardwalk"),
        ("boardwalk", "Boardwalk"),
        ("  board walk ", "Boardwalk"),
        ("st. charles place", "St. Charles Place"),
        ("St Charles", "St. Charles Place"),
        ("saint charles", "St. Charles Place"),
        ("park", "Park Place"),
        ("b&o", "B. & O. Railroad"),
        ("B. & O.", "B. & O. Railroad"),
        ("reading", "Reading Railroad"),
        ("electric", "Electric Company"),
        ("water", "Water Works"),
        ("med", "Mediterranean Avenue"),
        ("medit", "Mediterranean Avenue"),
        ("marvin", "Marvin Gardens"),
        ("ny", "New York Avenue"),
        ("penn rr", "Pennsylvania Railroad"),
        ("penn ave", "Pennsylvania Avenue"),
        ("short", "Short Line"),
        ("vent", "Ventnor Avenue"),
    ],
    ids=[
        "exact",
        "upper-case",
        "lower-case",
        "spaces-ignored",
        "punctuation-ignored",
        "no-full-stop",
        "alias-saint",
        "alias-park",
        "alias-b&o",
        "punctuated-b&o",
        "prefix-reading",
        "alias-electric",
        "alias-water",
        "alias-med",
        "unique-prefix",
        "alias-marvin",
        "alias-ny",
        "alias-penn-rr",
        "alias-penn-ave",
        "prefix-short",
        "prefix-vent",
    ],
)
def test_us_deed_names(typed, printed):
    assert US.deed(typed).name == printed


@pytest.mark.parametrize(
    ("typed", "printed"),
    [
        ("mayfair", "Mayfair"),
        ("park lane", "Park Lane"),
        ("kings cross", "King's Cross Station"),
        ("King's Cross", "King's Cross Station"),
        ("angel", "The Angel Islington"),
        ("strand", "The Strand"),
        ("fenchurch", "Fenchurch St. Station"),
        ("old kent", "Old Kent Road"),
        ("electric", "Electric Company"),
    ],
    ids=[
        "mayfair",
        "park-lane",
        "kings-cross-alias",
        "apostrophe-ignored",
        "angel",
        "strand-alias",
        "fenchurch",
        "prefix-old-kent",
        "electric",
    ],
)
def test_uk_deed_names(typed, printed):
    assert UK.deed(typed).name == printed


@pytest.mark.parametrize(
    ("typed", "candidates"),
    [
        ("penn", ("Pennsylvania Railroad", "Pennsylvania Avenue")),
        ("st", ("St. Charles Place", "States Avenue", "St. James Place")),
        ("n", ("New York Avenue", "North Carolina Avenue")),
        ("i", ("Indiana Avenue", "Illinois Avenue")),
    ],
    ids=["penn-ambiguous", "st-ambiguous", "n-ambiguous", "i-ambiguous"],
)
def test_ambiguous_names_list_the_candidates(typed, candidates):
    with pytest.raises(UnknownName, match="could be") as info:
        US.deed(typed)
    assert set(info.value.candidates) == set(candidates)
    for name in candidates:
        assert name in str(info.value)


@pytest.mark.parametrize(
    ("typed", "suggestion"),
    [("Bordwalk", "Boardwalk"), ("Ventor Avenue", "Ventnor Avenue"), ("Marvn Gardens", "Marvin Gardens")],
    ids=["misspelt-boardwalk", "misspelt-ventnor", "misspelt-marvin"],
)
def test_unknown_names_suggest_close_ones(typed, suggestion):
    with pytest.raises(UnknownName, match="did you mean") as info:
        US.deed(typed)
    assert suggestion in info.value.candidates


def test_unknown_name_with_nothing_close():
    with pytest.raises(UnknownName, match='no deed called "Zanzibar"') as info:
        US.deed("Zanzibar")
    assert info.value.candidates == ()


def test_empty_name():
    with pytest.raises(UnknownName, match="no deed name given"):
        US.deed("  ")


@pytest.mark.parametrize("typed", [" . ", "[/]", "&", "-"])
def test_a_name_of_nothing_but_punctuation_is_said_as_typed(typed):
    """Punctuation does not count in a name, so ``[/]`` holds none; it was still typed, and "no deed name given" told
    a banker who had typed one that nothing was (game-night review, the Buy dialog's deed field)."""
    with pytest.raises(UnknownName) as info:
        US.deed(typed)
    assert str(info.value) == f'no deed called "{typed.strip()}"' and info.value.candidates == ()


@pytest.mark.parametrize(
    ("typed", "index"),
    [("ann", 0), ("ANNE", 1), ("Bo", 2), ("bob", 2)],
    ids=["exact-wins-over-prefix", "case-insensitive", "unique-prefix", "lower-case"],
)
def test_player_names(typed, index):
    state = new_game(["Ann", "Anne", "Bob"])
    assert state.player_index(typed) == index


def test_ambiguous_and_unknown_players():
    state = new_game(["Ann", "Anne", "Bob"])
    with pytest.raises(UnknownName, match="could be") as info:
        state.player_index("an")
    assert set(info.value.candidates) == {"Ann", "Anne"}
    with pytest.raises(UnknownName, match="no player"):
        state.player_index("Zed")


@pytest.mark.parametrize(
    ("typed", "deed"),
    [
        ("pen r", "Pennsylvania Railroad"),
        ("pennsy rail", "Pennsylvania Railroad"),
        ("pen a", "Pennsylvania Avenue"),
        ("st ch", "St. Charles Place"),
        ("no car", "North Carolina Avenue"),
        ("short l", "Short Line"),
    ],
    ids=lambda v: v,
)
def test_each_word_may_be_shortened(typed, deed):
    """Found at a game night: "penn r" worked but "pen r" did not. Each typed word may begin the name's word."""
    assert new_game(["Ann", "Bob"]).deed(typed).name == deed
