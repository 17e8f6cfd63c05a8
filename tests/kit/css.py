"""One parse of each stylesheet for the whole test run.

Textual parses an app's CSS (its own, every widget's ``DEFAULT_CSS``, Banker's ``.tcss`` files) into rule sets and
keeps them only in that app's stylesheet, which it makes again whenever the theme's variables change. A pilot test
makes an app of its own, so the same few dozen sources were tokenized and parsed over again in every test: about a
fifteenth of a dialog test's time (issue 33). :func:`parsed_once` keeps the parsed rules for the whole process,
keyed by everything the parse reads: the text, where it was read from, whether it is a widget's default CSS, the tie
breaker, the scope and the variables it was parsed with. The rule sets are read, never changed, once parsed (Textual
already hands the same ones to each parse of one stylesheet), so sharing them between apps changes nothing a test
can see; an app outside the tests parses as before.
"""

from __future__ import annotations

from typing import Any

from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

_parsed: dict[tuple[Any, ...], list[RuleSet]] = {}
_original = Stylesheet._parse_rules
_KEPT = "_kit_variables_key"
"""Where a stylesheet keeps its variables as a key, beside the dictionary they were made from: on the stylesheet,
so both go with it (a run makes thousands of stylesheets, each given its own dictionary)."""


def _variables_key(stylesheet: Stylesheet) -> tuple[tuple[str, str], ...]:
    """The stylesheet's variables as a key, made once for each dictionary of them it is given."""
    variables = stylesheet._variables
    kept = stylesheet.__dict__.get(_KEPT)
    if kept is None or kept[0] is not variables:
        kept = (variables, tuple(sorted(variables.items())))
        stylesheet.__dict__[_KEPT] = kept
    return kept[1]


def parsed_once(
    self: Stylesheet,
    css: str,
    read_from: Any,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    """In the place of ``Stylesheet._parse_rules`` (same signature): the rules parsed before, or parsed now."""
    key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_key(self))
    rules = _parsed.get(key)
    if rules is None:
        rules = _original(self, css, read_from, is_default_rules, tie_breaker, scope)
        _parsed[key] = rules
    return rules


__all__ = ["parsed_once"]
