"""Phones that ask, in a real terminal (issue 23): the installed ``banker`` in tmux serves the phone pages (o), and
requests are posted to Bob's and Ann's links over HTTP as their phones would. A request arriving while the banker
types a command or fills a dialog loses nothing typed; the count appears; the inbox (i) records one with Enter
Enter exactly once, declines one with x, and cannot record a stale one. The journal (``banker log``) is the
oracle."""

from __future__ import annotations

import json
import socket
import sqlite3
import urllib.error
import urllib.request

from tests.kit.patience import scaled
from tests.kit.terminal import MARKS, TABLE_KEYS, Terminal

pytestmark = MARKS

DIALOG_TOP = "▀▀▀▀▀▀▀▀▀▀"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def table_keys(screen: str) -> bool:
    return any(line.startswith(TABLE_KEYS) for line in screen.splitlines()) and DIALOG_TOP not in screen


def phone(term: Terminal, port: int, seat: int, rid: str, line: str) -> tuple[int, dict | str]:
    """What a phone's page does: POST <link>/requests with its own id and a line."""
    with sqlite3.connect(term.env["BANKER_DB"]) as conn:
        token = conn.execute("SELECT token FROM phone_links WHERE seat = ?", (seat,)).fetchone()[0]
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/{token}/requests",
        data=json.dumps({"id": rid, "line": line}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=scaled(10)) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_requests_arrive_while_typing_and_the_inbox_records_once(tmp_path):
    port = free_port()
    with Terminal(tmp_path) as term:
        term.env |= {"BANKER_WEB_HOST": "127.0.0.1", "BANKER_WEB_PORT": str(port)}
        term.banker("new", "standard", "Ann", "Bob")
        term.do("buy ann boardwalk")
        term.launch()
        term.keys("o")
        term.wait_for("Phone pages on at")
        term.escape(table_keys, "the table again")

        # A request while the banker types a command: nothing typed is lost, the count appears.
        term.command_line()
        term.type("pay ann ")
        status, body = phone(term, port, 1, "bob-rent-000001", "rent bob boardwalk")
        assert status == 202, body
        term.wait_for("1 request from phones (i)")
        term.type("10")
        term.keys("Enter")
        term.wait_journal(2)
        term.leave_command_line()

        # A request while a dialog is open: the dialog keeps the keyboard and what was typed.
        term.keys("p")
        term.wait_for("bank, a player, each")
        term.type("2")
        status, body = phone(term, port, 0, "ann-go-0000001", "go ann")
        assert status == 202, body
        term.wait_for("2 requests from phones (i)")
        term.type("5")
        term.keys("Enter")
        term.wait_until(table_keys, "the Pay dialog to close")
        assert term.typed() == ["buy ann boardwalk", "pay ann 10", "pay Ann 25"]

        # The inbox: Enter Enter records Bob's rent once.
        term.keys("i")
        term.wait_for("Requests from the phones")
        term.keys("Enter", "Enter")
        term.wait_for("recorded as entry 4")
        journal = term.wait_journal(4)
        assert len(journal) == 4 and journal[3].rstrip().endswith("(asked from Bob's phone)")
        assert "rent Bob Boardwalk" in journal[3]

        # x declines Ann's request with a reason.
        term.keys("Down", "x")
        term.wait_for("Decline request")
        term.type("not yet")
        term.keys("Enter")
        term.wait_for("declined: not yet")

        # A stale request: Bob asks to buy Park Place, then another terminal records Ann buying it.
        status, body = phone(term, port, 1, "bob-buy-000001", "buy bob park place")
        assert status == 202, body
        term.wait_for("Bob buys Park Place from the bank for $350")
        term.do("buy ann park place")
        term.wait_until(  # the row keeps what was asked now, so the reason wraps onto the next line
            lambda s: "stale: Park Place" in s and "already belongs to Ann" in s, "the stale row", timeout=15
        )
        term.keys("Down", "Enter")
        term.wait_for("nothing recorded")
        term.escape(table_keys, "the table again")
        assert len(term.journal()) == 5 and term.cash() == {"Ann": 1500 - 400 - 10 - 25 + 50 - 350, "Bob": 1450}
        term.quit()
