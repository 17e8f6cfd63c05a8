"""The banker command: new, play (text and --json, refusal status), games, state, log, do, --db handling."""

import gc
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from banker.cli.main import main
from banker.session import Session

SCRIPT = """\
# a short game
new standard Ann Bob Cy
buy ann park place
buy bob boardwalk
rent bob park place   # $35
pay cy 100 to each
"""


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "cli.db")


def run(capsys, *argv):
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert "banker 0.1.0" in capsys.readouterr().out


def test_new_prints_id(capsys, db):
    status, out, _ = run(capsys, "new", "standard", "Ann", "Bob", "--db", db)
    assert status == 0 and out.strip() == "1"
    status, out, _ = run(
        capsys,
        "--db",
        db,
        "new",
        "time-limit",
        "Ann",
        "Bob",
        "--minutes",
        "60",
        "--free-parking",
        "--double-go",
        "--edition",
        "uk",
    )
    assert status == 0 and out.strip() == "2"
    with Session.open(db, 2) as s:
        st = s.state.settings
        assert st.edition == "uk" and st.time_limit_minutes == 60 and st.house_rules.free_parking
        assert st.house_rules.double_go


def test_new_refuses_bad_game(capsys, db):
    status, _, err = run(capsys, "new", "standard", "Ann", "--db", db)
    assert status == 2 and "players" in err


def test_play_json(capsys, db, tmp_path):
    script = tmp_path / "game.txt"
    script.write_text(SCRIPT)
    status, out, err = run(capsys, "play", str(script), "--db", db, "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    cash = {p["name"]: p["cash"] for p in data["players"]}
    assert cash == {"Ann": 1500 - 350 + 35 + 100, "Bob": 1500 - 400 - 35 + 100, "Cy": 1300}
    assert data["game"] == {
        **data["game"],
        "id": 1,
        "variant": "standard",
        "edition": "us",
        "turn": "Ann",
        "over": False,
    }
    owners = {d["name"]: d["owner"] for d in data["deeds"] if d["owner"]}
    assert owners == {"Park Place": "Ann", "Boardwalk": "Bob"}


def test_play_stops_at_first_refused_line(capsys, db, tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text(SCRIPT + "buy cy park place\npay ann 1\n")
    status, out, err = run(capsys, "play", str(script), "--db", db, "--json")
    assert status == 2
    assert err.startswith("line 7: ") and "Park Place" in err
    data = json.loads(out)  # the state as it stood before that line
    assert {p["name"]: p["cash"] for p in data["players"]}["Ann"] == 1500 - 350 + 35 + 100


def test_play_needs_a_new_line(capsys, db, tmp_path):
    script = tmp_path / "nonew.txt"
    script.write_text("# nothing\nbuy ann park place\n")
    status, _, err = run(capsys, "play", str(script), "--db", db)
    assert status == 2 and err.startswith("line 2: ")


def test_games_state_log_do(capsys, db, tmp_path):
    script = tmp_path / "game.txt"
    script.write_text(SCRIPT + "undo\n")
    assert run(capsys, "play", str(script), "--db", db)[0] == 0
    status, out, _ = run(capsys, "games", "--db", db)
    assert status == 0 and "Ann, Bob, Cy" in out and "standard" in out
    assert out.splitlines()[1].split()[3:5] == ["standard", "us"]  # the edition beside the variant
    status, out, _ = run(capsys, "state", "--db", db)
    assert status == 0 and "Park Place" in out and "Ann" in out
    status, out, _ = run(capsys, "state", "1", "--json", "--db", db)
    assert json.loads(out)["players"][2]["cash"] == 1500
    status, out, _ = run(capsys, "log", "--db", db)
    assert status == 0 and "(undone)" in out and "pay cy 100 to each" in out
    status, out, err = run(capsys, "do", "pay", "cy", "5", "--db", db)
    assert status == 0 and "Cy" in out
    status, out, err = run(capsys, "do", "pay", "cy", "-5", "--db", db)
    assert status == 2 and "negative" in err


def test_missing_game_and_foreign_db(capsys, db, tmp_path):
    status, _, err = run(capsys, "state", "--db", db)
    assert status == 1 and "no Banker database" in err
    status, out, err = run(capsys, "games", "--db", db)  # issue 31: as `state` says it, not "no games yet"
    assert status == 1 and out == "" and "no Banker database" in err
    run(capsys, "new", "standard", "Ann", "Bob", "--db", db)
    status, _, err = run(capsys, "state", "7", "--db", db)
    assert status == 1 and "no game 7" in err
    other = tmp_path / "photo.jpg"
    other.write_bytes(b"\xff\xd8\xff" + b"x" * 100)
    status, _, err = run(capsys, "games", "--db", str(other))
    assert status == 1 and "not a Banker database" in err
    assert other.read_bytes() == b"\xff\xd8\xff" + b"x" * 100


def test_env_database_is_used(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("BANKER_DB", str(tmp_path / "env.db"))
    assert run(capsys, "new", "standard", "Ann", "Bob")[0] == 0
    assert (tmp_path / "env.db").exists()


def test_no_subcommand_launches_app(monkeypatch, db):
    import banker.tui.app

    seen = []
    monkeypatch.setattr(banker.tui.app, "run", lambda path: seen.append(path) or gc.isenabled() or 0)
    assert main(["--db", db]) == 0
    assert [str(p) for p in seen] == [db]
    assert gc.isenabled()  # off while the app starts (banker.cli.main), on again once it has run


@pytest.mark.parametrize("argv", [[], ["--db", "DB"], ["--db=DB"]])
def test_plain_banker_launches_the_app_without_the_subcommands(argv, db, monkeypatch):
    """`banker` and `banker --db PATH` go straight to the app (the subcommands' parser and modules are not
    imported: they are start-up time); the database is the one given, else $BANKER_DB."""
    import subprocess
    import sys

    monkeypatch.setenv("BANKER_DB", db + ".env")
    argv = [a.replace("DB", db) for a in argv]
    probe = (
        "import sys, banker.tui.app\n"
        "banker.tui.app.run = lambda path, **o: print(path) or 0\n"
        "from banker.cli.main import main\n"
        f"status = main({argv!r})\n"
        "assert 'banker.cli.commands' not in sys.modules and 'banker.commands' not in sys.modules\n"
        # `banker` and `banker --db PATH` build no parser at all (banker.cli.main.plain_launch); --db=PATH does
        f"assert ('banker.cli.parser' in sys.modules) == {argv[:1] == ['--db=' + db]!r}, 'the parser'\n"
        "raise SystemExit(status)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == (db if argv else db + ".env")


LAUNCH_LINES = [
    ([], True),
    (["--db", "game.db"], True),
    (["--db", "new"], True),  # a subcommand's name, but --db's value: the app on a file called new
    (["--db", "my games/banker.db"], True),
    (["--db", "a=b"], True),
    (["--db", "caf\udce9.db"], True),  # a path that was not UTF-8 (surrogateescape)
    (["--db", "-"], False),
    (["--db", "-x.db"], False),
    (["--db", ""], False),
    (["--db=x.db"], False),
    (["--d", "x.db"], False),
    (["--db", "x.db", "--db", "y.db"], False),
    (["--db", "x.db", "games"], False),
    (["games"], False),
    (["--db"], False),
    (["--help"], False),
]


def _read_alike(argv: list[str]) -> bool:
    """Whether ``plain_launch`` takes ``argv``; if it does, the parser reads it as the same launch."""
    from banker.cli.main import plain_launch
    from banker.cli.parser import read

    launch, db = plain_launch(argv)
    if launch:
        args = read(argv)
        assert (args.handler, args.command, args.db) == (None, None, db)
    else:
        assert db is None
    return launch


@pytest.mark.parametrize(("argv", "taken"), LAUNCH_LINES)
def test_the_launch_lines_read_before_the_parser_read_as_the_parser_reads_them(argv, taken):
    """``plain_launch`` takes ``banker`` and ``banker --db PATH`` without building the parser (its time is the
    launch's); every line it takes, the parser reads as the same launch on the same database, and it leaves every
    other line (a dash, ``--db=``, two paths, a subcommand, a mistake) to the parser."""
    assert _read_alike(argv) == taken


@given(st.text())
def test_any_database_path_plain_launch_takes_is_the_one_the_parser_reads(path):
    _read_alike(["--db", path])


def test_db_without_a_path_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--db"])
    assert exit_.value.code == 2 and "--db: expected one argument" in capsys.readouterr().err


def test_launching_on_a_file_that_is_not_a_banker_database_says_so_in_one_line(tmp_path, capsys):
    """No traceback and no app: one line naming the file, exit status 1, the file left as it was."""
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list\n")
    assert main(["--db", str(notes)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("banker: ") and "not a Banker database" in err and err.count("\n") == 1
    assert notes.read_text() == "shopping list\n"


def test_the_words_a_person_reads_are_counted_and_the_bank_takes_no_turn(capsys, db):
    """Issue 30 (review, item 10): `banker state` said "1 houses" ("1 house(s)" on a deed), and `turn bank` was
    answered "did you mean Ann?", the nearest spelling of a player."""
    run(capsys, "new", "standard", "Ann", "Bob", "Cy", "--db", db)
    for line in ("buy bob marvin", "buy bob atlantic", "buy bob ventnor", "build bob marvin"):
        assert run(capsys, "do", line, "--db", db)[0] == 0
    status, out, _ = run(capsys, "state", "--db", db)
    assert status == 0 and "Marvin Gardens 1 house\n" in out and "bank: 31 houses, 12 hotels\n" in out, out
    status, out, err = run(capsys, "do", "turn", "bank", "--db", db)
    assert status == 2 and "the bank is not a player: name one of Ann, Bob, Cy" in err, err
    assert "did you mean" not in err


@pytest.mark.parametrize(
    ("house_rule", "bank"),
    [
        ((), "bank: 32 houses, 12 hotels"),
        (("--free-parking", "50"), "bank: 32 houses, 12 hotels; Free Parking pot $150"),
    ],
)
def test_state_shows_the_free_parking_pot_only_where_the_house_rule_is_on(capsys, db, house_rule, bank):
    """Issue 36: `banker state` said "Topf von Frei Parken 0 DM" in a game without the house rule (the books have no
    pot: seed 000, FREE PARKING); the pot is shown where the house rule is on, in every language."""
    assert run(capsys, "new", "standard", "Ann", "Bob", *house_rule, "--db", db)[0] == 0
    assert run(capsys, "do", "tax", "ann", "luxury", "--db", db)[0] == 0
    status, out, _ = run(capsys, "state", "--db", db)
    assert status == 0 and out.splitlines()[-1].strip() == bank, out
