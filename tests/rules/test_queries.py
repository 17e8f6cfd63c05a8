"""rules.queries: the one documented home of the questions the app asks, each the engine's own answer."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import rules
from rules import queries
from rules.actions import JailAction, Turn
from rules.words import TaxChoice
from tests.kit.games import fresh, own, set_cash


def test_every_query_is_listed_in_the_package_and_the_docstring():
    for name in queries.__all__:
        assert name in (queries.__doc__ or "") or name[0].isupper(), name
        if name != "valuation":  # rules.valuation is the module's name; the query is rules.queries.valuation
            assert getattr(rules, name) is getattr(queries, name), name


def test_the_answers_are_the_engines_seed000():
    from rules.money import can_raise
    from rules.rent import quote
    from rules.taxes import income_tax_options

    s = own(own(fresh(), 0, "Boardwalk", 2), 0, "Park Place", 2)
    s = own(s, 1, "Baltic", mortgaged=True)
    assert queries.rent_quote(s, "boardwalk") == quote(s, s.deed("boardwalk"))
    assert queries.income_tax_options(s, "Ann") == income_tax_options(s, 0)
    assert queries.tax_basis(s, 0) == income_tax_options(s, 0).basis == 1500 + 400 + 350 + 4 * 200
    assert queries.valuation(s, 1).total == 1500 + 30  # the valuation counts the mortgaged deed at half price
    assert queries.can_raise(s, 0) == can_raise(s, 0)
    assert queries.lift_cost(s, "baltic") == (30, 3)  # seed 000, MORTGAGES: mortgage + 10%
    terms = queries.takeover_terms(s, "baltic")
    assert terms is not None and (terms.interest, terms.lift) == (3, 33)
    assert queries.takeover_terms(s, "boardwalk") is None
    assert queries.buildings_on(s, "boardwalk") == (2, False)
    assert queries.buildings_on(own(s, 0, "Boardwalk", s.hotel_level), "boardwalk") == (0, True)
    assert queries.income_tax_choices(s) == (TaxChoice.FLAT, TaxChoice.PERCENT)


def test_standings_and_winner_seed000_short_rule3():
    s = replace(set_cash(fresh(3), 2, 1600), over=True)
    assert queries.winner(s) == "Cy" and [t.name for t in queries.standings(s) if t.winner] == ["Cy"]


def test_jail_status_and_deadline():
    s = fresh(2)
    assert queries.jail_status(s, 0) == "" and queries.deadline(s, "2026-01-01T00:00:00") is None
    jailed = rules.apply(rules.apply(s, JailAction("Ann", "send")).state, Turn("Ann")).state
    assert queries.jail_status(jailed, 0) == "in jail, turn 1 of 3"
    timed = fresh(2, "time-limit", time_limit_minutes=90)
    assert str(queries.deadline(timed, "2026-01-01T00:00:00")) == "2026-01-01 01:30:00+00:00"


def test_asking_the_valuation_loads_no_engine():
    """The table of a saved game asks the valuation and the jail status first: no action handlers for that."""
    code = (
        "import sys\n"
        "from rules import queries, new_game\n"
        "s = new_game(['Ann', 'Bob'], check=False)\n"
        "queries.valuation(s, 0); queries.standings(s); queries.jail_status(s, 0)\n"
        "queries.buildings_on(s, 'boardwalk')\n"
        "print(sorted(m for m in sys.modules if m in ('rules.actions', 'rules.engine', 'rules.rent', 'rules.jail')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
