"""Issue 31 as a person meets it: the installed ``banker`` in a subprocess, handed hostile files. A config.toml, an
edition or a game file nested 500 deep, too large, holding control characters or absurd figures: one line naming
the file and the place in it, the right exit status, no traceback, nothing written. And every command that reads a
database says so when there is none."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from banker.journal import Journal
from banker.session import Session
from rules.editions import BUILT_IN
from rules.words import MAX_AMOUNT
from tests.cli.test_cli_errors import BANKER, finish, needs_banker, one_line_error, start
from tests.kit.journal import finished_game

# The installed `banker` in subprocesses, several a test: in CI, not in the quick `dev` run (README).
pytestmark = [needs_banker, pytest.mark.slow]

DEEP = "[" * 500 + "]" * 500


def banker(tmp_path: Path, *argv: str, config: str | None = None) -> subprocess.Popen:
    """``banker --db <tmp>/g.db ARGV`` with its own config folder (holding ``config``, if given)."""
    folder = tmp_path / "config"
    folder.mkdir(exist_ok=True)
    if config is not None:
        (folder / "config.toml").write_text(config, encoding="utf-8")
    process = subprocess.Popen(
        [BANKER, "--db", str(tmp_path / "g.db"), *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "BANKER_CONFIG_DIR": str(folder)},
    )
    process.given = b""  # type: ignore[attr-defined]
    return process


def edition(**lines: str) -> str:
    """The US edition's file as a family's copy (key ``rich``), with whole lines replaced."""
    text = (BUILT_IN / "us.toml").read_text(encoding="utf-8")
    text = text.replace('edition = "us"', 'edition = "rich"').replace(
        'aliases = ["usa", "atlantic-city"]', "aliases = []"
    )
    for key, line in lines.items():
        text, n = re.subn(rf"(?m)^{key} = .*$", line.replace("\\", "\\\\"), text, count=1)
        assert n == 1, key
    return text


def place_edition(tmp_path: Path, text: str | bytes, name: str = "rich.toml") -> Path:
    folder = tmp_path / "editions"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def files(tmp_path: Path) -> list[str]:
    return sorted(p.name for p in tmp_path.iterdir())


# The High crash: a value nested 500 deep ------------------------------------------------------------------------


def test_a_config_nested_500_deep_is_one_line_for_every_command_that_reads_it(tmp_path):
    finished_game(tmp_path / "g.db")
    config = f"theme = {DEEP}\n"
    qr, serve = (finish(banker(tmp_path, *argv, config=config)) for argv in (["qr"], ["serve", "--port", "0"]))
    line = f"{tmp_path / 'config' / 'config.toml'}: line 1, column 13: nested more than 4 deep"
    for out in (qr, serve):
        one_line_error(out, 2, line, "a settings file is flatter")
    assert files(tmp_path) == ["config", "g.db"]  # no QR files, no exports folder


def test_an_edition_nested_500_deep_is_one_line_and_no_game(tmp_path):
    path = place_edition(tmp_path, f"edition = {DEEP}\n", "deep.toml")
    listed, new_by_file, new_by_key = (
        finish(banker(tmp_path, *argv))
        for argv in (["editions"], ["new", "standard", "Ann", "Bob", "--edition", str(path)], ["new", "standard",
                     "Ann", "Bob", "--edition", "deep"])
    )  # fmt: skip
    where = f"{path}: line 1, column 17: nested more than 6 deep; an edition file is flatter"
    one_line_error(listed, 2, f"banker: not playable: {where}")
    assert b"US (Atlantic City)" in listed.stdout  # the others are listed all the same
    one_line_error(new_by_file, 2, where)
    one_line_error(new_by_key, 2, f'the edition "deep" cannot be played: {where}')
    assert "g.db" not in files(tmp_path)


def test_a_game_file_nested_deep_is_refused_where_it_is_and_nothing_is_imported(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text('{"format": "banker-game", "version": 1,\n "game": ' + "[" * 5000 + "]" * 5000 + "}\n")
    out = finish(banker(tmp_path, "import", str(deep)))
    one_line_error(out, 2, f"{deep}: line 2, column 25: nested more than 16 deep; a game file is flatter")
    assert "nothing was imported" in out.stderr.decode() and files(tmp_path) == ["config", "deep.json"]


# Bounded edition data --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        ({"go_salary": "go_salary = 10000000000000"}, "go_salary: must be a whole number from 1 to 1,000,000, not"),
        ({"go_salary": "go_salary = 100000000000000000000"}, "go_salary: 100000000000000000000 is larger than any"),
        ({"houses": "houses = 100000"}, "houses: must be a whole number from 1 to 999, not 100000"),
        (
            {"railroad_rents": "railroad_rents = [25, 50, 100, 2000000]"},
            "railroad_rents[3]: must be a whole number from 1 to 1,000,000, not 2000000",
        ),
        ({"utility_multipliers": "utility_multipliers = [4, 100000]"}, "utility_multipliers[1]: must be a whole"),
        ({"title": 'title = "' + "T" * 61 + '"'}, "title: is 61 characters long; a title is at most 60"),
        ({"title": 'title = "' + "T" * 300_000 + '"'}, "is more than 256 KB; an edition file is smaller"),
        ({"aliases": 'aliases = ["x\\u200by"]'}, "aliases[0]: holds the invisible character U+200B"),
        ({"currency": 'currency = "\\u202e$"'}, "currency: the text holds a control character (\\u202e)"),
    ],
    ids=["salary", "salary-past-toml", "houses", "railroad", "utility", "title", "huge-title", "zero-width", "bidi"],
)
def test_an_edition_past_its_bounds_is_refused_naming_the_key_and_the_limit(tmp_path, lines, said):
    path = place_edition(tmp_path, edition(**lines))
    out = finish(banker(tmp_path, "new", "standard", "Ann", "Bob", "--edition", str(path)))
    one_line_error(out, 2, f"{path}: ", said)
    assert "\\u200b" not in out.stderr.decode() and "g.db" not in files(tmp_path)


def test_square_names_are_printable_text_and_a_byte_order_mark_is_read(tmp_path):
    bidi = edition().replace('name = "Boardwalk"', 'name = "Board\\u202ewalk"')
    invisible = edition().replace('name = "Boardwalk"', 'name = "Board\\u00adwalk"')  # a soft hyphen
    long = edition().replace('name = "Boardwalk"', 'name = "' + "B" * 41 + '"')
    for text, said in [
        (
            bidi,
            'the edition "rich" cannot be played: ' + f"{tmp_path / 'editions' / 'rich.toml'}: square[39].name: "
            "the text holds a control character (\\u202e) at character 6",
        ),
        (invisible, 'square 39 ("Board\u00adwalk") name: holds the invisible character U+00AD'),
        (long, "name: is 41 characters long; a name is at most 40"),
    ]:
        path = place_edition(tmp_path, text)
        one_line_error(finish(banker(tmp_path, "new", "standard", "Ann", "Bob", "--edition", "rich")), 2, said)
        path.unlink()
    place_edition(tmp_path, b"\xef\xbb\xbf" + edition().encode())  # as Notepad saves it
    out = finish(banker(tmp_path, "new", "standard", "Ann", "Bob", "--edition", "rich"))
    assert (out.returncode, out.stdout, out.stderr) == (0, b"1\n", b"")


def test_a_game_at_the_largest_figures_ends(tmp_path):
    """A family's edition at every money bound: GO pays the most an edition may (1,000,000) and double on GO;
    a thousand salaries later the game ends and its standings are stored (go_salary 10^20 could not end)."""
    place_edition(tmp_path, edition(go_salary=f"go_salary = {MAX_AMOUNT}"))
    script = tmp_path / "night.txt"
    script.write_text("new standard Ann Bob edition rich double-go\n" + "go ann exact\n" * 1000, encoding="utf-8")
    played = finish(banker(tmp_path, "play", str(script)))
    assert played.returncode == 0, played.stderr
    ended = finish(banker(tmp_path, "do", "end"))
    assert ended.returncode == 0 and b"Ann wins" in ended.stdout, ended.stderr
    with Session.open(tmp_path / "g.db", 1, readonly=True) as game:
        assert [(s.name, s.cash) for s in game.scores()] == [("Ann", 1500 + 1000 * 2 * MAX_AMOUNT), ("Bob", 1500)]


# Import messages in words, not Python's ------------------------------------------------------------------------


def _exported(tmp_path: Path) -> dict:
    db = tmp_path / "source.db"
    finished_game(db)
    with Session.open(db, 1, readonly=True) as game:
        from banker.reports.journal_file import render

        return json.loads(render(game))


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d["game"].update(settings=[]), "game.settings: must be an object"),
        (lambda d: d["game"]["settings"].update(edition_data=[]), "game.settings.edition_data: must be an object"),
        (lambda d: d["game"].update(players=[["Ann"], ["Bob"]]), "game.players: must be a list of players"),
        (lambda d: d["game"]["settings"].update(variant=7), "the game's set-up is refused: the variant and the"),
        (lambda d: d["entries"].append({"kind": "action", "line": "x" * 20_000}), "entries[2].line: a text of 20,000"),
        (lambda d: d["state"]["players"][0].update(cash=10**20), "state.players[0].cash: 100000000000000000000 is"),
        (lambda d: d["state"].update(bank=10**50), "state.bank: a number of 51 digits is larger than any Banker"),
    ],
    ids=["settings", "edition", "players", "variant", "long-line", "huge-cash", "huger-bank"],
)
def test_a_damaged_game_file_is_said_in_words(tmp_path, change, said):
    data = _exported(tmp_path)
    change(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = finish(banker(tmp_path, "import", str(path)))
    err = one_line_error(out, 2, f"{path}: ", said, "nothing was imported")
    assert not re.search(r"Error\b|object has no attribute|\(\w+Error", err), err
    assert "g.db" not in files(tmp_path)


def test_a_database_of_another_program_is_said_so_not_in_sqlites_words(tmp_path):
    import sqlite3

    other = tmp_path / "g.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE meta (name TEXT, data TEXT)")
    game = tmp_path / "game.json"
    game.write_text(json.dumps(_exported(tmp_path)), encoding="utf-8")
    for out in (finish(banker(tmp_path, "import", str(game))), finish(banker(tmp_path, "games"))):
        err = one_line_error(out, 1, f"{other} has a meta table but is not a Banker database")
        assert "no such column" not in err


# Every command that reads a database says so when there is none -------------------------------------------------


def test_every_reading_command_says_there_is_no_database(tmp_path):
    typo = str(tmp_path / "typo.db")
    commands = [["games"], ["leaderboard"], ["stats"], ["stats", "--json"], ["state"], ["log"], ["export"], ["qr"]]
    commands += [["export", "--format", "journal"], ["requests"], ["serve"], ["do", "next"], ["maths", "ann"]]
    for argv, out in zip(commands, [finish(start("--db", typo, *argv)) for argv in commands], strict=True):
        assert out.stdout == b"", argv
        one_line_error(out, 1, f"banker: there is no Banker database at {typo}")
    assert files(tmp_path) == []
    Journal(tmp_path / "empty.db").close()  # a Banker database with no game yet is something else
    games, board = (finish(start("--db", str(tmp_path / "empty.db"), c)) for c in ("games", "leaderboard"))
    assert (games.returncode, games.stdout, board.returncode, board.stdout) == (
        0,
        b"no games yet\n",
        0,
        b"No finished games yet.\n",
    )


# banker qr reads the settings it uses -------------------------------------------------------------------------


def test_qr_is_not_stopped_by_an_unrelated_bad_setting(tmp_path):
    finished_game(tmp_path / "g.db")
    unrelated = '[new_game]\nvariant = "nosuch"\n\n[exports]\ndirectory = "' + str(tmp_path / "out") + '"\n'
    out = finish(banker(tmp_path, "qr", config=unrelated))
    assert out.returncode == 0 and out.stderr == b"", out.stderr
    assert sorted(p.suffix for p in (tmp_path / "out").iterdir()) == [".png", ".svg"]  # where the settings say
    bad = finish(banker(tmp_path, "qr", config="[exports]\ndirectory = 7\n"))
    one_line_error(bad, 2, "exports.directory: must be a string in quotes, not 7")
    given = finish(banker(tmp_path, "qr", "--out", str(tmp_path / "given"), config="[exports]\ndirectory = 7\n"))
    assert given.returncode == 0, given.stderr  # --out wins: the setting is not needed, so not read


@pytest.mark.slow
def test_a_game_of_100000_salaries_at_the_largest_figures_still_ends(tmp_path):
    """The bound's reason (rules/fields.py): 100,000 GO salaries, each the most an edition may pay and doubled on
    GO, end, and the journal stores the standings as a game's end does (SQLite's integers go to 9.2 x 10^18; the
    figures reached stay a million times below). A journal write per salary would take minutes, so the salaries go
    through the engine, and the end through the journal's own writes."""
    import rules
    from banker.views import standings_rows
    from rules.actions import End, Go
    from rules.editions import load_edition_file
    from rules.state import game_settings, new_game
    from tests.kit.conservation import conserved

    load_edition_file(place_edition(tmp_path, edition(go_salary=f"go_salary = {MAX_AMOUNT}")))
    settings = game_settings("standard", "rich", double_go=True)
    state = new_game(["Ann", "Bob"], settings)
    for _ in range(100_000):
        state = rules.apply(state, Go("Ann", exact=True)).state
    state = rules.apply(state, End()).state
    assert state.over and conserved(state) and state.players[0].cash == 1500 + 100_000 * 2 * MAX_AMOUNT
    assert max(abs(state.bank), *(p.cash for p in state.players)) * 1_000_000 < 2**63
    with Session.create(tmp_path / "g.db", ["Ann", "Bob"], settings) as game:
        game_id = game.game_id
    journal = Journal(tmp_path / "g.db")
    try:
        with journal.write() as conn:
            journal.set_result(conn, game_id, True, "Ann", standings_rows(state))
        assert [(s.name, s.cash) for s in journal.scores(game_id)] == [("Ann", state.players[0].cash), ("Bob", 1500)]
    finally:
        journal.close()


def test_a_game_journalled_before_a_bound_keeps_opening(tmp_path):
    """A game's own copy of its edition is held to the kinds of its keys, not to bounds added since it began (as
    player names are, docs/rulings.md): a game started on a salary of 5,000,000 and a name with a soft hyphen, from
    before the bounds, opens and plays; the same file handed in now is refused."""
    import sqlite3

    path = place_edition(tmp_path, edition())
    assert finish(banker(tmp_path, "new", "standard", "Ann", "Bob", "--edition", "rich")).returncode == 0
    path.unlink()
    with sqlite3.connect(tmp_path / "g.db") as conn:  # the journal as a Banker before the bounds wrote it
        settings = json.loads(conn.execute("SELECT settings FROM games WHERE id = 1").fetchone()[0])
        settings["edition_data"]["go_salary"] = 5_000_000
        settings["edition_data"]["square"][39]["name"] = "Board\u00adwalk"
        conn.execute("UPDATE games SET settings = ? WHERE id = 1", (json.dumps(settings),))
    for line, said in [("go ann", "$5,000,000"), ("buy ann boardwalk", "Board\u00adwalk")]:
        played = finish(banker(tmp_path, "do", *line.split()))
        assert played.returncode == 0 and said in played.stdout.decode(), played.stderr
    place_edition(tmp_path, edition(go_salary="go_salary = 5000000"))
    refused = finish(banker(tmp_path, "new", "standard", "Cy", "Dee", "--edition", "rich"))
    one_line_error(refused, 2, "go_salary: must be a whole number from 1 to 1,000,000, not 5000000")
