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


def test_the_same_ask_from_two_phones_is_not_one_enter_from_paying_twice(tmp_path):
    """Issue 30, the game-night review at 80x24: Ann lands on Bob's Marvin Gardens (1 house); Ann's phone asks "I pay
    rent" and Bob's "Ann owes me rent": two identical lines in the inbox, and `Enter Down Enter Down Enter` recorded
    $240 for one landing. Now the second is marked the same as the first (then as the entry that recorded it), Enter
    on it is refused and the keys typed on are set aside; Ctrl+A, named in the row, records it when meant. Ann's
    phone asking for a rent the banker already typed (`rent ann reading card`) is told so, and marked."""
    port = free_port()
    with Terminal(tmp_path, 80, 24) as term:
        term.env |= {"BANKER_WEB_HOST": "127.0.0.1", "BANKER_WEB_PORT": str(port)}
        term.banker("new", "standard", "Ann", "Bob", "Cy")
        for line in ("buy bob marvin", "buy bob atlantic", "buy bob ventnor", "build bob marvin", "buy cy reading"):
            term.do(line)
        term.do("rent ann reading card")  # entry 6, typed by the banker
        term.launch(ready="? more")
        term.keys("o")
        term.wait_for("Phone pages on at")
        term.escape(table_keys, "the table again")
        assert phone(term, port, 0, "ann-rent-000001", "rent ann marvin gardens")[0] == 202
        status, body = phone(term, port, 1, "bob-rent-000001", "rent ann marvin gardens")
        assert status == 202 and isinstance(body, dict), body
        assert body["same"] == "the same as request 1 from Ann's phone, waiting too"
        status, body = phone(term, port, 0, "ann-rent-000002", "rent ann reading card")
        assert status == 202 and isinstance(body, dict), body
        assert body["same"].startswith("the same as entry 6, recorded ") and "before it was asked" in body["same"]
        term.wait_for("3 requests from phones (i)")

        term.keys("i", "Enter", "Down", "Enter", "Down", "Enter")  # one burst, as the review typed it
        term.wait_journal(7)
        screen = term.wait_until(lambda s: "was typed before the refusal" in s, "the refusal, keys set aside")
        screen = term.idle()
        journal = term.journal()
        assert len(journal) == 7, journal
        assert "Ann pays Bob $120: Marvin Gardens, 1 house" in journal[6]
        flat = " ".join(screen.split())
        assert "would pay twice" in flat and "Ctrl+A records it" in flat, screen

        # The banker looked, and Ann did land twice: Ctrl+A on the marked row records it, once.
        term.keys("Escape")
        term.wait_until(table_keys, "the table again")
        term.keys("i")
        term.wait_for("Requests from the phones")  # on the first waiting request: Bob's
        term.keys("C-a")
        journal = term.wait_journal(8)
        assert "Ann pays Bob $120: Marvin Gardens, 1 house" in journal[7]
        term.press("Down", "Enter")  # Ann's reading rent, the same as entry 6: refused
        screen = term.idle()
        assert "would pay twice" in " ".join(screen.split()), screen
        assert len(term.journal()) == 8
        term.escape(table_keys, "the table again")
        assert term.cash()["Ann"] == 1500 - 50 - 120 - 120
        term.quit()
