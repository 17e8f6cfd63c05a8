"""Times as people read them: the journal keeps ISO 8601 in UTC (``2026-11-24T06:13:00.000+00:00``); lists and the
CSV export show the local time of the machine, without the ``T`` and the zone (issue 22), as a spreadsheet reads
a date and time; a list a person reads writes the month as the language does (``24 Nov 2026``, ``24.11.2026``)."""

from __future__ import annotations

from datetime import UTC, datetime

from banker.language import SOURCE, spoken


def _moment(text: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except (TypeError, ValueError):
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone()


def spreadsheet_time(text: str) -> str:
    """``2026-11-24 07:13:00`` (local time), which spreadsheets read as a date and time; empty stays empty, and a
    text that is not a time is left as it is."""
    moment = _moment(text) if text else None
    return moment.strftime("%Y-%m-%d %H:%M:%S") if moment else text


def list_time(when: str | datetime, seconds: bool = False) -> str:
    """``24 Nov 2026, 07:13`` (local time; ``seconds``: ``07:13:00``), for a list a person reads, the month as the
    language answering here writes it (Babel's: ``24.11.2026, 07:13`` in German); a text that is not a time is left
    as it is."""
    moment = when.astimezone() if isinstance(when, datetime) else _moment(when) if when else None
    if moment is None:
        return str(when)
    clock = "%H:%M:%S" if seconds else "%H:%M"
    code = spoken()
    if code == SOURCE:
        return f"{moment.day} {moment.strftime('%b %Y, ' + clock)}"
    from babel.dates import format_date

    return f"{format_date(moment, 'medium', locale=code)}, {moment.strftime(clock)}"
