"""The banker's language and each phone's (issue 36; docs/languages.md): the setting, else the environment as
gettext reads it; a browser's Accept-Language read within bounds; the catalogues compiled once and kept in the
user's cache, never the tree; every command speaks the banker's language from its start."""

from __future__ import annotations

import gettext
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from banker import language, settings
from banker.cli.main import main
from banker.language import ACCEPT_ITEMS, ACCEPT_LENGTH, accepted, choose, code_of, speaking
from rules import i18n
from tests.kit.patience import scaled


def write_config(text: str) -> Path:
    path = settings.config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("setting", "environ", "chosen"),
    [
        ("de", {"LANGUAGE": "fr"}, "de"),  # the setting wins
        (None, {"LANGUAGE": "nl:de", "LANG": "fr_FR.UTF-8"}, "de"),  # the first shipped of LANGUAGE's list
        (None, {"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),
        (None, {"LC_MESSAGES": "es_ES@euro", "LANG": "de_DE"}, "es"),
        (None, {"LANG": "de_AT.UTF-8"}, "de"),
        (None, {"LANGUAGE": "nl", "LANG": "de_DE.UTF-8"}, "en"),  # as gettext: the first one set decides
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {"LC_ALL": "POSIX"}, "en"),
        (None, {}, "en"),
    ],
)
def test_the_banker_s_language_is_the_setting_else_the_environment_as_gettext_reads_it(setting, environ, chosen):
    assert choose(setting, environ) == chosen


@pytest.mark.parametrize(
    ("header", "chosen"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("en-US,en;q=0.9,fr;q=0.8", "en"),
        ("fr;q=0.2, es;q=0.9", "es"),
        ("nl, de;q=0.5", "de"),
        ("pt-BR, fr-CA;q=0.7, fr;q=0.6", "fr"),
        ("es-419", "es"),
        ("de;q=0.5, fr;q=0.5", "de"),  # of equal weights, the first named
        ("*", None),
        ("de;q=0", None),
        ("de;q=abc, fr;q=0.1", "fr"),
        ("de;q=nan, es;q=2, fr;q=-1", None),
        ("de;level=1", None),
        ("", None),
        (None, None),
        (";;;,,,==q", None),
    ],
)
def test_a_browser_s_accept_language_names_the_page_s_language(header, chosen):
    assert accepted(header) == chosen


def test_a_hostile_accept_language_is_read_within_its_bounds():
    assert accepted("x" * 100_000 + ",de") is None  # past the first 512 characters: never read
    assert accepted("nl," * (ACCEPT_ITEMS - 1) + "de") == "de"
    assert accepted("nl," * ACCEPT_ITEMS + "de") is None  # the 33rd language is not weighed
    assert accepted(" " * (ACCEPT_LENGTH - 2) + "de") == "de"
    assert accepted(" " * (ACCEPT_LENGTH - 1) + "de") is None  # cut at its bound: "d"


def test_a_locale_name_or_tag_names_a_shipped_language():
    assert [code_of(t) for t in ("de_DE.UTF-8", "fr-CA", "ES", "de_DE@euro", "nl_NL", "C", "")] == [
        "de",
        "fr",
        "es",
        "de",
        None,
        None,
        None,
    ]


def test_english_is_the_messages_themselves_and_reads_no_catalogue():
    assert type(language.translations("en")) is gettext.NullTranslations
    assert type(language.translations("xx")) is gettext.NullTranslations


def test_speaking_a_language_is_for_the_block_only_whatever_happens():
    german = language.translations("de")
    with speaking("de"):
        assert i18n.current() is german
        with speaking(None):  # what a phone's request makes for the banker: the banker's language
            assert type(i18n.current()) is gettext.NullTranslations
        assert i18n.current() is german
    assert type(i18n.current()) is gettext.NullTranslations
    with pytest.raises(KeyError), speaking("fr"):
        raise KeyError("boom")
    assert type(i18n.current()) is gettext.NullTranslations


def _po(path: Path, text: str) -> None:
    catalog = Catalog(locale="de", domain="demo")
    catalog.add("Nothing yet.", text)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog)


def test_a_catalogue_is_compiled_once_and_kept_in_the_user_s_cache_never_the_tree(tmp_path, monkeypatch):
    po = tmp_path / "de" / "LC_MESSAGES" / "demo.po"
    _po(po, "Noch nichts.")
    assert language._catalogue(po, "de-demo").gettext("Nothing yet.") == "Noch nichts."
    cache = Path(os.environ["BANKER_CACHE_DIR"])  # the test's own (tests/conftest.py)
    kept = sorted((cache / "catalogues").glob("de-demo-*.mo"))
    assert len(kept) == 1

    def no_babel(_po: bytes) -> bytes:
        raise AssertionError("compiled again")

    with monkeypatch.context() as m:
        m.setattr(language, "_compile", no_babel)
        assert language._catalogue(po, "de-demo").gettext("Nothing yet.") == "Noch nichts."  # read from the cache

    _po(po, "Bisher nichts.")  # the .po changed: compiled again, and the old copy dropped
    assert language._catalogue(po, "de-demo").gettext("Nothing yet.") == "Bisher nichts."
    now = sorted((cache / "catalogues").glob("de-demo-*.mo"))
    assert len(now) == 1 and now != kept

    now[0].write_bytes(b"not a catalogue")  # damaged: made again from the .po
    assert language._catalogue(po, "de-demo").gettext("Nothing yet.") == "Bisher nichts."
    assert now[0].read_bytes()[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")

    tree = Path(language.__file__).parent
    assert not list(tree.rglob("*.mo")), "a compiled catalogue in the tree"


def test_a_cache_that_cannot_be_written_costs_only_the_compiling(tmp_path, monkeypatch):
    po = tmp_path / "de" / "LC_MESSAGES" / "demo.po"
    _po(po, "Noch nichts.")
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("BANKER_CACHE_DIR", str(blocked))
    assert language._catalogue(po, "de-demo").gettext("Nothing yet.") == "Noch nichts."


# The setting ---------------------------------------------------------------------------------------------------
def test_the_language_setting_is_a_shipped_language():
    write_config('language = "de"\n')
    assert settings.load().language == "de"
    assert settings.language() == "de"
    write_config('language = "fr-CA"\n')
    assert settings.load().language == settings.language() == "fr"
    assert settings.load(only="phones").language is None  # a command that reads one section reads no other


@pytest.mark.parametrize("value", ['"klingon"', '""', "5", "true"])
def test_a_bad_language_setting_is_one_line_naming_the_shipped_languages(value):
    path = write_config(f"language = {value}\n")
    with pytest.raises(settings.SettingsError) as e:
        settings.load()
    line = str(e.value)
    assert "\n" not in line and line.startswith(f"{path}: language: must be ")
    if value.startswith('"'):
        with pytest.raises(settings.SettingsError) as alone:
            settings.language()
        assert str(alone.value) == line
        for code, name in language.LANGUAGES.items():
            assert f'"{code}" ({name})' in line


def test_every_command_speaks_the_banker_s_language_from_its_start(capsys):
    write_config('language = "de"\n')
    assert main(["editions"]) == 0
    assert i18n.current() is language.translations("de")  # installed for the process (tests/conftest.py resets it)
    write_config('language = "klingon"\n')
    assert main(["editions"]) == 0  # a bad setting is said, and the command still runs, in the environment's
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "language: must be one of" in err
    assert type(i18n.current()) is gettext.NullTranslations  # LANGUAGE=en (tests/conftest.py)
    write_config("[exports\n")  # not TOML: for what reads the file whole to say (the app, banker qr), not every command
    assert main(["editions"]) == 0
    assert capsys.readouterr().err == ""


PROBE = """
import json, os, sys
from banker.cli.main import speak
code = speak(tell=True)
print(json.dumps({"code": code, "babel": sorted(m for m in sys.modules if m.split(".")[0] == "babel")}))
"""


def _probe(env: dict[str, str]) -> dict[str, object]:
    import os

    out = subprocess.run(
        [sys.executable, "-c", PROBE], env={**os.environ, **env}, capture_output=True, text=True, timeout=scaled(60)
    )
    assert out.returncode == 0, out.stderr
    return dict(json.loads(out.stdout))


def test_a_launch_in_english_imports_no_babel_and_another_language_compiles_only_once(tmp_path):
    assert _probe({"LANGUAGE": "en"}) == {"code": "en", "babel": []}
    assert any(language.LOCALE_DIR.glob("de/LC_MESSAGES/*.po")), "no German catalogue is shipped"
    cache = {"BANKER_CACHE_DIR": str(tmp_path / "cache"), "LANGUAGE": "de_DE"}
    first = _probe(cache)
    assert first["code"] == "de" and first["babel"]  # compiled by Babel, the first time
    assert _probe(cache) == {"code": "de", "babel": []}  # read from the cache: no Babel
