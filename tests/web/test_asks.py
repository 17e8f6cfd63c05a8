"""The phone asks are one table (banker/web/asks.py, issue 32): the page's forms, the reader of their posts and
docs/phones.md's list are all made from ``ASKS``, so an ask with no record, or a record the page, the reader or the
docs ignore, fails here."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from banker.commands import VERB, parse
from banker.session import Session
from banker.web.asking import Refusal, check, line_of_form
from banker.web.asks import ASKS, BY_KEY, Ask, Control, asks_markdown
from banker.web.page_data import FormChoices
from banker.web.pages import form_choices
from tests.kit.phones import path_of, phone_game, served

DOCS = Path(__file__).parents[2] / "docs"
SEATS = 3
"""Ann holds the Electric Company (her "owes me" form); Bob, on turn 1, pays her rent; Cy is in jail."""
LINES = ["buy ann electric company", "jail cy", "turn cy"]


@pytest.fixture
def db(tmp_path):
    return tmp_path / "asks.db"


class _Forms(HTMLParser):
    """The ask forms of a page: for each ``data-form`` in order, its title and its named controls, each with the
    values it offers (a drop-down list's options, a radio group's buttons; none for a typed field)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[str, dict[str, list[str]]] = {}
        self.titles: list[str] = []
        self._form: dict[str, list[str]] | None = None
        self._select = ""
        self._summary = False
        self._ask = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "details":
            self._ask = a.get("class") == "ask"
        elif tag == "summary":
            self._summary = self._ask
        elif tag == "form" and "data-form" in a:
            self._form = self.forms.setdefault(a["data-form"], {})
        elif self._form is None:
            return
        elif tag == "select":
            self._select = a["name"]
            self._form[self._select] = []
        elif tag == "option":
            self._form[self._select].append(a["value"])
        elif tag == "input" and a.get("type") == "radio":
            self._form.setdefault(a["name"], []).append(a["value"])
        elif tag == "input" and "name" in a:
            self._form[a["name"]] = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "summary":
            self._summary = False

    def handle_data(self, data: str) -> None:
        if self._summary:  # an ask's title (a deed's card is a <details> too)
            self.titles.append(data)


def _offered_values(ask: Ask, choices: FormChoices) -> dict[str, list[str]]:
    """What the record says the form's controls offer."""
    out: dict[str, list[str]] = {"form": [], "id": []}
    for f in ask.fields:
        values = [v for v, _ in f.choices(choices)] if f.choices is not None else []
        out[f.name] = ([""] if f.empty else []) + values
    return out


async def test_the_page_draws_one_form_per_record_offered(db, aiohttp_client):
    """Each seat's page has a form for each record its choices offer, in the table's order, titled as the record,
    with the record's fields and exactly the choices they offer; every record is on some page."""
    game = phone_game(db, lines=LINES)
    _server, client, links = await served(db, game, aiohttp_client)
    seen = set()
    with Session.open(db, game) as session:
        for seat in range(SEATS):
            choices = form_choices(session.state, seat)
            page = _Forms()
            page.feed(await (await client.get(path_of(links, seat))).text())
            offered = [a for a in ASKS if a.offered(choices)]
            assert list(page.forms) == [a.key for a in offered]
            assert page.titles == [a.title for a in offered]
            for a in offered:
                assert page.forms[a.key] == _offered_values(a, choices), a.key
            seen |= set(page.forms)
    assert seen == set(BY_KEY)


def _filled(ask: Ask, choices: FormChoices) -> dict[str, str]:
    """The form filled in as a player would: the first choice of each list, an amount of 10, dice of 7."""
    typed = {Control.AMOUNT: "10", Control.DICE: "7", Control.TICK: ""}
    out = {"form": ask.key}
    for f in ask.fields:
        out[f.name] = f.choices(choices)[0][0] if f.choices is not None else typed[f.control]
    return out


@pytest.mark.parametrize("ask", ASKS, ids=lambda a: a.key)
def test_each_record_reads_its_form_into_a_command_of_its_verb(db, ask):
    """A form filled in with what its page offers reads (``line_of_form``) into a command of the record's verb for
    the asking player, which the engine prices; each required field left empty is refused, an optional one left
    empty still makes a command."""
    game = phone_game(db, lines=LINES)
    with Session.open(db, game) as session:
        seat = next(s for s in range(SEATS) if ask.offered(form_choices(session.state, s)))
        fields = _filled(ask, form_choices(session.state, seat))
        line = line_of_form(session, seat, fields)
        assert line.split(" ", 1)[0] == ask.verb and ask.verb in VERB
        assert parse(line, session.state) == parse(check(session, seat, line).line, session.state)
        for f in ask.fields:
            without = fields | {f.name: ""}
            if f.required:
                with pytest.raises(Refusal):
                    line_of_form(session, seat, without)
            else:
                assert line_of_form(session, seat, without).split(" ", 1)[0] == ask.verb


def test_a_post_of_no_record_is_refused(db):
    game = phone_game(db, lines=LINES)
    with Session.open(db, game) as session:
        for form in ("", "owes", "FORMS"):
            with pytest.raises(Refusal, match="choose what to ask for"):
                line_of_form(session, 1, {"form": form, "deed": "Boardwalk"})


def test_the_docs_list_every_record():
    """docs/phones.md's table of the forms is made from ``ASKS`` (its keys, titles, fields and the verbs' shapes)."""
    table = asks_markdown()
    assert table in (DOCS / "phones.md").read_text(encoding="utf-8")
    assert [row.split("`")[1] for row in table.splitlines()[2:]] == [a.key for a in ASKS]


def test_the_rent_forms_say_a_card_sent_the_player(db):
    """Issue 30 (review, item 6): the phone's rent forms had no "sent by a card" option (the nearest utility: 10 x
    the dice, whatever the owner holds). Ticked, the form builds the card's rent; unticked, the deed's."""
    game = phone_game(db, lines=LINES)
    with Session.open(db, game) as session:
        ticked = {"form": "rent", "deed": "Electric Company", "dice": "7", "card": "card"}
        line = line_of_form(session, 1, ticked)
        assert line == "rent Bob Electric Company dice 7 card"
        assert check(session, 1, line).preview.startswith("Bob pays Ann $70")
        assert line_of_form(session, 1, ticked | {"card": ""}) == "rent Bob Electric Company dice 7"
        owed = {"form": "owed", "payer": "Bob", "deed": "Electric Company", "dice": "7", "card": "card"}
        assert line_of_form(session, 0, owed) == line
