"""Which language a person reads, and its catalogues (issue 36; docs/languages.md).

The banker's language is the settings' ``language``, else the environment's (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``, in gettext's order), else English; each phone's is its browser's ``Accept-Language`` or
the one chosen on its page (banker/web). English is the language the messages are written in, so it needs no
catalogue; the others are gettext ``.po`` files under ``banker/locale/<language>/LC_MESSAGES/<domain>.po``, one
domain per part of Banker (:data:`DOMAINS`) so each part's messages live beside the others without one file every
change touches. Babel compiles a catalogue the first time it is read (in memory; the tree holds no compiled file),
and :mod:`rules.i18n` is told which to answer with.
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from rules import i18n

LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE = "en"
"""The language the messages are written in."""
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
"""Each shipped language's code and its own name for itself (what a chooser shows)."""
DOMAINS: dict[str, tuple[str, ...]] = {
    "rules": ("rules",),
    "core": (
        "banker/__init__.py",
        "banker/__main__.py",
        "banker/backups.py",
        "banker/language.py",
        "banker/paths.py",
        "banker/settings.py",
        "banker/timeline.py",
        "banker/views.py",
        "banker/journal",
        "banker/session",
    ),
    "commands": ("banker/commands",),
    "cli": ("banker/cli",),
    "reports": ("banker/reports",),
    "tui": ("banker/tui",),
    "web": ("banker/web",),
}
"""Each catalogue and the sources its messages are extracted from (``python -m banker.catalogues``)."""


def code_of(tag: str) -> str | None:
    """The shipped language a locale name or language tag means (``de_DE.UTF-8``, ``fr-CA``, ``es``), or None."""
    code = tag.strip().replace("-", "_").split("_")[0].split(".")[0].lower()
    return code if code in LANGUAGES else None


def choose(setting: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The banker's language: the setting, else the first shipped language the environment names, else English.

    Read as gettext reads them: the first of ``LANGUAGE`` (a colon-separated list), ``LC_ALL``, ``LC_MESSAGES`` and
    ``LANG`` that is set decides; ``C`` and ``POSIX`` mean English."""
    if setting:
        return code_of(setting) or SOURCE
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for tag in value.split(":"):
            if code := code_of(tag):
                return code
        return SOURCE
    return SOURCE


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The catalogues of ``code``, every domain chained into one; English's is the messages themselves."""
    if code == SOURCE or code not in LANGUAGES:
        return gettext.NullTranslations()
    first: gettext.NullTranslations | None = None
    for domain in DOMAINS:
        po = LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po"
        if not po.is_file():
            continue
        compiled = gettext.GNUTranslations(io.BytesIO(_compile(po)))
        if first is None:
            first = compiled
        else:
            first.add_fallback(compiled)
    return first or gettext.NullTranslations()


def _compile(po: Path) -> bytes:
    """The ``.mo`` bytes of one ``.po`` file, by Babel (imported only for a language other than English)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def install(code: str) -> str:
    """Make ``code`` the banker's language for the whole process; returns the code installed."""
    code = code if code in LANGUAGES else SOURCE
    i18n.use_for_process(translations(code))
    return code
