"""The export formats are one table (banker/reports/formats.py, issue 24), proven by the HTML standings page: one
entry and its golden files, read by `banker export`, the standings screen's keys and buttons and the golden test."""

from __future__ import annotations

import re
from dataclasses import replace
from html.parser import HTMLParser

import pytest

from banker.reports import formats
from banker.reports.files import write_export
from banker.reports.html import to_html
from tests.kit.exports import sample_report


class _Page(HTMLParser):
    """The page's tags and texts, as a browser parses them."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.texts.append(data)


def _parse(text: str) -> _Page:
    page = _Page()
    page.feed(text)
    return page


def test_the_html_page_is_self_contained_and_printable():
    text = to_html(sample_report())
    page = _parse(text)
    assert text.startswith("<!DOCTYPE html>") and "@media print" in text
    assert "script" not in page.tags and "link" not in page.tags and "img" not in page.tags  # nothing beside it
    assert page.tags.count("tr") == 1 + 3
    assert "Winner: Ann, second bankruptcy" in page.texts and "$4,520" in page.texts


def test_names_are_escaped_as_on_the_phone_pages():
    rep = sample_report()
    evil = '<script>alert("x")</script> & Co'
    rep = replace(rep, winner=evil, rows=(replace(rep.rows[0], name=evil), *rep.rows[1:]))
    text = to_html(rep)
    page = _parse(text)
    assert "script" not in page.tags
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co" in text
    assert any(evil in t for t in page.texts)


def test_a_uk_report_is_in_pounds():
    text = to_html(replace(sample_report(), edition="uk", currency="£"))
    assert "£4,520" in text and not re.search(r"\$\d", text)


@pytest.mark.parametrize("form", formats.FORMATS, ids=lambda f: f.key)
def test_every_format_renders_and_writes_by_its_entry(tmp_path, form):
    rep = sample_report()
    data = form.render(rep)
    assert isinstance(data, bytes) and data
    path = write_export(rep, form.key, tmp_path)
    assert path.name == f"banker-game-7-final{form.name}.{form.suffix}" and path.read_bytes() == data
    assert form.key in formats.KEYS


def test_the_cli_offers_every_format(tmp_path):
    from banker.cli.parser import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    export = sub.choices["export"]
    choices = next(a for a in export._actions if a.dest == "format").choices
    assert tuple(choices) == (*formats.KEYS, *formats.GAME_KEYS) and "html" in choices
