"""Every sentence a person reads goes through the message catalogue, and every shipped language translates all of
it (issue 36; docs/languages.md).

**The catalogues.** Each domain's template is extracted afresh from the code (``banker.catalogues``, into a
temporary folder), so a message added in code and not run through ``python -m banker.catalogues update`` fails
here; every shipped language's ``.po`` file of that domain must translate each of its messages (every plural form),
none fuzzy, each with the English's ``{placeholders}`` and HTML tags. The templates in the tree must be the ones
the code makes (``extract`` was run).

**Unmarked messages.** :func:`unmarked` reads each Python file of :data:`FOLDERS` (all of Banker but the
translators' tool, :data:`NOT_READ`) and names every string literal or f-string a person would read that is not a
message marked for translation. It is a heuristic with precise rules:

* *Sentence-like.* The text is taken with its ``{placeholders}``, ``%s``-style fields and Rich markup tags
  (``[b]``, ``[/]``) removed. Where it holds HTML (a ``<tag``), only its text between tags is read, each piece on
  its own, and a piece with a word of two letters or more is for a person (``<h2>Deeds</h2>``,
  ``<strong>now</strong>``). The values of the attributes a person reads (``alt``, ``title``, ``aria-label``,
  ``placeholder``) are read as text in any string; every other attribute is markup. Outside HTML, a text is
  sentence-like when it has two or more words (letters, with inner ``'`` or ``-``, perhaps in quotes or brackets or
  followed by punctuation) of which one has three letters or more ("no rent", "a deed"), or is one word with a
  capital and two lowercase letters or more ("Withdraw") or one ending a sentence ("recorded."). Identifiers,
  paths, MIME types, CSS values and header tokens are no words (``text/html``, ``snake_case``, ``a=b``). One
  lowercase word ("declined") is not caught: keep such words in a table marked ``N_``.
* *Marked.* Any string inside ``_()``, ``N_()``, ``ngettext()``, ``pgettext()`` or ``npgettext()`` (called by
  name or as an attribute). An f-string there is reported instead: it cannot be extracted.
* *Exempt positions*, whatever the text: docstrings (module, class, function) and any string standing alone as a
  statement (an attribute's docstring); the arguments of logging calls (``log``, ``logger``, ``logging``:
  ``debug`` ... ``exception``) and of ``re`` functions (regular expressions); ``assert`` messages and the
  arguments of programming errors (:data:`DEVELOPER_ERRORS`); the rule of a ``RuleError`` (its first argument:
  the book's citation, never translated) and any text starting ``seed NNN`` (a citation); SQL (a text starting
  with an SQL keyword in capitals); dictionary keys (JSON keys, table keys), subscripts and compared values; the
  arguments of lookups and string methods that take a key or a fragment (:data:`KEY_METHODS`: ``.get("Accept")``,
  ``.startswith``); keyword arguments to non-human sinks (:data:`SINK_KEYWORDS`: ``content_type=``,
  ``headers=``, ``classes=`` ...); annotations and ``cast``/``TypeVar`` names; assignments to names that hold
  markup or patterns (:data:`EXEMPT_NAMES`: ``DEFAULT_CSS``, ``*_PATTERN``, ``__all__`` ...); the body of a
  ``__repr__``; and the strings of a statement carrying ``# i18n-exempt: <why>`` on one of its lines or on a
  comment line of its own right above it (a Content-Security-Policy, say).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from banker import catalogues
from banker.language import DOMAINS, LANGUAGES, SOURCE

ROOT = Path(__file__).parents[2]

FOLDERS = ["banker", "rules"]
"""Where every message a person reads must be marked (:func:`unmarked`): every module of Banker, so a new module is
checked from its first line (issue 36), but those of :data:`NOT_READ`."""

NOT_READ = {
    "banker/catalogues.py": "the translators' tool (python -m banker.catalogues): its words are for the people who "
    "keep the catalogues, who read the English the messages are written in",
}
"""Modules whose words no player or banker reads, and why."""


MARKERS = {"_", "N_", "ngettext", "pgettext", "npgettext"}
LOGGERS = {"log", "logger", "logging", "_log", "LOG", "LOGGER"}
LOG_METHODS = {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}
REGEX_FUNCTIONS = {"compile", "match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer", "escape"}
DEVELOPER_ERRORS = {"AssertionError", "NotImplementedError", "TypeError"}
"""Errors that say a program is wrong, never a person's mistake: their words are for developers."""
KEY_METHODS = {
    "get",
    "pop",
    "setdefault",
    "startswith",
    "endswith",
    "split",
    "rsplit",
    "partition",
    "rpartition",
    "strip",
    "lstrip",
    "rstrip",
    "removeprefix",
    "removesuffix",
    "count",
    "index",
    "find",
    "rfind",
    "encode",
    "decode",
    "getenv",
    "getattr",
    "hasattr",
    "setattr",
    "cast",
    "TypeVar",
    "NewType",
    "getLogger",
    "Template",
}
"""Calls whose string arguments are keys, fragments, names or templates of markup, never sentences."""
SINK_KEYWORDS = {
    "content_type",
    "charset",
    "encoding",
    "errors",
    "headers",
    "media_type",
    "mode",
    "newline",
    "thread_name_prefix",
    "classes",
    "id",
    "name",
    "rule",
    "css",
    "sep",
    "end",
    "samesite",
    "means",  # banker/web/asks.py: what a form's field holds, for docs/phones.md (the docs are in English)
    "style",  # banker/tui: a Rich style ("bold red"), never words
}
"""Keyword arguments that never carry words for a person."""
EXEMPT_NAMES = re.compile(
    r"(?:DEFAULT_CSS|CSS|\w+_CSS|\w+_SQL|\w+_PATTERN|\w+_RE|__all__|__slots__|_HEADERS|\w+_HEADERS)"
)
"""Names assigned markup, patterns or protocol words."""
PRAGMA = "# i18n-exempt:"
SQL = re.compile(r"\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA|WITH|ALTER|DROP|BEGIN|COMMIT|REPLACE)\b")
CITATION = re.compile(r"\s*seed \d{3}\b")

_FIELD = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifr]")
_RICH = re.compile(r"\[/?[a-z][a-z0-9 _.#=-]*\]|\[/\]")
_TAGGED = re.compile(r"<[A-Za-z/!]")
_TAG = re.compile(r"<[^<>]*>")
_HUMAN_ATTRIBUTE = re.compile(r"""\b(?:alt|title|aria-label|aria-description|placeholder)=(["'])(.*?)\1""")
_ATTRIBUTE = re.compile(r"""[\w-]+=(["']).*?\1""")
_WORD = re.compile(r"""[(\"'«¿¡“‘]*([^\W\d_]+(?:['’-][^\W\d_]+)*)[)\"'».,:;!?…”’]*""")


# The checker ------------------------------------------------------------------------------------------------
def sentence_like(text: str) -> bool:
    """Does ``text`` (a literal, an f-string with its fields as ``{}``) hold words a person reads? (the module's
    docstring says how)."""
    pieces = [m.group(2) for m in _HUMAN_ATTRIBUTE.finditer(text)]
    rest = _ATTRIBUTE.sub(" ", text)
    if _TAGGED.search(rest):
        nodes = [n for n in _TAG.split(rest)]
        if any(_words(_plain(n), least=2) for n in nodes):
            return True
    else:
        pieces.append(rest)
    return any(_sentence(_plain(p)) for p in pieces)


def _plain(text: str) -> str:
    """``text`` with its markup tags gone and each placeholder one token of its own (:data:`_HOLE`)."""
    return _RICH.sub(" ", _FIELD.sub(f" {_HOLE} ", text))


_HOLE = "\x00"
"""A placeholder, counted as a word beside real words ("{payer} pays {owner}") but never as one on its own."""


def _words(text: str, least: int = 1) -> list[str]:
    found = []
    for token in text.split():
        m = _WORD.fullmatch(token)
        if m and len(m.group(1)) >= least:
            found.append(m.group(1))
    return found


def _sentence(text: str) -> bool:
    words = _words(text)
    holes = text.split().count(_HOLE)
    if len(words) + holes >= 2 and any(len(w) >= 3 for w in words):
        return True
    tokens = text.split()
    if len(words) == 1 and len(tokens) == 1:
        word = words[0]
        capitalised = len(word) >= 3 and word[0].isupper() and word[1:].islower()
        return capitalised or tokens[0].rstrip(")\"'”’").endswith((".", "!", "?", "…"))
    return False


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _receiver(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        value = func.value
        if isinstance(value, ast.Name):
            return value.id
        if isinstance(value, ast.Attribute):
            return value.attr
    return ""


def _joined(node: ast.JoinedStr) -> str:
    return "".join(v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else "{}" for v in node.values)


def _docstring_of(body: list[ast.stmt]) -> ast.stmt | None:
    first = body[0] if body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        return first
    return None


class _Finder:
    def __init__(self, source: str, path: str) -> None:
        self.lines = source.splitlines()
        self.path = path
        self.found: list[str] = []
        self.statement = (1, 1)
        """The lines of the innermost statement being read (a pragma anywhere on them exempts its strings)."""

    def report(self, node: ast.expr, text: str, why: str = "") -> None:
        first, last = self.statement
        above = self.lines[first - 2].strip() if first >= 2 else ""
        if any(PRAGMA in line for line in self.lines[first - 1 : last]) or above.startswith(PRAGMA):
            return
        shown = " ".join(text.split())
        shown = shown if len(shown) <= 70 else shown[:67] + "..."
        self.found.append(f"{self.path}:{node.lineno}: {why or 'not marked for translation'}: {shown!r}")

    def text(self, node: ast.expr, text: str) -> None:
        if SQL.match(text) or CITATION.match(text):
            return
        if sentence_like(text):
            self.report(node, text)

    def visit(self, node: ast.AST, exempt: bool = False) -> None:
        if isinstance(node, ast.stmt):
            outer, self.statement = self.statement, (node.lineno, node.end_lineno or node.lineno)
            try:
                self.read(node, exempt)
            finally:
                self.statement = outer
        else:
            self.read(node, exempt)

    def read(self, node: ast.AST, exempt: bool) -> None:
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str) and not exempt:
                self.text(node, node.value)
            return
        if isinstance(node, ast.JoinedStr):
            if not exempt:
                self.text(node, _joined(node))
            for value in node.values:
                if isinstance(value, ast.FormattedValue):
                    self.visit(value.value, exempt)
            return
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            self.body(node, exempt)
            return
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            return  # a string alone as a statement: a docstring
        if isinstance(node, ast.Call):
            self.call(node, exempt)
            return
        if isinstance(node, ast.Dict):
            for key in node.keys:
                if key is not None:
                    self.visit(key, True)
            for value in node.values:
                self.visit(value, exempt)
            return
        if isinstance(node, ast.Subscript):
            self.visit(node.value, exempt)
            self.visit(node.slice, True)
            return
        if isinstance(node, ast.Compare):
            for part in (node.left, *node.comparators):
                self.visit(part, True if isinstance(part, ast.Constant | ast.Tuple | ast.List | ast.Set) else exempt)
            return
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            named = any(EXEMPT_NAMES.fullmatch(_name(t)) for t in targets if isinstance(t, ast.Name | ast.Attribute))
            if isinstance(node, ast.AnnAssign):
                self.visit(node.annotation, True)
            if node.value is not None:
                self.visit(node.value, exempt or named)
            for t in targets:
                self.visit(t, exempt)
            return
        if isinstance(node, ast.Assert):
            self.visit(node.test, exempt)
            if node.msg is not None:
                self.visit(node.msg, True)
            return
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and _name(node.exc.func) in DEVELOPER_ERRORS:
            self.visit(node.exc, True)
            return
        if isinstance(node, ast.arg):
            if node.annotation is not None:
                self.visit(node.annotation, True)
            return
        for child in ast.iter_child_nodes(node):
            self.visit(child, exempt)

    def body(self, node: ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef, exempt: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for decorator in node.decorator_list:
                self.visit(decorator, exempt)
            self.visit(node.args, exempt)
            if node.returns is not None:
                self.visit(node.returns, True)
            exempt = exempt or node.name == "__repr__"
        elif isinstance(node, ast.ClassDef):
            for part in (*node.decorator_list, *node.bases, *node.keywords):
                self.visit(part, exempt)
        docstring = _docstring_of(node.body)
        for statement in node.body:
            if statement is not docstring:
                self.visit(statement, exempt)

    def call(self, node: ast.Call, exempt: bool) -> None:
        name = _name(node.func)
        self.visit(node.func, exempt)
        if name in MARKERS:
            for arg in node.args:
                if isinstance(arg, ast.JoinedStr):
                    self.report(arg, _joined(arg), f"an f-string inside {name}() cannot be extracted")
                self.visit(arg, True)
            for kw in node.keywords:
                self.visit(kw.value, exempt)
            return
        whole = (
            (name in LOG_METHODS and _receiver(node.func) in LOGGERS)
            or (name in REGEX_FUNCTIONS and _receiver(node.func) == "re")
            or name in KEY_METHODS
        )
        for i, arg in enumerate(node.args):
            self.visit(arg, exempt or whole or (i == 0 and name == "RuleError"))
        for kw in node.keywords:
            self.visit(kw.value, exempt or whole or kw.arg in SINK_KEYWORDS)


def unmarked(source: str, path: str = "<snippet>") -> list[str]:
    """The strings of ``source`` a person reads that are not marked for translation, one line each (the module's
    docstring says which)."""
    finder = _Finder(source, path)
    finder.visit(ast.parse(source))
    return finder.found


def files(folders: list[str]) -> list[Path]:
    out: list[Path] = []
    for folder in folders:
        path = ROOT / folder
        out += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return [p for p in out if str(p.relative_to(ROOT)) not in NOT_READ]


# The tests ---------------------------------------------------------------------------------------------------
def test_every_message_a_person_reads_in_the_marked_folders_is_marked():
    found = [
        line
        for path in files(FOLDERS)
        for line in unmarked(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not found, "\n".join(found)


SNIPPET = '''\
"""A module's docstring is for developers."""
import logging
import re
from rules.i18n import _, N_, ngettext

log = logging.getLogger(__name__)
TITLES = {"rent": N_("Pay rent"), "buy": N_("Buy a deed")}
DEFAULT_CSS = "Screen { align: center middle; }"


def f(app, web, Static, RuleError, db, request, n, name):
    """A function's docstring too."""
    log.warning("a log line for developers: %s", name)
    pattern = re.compile(r"(?P<payer>\\w+) pays (?P<owner>\\w+)")
    db.execute("SELECT name FROM players WHERE seat = ?", (1,))
    accept = request.headers.get("Accept-Language", "")
    if accept == "no thanks":
        return {"content type": "text/html; charset=utf-8"}
    app.notify(_("Rent recorded for {name}").format(name=name))
    app.notify(ngettext("{n} house", "{n} houses", n).format(n=n))
    app.notify("Rent recorded for Bob")
    raise RuleError("seed 000, HOUSES", "You cannot build on a mortgaged group")
    Static("Welcome to the table")
    web.Response(text="No such page: ask the banker for your link.")
    html = f"<h2>Deeds of {name}</h2><p class='muted turn'>{n}</p>"
    picture = '<img src="/chart.svg" alt="Worth over the game">'
    label = "Withdraw"
    mixed = "Sent to the banker: " + name
    late = _(f"Rent for {name}")
    policy = "default-src 'none'; script-src 'self'"  # i18n-exempt: a header's value
    web.Response(text="<p>ok</p>", content_type="text/html")
    assert n, "n is never zero here"
    raise TypeError("expected a str here")
'''
CAUGHT = {
    'app.notify("Rent recorded for Bob")': "Rent recorded for Bob",
    "RuleError(": "You cannot build on a mortgaged group",
    "Static(": "Welcome to the table",
    'web.Response(text="No such': "No such page: ask the banker for your link.",
    "html = ": "<h2>Deeds of {}</h2><p class='muted turn'>{}</p>",
    "picture = ": '<img src="/chart.svg" alt="Worth over the game">',
    "label = ": "Withdraw",
    "mixed = ": "Sent to the banker:",
    "late = ": "an f-string inside _()",
    'text="<p>ok</p>"': "<p>ok</p>",
}


def test_the_checker_finds_an_unmarked_message_wherever_a_person_reads_one_and_nothing_else():
    found = unmarked(SNIPPET)
    lines = SNIPPET.splitlines()
    expected = sorted(next(n for n, line in enumerate(lines, 1) if where in line) for where in CAUGHT)
    assert sorted(int(f.split(":")[1]) for f in found) == expected, "\n".join(found)
    for what in CAUGHT.values():
        assert any(what[:40] in f for f in found), (what, found)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("no rent", True),
        ("a deed", True),
        ("Cash", True),
        ("recorded.", True),
        ("<strong>now</strong>", True),
        ('<span class="tag warn">in jail</span>', True),
        (' aria-label="Your money"', True),
        ("{payer} pays {owner} {amount}", True),
        ("[b]Rent[/b] is due", True),
        ("declined", False),  # one lowercase word: keep it in a table marked N_ (the docstring says so)
        ("text/event-stream; charset=utf-8", False),
        ("player", False),
        ("card-{}", False),
        ('<td class="num">{}</td>', False),
        ("%H:%M", False),
        ("{}: {}", False),
        ("x y", False),
        ("banker.web", False),
        ("snake_case_name", False),
    ],
)
def test_sentence_like_is_what_a_person_reads(text, read):
    assert sentence_like(text) is read


def test_every_shipped_language_translates_every_message_of_every_domain(tmp_path):
    templates = catalogues.extract_into(DOMAINS, tmp_path)  # from the code as it is now, not from the tree
    found = [line for domain, template in templates.items() for line in catalogues.problems(domain, template)]
    assert not found, "\n".join(found)
    for domain, template in templates.items():  # the tree's templates are the code's (extract was run)
        kept = catalogues.template_path(domain)
        if not len(template):
            assert not kept.exists(), f"{kept} has messages the code no longer marks"
            continue
        made = catalogues.template_path(domain, tmp_path)
        assert kept.is_file(), f"{kept} is missing: python -m banker.catalogues extract {domain}"
        assert _ids(kept) == _ids(made), f"{kept} is stale: python -m banker.catalogues update {domain}"


def _ids(path: Path) -> list[tuple[object, object]]:
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return sorted((str(m.id), m.context or "") for m in read_po(f) if m.id)


def test_the_catalogue_check_names_each_way_a_translation_falls_short(tmp_path):
    template = Catalog(domain="demo")
    for message in (
        "Bob pays {owner} {amount}",
        "Nothing yet.",
        "A fuzzy one",
        "<strong>{name}</strong> to play",
        "Missing here",
        ("{n} house", "{n} houses"),
        "rent <payer> <deed>",
    ):
        template.add(message)
    for code in LANGUAGES:
        if code == SOURCE:
            continue
        po = Catalog(locale=code, domain="demo")
        po.add("Bob pays {owner} {amount}", "Bob zahlt {owner} {betrag}")  # a placeholder renamed
        po.add("Nothing yet.", "")  # untranslated
        po.add("A fuzzy one", "Ein unscharfer", flags=["fuzzy"])
        po.add("<strong>{name}</strong> to play", "{name} ist dran")  # the markup lost
        po.add(("{n} house", "{n} houses"), ("ein Haus", "{n} Häuser"))  # one form without {n}: allowed
        po.add("rent <payer> <deed>", "miete <Zahler> <Grundstück>")  # a command's words in brackets: no tags
        path = catalogues.po_path("demo", code, tmp_path)
        path.parent.mkdir(parents=True)
        from babel.messages.pofile import write_po

        with path.open("wb") as f:
            write_po(f, po)
    found = [line for line in catalogues.problems("demo", template, tmp_path) if "/de/" in line]
    said = "\n".join(found)
    assert len(found) == 5, said
    for what in (
        "placeholders ['betrag', 'owner'], not ['amount', 'owner']",
        "not translated",
        "fuzzy",
        "HTML tags",
        "'Missing here': not in the catalogue",
    ):
        assert what in said, (what, said)
    (tmp_path / "es" / "LC_MESSAGES" / "demo.po").unlink()
    assert any(
        line.endswith("missing (7 messages to translate)") for line in catalogues.problems("demo", template, tmp_path)
    )


def test_the_catalogues_command_checks_and_says_so(capsys):
    assert catalogues.main(["check", "web"]) == 0
    assert "every shipped catalogue translates" in capsys.readouterr().out


def test_the_extractor_finds_every_marked_message_an_f_string_s_too_and_the_translators_note():
    import io

    source = b"""
from rules.i18n import N_, _, ngettext, pgettext
# Translators: the page's heading
heading = f"<h2>{h(_('Deeds'))}</h2>"
count = ngettext("{n} house", "{n} houses", n)
word = pgettext("form field", "deed")
later = N_("Pay the fine")
shown = _(later)
"""
    from babel.messages.extract import extract

    found = {
        (str(message), context, tuple(comments))
        for _line, message, comments, context in extract(
            catalogues.extract_python, io.BytesIO(source), catalogues.KEYWORDS, catalogues.COMMENT_TAGS, {}, True
        )
    }
    assert found == {
        ("Deeds", None, ("the page's heading",)),
        ("('{n} house', '{n} houses')", None, ()),
        ("deed", "form field", ()),
        ("Pay the fine", None, ()),
    }


def test_the_texts_of_data_files_are_extracted_by_the_keys_a_domain_names():
    import io

    data = b"""
key = "standard"
title = "Standard"
summary = "The full rule book."
aliases = ["classic", "full"]
[[chance]]
id = "go"
text = "Advance to Go"
[[chance]]
text = "Go to jail"
"""
    from babel.messages.extract import extract

    found = [
        message
        for _line, message, _comments, _context in extract(
            catalogues.extract_toml, io.BytesIO(data), catalogues.KEYWORDS, (), {"keys": "title,text"}
        )
    ]
    assert found == ["Standard", "Advance to Go", "Go to jail"]
