"""Every printed figure of both editions against the cross-checked reference (tests/data/board_us.json), and
the loader's refusal of data that does not describe a real board (seed 003 appendix, Property Values Table)."""

import copy
import json
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from rules.board import BoardDataError, SquareKind
from rules.edition_file import parse_board
from rules.editions import load_board

REFERENCE = Path(__file__).parents[1] / "data" / "board_us.json"
KINDS = {
    "corner": None,
    "street": SquareKind.STREET,
    "railroad": SquareKind.RAILROAD,
    "utility": SquareKind.UTILITY,
    "chance": SquareKind.CHANCE,
    "community_chest": SquareKind.CHEST,
}
CORNERS = {
    0: SquareKind.GO,
    10: SquareKind.JAIL,
    20: SquareKind.FREE_PARKING,
    30: SquareKind.GO_TO_JAIL,
    4: SquareKind.INCOME_TAX,
    38: SquareKind.LUXURY_TAX,
}
UK_NAME_DIFFERENCES = {"Strand": "The Strand"}
"""Where our UK name follows seed 003's appendix ("The Strand") rather than the reference (an alias covers it)."""


def reference() -> list[dict]:
    return json.loads(REFERENCE.read_text(encoding="utf-8"))["squares"]


def _by_index():
    return [pytest.param(i, id=f"seed003-appendix-square-{i:02d}") for i in range(40)]


@pytest.mark.parametrize("edition", ["us", "uk"])
@pytest.mark.parametrize("index", _by_index())
def test_square_matches_reference(edition, index):
    ref = reference()[index]
    board = load_board(edition)
    square = board.squares[index]
    expected_name = ref["name"] if edition == "us" else UK_NAME_DIFFERENCES.get(ref["uk_name"], ref["uk_name"])
    assert square.name == expected_name
    expected_kind = CORNERS.get(index) or KINDS.get(ref["type"])
    assert square.kind is expected_kind
    if square.deed is None:
        assert "price" not in ref
        return
    deed = board.deeds[square.deed]
    assert board.deed(ref["uk_name"] if edition == "uk" else ref["name"]) is deed
    assert (deed.price, deed.mortgage) == (ref["price"], ref["mortgage"])
    if deed.kind is SquareKind.STREET:
        assert deed.house_cost == ref["house_cost"]
        assert deed.rents == (ref["rent"], *ref["rent_houses"], ref["rent_hotel"])
        assert 2 * deed.rents[0] == ref["rent_color_set_unimproved"]
        assert deed.group == ref["color_group"]
    elif deed.kind is SquareKind.RAILROAD:
        assert board.railroad_rents == tuple(ref["rent_by_count"])
    else:
        mult = ref["rent_dice_multiplier"]
        assert board.utility_multipliers == (mult["one_owned"], mult["both_owned"])


@pytest.mark.parametrize("edition", ["us", "uk"])
def test_bank_figures(edition):
    meta = json.loads(REFERENCE.read_text(encoding="utf-8"))["meta"]
    board = load_board(edition)
    assert (board.houses, board.hotels) == (meta["bank_houses"], meta["bank_hotels"])
    assert (board.go_salary, board.jail_fine) == (meta["go_salary"], meta["jail_fine"])
    assert len(board.deeds) == 28 and len(board.squares) == 40
    assert [len(g.deeds) for g in board.groups.values()] == [2, 3, 3, 3, 3, 3, 3, 2, 4, 2]
    assert board.money(1500) == ("$1,500" if edition == "us" else "£1,500")


def raw(edition: str = "us") -> dict:
    text = resources.files("rules.data").joinpath(f"editions/{edition}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _break(mutate):
    data = copy.deepcopy(raw())
    mutate(data)
    return data


def _square(data, name):
    return next(s for s in data["square"] if s["name"] == name)


@pytest.mark.parametrize(
    ("mutate", "match"),
    [
        (lambda d: d["square"].pop(), "40 squares, this file has 39"),
        (lambda d: _square(d, "Boardwalk").pop("price"), r'square 39 \("Boardwalk"\) price'),
        (lambda d: _square(d, "Baltic Avenue")["rents"].__setitem__(2, -60), r'"Baltic Avenue"\) rents\[2\]'),
        (lambda d: _square(d, "Park Place").update(group="green"), "colour group has 2 or 3 lots, not 4"),
        (lambda d: _square(d, "Park Place").update(group="brown"), "group dark_blue: .* not 1"),
        (lambda d: _square(d, "Boardwalk")["rents"].pop(), "needs 6 figures"),
        (lambda d: _square(d, "Boardwalk")["rents"].__setitem__(1, 40), "must rise"),
        (lambda d: _square(d, "Boardwalk").update(kind="castle"), r"kind: must be one of 'go', .*, not 'castle'"),
        (lambda d: _square(d, "Boardwalk").update(group="purple"), "'purple' is not one of the"),
        (lambda d: _square(d, "Boardwalk").update(mortgage=0), r'"Boardwalk"\) mortgage'),
        (lambda d: d.update(railroad_rents=[25, 50, 100]), "one figure per railroad"),
        (lambda d: d.update(utility_multipliers=[4]), "two figures"),
        (lambda d: d.pop("go_salary"), "go_salary"),
    ],
    ids=[
        "39-squares",
        "missing-price",
        "negative-rent",
        "incomplete-group-moved-lot",
        "incomplete-group-lost-lot",
        "short-rent-table",
        "falling-rents",
        "unknown-kind",
        "unknown-group",
        "zero-mortgage",
        "railroad-rents-short",
        "utility-multipliers-short",
        "missing-go-salary",
    ],
)
def test_parse_board_refuses_bad_data_naming_the_entry(mutate, match):
    with pytest.raises(BoardDataError, match=match):
        parse_board(_break(mutate), source="broken")


def test_parse_board_accepts_the_shipped_data():
    for edition in ("us", "uk"):
        assert parse_board(raw(edition)).deeds == load_board(edition).deeds


@pytest.mark.parametrize(
    ("edition", "income", "luxury"), [("us", "Income Tax", "Luxury Tax"), ("uk", "Income Tax", "Super Tax")]
)
def test_tax_squares_by_their_printed_names_seed003_appendix(edition, income, luxury):
    """seed 003, appendix: "Luxury Tax/Super Tax": the UK board prints Super Tax on the £100 square."""
    board = load_board(edition)
    assert (board.square_name(SquareKind.INCOME_TAX), board.square_name(SquareKind.LUXURY_TAX)) == (income, luxury)
