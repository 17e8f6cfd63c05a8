"""Numbers with a fraction a person reads in the reports and the CLI (an average rank, a win rate, a file's size), as
the language read here writes them: English exactly as Python's format wrote it (``2.50``, ``50%``), the others by
Babel's locale data (``2,50``, ``50 %``). Whole counts are :func:`banker.language.number`'s."""

from __future__ import annotations

from banker.language import SOURCE, spoken


def decimal(value: float, places: int) -> str:
    """``value`` with ``places`` decimals: ``2.50``, ``1,234.5``; ``2,50`` in German."""
    code = spoken()
    if code == SOURCE:
        return f"{value:,.{places}f}"
    from babel.numbers import format_decimal

    return format_decimal(value, format="#,##0." + "0" * places, locale=code)


def percent(share: float) -> str:
    """A share (0 to 1) as a whole percentage: ``50%``; ``50 %`` in German, French and Spanish."""
    code = spoken()
    if code == SOURCE:
        return f"{share:.0%}"
    from babel.numbers import format_percent

    return format_percent(share, locale=code)
