"""Where a player's name or a closed word ("each", "bank", "random") may stand, a prefix two of them share is
refused naming every meaning, never guessed (issue 22: "collect kim 7 from a" in a game of Kim, Al and Ann was
recorded as "from each")."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from banker.commands import BANK, EVERYONE, parse
from rules import Bankrupt, Collect, Pay, RuleError, Settings, new_game
from rules.names import check_names, name_key


@pytest.mark.parametrize(
    ("names", "line", "refusal"),
    [
        (["Kim", "Al", "Ann"], "collect kim 7 from a", '"a" could be each, Al or Ann'),
        (["Kim", "Bob", "Bea"], "pay kim 7 to b", '"b" could be bank, Bob or Bea'),
        (["Kim", "Bob", "Bea"], "bankrupt kim to b", '"b" could be bank, Bob or Bea'),
        (["Kim", "Al"], "collect kim 7 from a", '"a" could be each or Al'),
        (["Kim", "Ed", "Eve"], "pay kim 7 to e", '"e" could be each, Ed or Eve'),
    ],
    ids=["two-players-and-all", "two-players-and-bank", "bankrupt-to-b", "one-player-and-all", "each-ed-eve"],
)
def test_a_prefix_of_players_and_a_word_is_refused(names, line, refusal):
    with pytest.raises(RuleError, match=refusal):
        parse(line, new_game(names, Settings()))


@pytest.mark.parametrize(
    ("line", "action"),
    [
        ("collect kim 7 from all", Collect("Kim", 7, source=None, each=True)),
        ("collect kim 7 from ea", Collect("Kim", 7, source=None, each=True)),
        ("collect kim 7 from al", Collect("Kim", 7, source="Al", each=False)),
        ("collect kim 7 from an", Collect("Kim", 7, source="Ann", each=False)),
        ("pay kim 7 to bank", Pay("Kim", 7, to=None, each=False)),
        ("bankrupt kim to ann", Bankrupt("Kim", "Ann")),
    ],
)
def test_a_word_or_name_only_one_meaning_fits_is_read(line, action):
    assert parse(line, new_game(["Kim", "Al", "Ann"], Settings())) == action


_CLOSED = {**EVERYONE, **BANK}
_name = st.text(alphabet="abeklnory", min_size=1, max_size=6).map(str.capitalize)


@settings(max_examples=300, deadline=None)
@given(
    names=st.lists(_name, min_size=2, max_size=4, unique_by=name_key),
    verb=st.sampled_from(["pay {p} 7 to {w}", "collect {p} 7 from {w}", "bankrupt {p} to {w}"]),
    source=st.sampled_from(["player", "word"]),
    which=st.integers(0, 10),
    cut=st.integers(1, 9),
)
def test_a_word_that_could_name_a_player_is_read_as_a_closed_word_only_when_it_is_that_word(
    names, verb, source, which, cut
):
    try:
        check_names(names)
    except RuleError:
        assume(False)
    state = new_game(names, Settings())
    whole = names[which % len(names)] if source == "player" else sorted(_CLOSED)[which % len(_CLOSED)]
    word = whole[:cut]
    line = verb.format(p=names[0], w=word)
    try:
        action = parse(line, state)
    except RuleError:
        return  # refused: never a guess
    other = action.creditor if isinstance(action, Bankrupt) else getattr(action, "to", getattr(action, "source", ""))
    read_as_word = other is None
    could_name = [n for n in names[1:] if name_key(n).startswith(name_key(word))]
    if read_as_word and could_name:
        assert word.casefold() in _CLOSED, f"{line!r} read as a closed word though it could be {could_name}"
    if not read_as_word:
        words = BANK if isinstance(action, Bankrupt) else _CLOSED
        could_be_word = [w for w in words if w.startswith(word.casefold())]
        assert not could_be_word or name_key(word) == name_key(other), f"{line!r} read as {other}"


@pytest.mark.parametrize(
    ("names", "words", "refusal"),
    [
        (["Kim", "Al", "Ann"], ["collect", "kim", "7", "from", "a"], '"a" could be each, Al or Ann'),
        (["Kim", "Bob", "Bea"], ["pay", "kim", "7", "to", "b"], '"b" could be bank, Bob or Bea'),
        (["Kim", "Bob", "Bea"], ["bankrupt", "kim", "to", "b"], '"b" could be bank, Bob or Bea'),
    ],
    ids=["collect", "pay", "bankrupt"],
)
def test_banker_do_refuses_the_shared_prefix_and_records_nothing(capsys, tmp_path, names, words, refusal):
    from banker.cli.main import main

    db = str(tmp_path / "g.db")
    assert main(["new", "standard", *names, "--db", db]) == 0
    capsys.readouterr()
    assert main(["do", *words, "--db", db]) == 2
    assert refusal in capsys.readouterr().err
    assert main(["log", "--db", db]) == 0
    assert words[0] not in capsys.readouterr().out
