"""Issue 12 as a person meets it: the installed ``banker`` command, run in a subprocess, on bad input and broken
files. Every error is one line on stderr naming the file and the cause, exit status 1 (cannot) or 2 (refused),
never a traceback, and the database is left exactly as it was."""

from __future__ import annotations

import hashlib
import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from banker.session import Session
from rules import Settings
from tests.kit.patience import scaled

BANKER = str(Path(sys.executable).with_name("banker"))
needs_banker = pytest.mark.skipif(not Path(BANKER).exists(), reason="the banker script is not installed")
# The installed `banker` in subprocesses, several a test: in CI, not in the quick `dev` run (README).
pytestmark = [needs_banker, pytest.mark.slow]


def start(
    *argv: str | bytes, stdin: bytes | None = None, unprivileged: bool = False, preexec=None, cwd=None
) -> subprocess.Popen:
    """Start the installed ``banker`` with ``argv`` (bytes pass through as they are, as a shell would)."""
    command: list[str | bytes] = [BANKER, *argv]
    if unprivileged and os.geteuid() == 0:  # root ignores file modes; without these capabilities it does not
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", *command]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=preexec, cwd=cwd
    )
    process.given = stdin  # type: ignore[attr-defined]
    return process


def finish(process: subprocess.Popen) -> subprocess.CompletedProcess:
    out, err = process.communicate(process.given, timeout=scaled(60))  # type: ignore[attr-defined]
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def run(*argv: str | bytes, **options) -> subprocess.CompletedProcess:
    return finish(start(*argv, **options))


def run_all(*commands: list) -> list[subprocess.CompletedProcess]:
    """Run independent commands side by side (each a list of arguments), to keep the suite fast."""
    return [finish(p) for p in [start(*c) for c in commands]]


def one_line_error(out: subprocess.CompletedProcess, status: int, *words: str) -> str:
    """Assert the run failed with ``status`` and exactly one line on stderr holding ``words``; returns it."""
    err = out.stderr.decode("utf-8")
    assert out.returncode == status, (out.returncode, err)
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err and "\x1b" not in err
    for word in words:
        assert word in err, (word, err)
    return err


def digest(*paths: Path) -> list[str | None]:
    return [hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else None for p in paths]


def files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


@pytest.fixture
def db(tmp_path) -> Path:
    """A database with one game in it, closed (checkpointed), so its bytes are stable."""
    path = tmp_path / "g.db"
    with Session.create(path, ["Ann", "Bob"], Settings()) as s:
        for line in ("go ann", "buy ann boardwalk", "pay bob 20 to ann"):
            assert s.execute(line).ok
    return path


def needs_unprivileged():
    if os.geteuid() == 0 and shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: file modes cannot be tested")


# 1. Overwriting the database -----------------------------------------------------------------------------------


def test_export_never_writes_over_the_database_or_its_companions(db):
    (db.parent / "sub").mkdir()
    (db.parent / "link.md").symlink_to(db)
    before = digest(db)
    targets = ["g.db", "g.db-wal", "g.db-shm", "./sub/../g.db", "link.md"]
    outs = [finish(start("--db", str(db), "export", "--out", t, "--force", cwd=db.parent)) for t in targets]
    for target, out in zip(targets, outs, strict=True):
        one_line_error(out, 2, Path(target).name, "is the game database", "another --out")
    assert digest(db) == before and files(db.parent) == ["g.db", "link.md", "sub"]


def test_export_refuses_an_existing_file_without_force_and_says_what_it_wrote(db, tmp_path):
    out_file = tmp_path / "standings.md"
    out_file.write_text("keep me\n")
    one_line_error(run("--db", str(db), "export", "--out", str(out_file)), 2, str(out_file), "--force")
    assert out_file.read_text() == "keep me\n"
    done = run("--db", str(db), "export", "--out", str(out_file), "--force")
    assert done.returncode == 0 and f"to {out_file}" in done.stderr.decode()
    assert out_file.read_text(encoding="utf-8").startswith("## Standings")


def test_qr_refuses_to_replace_its_files_without_force(db, tmp_path, capsys):
    """In process (the QR libraries are slow to import): the same refusal and status as export."""
    from banker.cli.main import main

    args = ["--db", str(db), "qr", "--out", str(tmp_path / "qr")]
    assert main(args) == 0
    png = tmp_path / "qr" / "banker-game-1-current-qr.png"
    before = digest(png)
    capsys.readouterr()
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already exists" in err and "--force" in err
    assert main([*args, "--force"]) == 0 and digest(png) == before  # the same standings, the same picture


def test_an_export_that_cannot_be_written_is_one_line(db, tmp_path):
    before = digest(db)
    full, directory = run_all(
        ["--db", str(db), "export", "--out", "/dev/full", "--force"],
        ["--db", str(db), "export", "--out", str(tmp_path)],
    )
    one_line_error(full, 1, "/dev/full", "disk is full")
    one_line_error(directory, 2, "is a directory")
    assert digest(db) == before


# 2. Absurd settings ---------------------------------------------------------------------------------------------


def test_absurd_settings_are_refused_before_any_file_is_made(tmp_path):
    db = str(tmp_path / "new" / "g.db")
    cases = [
        (["new", "time-limit", "Ann", "Bob", "--minutes", "9999999999999"], "1 to 1,440"),
        (["new", "standard", "Ann", "Bob", "--free-parking", "100000000000000000000"], "$0 to $5,000"),
        (["new", "standard", "Ann", "Bob", "--minutes", "x"], "invalid int value"),
    ]
    outs = run_all(*[[*argv, "--db", db] for argv, _ in cases])
    for (_, why), out in zip(cases, outs, strict=True):
        one_line_error(out, 2, why)
    out = run("--db", db, "play", "-", stdin=b"new time-limit Ann Bob minutes 99999\ngo ann\n")
    one_line_error(out, 2, "line 1:", "1 to 1,440")
    assert files(tmp_path) == []


# 3. Names ---------------------------------------------------------------------------------------------------------


def test_names_in_any_script_are_accepted_and_can_be_addressed(tmp_path):
    db = str(tmp_path / "g.db")
    assert run("--db", db, "new", "standard", "Анна", "李", "José").returncode == 0
    done = run("--db", db, "do", "pay", "анна", "50", "to", "李")
    assert done.returncode == 0 and done.stdout.decode() == "Анна pays 李 $50\n"
    with Session.open(db) as s:
        assert [p.cash for p in s.state.players] == [1450, 1550, 1500]


def test_names_that_could_not_be_told_apart_or_addressed_are_refused_with_the_reason(tmp_path):
    db = str(tmp_path / "g.db")
    cases = [
        (["Jo-Ann", "JoAnn"], "differ only in case, accents or punctuation"),
        (["José", "Josè"], "differ only in case, accents or punctuation"),
        (["Ann", "Everyone"], '"Everyone" is a command word'),
        (["Ann", "Random"], '"Random" is a command word'),
        (["Ann", "A" * 10_000], "10,000 characters"),
        (["Ann", "B\x1b]0;pwned\x07"], "\\x1b"),
    ]
    outs = run_all(*[["--db", db, "new", "standard", *names] for names, _ in cases])
    for (_, why), out in zip(cases, outs, strict=True):
        err = one_line_error(out, 2, why)
        assert len(err) < 250 and "\x07" not in err
    assert files(tmp_path) == []


# 4. Bytes that are not UTF-8 ---------------------------------------------------------------------------------------


def test_a_line_with_bytes_that_are_not_utf8_is_refused_in_one_line(db):
    before = digest(db)
    cafe, junk = run_all(["--db", str(db), "do", "go", "ann", b"# caf\xe9"], ["--db", str(db), "do", "go", b"\xff\xfe"])
    one_line_error(cafe, 2, "not UTF-8", "\\xe9")
    one_line_error(junk, 2, "not UTF-8")
    assert digest(db) == before


def test_a_latin1_script_plays_up_to_the_line_that_is_not_utf8(tmp_path):
    db = tmp_path / "g.db"
    script = "new standard Ann Bob\ngo ann\nrent bob boardwalk # café\npay ann 5\n".encode("latin-1")
    out = run("--db", str(db), "play", "-", stdin=script)
    one_line_error(out, 2, "line 3:", "not UTF-8", "\\xe9")
    assert out.stdout.decode().splitlines() == ["Ann collects $200 salary for passing GO", "game 1"]
    with Session.open(db) as s:
        assert [e.text for e in s.log()] == ["go ann"]
    bom = run("--db", str(tmp_path / "bom.db"), "play", "-", stdin="\ufeffnew standard Ann Bob\ngo ann\n".encode())
    assert bom.returncode == 0, bom.stderr


# 5. One line, not a traceback -----------------------------------------------------------------------------------


def test_a_read_only_database_file_is_refused_for_writing_and_still_read(db):
    needs_unprivileged()
    db.chmod(0o444)
    before = digest(db)
    one_line_error(run("--db", str(db), "do", "go", "bob", unprivileged=True), 1, str(db), "read-only")
    commands = (["state"], ["games"], ["export"])
    for command, out in zip(
        commands, [finish(start("--db", str(db), *c, unprivileged=True)) for c in commands], strict=True
    ):
        assert out.returncode == 0 and out.stderr == b"", (command, out.stderr)
    assert digest(db) == before and files(db.parent) == ["g.db"]


def test_a_database_in_a_read_only_directory_is_read_and_never_called_damaged(db, tmp_path):
    needs_unprivileged()
    before = digest(db)
    tmp_path.chmod(0o555)
    try:
        state, do, new = (
            finish(p)
            for p in [
                start("--db", str(db), "state", unprivileged=True),
                start("--db", str(db), "do", "go", "bob", unprivileged=True),
                start("--db", str(tmp_path / "x.db"), "new", "standard", "Ann", "Bob", unprivileged=True),
            ]
        )
        assert state.returncode == 0 and b"Ann" in state.stdout and state.stderr == b""
        one_line_error(do, 1, "read-only")
        one_line_error(new, 1, "cannot create", "read-only")
        assert files(tmp_path) == ["g.db"] and digest(db) == before
    finally:
        tmp_path.chmod(0o755)


def _file_size_limit(limit: int):
    def apply():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG), as on a full disk
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def test_a_full_disk_loses_nothing_and_says_so_in_one_line(db):
    """The disk fills at a different point of the write for each limit: each command is recorded whole or not at
    all, and refused in one line."""
    recorded, failures = 0, 0
    for limit in range(39_000, 54_000, 3_000):
        out = run("--db", str(db), "do", "pay", "ann", "1", preexec=_file_size_limit(limit))
        if out.returncode == 0:
            recorded += 1
        else:
            one_line_error(out, 1, str(db), "nothing was recorded")
            failures += 1
    assert failures
    with Session.open(db) as s:
        assert [e.text for e in s.log()].count("pay ann 1") == recorded
        assert s.state.players[0].cash == 1500 + 200 - 400 + 20 - recorded


DAMAGE = [
    ("DROP TABLE events", ["state"], "no such table: events"),
    ("UPDATE events SET action = '{oops' WHERE seq = 2", ["log"], "not the JSON Banker wrote"),
    ("UPDATE games SET settings = json_set(settings, '$.variant', 'chess')", ["export"], 'no variant called "chess"'),
    (
        "UPDATE events SET action = json_set(action, '$.give.cash', 'lots', '$.verb', 'trade', '$.first', 'Ann', "
        "'$.second', 'Bob') WHERE seq = 3",
        ["do", "go", "bob"],
        "event 3",
    ),  # case 8, from a crafted journal
]


@pytest.mark.parametrize(
    ("sql", "command", "why"), DAMAGE, ids=["dropped-table", "not-json", "unknown-variant", "trade-cash"]
)
def test_a_damaged_database_is_one_line_naming_the_file(db, sql, command, why):
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM checkpoints")
        conn.execute(sql)
    conn.close()
    before = digest(db)
    one_line_error(run("--db", str(db), *command), 1, str(db), why)
    assert digest(db) == before


def test_a_database_path_under_a_regular_file_is_one_line(tmp_path):
    (tmp_path / "notes").write_text("x")
    db = str(tmp_path / "notes" / "g.db")
    commands = [["state"], ["do", "go", "ann"], ["new", "standard", "Ann", "Bob"], []]
    for out in run_all(*[["--db", db, *c] for c in commands]):
        one_line_error(out, 1, "notes", "not a directory")
    assert (tmp_path / "notes").read_text() == "x" and files(tmp_path) == ["notes"]


def test_a_closed_pipe_ends_quietly(db):
    """`banker log | head -c1`: the reader is gone before the output is written; no traceback, no complaint."""
    process = subprocess.Popen([BANKER, "--db", str(db), "log"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=scaled(60)) == 1 and err == b""


# 6. Commands that only read write nothing ----------------------------------------------------------------------


def test_reading_commands_create_no_directory_and_no_file(tmp_path):
    missing = str(tmp_path / "new" / "dir" / "x.db")
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    commands = [
        ["games", "--db", missing],
        ["state", "--db", missing],
        ["leaderboard", "--db", str(empty)],
        ["log", "--db", str(empty)],
        ["export", "--db", str(empty)],
    ]
    outs = run_all(*commands)
    assert [o.stdout for o in outs[2::2]] == [b"No finished games yet.\n", b""]
    for out in outs[:2]:
        one_line_error(out, 1, "no Banker database at")
    for out in outs[3:]:
        one_line_error(out, 1, "no games")
    assert empty.read_bytes() == b"" and files(tmp_path) == ["empty.db"]


def test_play_reads_a_bounded_amount(tmp_path):
    zero, missing = run_all(
        ["--db", str(tmp_path / "g.db"), "play", "/dev/zero"],
        ["--db", str(tmp_path / "g.db"), "play", str(tmp_path / "missing.txt")],
    )
    one_line_error(zero, 2, "/dev/zero", "16 MB")
    one_line_error(missing, 1, "missing.txt", "no such file")
    assert files(tmp_path) == []


# 7. Escape sequences never reach the terminal -----------------------------------------------------------------


def test_log_and_refusals_escape_control_characters(db):
    """A line journalled by an older Banker (which let escape sequences through) is shown escaped."""
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE events SET text = 'go ann \x1b]0;pwned\x07\x1b[2J' WHERE seq = 1")
    conn.close()
    log, clear, bidi = run_all(
        ["--db", str(db), "log"],
        ["--db", str(db), "do", "go", "ann", "\x1b[2J"],
        ["--db", str(db), "do", "go", "\u202eann"],
    )
    assert log.returncode == 0 and b"\x1b" not in log.stdout and b"\x07" not in log.stdout
    assert b"go ann \\x1b]0;pwned\\x07\\x1b[2J" in log.stdout
    one_line_error(clear, 2, "control character (\\x1b)")
    one_line_error(bidi, 2, "\\u202e")


# Exit statuses agree across subcommands -------------------------------------------------------------------------


def test_no_such_game_is_status_1_and_bad_arguments_status_2_for_every_subcommand(db):
    missing = [["state", "9"], ["export", "9"], ["do", "--game", "9", "go", "ann"]]
    bad = [["log", "0"], ["export", "99999999999999999999999"], ["frobnicate"]]
    outs = run_all(*[["--db", str(db), *c] for c in missing + bad])
    for out in outs[:3]:
        one_line_error(out, 1, "no game 9")
    for out in outs[3:]:
        one_line_error(out, 2, "--help")
