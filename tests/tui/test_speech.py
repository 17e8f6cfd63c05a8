"""Read aloud (``[speech] read_aloud = true``): each recorded summary goes to ``espeak-ng`` in a worker thread, so a
key is never kept waiting. ``espeak-ng`` is not installed on the test machine: a stand-in of the same name on PATH
records what it was asked to read, and speaks only once the test opens its gate (a file): a key that waited for the
voice would never come back while the gate is shut, whatever the machine's speed."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from banker.session import Session
from banker.tui.app import make_app
from banker.tui.screens.table import TableScreen
from rules import Settings
from tests.kit.journal import db_path
from tests.kit.patience import scaled
from tests.kit.waits import settled, until

STAND_IN = """#!/bin/sh
# espeak-ng's stand-in: speak (note the words after --) once the test opens the gate; after 30 s regardless, so an
# app that waited for the voice fails the test (the words come before the gate) rather than hanging it
i=0
while [ ! -e "{gate}" ] && [ $i -lt 3000 ]; do sleep 0.01; i=$((i + 1)); done
printf '%s\\n' "$2" >> "{out}"
"""


def _setup(tmp_path: Path, monkeypatch, on: bool) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    out = tmp_path / "spoken.txt"
    speaker = bin_dir / "espeak-ng"
    speaker.write_text(STAND_IN.format(out=out, gate=tmp_path / "gate"), encoding="utf-8")
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
        assert app.run_command("rent bob boardwalk").ok
        assert app.run_command("pay bob 10").ok  # recorded while the first is still waiting to be read
        await pilot.press("n")  # and a key goes on too
        assert app.session.log()[-1].text == "next"
        app.run_command("show worth")  # a question is not read
        app.run_command("pay bob 99999999")  # nor a refusal
        assert not out.exists()
        (tmp_path / "gate").touch()
        await until(pilot, lambda: out.exists() and len(out.read_text().splitlines()) == 3, "the summaries read")
        assert out.read_text().splitlines() == [
            "Bob pays Ann $50: Boardwalk, unimproved",
            "Bob pays $10 to the bank",
            "Bob's turn (turn 2)",
        ]


async def test_off_by_default_and_said_once_when_espeak_ng_is_missing(tmp_path, monkeypatch):
    out = _setup(tmp_path, monkeypatch, on=False)
    (tmp_path / "gate").touch()  # anything read would be written at once
    app = make_app(db_path())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        app.run_command("rent bob boardwalk")
        await settled(pilot)  # speaking is a worker's job: none started, or it has written
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
        await settled(pilot)  # speaking is a worker's job: none started, or it has written
    assert not out.exists()


def test_summaries_are_read_in_the_order_recorded_whichever_thread_runs_first(monkeypatch):
    """Each summary is read in a worker thread of its own; on a busy machine the second's thread was seen to run
    before the first's, and the summaries were read out of order: each now takes its place where it is recorded."""
    import threading

    from banker.tui import speech

    read: list[str] = []
    monkeypatch.setattr(speech, "speaker", lambda: "espeak-ng")
    monkeypatch.setattr(speech.subprocess, "run", lambda argv, **_: read.append(argv[-1]))
    turns = speech.Turns()
    first, second = turns.take(), turns.take()
    late = threading.Thread(target=speech.say, args=("second", turns, second))
    late.start()  # the second summary's thread runs first
    speech.say("first", turns, first)
    late.join(scaled(10))
    assert read == ["first", "second"]


def test_a_summary_is_read_in_the_voice_of_the_banker_s_language(monkeypatch):
    """Issue 36: the summaries are said in the banker's language, so espeak-ng reads them with that language's voice
    (an English voice reading German helped nobody); English keeps espeak-ng's own default."""
    from banker.tui import speech
    from tests.tui.speaking import banker_language

    read: list[list[str]] = []
    monkeypatch.setattr(speech, "speaker", lambda: "espeak-ng")
    monkeypatch.setattr(speech.subprocess, "run", lambda argv, **_: read.append(argv))
    speech.say("Bob pays Ann $50", language=speech.voice())
    with banker_language("de"):
        speech.say("Ben zahlt Anna $50", language=speech.voice())
    assert read == [["espeak-ng", "--", "Bob pays Ann $50"], ["espeak-ng", "-v", "de", "--", "Ben zahlt Anna $50"]]
