"""The table in another language, for the tests of issue 36: the banker's language installed for a test (and English
put back), the TUI's catalogue read as the translators wrote it, and what a screen shows read from its widgets."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po
from rich.console import Console
from textual.screen import Screen
from textual.widgets import Button, Checkbox, DataTable, Input, Label, OptionList, Static, Tab, Tabs
from textual.widgets._footer import FooterKey

from banker import language

LANGUAGES = ("de", "fr", "es")
"""The languages Banker ships besides English."""
TUI = Path(language.LOCALE_DIR)


@contextmanager
def banker_language(code: str) -> Iterator[None]:
    """The banker's language is ``code`` while the block runs (as ``LANGUAGE=code`` makes it at launch); English
    after, whatever happens (tests run in English)."""
    language.install(code)
    try:
        yield
    finally:
        language.install(language.SOURCE)


@cache
def translations(code: str) -> dict[str, str]:
    """The TUI's messages and their translation into ``code`` (each plural form as a message of its own)."""
    out = {}
    with (TUI / code / "LC_MESSAGES" / "tui.po").open("rb") as po:
        for m in read_po(po):
            if not m.id:
                continue
            ids = [m.id] if isinstance(m.id, str) else list(m.id)
            strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
            out[ids[0]], out[ids[-1]] = strings[0], strings[-1]
    return out


@cache
def elsewhere() -> str:
    """The text of every other part of Banker's sources and data (the engine, the command language, the views...):
    what they say is theirs to translate, in their own catalogues."""
    root = TUI.parents[1]
    files = [*(root / "rules").rglob("*.py"), *(root / "rules").rglob("*.toml"), *(root / "banker").rglob("*.py")]
    return "\n".join(f.read_text(encoding="utf-8") for f in files if "tui" not in f.relative_to(root).parts)


@cache
def english_pieces(code: str) -> frozenset[str]:
    """The pieces of English sentences only the TUI shows (a message's text between its placeholders, of two words or
    more; none that another part of Banker also says) that its ``code`` translation does not hold: found on a screen
    in ``code``, they are English left untranslated."""
    pieces = set()
    for english, translated in translations(code).items():
        for piece in re.split(r"\{\w*\}", english):
            piece = piece.strip(" .,:;()")
            if len(piece.split()) >= 2 and len(piece) >= 8 and piece not in translated and piece not in elsewhere():
                pieces.add(piece)
    return frozenset(pieces)


def untranslated(code: str, texts: list[str]) -> list[str]:
    """The texts (a screen's, in ``code``) that hold a piece of an English sentence of the TUI, with the piece, or
    are one of its English words (a button, a label, a tab) left as they were."""
    pieces = english_pieces(code)
    found = [f"{piece!r} in {text!r}" for text in texts for piece in pieces if piece in text]
    words = {english for english, translated in translations(code).items() if " " not in english.strip()}
    theirs = set(translations(code).values())  # French "Payer" (Pay) is also English "Payer"
    return found + [repr(t) for t in texts if t.strip() in words and t.strip() not in theirs]


@cache
def their_words(code: str) -> frozenset[str]:
    """Words of the ``code`` translations that no English message of the TUI has: a text holding one speaks ``code``."""
    english = {w for m in translations(code) for w in re.findall(r"\w{4,}", m)}
    return frozenset(w for t in translations(code).values() for w in re.findall(r"\w{4,}", t) if w not in english)


def speaks(code: str, texts: list[str]) -> bool:
    """Some text of ``texts`` is in ``code``."""
    return any(set(re.findall(r"\w{4,}", t)) & their_words(code) for t in texts)


def plain(renderable: object, width: int = 200) -> str:
    """A widget's content as the text it shows."""
    text = getattr(renderable, "plain", None)
    if isinstance(text, str):
        return text
    if isinstance(renderable, str):
        return renderable
    console = Console(width=width, file=None, record=True, force_terminal=False, color_system=None)
    with console.capture() as captured:
        console.print(renderable)
    return captured.get()


def shown(screen: Screen) -> list[str]:
    """Every text ``screen`` shows: its labels and statics, buttons, fields' placeholders and values, lists' lines,
    tables' headings, tabs, and the footer's keys."""
    out = []
    for widget in screen.walk_children(with_self=False):
        if not widget.display or not widget.visible:
            continue
        if isinstance(widget, Input):
            out += [widget.placeholder, widget.value]
        elif isinstance(widget, Button):
            out.append(plain(widget.label))
        elif isinstance(widget, (Label, Static)):
            out.append(plain(widget.render(), max(widget.size.width, 20)))
        elif isinstance(widget, OptionList):
            out += [plain(widget.get_option_at_index(i).prompt) for i in range(widget.option_count)]
        elif isinstance(widget, DataTable):
            out += [plain(column.label) for column in widget.columns.values()]
        elif isinstance(widget, Tabs):
            out += [plain(tab.label) for tab in widget.query(Tab)]
        elif isinstance(widget, FooterKey):
            out.append(widget.description)
        elif hasattr(widget, "render") and type(widget).__name__ == "KeyBar":
            out.append(plain(widget.render()))
    return [text for text in out if text]


def cut(screen: Screen) -> list[str]:
    """What ``screen`` cannot show whole: a field's hint longer than the field, a field's label wider than its
    column (it wraps a word away), a button, a tab or a footer key beyond the screen's right edge."""
    out = []
    right = screen.size.width
    for widget in screen.query("*"):
        if not widget.display or not widget.visible or not widget.region:
            continue
        if isinstance(widget, Input) and not widget.value and len(widget.placeholder) > widget.content_region.width:
            out.append(f"hint {widget.placeholder!r} in {widget.content_region.width} cells")
        elif isinstance(widget, Checkbox) and (
            len(plain(widget.label)) + 4 > widget.content_region.width
            or widget.region.right > min(right, getattr(widget.parent, "content_region", widget.region).right)
        ):
            out.append(f"box {plain(widget.label)!r} in {widget.content_region.width} cells")
        elif isinstance(widget, Label) and widget.has_class("section"):
            text = plain(widget.render())
            edge = getattr(widget.parent, "content_region", widget.region).right
            if len(text) > widget.content_region.width * widget.content_region.height or widget.region.right > edge:
                out.append(f"heading {text!r} in {widget.content_region.width} cells")
        elif isinstance(widget, Label) and widget.has_class("field-label"):
            text = plain(widget.render())
            if len(text) > widget.content_region.width:
                out.append(f"label {text!r} in {widget.content_region.width} cells")
        elif isinstance(widget, (Button, FooterKey, Tab)) and widget.region.right > right:
            out.append(f"{type(widget).__name__} {plain(getattr(widget, 'label', ''))!r} beyond the edge")
    return out
