"""Which words of the data files are Banker's, said in the reader's language, and which are the box's, said as
printed (issue 36; docs/languages.md).

A variant's title and summary, an edition's title and the name of its money, and a colour group's title are
Banker's words about a game: they are written in English in the files, are messages of the ``rules`` catalogue,
and are translated where they are shown (``_(variant.title)``, ``variant.summary_on(board)``,
``_(group.title)``). What the box prints stays as printed in every language: the squares' and deeds' names (a German
board's file already names Schloßallee) and the cards' texts (a card is read out as the deck in the box says it).

:func:`extract` is a Babel extraction method for the data files (``rules.data.texts:extract`` in a mapping for
``**.toml``): it yields exactly the texts of :data:`TRANSLATED`. Standard library only, like the rest of ``rules``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from typing import IO, Any

TRANSLATED: dict[str, tuple[str, ...]] = {
    "variant": ("title", "summary"),
    "edition": ("title", "currency_name", "groups.*.title"),
}
"""The keys read in the reader's language, by kind of data file (``groups.*.title``: each group's title). A
variant's summary names the board's figures in braces (``{income_tax}``); a translation keeps them."""


def kind_of(data: dict[str, Any]) -> str | None:
    """What kind of data file ``data`` is: an edition (it has squares), a variant (a summary), else None (a deck)."""
    if "square" in data:
        return "edition"
    if "summary" in data and "key" in data:
        return "variant"
    return None


def texts(data: dict[str, Any]) -> list[str]:
    """The texts of :data:`TRANSLATED` in a data file, in the file's order (none for a deck: its cards' texts are
    the box's)."""
    kind = kind_of(data)
    out: list[str] = []
    for key in TRANSLATED.get(kind or "", ()):
        if key.startswith("groups.*."):
            field = key.removeprefix("groups.*.")
            groups = data.get("groups", {})
            out += [g[field] for g in groups.values() if isinstance(g, dict) and isinstance(g.get(field), str)]
        elif isinstance(data.get(key), str) and data[key]:
            out.append(data[key])
    return out


def extract(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for a data file: each translated text with the line it is on."""
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    for text in texts(tomllib.loads(source)):
        quoted = f'"{text}"'
        line = next((n for n, ln in enumerate(lines, 1) if quoted in ln), 0)
        yield line, None, text, []
