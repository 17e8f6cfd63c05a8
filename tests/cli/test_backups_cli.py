"""Backups as a person meets them from the shell (docs/storage.md, "Backups"): the installed ``banker`` in a
subprocess backs the database up when a command ends a game (never on every ``banker do``), lists the backups,
and brings one back with ``banker restore N`` after asking, keeping the file it replaces; a backups folder it
cannot write to is said in one line and the game is recorded all the same."""

from __future__ import annotations

import json
from pathlib import Path

from banker.backups import listing
from tests.cli.test_cli_errors import (  # noqa: F401 - pytestmark: the marks (the installed banker, slow)
    _file_size_limit,
    digest,
    finish,
    needs_unprivileged,
    one_line_error,
    pytestmark,
    run,
    start,
)
from tests.kit.journal import make_game

GAME = b"""\
new short-1990s Ann Bob
deal ann boardwalk
deal bob park place
rent bob boardwalk
end
"""


def banker(db: Path, *argv: str, stdin: bytes | None = None, unprivileged: bool = False):
    return run("--db", str(db), *argv, stdin=stdin, unprivileged=unprivileged)


def ok(out) -> str:
    assert out.returncode == 0 and out.stderr == b"", (out.returncode, out.stderr)
    return out.stdout.decode()


def test_a_database_deleted_after_a_game_comes_back_with_banker_restore(tmp_path):
    db = tmp_path / "family.db"
    ok(banker(db, "play", "-", stdin=GAME))
    log, state = ok(banker(db, "log")), ok(banker(db, "state", "--json"))
    assert json.loads(state)["game"]["over"]
    listed = ok(banker(db, "backups")).splitlines()
    assert listed[0].split() == ["#", "taken", "games", "entries", "size"]
    assert listed[1].split()[0] == "1" and listed[1].split()[-4:-2] == ["1", "4"]  # 1 game, 4 journal entries
    assert len(listed) == 3 and "banker restore N" in listed[2]

    for leftover in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
        leftover.unlink(missing_ok=True)
    gone = banker(db, "state")
    assert gone.returncode == 1
    restored = ok(banker(db, "restore", "1", stdin=b"y\n"))
    assert "There is no family.db now. [y/N] restored backup 1" in restored and "1 game, 4 journal entries" in restored
    assert ok(banker(db, "log")) == log and ok(banker(db, "state", "--json")) == state
    assert ok(banker(db, "do", "undo")).startswith("undo: The game ends")  # and goes on from the file brought back


def test_restore_asks_first_and_keeps_the_file_it_replaces(tmp_path):
    db = tmp_path / "family.db"
    ok(banker(db, "play", "-", stdin=GAME))
    ended = ok(banker(db, "state", "--json"))
    ok(banker(db, "do", "undo"))
    ok(banker(db, "do", "go", "ann"))
    playing, before = ok(banker(db, "state", "--json")), digest(db)

    declined = banker(db, "restore", "1", stdin=b"n\n")
    assert declined.returncode == 1 and declined.stderr == b"banker: nothing was restored\n"
    assert "The family.db there now (1 game, 6 journal entries) is kept as a backup first." in declined.stdout.decode()
    one_line_error(banker(db, "restore", "1"), 2, "no answer, so nothing was restored", "--yes")
    assert digest(db) == before and len(listing(db)) == 1

    said = ok(banker(db, "restore", "1", "--yes"))
    assert said.startswith("restored backup 1") and "is backup 1 now (`banker restore 1` brings it back)" in said
    assert ok(banker(db, "state", "--json")) == ended
    assert len(listing(db)) == 2
    ok(banker(db, "restore", "1", "-y"))
    assert ok(banker(db, "state", "--json")) == playing


def test_banker_do_in_a_script_loop_copies_nothing_until_the_game_ends(tmp_path):
    """``banker do`` is one step of a game, not a launch: a script running it a hundred times a night would
    otherwise read the whole file a hundred times and push the evening's own backups out of the ten."""
    db = tmp_path / "family.db"
    ok(banker(db, "new", "standard", "Ann", "Bob"))
    for line in ("go ann", "go bob", "buy ann boardwalk", "pay bob 50", "undo"):
        ok(banker(db, "do", *line.split()))
    assert not (tmp_path / "backups").exists()
    assert "no backups of" in ok(banker(db, "backups"))
    ok(banker(db, "do", "end"))
    assert [b.mark.entries for b in listing(db) if b.mark] == [6]
    ok(banker(db, "do", "undo"))  # the end taken back, then the game ends again: its end is backed up again
    ok(banker(db, "do", "end"))
    assert [b.mark.entries for b in listing(db) if b.mark] == [8, 6]


def test_a_read_only_backups_folder_says_so_in_one_line_and_the_game_is_recorded(tmp_path):
    needs_unprivileged()
    db = tmp_path / "family.db"
    ok(banker(db, "new", "standard", "Ann", "Bob"))
    folder = tmp_path / "backups"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        out = banker(db, "do", "end", unprivileged=True)
        one_line_error(
            out, 0, f"no backup of {db} was made: cannot write to {folder}: the folder is read-only (the game is"
        )
        assert out.stdout.decode().startswith("The game ends")
    finally:
        folder.chmod(0o755)
    assert json.loads(ok(banker(db, "state", "--json")))["game"]["over"] and list(folder.iterdir()) == []


def test_a_disk_that_fills_during_the_copy_says_so_in_one_line_and_the_game_is_recorded(tmp_path):
    db = tmp_path / "family.db"
    make_game(db, ("Ann", "Bob"), ["pay ann 1", "collect ann 1"] * 150)
    limit = db.stat().st_size // 2  # the game's few pages go into its -wal; a whole copy does not fit
    out = run("--db", str(db), "do", "end", preexec=_file_size_limit(limit))
    # (a file size limit stands in for the full disk: SQLite says an I/O error where a full disk is "full")
    one_line_error(out, 0, f"no backup of {db} was made: cannot copy it to {db.parent / 'backups'}: the disk ")
    assert out.stdout.decode().startswith("The game ends")
    assert json.loads(ok(banker(db, "state", "--json")))["game"]["over"]
    assert list((tmp_path / "backups").iterdir()) == []  # nothing half-written left


def test_a_backup_number_that_is_not_there_is_one_line(tmp_path):
    db = tmp_path / "family.db"
    one_line_error(banker(db, "restore", "1", "--yes"), 2, f"there are no backups of {db}")
    ok(banker(db, "play", "-", stdin=GAME))
    one_line_error(banker(db, "restore", "2", "--yes"), 2, "there is no backup 2: 1 backup is kept")
    one_line_error(banker(db, "restore", "0"), 2, "a backup's number is a whole number from 1")
    procs = [start("--db", str(db), "restore", n) for n in ("x", "-1", "1.5")]
    for p in procs:
        assert finish(p).returncode == 2
