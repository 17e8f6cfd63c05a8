"""Scenario files: rules played as a banker types them, one file a rule (the style guide: "scenario files for whole
games"). Each ``*.txt`` here is a script ``banker play`` reads (docs/commands.md: a ``new`` line first, ``#``
comments), with what the banker must see written under a line as a comment:

* ``#> <reply>``: the line is accepted and the reply is exactly this;
* ``#! <refusal>``: the line is refused with exactly this message (its rule in brackets), and nothing is recorded:
  the journal and the state stay as they were.

A line with neither must be accepted. After every line the money, buildings and deeds of the game are conserved
(``tests.kit.conservation``). The file's first comment says which rule and issue it proves.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from banker.commands import parse_new, strip_comment
from banker.session import Session
from rules.codec import state_to_dict
from tests.kit.conservation import conserved

HERE = Path(__file__).parent
SCENARIOS = sorted(HERE.glob("*.txt"))


@dataclass(frozen=True)
class Step:
    """One command line of a scenario and what its reply must be (``refused``: the reply is a refusal)."""

    number: int
    line: str
    reply: str | None = None
    refused: bool = False


def read_scenario(path: Path) -> tuple[str, list[Step]]:
    """The scenario's ``new`` line and its steps, each with the expectation written under it."""
    new = ""
    steps: list[Step] = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text.startswith(("#>", "#!")):
            assert steps, f"{path.name}:{number}: an expectation before any command"
            last = steps[-1]
            assert last.reply is None, f"{path.name}:{number}: two expectations for line {last.number}"
            steps[-1] = Step(last.number, last.line, text[2:].strip(), refused=text.startswith("#!"))
        elif strip_comment(text):
            if not new:
                new = text
            else:
                steps.append(Step(number, text))
    assert new, f"{path.name}: no new line"
    return new, steps


def test_there_are_scenarios():
    assert SCENARIOS, f"no scenario files in {HERE}"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path, tmp_path):
    new, steps = read_scenario(path)
    names, settings = parse_new(new)
    with Session.create(tmp_path / "scenario.db", names, settings) as session:
        for step in steps:
            where = f"{path.name}:{step.number}: {step.line}"
            before, entries = state_to_dict(session.state), len(session.log())
            reply = session.execute(step.line)
            if step.refused:
                assert not reply.ok, f"{where}: accepted ({reply.message}), but must be refused"
                assert state_to_dict(session.state) == before and len(session.log()) == entries, where
            else:
                assert reply.ok, f"{where}: refused: {reply.message}"
            if step.reply is not None:
                assert reply.message == step.reply, where
            assert conserved(session.state), where
