"""The table's forms as data (banker/tui/forms.py) agree with its keys (banker/tui/keys.py): every key opens its
form or has a method of the table's own, every form has its key, and each form opens on one of its own fields."""

from __future__ import annotations

import pytest

from banker.tui.forms import FORMS, GAME_FORMS, table_form
from banker.tui.keys import ACTIONS
from banker.tui.screens.table import TableScreen
from rules import Settings, new_game

KEYS = {a.action for a in ACTIONS}


def test_every_key_opens_its_form_or_a_method_of_the_table():
    for a in ACTIONS:
        method = getattr(TableScreen, f"action_{a.action}")
        opens_a_form = method.__doc__ == f"Open the {a.action} form (banker.tui.forms)."
        assert (a.action in FORMS or a.action in GAME_FORMS) == opens_a_form, a.action


def test_every_form_has_its_key():
    assert set(FORMS) | set(GAME_FORMS) <= KEYS
    assert not set(FORMS) & set(GAME_FORMS)


@pytest.mark.parametrize("action", sorted({*FORMS, *GAME_FORMS}))
def test_each_form_opens_on_one_of_its_fields_and_names_each_once(action):
    form = table_form(action, new_game(["ann", "bob"], Settings()))
    assert form is not None
    keys = [f.key for f in form.fields]
    assert form.focus in keys and len(set(keys)) == len(keys)
    filled = form.on_turn_of("ann")
    assert [f.default for f in filled.fields if f.turn] == ["ann"] * sum(f.turn for f in form.fields)
