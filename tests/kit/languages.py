"""A test that reads Banker in another language than English: the banker's language installed for the block (as
the launch installs the settings' or the environment's), English put back after it, whatever happens."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from banker import language

SPOKEN = ("de", "fr", "es")
"""The languages Banker ships beside English."""


@contextmanager
def banker_speaks(code: str) -> Iterator[str]:
    """Within the block, ``code`` is the banker's language (:func:`banker.language.install`)."""
    language.install(code)
    try:
        yield code
    finally:
        language.install(language.SOURCE)
