"""A phone's request body read within bounds (docs/phones.md, "The HTTP API"; issue 31).

Every body the request routes take is one flat set of short text fields: a JSON object of strings, or a form post.
Anything else is refused with one line naming what is wrong (the field, the limit) before it can cost more than
reading 4 KB: a body nested deeper than one object is refused by a scan of its text before any JSON parser sees it
(a parser recursing 2,000 levels deep was a 500), a form of more than :data:`MOST_FIELDS` fields, a field longer
than its limit (never cut or dropped: a dropped ``other`` made ``pay 5 to <long name>`` a payment to the bank) and a
value that is not text. No aiohttp here: the routes (:mod:`banker.web.requests`) read the body and call
:func:`fields`; the tests feed it generated bodies directly.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qsl

from banker.commands.lines import MAX_LINE

MAX_BODY = 4096
"""The largest request body a phone may send, in bytes."""
MOST_FIELDS = 20
"""The most fields a body may hold (the largest form of the page has seven)."""
FIELD_MAX = 200
"""The longest value of a form's field (a deed's or a player's name, an amount) in characters."""
LIMITS = {"line": MAX_LINE, "id": 64, "withdraw": 64}
"""Fields with limits of their own: a command line (as the command language takes one), a request's id."""
NAME_MAX = 32
"""The longest field name: the page's are a few letters."""
FORM = "application/x-www-form-urlencoded"


class BadBody(Exception):
    """A body the routes do not read: one line saying why (answered 422)."""


def fields(raw: bytes, content_type: str) -> dict[str, str]:
    """The fields of a body of at most :data:`~banker.web.bodies.MAX_BODY` bytes (the caller reads no more), or
    :class:`BadBody` saying why not. ``content_type``: a form post (``application/x-www-form-urlencoded``) or
    anything else, read as JSON."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadBody("The body is not UTF-8 text.") from None
    found = _form(text) if content_type == FORM else _json(text)
    for name, value in found.items():
        _check(name, value)
    return found


def _form(text: str) -> dict[str, str]:
    try:
        pairs = parse_qsl(text, keep_blank_values=True, max_num_fields=MOST_FIELDS)
    except ValueError:
        raise BadBody(f"The form has more than {MOST_FIELDS} fields.") from None
    return dict(pairs)


def _json(text: str) -> dict[str, str]:
    if not text.strip():
        return {}
    depth = nesting(text)
    if depth == 0:
        raise BadBody('The body must be a JSON object: {"id": ..., "line": ...}.')
    if depth > 1:
        raise BadBody("The body must be one JSON object of text fields, with no list or object inside it.")
    try:
        body = json.loads(text)
    except (ValueError, RecursionError):  # ValueError: not JSON, or a number of more digits than Python reads
        raise BadBody('The body is not JSON: send {"id": ..., "line": ...}.') from None
    if not isinstance(body, dict):
        raise BadBody('The body must be a JSON object: {"id": ..., "line": ...}.')
    if len(body) > MOST_FIELDS:
        raise BadBody(f"The body has {len(body)} fields; at most {MOST_FIELDS}.")
    found: dict[str, str] = {}
    for name, value in body.items():
        if not isinstance(value, str):
            raise BadBody(f"The field {_named(name)} must be text (a JSON string), not {_kind(value)}.")
        found[name] = value
    return found


def nesting(text: str) -> int:
    """How deep lists and objects nest in a JSON text (0: none), read without parsing it: brackets inside strings do
    not count. Stops counting past 2 (all a caller needs to know)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > 2:
                return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def _check(name: str, value: str) -> None:
    if len(name) > NAME_MAX:
        raise BadBody(f"A field's name is {len(name):,} characters long; at most {NAME_MAX}.")
    limit = LIMITS.get(name, FIELD_MAX)
    if len(value) > limit:
        raise BadBody(f"The field {_named(name)} is {len(value):,} characters long; at most {limit:,}.")


def _named(name: str) -> str:
    return json.dumps(name[:NAME_MAX], ensure_ascii=True)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    return "a list or an object"


__all__ = ["FIELD_MAX", "LIMITS", "MAX_BODY", "MOST_FIELDS", "BadBody", "fields", "nesting"]
