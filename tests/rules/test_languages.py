"""The engine in the family's language (issue 36): its refusals, its rent previews and their explanations, its
plurals and the words of its data files, read in German, French and Spanish through ``rules.i18n`` for one task
(a phone's request reads its own language so), the English as it always was once the task's language is reset.

The money is the edition's, never the language's: a US board says ``$100`` in German too, the Deutsche Mark board
``2.000 DM`` in any language (seed 003 appendix figures, x 20 on that board: rules/data/editions/de-dm.toml)."""

from __future__ import annotations

import pytest

import rules
from banker.language import speaking
from rules.actions import Bankrupt, Build, Buy, Card, End, Go, JailAction, Mortgage, Next, Pay, Rent, Tax, TaxKind, Turn
from rules.errors import RuleError
from rules.state import game_settings
from rules.words import TaxChoice

LANGUAGES = ("de", "fr", "es")


def game(*actions, edition: str = "us", names=("Ann", "Bob", "Cy")) -> rules.GameState:
    state = rules.new_game(list(names), game_settings("standard", edition))
    for action in actions:
        state = rules.apply(state, action).state
    return state


def refusal(state: rules.GameState, action: rules.Action) -> str:
    with pytest.raises(RuleError) as refused:
        rules.apply(state, action)
    return str(refused.value)


BOARDWALK = game(Buy("Ann", "Boardwalk"), Buy("Ann", "Park Place"))

# seed 000, BUYING PROPERTY: only the bank's deeds are sold
OWNED = {
    "de": "Boardwalk gehört schon Ann; nur Grundstücke der Bank werden verkauft oder versteigert "
    "(seed 000, BUYING PROPERTY)",
    "fr": "Boardwalk appartient déjà à Ann ; seuls les titres de la banque se vendent ou se mettent aux enchères "
    "(seed 000, BUYING PROPERTY)",
    "es": "Boardwalk ya es de Ann; solo se venden o subastan los títulos de la banca (seed 000, BUYING PROPERTY)",
}
# seed 000, MORTGAGES: no rent on a mortgaged property
MORTGAGED = {
    "de": "Boardwalk ist mit Hypothek belastet: keine Miete (seed 000, MORTGAGES)",
    "fr": "Boardwalk est hypothéqué : pas de loyer (seed 000, MORTGAGES)",
    "es": "Boardwalk está hipotecado: sin alquiler (seed 000, MORTGAGES)",
}
# seed 000, PAYING RENT: double rent on the unimproved lots of a full set
RENT = {
    "de": "Bob zahlt Ann $100: Boardwalk, ganze Gruppe, unbebaut, 2 x $50",
    "fr": "Bob paie $100 à Ann : Boardwalk, groupe complet, terrain nu, 2 x $50",
    "es": "Bob paga $100 a Ann: Boardwalk, grupo completo, sin edificar, 2 x $50",
}
QUOTE = {
    "de": "Boardwalk, ganze Gruppe, unbebaut: 2 x $50 = $100",
    "fr": "Boardwalk, groupe complet, terrain nu : 2 x $50 = $100",
    "es": "Boardwalk, grupo completo, sin edificar: 2 x $50 = $100",
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_refusal_of_the_engine_reads_in_the_language_seed_000_buying_property(code):
    with speaking(code):
        said = refusal(BOARDWALK, Buy("Bob", "Boardwalk"))
    assert said == OWNED[code]
    assert refusal(BOARDWALK, Buy("Bob", "Boardwalk")) == (
        "Boardwalk already belongs to Ann; only the bank's deeds are sold or auctioned (seed 000, BUYING PROPERTY)"
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_rent_on_a_mortgaged_deed_is_refused_in_the_language_seed_000_mortgages(code):
    state = rules.apply(BOARDWALK, Mortgage("Ann", "Boardwalk")).state
    with speaking(code):
        said = refusal(state, Rent("Bob", "Boardwalk"))
    assert said == MORTGAGED[code]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_rent_preview_and_its_explanation_read_in_the_language_seed_000_paying_rent(code):
    with speaking(code):
        summary = rules.apply(BOARDWALK, Rent("Bob", "Boardwalk")).summary
        explanation = rules.queries.rent_quote(BOARDWALK, "Boardwalk").explanation
    assert (summary, explanation) == (RENT[code], QUOTE[code])
    # the same action read again in English, as the tests and the journal read it
    assert rules.apply(BOARDWALK, Rent("Bob", "Boardwalk")).summary == (
        "Bob pays Ann $100: Boardwalk, full set, unimproved, 2 x $50"
    )


HOUSES = {
    "de": ("Ann baut 1 Haus für $200", "Ann baut 2 Häuser für $400"),
    "fr": ("Ann construit 1 maison pour $200", "Ann construit 2 maisons pour $400"),
    "es": ("Ann edifica 1 casa por $200", "Ann edifica 2 casas por $400"),
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_one_house_and_two_houses_by_the_language_s_plural_rule_seed_000_houses(code):
    with speaking(code):
        one = rules.apply(BOARDWALK, Build("Ann", "Boardwalk", 1)).summary
        two = rules.apply(BOARDWALK, Build("Ann", "Boardwalk", 2)).summary
    assert (one.split(":")[0].rstrip(), two.split(":")[0].rstrip()) == HOUSES[code]


DM_RENT = {
    "de": "Bob zahlt Ann 2.000 DM: Schloßallee, ganze Gruppe, unbebaut, 2 x 1.000 DM",
    "fr": "Bob paie 2.000 DM à Ann : Schloßallee, groupe complet, terrain nu, 2 x 1.000 DM",
    "es": "Bob paga 2.000 DM a Ann: Schloßallee, grupo completo, sin edificar, 2 x 1.000 DM",
}
DM_SHORT = {
    "de": "Bob kann 40.000 DM an Ann nicht zahlen: hat 30.000 DM, es fehlen 10.000 DM; hat nichts mehr zu verkaufen "
    "oder zu beleihen; nicht genug: Pleite (seed 000, BANKRUPTCY)",
    "fr": "Bob ne peut pas payer 40.000 DM à Ann : a 30.000 DM, il manque 10.000 DM ; n'a plus rien à vendre ni à "
    "hypothéquer ; pas assez : faillite (seed 000, BANKRUPTCY)",
    "es": "Bob no puede pagar 40.000 DM a Ann: tiene 30.000 DM, faltan 10.000 DM; no le queda nada que vender ni "
    "hipotecar; no basta: bancarrota (seed 000, BANKRUPTCY)",
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_figures_are_the_edition_s_money_in_every_language_on_the_deutsche_mark_board(code):
    """The rent of seed 000, PAYING RENT and the refusal of seed 000, BANKRUPTCY ("owes more than he can pay") on the
    Deutsche Mark board: 30.000 DM each, Schloßallee's rent 1.000 DM (the US figures x 20)."""
    state = game(Buy("Ann", "schlossallee"), Buy("Ann", "parkstrasse"), edition="de-dm")
    with speaking(code):
        summary = rules.apply(state, Rent("Bob", "schlossallee")).summary
        short = refusal(state, Pay("Bob", 40_000, to="Ann"))
    assert (summary, short) == (DM_RENT[code], DM_SHORT[code])


def test_the_german_board_reads_as_a_german_box_prints_it():
    """The DM board in German: its street names and money as printed (seed 000, "GO": the salary, 4.000 DM there),
    Banker's words German, the first group (Purple in the file) as the German board calls it, the deed card's rows."""
    state = game(edition="de-dm")
    with speaking("de"):
        salary = rules.apply(state, Go("Ann")).summary
        card = rules.queries.deed_card(state, "badstrasse")
        group = rules.i18n._(state.board.groups[card.deed.group].title)
    assert salary == "Ann zieht 4.000 DM Gehalt ein, weil über Los gegangen"
    assert group == "Lila"
    assert [line.label for line in card.rents] == [
        "unbebaut",
        "ganze Gruppe",
        "1 Haus",
        "2 Häuser",
        "3 Häuser",
        "4 Häuser",
        "Hotel",
    ]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_card_s_text_is_the_deck_s_own_and_banker_s_words_around_it_are_translated(code):
    """seed 000, "CHANCE": the card is read out as printed (an English deck's words stay English), the summary
    around it in the reader's language."""
    with speaking(code):
        said = rules.apply(game(), Card("Ann", "chance", "advance_to_go")).summary
    assert ("„Advance to Go (Collect $200)“" if code == "de" else '"Advance to Go (Collect $200)"') in said
    assert said.startswith(
        {
            "de": "Ann zieht eine Ereigniskarte",
            "fr": "Ann tire une carte Chance",
            "es": "Ann saca una carta de Suerte",
        }[code]
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_end_of_a_game_is_kept_in_english_in_the_state_and_said_in_the_reader_s_language(code):
    """The state is saved as it is (checkpoints, game files): its words are a format, English, whoever played."""
    with speaking(code):
        over = rules.apply(BOARDWALK, End()).state
        said = over.end_said()
    assert over.end_reason == "by agreement"
    assert said == {"de": "nach Absprache", "fr": "d'un commun accord", "es": "por acuerdo"}[code]
    assert over.end_said() == "by agreement"


JAILED = {
    "de": ("im Gefängnis, Runde 1 von 3", "Gefängnis 1/3", "Kurzes Spiel (1990er)"),
    "fr": ("en prison, tour 1 sur 3", "prison 1/3", "Partie courte (années 1990)"),
    "es": ("en la cárcel, turno 1 de 3", "cárcel 1/3", "Partida corta (años 90)"),
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_jail_timer_and_the_data_files_words_read_in_the_language(code):
    """seed 000, JAIL: the timer in words, long and short (a narrow player card), and a rule system's title and
    summary (rules/data/variants), the board's figure in its money."""
    state = rules.apply(game(), JailAction("Ann", "send")).state
    state = rules.apply(state, Next()).state
    state = rules.apply(state, Turn("Ann")).state
    variant = rules.find_variant("short-1990s")
    with speaking(code):
        said = (
            rules.queries.jail_status(state, 0),
            rules.queries.jail_status(state, 0, short=True),
            rules.i18n._(variant.title),
        )
        summary = variant.summary_on(state.board)
    assert said == JAILED[code]
    assert "$200" in summary and "{income_tax}" not in summary and summary != variant.summary_on(state.board)
    assert rules.queries.jail_status(state, 0, short=True) == "jail 1/3"


def test_german_says_pleite_as_the_dialogs_exports_and_phones_do_seed_000_bankruptcy():
    """Issue 36: the engine said Bankrott ("Ben geht an Anna bankrott") where the dialogs, the exports and the phone
    say Pleite; one word for it in German (seed 000, BANKRUPTCY)."""
    state = game(names=("Anna", "Ben", "Clara"))
    with speaking("de"):
        summary = rules.apply(state, Bankrupt("Ben", "Anna")).summary
        to_bank = rules.apply(state, Bankrupt("Ben")).summary
    assert (summary, to_bank) == (
        "Ben geht gegenüber Anna pleite und scheidet aus: $1,500 geht an Anna",  # one sum: geht
        "Ben geht gegenüber der Bank pleite und scheidet aus",
    )


def test_german_numbers_the_turns_in_runden_as_banker_state_and_the_phone_do():
    """Issue 36: `banker state` and the phone say "Runde 19", the engine said "Zug 2"; the turn's number is a Runde
    in German wherever it is said (the player whose turn it is is still "am Zug"), after a comma, so the undo key's
    label "u Rückgängig (Anna ist am Zug, Runde 5)" nests no parentheses."""
    with speaking("de"):
        said = rules.apply(game(), Next()).summary
    assert said == "Bob ist am Zug, Runde 2"


@pytest.mark.parametrize(
    ("code", "layout"),
    [
        ("de", "Park Place ohne Haus, Boardwalk 1 Haus"),
        ("fr", "Park Place sans maison, Boardwalk 1 maison"),
        ("es", "Park Place sin casas, Boardwalk 1 casa"),
    ],
)
def test_a_build_lists_the_group_as_it_leaves_it_in_the_language_s_words_seed_000_houses(code, layout):
    """Issue 36: the Spanish read "Park Place ninguna casa" (the sentence's word for none, not a list's)."""
    with speaking(code):
        said = rules.apply(BOARDWALK, Build("Ann", "Boardwalk", 1)).summary
    assert said.split(": ", 1)[1] == layout


def test_spanish_says_impuesto_sobre_la_renta_as_the_dialog_and_the_phone_do_seed_000_income_tax():
    with speaking("es"):
        said = rules.apply(game(), Tax("Ann", TaxKind.INCOME, TaxChoice.FLAT)).summary
    assert "impuesto sobre la renta" in said and "capital" not in said, said
