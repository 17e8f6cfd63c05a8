"""Reading an amount of money typed as words (``$1,500``, ``£200``, ``150``): one reader, with one ceiling
(:data:`rules.money.MAX_AMOUNT`), for every verb, form and new-game option that takes a figure."""

from __future__ import annotations

import re

from banker.commands.kinds import CommandError
from rules.money import MAX_AMOUNT as MAX_AMOUNT  # the one ceiling, re-exported for the language's readers
from rules.names import shown

_AMOUNT = re.compile(r"^[$£]?(\d{1,3}(,\d{3})+|\d+)$")


def parse_amount(word: str, what: str = "amount", *, zero: bool = False, currency: str = "$") -> int:
    """Whole dollars (or pounds) with an optional ``$``/``£`` and thousands commas; refuses negative, fractional,
    zero (unless ``zero``) and absurd (over $1,000,000) amounts."""
    w = word.strip()
    unsigned = w.replace("-", "", 1)
    if w.startswith(("-", "$-", "£-")) and unsigned.lstrip("$£").isascii() and _AMOUNT.match(unsigned):
        # a minus before an amount ("-5", "$-5", "-$5"); "-l100" is no amount at all, and is said so below
        raise CommandError(f'the {what} cannot be negative ("{shown(word)}")')
    if not w.lstrip("$£").isascii() or not _AMOUNT.match(w):
        raise CommandError(
            f'"{shown(word)}" is not an amount in whole {"pounds" if currency == "£" else "dollars"} '
            f"(for example {currency}150)"
        )
    digits = w.lstrip("$£").replace(",", "")
    if len(digits) > 12:
        raise CommandError(f"the {what} {word} is absurd; amounts go up to {currency}{MAX_AMOUNT:,}")
    n = int(digits)
    if n > MAX_AMOUNT:
        raise CommandError(f"the {what} {currency}{n:,} is absurd; amounts go up to {currency}{MAX_AMOUNT:,}")
    if n == 0 and not zero:
        raise CommandError(f"the {what} must be more than {currency}0")
    return n
