"""The verb table: one record per verb of the command language, and the two directions through it.

Each :class:`Verb` holds everything about one verb in one place: how it is typed (``shape``, the text every "expected:"
message quotes), its short spellings, its words in each language Banker speaks (``words``: ``miete`` for rent), the
reader that turns its words into a typed command, the command types it writes back and the writer that does it, and
its help (an example the parser reads and what it records). The parser (:func:`parse`), the writer (:func:`format`),
the journal's line (:func:`journalled`), the help screen and docs (``banker.commands.help``), the completion and the
dialogs' forms all read this table, so a new verb is one record here.

The English words always work; the words of one other language work where that language is the one answering (the
banker's, ``LANGUAGE=de`` or the settings' ``language``): a German table types German (docs/commands.md says why).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from banker.commands.kinds import Command, CommandError, Control, ControlKind, Query
from banker.commands.lines import check_line, strip_comment
from banker.commands.new_games import NEW_SHAPE
from banker.commands.reading import (
    _auction,
    _bankrupt,
    _bare,
    _build_sell,
    _card,
    _control,
    _correct,
    _deal,
    _end,
    _go,
    _jail,
    _money_move,
    _new,
    _one_player,
    _player_deed,
    _position,
    _rent,
    _shortage,
    _show,
    _side,
    _tax,
    _trade,
)
from banker.commands.reading import (
    _Line as Line,
)
from banker.commands.words import closed_word, figure_word, spelling_keys
from banker.commands.writing import (
    _count,
    _money_words,
    _position_deed_words,
    _query_words,
    _side_words,
    _trade_words,
    write_control,
)
from banker.language import LANGUAGES, SOURCE, spoken
from rules.actions import (
    Action,
    Auction,
    Bankrupt,
    Build,
    Buy,
    Card,
    Collect,
    Correction,
    Deal,
    DealRandom,
    End,
    EndReason,
    EndSideDeal,
    Go,
    JailAction,
    JailWay,
    Mortgage,
    Next,
    Parking,
    Pay,
    PositionCash,
    PositionDeed,
    PositionJail,
    PositionJailCard,
    PositionPot,
    PositionTurn,
    Rent,
    Sell,
    ShortageAuction,
    SideDeal,
    Tax,
    Trade,
    Turn,
    Unmortgage,
)
from rules.board import Board
from rules.i18n import N_, _
from rules.names import name_key, shown
from rules.state import GameState

Writer = Callable[[Any], list[str]]
"""A command's words in order (empty words are dropped when they are joined)."""


@dataclass(frozen=True)
class Verb:
    """One verb of the command language."""

    name: str
    shape: str
    """How to type it: the help's command column and the tail of every refusal of its shape ("expected: ...")."""
    read: Callable[[Line], Command]
    """Its words (after the verb) -> the typed command; raises :class:`CommandError` naming the shape."""
    writes: Mapping[type, Writer]
    """The command types it writes (an action type, :class:`Query`, :class:`Control`) and how: the canonical
    words, the inverse of :attr:`read`."""
    example: str
    """A line the parser reads (tests/tui/test_help.py parses every one)."""
    meaning: str
    """What it records, in one sentence (the help screen and docs/app.md)."""
    aliases: tuple[str, ...] = ()
    """Other spellings of the verb typed in full ("lift" for unmortgage); a unique prefix of a verb works too."""
    at_the_table: bool = True
    """Typed at the table (False for ``new``: the CLI and the new-game screen read it)."""
    free_from: int | None = None
    """The word (after the verb) from which the rest of the line is free text in the banker's words (a correction's
    reason), where brackets and the like are words as any other; None: every word is one of the language's."""
    words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Its words in each language Banker speaks but English, by the language's code (``{"de": ("miete",)}``): typed
    in full, any case, accents optional (``hypotheque``); read only where that language answers (:func:`verb_named`),
    and journalled as the verb's English name (:func:`journalled`). The first is the one the help shows."""

    def word(self, language: str | None = None) -> str:
        """The word the help shows for the verb in ``language`` (default: the language answering here): its first
        word there, else its English name."""
        words = self.words.get(language or spoken(), ())
        return words[0] if words else self.name


def _player_deed_words(verb: str) -> Writer:
    return lambda a: [verb, a.player, a.deed]


VERBS: tuple[Verb, ...] = (
    Verb(
        "rent",
        N_("rent <payer> <deed> [dice <n>] [card]"),
        _rent,
        {
            Rent: lambda a: [
                "rent",
                a.payer,
                a.deed,
                *(["dice", str(a.dice)] if a.dice is not None else []),
                "card" if a.card else "",
            ]
        },
        "rent bob boardwalk",  # i18n-exempt: a line of the command language
        N_("The payer landed on a deed; the owner collects the rent the deed, set and buildings call for."),
        words={"de": ("miete",), "fr": ("loyer",), "es": ("alquiler",)},
    ),
    Verb(
        "buy",
        N_("buy <player> <deed>"),
        _player_deed(Buy),
        {Buy: _player_deed_words("buy")},
        "buy ann park place",  # i18n-exempt: a line of the command language
        N_("The lander buys a bank-held deed at its price."),
        aliases=("b",),
        words={"de": ("kaufe", "kaufen", "kauf"), "fr": ("acheter", "achète", "achat"), "es": ("comprar", "compra")},
    ),
    Verb(
        "auction",
        N_("auction <deed> <player> <amount>"),
        _auction,
        {Auction: lambda a: ["auction", a.deed, a.player, str(a.amount)]},
        "auction boardwalk bob 420",  # i18n-exempt: a line of the command language
        N_("A bank-held deed was auctioned; the winner pays the bid."),
        aliases=("auc",),
        words={
            "de": ("versteigerung", "versteigere", "versteigern"),
            "fr": ("enchère", "enchères"),
            "es": ("subasta", "subastar"),
        },
    ),
    Verb(
        "pay",
        N_("pay <player> <amount> [to <player>|to each]"),
        lambda c: _money_move(c, Pay, "to"),
        {Pay: lambda a: _money_words("pay", "to", a.player, a.amount, a.to, a.each)},
        "pay ann 50 to each",  # i18n-exempt: a line of the command language
        N_("A payment to the bank, to a player, or to every other player."),
        words={"de": ("zahle", "zahlen", "zahl"), "fr": ("payer", "paie", "paye"), "es": ("pagar", "paga")},
    ),
    Verb(
        "collect",
        N_("collect <player> <amount> [from <player>|from each]"),
        lambda c: _money_move(c, Collect, "from"),
        {Collect: lambda a: _money_words("collect", "from", a.player, a.amount, a.source, a.each)},
        "collect bob 10 from each",  # i18n-exempt: a line of the command language
        N_("Money received from the bank, a player, or every other player."),
        words={
            "de": ("kassiere", "kassieren", "erhalte"),
            "fr": ("encaisser", "encaisse", "recevoir", "reçoit"),
            "es": ("cobrar", "cobra", "recibir"),
        },
    ),
    Verb(
        "go",
        N_("go <player> [exact]"),
        _go,
        {Go: lambda a: ["go", a.player, "exact" if a.exact else ""]},
        "go ann",  # i18n-exempt: a line of the command language
        N_("Salary for passing GO."),
        aliases=("salary",),
        words={"de": ("los", "gehalt"), "fr": ("départ", "salaire"), "es": ("salida", "salario")},
    ),
    Verb(
        "build",
        N_("build <player> <deed|group> [<count>]"),
        _build_sell(Build),
        {Build: lambda a: ["build", a.player, a.deed, _count(a.count)]},
        "build ann boardwalk 2",  # i18n-exempt: a line of the command language
        N_(
            "Buy houses (or the hotel) from the bank, evenly across the set: one goes on the lot named, a count or the"
            " group's name (orange) starts where it may."
        ),
        aliases=("houses",),
        words={
            "de": ("baue", "bauen", "bau"),
            "fr": ("construire", "construit", "bâtir"),
            "es": ("construir", "construye"),
        },
    ),
    Verb(
        "sell",
        N_("sell <player> <deed|group> [<count>]"),
        _build_sell(Sell),
        {Sell: lambda a: ["sell", a.player, a.deed, _count(a.count)]},
        "sell ann boardwalk",  # i18n-exempt: a line of the command language
        N_("Sell buildings back at half price, evenly (the group's name starts on its highest lot)."),
        words={"de": ("verkaufe", "verkaufen"), "fr": ("vendre", "vend"), "es": ("vender", "vende")},
    ),
    Verb(
        "shortage",
        N_("shortage <player> <deed|group> <count> [houses|hotels] <amount>"),
        _shortage,
        {
            ShortageAuction: lambda a: [
                "shortage",
                a.player,
                a.deed,
                str(a.count),
                "hotels" if a.hotel else "houses",
                str(a.amount),
            ]
        },
        "shortage ann boardwalk hotel 250",  # i18n-exempt: a line of the command language
        N_(
            "Houses or hotels auctioned in a building shortage (seed 000, BUILDING SHORTAGE: two or more players want"
            " more than the bank has): the winner pays the bid."
        ),
        words={"de": ("mangel", "baumangel"), "fr": ("pénurie",), "es": ("escasez",)},
    ),
    Verb(
        "mortgage",
        N_("mortgage <player> <deed>"),
        _player_deed(Mortgage),
        {Mortgage: _player_deed_words("mortgage")},
        "mortgage bob reading",  # i18n-exempt: a line of the command language
        N_("Mortgage an unimproved deed."),
        words={"de": ("hypothek", "beleihe"), "fr": ("hypothéquer", "hypothèque"), "es": ("hipotecar", "hipoteca")},
    ),
    Verb(
        "unmortgage",
        N_("unmortgage <player> <deed>"),
        _player_deed(Unmortgage),
        {Unmortgage: _player_deed_words("unmortgage")},
        "unmortgage bob reading",  # i18n-exempt: a line of the command language
        N_("Lift a mortgage: the mortgage value plus 10% interest."),
        aliases=("lift", "unmort"),
        words={"de": ("tilge", "tilgen"), "fr": ("lever", "lève", "rembourser"), "es": ("deshipotecar", "levantar")},
    ),
    Verb(
        "tax",
        N_("tax <player> income [flat|10%]  or  tax <player> luxury"),
        _tax,
        {Tax: lambda a: ["tax", a.player, a.kind, a.option]},
        "tax ann income 10%",  # i18n-exempt: a line of the command language
        N_(
            "Income tax: flat (the board's figure, which may be typed instead: 200 on the US board) or 10%, chosen "
            "before adding up; or luxury tax."
        ),
        words={"de": ("steuer", "steuern"), "fr": ("impôt", "taxe"), "es": ("impuesto",)},
    ),
    Verb(
        "card",
        N_("card <player> [chance|chest] <card>"),
        _card,
        {Card: lambda a: ["card", a.player, a.deck, a.card]},
        "card bob street repairs",  # i18n-exempt: a line of the command language
        N_("A Chance or Community Chest card's money effect (without the deck: the one deck with such a card)."),
        words={"de": ("karte",), "fr": ("carte",), "es": ("carta", "tarjeta")},
    ),
    Verb(
        "jail",
        N_("jail <player> [fine|card|doubles|miss]"),
        _jail,
        {JailAction: lambda a: ["jail", a.player, "" if a.how == JailWay.SEND and not a.deck else a.how, a.deck]},
        "jail bob fine",  # i18n-exempt: a line of the command language
        N_("Send to jail, or record how the player leaves (or fails to)."),
        words={"de": ("gefängnis", "knast"), "fr": ("prison",), "es": ("cárcel",)},
    ),
    Verb(
        "trade",
        N_("trade <player> <player> give <items> get <items> [lift <deeds>]"),
        _trade,
        {Trade: _trade_words},
        "trade ann bob give boardwalk get 300",  # i18n-exempt: a line of the command language
        N_("A trade between two players: deeds, cash and Get Out of Jail Free cards."),
        words={
            "de": ("tausch", "tausche", "tauschen", "handel"),
            "fr": ("échange", "échanger"),
            "es": ("intercambio", "intercambiar", "cambio"),
        },
    ),
    Verb(
        "bankrupt",
        N_("bankrupt <player> to <player>|bank"),
        _bankrupt,
        {Bankrupt: lambda a: ["bankrupt", a.player, "to", a.creditor if a.creditor is not None else "bank"]},
        "bankrupt bob to ann",  # i18n-exempt: a line of the command language
        N_("The player cannot pay; everything goes to the creditor."),
        aliases=("bankruptcy",),
        words={"de": ("pleite", "bankrott", "konkurs"), "fr": ("faillite",), "es": ("bancarrota", "quiebra")},
    ),
    Verb(
        "deal",
        N_("deal <player> <deed>  or  deal random [<seed>]"),
        _deal,
        {Deal: _player_deed_words("deal"), DealRandom: lambda a: ["deal", "random", str(a.seed)]},
        "deal random 7",  # i18n-exempt: a line of the command language
        N_("The deal at the start of a short or time-limit game."),
        words={"de": ("verteile", "verteilen"), "fr": ("distribuer", "distribue"), "es": ("repartir", "reparte")},
    ),
    Verb(
        "position",
        " | ".join(
            (
                N_("position <player> cash <amount>"),
                N_("position <player> owns <deed> [<n> houses|hotel|mortgaged]"),
                N_("position <player> jail card chance|chest"),
                N_("position <player> in jail [<turn>]"),
                N_("position pot <amount>"),
                N_("position turn <player>"),
            )
        ),
        _position,
        {
            PositionCash: lambda a: ["position", a.player, "cash", str(a.amount)],
            PositionDeed: _position_deed_words,
            PositionJailCard: lambda a: ["position", a.player, "jail", "card", a.deck],
            PositionJail: lambda a: ["position", a.player, "in", "jail", str(a.turn)],
            PositionPot: lambda a: ["position", "pot", str(a.amount)],
            PositionTurn: lambda a: ["position", "turn", a.player],
        },
        "position ann owns boardwalk 2 houses",  # i18n-exempt: a line of the command language
        N_(
            "A game taken over from the board: before the first move, the position on the table, one fact a line"
            " (a later line about the same thing replaces it); play begins once the whole position stands."
        ),
        aliases=("pos",),
        words={"de": ("stand", "spielstand"), "es": ("posición",)},  # French writes it as English does
    ),
    Verb(
        "correct",
        N_("correct <player> <amount> <reason>"),
        _correct,
        {Correction: lambda a: ["correct", a.player, f"{a.amount:+d}", a.reason]},
        "correct ann -50 change given twice",  # i18n-exempt: a line of the command language
        N_(
            "Put a mistake right: money between a player and the bank (-50: the player gives it back), recorded as a"
            " correction with its reason, never as rent or a payment."
        ),
        aliases=("correction",),
        free_from=2,
        words={
            "de": ("korrigiere", "korrektur"),
            "fr": ("corriger", "corrige"),
            "es": ("corregir", "corrige", "corrección"),
        },
    ),
    Verb(
        "side",
        " | ".join(
            (
                N_(
                    "side <owner> no|half rent <deed|group> [from <player>|from each]"
                    " [for <n> turns|until <player> passes go]"
                ),
                N_("side end <n>"),
            )
        ),
        _side,
        {SideDeal: _side_words, EndSideDeal: lambda a: ["side", "end", str(a.number)]},
        "side ann no rent orange from bob for 3 turns",  # i18n-exempt: a line of the command language
        N_(
            "A side deal the players made about rent, with its end (some turns, a player's next GO, or `side end 1`):"
            " the rent dialog and the phones remind the banker while it applies; no money moves by it."
        ),
        aliases=("sidedeal",),
        words={"de": ("absprache", "abmachung"), "fr": ("accord", "arrangement"), "es": ("acuerdo", "trato")},
    ),
    Verb(
        "parking",
        N_("parking <player>"),
        _one_player(Parking),
        {Parking: lambda a: ["parking", a.player]},
        "parking ann",  # i18n-exempt: a line of the command language
        N_("Collect the Free Parking pot (house rule)."),
        aliases=("fp",),
        words={"de": ("parken",), "fr": ("parc",)},  # a Spanish board's square is "Parking gratuito": parking
    ),
    Verb(
        "turn",
        N_("turn <player>"),
        _one_player(Turn),
        {Turn: lambda a: ["turn", a.player]},
        "turn bob",  # i18n-exempt: a line of the command language
        N_("Say whose turn it is."),
        words={"de": ("zug", "dran"), "fr": ("tour",), "es": ("turno",)},
    ),
    Verb(
        "next",
        N_("next"),
        _bare(Next),
        {Next: lambda a: ["next"]},
        "next",  # i18n-exempt: a line of the command language
        N_("Pass the turn to the next player still in the game."),
        words={"de": ("weiter", "nächster"), "fr": ("suivant",), "es": ("siguiente",)},
    ),
    Verb(
        "undo",
        N_("undo [to <entry>]"),
        lambda c: _control(c, ControlKind.UNDO),
        {Control: write_control},
        "undo",  # i18n-exempt: a line of the command language
        N_(
            "Undo the last action (the journal keeps it, struck through); `undo to 12`: everything after entry 12, in"
            " one step (Shift+U on the table picks the entry)."
        ),
        words={"de": ("rückgängig", "zurück"), "fr": ("annuler", "annule"), "es": ("deshacer",)},
    ),
    Verb(
        "redo",
        N_("redo [to <entry>]"),
        lambda c: _control(c, ControlKind.REDO),
        {Control: write_control},
        "redo",  # i18n-exempt: a line of the command language
        N_("Redo what was just undone; `redo to 12`: up to entry 12 again."),
        words={"de": ("wiederherstellen", "wieder"), "fr": ("refaire", "rétablir"), "es": ("rehacer",)},
    ),
    Verb(
        "end",
        N_("end [time]"),
        _end,
        {End: lambda a: ["end", "time" if a.reason == EndReason.TIME else ""]},
        "end",  # i18n-exempt: a line of the command language
        N_("End the game now (time: the time-limit game's deadline)."),
        words={"de": ("ende", "beenden"), "fr": ("fin", "terminer"), "es": ("fin", "terminar")},
    ),
    Verb(
        "show",
        " | ".join(
            (
                N_("show rent <deed> [dice <n>]"),
                N_("show deed <deed>"),
                N_("show count <houses> <hotels> [<group>]"),
                N_("show worth"),
                N_("show tax <player>"),
                N_("show raise <player>"),
                N_("show scores"),
                N_("show deals"),
            )
        ),
        _show,
        {Query: _query_words},
        "show deed boardwalk",  # i18n-exempt: a line of the command language
        N_(
            "Ask without changing anything (`show deed`: the whole title deed and who holds it; `show count 10 2`:"
            " check the houses and hotels counted on the board, or `show count 4 0 dark blue` on one group;"
            " `show deals`: the side deals made, by number, and whether each stands)."
        ),
        aliases=("?", "query"),
        words={
            "de": ("zeige", "zeigen", "zeig"),
            "fr": ("montrer", "montre", "voir"),
            "es": ("mostrar", "muestra", "ver"),
        },
    ),
    Verb(
        "new",
        NEW_SHAPE,
        _new,
        {},
        "new standard ann bob",  # i18n-exempt: a line of the command language
        N_("Start a game (the CLI's `banker new` and the new-game screen)."),
        at_the_table=False,
    ),
)

VERB: dict[str, Verb] = {v.name: v for v in VERBS}
"""Each verb's record by its name."""
VERB_NAMES: tuple[str, ...] = tuple(VERB)
VERB_ALIASES: dict[str, str] = {alias: v.name for v in VERBS for alias in v.aliases}
"""Other spellings of a verb typed in full -> the verb."""
VERB_WORDS: dict[str, dict[str, str]] = {
    language: {key: v.name for v in VERBS for word in v.words.get(language, ()) for key in spelling_keys(word)}
    for language in LANGUAGES
    if language != SOURCE
}
"""Each language's words for the verbs, by their matching keys (any case, accents removed, umlauts and ß also
spelled out as the street names take them: ``rückgängig``, ``ruckgangig`` and ``rueckgaengig``) -> the verb. Read
where the language answers (:func:`verb_named`)."""
_WRITER: dict[type, Writer] = {kind: write for v in VERBS for kind, write in v.writes.items()}


def language_word(word: str, language: str | None = None) -> str | None:
    """The verb ``word`` is a word for in ``language`` (default: the language answering here), or None. A word of
    letters only, typed in full: no prefix of a language's word is read, so ``ba`` stays ``bankrupt`` for a German
    banker too (``bau`` is build)."""
    if not word.isalpha():
        return None
    return VERB_WORDS.get(language or spoken(), {}).get(name_key(word))


def verb_named(word: str) -> Verb | None:
    """The verb ``word`` means: an English alias, the word for it in the language answering here, the verb's name,
    or a unique prefix of one (None if nothing matches; a :class:`CommandError` naming the choices if several do)."""
    name = VERB_ALIASES.get(word.casefold()) or language_word(word) or closed_word(word, {v: v for v in VERB})
    return VERB.get(name or "")


def journalled(line: str) -> str:
    """The line as the journal keeps it: typed with a language's word for the verb, that word is the verb's English
    name (``miete bob schlossallee`` -> ``rent bob schlossallee``), so the journal, ``banker log`` and a game file
    read the same on every laptop, whatever language typed them (``banker import`` replays a file's lines); any other
    line as it was typed."""
    stripped = line.lstrip()
    first = stripped.split(maxsplit=1)[0] if stripped else ""
    verb = language_word(first) if first and first.casefold() not in VERB_ALIASES else None
    if verb is None:
        return line
    return line[: len(line) - len(stripped)] + verb + stripped[len(first) :]


def parse(line: str, state: GameState) -> Command:
    """Read one command line against ``state``. Raises :class:`~rules.errors.RuleError` (usually
    :class:`CommandError` or :class:`~rules.errors.UnknownName`) with a clear message for anything it cannot read."""
    check_line(line)
    text = strip_comment(line)
    if not text:
        raise CommandError(_("nothing to do: the line is empty or only a comment"))
    words = _signs_joined(text.split(), state)
    verb = verb_named(words[0])
    if verb is None:
        raise CommandError(_unknown(words[0]))
    if verb.name != words[0].casefold() and language_word(words[0]) == verb.name:
        _not_a_name(words[0], verb, state)
    _no_stray_brackets(" ".join(words[: None if verb.free_from is None else 1 + verb.free_from]), state)
    return verb.read(Line(verb.name, words[1:], state, verb.shape))


def _unknown(word: str) -> str:
    """A first word that is no verb; where it is a verb's word in another language than the one answering here (a
    German word typed where English answers: ``LANGUAGE`` or the settings say another language), says which."""
    here = spoken()
    for language in VERB_WORDS:
        verb = language_word(word, language)
        if verb is not None and language != here:
            return _(
                '"{word}" is {verb} in {language}, and Banker reads the words of {current} here: type {local}'
            ).format(
                word=shown(word),
                verb=verb,
                language=_language_name(language),
                current=_language_name(here),
                local=VERB[verb].word(),
            )
    verbs = ", ".join(sorted((v.word() for v in VERBS), key=name_key))  # the language's (English's work too)
    return _('unknown command "{word}"; commands are {verbs}').format(word=shown(word), verbs=verbs)


def _language_name(code: str) -> str:
    """A language's name in the language answering here ("German", "Deutsch", "allemand"), by Babel."""
    from babel import Locale

    return Locale.parse(code).get_display_name(spoken()) or LANGUAGES[code]


def _not_a_name(word: str, verb: Verb, state: GameState) -> None:
    """Refuse a language's word for a verb that is also the name of a player of the game (a family's nickname,
    ``Tour``, ``Paga``): it could mean either, and a word that could mean two things is refused, not guessed (as
    ``"a" could be each, Al or Ann``). The verb's English name is never a player's word: it is always there to type."""
    key = name_key(word)
    player = next((p.name for p in state.players if name_key(p.name) == key), None)
    if player is not None:
        raise CommandError(
            _('"{word}" is the word for {verb} and the name of a player ({player}): type {verb} for the verb').format(
                word=shown(word), verb=verb.name, player=player
            )
        )


BRACKETS = "[]{}<>"
"""Characters no word, amount or name of the language holds (a name of a custom board may: then it is read)."""


def _no_stray_brackets(text: str, state: GameState) -> None:
    """Refuse a bracket no name of the game holds: the name readers skip punctuation (so "b. & o." finds B. & O.
    Railroad), and ``rent bob boardwalk [/]`` was recorded as if the ``[/]`` were not there (found in issue 20's
    game-night review; ``[x]`` was refused only for its letter). A stray bracket is markup pasted or a slip, and
    a careful banker would want to look again. A verb's free text (a correction's reason) is not looked at: there a
    bracket is a word of the banker's own (issue 30)."""
    stray = next((c for c in text if c in BRACKETS), None)
    if stray is None:
        return
    names = [p.name for p in state.players] + [d.name for d in state.board.deeds]
    if not any(stray in name for name in names):
        raise CommandError(
            _('"{stray}" is in no command, amount or name ("{text}"); nothing was recorded').format(
                stray=stray, text=shown(text)
            )
        )


def _signs_joined(words: list[str], state: GameState) -> list[str]:
    """``12 €`` typed as the edition prints it (the sign after the figure, spaced: ``rules.board.format_money``) is
    one amount: a currency sign standing alone after a figure joins it (found in review: ``pay lisa 12 €`` was
    refused, though every screen writes amounts so)."""
    board = state.board
    if not board.currency_after:
        return words
    out: list[str] = []
    for word in words:
        if word == board.currency and out and out[-1][-1:].isdigit():
            out[-1] += word
        else:
            out.append(word)
    return out


def format(command: Action | Query | Control, board: Board | None = None) -> str:  # noqa: A001 - parse's pair
    """The canonical command line for ``command`` on ``board`` (the game's), the inverse of :func:`parse`:
    ``parse(format(a, state.board), state) == a`` for every action the language can express against a state holding
    its players and deeds. Players and deeds are written as named (a deed's printed name), closed words in full and
    amounts as plain figures, a word standing for one of the board's figures as that figure (the flat Income Tax:
    ``tax Ann income 4000`` on the Deutsche Mark board; ``200`` without a board), so the journal reads the same
    whichever way the banker entered the command (typed, or through a dialog)."""
    writer = _WRITER.get(type(command))
    if writer is None:
        raise TypeError(f"the command language has no line for {type(command).__name__}")
    return " ".join(figure_word(w, board) for w in writer(command) if w)


def writer_of(kind: type) -> Writer | None:
    """The writer of a command type (None if no verb writes it)."""
    return _WRITER.get(kind)
