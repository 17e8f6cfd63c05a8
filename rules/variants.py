"""The five rule systems as data (``rules/data/variants/*.toml``), looked up by name or alias.

Each variant is a handful of settings; the engine asks the variant instead of testing its name, so a rule
that differs between rule books is decided in exactly one place (python-chess's ``find_variant`` idea).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import Enum
from functools import cache

from rules.board import normalise
from rules.data import read_text
from rules.errors import RuleError
from rules.names import shown


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


@dataclass(frozen=True)
class Variant:
    key: str
    title: str
    summary: str
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

    @property
    def hotel_level(self) -> int:
        """The building level a hotel stands for: one more than the houses needed before it."""
        return self.houses_before_hotel + 1


VARIANTS = ("standard", "short-1973", "short-1990s", "time-limit", "darrow-1935")


@cache
def load_variant(key: str) -> Variant:
    text = read_text(f"variants/{key}.toml")
    d = tomllib.loads(text)
    return Variant(
        key=d["key"],
        title=d["title"],
        summary=d["summary"],
        seeds=d["seeds"],
        aliases=tuple(d.get("aliases", ())),
        min_players=d["min_players"],
        max_players=d["max_players"],
        houses_before_hotel=d["houses_before_hotel"],
        deal_count=d["deal_count"],
        deal_paid=d["deal_paid"],
        buy_at_price=d["buy_at_price"],
        income_tax=IncomeTax(d["income_tax"]),
        jail=JailRule(d["jail"]),
        end=EndRule(d["end"]),
        transfer_free_of_mortgage=d["transfer_free_of_mortgage"],
        luxury_tax=d.get("luxury_tax", 0),
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
    raise RuleError("variants", f'no variant called "{shown(str(name))}"; choose one of {", ".join(VARIANTS)}')
