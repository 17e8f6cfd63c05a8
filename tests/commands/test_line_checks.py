"""Issue 12 at the level of the command language and the session: lines holding stray bytes or control characters
are refused before parsing and write nothing; names in any script can be addressed; games set up before the name
rules tightened still open, replay and take commands."""

import json
import sqlite3

import pytest

from banker.commands import parse, parse_new
from banker.session import Session
from rules import Collect, DealRandom, Pay, RuleError, Settings, new_game


def events(db):
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT seq, text FROM events ORDER BY game, seq").fetchall()


@pytest.fixture
def db(tmp_path):
    return tmp_path / "game.db"


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("go ann # caf\udce9", "not UTF-8 text (byte \\xe9) at character 13"),
        ("go ann \x1b]0;pwned\x07", "control character (\\x1b) at character 8"),
        ("pay ann 5\x1b[2J", "control character"),
        ("go\x00ann", "control character (\\x00)"),
        ("go ann \u202e", "control character (\\u202e)"),
    ],
)
def test_a_line_with_stray_bytes_or_control_characters_is_refused_and_writes_nothing(db, line, why):
    with Session.create(db, ["Ann", "Bob"], Settings()) as s:
        s.execute("go ann")
        before = events(db)
        reply = s.execute(line)
        assert not reply.ok and why in reply.message
        assert "\x1b" not in reply.message and "\udce9" not in reply.message
        assert not s.preview(line).ok
    assert events(db) == before


def test_a_new_line_with_stray_bytes_is_refused():
    with pytest.raises(RuleError, match="not UTF-8"):
        parse_new("new standard Ann B\udcf6b")


def test_names_in_any_script_are_addressed_by_commands(db):
    with Session.create(db, ["Анна", "李", "José"], Settings()) as s:
        assert s.execute("pay анна 50 to 李").ok
        assert s.execute("collect jose 20 from АННА").ok
        assert [p.cash for p in s.state.players] == [1430, 1550, 1520]


def test_refusals_cut_a_long_unknown_name():
    state = new_game(["Ann", "Bob"])
    with pytest.raises(RuleError) as info:
        parse("go " + "x" * 400, state)
    assert len(str(info.value)) < 100


def _legacy_game(db, names):
    """A game as an older Banker recorded it, before these names were refused: the rows written directly."""
    with Session.create(db, ["Ann", "Bob"], Settings(variant="short-1973")) as s:
        game = s.game_id
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM players WHERE game = ?", (game,))
        conn.executemany(
            "INSERT INTO players (game, seat, name, token) VALUES (?, ?, ?, '')",
            [(game, i, n) for i, n in enumerate(names)],
        )
    return game


def test_a_game_recorded_with_names_now_refused_still_opens_replays_and_plays(db):
    """Names are stored as typed; only the matching key changed. An old game with "Everyone", "José" and "Jose"
    (one key now) keeps working: the journal's exact names replay, and the whole name "Everyone" is the player."""
    game = _legacy_game(db, ["José", "Jose", "Everyone", "Random"])
    with Session.open(db, game) as s:
        assert s.execute("deal random 7").ok  # "Random" is a player here, but "deal random <seed>" still deals
        assert s.execute("pay José 50 to Jose").ok
        assert s.execute("pay Jose 10 to everyone").ok  # the player, not each player
        assert s.execute("pay josé 5").ok is False  # "josé" is José or Jose: said so, nothing paid
        cash = [p.cash for p in s.state.players]
        dealt = [1500 - sum(d.price for d in s.state.owned_by(i)) for i in range(4)]
    assert [c - d for c, d in zip(cash, dealt, strict=True)] == [-50, 40, 10, 0]
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM checkpoints")
    with Session.open(db, game) as s:  # replayed from the journal alone
        assert [p.cash for p in s.state.players] == cash
        assert isinstance(s._action(s._timeline.stack[0]), DealRandom)
        with pytest.raises(RuleError, match="could be José or Jose"):
            parse("go jose", s.state)


def test_pay_to_each_and_to_a_player_called_like_a_keyword():
    state = new_game(["Ann", "Everyone", "Cy"], check=False)
    assert parse("pay ann 50 to everyone", state) == Pay("Ann", 50, to="Everyone")
    assert parse("pay ann 50 to each", state) == Pay("Ann", 50, each=True)
    fresh = new_game(["Ann", "Bob"])
    assert parse("pay ann 50 to Everybody", fresh) == Pay("Ann", 50, each=True)
    assert parse("collect ann 5 from ALL", fresh) == Collect("Ann", 5, each=True)


def test_the_journalled_text_of_an_accepted_line_is_the_line(db):
    with Session.create(db, ["Zoë", "Bob"], Settings()) as s:
        assert s.execute("go zoe\t# café ✓").ok
    assert events(db)[-1][1] == "go zoe\t# café ✓"
    json.dumps(events(db))  # and it is valid text throughout


@pytest.mark.parametrize(
    "line",
    ["rent bob boardwalk [/]", "rent bob boardwalk []", "pay bob 5 <3", "buy bob {park place}", "go [bob]"],
)
def test_a_stray_bracket_is_refused_and_writes_nothing(db, line):
    """Found in issue 20's game-night review: ``rent bob boardwalk [/]`` was recorded as plain rent (the name
    readers skip punctuation, so the brackets were read as nothing). A bracket no name holds is refused."""
    with Session.create(db, ["Ann", "Bob"], Settings()) as s:
        assert s.execute("buy ann boardwalk").ok and s.execute("buy ann park place").ok
        before = events(db)
        reply = s.execute(line)
        assert not reply.ok and "is in no command, amount or name" in reply.message, reply.message
        assert events(db) == before
        assert s.execute("rent bob boardwalk # [a note] is free text").ok  # a comment may hold anything
        assert parse("rent bob b. & o.", s.state).deed == "B. & O. Railroad"  # punctuation a name holds still reads
