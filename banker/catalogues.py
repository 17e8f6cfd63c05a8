"""The message catalogues kept in step with the code (issue 36; docs/languages.md): ``python -m banker.catalogues``.

* ``extract [domain ...]``: each domain's template, ``banker/locale/<domain>.pot``, from the sources
  :data:`banker.language.DOMAINS` names: every message marked ``_()``, ``N_()``, ``ngettext()``, ``pgettext()``
  or ``npgettext()`` in their Python, and the texts of data files a domain names as ``path:key,key``
  (:func:`extract_toml`). Sorted, without source locations (a file moved or a line added changes nothing), and
  written only when its messages changed, so the tree holds no churn of dates. A domain with no message has no
  template.
* ``update [domain ...]``: extract, then bring every shipped language's ``.po`` file of each domain in line with
  its template (made from it the first time): new messages added untranslated, messages gone dropped, no fuzzy
  matching (a guess a translator must catch is worse than a gap the check names).
* ``check [domain ...]``: every shipped ``.po`` translates every message of its template (extracted afresh, so a
  message added in code but not run through ``update`` counts), none fuzzy, each with the template's
  ``{placeholders}`` and HTML tags; exit status 1 with one line per problem otherwise.

Each helper runs these for its own domains only (``update web``): a ``.po`` file is its translator's. Babel is
needed here (a dependency of Banker's); the app only reads the ``.po`` files (:mod:`banker.language`).
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import string
import sys
import tomllib
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

from banker.language import DOMAINS, LANGUAGES, LOCALE_DIR, SOURCE

ROOT = LOCALE_DIR.parents[1]
"""Where the sources :data:`DOMAINS` names are (the folder holding ``rules`` and ``banker``)."""
KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
"""The markers of :mod:`rules.i18n` and where their messages are (``pgettext:1c,2``: the context first)."""
COMMENT_TAGS = ("Translators:",)
"""A comment starting so on the line before a message goes into the catalogue beside it, for its translator."""
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
"""The languages with catalogues (English is the messages themselves)."""
HEADER = (
    "# Banker's messages, the {domain} catalogue{what}.\n# Made by python -m banker.catalogues (docs/languages.md).\n#"
)
_FIELD = string.Formatter()
_TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)\b[^<>]*>")
# fmt: off
HTML_ELEMENTS = frozenset({
    "a", "abbr", "address", "article", "aside", "audio", "b", "bdi", "bdo", "blockquote", "body", "br", "button",
    "canvas", "caption", "cite", "code", "col", "colgroup", "data", "datalist", "dd", "del", "details", "dfn",
    "dialog", "div", "dl", "dt", "em", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
    "h5", "h6", "head", "header", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "label", "legend", "li",
    "link", "main", "mark", "meta", "meter", "nav", "noscript", "object", "ol", "optgroup", "option", "output", "p",
    "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp", "script", "section", "select", "small",
    "source", "span", "strong", "style", "sub", "summary", "sup", "svg", "table", "tbody", "td", "template",
    "textarea", "tfoot", "th", "thead", "time", "title", "tr", "track", "u", "ul", "var", "video", "wbr",
})
# fmt: on
"""The names of HTML's elements: a word in angle brackets that is none (a command's ``<player>``, which a translator
writes in the language: ``<Spieler>``) is no tag."""


@dataclass(frozen=True)
class Source:
    """A file messages are extracted from, and how."""

    path: Path
    keys: tuple[str, ...] = ()
    """A data file's keys whose string values are messages (empty: a Python file)."""


def sources(domain: str) -> list[Source]:
    """The files of ``domain``, as :data:`DOMAINS` names them, in a stable order."""
    found: list[Source] = []
    for spec in DOMAINS[domain]:
        where, _, keys = spec.partition(":")
        if keys:
            names = tuple(k.strip() for k in keys.split(",") if k.strip())
            found += [Source(p, names) for p in _files(where, "*.toml")]
        else:
            found += [Source(p) for p in _files(where, "*.py")]
    return found


def _files(where: str, pattern: str) -> list[Path]:
    path = ROOT / where
    if path.is_dir():
        return sorted(p for p in path.rglob(pattern) if "__pycache__" not in p.parts)
    if path.is_file():
        return [path]
    return sorted(ROOT.glob(where))


def extract_python(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """A Babel extraction method for Python read by the ``ast`` module: every call of a marker in ``keywords``
    (by name, or as an attribute: ``i18n._``) wherever it is, inside an f-string's placeholder too (Babel's own
    reader does not look there before Python 3.12, and the pages build their HTML in f-strings), with its
    positional arguments (a literal string each, else None: Babel picks the message and context by
    :data:`KEYWORDS`, and passes over a call whose message is not a literal, such as ``_(ask.title)``, the
    translation of a message marked ``N_`` elsewhere); a comment starting with a tag of ``comment_tags`` on the
    lines right above it goes with it."""
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name in keywords:
            args = tuple(
                a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args
            )
            yield node.lineno, name, args, _comments(lines, node.lineno, comment_tags)


def _comments(lines: list[str], line: int, tags: Collection[str]) -> list[str]:
    """The comment block right above ``line`` (1-based) if it starts with one of ``tags``, one string a line."""
    block: list[str] = []
    at = line - 2
    while at >= 0 and lines[at].strip().startswith("#"):
        block.insert(0, lines[at].strip().lstrip("#").strip())
        at -= 1
    if block and any(block[0].startswith(tag) for tag in tags):
        return block
    return []


def extract_toml(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """A Babel extraction method for TOML data files: the string values (alone or in a list) of the keys named in
    ``options["keys"]`` (a comma-separated list), at any depth, arrays of tables included; each with the line it
    is on. Generic: which keys of which files hold words a person reads is :data:`DOMAINS`' to say."""
    wanted = {k.strip() for k in str(options.get("keys", "")).split(",") if k.strip()}
    raw = fileobj.read()
    data = tomllib.loads(raw.decode("utf-8"))
    lines = raw.decode("utf-8").splitlines()

    def line_of(text: str) -> int:
        quoted = (f'"{text}"', f"'{text}'")
        return next((n for n, line in enumerate(lines, 1) if any(q in line for q in quoted)), 1)

    def walk(value: object, key: str | None) -> Iterator[tuple[int, str | None, str, list[str]]]:
        if isinstance(value, dict):
            for k, v in value.items():
                yield from walk(v, k)
        elif isinstance(value, list):
            for v in value:
                yield from walk(v, key)
        elif isinstance(value, str) and key in wanted and value.strip():
            yield line_of(value), None, value, []

    yield from walk(data, None)


def messages(domain: str) -> Catalog:
    """``domain``'s template, extracted from its sources now."""
    catalog = _new(domain, None)
    for source in sources(domain):
        method: Any = extract_toml if source.keys else extract_python
        options = {"keys": ",".join(source.keys)} if source.keys else {}
        with source.path.open("rb") as f:
            for _lineno, message, comments, context in extract(
                method, f, KEYWORDS, COMMENT_TAGS, options, strip_comment_tags=True
            ):
                catalog.add(message, auto_comments=comments, context=context)
    return catalog


def _new(domain: str, code: str | None) -> Catalog:
    """An empty catalogue of ``domain`` (``code``: a language's; None: the template), its header Banker's."""
    return Catalog(
        locale=code,
        domain=domain,
        project="Banker",
        version="",
        msgid_bugs_address="",
        header_comment=HEADER.format(domain=domain, what=f" in {LANGUAGES[code]}" if code else "'s template"),
        last_translator="Banker's translators" if code else "",
        language_team=LANGUAGES[code] if code else "",
        charset="utf-8",
        fuzzy=False,
    )


def template_path(domain: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / f"{domain}.pot"


def po_path(domain: str, code: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / code / "LC_MESSAGES" / f"{domain}.po"


def _read(path: Path, code: str | None = None) -> Catalog | None:
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=code, ignore_obsolete=True)


def _content(catalog: Catalog) -> list[tuple[object, ...]]:
    """What a catalogue says, its dates aside: whether writing it again would change anything but them."""
    return [
        (m.id, m.context, m.string, sorted(m.flags), m.auto_comments, m.user_comments)
        for m in sorted(catalog, key=lambda m: (str(m.id), m.context or ""))
        if m.id
    ]


def _write(path: Path, catalog: Catalog) -> bool:
    """Write ``catalog`` to ``path`` unless what it holds is what the file holds; True if written."""
    old = _read(path, str(catalog.locale) if catalog.locale else None)
    if old is not None and _content(old) == _content(catalog) and old.plural_forms == catalog.plural_forms:
        return False
    out = io.BytesIO()
    write_po(out, catalog, no_location=True, sort_output=True, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())
    return True


def extract_into(domains: Iterable[str], locale_dir: Path = LOCALE_DIR) -> dict[str, Catalog]:
    """Write the templates of ``domains`` under ``locale_dir`` (a domain with no message: none, and an old one
    removed); returns each domain's template."""
    made = {}
    for domain in domains:
        catalog = made[domain] = messages(domain)
        path = template_path(domain, locale_dir)
        if len(catalog):
            _write(path, catalog)
        else:
            path.unlink(missing_ok=True)
    return made


def update(domains: Iterable[str], locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Extract, then update (or make) each shipped language's ``.po`` of each domain from its template; returns the
    files written."""
    written = []
    for domain, template in extract_into(domains, locale_dir).items():
        if not len(template):
            continue
        for code in TRANSLATED:
            path = po_path(domain, code, locale_dir)
            catalog = _read(path, code)
            if catalog is None:
                catalog = _new(domain, code)
            catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
            catalog.obsolete.clear()
            catalog.revision_date = datetime.now(UTC)  # written only if it changed (_write)
            if _write(path, catalog):
                written.append(path)
    return written


def fields(text: str) -> set[str]:
    """The names of ``text``'s ``{placeholders}`` (``{n}``, ``{amount}``); ValueError for braces that are not."""
    return {name for _lit, name, _spec, _conv in _FIELD.parse(text) if name is not None}


def tags(text: str) -> list[str]:
    """The HTML tags of ``text``, by name, in order (:data:`HTML_ELEMENTS`' only)."""
    return [
        ("/" if m.group(0).startswith("</") else "") + m.group(1)
        for m in _TAG.finditer(text)
        if m.group(1).lower() in HTML_ELEMENTS
    ]


def problems(domain: str, template: Catalog, locale_dir: Path = LOCALE_DIR) -> list[str]:
    """Every way the shipped ``.po`` files of ``domain`` fall short of ``template``, one line each."""
    if not len(template):
        return []
    found = []
    for code in TRANSLATED:
        path = po_path(domain, code, locale_dir)
        catalog = _read(path, code)
        if catalog is None:
            found.append(f"{_shown(path)}: missing ({len(template)} messages to translate)")
            continue
        for message in template:
            if not message.id:
                continue
            where = f"{_shown(path)}: {_said(message)}"
            have = catalog.get(message.id, message.context)
            if have is None:
                found.append(f"{where}: not in the catalogue (python -m banker.catalogues update {domain})")
                continue
            found += [f"{where}: {p}" for p in _checked(message, have)]
    return found


def _checked(message: Message, have: Message) -> list[str]:
    """What is wrong with one translation (``have``) of ``message``."""
    if have.fuzzy:
        return ["fuzzy: a guess, not a translation (remove the flag once it is checked)"]
    english = [message.id] if isinstance(message.id, str) else list(message.id)
    said = [have.string] if isinstance(have.string, str) else list(have.string or ())
    if not all(said):
        return ["not translated"]
    try:
        wanted = set().union(*(fields(e) for e in english))
        forms = [fields(s) for s in said]
    except ValueError as e:
        return [f"a brace that is not a placeholder: {e}"]
    out = []
    if not all(f <= wanted for f in forms) or forms[-1] != wanted:
        out.append(f"placeholders {sorted(forms[-1])}, not {sorted(wanted)}")
    if any(sorted(tags(s)) != sorted(tags(english[-1])) for s in said):
        out.append(f"HTML tags {tags(said[-1])}, not {tags(english[-1])}")
    return out


def _said(message: Message) -> str:
    text = message.id if isinstance(message.id, str) else message.id[0]
    context = f"[{message.context}] " if message.context else ""
    return context + repr(text if len(text) <= 60 else text[:57] + "...")


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def check(domains: Iterable[str], locale_dir: Path = LOCALE_DIR) -> list[str]:
    """:func:`problems` of each domain against its template extracted now."""
    return [line for domain in domains for line in problems(domain, messages(domain), locale_dir)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m banker.catalogues", description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("extract", "update", "check"))
    parser.add_argument("domains", nargs="*", metavar="domain", help=f"of {', '.join(DOMAINS)} (default: all)")
    args = parser.parse_args(argv)
    unknown = [d for d in args.domains if d not in DOMAINS]
    if unknown:
        parser.error(f"no domain {', '.join(unknown)}; the domains are {', '.join(DOMAINS)}")
    domains = args.domains or list(DOMAINS)
    if args.what == "extract":
        for domain, catalog in extract_into(domains).items():
            print(f"{domain}: {len(catalog)} messages")
        return 0
    if args.what == "update":
        for path in update(domains):
            print(f"updated {_shown(path)}")
        return 0
    found = check(domains)
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} problems in the catalogues", file=sys.stderr)
        return 1
    print("every shipped catalogue translates every message of its template")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
