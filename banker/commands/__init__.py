"""The banker's command language: one line typed at the table -> one action, query or control, and back.

A package of small modules named for what they hold; this module re-exports every name the app, the tests, the
benches and the docs import from ``banker.commands``, so callers never name the module a thing lives in."""

from banker.commands.amounts import MAX_AMOUNT, parse_amount, strip_sign
from banker.commands.forms import Form, Missing, Refused
from banker.commands.kinds import RULE, Command, CommandError, Control, ControlKind, NewGame, Query, QueryKind
from banker.commands.lines import MAX_LINE, check_line, strip_comment
from banker.commands.new_games import parse_new, parse_new_words
from banker.commands.reading import random_seed
from banker.commands.verbs import VERB, VERB_ALIASES, VERB_NAMES, VERBS, Verb, format, parse, verb_named
from banker.commands.words import (
    BANK,
    DECKS,
    END_REASONS,
    EVERYONE,
    EXACT,
    JAIL_HOW,
    LOT_WORDS,
    POSITION_SUBJECTS,
    POSITION_WHAT,
    RENT_SHARES,
    SHORTAGE_KINDS,
    SHOW_WHAT,
    TAX_CHOICES,
    TAX_KINDS,
    closed_word,
    luxury_word,
    or_list,
    tax_choices,
)

__all__ = [
    "BANK",
    "DECKS",
    "END_REASONS",
    "EVERYONE",
    "EXACT",
    "JAIL_HOW",
    "LOT_WORDS",
    "POSITION_SUBJECTS",
    "POSITION_WHAT",
    "RENT_SHARES",
    "MAX_AMOUNT",
    "MAX_LINE",
    "RULE",
    "SHORTAGE_KINDS",
    "SHOW_WHAT",
    "TAX_CHOICES",
    "TAX_KINDS",
    "VERB",
    "VERBS",
    "VERB_ALIASES",
    "VERB_NAMES",
    "Verb",
    "Command",
    "CommandError",
    "Control",
    "ControlKind",
    "Form",
    "Missing",
    "NewGame",
    "Query",
    "QueryKind",
    "Refused",
    "check_line",
    "closed_word",
    "format",
    "luxury_word",
    "or_list",
    "parse",
    "parse_amount",
    "parse_new",
    "parse_new_words",
    "random_seed",
    "strip_comment",
    "strip_sign",
    "tax_choices",
    "verb_named",
]
