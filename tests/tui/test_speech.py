"""Read aloud (``[speech] read_aloud = true``): each recorded summary goes to ``espeak-ng`` in a worker thread, so a
key is never kept waiting. ``espeak-ng`` is not installed on the test machine: a stand-in of the same name on PATH
records what it was asked to read and takes its time, as the real one does."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from banker.session import Session
from banker.tui.app import make_app
from banker.tui.screens.table import TableScreen
from rules import Settings
from tests.kit.journal import db_path
from tests.kit.waits import until

STAND_IN = """#!/bin/sh
# espeak-ng's stand-in: note the words after --, then take a second as speaking does
sleep 1
printf '%s\\n' "$2" >> "{out}"
"""


def _setup(tmp_path: Path, monkeypatch, on: bool) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    out = tmp_path / "spoken.txt"
    speaker = bin_dir / "espeak-ng"
    speaker.write_text(STAND_IN.format(out=out), encoding="utf-8")
    speaker.chmod(speaker.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    config = tmp_path / "config"
    config.mkdir()
    (config / "config.toml").write_text(f"[speech]\nread_aloud = {'true' if on else 'false'}\n", encoding="utf-8")
    monkeypatch.setenv("BANKER_CONFIG_DIR", str(config))
    with Session.create(db_path(), ["Ann", "Bob"], Settings()) as s:
        assert s.execute("buy ann boardwalk").ok
    return out


async def test_each_summary_is_read_aloud_without_keeping_a_key_waiting(tmp_path, monkeypatch):
    out = _setup(tmp_path, monkeypatch, on=True)
    app = make_app(db_path())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        start = time.monotonic()
        app.run_command("rent bob boardwalk")
        app.run_command("pay bob 10")
        assert time.monotonic() - start < 0.5  # two seconds of speech, and the keys went on at once
        app.run_command("show worth")  # a question is not read
        app.run_command("pay bob 99999999")  # nor a refusal
        await until(pilot, lambda: out.exists() and len(out.read_text().splitlines()) == 2, "both summaries read")
        assert out.read_text().splitlines() == ["Bob pays Ann $50: Boardwalk, unimproved", "Bob pays $10 to the bank"]


async def test_off_by_default_and_said_once_when_espeak_ng_is_missing(tmp_path, monkeypatch):
    out = _setup(tmp_path, monkeypatch, on=False)
    app = make_app(db_path())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        app.run_command("rent bob boardwalk")
        await pilot.pause(0.2)
    assert not out.exists()
    (tmp_path / "config" / "config.toml").write_text("[speech]\nread_aloud = true\n", encoding="utf-8")
    monkeypatch.setenv("PATH", "/nonexistent")
    app = make_app(db_path())
    said: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kw: (said.append(message), notify(message, **kw))[1]  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        await until(pilot, lambda: any("espeak-ng is not installed" in m for m in said), "the warning")
        app.run_command("pay bob 10")
        await pilot.pause(0.2)
    assert not out.exists()
