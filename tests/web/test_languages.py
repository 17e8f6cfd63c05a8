"""Each phone reads its own page in its own language (issue 36; docs/languages.md, docs/phones.md): its browser's
Accept-Language, or the language chosen on the page (a link, kept for the phone by a cookie); every answer in it,
a refusal too; two phones of one game in two languages at once while the banker's is English; what a phone's
request makes for the banker (the kept price of an ask, the count of bad requests) in the banker's language."""

from __future__ import annotations

import asyncio
import gettext
import html as markup
import json
import re

import pytest

from banker.commands import CommandError
from banker.language import speaking
from banker.session import Session
from banker.web import asking
from rules import Settings, i18n
from tests.kit.phones import TABLE_SEAT, next_snapshot, path_of, phone_game, served

HEADERS = {
    "en": "en-GB,en;q=0.9",
    "de": "de-DE,de;q=0.9,en;q=0.5",
    "fr": "fr-FR,fr;q=0.9,en;q=0.4",
    "es": "es-ES,es;q=0.9",
}
SAID = {  # a few of each page's words, in each language (banker/locale/*/LC_MESSAGES/web.po)
    "en": ("Latest for you", "Ask the banker", "Your requests"),
    "de": ("Zuletzt für dich", "Die Bank fragen", "Deine Anfragen"),
    "fr": ("Derniers coups pour vous", "Demander au banquier", "Vos demandes"),
    "es": ("Lo último para ti", "Pedir al banquero", "Tus peticiones"),
}

BID = {
    "en": "Your bid is with the banker.",
    "de": "Dein Gebot ist bei der Bank.",
    "fr": "Votre offre est chez le banquier.",
    "es": "Tu puja está con el banquero.",
}


@pytest.fixture
def db(tmp_path):
    return tmp_path / "languages.db"


def lang_of(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)">', page)
    assert found, "the page names no language"
    return found[1]


@pytest.mark.parametrize("code", list(HEADERS))
async def test_a_phone_reads_its_page_in_its_browser_s_language(db, aiohttp_client, code):
    game = phone_game(db, lines=["buy ann boardwalk"])
    _server, client, links = await served(db, game, aiohttp_client)
    page = await (await client.get(path_of(links, 1), headers={"Accept-Language": HEADERS[code]})).text()
    assert lang_of(page) == code
    for words in SAID[code]:
        assert markup.escape(words, quote=True) in page, words
    assert f'action="{path_of(links, 1)}/requests?lang={code}"' in page  # what it posts is answered in it too
    words = re.search(r'data-words="([^"]*)"', page)  # what the page's script says, in the page's language
    assert words and json.loads(markup.unescape(words[1]))["bid"] == BID[code]
    table = await (await client.get(path_of(links, TABLE_SEAT), headers={"Accept-Language": HEADERS[code]})).text()
    assert lang_of(table) == code


async def test_the_language_chosen_on_the_page_is_kept_for_the_phone(db, aiohttp_client):
    game = phone_game(db)
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    german = {"Accept-Language": HEADERS["de"]}
    page = await (await client.get(bob, headers=german)).text()
    assert lang_of(page) == "de"
    for code, name in (("en", "English"), ("fr", "Français"), ("es", "Español")):  # the chooser: no script needed
        assert f'<a href="{bob}?lang={code}" hreflang="{code}" lang="{code}">{markup.escape(name)}</a>' in page
    assert '<strong aria-current="true" lang="de">Deutsch</strong>' in page
    chosen = await client.get(bob + "?lang=es", headers=german)
    assert lang_of(await chosen.text()) == "es"
    cookie = chosen.headers["Set-Cookie"]
    assert "banker_language=es" in cookie and "Path=/" in cookie and "SameSite=Lax" in cookie
    later = await (await client.get(bob, headers=german)).text()  # the cookie wins over the browser's language
    assert lang_of(later) == "es"
    table = await (await client.get(path_of(links, TABLE_SEAT), headers=german)).text()  # and on the phone's links
    assert lang_of(table) == "es"
    for hostile in ("xx", "de;q=1", "<script>", "e" * 5000):  # no language: passed over, never set
        page = await client.get(bob, params={"lang": hostile}, headers=german)
        assert page.status == 200 and lang_of(await page.text()) == "es" and "Set-Cookie" not in page.headers


async def test_a_hostile_accept_language_is_read_within_bounds(db, aiohttp_client):
    game = phone_game(db)
    _server, client, links = await served(db, game, aiohttp_client)
    for header, code in (
        ("x-" * 3000 + ",de", "en"),  # past the first 512 characters: never read
        ("nl," * 40 + "fr", "en"),  # past the 32nd language
        ("de;q=NaN, fr;q=1e9, es;q=0.1", "es"),
        ('"><script>alert(1)</script>', "en"),
    ):
        page = await client.get(path_of(links, 1), headers={"Accept-Language": header})
        assert page.status == 200 and lang_of(await page.text()) == code, header


async def test_a_phone_s_refusal_and_answers_are_in_its_language(db, aiohttp_client):
    game = phone_game(db, lines=["buy ann boardwalk"])
    _server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    refusals = {
        "en": "that moves none of Ann's money; a phone asks only for its own player's payments",
        "de": "das bewegt kein Geld von Ann; ein Handy bittet nur um Zahlungen seines eigenen Spielers",
        "fr": "cela ne touche pas à l'argent de Ann ; un téléphone ne demande que les paiements de son propre joueur",
        "es": "eso no mueve dinero de Ann; un móvil solo pide los pagos de su propio jugador",
    }
    ann = path_of(links, 0)
    for code, refusal in refusals.items():
        answer = await client.post(ann + "/preview", json={"line": "pay bob 5 to cy"}, params={"lang": code})
        assert answer.status == 422 and (await answer.json())["refusal"] == refusal
        table = await client.post(path_of(links, TABLE_SEAT) + "/requests", json={}, params={"lang": code})
        assert table.status == 403
    said = await client.post(
        bob + "/requests", data={"form": "nothing", "id": "form-post-01"}, headers={"Accept-Language": "fr"}
    )
    page = await said.text()
    assert said.status == 422 and lang_of(page) == "fr" and "choisissez ce que vous demandez" in page
    gone = await client.get("/AAAAAAAAAAAAAAAAAAAAAA", headers={"Accept-Language": HEADERS["es"]})
    assert gone.status == 404 and (await gone.text()) == "No existe esa página: pide tu enlace al banquero."


async def test_two_phones_of_one_game_read_two_languages_at_once_while_the_banker_reads_english(db, aiohttp_client):
    game = phone_game(db, lines=["buy ann boardwalk", "buy bob park place"])
    server, client, links = await served(db, game, aiohttp_client)
    ann, bob = path_of(links, 0), path_of(links, 1)
    oma, cousin = {"Accept-Language": HEADERS["de"]}, {"Accept-Language": HEADERS["fr"]}
    pages = await asyncio.gather(*(client.get(p, headers=h) for p, h in ((ann, oma), (bob, cousin)) * 5))
    for i, page in enumerate(pages):
        text = await page.text()
        assert lang_of(text) == ("de", "fr")[i % 2]
        assert SAID[("de", "fr")[i % 2]][0] in text
    streams = [await client.get(ann + "/events", headers=oma), await client.get(bob + "/events", headers=cousin)]
    first = [await next_snapshot(s) for s in streams]
    assert "Zuletzt für dich" in first[0]["sections"]["log"]["html"]
    assert "Derniers coups pour vous" in first[1]["sections"]["log"]["html"]
    with Session.open(db, game) as app:  # the banker records, in English, while both phones listen
        reply = app.execute("rent ann park place")
        assert reply.ok and reply.message.startswith("Ann pays Bob")
        server.changed(game)
        after = [await next_snapshot(s) for s in streams]
    assert after[0]["title"].startswith("Ann: ") and "Grundstücke" in after[0]["sections"]["deeds"]["html"]
    assert "Titres de propriété" in after[1]["sections"]["deeds"]["html"]
    assert "kassiert" in after[0]["sections"]["deeds"]["html"] and "rapporte" in after[1]["sections"]["deeds"]["html"]
    assert type(i18n.current()) is gettext.NullTranslations  # the process reads the banker's: English
    for s in streams:
        s.close()


async def test_what_a_phone_s_request_makes_for_the_banker_is_in_the_banker_s_language(db, aiohttp_client):
    game = phone_game(db, lines=["buy ann boardwalk"])
    server, client, links = await served(db, game, aiohttp_client)
    bob = path_of(links, 1)
    said: list[str] = []
    server.tally._say = said.append
    counted: list[object] = []
    server.on_request = lambda game_id: counted.append(type(i18n.current()))
    asked = await client.post(
        bob + "/requests", json={"id": "german-ask-01", "line": "rent bob boardwalk"}, params={"lang": "de"}
    )
    body = await asked.json()
    assert asked.status == 202 and body["preview"].startswith("Bob ")  # the engine's words (the rules' domain)
    assert counted == [gettext.NullTranslations]  # the app's inbox count runs in the banker's language
    with Session.open(db, game) as s:
        (row,) = s.requests()
        assert row.asked == asking.check(s, 1, row.line).preview  # kept in English, the messages' own language
        for code in ("en", "de"):  # so the same price is not "repriced" whoever reads it
            with speaking(code):
                assert asking.standing(s, row).repriced is False
    bad = await client.post(
        bob + "/requests", data="{", headers={"Content-Type": "application/json"}, params={"lang": "fr"}
    )
    assert bad.status == 422
    assert said and said[-1].startswith("phone pages: Bob's link (game 1) sent a request its page never sends")


SOURCE_TAGS = {"en": "(commands)", "de": "(Befehle)", "fr": "(commandes)", "es": "(órdenes)"}
QUOTED_X = {"en": '"x"', "de": "„x“", "fr": '"x"', "es": '"x"'}
"""The amount typed, quoted as each language's refusals quote (German with „…“, as its dialogs do)."""


@pytest.mark.parametrize("code", list(HEADERS))
async def test_a_phone_s_refusal_of_a_misread_ask_names_no_part_of_banker(db, aiohttp_client, code):
    """A German phone ended a refusal "… (zum Beispiel $150) (Befehle)": the command language's tag is for the
    banker, not the player (review of the language nights, issue 36). An engine's refusal still cites its rule."""
    game = phone_game(db)
    _server, client, links = await served(db, game, aiohttp_client)
    bob, lang, tag = path_of(links, 1), {"lang": code}, SOURCE_TAGS[code]
    with speaking(code):
        assert str(CommandError("x")) == f"x {tag}"  # the tag a phone leaves off, in the language read
    fields = {"form": "pay", "amount": "x", "other": "bank", "id": "form-x-01"}
    form = await client.post(bob + "/requests", data=fields, params=lang)
    page = markup.unescape(await form.text())
    assert form.status == 422 and lang_of(page) == code and QUOTED_X[code] in page and tag not in page
    for line in ("pay bob x", "pay bob -5", "pay bob"):
        answer = await client.post(bob + "/preview", json={"line": line}, params=lang)
        refusal = (await answer.json())["refusal"]
        assert answer.status == 422 and refusal and tag not in refusal, refusal
    engine = await client.post(bob + "/preview", json={"line": "pay bob 5000"}, params=lang)
    assert "(seed 000, " in (await engine.json())["refusal"]  # a rule book's citation stays


GROUPS = {  # a US board's group titles and the variant's, as each language's rules catalogue says them
    "en": ("Dark Blue", "Railroads", "Short game (1973)"),
    "de": ("Dunkelblau", "Bahnhöfe", "Kurzes Spiel (1973)"),
    "fr": ("Bleu foncé", "Gares", "Partie courte (1973)"),
    "es": ("Azul oscuro", "Estaciones", "Partida corta (1973)"),
}


@pytest.mark.parametrize("code", list(GROUPS))
async def test_a_phone_page_says_its_groups_and_variant_in_its_language(db, aiohttp_client, code):
    """The German and Spanish pages of a US game said "Dark Blue", the French one "Railroads" (review of the
    language nights, issue 36): the edition's group titles, and the variant's, are translated where shown."""
    game = phone_game(
        db, lines=["buy bob boardwalk", "buy bob reading railroad"], settings=Settings(variant="short-1973")
    )
    _server, client, links = await served(db, game, aiohttp_client)
    page = markup.unescape(await (await client.get(path_of(links, 1), params={"lang": code})).text())
    dark_blue, railroads, variant = GROUPS[code]
    assert f"</span>{dark_blue}</h3>" in page and f"</span>{railroads}</h3>" in page, page
    assert f" · {variant} · " in page
    if code != "en":
        assert "Dark Blue" not in page and "Railroads" not in page and "Short game" not in page


CASH_ALONE = {"en": "Cash alone", "de": "Bargeld allein", "fr": "Argent seul", "es": "Solo efectivo"}


@pytest.mark.parametrize("code", list(CASH_ALONE))
async def test_the_cash_chart_s_title_is_a_whole_phrase_in_each_language(db, aiohttp_client, code):
    """The French page said "Argent seules": "{view} alone" glued a noun to an adjective agreeing with another
    (review of the language nights, issue 36); the cash chart's title is one phrase of its own."""
    game = phone_game(db, lines=["buy ann boardwalk", "next", "rent bob boardwalk"])
    _server, client, links = await served(db, game, aiohttp_client)
    page = markup.unescape(await (await client.get(path_of(links, 1), params={"lang": code})).text())
    assert f'<details id="cash-chart" class="chart"><summary>{CASH_ALONE[code]}</summary>' in page, page
