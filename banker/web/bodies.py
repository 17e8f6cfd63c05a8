"""A phone's request body read within bounds (docs/phones.md, "The HTTP API"; issue 31).

Every body the request routes take is one flat set of short text fields: a JSON object of strings, or a form post.
A JSON body is read by the one reader of what a person hands Banker (:func:`rules.bounded.read_json`, within
:data:`REQUEST_BODY`: its size, UTF-8, nesting, count of values, the length and characters of every text), as the
settings, edition and game files are; a nested body is refused before the parser recurses (2,000 levels deep was a
500). What is a request's own is checked here, for JSON and forms alike: at most :data:`MOST_FIELDS` fields, each
value text, each field within its limit (never cut or dropped: a dropped ``other`` made ``pay 5 to <long name>`` a
payment to the bank) and free of control characters. Every refusal is one line naming the field or the place.
No aiohttp here: the routes (:mod:`banker.web.requests`) read at most :data:`MAX_BODY` bytes and call
:func:`fields`; the tests feed it generated bodies directly.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qsl

from banker.commands.lines import MAX_LINE
from banker.language import number
from rules.bounded import DataError, Limits, read_json
from rules.i18n import N_, _
from rules.names import control_at, shown

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
REQUEST_BODY = Limits(
    N_("a phone's request (one object, 20 fields)"),
    size=MAX_BODY,
    depth=1,
    values=1 + MOST_FIELDS,
    text=max(LIMITS.values()),
)
"""A JSON body as the bounded reader takes it: one object (no list or object inside it) of at most
:data:`MOST_FIELDS` values, none longer than the longest field may be."""
FORM = "application/x-www-form-urlencoded"


class BadBody(Exception):
    """A body the routes do not read: one line saying why (answered 422)."""


def fields(raw: bytes, content_type: str) -> dict[str, str]:
    """The fields of a body of at most :data:`~banker.web.bodies.MAX_BODY` bytes (the caller reads no more), or
    :class:`BadBody` saying why not. ``content_type``: a form post (``application/x-www-form-urlencoded``) or
    anything else, read as JSON."""
    found = _form(raw) if content_type == FORM else _json(raw)
    for name, value in found.items():
        _check(name, value)
    return found


def _form(raw: bytes) -> dict[str, str]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadBody(_("The body is not UTF-8 text.")) from None
    try:
        pairs = parse_qsl(text, keep_blank_values=True, max_num_fields=MOST_FIELDS)
    except ValueError:
        raise BadBody(_("The form has more than {n} fields.").format(n=MOST_FIELDS)) from None
    return dict(pairs)


def _json(raw: bytes) -> dict[str, str]:
    if not raw.strip():
        return {}
    try:
        body = read_json(raw, _("The body"), REQUEST_BODY)
    except DataError as e:
        raise BadBody(f"{e}.") from None
    if not isinstance(body, dict):
        raise BadBody(_("The body must be a JSON object: {example}.").format(example='{"id": ..., "line": ...}'))
    found: dict[str, str] = {}
    for name, value in body.items():
        if not isinstance(value, str):
            raise BadBody(
                _("The field {name} must be text (a JSON string), not {kind}.").format(
                    name=_named(name), kind=_kind(value)
                )
            )
        found[name] = value
    return found


def _check(name: str, value: str) -> None:
    if len(name) > NAME_MAX:
        raise BadBody(
            _("A field's name is {length} characters long; at most {most}.").format(
                length=number(len(name)), most=NAME_MAX
            )
        )
    limit = LIMITS.get(name, FIELD_MAX)
    if len(value) > limit:
        raise BadBody(
            _("The field {name} is {length} characters long; at most {most}.").format(
                name=_named(name), length=number(len(value)), most=number(limit)
            )
        )
    at = control_at(value)
    if at >= 0:
        raise BadBody(
            _("The field {name} holds a control character ({character}) at character {at}.").format(
                name=_named(name), character=shown(value[at]), at=at + 1
            )
        )


def _named(name: str) -> str:
    return json.dumps(name[:NAME_MAX], ensure_ascii=True)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("true or false")
    return _("a number")  # no list or object gets past the reader (REQUEST_BODY's depth)


__all__ = ["FIELD_MAX", "LIMITS", "MAX_BODY", "MOST_FIELDS", "REQUEST_BODY", "BadBody", "fields"]
