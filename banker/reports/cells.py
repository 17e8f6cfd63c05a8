"""Text padded by the cells a terminal gives it, not by its characters: a wide letter (CJK, most emoji) takes two
cells, a combining accent none. The plain tables of the CLI and the reports line up by it (a name with a combining
accent, "Zoë" written as "Zoe" and U+0308, is three cells in four characters)."""

from __future__ import annotations

import unicodedata


def cells(text: str) -> int:
    """The cells ``text`` takes on a terminal."""
    return sum(
        0
        if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf")
        else 2
        if unicodedata.east_asian_width(c) in ("W", "F")
        else 1
        for c in text
    )


def left(text: str, width: int) -> str:
    """``text`` padded on the right to ``width`` cells (a column aligned left)."""
    return text + " " * max(width - cells(text), 0)


def right(text: str, width: int) -> str:
    """``text`` padded on the left to ``width`` cells (amounts and counts, aligned right)."""
    return " " * max(width - cells(text), 0) + text
