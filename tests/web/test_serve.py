"""`banker serve`: the links printed one per player and one for the table, the pages served until Ctrl+C, a
port in use or a missing game said in one line."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from tests.kit.patience import scaled
from tests.kit.phones import phone_game


def _interruptible() -> None:
    """In the child: Ctrl+C (SIGINT) as a terminal gives it. A test run started in the background by a shell
    without job control ignores SIGINT, and an ignored signal is inherited, so `banker serve` would never hear
    the test's Ctrl+C (seen in CI dry runs started that way: the test waited out its timeout)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def banker(db, *args: str, **kwargs):
    return subprocess.Popen(
        [sys.executable, "-m", "banker.cli.main", "--db", str(db), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_interruptible,
        **kwargs,
    )


def get(url: str, method: str = "GET") -> tuple[int, str]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=scaled(10)) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, ""


def test_serve_prints_the_links_and_serves_until_interrupted(tmp_path):
    db = tmp_path / "serve.db"
    game = phone_game(db, names=("Ann", "Bob"), lines=["buy ann boardwalk"])
    proc = banker(db, "serve", "--host", "127.0.0.1", "--port", "0")
    try:
        lines = [proc.stdout.readline().rstrip("\n") for _ in range(3)]
        names = [line.split(": ", 1)[0] for line in lines]
        assert names == ["Ann", "Bob", "table"], lines
        urls = dict(line.split(": ", 1) for line in lines)
        assert all(u.startswith("http://127.0.0.1:") for u in urls.values())
        status, html = get(urls["Ann"])
        assert status == 200 and "$1,100" in html and "Boardwalk" in html
        assert get(urls["table"])[0] == 200
        assert get(urls["Ann"], "POST")[0] == 405
        assert get(urls["Ann"] + "x")[0] == 404
        done = subprocess.run(
            [sys.executable, "-m", "banker.cli.main", "--db", str(db), "do", "pay", "ann", "100", "--game", str(game)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        assert "$1,000" in get(urls["Ann"])[1]
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=scaled(15))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0 and err == ""
    # The links are the same next time: the tokens are in the database.
    again = banker(db, "serve", "--host", "127.0.0.1", "--port", "0")
    try:
        tokens = [again.stdout.readline().rstrip("\n").rsplit("/", 1)[1] for _ in range(3)]
    finally:
        again.send_signal(signal.SIGINT)
        again.communicate(timeout=scaled(15))
    assert tokens == [u.rsplit("/", 1)[1] for u in urls.values()]


def test_a_port_in_use_is_one_line_and_status_1(tmp_path):
    db = tmp_path / "busy.db"
    phone_game(db)

    def serve(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "banker.cli.main", "--db", str(db), "serve", *args],
            capture_output=True,
            text=True,
            timeout=scaled(30),
        )

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = serve("--host", "127.0.0.1", "--port", str(port))
    assert busy.returncode == 1 and busy.stdout == ""
    assert (
        busy.stderr == f"banker: cannot serve on 127.0.0.1:{port}: the port is in use (another program, or "
        "another Banker serving)\n"
    )
    bad = serve("--port", "70000")
    assert bad.returncode == 2 and "0 to 65535" in bad.stderr


@pytest.mark.parametrize("args", [["serve", "7"], ["serve"]])
def test_serving_a_missing_game_says_so(tmp_path, args):
    db = tmp_path / "none.db"
    if args == ["serve", "7"]:
        phone_game(db)
    proc = subprocess.run(
        [sys.executable, "-m", "banker.cli.main", "--db", str(db), *args], capture_output=True, text=True
    )
    assert proc.returncode == 1 and proc.stderr.startswith("banker: ") and proc.stderr.count("\n") == 1
    assert proc.stdout == ""
