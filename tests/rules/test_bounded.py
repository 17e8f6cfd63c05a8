"""The one reader of the files a person hands Banker (issue 31, rules/bounded.py): size, nesting, values and texts
bounded before parsing or right after, every refusal one line naming the place; and, fed generated nesting, sizes
and characters, no exception but its own escapes any reader (the settings, editions, game files)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from banker import settings as config
from banker.reports import journal_file
from rules import edition_file, editions
from rules.bounded import EDITION_FILE, GAME_FILE, SETTINGS_FILE, DataError, Limits, read_file, read_json, read_toml
from tests.kit.fuzz import examples

SMALL = Limits("a test file", size=1024 * 1024, depth=4, values=50, text=40)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("x = " + "[" * 500 + "]" * 500, "line 1, column 9: nested more than 4 deep; a test file is flatter"),
        ("x = " + "{a = " * 500 + "}" * 500, "line 1, column 25: nested more than 4 deep; a test file is flatter"),
        (
            "a." * 3000 + "b = 1",
            "a.a.a.a: nested more than 4 deep; a test file is flatter",
        ),  # dotted keys nest without brackets
        ("x = " + "9" * 5000, "line 1, column 5: a number of thousands of digits is larger than any Banker stores"),
        ("x = 9_223_372_036_854_775_808", "x: 9223372036854775808 is larger than any whole number Banker stores"),
        ("x = nan", "x: nan is not a number Banker reads"),
        ("x = [" + "1, " * 60 + "]", "x[48]: more than 50 values; a test file holds fewer"),
        ('x = "' + "y" * 41 + '"', "x: a text of 41 characters; a test file holds at most 40"),
        ('"' + "k" * 41 + '" = 1', "k" * 41 + ": a key of 41 characters; a test file holds at most 40"),
        ('[t]\nx = "Park \\u202eecalP"', "t.x: the text holds a control character (\\u202e) at character 6"),
        ('x = "\\u001b[2J"', "x: the text holds a control character (\\x1b) at character 1"),
        ('x = "one\ntwo', "line 1, column 9: not valid TOML: illegal character '\\n'"),
        ("x = [", "the end of the file: not valid TOML: invalid value"),
    ],
    ids=[
        "arrays",
        "tables",
        "dotted",
        "digits",
        "int64",
        "nan",
        "values",
        "text",
        "key",
        "bidi",
        "escape",
        "line",
        "end",
    ],
)
def test_toml_past_its_limits_is_one_line_naming_the_place(text, said):
    with pytest.raises(DataError) as refused:
        read_toml(text, "f.toml", SMALL)
    assert str(refused.value) == f"f.toml: {said}"


def test_brackets_in_strings_and_comments_do_not_nest():
    text = (
        's = "[[[[[[[["\nt = \'[[[[[[\'\nu = """[[[[\n[[[[ ""\\""" """\nv = \'\'\'[[[[[[\'\'\'\'\n# [[[[[[[[[[\n'
        'w = [[["]"], {a = "{{{{{{"}]]\n'
    )
    assert read_toml(text, "f.toml", SMALL) == tomllib.loads(text)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "[" * 5000 + "]" * 5000,
            "line 1, column 5: nested more than 4 deep; a test file is flatter",
        ),  # past Python's own limit
        ("[" * 100000, "line 1, column 5: nested more than 4 deep; a test file is flatter"),
        ('{"a": [[[[1]]]]}', "a[0][0][0]: nested more than 4 deep; a test file is flatter"),
        ('{"a": ' + "9" * 5000 + "}", "a: a number of 5,000 digits is larger than any Banker stores"),
        ('{"a": 99999999999999999999}', "a: 99999999999999999999 is larger than any whole number Banker stores"),
        ("[NaN]", "[0]: NaN is not a number Banker reads"),
        ("[1e999]", "[0]: inf is not a number Banker reads"),
        ('{"a": "\\udce9"}', "a: the text holds a byte that is not UTF-8 (\\xe9) at character 1"),
        ('{"a" 1}', "line 1, column 6: not valid JSON: expecting ':' delimiter"),
        ('["\\\\", "[[[[[[", "\\"[[[[[["', "line 1, column 28: not valid JSON: expecting ',' delimiter"),
    ],
    ids=["past-python", "unclosed", "nested", "digits", "int64", "nan", "inf", "surrogate", "syntax", "strings"],
)
def test_json_past_its_limits_is_one_line_naming_the_place(text, said):
    with pytest.raises(DataError) as refused:
        read_json(text, "body", SMALL)
    assert str(refused.value) == f"body: {said}"


def test_bytes_are_utf8_and_a_byte_order_mark_is_dropped():
    assert read_toml(b'\xef\xbb\xbftheme = "nord"\n', "f", SMALL) == {"theme": "nord"}
    assert read_json(b"\xef\xbb\xbf[1]", "f", SMALL) == [1]
    with pytest.raises(DataError, match=r"^f: line 2, column 9: not UTF-8 text \(byte \\xe9\)$"):
        read_toml(b'a = 1\nb = "caf\xe9"\n', "f", SMALL)


def test_a_file_is_read_no_further_than_its_limit(tmp_path):
    with pytest.raises(DataError, match=r"^/dev/zero: is more than 1 MB; a test file is smaller$"):
        read_file("/dev/zero", SMALL)
    with pytest.raises(DataError, match=r"^x\.toml: cannot be read: No such file or directory$"):
        read_file(tmp_path / "x.toml", SMALL, "x.toml")
    with pytest.raises(DataError, match="cannot be read: Is a directory"):
        read_file(tmp_path, SMALL)


def test_the_shipped_files_are_well_within_their_kinds():
    for path in editions.BUILT_IN.glob("*.toml"):
        assert read_toml(read_file(path, EDITION_FILE), path.name, EDITION_FILE) == tomllib.loads(path.read_text())


# Generated files: no exception but the readers' own, every answer one line ---------------------------------------

WEIRD = st.characters(codec=None, exclude_categories=())  # control, format, bidi, surrogates, private use...
SCALARS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(WEIRD, max_size=60),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(WEIRD, max_size=8), inner, max_size=6),
    max_leaves=60,
)
NESTED = st.integers(min_value=0, max_value=3000).map(lambda n: "[" * n + "1" + "]" * n)
GARBAGE = st.text(st.sampled_from("[]{}\"'\\#=,.:\n aZ0_-+\u202e\x00\ufeff"), max_size=300)


def _toml_of(value: object) -> str:
    """A value written as TOML when it can be (a string for the key ``x``, JSON's syntax is close enough)."""
    return "x = " + json.dumps(value, ensure_ascii=False)


def _one_line(error: Exception) -> None:
    message = str(error)
    assert message and "\n" not in message and "Traceback" not in message, message


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(VALUES.map(json.dumps), VALUES.map(lambda v: json.dumps(v, ensure_ascii=False)), NESTED, GARBAGE))
@example("\ufeff0")  # a byte-order mark, which read_json drops and json.loads refuses: the oracle drops it too
def test_any_json_is_read_or_refused_in_one_line(text):
    for data in (text, text.encode("utf-8", "surrogatepass")):
        for limits in (SMALL, GAME_FILE):
            try:
                value = read_json(data, "f.json", limits)
            except DataError as e:
                _one_line(e)
            else:  # what is read is read as JSON reads it, once the byte-order mark read_json drops is dropped
                assert value == json.loads(text.removeprefix("\ufeff"))


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(VALUES.map(_toml_of), NESTED.map(lambda t: "x = " + t), GARBAGE, st.binary(max_size=200)))
def test_any_toml_is_read_or_refused_in_one_line(text):
    for limits in (SMALL, SETTINGS_FILE, EDITION_FILE):
        try:
            read_toml(text, "f.toml", limits)
        except DataError as e:
            _one_line(e)


US = tomllib.loads((editions.BUILT_IN / "us.toml").read_text(encoding="utf-8"))
PATHS = [
    (),
    ("title",),
    ("go_salary",),
    ("groups",),
    ("groups", "brown"),
    ("groups", "brown", "colour"),
    ("groups", "brown", "mark"),
    ("square",),
    ("square", 1),
    ("square", 1, "name"),
    ("square", 1, "rents"),
    ("square", 1, "rents", 0),
    ("square", 5, "group"),
    ("square", 39, "aliases"),
    ("railroad_rents",),
    ("utility_multipliers",),
    ("decks",),
    ("chance",),
]


def _changed(path: tuple, value: object, key: str | None) -> dict:
    data = json.loads(json.dumps(US))
    at = data
    for part in path[:-1]:
        at = at[part]
    if not path:
        data[key or "extra"] = value
    elif key is not None and isinstance(at, dict) and isinstance(at.get(path[-1]), dict):
        at[path[-1]][key] = value
    else:
        at[path[-1]] = value
    return data


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), VALUES, st.none() | st.text(WEIRD, max_size=8), st.booleans())
def test_any_edition_is_played_or_refused_in_one_line(tmp_path_factory, path, value, key, journalled):
    """An edition file with any value at any place: an edition, or one EditionDataError line (a game file's own
    edition and a journalled copy go the same way)."""
    data = _changed(path, value, key)
    try:
        edition_file.parse_edition(data, "springfield.toml", journalled)
    except editions.BoardDataError as e:  # EditionDataError and the board's and decks' refusals are all this
        _one_line(e)
    except ValueError as e:  # the decks' CardDataError
        assert type(e).__name__ == "CardDataError"
        _one_line(e)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(VALUES.map(_toml_of), NESTED.map(lambda t: "x = " + t), GARBAGE, st.binary(max_size=200)))
def test_any_settings_or_edition_file_is_read_or_refused_in_one_line(tmp_path_factory, text):
    folder = tmp_path_factory.mktemp("files")
    path = Path(folder) / "config.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    try:
        config.load(path)
    except config.SettingsError as e:
        _one_line(e)
    with pytest.raises(editions.EditionDataError) as refused:  # no file of these is an edition
        edition_file.read_edition(path)
    _one_line(refused.value)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(VALUES, st.sampled_from(["game", "entries", "settings", "players", "state", "edition_data", "maths"]))
def test_any_game_file_is_read_or_refused_in_one_line(value, where):
    game = {"players": [{"name": "Ann"}, {"name": "Bob"}], "settings": {"variant": "standard", "edition": "us"}}
    data: dict = {"format": "banker-game", "version": 1, "game": game, "entries": [], "state": None}
    if where in ("game", "entries", "state"):
        data[where] = value
    elif where == "edition_data":
        game["settings"][where] = value
    else:
        game[where] = value
    try:
        journal_file.read(json.dumps(data))
    except journal_file.GameFileError as e:
        _one_line(e)
        assert not re.search(r"(Key|Type|Attribute|Index)Error|object has no attribute|no such column", str(e))
