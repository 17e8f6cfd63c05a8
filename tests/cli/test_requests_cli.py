"""``banker requests`` (issue 23): list the phones' pending requests, accept one (recorded once), decline one; exit 2
with one line for a number that is unknown, already recorded or stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from banker.cli.main import main
from banker.journal import Journal, RequestStatus
from banker.session import Session
from tests.kit.journal import make_game


@pytest.fixture
def db(tmp_path):
    return tmp_path / "cli.db"


def run(capsys, *argv):
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def asks(db: Path, game: int, seat: int, rid: str, line: str) -> int:
    journal = Journal(db, create=False)
    try:
        row, _ = journal.add_request(game, seat, rid, line, 5)
    finally:
        journal.close()
    assert row is not None
    return row.n


def test_list_accept_decline_and_the_refusals(capsys, db):
    game = make_game(db, ("Ann", "Bob", "Cy"), ["buy ann boardwalk"])
    rent = asks(db, game, 1, "bob-rent-0001", "rent Bob Boardwalk")
    buy = asks(db, game, 1, "bob-buys-0001", "buy Bob Park Place")
    go = asks(db, game, 2, "cy-go-000001", "go Cy")
    status, out, _ = run(capsys, "requests", "--db", str(db))
    lines = out.splitlines()
    assert status == 0 and len(lines) == 3
    assert lines[0].split()[0] == str(rent) and "Bob: Bob pays Ann $50: Boardwalk" in lines[0]
    assert run(capsys, "requests", str(game), "--db", str(db))[1] == out  # by game number too

    status, out, err = run(capsys, "requests", "accept", str(rent), "--db", str(db))
    assert status == 0 and out.strip().endswith("(asked from Bob's phone)")
    status, out, err = run(capsys, "requests", "accept", str(rent), "--db", str(db))
    assert status == 2 and err.count("\n") == 1 and "recorded as entry 2" in err
    with Session.open(db, game) as s:
        assert s.last_seq == 2 and s.execute("buy cy park place").ok
    status, _, err = run(capsys, "requests", "accept", str(buy), "--db", str(db))
    assert status == 2 and "stale" in err and err.count("\n") == 1
    status, _, err = run(capsys, "requests", "accept", "999", "--db", str(db))
    assert status == 2 and "there is no request 999" in err
    status, _, err = run(capsys, "requests", "frobnicate", "--db", str(db))
    assert status == 2 and "expected: banker requests" in err

    status, out, _ = run(capsys, "requests", "decline", str(go), "not", "your", "turn", "--db", str(db))
    assert status == 0 and out.strip() == f"declined request {go}"
    status, _, err = run(capsys, "requests", "decline", str(go), "--db", str(db))
    assert status == 2 and "declined: not your turn" in err
    with Session.open(db, game) as s:
        assert [r.status for r in s.requests()] == [
            RequestStatus.RECORDED,
            RequestStatus.PENDING,
            RequestStatus.DECLINED,
        ]
        assert s.last_seq == 3
