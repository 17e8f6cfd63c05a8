"""Times as people read them: the journal keeps ISO 8601 in UTC (``2026-11-24T06:13:00.000+00:00``); lists and the
CSV export show the local time of the machine, without the ``T`` and the zone (issue 22), as a spreadsheet reads
a date and time."""

from __future__ import annotations

from datetime import UTC, datetime


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


def list_time(text: str) -> str:
    """``24 Nov 2026, 07:13`` (local time), for a list a person reads; a text that is not a time is left as is."""
    moment = _moment(text) if text else None
    return f"{moment.day} {moment.strftime('%b %Y, %H:%M')}" if moment else text
