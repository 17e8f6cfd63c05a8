"""Player names: which names a table can use, and the key every typed name is matched by.

A name is matched by its key (:func:`name_key`): Unicode compatibility forms folded (NFKC: a full-width "Ａnn" is
"Ann"), case folded, accents removed and punctuation ignored, so "jose" finds "José" and "jo-ann" finds "JoAnn".
Setup therefore refuses what could never be addressed: a name without a key, two names with one key, a name that
is a word of the command language (docs/rulings.md, "Player names"). Names are stored as typed; only matching
uses the key, and an exact spelling always finds its player, so games recorded before the key changed replay.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from rules.errors import RuleError
from rules.i18n import N_, _
from rules.options import WORDS

SETUP_RULE = N_("setup")
COMMANDS = N_("commands")
MAX_NAME = 20
"""Characters in a player name (after composing accents, NFC)."""
NAME_PUNCTUATION = frozenset("-'\u2019")
"""Besides letters, digits and accents, a name may hold hyphens and apostrophes (straight or curly)."""

RESERVED_WORDS = (
    "all",
    "and",
    "bank",
    "each",
    "everybody",
    "everyone",
    "from",
    "get",
    "gets",
    "give",
    "gives",
    "lift",
    "nothing",
    "parking",
    "pot",
    "random",
    "to",
    # the options of a `new` line, which would be read as options, not names (rules/options.py)
    "edition",
    "cards",  # the deck a game is played with (`cards 2008`)
    *WORDS,
)
"""Words of the command language that can stand where a player's name stands (``pay ann 50 to each``, ``deal
random``, ``bankrupt ann to bank``, ``trade ann bob give ... get ...``, the options of ``new``)."""

_ASCII_KEY = re.compile(r"[^0-9a-z]")


@functools.lru_cache(maxsize=4096)
def name_key(text: str) -> str:
    """The key names are compared by: NFKC, case folded, accents (combining marks) removed, and only letters,
    digits and the marks that are part of a letter in some scripts (Devanagari vowel signs) kept. For plain ASCII
    this is the lower-cased letters and digits, as it always was."""
    if text.isascii():
        return _ASCII_KEY.sub("", text.lower())
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    composed = unicodedata.normalize("NFKC", bare).casefold()
    return "".join(c for c in composed if c.isalnum() or unicodedata.category(c)[0] == "M")


_RESERVED_KEYS = {name_key(w): w for w in RESERVED_WORDS}


def escape_controls(text: str, keep: str = "") -> str:
    r"""``text`` with control characters, lone surrogates and bidirectional overrides written out (``\x1b``,
    ``\u202e``; a byte that was not UTF-8, kept as a lone surrogate, as ``\xe9``), except those in ``keep``."""
    if text.isprintable():
        return text
    out = []
    for c in text:
        if c in keep or not _is_control(c):
            out.append(c)
            continue
        code = ord(c)
        if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape): show the byte
            out.append(f"\\x{code - 0xDC00:02x}")
        elif code <= 0xFF:
            out.append(f"\\x{code:02x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out)


def shown(text: str, limit: int = 24) -> str:
    """``text`` for a message: control characters escaped (:func:`escape_controls`) and cut to ``limit``
    characters with an ellipsis, so a refusal never carries an escape sequence or a page of text."""
    escaped = escape_controls(text)
    return escaped if len(escaped) <= limit else escaped[: limit - 1] + "…"


_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _is_control(c: str) -> bool:
    """Control characters (C0, DEL, C1), lone surrogates, line and paragraph separators and the bidirectional
    overrides, which can rewrite what a terminal shows."""
    cat = unicodedata.category(c)
    return cat in ("Cc", "Cs", "Zl", "Zp") or c in _BIDI


def control_at(text: str, keep: str = "\t\n\r") -> int:
    """Where the first control character of ``text`` is (:func:`_is_control`: C0, DEL, C1, a lone surrogate, a line
    or paragraph separator, a bidirectional mark or override), those in ``keep`` excepted; -1 when there is none."""
    if text.isprintable():
        return -1
    return next((i for i, c in enumerate(text) if c not in keep and _is_control(c)), -1)


_JOINERS = frozenset("\u200c\u200d")
"""Zero-width non-joiner and joiner: invisible, but part of how some scripts (Persian, the Indic ones) and emoji
are written."""


def unprintable(text: str) -> str | None:
    """The first character of ``text`` that a name or a title may not hold: a control or format character (the
    bidirectional marks and overrides among them, which can rewrite how a line reads), a line break, a private or
    unassigned code point; None when it has none. Spaces of any width and the two joiners are printable here."""
    if text.isprintable():
        return None
    for c in text:
        category = unicodedata.category(c)
        if c not in _JOINERS and category != "Zs" and (category[0] == "C" or category in ("Zl", "Zp")):
            return c
    return None


THE_LINE = N_("the line")


def check_text(text: str, what: str = THE_LINE) -> str:
    """Refuse text that holds a lone surrogate (bytes that were not UTF-8) or a control character (tab and line
    breaks, which separate words like spaces, excepted) before anything reads it; returns ``text``. ``what``: the
    text's name in a refusal, marked for the catalogue (``N_``)."""
    for i, c in enumerate(text, start=1):
        if c in "\t\n\r" or not _is_control(c):
            continue
        code = ord(c)
        if 0xD800 <= code <= 0xDFFF:
            if 0xDC80 <= code <= 0xDCFF:
                said = _(
                    "{what} is not UTF-8 text (byte {byte}) at character {at}; save the file or set the terminal to "
                    "UTF-8 and type it again"
                )
            else:
                said = _(
                    "{what} is not UTF-8 text at character {at}; save the file or set the terminal to UTF-8 and type "
                    "it again"
                )
            raise RuleError(COMMANDS, said.format(what=_(what), byte=f"\\x{code - 0xDC00:02x}", at=i))
        said = _("{what} holds a control character ({character}) at character {at}; commands are plain text")
        raise RuleError(COMMANDS, said.format(what=_(what), character=shown(c), at=i))
    return text


def check_name(name: str) -> str:
    """One name a banker can type and the table can tell apart: 1 to 20 letters or digits (accents and the
    marks of any script allowed, hyphens and apostrophes inside), starting with a letter or digit, with a key,
    and not a word of the command language. Returns the name."""
    composed = unicodedata.normalize("NFC", name)
    show = shown(name)
    if not composed:
        raise RuleError(SETUP_RULE, _("a player name is empty"))
    if len(composed) > MAX_NAME:
        said = _(
            '"{name}" ({length} characters) is too long for a player name: one word of up to {most} letters or digits'
        )
        raise RuleError(SETUP_RULE, said.format(name=show, length=f"{len(composed):,}", most=MAX_NAME))
    first = composed[0]
    bad = next(
        (c for c in composed if not (c.isalnum() or unicodedata.category(c)[0] == "M" or c in NAME_PUNCTUATION)), None
    )
    if bad is not None or not first.isalnum():
        if bad is not None:
            said = _(
                '"{name}" is not a usable player name (it holds "{character}"): one word of up to {most} letters '
                "or digits, with - or ' inside"
            )
        else:
            said = _(
                '"{name}" is not a usable player name (it does not start with a letter or digit): one word of up to '
                "{most} letters or digits, with - or ' inside"
            )
        raise RuleError(SETUP_RULE, said.format(name=show, character=shown(bad) if bad else "", most=MAX_NAME))
    key = name_key(name)
    if not key:
        said = _('"{name}" has no letters or digits a banker could type to name the player')
        raise RuleError(SETUP_RULE, said.format(name=show))
    word = _RESERVED_KEYS.get(key)
    if word is not None:
        if name.casefold() == word:
            said = _(
                '"{name}" is a command word (as in "pay ann 50 to each", "deal random", "bankrupt ann to bank"), so a '
                "command could not name that player; pick another player name"
            )
        else:
            said = _(
                '"{name}" reads as "{word}", a command word (as in "pay ann 50 to each", "deal random", "bankrupt ann '
                'to bank"), so a command could not name that player; pick another player name'
            )
        raise RuleError(SETUP_RULE, said.format(name=show, word=word))
    return name


def check_names(names: list[str] | tuple[str, ...]) -> list[str]:
    """Check every name (:func:`check_name`) and that no two share a key, so each player can be named alone."""
    out = [check_name(n.strip()) for n in names]
    seen: dict[str, str] = {}
    for n in out:
        key = name_key(n)
        if key in seen:
            if seen[key] == n or seen[key].casefold() == n.casefold():
                raise RuleError(
                    SETUP_RULE, _('two players are called "{name}"; names must differ').format(name=shown(n))
                )
            said = _(
                '"{first}" and "{second}" differ only in case, accents or punctuation, so no typed command could tell '
                "them apart; make the names differ in a letter"
            )
            raise RuleError(SETUP_RULE, said.format(first=shown(seen[key]), second=shown(n)))
        seen[key] = n
    return out
