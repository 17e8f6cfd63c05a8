"""The five rule systems as data (``rules/data/variants/*.toml``), looked up by name or alias.

Each variant is a handful of settings; the engine asks the variant instead of testing its name or its settings, so
a rule that differs between rule books is decided in exactly one place (python-chess's ``variant.py`` idea: ask
``ends_at_bankruptcy(n)``, ``may_end_by_time``, ``income_tax_choices``, ``leaves_jail_next_turn``). A variant file is
validated on load, as the board is: a key it does not know, a wrong type, an unknown value or a missing field is
refused with the file and the key named (:class:`VariantDataError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from rules.board import Board, normalise
from rules.data import HERE, parsed
from rules.errors import RuleError
from rules.i18n import N_, _
from rules.names import shown
from rules.words import TaxChoice


class IncomeTax(Enum):
    """How the Income Tax square is charged."""

    CHOICE = "choice"
    """$200 or 10% of total worth, chosen before adding up (seed 000, "INCOME TAX")."""
    FLAT = "flat"
    """A flat $200 (seed 003, SHORT GAME rule 4)."""
    DARROW = "darrow"
    """10% of cash + mortgage values of all deeds + cost of buildings, no $200 option (seed 001, INCOME TAX)."""


class JailRule(Enum):
    THREE_TURNS = "three_turns"
    """Up to three turns; fine before rolling, and due after the third failed roll (seed 000, JAIL)."""
    NEXT_TURN = "next_turn"
    """Must leave on the next turn; may roll for doubles, then pay in the same turn (seed 003, SHORT GAME rule 3)."""


class EndRule(Enum):
    LAST_STANDING = "last_standing"
    """The last player left wins (seed 000, BANKRUPTCY)."""
    SECOND_BANKRUPTCY = "second_bankruptcy"
    """Ends at the second bankruptcy: play ceases and the bankrupt hands everything, buildings included, to the
    creditor, who owes no interest on mortgaged deeds (seed 000, SHORT GAME rule 3)."""
    FIRST_BANKRUPTCY = "first_bankruptcy"
    """Ends at the first bankruptcy (seed 003, SHORT GAME rule 5)."""
    TIME_LIMIT = "time_limit"
    """Ends at the agreed time; the richest player wins (seed 002, TIME LIMIT GAME)."""
    AGREEMENT = "agreement"
    """No formal end: the table agrees to stop (seed 001)."""


VALUATION_RULE = "seed 000, RULES for a SHORT GAME, rule 3 (valuation)"
"""The valuation's rule in most variants (also seed 002's Time Limit Game: "the richest player"); a variant may
cite its own book's (``valuation_rule`` in its file: the 1990s short game, seed 003 rule 5)."""


@dataclass(frozen=True)
class Variant:
    """One rule system (``rules/data/variants/<key>.toml``): what the engine asks instead of testing the variant's
    name."""

    key: str
    title: str
    """The rule system's name in the language of the messages (the file's words, translated where shown:
    ``_(variant.title)``; ``banker.language.DOMAINS`` names it for the catalogue)."""
    summary: str
    """One line for the new-game screen, as the file writes it: an amount is a figure of the edition's board in
    braces (``flat {income_tax} tax``), shown in the edition's money and the reader's language by
    :meth:`summary_on`."""
    seeds: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    houses_before_hotel: int
    deal_count: int
    deal_paid: bool
    buy_at_price: bool
    income_tax: IncomeTax
    jail: JailRule
    end: EndRule
    transfer_free_of_mortgage: bool
    luxury_tax: int
    """0 means the edition's figure."""
    valuation_rule: str = VALUATION_RULE
    """The rule book's rule the final standings value players by (the 1990s short game has its own, seed 003)."""

    @property
    def hotel_level(self) -> int:
        """The building level a hotel stands for: one more than the houses needed before it."""
        return self.houses_before_hotel + 1

    # What the engine and the app ask of a variant -------------------------------------------------------------
    @property
    def bankruptcies_to_end(self) -> int | None:
        """The bankruptcy that ends the game, counted from the first (1 or 2), or None when bankruptcies end it only
        by leaving one player standing (seed 000, SHORT GAME rule 3; seed 003, SHORT GAME rule 5)."""
        return {EndRule.FIRST_BANKRUPTCY: 1, EndRule.SECOND_BANKRUPTCY: 2}.get(self.end)

    def ends_at_bankruptcy(self, n: int) -> bool:
        """Does the ``n``-th bankruptcy of the game (1-based) end it, whoever is left?"""
        limit = self.bankruptcies_to_end
        return limit is not None and n >= limit

    def play_ceases_at_bankruptcy(self, n: int) -> bool:
        """Does play cease at the ``n``-th bankruptcy, the bankrupt handing everything over as it stands, buildings
        included, with no sale and no interest (seed 000, SHORT GAME rule 3: "Play immediately ceases")?"""
        return self.end is EndRule.SECOND_BANKRUPTCY and self.ends_at_bankruptcy(n)

    @property
    def may_end_by_time(self) -> bool:
        """The game ends at an agreed time, so it needs one and may be ended with ``end time`` (seed 002)."""
        return self.end is EndRule.TIME_LIMIT

    @property
    def leaves_jail_next_turn(self) -> bool:
        """A jailed player must leave on their next turn, rolling once and paying on a miss (seed 003, SHORT GAME
        rule 3), instead of having up to three turns (seed 000, JAIL)."""
        return self.jail is JailRule.NEXT_TURN

    @property
    def income_tax_choices(self) -> tuple[TaxChoice, ...]:
        """The Income Tax options a player has, as the ``tax`` action names them: $200 or 10%
        (``(TaxChoice.FLAT, TaxChoice.PERCENT)``), chosen before adding up (seed 000, "INCOME TAX"); the flat amount
        only (seed 003, SHORT GAME rule 4); 10% only (seed 001)."""
        return {
            IncomeTax.CHOICE: (TaxChoice.FLAT, TaxChoice.PERCENT),
            IncomeTax.FLAT: (TaxChoice.FLAT,),
            IncomeTax.DARROW: (TaxChoice.PERCENT,),
        }[self.income_tax]

    def summary_on(self, board: Board) -> str:
        """:attr:`summary` in the reader's language with each ``{figure}`` as ``board`` has it, in its money: "flat
        $200 tax" in a US game, "flat £200 tax" in a UK one (a new-game screen said "$" with UK (£) chosen)."""
        return _FIGURE.sub(lambda m: board.money(getattr(board, m.group(1))), _(self.summary))

    @property
    def income_tax_at_mortgage_values(self) -> bool:
        """The 10% is of cash, the mortgage values of all deeds and the cost of buildings (seed 001, INCOME TAX),
        not of the printed prices (seed 000, "INCOME TAX": "total worth")."""
        return self.income_tax is IncomeTax.DARROW


VARIANTS = ("standard", "short-1973", "short-1990s", "time-limit", "darrow-1935")


class VariantDataError(ValueError):
    """A variant data file that does not describe a variant: the message names the file and the key."""


_TEXT = ("key", "title", "summary", "seeds")
FIGURES = ("go_salary", "jail_fine", "income_tax", "luxury_tax")
"""The board's amounts a variant's summary may name in braces (``{income_tax}``): each edition has its own."""
_FIGURE = re.compile(r"\{(" + "|".join(FIGURES) + r")\}")
_COUNTS = ("min_players", "max_players", "houses_before_hotel", "deal_count")
_FLAGS = ("deal_paid", "buy_at_price", "transfer_free_of_mortgage")
_CHOICES: dict[str, type[Enum]] = {"income_tax": IncomeTax, "jail": JailRule, "end": EndRule}
_OPTIONAL = ("aliases", "luxury_tax", "valuation_rule")
_KEYS = frozenset((*_TEXT, *_COUNTS, *_FLAGS, *_CHOICES, *_OPTIONAL))
_E = TypeVar("_E", bound=Enum)


@cache
def load_variant(key: str) -> Variant:
    """Load and validate a variant's file by its key (``variants/<key>.toml``); cached. Where the app keeps what the
    rules parse between launches (:func:`rules.data.parsed`), the variant an earlier launch read from the same
    file: a launch then parses no TOML (and imports no TOML parser)."""
    source = f"variants/{key}.toml"
    variant = parsed(HERE / source, _read_variant)
    if variant.key != key:
        # i18n-exempt: a shipped file's fault, for developers
        raise VariantDataError(f"{source}: key: {variant.key!r} is not the file's name {key!r}")
    return variant


def _read_variant(path: Path) -> Variant:
    import tomllib

    return parse_variant(tomllib.loads(path.read_text(encoding="utf-8")), source=f"variants/{path.name}")


def parse_variant(data: dict[str, Any], source: str = "variant") -> Variant:
    """Build a :class:`Variant` from parsed TOML, raising :class:`VariantDataError` naming ``source`` and the first
    bad key: one it does not know, a missing field, a wrong type or a value outside its set."""

    def bad(key: str, why: str) -> VariantDataError:
        return VariantDataError(f"{source}: {key}: {why}")

    unknown = sorted(set(data) - _KEYS)
    if unknown:
        # i18n-exempt: a shipped file's fault, for developers
        raise bad(unknown[0], f"not a variant setting; the settings are {', '.join(sorted(_KEYS))}")
    missing = sorted(_KEYS - set(_OPTIONAL) - set(data))
    if missing:
        raise bad(missing[0], "missing")

    def text(key: str) -> str:
        value = data[key]
        if not isinstance(value, str) or not value.strip():
            raise bad(key, f"must be some text, not {value!r}")  # i18n-exempt: a shipped file's fault, for developers
        if key == "summary":  # an amount is the edition's figure in braces, never a sign of one edition's money
            braced = _FIGURE.sub("", value)
            if "{" in braced or "}" in braced or "$" in value:
                # i18n-exempt: a shipped file's fault, for developers
                raise bad(key, f"an amount is written as one of {', '.join('{' + f + '}' for f in FIGURES)}")
        return value

    def count(key: str, value: object, least: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < least:
            # i18n-exempt: a shipped file's fault, for developers
            raise bad(key, f"must be a whole number from {least}, not {value!r}")
        return value

    def flag(key: str) -> bool:
        value = data[key]
        if not isinstance(value, bool):
            # i18n-exempt: a shipped file's fault, for developers
            raise bad(key, f"must be true or false, not {value!r}")
        return value

    def choice(key: str, kind: type[_E]) -> _E:
        value = data[key]
        try:
            return kind(value)
        except ValueError:
            # i18n-exempt: a shipped file's fault, for developers
            raise bad(key, f"{value!r} is not one of {', '.join(repr(m.value) for m in kind)}") from None

    aliases = data.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip() for a in aliases):
        # i18n-exempt: a shipped file's fault, for developers
        raise bad("aliases", f"must be a list of names, not {aliases!r}")
    least = {"min_players": 2, "max_players": 2, "houses_before_hotel": 1, "deal_count": 0}
    counts = {k: count(k, data[k], least[k]) for k in _COUNTS}
    if counts["max_players"] < counts["min_players"]:
        # i18n-exempt: a shipped file's fault, for developers
        raise bad("max_players", f"{counts['max_players']} is fewer than min_players ({counts['min_players']})")
    return Variant(
        key=text("key"),
        title=text("title"),
        summary=text("summary"),
        seeds=text("seeds"),
        aliases=tuple(aliases),
        min_players=counts["min_players"],
        max_players=counts["max_players"],
        houses_before_hotel=counts["houses_before_hotel"],
        deal_count=counts["deal_count"],
        deal_paid=flag("deal_paid"),
        buy_at_price=flag("buy_at_price"),
        income_tax=choice("income_tax", IncomeTax),
        jail=choice("jail", JailRule),
        end=choice("end", EndRule),
        transfer_free_of_mortgage=flag("transfer_free_of_mortgage"),
        luxury_tax=count("luxury_tax", data.get("luxury_tax", 0), 0),
        **({"valuation_rule": text("valuation_rule")} if "valuation_rule" in data else {}),
    )


def all_variants() -> tuple[Variant, ...]:
    return tuple(load_variant(k) for k in VARIANTS)


def find_variant(name: str) -> Variant:
    """Look a variant up by key or alias, ignoring case and punctuation ("Short-1973", "darrow", "1935")."""
    wanted = normalise(name)
    for key in VARIANTS:  # the common case, a key as stored in the journal, loads one file, not five
        if wanted == normalise(key):
            return load_variant(key)
    for v in all_variants():
        if wanted in {normalise(v.key), *map(normalise, v.aliases)}:
            return v
    said = _('no variant called "{name}"; choose one of {variants}')
    raise RuleError(N_("variants"), said.format(name=shown(str(name)), variants=", ".join(VARIANTS)))
