"""Issue 12: ``banker do`` with arbitrary bytes in argv (decoded as Python decodes a real argv, with
surrogateescape) through ``banker.cli.main`` writing to UTF-8 streams as strict as a terminal's: exit status 0 or
2, one line of output, nothing a terminal would act on, and the journal only ever holds valid text and balanced
money. A few examples also go through the installed command in a subprocess, bytes and all."""

from __future__ import annotations

import contextlib
import io
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banker.cli.main import main
from banker.session import Session
from rules import Settings
from tests.kit.conservation import conserved
from tests.kit.fuzz import examples
from tests.kit.patience import scaled

pytestmark = pytest.mark.slow  # fuzzing: deselected in the dev run (README, "Developing")

WORDS = [
    b"go",
    b"pay",
    b"ann",
    b"bob",
    b"50",
    b"to",
    b"each",
    b"everyone",
    b"bank",
    b"from",
    b"collect",
    b"buy",
    b"park",
    b"place",
    b"undo",
    b"redo",
    b"show",
    b"worth",
    b"#",
    b"caf\xe9",
    b"\xe9",
    b"\xff\xfe",
    b"\x1b[2J",
    b"\x1b]0;x\x07",
    b"\xc3\xa9",
    b"\xe2\x80\xae",
    b"Z\xcc\x81",
    b"\x7f",
    b"\r",
    b"\n",
    b"\t",
    b"\xed\xa0\x80",
]
arg = st.one_of(st.sampled_from(WORDS), st.binary(max_size=12)).map(lambda b: b.replace(b"\x00", b""))
argv = st.lists(arg, min_size=1, max_size=6)


def _streams():
    """Byte buffers behind text streams that refuse what a UTF-8 terminal cannot show (lone surrogates)."""
    out, err = io.BytesIO(), io.BytesIO()
    return out, err, io.TextIOWrapper(out, encoding="utf-8"), io.TextIOWrapper(err, encoding="utf-8")


def _check_output(status: int, out: bytes, err: bytes) -> None:
    assert status in (0, 2), (status, err)
    text = (out if status == 0 else err).decode("utf-8")  # strict: valid UTF-8
    assert (err if status == 0 else out) == b""
    assert "Traceback" not in text and text.endswith("\n")
    if status == 2:
        assert text.count("\n") == 1
    assert not any(c < " " and c not in "\n\t" for c in text) and "\x7f" not in text and "\u202e" not in text


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("fuzz") / "g.db"
    with Session.create(db, ["Ann", "Bob", "Cy"], Settings()) as s:
        assert s.execute("buy ann park place").ok
    return db


@given(argv)
@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_banker_do_with_arbitrary_bytes(game, words):
    out, err, out_text, err_text = _streams()
    with contextlib.redirect_stdout(out_text), contextlib.redirect_stderr(err_text):
        try:
            status = main(["--db", str(game), "do", *(os.fsdecode(w) for w in words)])
        except SystemExit as stop:  # a usage error ("-x" is an unknown option): argparse exits, status 2
            status = stop.code
        out_text.flush()
        err_text.flush()
    _check_output(status, out.getvalue(), err.getvalue())
    with Session.open(game, readonly=True) as s:
        state = s.state
        assert conserved(state)
    with sqlite3.connect(game) as conn:
        for (text,) in conn.execute("SELECT text FROM events"):
            text.encode("utf-8")  # never a lone surrogate in the journal
            assert "\x1b" not in text
    conn.close()


@pytest.mark.parametrize(
    "words",
    [
        [b"go", b"ann", b"# caf\xe9"],
        [b"pay", b"\xff", b"5"],
        [b"go", b"\x1b[2Jann"],
        [b"pay", b"ann", b"5", b"to", b"b\xc3\xb6b"],
        [b"go", b"bob"],
    ],
)
def test_banker_do_with_bytes_in_a_real_argv(game, words):
    banker = Path(sys.executable).with_name("banker")
    done = subprocess.run([banker, "--db", game, "do", *words], capture_output=True, timeout=scaled(60))
    _check_output(done.returncode, done.stdout, done.stderr)
