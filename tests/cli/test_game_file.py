"""A game as one file: ``banker export --format journal`` and ``banker import FILE`` (replayed through the engine
as a new game, in one transaction), and ``banker state --at N`` (the game as it was after entry N)."""

from __future__ import annotations

import json
import re

import pytest

from banker.cli.main import main
from banker.session import Session
from rules import Settings
from rules.codec import state_to_dict

LINES = (
    "buy ann boardwalk",
    "buy ann park place",
    "build ann boardwalk 2",
    "rent bob boardwalk",
    "pay cy 50",
    "undo",
    "redo",
    "buy bob reading",
    "buy cy electric",
    "undo to 7",  # entry 7 brought back entry 5: everything after it, two undo entries of one line
    "jail cy",
    "next",
    "buy bob reading",
    "mortgage bob reading",
)


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "b.db")


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def played(db: str) -> int:
    with Session.create(db, ["Ann", "Bob", "Cy"], Settings(), ["car", "hat", "dog"]) as s:
        for line in LINES:
            assert s.execute(line).ok, line
        s.set_maths("cy")
        return s.game_id


def states(capsys, db, game) -> list[dict]:
    with Session.open(db, game, readonly=True) as s:
        last = s.last_seq
    out = []
    for n in range(last + 1):
        status, text, err = run(capsys, "state", game, "--at", n, "--json", "--db", db)
        assert status == 0, err
        data = json.loads(text)
        data["game"].pop("id")
        out.append(data)
    return out


def test_an_exported_game_imports_state_for_state(capsys, db, tmp_path):
    game = played(db)
    path = tmp_path / "game.json"
    status, _, err = run(capsys, "export", game, "--format", "journal", "--out", path, "--db", db)
    assert status == 0 and "Wrote journal" in err
    assert "phone" not in path.read_text(encoding="utf-8")  # the players' private links stay behind
    other = str(tmp_path / "other.db")  # another laptop
    status, out, err = run(capsys, "import", path, "--db", other)
    assert status == 0, err
    assert out.strip() == f"imported {path} as game 1 (15 journal entries replayed)"
    before, after = states(capsys, db, game), states(capsys, other, 1)
    assert len(before) == 16 and before == after  # the game at every entry, undos and redos included
    assert before[5] != before[6]  # entry 6 took back Cy's payment
    with Session.open(db, game, readonly=True) as a, Session.open(other, 1, readonly=True) as b:
        assert [(e.kind, e.text, e.summary, e.undone, e.time) for e in a.log()] == [
            (e.kind, e.text, e.summary, e.undone, e.time) for e in b.log()
        ]  # the times too: the game's length and its records stay as played
        assert a.created == b.created
        assert [p.token for p in b.state.players] == ["car", "hat", "dog"]
        assert b.maths_players() == {"Cy"}  # the maths mode moves with the game


def test_a_game_file_larger_than_a_script_imports(capsys, db, tmp_path):
    """A 100,000-entry game exports to some 23 MB (issue 33): ``banker import`` reads a game file up to 64 MB,
    more than a script's 16 MB (this one is a short game laid out with 17 MB of spaces)."""
    game = played(db)
    with Session.open(db, game, readonly=True) as s:
        from banker.reports.journal_file import render

        text = render(s)
    path = tmp_path / "wide.json"
    path.write_text(text[:-2] + " " * (17 * 2**20) + text[-2:], encoding="utf-8")
    status, out, err = run(capsys, "import", path, "--db", str(tmp_path / "other.db"))
    assert status == 0, err
    assert out.strip() == f"imported {path} as game 1 (15 journal entries replayed)"


def _richer(line: str) -> str:
    """The file's end state with Ann $1 richer (and the bank $1 poorer: still a conserving state)."""
    data = json.loads("{" + line + "}")
    data["state"]["players"][0]["cash"] += 1
    data["state"]["bank"] -= 1
    return "  " + json.dumps(data)[1:-1]


def _damaged(tmp_path, db, change) -> tuple[str, list[str]]:
    game = played(db)
    with Session.open(db, game, readonly=True) as s:
        from banker.reports.journal_file import render

        lines = render(s).splitlines()
    lines = change(lines)
    path = tmp_path / "damaged.json"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path), lines


@pytest.mark.parametrize(
    ("what", "change", "said"),
    [
        (
            "a line the engine refuses",
            lambda ls: [ln.replace('"line": "rent bob boardwalk"', '"line": "rent bob nowhere"') for ln in ls],
            'entry 4 ("rent bob nowhere") does not replay: refused: no deed called "nowhere"',
        ),
        (
            "a line that replays as another action",
            lambda ls: [ln.replace('"line": "pay cy 50"', '"line": "pay cy 60"') for ln in ls],
            'entry 5 ("pay cy 60") does not replay: replays as',
        ),
        (
            "an end state that differs",
            lambda ls: [_richer(ln) if ln.startswith('  "state"') else ln for ln in ls],
            "ends in another state than the file's",
        ),
        ("not JSON", lambda ls: [*ls[:20], "{{", *ls[20:]], "line 21, column 1: not valid JSON"),
    ],
)
def test_a_damaged_file_is_refused_with_its_line_and_nothing_is_created(capsys, db, tmp_path, what, change, said):
    path, lines = _damaged(tmp_path, db, change)
    other = str(tmp_path / "other.db")
    status, out, err = run(capsys, "import", path, "--db", other)
    assert status == 2 and out == "", what
    assert said in err and err.strip().endswith("nothing was imported"), err
    line = int(re.search(r": line (\d+)[:,]", err)[1])
    if "entry" in said:
        entry = said.split('("', 1)[1].split('")', 1)[0]
        assert f'"line": "{entry}"' in lines[line - 1]  # the line named is the entry's own
    elif "state" in said:
        assert lines[line - 1].startswith('  "state"')
    # nothing created: not even the database file the import would have written to (found in review: an empty
    # database of 53 KB was left behind)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("other.db")) == []


def test_a_game_dealt_at_random_without_a_seed_imports(capsys, db, tmp_path):
    """Found in review: the app's "deal them at random now? Yes" records `deal random`, which draws its seed when
    it is recorded; the import replayed the typed line, drew another deal and refused the file (seed 000: the deal
    of the short game is one deal, so the file's draw is the one replayed)."""
    with Session.create(db, ["Ann", "Bob"], Settings(variant="short-1973")) as s:
        assert s.execute("deal random").ok
        assert s.execute("pay ann 10").ok
        game, before = s.game_id, state_to_dict(s.state)
    out = tmp_path / "dealt.json"
    status, _, err = run(capsys, "export", game, "--format", "journal", "--out", out, "--db", db)
    assert status == 0, err
    other = str(tmp_path / "other.db")
    status, text, err = run(capsys, "import", out, "--db", other)
    assert status == 0, err
    with Session.open(other, readonly=True) as moved:
        assert state_to_dict(moved.state) == before
        assert [e.text for e in moved.log()] == ["deal random", "pay ann 10"]  # journalled as typed


def test_state_at_an_entry_and_refusals(capsys, db):
    game = played(db)
    status, out, _ = run(capsys, "state", game, "--at", 4, "--db", db)
    assert status == 0 and out.splitlines()[0].startswith(f"game {game} as it was after entry 4: ")
    assert re.search(r"Bob +cash +\$1,300", out)  # after paying Ann $200 rent on Boardwalk with 1 house
    status, out, _ = run(capsys, "state", game, "--at", 0, "--json", "--db", db)
    assert [p["cash"] for p in json.loads(out)["players"]] == [1500, 1500, 1500]
    status, _, err = run(capsys, "state", game, "--at", 99, "--db", db)
    assert status == 2 and "there is no entry 99" in err
    with pytest.raises(SystemExit):
        run(capsys, "state", game, "--at", "-1", "--db", db)


def test_the_bgstats_play_is_the_same_after_a_move(capsys, db, tmp_path):
    """A game moved to another laptop is the same play for BG Stats: same sourcePlayId, same length."""
    from banker.reports.bgstats import bgstats_play
    from banker.reports.report import report

    with Session.create(db, ["Ann", "Bob"], Settings(variant="short-1990s")) as s:
        for line in ("deal ann boardwalk", "rent bob boardwalk", "bankrupt bob to bank"):
            assert s.execute(line).ok, line
        game = s.game_id
    path = tmp_path / "game.json"
    assert run(capsys, "export", game, "--format", "journal", "--out", path, "--db", db)[0] == 0
    other = str(tmp_path / "other.db")
    assert run(capsys, "import", path, "--db", other)[0] == 0
    with Session.open(db, game, readonly=True) as a, Session.open(other, 1, readonly=True) as b:
        assert bgstats_play(report(a)) == bgstats_play(report(b))


def test_a_game_on_a_familys_own_board_moves_with_its_board(capsys, tmp_path):
    """A game played on an edition from a file (issue 24) carries the whole edition in its game file, as its journal
    does: it imports on a laptop that never had the file, the streets and the money as played."""
    from rules.editions import forget
    from tests.cli.test_editions import city_text

    home = tmp_path / "home" / "banker.db"
    board = home.parent / "editions" / "springfield.toml"
    board.parent.mkdir(parents=True)
    board.write_text(city_text(), encoding="utf-8")
    assert run(capsys, "new", "standard", "Ann", "Bob", "--edition", "springfield", "--db", home)[0] == 0
    for line in ("buy ann evergreen terrace", "buy ann springfield gorge", "rent bob evergreen"):
        assert run(capsys, "do", line, "--db", home)[0] == 0
    path = tmp_path / "game.json"
    assert run(capsys, "export", "--format", "journal", "--out", path, "--db", home)[0] == 0
    forget()  # another laptop: no springfield.toml, nothing known but the file
    away = str(tmp_path / "away" / "banker.db")
    status, out, err = run(capsys, "import", path, "--db", away)
    assert status == 0, err
    with Session.open(home, 1, readonly=True) as a, Session.open(away, 1, readonly=True) as b:
        assert b.state == a.state and b.state.board.money(1500) == "1.500 €"
        assert [e.text for e in b.log()] == [e.text for e in a.log()]


def test_a_flat_tax_typed_200_on_a_board_whose_flat_tax_is_other_still_imports(capsys, tmp_path, db):
    """Before issue 36, `tax bob income 200` on a board whose flat Income Tax is 250 € was read as the flat tax
    (and charged 250 €); the command language now refuses it. A game file with such a line imports as it was played:
    the entry replays as its journalled action says, its typed line kept."""
    from tests.cli.test_editions import OTHER_FIGURES, city_text

    board = tmp_path / "springfield.toml"
    board.write_text(city_text(**OTHER_FIGURES), encoding="utf-8")
    assert run(capsys, "new", "standard", "Ann", "Bob", "--edition", board, "--db", db)[0] == 0
    assert run(capsys, "do", "tax bob income flat", "--db", db)[0] == 0
    path = tmp_path / "game.json"
    assert run(capsys, "export", "--format", "journal", "--out", path, "--db", db)[0] == 0
    text = path.read_text(encoding="utf-8")
    assert text.count('"tax bob income flat"') == 1
    path.write_text(text.replace('"tax bob income flat"', '"tax bob income 200"'), encoding="utf-8")  # as typed then
    away = tmp_path / "away.db"
    status, _, err = run(capsys, "import", path, "--db", away)
    assert status == 0, err
    with Session.open(away, 1, readonly=True) as game:
        entry = game.log()[0]
        assert (entry.text, entry.summary) == ("tax bob income 200", "Bob pays the 250 € Income Tax to the bank")
        assert game.state.players[1].cash == 1750


def test_a_game_file_with_a_broken_board_is_refused_whole(capsys, tmp_path, db):
    """The edition a game file carries is checked as any edition file is: a fault is one line, nothing imported."""
    from rules.editions import forget
    from tests.cli.test_editions import city_text

    board = tmp_path / "springfield.toml"
    board.write_text(city_text(), encoding="utf-8")
    assert run(capsys, "new", "standard", "Ann", "Bob", "--edition", board, "--db", db)[0] == 0
    path = tmp_path / "game.json"
    assert run(capsys, "export", "--format", "journal", "--out", path, "--db", db)[0] == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["game"]["settings"]["edition_data"]["groups"]["brown"]["mark"] = "??"
    path.write_text(json.dumps(data), encoding="utf-8")
    forget()
    away = tmp_path / "away.db"
    status, _, err = run(capsys, "import", path, "--db", away)
    assert status == 2 and "the game's edition is refused" in err and "mark" in err, err
    assert not away.exists()


def test_an_import_in_one_transaction_marks_the_file_it_was_written_for(capsys, db, tmp_path):
    """The import's writes are savepoints inside one transaction (Journal.write nested): the one transaction still
    marks the file it was written for (issue 22's user_version, by which a log left by a replaced file is told),
    and the journal opened on it is not taken for a replaced file."""
    import sqlite3
    from pathlib import Path

    from banker.journal import Journal, _file_key, _marker

    game = played(db)
    path = tmp_path / "game.json"
    assert run(capsys, "export", game, "--format", "journal", "--out", path, "--db", db)[0] == 0
    other = tmp_path / "other.db"
    assert run(capsys, "import", path, "--db", other)[0] == 0
    key = _file_key(Path(other))
    assert key is not None
    conn = sqlite3.connect(other)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == _marker(key)
    finally:
        conn.close()
    journal = Journal(other)
    try:
        assert not journal.replaced()
    finally:
        journal.close()


def test_a_time_limit_game_imports_days_later_its_deadline_read_at_each_entrys_time(capsys, db, tmp_path):
    """Seed 002, TIME LIMIT GAME: past the agreed hour only the end is recorded. An imported game keeps when it was
    created, so its deadline is long past when it is imported days later: each entry is replayed at the time it was
    first recorded, and the game imports as played (the same state, the same entries)."""
    from datetime import datetime, timedelta

    from rules.state import game_settings

    with Session.create(db, ["Ann", "Bob"], game_settings("time-limit", "us", time_limit_minutes=60)) as s:
        for line in ("deal ann boardwalk", "deal bob reading", "rent bob boardwalk", "pay ann 50"):
            assert s.execute(line).ok, line
        game = s.game_id
    path = tmp_path / "game.json"
    assert run(capsys, "export", game, "--format", "journal", "--out", path, "--db", db)[0] == 0
    data = json.loads(path.read_text(encoding="utf-8"))

    def earlier(text: str) -> str:
        return (datetime.fromisoformat(text) - timedelta(days=2)).isoformat(timespec="milliseconds")

    data["game"]["created"] = earlier(data["game"]["created"])
    for entry in data["entries"]:
        entry["time"] = earlier(entry["time"])
    path.write_text(json.dumps(data), encoding="utf-8")
    other = str(tmp_path / "other.db")
    status, _, err = run(capsys, "import", path, "--db", other)
    assert status == 0, err
    with Session.open(db, game, readonly=True) as a, Session.open(other, 1, readonly=True) as b:
        assert b.state == a.state and [e.text for e in b.log()] == [e.text for e in a.log()]
        assert b.created == data["game"]["created"] and b.time_is_up()


LATE = (  # Ann lands on Cy's New York Avenue on turn 1; the rent is asked on Dee's turn, after Bob and Cy have played
    "buy cy new york",
    "next",
    "rent bob new york",  # in time: Bob's own turn
    "next",
    "next",
    "rent ann new york",  # too late since issue 30 (seed 000, PAYING RENT)
)
TOO_LATE = "asked too late: Ann's turn was turn 1, and 2 turns have been played since (it is turn 4, Dee's)"


def _exported(capsys, db, game, path) -> str:
    status, _, err = run(capsys, "export", game, "--format", "journal", "--out", path, "--force", "--db", db)
    assert status == 0, err
    return path.read_text(encoding="utf-8")


def test_a_game_file_of_before_the_rent_deadline_imports_and_replays_as_it_was(capsys, db, tmp_path):
    """Issue 30: a game recorded before Banker refused a rent asked too late may hold one; its file (written as
    every Banker before wrote it: no ``rules_version``, no turns kept for the deadline) imports with the rule off,
    state for state, and exports again to the same bytes; the game goes on by the rules it was created with. The
    file's settings decide: the same file saying it plays by the deadline is refused at the late rent."""
    from rules.words import RulesVersion

    with Session.create(db, ["Ann", "Bob", "Cy", "Dee"], Settings(rules_version=RulesVersion.FIRST)) as s:
        for line in LATE:
            assert s.execute(line).ok, line
        game = s.game_id
    text = _exported(capsys, db, game, tmp_path / "old.json")
    assert "rules_version" not in text and '"played"' not in text  # the file as an earlier Banker wrote it
    other = str(tmp_path / "other.db")
    status, _, err = run(capsys, "import", tmp_path / "old.json", "--db", other)
    assert status == 0, err
    assert states(capsys, db, game) == states(capsys, other, 1)
    assert _exported(capsys, other, 1, tmp_path / "again.json") == text
    status, out, err = run(capsys, "do", "rent ann new york", "--db", other)  # still Dee's turn: still accepted
    assert status == 0 and out.startswith("Ann pays Cy $16"), err

    data = json.loads(text)
    data["game"]["settings"]["rules_version"] = RulesVersion.RENT_DEADLINE
    (tmp_path / "claims.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    status, _, err = run(capsys, "import", tmp_path / "claims.json", "--db", tmp_path / "third.db")
    assert status == 2 and f'entry 6 ("rent ann new york") does not replay: refused: {TOO_LATE}' in err, err
    assert not (tmp_path / "third.db").exists()


def test_a_new_games_file_carries_the_rent_deadline_and_round_trips(capsys, db, tmp_path):
    """Issue 30: a game started now plays by the deadline for rent (seed 000, PAYING RENT): the late rent is
    refused, naming the rule, and nothing is recorded. Its file says so (``"rules_version": 1``) and keeps the turns
    the deadline counts; it imports refusing nothing, state for state, exports again to the same bytes, and the
    imported game refuses the late rent too."""
    assert run(capsys, "new", "standard", "Ann", "Bob", "Cy", "Dee", "--db", db)[0] == 0
    for line in LATE[:-1]:
        assert run(capsys, "do", line, "--db", db)[0] == 0, line
    status, out, err = run(capsys, "do", LATE[-1], "--db", db)
    assert status == 2 and out == "" and TOO_LATE in err and "(seed 000, PAYING RENT)" in err, err
    text = _exported(capsys, db, 1, tmp_path / "new.json")
    data = json.loads(text)
    assert data["game"]["settings"]["rules_version"] == data["state"]["settings"]["rules_version"] == 1
    assert [p.get("played", 0) for p in data["state"]["players"]] == [1, 2, 3, 0]
    other = str(tmp_path / "other.db")
    status, out, err = run(capsys, "import", tmp_path / "new.json", "--db", other)
    assert status == 0 and "(5 journal entries replayed)" in out, err
    assert states(capsys, db, 1) == states(capsys, other, 1)
    assert _exported(capsys, other, 1, tmp_path / "again.json") == text
    status, _, err = run(capsys, "do", LATE[-1], "--db", other)
    assert status == 2 and TOO_LATE in err, err


@pytest.mark.parametrize("version", [2, -1, "1", True, None])
def test_a_game_file_of_rules_this_banker_does_not_know_is_refused(capsys, db, tmp_path, version):
    """A file a newer Banker wrote (its game played by rules this one does not enforce) or one written by hand: the
    import says so, and nothing is created."""
    game = played(db)
    data = json.loads(_exported(capsys, db, game, tmp_path / "game.json"))
    data["game"]["settings"]["rules_version"] = version
    (tmp_path / "game.json").write_text(json.dumps(data), encoding="utf-8")
    status, _, err = run(capsys, "import", tmp_path / "game.json", "--db", tmp_path / "other.db")
    assert status == 2 and "the game is played by rules this Banker does not know" in err, err
    assert f"(version {version!r}; it knows 0 to 1)" in err
    assert not (tmp_path / "other.db").exists()
