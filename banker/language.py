"""Which language a person reads, and its catalogues (issue 36; docs/languages.md).

The banker's language is the settings' ``language``, else the environment's (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``, in gettext's order), else English; each phone's is the one chosen on its page, else its
browser's ``Accept-Language`` (:func:`accepted`; banker/web). English is the language the messages are written in,
so it needs no catalogue and a launch in English reads none (nor imports Babel); the others are gettext ``.po``
files under ``banker/locale/<language>/LC_MESSAGES/<domain>.po``, one domain per part of Banker (:data:`DOMAINS`) so
each part's messages live beside the others without one file every change touches. A ``.po`` file is compiled by
Babel the first time a process reads it, and the compiled ``.mo`` kept in the user's cache directory
(:func:`banker.paths.cache_dir`, never the tree) under the hash of the ``.po`` it was made from, so the next launch
reads it as it is (:func:`translations`; bench/bench_app.py measures both); :mod:`rules.i18n` is told which to
answer with.
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from banker.paths import cache_dir
from rules import i18n

LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE = "en"
"""The language the messages are written in."""
# i18n-exempt: each language's own name for itself, never translated
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
"""Each shipped language's code and its own name for itself (what a chooser shows). A language is one entry here
and its ``.po`` files (docs/languages.md, "Adding a language")."""
DOMAINS: dict[str, tuple[str, ...]] = {
    # the data files' words that are Banker's (a rule system's title and summary; an edition's title, its money's
    # name and its groups' titles), not the box's: square names and card texts are said as printed
    "rules": ("rules", "rules/data/variants:title,summary", "rules/data/editions:title,currency_name"),
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
"""Each catalogue and the sources its messages are extracted from (``python -m banker.catalogues``): a folder (its
``.py`` files), a file, or ``<folder, file or glob>:<key>,<key>`` for the texts of data files
(:func:`banker.catalogues.extract_toml`: the string values of those keys)."""
CACHE_FORMAT = "1"
"""Part of a compiled catalogue's cache key: a new figure here makes every kept ``.mo`` stale."""
ACCEPT_LENGTH = 512
"""The most of an ``Accept-Language`` header read (a browser sends some 40 characters; the rest is ignored)."""
ACCEPT_ITEMS = 32
"""The most languages of one ``Accept-Language`` header weighed."""


def code_of(tag: str) -> str | None:
    """The shipped language a locale name or language tag means (``de_DE.UTF-8``, ``fr-CA``, ``es``,
    ``de_DE@euro``), or None."""
    code = tag.strip().replace("-", "_").split("_")[0].split(".")[0].split("@")[0].lower()
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


def accepted(header: str | None) -> str | None:
    """The shipped language a browser's ``Accept-Language`` header prefers (RFC 9110, 12.5.4: ``de-DE,de;q=0.9,
    en;q=0.8``), or None when it names none. A guest's header is read within bounds: its first
    :data:`ACCEPT_LENGTH` characters and :data:`ACCEPT_ITEMS` languages; an item that cannot be read (a weight that
    is not a number from 0 to 1) is passed over, and ``*`` or a weight of 0 chooses nothing. Of equal weights the
    first named wins."""
    if not header:
        return None
    best: tuple[float, str] | None = None
    for item in header[:ACCEPT_LENGTH].split(",")[:ACCEPT_ITEMS]:
        tag, _, params = item.partition(";")
        weight = 1.0
        params = params.strip()
        if params:
            name, _, value = params.partition("=")
            if name.strip().lower() != "q":
                continue
            try:
                weight = float(value.strip())
            except ValueError:
                continue
            if not 0.0 <= weight <= 1.0:  # NaN too
                continue
        code = code_of(tag) if tag.strip() != "*" else None
        if code is not None and weight > 0 and (best is None or weight > best[0]):
            best = (weight, code)
    return best[1] if best else None


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The catalogues of ``code``, every domain chained into one (a message is looked up in each domain in turn);
    English's is the messages themselves. Made once per process and language (the phone server asks for each
    request's)."""
    if code == SOURCE or code not in LANGUAGES:
        return gettext.NullTranslations()
    first: gettext.NullTranslations | None = None
    for domain in DOMAINS:
        po = LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po"
        if not po.is_file():
            continue
        compiled = _catalogue(po, f"{code}-{domain}")
        if first is None:
            first = compiled
        else:
            first.add_fallback(compiled)
    return first or gettext.NullTranslations()


def _catalogue(po: Path, name: str) -> gettext.GNUTranslations:
    """One ``.po`` file as gettext reads it: its ``.mo`` from the cache when one was made from these very bytes,
    else compiled by Babel and kept there for the next launch (a cache that cannot be written is done without)."""
    import hashlib  # here: OpenSSL's load is 2 ms of a launch in English, which reads no catalogue

    source = po.read_bytes()
    digest = hashlib.sha256(CACHE_FORMAT.encode() + source).hexdigest()[:24]
    folder = cache_dir() / "catalogues"
    kept = folder / f"{name}-{digest}.mo"
    try:
        return gettext.GNUTranslations(io.BytesIO(kept.read_bytes()))
    except Exception:  # noqa: BLE001 - none yet, or damaged or unreadable: made again from the .po
        pass
    mo = _compile(source)
    _keep(kept, name, mo)
    return gettext.GNUTranslations(io.BytesIO(mo))


def _keep(kept: Path, name: str, mo: bytes) -> None:
    """Write ``kept`` whole (a temporary name renamed) and drop the older copies of the same catalogue."""
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        tmp = kept.with_name(f".{kept.name}.{os.getpid()}.tmp")
        tmp.write_bytes(mo)
        os.replace(tmp, kept)
        for old in kept.parent.glob(f"{name}-*.mo"):
            if old != kept:
                old.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only or full disk: the catalogue is compiled again next time


def _compile(po: bytes) -> bytes:
    """The ``.mo`` bytes of one ``.po`` file, by Babel (imported only for a language other than English, and only
    when the cache has no copy); fuzzy entries are left out, as gettext's own compiler does."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(po))
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


_installed = SOURCE
_spoken: ContextVar[str | None] = ContextVar("banker_language", default=None)


def install(code: str) -> str:
    """Make ``code`` the banker's language for the whole process; returns the code installed."""
    global _installed
    code = code if code in LANGUAGES else SOURCE
    i18n.use_for_process(translations(code))
    _installed = code
    return code


def installed() -> str:
    """The banker's language (:func:`install`)."""
    return _installed


def spoken() -> str:
    """The code of the language read here: this task's (:func:`speaking`), else the banker's."""
    return _spoken.get() or _installed


def number(n: int) -> str:
    """A count or size a person reads, as the language read here writes it (``4,096``, ``4.096``, ``4 096``), by
    Babel's locale data (money is the edition's: ``rules.board.Board.money``)."""
    code = spoken()
    if code == SOURCE:
        return f"{n:,}"
    from babel.numbers import format_decimal

    return format_decimal(n, locale=code)


@contextmanager
def speaking(code: str | None) -> Iterator[None]:
    """Within the block, the current task (a phone's request) or thread reads ``code`` (None: the banker's
    language, for what a phone's request makes that the banker reads: the inbox's count, a warning); the language
    before it is put back after, whatever happens."""
    code = code if code is None or code in LANGUAGES else SOURCE
    token = i18n.use_for_task(None if code is None else translations(code))
    said = _spoken.set(code)
    try:
        yield
    finally:
        _spoken.reset(said)
        token.var.reset(token)
