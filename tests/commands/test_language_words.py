"""Each verb's words in German, French and Spanish (issue 36; docs/commands.md, "In the banker's language"): one
column of the verb table, read where the banker's language is that language, journalled as the English verb, and
refused where a player of the game has the word as a name; the English words always work."""

from __future__ import annotations

import gettext
import re

import pytest
from babel.messages.pofile import read_po

from banker.catalogues import TRANSLATED as SPOKEN
from banker.catalogues import po_path
from banker.commands import VERB, VERB_ALIASES, VERB_WORDS, VERBS, journalled, parse
from banker.commands.completion import complete
from banker.commands.kinds import shown_shape
from banker.commands.words import spelling_keys
from banker.language import speaking
from banker.session import Session
from rules import RuleError, i18n, new_game
from rules.actions import Buy, Rent
from rules.names import name_key
from rules.state import game_settings
from tests.kit.journal import db_path

GERMAN = game_settings("standard", "de-dm")


@pytest.mark.parametrize("code", SPOKEN)
def test_each_language_word_means_one_verb_and_shadows_no_english_word(code):
    """A word is letters, one verb's only in its language, and no English verb, alias, or start of another verb's
    name (which the English read as a prefix: "ba" is bankrupt, so no language may take it for build)."""
    english = set(VERB) | set(VERB_ALIASES)
    for v in VERBS:
        for word in v.words.get(code, ()):
            assert word.isalpha() and word == word.casefold(), word
            for key in spelling_keys(word):  # as written, and with umlauts spelled out (gefaengnis)
                assert VERB_WORDS[code][key] == v.name, (word, VERB_WORDS[code][key])
                assert key not in english, word
                assert not any(other.name.startswith(key) for other in VERBS if other is not v), word
    counted = sum(len(spelling_keys(word)) for v in VERBS for word in v.words.get(code, ()))
    assert len(VERB_WORDS[code]) == counted  # no two verbs share a word or a spelling


@pytest.mark.parametrize("code", SPOKEN)
def test_each_shape_begins_with_the_word_the_language_reads(code):
    """A refusal quotes the verb's shape in the language (``erwartet: miete <Zahler> <Grundstück> ...``): each of
    its forms begins with the verb's word there, which the parser reads, and names no English placeholder."""
    state = new_game(["Ann", "Bob"])
    with speaking(code):
        for v in VERBS:
            if not v.at_the_table:
                continue
            shape = shown_shape(v.shape)
            assert shape != v.shape or v.word() == v.name and "<" not in v.shape, (v.name, shape)
            for form in shape.replace("  ", " | ").split(" | "):
                first = form.split()[0]
                if first in ("o", "ou", "oder", "or"):
                    continue
                assert first == v.word(), (v.name, form)
                assert parse(f"{first} {v.example[len(v.name) + 1 :]}".strip(), state) is not None
            assert "<player>" not in shape and "<deed>" not in shape, shape


def test_miete_records_the_rent_on_the_german_board_and_journals_rent():
    with speaking("de"), Session.create(db_path(), ["Ann", "Bob"], GERMAN) as session:
        assert session.execute("kaufe ann schlossallee").ok
        before = session.state.players[1].cash
        reply = session.execute("miete bob schlossallee")
        assert reply.ok, reply.message
        assert isinstance(reply.action, Rent) and reply.action.deed == "Schloßallee"
        assert session.state.players[1].cash == before - 1000  # Schloßallee alone, unimproved: 1.000 DM
        assert [e.text for e in session.log()] == ["buy ann schlossallee", "rent bob schlossallee"]
        assert session.execute("buy bob parkstrasse").ok  # the English words always work
        assert session.execute("rückgängig").ok and [e.text for e in session.log()][-1] == "undo"


def test_a_word_that_is_a_players_name_is_refused_and_changes_nothing():
    """Los is a player: "los" (GO in German) could be either, so it is refused naming both; go still works."""
    with speaking("de"), Session.create(db_path(), ["Ann", "Los"], GERMAN) as session:
        state, entries = session.state, session.log()
        reply = session.execute("los ann")
        assert not reply.ok
        assert "„los“ ist das Wort für go und der Name eines Spielers (Los): tippe go für den Befehl" in reply.message
        assert session.state == state and session.log() == entries
        assert session.execute("go ann").ok


def test_words_of_another_language_are_refused_with_the_verb_they_mean():
    """English here: "miete" is said to be German for rent (the settings or LANGUAGE say another language)."""
    state = new_game(["Ann", "Bob"])
    with pytest.raises(RuleError, match=r'"miete" is rent in German, and Banker reads the words of English here'):
        parse("miete bob boardwalk", state)
    with speaking("fr"), pytest.raises(RuleError, match='"miete" signifie rent en allemand'):
        parse("miete bob boardwalk", state)


@pytest.mark.parametrize(
    ("code", "line", "canonical"),
    [
        ("de", "kaufe ann boardwalk", "buy ann boardwalk"),
        ("de", "  Miete bob boardwalk  # Oma zahlt", "  rent bob boardwalk  # Oma zahlt"),
        ("fr", "hypotheque ann boardwalk", "mortgage ann boardwalk"),
        ("fr", "hypothéquer ann boardwalk", "mortgage ann boardwalk"),
        ("es", "cárcel ann fine", "jail ann fine"),
        ("es", "carcel ann fine", "jail ann fine"),
        ("de", "gefaengnis ann fine", "jail ann fine"),  # umlauts spelled out, as the street names take them
        ("de", "rueckgaengig", "undo"),
        ("de", "naechster", "next"),
        ("de", "lift ann boardwalk", "lift ann boardwalk"),  # an English alias stays as typed
        ("de", "b ann boardwalk", "b ann boardwalk"),
    ],
)
def test_the_journal_keeps_the_english_verb(code, line, canonical):
    state = new_game(["Ann", "Bob"])
    with speaking(code):
        assert journalled(line) == canonical
        assert parse(line, state) == parse(canonical, state)


def test_a_prefix_of_a_language_word_is_not_read():
    """Words of a language are typed whole: a prefix stays the English verbs' (``ba`` is bankrupt, ``mie`` nothing)."""
    state = new_game(["Ann", "Bob"])
    with speaking("de"):
        with pytest.raises(RuleError, match="unbekannter Befehl „mie“"):
            parse("mie bob boardwalk", state)
        assert parse("ba bob to bank", state).player == "Bob"


def test_completion_reads_the_language_words():
    state = new_game(["Ann", "Bob"])
    with speaking("de"):
        assert complete("kaufe", state) == "kaufe "
        assert complete("kaufe a", state) == "kaufe ann "
        assert isinstance(parse("kaufe ann park place", state), Buy)
    assert complete("kaufe a", state) is None  # not a verb in English


def test_a_group_completes_by_its_title_in_the_language():
    """A German banker names a group by the title the screens show ("Dunkelblau"): Tab completes that title, and the
    completed line is read as the start was (the parser and the completion ask one question: group_begun)."""
    state = new_game(["Anna", "Ben"], GERMAN)
    with speaking("de"):
        done = complete("baue anna dunk", state)
        assert done == "baue anna dunkelblau ", done
        assert parse(done.strip(), state) == parse("baue anna dunk", state)


def test_the_guide_has_the_table_of_words():
    """docs/commands.md carries the words each language has for the verbs (regenerate from words_markdown())."""
    from pathlib import Path

    from banker.commands.help import words_markdown

    guide = (Path(__file__).parents[2] / "docs" / "commands.md").read_text(encoding="utf-8")
    assert words_markdown() in guide


@pytest.mark.parametrize("code", SPOKEN)
@pytest.mark.parametrize("domain", ["rules", "core"])
def test_a_message_names_each_command_by_the_word_its_language_reads(domain, code):
    """Issue 36: a German refusal said "(trage `next` ein)", a French one "(enregistrez `next`)": where the English
    message quotes a command, the translation quotes it with the verb's word in that language, which is read where
    that language answers (the English words still work too)."""
    catalog = read_po(po_path(domain, code).open("rb"), locale=code)
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        said = message.string if isinstance(message.string, str) else message.string[0]
        for typed, quoted in zip(re.findall(r"`([^`]*)`", english), re.findall(r"`([^`]*)`", said), strict=False):
            verb = VERB.get(typed.split()[0]) if typed.strip() else None
            if verb is None or verb.name == "new" or not verb.words.get(code):
                continue
            assert VERB_WORDS[code].get(name_key(quoted.split()[0])) == verb.name, (english, said)


def test_a_german_refusal_names_the_command_a_german_banker_types():
    """Issue 36: "trage zuerst `turn Ben` ein" told a German banker to type English; the word it names now is the
    German one, and typed as said, it records the turn."""
    with speaking("de"), Session.create(db_path(), ["Anna", "Ben", "Clara"], GERMAN) as session:
        assert session.execute("gefängnis anna send").ok
        assert session.execute("weiter").ok
        refused = session.execute("gefängnis anna miss")
        said = re.search(r"`([^`]*)`", refused.message)
        assert not refused.ok and said is not None, refused.message
        assert said.group(1) == "zug Anna", refused.message
        assert session.execute(said.group(1)).ok
        assert session.state.turn == 0


@pytest.mark.parametrize(
    ("line", "levels"),
    [
        ("baue anna lila 3", (2, 1)),  # the title the German screens show ("Badstraße [PU] Lila")
        ("build anna Lila 2", (1, 1)),
        ("baue anna purple", (1, 0)),  # the edition's own title still works
    ],
)
def test_a_german_banker_names_a_group_by_its_german_title_on_the_german_board(line, levels):
    """Issue 36: `/show deed badstr` showed "Lila", and `/baue anna lila 3` was refused "kein Grundstück namens
    "lila"": a group is named by its title in the banker's language too (seed 000, HOUSES: built evenly)."""
    with speaking("de"), Session.create(db_path(), ["Anna", "Ben"], GERMAN) as session:
        assert session.execute("kaufe anna badstrasse").ok and session.execute("kaufe anna turmstrasse").ok
        reply = session.execute(line)
        assert reply.ok, reply.message
        assert tuple(session.state.deeds[session.state.deed(n).index].level for n in ("Badstraße", "Turmstraße")) == (
            levels
        )
        assert session.log()[-1].text.split()[0] in ("build", "baue")


def test_a_group_title_spelled_without_umlauts_and_a_side_deal_and_a_count_read_it():
    """``gruen`` for Grün (a keyboard without umlauts), in a side deal and a count of buildings as in a build."""
    state = new_game(["Anna", "Ben"], GERMAN)
    with speaking("de"):
        assert parse("absprache anna no rent gruen from ben for 2 turns", state).what == "Green"
        assert parse("absprache anna no rent grün for 2 turns", state).what == "Green"
        assert parse("zeige count 4 0 dunkelblau", state).group == "dark_blue"
    with pytest.raises(RuleError):
        parse("absprache anna no rent gruen for 2 turns", state)  # in English, Grün is no group's name


class _Rosa(gettext.NullTranslations):
    """A catalogue that calls two groups by one word."""

    def gettext(self, message: str) -> str:
        return "Rosa" if message in ("Purple", "Pink") else message


def test_a_title_two_groups_share_in_the_language_is_refused_naming_both():
    state = new_game(["Anna", "Ben"], GERMAN)
    token = i18n.use_for_task(_Rosa())
    try:
        with pytest.raises(RuleError, match='"rosa" could be the Rosa or Rosa group'):
            parse("build anna rosa", state)
    finally:
        token.var.reset(token)


def test_a_spanish_refusal_of_an_absurd_amount_starts_with_the_figure():
    """Issue 36: "cantidad: $99,999,999 es absurdo" began with a lower-case word; it begins with the amount now."""
    with speaking("es"), pytest.raises(RuleError) as refused:
        parse("pagar ann 99999999", new_game(["Ann", "Bob"]))
    assert refused.value.message.startswith("$99,999,999 es un valor absurdo (cantidad)"), refused.value.message


def test_german_quotes_a_word_as_german_does():
    """Issue 36: the command line's German refusals quoted with "…" where the dialogs use „…“."""
    with speaking("de"), pytest.raises(RuleError) as refused:
        parse("zahle ann 50 von bob", new_game(["Ann", "Bob"]))
    assert "„" in refused.value.message and '"' not in refused.value.message, refused.value.message
