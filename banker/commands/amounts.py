"""Reading an amount of money typed as words (``$1,500``, ``£200``, ``150``): one reader, with one ceiling
(:data:`rules.words.MAX_AMOUNT`), for every verb, form and new-game option that takes a figure. The sign and the
thousands separator are the game's edition's (:class:`rules.board.Board`); without a game, any edition's sign."""

from __future__ import annotations

import re

from banker.commands.kinds import CommandError
from rules.board import Board
from rules.editions import all_editions, find_edition
from rules.names import shown
from rules.words import MAX_AMOUNT as MAX_AMOUNT  # the one ceiling, re-exported for the language's readers


def _signs(board: Board | None) -> tuple[tuple[str, bool], ...]:
    """The signs to read, each with whether it may follow the figure (as the edition writes it: ``1.500€``)."""
    boards = (board,) if board is not None else all_editions()
    return tuple(sorted({(b.currency, b.currency_after) for b in boards}, key=lambda s: len(s[0]), reverse=True))


def strip_sign(word: str, board: Board | None = None) -> str:
    """``word`` without the currency sign before it, or after it where the edition writes it there (the game's
    edition's sign, or any edition's without a game)."""
    for sign, after in _signs(board):
        if word.startswith(sign):
            return word[len(sign) :]
        if after and word.endswith(sign):
            return word[: -len(sign)].rstrip()  # `12 €`, spaced as the edition prints it, or `12€`
    return word


def has_sign(word: str, board: Board | None = None) -> bool:
    """Does ``word`` begin with the currency sign (so that it is money, not a name)?"""
    return any(word.startswith(sign) for sign, _ in _signs(board))


def parse_amount(word: str, what: str = "amount", *, zero: bool = False, board: Board | None = None) -> int:
    """Whole units of the edition's money with an optional sign (before or after) and the edition's thousands
    separator; refuses negative, fractional, zero (unless ``zero``) and absurd (over 1,000,000) amounts."""
    money = (board or find_edition("us")).money
    sep = board.thousands if board is not None else ","
    grouped = rf"\d{{1,3}}({re.escape(sep)}\d{{3}})+|" if sep.strip() else ""
    amount = re.compile(rf"^({grouped}\d+)$")
    w = word.strip()
    body, negative = strip_sign(w, board), w.startswith("-")
    if negative:
        body = strip_sign(w[1:], board)
    elif body.startswith("-"):
        body, negative = body[1:], True
    if negative and body.isascii() and amount.match(body):
        # a minus before an amount ("-5", "$-5", "-$5"); "-l100" is no amount at all, and is said so below
        raise CommandError(f'the {what} cannot be negative ("{shown(word)}")')
    digits = strip_sign(w, board)
    if not digits.isascii() or not amount.match(digits):
        unit = f"whole {board.currency_name}" if board is not None and board.currency_name else "a whole number"
        raise CommandError(f'"{shown(word)}" is not an amount in {unit} (for example {money(150)})')
    digits = digits.replace(sep, "") if sep.strip() else digits
    if len(digits) > 12:
        raise CommandError(f"the {what} {shown(word)} is absurd; amounts go up to {money(MAX_AMOUNT)}")
    n = int(digits)
    if n > MAX_AMOUNT:
        raise CommandError(f"the {what} {money(n)} is absurd; amounts go up to {money(MAX_AMOUNT)}")
    if n == 0 and not zero:
        raise CommandError(f"the {what} must be more than {money(0)}")
    return n
