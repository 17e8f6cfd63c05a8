"""The closed word lists of the language and how a typed word is matched against one (an exact spelling or a
unique prefix): decks, jail ways, tax kinds and choices, end reasons and the other
fixed words. Held in one place so the parser, the dialogs' forms and the command line's completion read the
same synonyms, once."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TypeVar

from banker.commands.kinds import CommandError, QueryKind
from rules.actions import EndReason, JailWay, TaxKind
from rules.board import Board, Deed, Group, SquareKind
from rules.i18n import _
from rules.names import name_key, shown
from rules.words import Deck, RentShare, TaxChoice

DECKS = {
    "chance": Deck.CHANCE,
    "ch": Deck.CHANCE,
    "chest": Deck.CHEST,
    "cc": Deck.CHEST,
    "community": Deck.CHEST,
    "community-chest": Deck.CHEST,
    "communitychest": Deck.CHEST,
}
JAIL_HOW = {
    "fine": JailWay.FINE,
    "pay": JailWay.FINE,
    "card": JailWay.CARD,
    "doubles": JailWay.DOUBLES,
    "double": JailWay.DOUBLES,
    "miss": JailWay.MISS,
    "fail": JailWay.MISS,
    "failed": JailWay.MISS,
    "send": JailWay.SEND,
    "go": JailWay.SEND,
}
TAX_KINDS = {"income": TaxKind.INCOME, "luxury": TaxKind.LUXURY, "super": TaxKind.LUXURY, "supertax": TaxKind.LUXURY}
TAX_CHOICES = {
    "flat": TaxChoice.FLAT,
    "10%": TaxChoice.PERCENT,
    "10": TaxChoice.PERCENT,
    "percent": TaxChoice.PERCENT,
    "10percent": TaxChoice.PERCENT,
}
"""The Income Tax choices in words; the flat choice is also typed as the board's own figure (:func:`tax_choices`)."""
EVERYONE = {"each": "each", "all": "each", "everyone": "each", "everybody": "each"}
BANK = {"bank": "bank"}
SHOW_WHAT = {
    "rent": QueryKind.RENT,
    "deed": QueryKind.DEED,
    "count": QueryKind.COUNT,
    "worth": QueryKind.WORTH,
    "tax": QueryKind.TAX,
    "raise": QueryKind.RAISE,
    "scores": QueryKind.SCORES,
    "standings": QueryKind.SCORES,
    "deals": QueryKind.DEALS,
}
END_REASONS = {"time": EndReason.TIME, "agreement": EndReason.AGREEMENT, "agreed": EndReason.AGREEMENT}
EXACT = {"exact": "exact", "exactly": "exact", "landed": "exact"}
"""The closed word lists of the language: every spelling -> the word it means (the engine's enum where there is
one: the synonyms are read here, once, and the engine takes only the canonical words). Each takes a unique prefix
the way names do (:func:`closed_word`), so a completion the command line offers is always a word the parser reads."""
RENT_SHARES = {"no": RentShare.NONE, "none": RentShare.NONE, "free": RentShare.NONE, "half": RentShare.HALF}
"""``side ann no rent orange ...``: the rent a side deal lets the owner ask (rules.words.RentShare)."""
POSITION_SUBJECTS = {"pot": "pot", "turn": "turn"}
"""``position pot <amount>``, ``position turn <player>``: the position lines about no one player."""
POSITION_WHAT = {
    "cash": "cash",
    "money": "cash",
    "owns": "owns",
    "holds": "owns",
    "jail": "jail",
    "in": "in",
}
"""What a ``position <player> ...`` line says of the player: their cash, a deed they hold, a jail card (``jail card
chance``), that they are in jail (``in jail 2``)."""
LOT_WORDS = {
    "house": "houses",
    "houses": "houses",
    "hotel": "hotel",
    "mortgaged": "mortgaged",
    "mortgage": "mortgaged",
    "unimproved": "unimproved",
}
"""What stands on a deed taken over from the board (``owns boardwalk 2 houses``, ``... hotel``, ``... mortgaged``,
``... unimproved``: the word the set-up screen's summary uses for a lot with nothing on it, as a banker reads it back
there; a game-night review found it refused)."""
SHORTAGE_KINDS = {"house": False, "houses": False, "hotel": True, "hotels": True}
"""The building a shortage auction sold (seed 000, BUILDING SHORTAGE: "the houses or hotels"): True for hotels."""

FIGURE_WORDS: dict[str, str] = {TaxChoice.FLAT: "income_tax"}
"""Closed words that stand for one of the edition's figures, by the figure (a :class:`rules.board.Board` field): the
flat Income Tax is typed and journalled as the board prints it (``tax ann income 200`` on the US board, ``4000`` on
the Deutsche Mark one), though the journal's JSON keeps the one word ``200`` for it on every board."""


def tax_choices(board: Board) -> dict[str, TaxChoice]:
    """The Income Tax choices as typed on ``board``: the words, and its flat figure in digits for the flat one
    (``200``, ``4000``; its figure wins over ``10`` for the 10%, should a board print a flat 10)."""
    return {**TAX_CHOICES, figure_word(TaxChoice.FLAT, board): TaxChoice.FLAT}


def figure_word(word: str, board: Board | None) -> str:
    """``word`` as a line writes it on ``board``: a word standing for one of its figures (:data:`FIGURE_WORDS`) as
    that figure in digits, any other word as it is (and every word as it is without a board)."""
    figure = FIGURE_WORDS.get(word) if board is not None and isinstance(word, StrEnum) else None
    return str(getattr(board, figure)) if figure is not None else word


def luxury_word(board: Board) -> str:
    """The word the tax dialog and the phones offer for the Luxury Tax square: the first word of its printed name
    where the language reads it (``super`` for the UK board's Super Tax), else ``luxury`` (the German board's
    Zusatzsteuer is no word of the language)."""
    word = board.square_name(SquareKind.LUXURY_TAX).split()[0].casefold()
    return word if TAX_KINDS.get(word) is TaxKind.LUXURY else "luxury"


_Word = TypeVar("_Word", bound=str)


def or_list(items: list[str]) -> str:
    """ "a", "a or b", "a, b or c", in the language answering here."""
    if len(items) == 1:
        return items[0]
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def closed_word(
    word: str, spellings: Mapping[str, _Word], *, prefixes: bool = True, also: tuple[str, ...] = ()
) -> _Word | None:
    """The word of a closed list that ``word`` means: an exact spelling, else a unique prefix of the spellings
    (when ``prefixes``). None if nothing matches; a :class:`CommandError` naming the choices if several do.
    ``also`` names further meanings the same prefix has in this place (players), so "b" is ambiguous between
    bank and Bob rather than silently bank."""
    w = word.casefold()
    if w in spellings:
        return spellings[w]
    if not prefixes or not w:
        return None
    # Figures never take a prefix: "20" is not an abbreviation of 200, and a mistyped amount must not pass.
    found = sorted(
        {
            meant
            for spelling, meant in spellings.items()
            if spelling.startswith(w) and not any(ch.isdigit() for ch in spelling)
        }
    )
    if len(found) + len(also) > 1 and found:
        raise CommandError(
            _('"{word}" could be {choices}').format(word=shown(word), choices=or_list(found + list(also)))
        )
    return found[0] if found else None


def group_marked(board: Board, text: str) -> Group | None:
    """The colour group whose mark ``text`` is (``db``, ``RR``: the letters shown beside every colour), or None.
    Only where a deed's name was tried first (a build's or a sale's lot): ``or`` begins Oriental Avenue, and a
    deed's name wins."""
    wanted = text.strip().casefold()
    return next((g for g in board.groups.values() if g.mark and g.mark.casefold() == wanted), None)


_SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"})


def spelling_keys(word: str) -> set[str]:
    """The keys a word of the banker's language is matched by (:func:`rules.names.name_key`): as written, and with
    its umlauts and ß spelled out as a keyboard without them types them (``gefaengnis``, ``rueckgaengig``), as an
    edition's street names take both (``schlossallee``)."""
    return {name_key(word), name_key(word.translate(_SPELLED_OUT))}


def group_named(board: Board, text: str) -> Group | None:
    """The colour group ``text`` names in full: by the edition's title or key (:meth:`Board.group_named`), or by its
    title in the banker's language as the screens show it (``lila`` on a German board, ``bleu foncé``), in either
    spelling of :func:`spelling_keys`. None if no group is named; refused naming them where several titles are (issue
    36: ``baue anna lila 3`` was refused, ``purple`` alone worked)."""
    group = board.group_named(text)
    if group is not None:
        return group
    key = name_key(text)
    found = [g for g in board.groups.values() if key in spelling_keys(_(g.title))]
    if len(found) > 1:
        said = _('"{name}" could be the {groups} group').format(
            name=shown(text), groups=or_list([_(g.title) for g in found])
        )
        raise CommandError(said)
    return found[0] if found else None


def group_begun(board: Board, text: str) -> Group | None:
    """The one colour group of streets whose title (printed, or in the banker's language as the screens show it)
    ``text`` begins (``dark b`` is the dark blue group), or else one of whose words a single word typed begins
    (``blue``). None where no group does; refused naming them where several do (``blue``: the Light Blue or Dark
    Blue group). Only where no deed's name was found in ``text`` and none could be meant (a build's or a sale's lot):
    a deed's name, even a shortened one, wins, and ``b``, which begins several deeds, stays a question for the
    banker (a game night's review: ``build cy dark b`` was refused as "no deed called" while Tab completed it to the
    group, and ``build ann blue`` asked "did you mean Baltic Avenue?")."""
    key = name_key(text)
    if not key:
        return None
    streets = [g for g in board.groups.values() if all(board.deeds[d].is_street for d in g.deeds)]
    titles = {g.key: (g.title, _(g.title)) for g in streets}
    found = [
        g
        for g in streets
        if any(k.startswith(key) for title in titles[g.key] for k in {name_key(title), *spelling_keys(title)})
    ]
    if not found and len(text.split()) == 1:
        found = [
            g
            for g in streets
            if any(name_key(word).startswith(key) for title in titles[g.key] for word in title.split())
        ]
    if len(found) > 1:
        said = _('"{name}" could be the {groups} group').format(
            name=shown(text), groups=or_list([_(g.title) for g in found])
        )
        raise CommandError(said)
    return found[0] if found else None


def mark_clash(board: Board, text: str, deed: Deed) -> None:
    """Refuse a lot typed as a group's mark that only begins ``deed``'s name (``or``: the Orange group's mark, as the
    deeds panel shows it beside the colour, and the start of Oriental Avenue), saying both. A guess either way would
    build on a lot the banker did not mean (a game-night review: `build bob or 3` built on Oriental Avenue, read for
    the Orange group). A deed's whole name or alias, and a mark that begins no deed (``db``), are never asked about."""
    group = group_marked(board, text)
    if group is None or name_key(text) in {name_key(n) for n in (deed.name, *deed.aliases)}:
        return
    said = _('"{text}" could be {deed} or the {group} group')
    raise CommandError(said.format(text=shown(text), deed=deed.name, group=_(group.title)))


def lot_group(board: Board, text: str, ambiguous: bool) -> Group | None:
    """The colour group a build's or a sale's lot names, once no deed's name was found in ``text``: by its name
    (:func:`group_named`), its mark (:func:`group_marked`) or, where no deed could be meant (``ambiguous``: the text
    begins several deeds' names), the start of its name (:func:`group_begun`). The command's reading and the Build
    and Sell dialogs' owner (who builds on the group) ask this one question."""
    group = group_named(board, text) or group_marked(board, text)
    if group is None and not ambiguous:
        group = group_begun(board, text)
    return group
