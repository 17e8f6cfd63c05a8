"""The banker's command language: one line typed at the table -> one action, query or control, and back.

A package of small modules named for what they hold; this module re-exports every name the app, the tests, the
benches and the docs import from ``banker.commands``, so callers never name the module a thing lives in."""

from banker.commands.amounts import MAX_AMOUNT, parse_amount
from banker.commands.forms import Form, Missing, Refused
from banker.commands.kinds import RULE, Command, CommandError, Control, NewGame, Query
from banker.commands.lines import MAX_LINE, check_line, strip_comment
from banker.commands.new_games import parse_new, parse_new_words
from banker.commands.reading import parse, random_seed
from banker.commands.words import (
    BANK,
    DECKS,
    END_REASONS,
    EVERYONE,
    EXACT,
    JAIL_HOW,
    SHAPES,
    SHORTAGE_KINDS,
    SHOW_WHAT,
    TAX_CHOICES,
    TAX_KINDS,
    VERB_ALIASES,
    closed_word,
    or_list,
)
from banker.commands.writing import _WRITERS, format

__all__ = [
    "_WRITERS",
    "BANK",
    "DECKS",
    "END_REASONS",
    "EVERYONE",
    "EXACT",
    "JAIL_HOW",
    "MAX_AMOUNT",
    "MAX_LINE",
    "RULE",
    "SHAPES",
    "SHORTAGE_KINDS",
    "SHOW_WHAT",
    "TAX_CHOICES",
    "TAX_KINDS",
    "VERB_ALIASES",
    "Command",
    "CommandError",
    "Control",
    "Form",
    "Missing",
    "NewGame",
    "Query",
    "Refused",
    "check_line",
    "closed_word",
    "format",
    "or_list",
    "parse",
    "parse_amount",
    "parse_new",
    "parse_new_words",
    "random_seed",
    "strip_comment",
]
