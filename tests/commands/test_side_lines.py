"""The `side` lines (issue 35, side deals): the issue's deals read as the side-deal actions, each writes back as the
line it reads, a line that is no deal is refused saying why, and the command line completes the owner and the
share."""

from __future__ import annotations

import pytest

from banker import commands
from banker.commands import CommandError, parse
from banker.commands.completion import complete
from rules import new_game
from rules.actions import EndSideDeal, SideDeal
from rules.words import RentShare

NO, HALF = RentShare.NONE, RentShare.HALF


@pytest.fixture
def state():
    return new_game(["Ann", "Bob", "Cy"])


CASES = [
    # "no rent on my orange for three turns"
    (
        "side ann no rent orange from bob for 3 turns",
        SideDeal("Ann", NO, "Orange", "Bob", turns=3),
        "side Ann no rent Orange from Bob for 3 turns",
    ),
    # "half rent on the railroads until Bob passes GO"
    (
        "side ann half rent railroads until bob passes go",
        SideDeal("Ann", HALF, "Railroads", until_go="Bob"),
        "side Ann half rent Railroads from each until Bob passes go",
    ),
    ("side ann none boardwalk from cy", SideDeal("Ann", NO, "Boardwalk", "Cy"), "side Ann no rent Boardwalk from Cy"),
    ("side a half park place 2", SideDeal("Ann", HALF, "Park Place", turns=2), None),
    ("side ann free dark blue from all for 1 turn", SideDeal("Ann", NO, "Dark Blue", turns=1), None),
    ("side ann half reading until bob go", SideDeal("Ann", HALF, "Reading Railroad", until_go="Bob"), None),
    ("side end 2", EndSideDeal(2), "side end 2"),
    ("sidedeal end 12", EndSideDeal(12), "side end 12"),
]


@pytest.mark.parametrize(("line", "action", "written"), CASES, ids=[c[0] for c in CASES])
def test_a_side_line_reads_as_its_deal_and_writes_back_as_read(state, line, action, written):
    assert parse(line, state) == action
    canonical = commands.format(action, state.board)
    if written is not None:
        assert canonical == written
    assert parse(canonical, state) == action


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("side ann quarter orange", '"quarter" is not a share of the rent: no or half'),
        ("side ann no rent", "a deed or a group is missing"),
        ("side ann no orange from", 'say whose rent: "from <player>" or "from each"'),
        ("side ann no orange until bob", '"until bob" is not how the deal ends'),
        ("side ann no orange for 3 days", '"for 3 days" is not how the deal ends'),
        ("side ann no orange for 0 turns", "the turns must be at least 1"),
        ("side end first", '"first" is not a side deal\'s number'),
        ("side end 1 2", "too many words"),
    ],
)
def test_a_line_that_is_no_deal_is_refused_saying_why(state, line, why):
    with pytest.raises(CommandError) as refused:
        parse(line, state)
    assert why in str(refused.value)
    assert "expected: side <owner> no|half rent <deed|group>" in str(refused.value)


def test_the_command_line_completes_the_owner_and_the_share(state):
    assert complete("side an", state) == "side ann "
    assert complete("side ann ha", state) == "side ann half "
    assert complete("side ann half rent park p", state) == "side ann half rent park place "


def test_show_deals_lists_them_by_number_with_how_each_stands(tmp_path):
    from banker.session import Session
    from rules import Settings

    with Session.create(tmp_path / "g.db", ["Ann", "Bob"], Settings()) as s:
        assert s.execute("show deals").message.startswith("no side deals made")
        for line in [
            "buy ann boardwalk",
            "side ann no rent boardwalk from bob",
            "side ann half boardwalk",
            "side end 1",
        ]:
            assert s.execute(line).ok, line
        assert s.execute("show deals").message.splitlines() == [
            "Side deal 1: Ann asks no rent of Bob on Boardwalk until called off (ended: called off)",
            "Side deal 2: Ann asks half rent of Bob on Boardwalk until called off (in effect)",
        ]
