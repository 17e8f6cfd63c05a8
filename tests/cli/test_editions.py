"""Bring your own board (issue 24; docs/editions.md): an edition copied from a built-in file with its streets
renamed and its money changed plays a whole game, every front end lists it, the game keeps it when the file
changes or goes, and a bad file is refused in one line naming the file and the key, with no game created."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from banker import settings
from banker.cli.main import main
from banker.cli.parser import build_parser
from banker.reports import formats
from banker.reports.report import report as report_of
from banker.session import Session
from rules.editions import BUILT_IN, all_editions, find_edition

RENAMES = {"Boardwalk": "Evergreen Terrace", "Park Place": "Springfield Gorge", "Baltic Avenue": "Fireworks Factory"}


def city_text(**changes: str) -> str:
    """The US edition's file, copied and renamed as docs/editions.md says: a new key and title, euros after the
    figure with a dot between thousands, three streets renamed; ``changes`` replace whole lines of the copy."""
    text = (BUILT_IN / "us.toml").read_text(encoding="utf-8")
    lines = {
        "edition": 'edition = "springfield"',
        "title": 'title = "Springfield"',
        "aliases": 'aliases = ["simpsons"]',
        "currency": 'currency = "€"',
        "currency_name": 'currency_name = "euros"',
        "currency_position": 'currency_position = "after"',
        "thousands": 'thousands = "."',
        **changes,
    }
    for key, line in lines.items():
        text, n = re.subn(rf"(?m)^{key} = .*$", line.replace("\\", "\\\\"), text, count=1)
        assert n == 1, key
    for old, new in RENAMES.items():
        text = text.replace(f'name = "{old}"', f'name = "{new}"')
    return text


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "family" / "banker.db"


def place(db: Path, text: str, name: str = "springfield.toml") -> Path:
    folder = db.parent / "editions"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


SCENARIO = [
    "buy ann evergreen terrace",
    "buy ann springfield gorge",
    "rent bob evergreen",  # the full set, unimproved: twice the site rent
    "card bob chance chairman",  # a US card, its amount in the edition's money
    "pay bob 1.000€ to ann",
    "pay bob 12 € to ann",  # as the edition prints it, spaced (found in review: refused)
    "pay ann 12 € to bob",  # and back, so the standings below stay as they were
    "tax bob income 200",
    "bankrupt bob to bank",
]


def test_a_city_edition_plays_a_whole_game_and_every_front_end_lists_it(capsys, db, monkeypatch):
    file = place(db, city_text())
    status, out, err = run(capsys, "editions", "--db", str(db))
    assert status == 0 and err == ""
    assert re.search(rf"springfield\s+Springfield\s+1\.500 €\s+classic, 2008\s+{re.escape(str(file))}", out)
    status, out, _ = run(capsys, "new", "standard", "Ann", "Bob", "--edition", "simpsons", "--db", str(db))
    assert status == 0 and out.strip() == "1"
    with Session.open(db, 1) as game:
        for line in SCENARIO:
            reply = game.execute(line)
            assert reply.ok, f"{line}: {reply.message}"
        assert game.state.over and game.state.board.title == "Springfield"
        log = "\n".join(e.summary for e in game.log())
        assert "Bob pays Ann 100 €: Evergreen Terrace, full set" in log and "Pay each player 50 €" in log
        report = report_of(game)
    for form in formats.FORMATS:
        text = form.render(report).decode("utf-8")
        assert "$" not in text, form.key
    assert "| 1 | Ann 🏆 | 1.900 € | 750 € |" in formats.find_format("md").render(report).decode()
    # every front end lists it: the CLI's help, the settings file, the new-game screen (below), banker editions
    monkeypatch.setenv("BANKER_DB", str(db))
    assert "springfield, Springfield in €" in " ".join(_new_help().split())
    assert settings.parse({"new_game": {"edition": "springfield"}}).new_game.edition == "springfield"
    assert "springfield" in [b.edition for b in all_editions()]


def test_the_game_keeps_its_edition_when_the_file_changes_or_goes(capsys, db):
    file = place(db, city_text())
    assert run(capsys, "new", "standard", "Ann", "Bob", "--edition", "springfield", "--db", str(db))[0] == 0
    file.write_text(city_text(currency='currency = "¥"'), encoding="utf-8")  # changed after the game began
    with Session.open(db, 1) as game:
        assert game.execute("buy ann evergreen").message == "Ann buys Evergreen Terrace from the bank for 400 €"
    file.unlink()
    from rules.editions import forget

    forget()  # a new process: nothing known but the journal
    status, out, err = run(capsys, "state", "1", "--db", str(db))
    assert status == 0 and "(springfield)" in out and "Evergreen Terrace" in out, err


def test_an_edition_given_by_path_is_journalled_whole(capsys, tmp_path, db):
    elsewhere = tmp_path / "boards" / "my board.toml"
    elsewhere.parent.mkdir()
    elsewhere.write_text(city_text(), encoding="utf-8")
    assert run(capsys, "new", "standard", "Ann", "Bob", "--edition", str(elsewhere), "--db", str(db))[0] == 0
    elsewhere.unlink()
    from rules.editions import forget

    forget()
    with Session.open(db, 1) as game:
        assert game.state.board.money(1500) == "1.500 €" and game.state.deed("evergreen").price == 400


def _new_help() -> str:
    import argparse

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices["new"].format_help()


def _rents(text: str) -> str:
    return text.replace("rents = [50, 200, 600, 1400, 1700, 2000]", "rents = [50, 200, 600, 1400, 1700]", 1)


def _group(text: str) -> str:
    return text.replace('group = "dark_blue"\nprice = 400', 'group = "navy"\nprice = 400', 1)


def _duplicate(text: str) -> str:
    return text.replace('name = "Springfield Gorge"', 'name = "Evergreen Terrace"', 1)


def _square(text: str) -> str:
    deck = "\n".join(
        f'[[{deck}]]\nid = "c{i}"\ntext = "Card {i}"\nkind = "move"\nsquare = {40 if i == 3 else i}\n'
        for deck in ("chance", "chest")
        for i in range(16)
    )
    return text + "\n" + deck


BAD = [
    (_rents, r'springfield\.toml: square 39 \("Evergreen Terrace"\) rents: needs 6 figures'),
    (_group, r"springfield\.toml: square 39 \(\"Evergreen Terrace\"\): group 'navy' is not one of the \[groups\]"),
    (_duplicate, r'springfield\.toml: square 39 \("Evergreen Terrace"\): its name "Evergreen Terrace" is taken'),
    (_square, r"springfield\.toml: chance c3: square: must be a whole number from 0 to 39, not 40"),
    (lambda t: t.replace('thousands = "."', 'thousands = "x"'), r"springfield\.toml: thousands: must be one of"),
    (lambda t: t.replace('edition = "springfield"', 'edition = "us"'), r"springfield\.toml: edition: \"us\" is the"),
    (lambda t: t + "\nprice = [", r"springfield\.toml: the end of the file: not valid TOML: invalid value"),
    (
        lambda t: re.sub(r"(?m)^decks = .*$", 'decks = ["classic", "nosuch"]', t, count=1),
        r"springfield\.toml: decks: no card deck called 'nosuch'",
    ),
]


@pytest.mark.parametrize(
    ("mutate", "why"), BAD, ids=["rents", "group", "duplicate", "square", "sep", "key", "toml", "decks"]
)
def test_a_bad_edition_file_is_one_line_and_no_game(capsys, db, mutate, why):
    file = place(db, mutate(city_text()))
    status, out, err = run(capsys, "new", "standard", "Ann", "Bob", "--edition", str(file), "--db", str(db))
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and re.search(why, err), err
    assert str(file) in err
    assert not db.exists()  # no game, not even the database
    status, out, err = run(capsys, "editions", "--db", str(db))  # the folder's listing names it too
    assert status == 2 and "springfield" not in out and re.search(why, err) and err.startswith("banker: not playable")
    with pytest.raises(Exception, match='the edition "springfield" cannot be played: .*springfield.toml: '):
        find_edition("springfield")  # named by its key, the file of that name says why (issue 31)


async def test_the_new_game_screen_lists_the_familys_edition_and_takes_a_file(db, tmp_path):
    from textual.widgets import Input, RadioButton

    from banker.tui.app import make_app
    from banker.tui.screens.new_game import NewGameScreen
    from banker.tui.screens.table import TableScreen
    from tests.kit.waits import until

    place(db, city_text())
    bad = tmp_path / "bad.toml"
    bad.write_text(_rents(city_text(edition='edition = "shelbyville"')), encoding="utf-8")
    db.parent.mkdir(parents=True, exist_ok=True)
    app = make_app(db)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
        assert "Springfield (€)" in [str(b.label) for b in app.screen.query(RadioButton)]
        app.screen.query_one("#edition-file", Input).value = str(bad)
        app.screen.query_one("#names", Input).value = "ann bob"
        await pilot.press("ctrl+s")
        error = app.screen.query_one("#setup-error")
        await until(pilot, lambda: "bad.toml: square 39" in str(error.render()), "the file's fault under the form")
        assert Session.last_unfinished(db) is None
        app.screen.query_one("#edition-file", Input).value = str(place(db, city_text(), "copy.toml"))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the game")
        assert app.session.state.board.title == "Springfield"


def test_a_script_plays_on_an_edition_file(capsys, tmp_path, db, monkeypatch):
    """`banker play`: the new line's `edition FILE` is read and checked as `banker new --edition FILE` is."""
    good, bad = tmp_path / "springfield.toml", tmp_path / "broken.toml"
    good.write_text(city_text(), encoding="utf-8")
    bad.write_text(_rents(city_text()), encoding="utf-8")
    script = tmp_path / "night.txt"
    script.write_text(f"new standard Ann Bob edition {good} free-parking 1.500€\nbuy ann evergreen\n", encoding="utf-8")
    status, out, err = run(capsys, "play", str(script), "--db", str(db))
    assert status == 0 and "Ann buys Evergreen Terrace from the bank for 400 €" in out, err
    with Session.open(db, 1) as game:
        assert game.state.settings.house_rules.free_parking_start == 1500  # read in the edition's money
    script.write_text(f"new standard Ann Bob edition {bad}\n", encoding="utf-8")
    status, out, err = run(capsys, "play", str(script), "--db", str(tmp_path / "other.db"))
    assert status == 2 and re.search(r"line 1: .*broken\.toml: square 39 \(\"Evergreen Terrace\"\) rents", err), err
    assert not (tmp_path / "other.db").exists()


def test_an_edition_file_without_marks_still_plays_each_group_marked_apart(capsys, db):
    """An edition file written before the colour-blind marks (issue 25), or a game that journalled one, still plays:
    a group without a ``mark`` gets one made from its title, never another group's; a mark given is kept."""
    text = re.sub(r'(?m)^mark = "(?!DB").*\n', "", city_text())
    place(db, text)
    assert run(capsys, "new", "standard", "Ann", "Bob", "--edition", "springfield", "--db", str(db))[0] == 0
    with Session.open(db, 1) as game:
        marks = {g.key: g.mark for g in game.state.board.groups.values()}
        assert marks["dark_blue"] == "DB" and marks["brown"] == "BR" and marks["light_blue"] == "LB"
        assert len(set(marks.values())) == len(marks)
        assert game.execute("show count 0 0 db").ok


# Editions carry what the box prints (issue 36) ---------------------------------------------------------------------

OTHER_FIGURES = {"starting_cash": "starting_cash = 2000", "income_tax": "income_tax = 250"}
"""A family's board in euros whose players start with 2.000 € and whose flat Income Tax is 250 €."""


def test_a_board_with_other_starting_money_and_flat_tax_plays_them(capsys, db):
    """Issue 36: the starting money is the edition's (seed 000, PREPARATION, with the box's figure), and the flat
    Income Tax is its figure wherever it is typed, charged and journalled; `200` on this board is refused naming
    its figure (docs/rulings.md), never recorded as 250 € under a line that says 200."""
    place(db, city_text(**OTHER_FIGURES))
    assert run(capsys, "new", "standard", "Ann", "Bob", "--edition", "springfield", "--db", str(db))[0] == 0
    with Session.open(db, 1) as game:
        assert [p.cash for p in game.state.players] == [2000, 2000] and game.state.bank == -4000
        refused = game.execute("tax bob income 200")
        assert not refused.ok and "the flat Income Tax on the Springfield board is 250 €" in refused.message
        assert game.execute("tax bob income 250").message == "Bob pays the 250 € Income Tax to the bank"
        assert game.execute("tax ann income flat").message == "Ann pays the 250 € Income Tax to the bank"
        assert game.execute("tax ann income 10%").message == (
            "Ann pays 10% of 1.750 € total worth: 175 € Income Tax to the bank"
        )
        first = game.log()[0]
        assert (first.text, first.summary) == ("tax bob income 250", "Bob pays the 250 € Income Tax to the bank")
    status, out, _ = run(capsys, "state", "1", "--db", str(db))
    assert status == 0 and re.search(r"Ann\s+cash\s+1\.575 €, worth 1\.575 €", out), out
    assert re.search(r"Bob\s+cash\s+1\.750 €", out) and "Free Parking" not in out  # the house rule is off
    status, out, _ = run(capsys, "state", "1", "--json", "--db", str(db))
    assert status == 0 and [p["cash"] for p in json.loads(out)["players"]] == [1575, 1750]  # JSON stays numbers


def test_a_dialog_and_a_phone_journal_the_boards_flat_figure(db, capsys):
    """Issue 36: the tax dialog and a phone's request record the canonical line, which names the board's flat
    figure (`tax Bob income 250`), never `200` next to a 250 € payment."""
    from banker.commands import Form, format
    from banker.web.asking import line_of_form
    from banker.web.pages import form_choices

    place(db, city_text(**OTHER_FIGURES))
    assert run(capsys, "new", "standard", "Ann", "Bob", "--edition", "springfield", "--db", str(db))[0] == 0
    with Session.open(db, 1) as game:
        state = game.state
        assert format(Form({"p": "bob", "how": "flat"}, state).tax("p", "how"), state.board) == "tax Bob income 250"
        offered = form_choices(state, 1)["tax"]
        assert offered[0] == ("250", "Income Tax: 250 €") and offered[-1] == ("luxury", "Luxury Tax")
        line = line_of_form(game, 1, {"form": "tax", "how": offered[0][0]})
        assert line == "tax Bob income 250" and game.execute(line).ok


def test_a_game_on_the_deutsche_mark_board(capsys, tmp_path, db):
    """Issue 36: a game on the German board, its streets in German, its money as it prints it: 30.000 DM each,
    Schloßallee 8.000 DM, rent from the deed, the flat Einkommensteuer of 4.000 DM, the Zusatzsteuer, a German
    card; `banker state` and the exports in DM."""
    script = tmp_path / "spielabend.txt"
    script.write_text(
        "\n".join(
            [
                "new standard Anna Berti Carla edition de-dm",
                "buy anna schlossallee",
                "buy anna parkstrasse",
                "rent berti schlossallee",  # the full set, unimproved: twice 1.000 DM
                "tax carla income 4.000 DM",
                "tax berti luxury",
                "card carla chest geburtstag",
                "build anna schloss 1",
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    status, out, err = run(capsys, "play", str(script), "--db", str(db))
    assert status == 0, err
    for said in (
        "Anna buys Schloßallee from the bank for 8.000 DM",
        "Berti pays Anna 2.000 DM: Schloßallee, full set, unimproved, 2 x 1.000 DM",
        "Carla pays the 4.000 DM Income Tax to the bank",
        "Berti pays Zusatzsteuer of 2.000 DM to the bank",
        'Carla draws Community Chest "Es ist dein Geburtstag. Ziehe von jedem Spieler 1.000 DM ein."',
    ):
        assert said in out, said
    with Session.open(db, 1) as game:
        cash = {p.name: p.cash for p in game.state.players}
        assert cash == {
            "Anna": 30000 - 8000 - 7000 + 2000 - 1000 - 4000,  # bought both, rent in, birthday out, a house
            "Berti": 30000 - 2000 - 2000 - 1000,  # rent, Zusatzsteuer, birthday
            "Carla": 30000 - 4000 + 2000,  # Einkommensteuer, 1.000 DM from each of two players
        }
        report = report_of(game)
    status, out, _ = run(capsys, "state", "1", "--db", str(db))
    assert re.search(r"Carla\s+cash\s+28\.000 DM", out) and "Schloßallee 1 house" in out, out
    markdown = formats.find_format("md").render(report).decode()
    assert "$" not in markdown and "28.000 DM" in markdown


def test_the_money_options_are_typed_in_the_boards_money(capsys, db):
    """Issue 36: `banker new --luxury-tax` and the `new` line's `luxury-tax` take the figures printed on the board
    chosen (1.500 or 2.000 DM on the Deutsche Mark board), refused with them otherwise; `banker editions` lists what
    each player starts with."""
    from banker.commands import CommandError, parse_new

    status, out, err = run(
        capsys, "new", "standard", "Anna", "Berti", "--edition", "dm", "--luxury-tax", "75", "--db", str(db)
    )
    assert status == 2 and "a luxury tax of 75 DM is not a printed figure: 1.500 DM or 2.000 DM" in err
    assert (
        run(capsys, "new", "standard", "Anna", "Berti", "--edition", "dm", "--luxury-tax", "2000", "--db", str(db))[0]
        == 0
    )
    _, settings = parse_new("new standard Anna Berti edition de-dm luxury-tax 1.500 free-parking 20.000")
    assert (settings.luxury_tax, settings.house_rules.free_parking_start) == (1500, 20000)
    with pytest.raises(CommandError, match="luxury-tax is 1500 or 2000"):
        parse_new("new standard Anna Berti edition de-dm luxury-tax 100")
    status, out, _ = run(capsys, "editions", "--db", str(db))
    assert re.search(r"de-dm\s+Deutschland \(DM\)\s+30\.000 DM\s+de-dm", out) and re.search(r"us\s+US.*\$1,500", out)
