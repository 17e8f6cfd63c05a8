"""``show deed <deed>``: the whole title deed as printed, for every deed of both editions, against the
cross-checked reference figures (tests/data/board_us.json; seed 003 appendix, Property Values Table), and this
game's facts (owner, buildings, mortgage, what it collects now) as the engine charges them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from banker.session import Session
from rules import Settings

REFERENCE = json.loads((Path(__file__).parents[1] / "data" / "board_us.json").read_text(encoding="utf-8"))
DEEDS = [s for s in REFERENCE["squares"] if "price" in s]
UK_NAMES = {"Strand": "The Strand"}


def figures(text: str) -> list[int]:
    return [int(x.replace(",", "")) for x in re.findall(r"[$£]([\d,]+)", text)]


@pytest.mark.parametrize("edition", ["us", "uk"])
@pytest.mark.parametrize("ref", DEEDS, ids=[f"seed003-appendix-{d['name']}" for d in DEEDS])
def test_show_deed_prints_the_card_as_the_reference(tmp_path, edition, ref):
    name = ref["name"] if edition == "us" else UK_NAMES.get(ref["uk_name"], ref["uk_name"])
    with Session.create(tmp_path / "b.db", ["Ann", "Bob"], Settings(edition=edition)) as s:
        lines = s.execute(f"show deed {name}").message.splitlines()
    money = "$" if edition == "us" else "£"
    assert lines[0].startswith(f"{name} [")
    assert lines[1].strip() == f"price {money}{ref['price']:,}"
    rents = [ln.strip() for ln in lines if ln.strip().startswith("rent,")]
    if ref["type"] == "street":
        assert [figures(r)[0] for r in rents] == ref["rent_table"]
        assert [r.split("  ")[0] for r in rents] == [
            "rent, site",
            "rent, full set",
            "rent, 1 house",
            "rent, 2 houses",
            "rent, 3 houses",
            "rent, 4 houses",
            "rent, hotel",
        ]
        houses = next(ln for ln in lines if ln.strip().startswith("houses"))
        assert figures(houses) == [ref["house_cost"], ref["house_cost"]] and "plus 4 houses" in houses
    elif ref["type"] == "railroad":
        assert [figures(r)[0] for r in rents] == ref["rent_by_count"]
    else:
        mult = ref["rent_dice_multiplier"]
        assert [r.split()[-4] for r in rents] == [str(mult["one_owned"]), str(mult["both_owned"])]
        assert all(r.endswith("x the dice") for r in rents)
    mortgage = next(ln for ln in lines if "mortgage value" in ln)
    principal, lift, _, interest = figures(mortgage)
    assert principal == ref["mortgage"] and lift == principal + interest
    # seed 000, MORTGAGES: 10% interest in whole money, halves up (docs/rulings.md); the reference keeps cents
    assert interest == int(ref["mortgage"] / 10 + 0.5)
    assert lines[-2].strip() == "held by the bank"
    assert lines[-1].strip() == f"collects now: the bank holds {name}: no rent"


def test_the_games_facts_are_the_engines_seed000_paying_rent(tmp_path):
    with Session.create(tmp_path / "b.db", ["Ann", "Bob"], Settings()) as s:
        for line in ("buy ann boardwalk", "buy ann park place", "build ann boardwalk 1", "buy bob reading"):
            assert s.execute(line).ok, line
        assert s.execute("mortgage bob reading").ok
        bo = s.execute("show deed b")
        assert not bo.ok and "could be" in bo.message  # a prefix several deeds share is refused, never guessed
        lines = s.execute("show deed boardwalk").message.splitlines()
        assert [ln.split() for ln in lines if ln.endswith("<- now")] == [["rent,", "1", "house", "$200", "<-", "now"]]
        assert "  owner Ann; 1 house, not mortgaged" in lines
        assert lines[-1] == "  collects now: Boardwalk, 1 house: $200"
        park = s.execute("show deed park place").message.splitlines()
        assert any(ln.startswith("  rent, full set") and ln.endswith("<- now") for ln in park)
        assert park[-1] == "  collects now: Park Place, full set, unimproved: 2 x $35 = $70"
        reading = s.execute("show deed reading").message.splitlines()
        assert not any(ln.endswith("<- now") for ln in reading)  # mortgaged: nothing is due
        assert "  owner Bob; mortgaged" in reading
        assert reading[-1] == "  collects now: Reading Railroad is mortgaged: no rent"
        s.execute("buy bob electric")
        electric = s.execute("show deed electric").message.splitlines()
        assert electric[-1] == "  collects now: Electric Company, one utility: 4 x the dice"


def test_short_game_hotel_and_refusals(tmp_path):
    with Session.create(tmp_path / "b.db", ["Ann", "Bob"], Settings(variant="short-1990s")) as s:
        lines = s.execute("show deed boardwalk").message
        assert "a hotel $200 plus 3 houses" in lines  # seed 000, SHORT GAME rule 2: a hotel on 3 houses
        for line, said in (
            ("show deed", "a deed name is missing"),
            ("show deed nowhere", 'no deed called "nowhere"'),
            ("show deed [red]x\x1b[0m", "control character"),
            ("show deed [red]x", '"[" is in no command, amount or name'),  # a stray bracket (issue 20)
        ):
            reply = s.execute(line)
            assert not reply.ok and said in reply.message, reply.message
        assert s.log() == []  # a question is never journalled
