"""Reading an amount of money typed as words (``$1,500``, ``£200``, ``150``): one reader, with one ceiling
(:data:`rules.words.MAX_AMOUNT`), for every verb, form and new-game option that takes a figure. The sign and the
thousands separator are the game's edition's (:class:`rules.board.Board`); without a game, any edition's sign."""

from __future__ import annotations

import re

from banker.commands.kinds import CommandError
from rules.board import Board
from rules.editions import all_editions, find_edition
from rules.i18n import N_, _
from rules.names import shown
from rules.words import MAX_AMOUNT as MAX_AMOUNT  # the one ceiling, re-exported for the language's readers

AMOUNT = N_("amount")
"""What an amount is called in a refusal where nothing more particular names it ("the amount cannot be ...")."""
BID = N_("bid")
"""An auction's bid, as the bid fields name it in a refusal ("the bid must be more than $0")."""
WINNING_BID, PRICE, CASH, POT, CORRECTION = N_("winning bid"), N_("price"), N_("cash"), N_("pot"), N_("correction")
"""The other amounts the language names in its refusals: an auction's, a shortage auction's, a player's and the Free
Parking pot's taken over from the board, a correction's."""


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


def parse_amount(word: str, what: str = AMOUNT, *, zero: bool = False, board: Board | None = None) -> int:
    """Whole units of the edition's money with an optional sign (before or after) and the edition's thousands
    separator; refuses negative, fractional, zero (unless ``zero``) and absurd (over 1,000,000) amounts. ``what``:
    the amount's name in a refusal (``N_``-marked where it is written: "winning bid"), translated here."""
    name = _(what)
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
        raise CommandError(_('the {what} cannot be negative ("{word}")').format(what=name, word=shown(word)))
    digits = strip_sign(w, board)
    if not digits.isascii() or not amount.match(digits):
        if board is not None and board.currency_name:
            raise CommandError(
                _('"{word}" is not an amount in whole {currency} (for example {example})').format(
                    word=shown(word), currency=_(board.currency_name), example=money(150)
                )
            )
        raise CommandError(
            _('"{word}" is not an amount in a whole number (for example {example})').format(
                word=shown(word), example=money(150)
            )
        )
    digits = digits.replace(sep, "") if sep.strip() else digits
    n = int(digits) if len(digits) <= 12 else None
    if n is None or n > MAX_AMOUNT:
        raise CommandError(
            _("the {what} {amount} is absurd; amounts go up to {most}").format(
                what=name, amount=shown(word) if n is None else money(n), most=money(MAX_AMOUNT)
            )
        )
    if n == 0 and not zero:
        raise CommandError(_("the {what} must be more than {zero}").format(what=name, zero=money(0)))
    return n
