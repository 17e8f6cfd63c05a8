"""The one door every sentence a person reads goes through: gettext, from the standard library only (issue 36).

Every module of Banker, the engine's refusals included, marks its messages with :func:`_` (and :func:`ngettext` for
a count, :func:`pgettext` where one English word has two meanings, :data:`N_` for a message written at import time
and translated where it is shown). Placeholders are named and filled after translation,
``_("{payer} pays {owner} {amount}").format(...)``, because a translator may reorder them; an f-string cannot be
translated.

Which catalogue answers is chosen outside the engine (``rules/`` does no I/O): ``banker/language.py`` loads the
compiled catalogues and calls :func:`use_for_process` with the banker's language at launch, and the phone server
calls :func:`use_for_task` in each request with the phone's own, so two phones at one table read two languages
while the table reads the banker's. Until something is installed, the messages are the English they are written in.
"""

from __future__ import annotations

import gettext
from contextvars import ContextVar, Token

__all__ = [
    "N_",
    "_",
    "current",
    "in_source",
    "ngettext",
    "npgettext",
    "pgettext",
    "use_for_process",
    "use_for_task",
]

_process: gettext.NullTranslations = gettext.NullTranslations()
_task: ContextVar[gettext.NullTranslations | None] = ContextVar("banker_translations", default=None)


def current() -> gettext.NullTranslations:
    """The catalogue that answers here: this task's (a phone's request) if it chose one, else the banker's."""
    return _task.get() or _process


def use_for_process(translations: gettext.NullTranslations) -> None:
    """The banker's language, for every thread and task that chose none of its own."""
    global _process
    _process = translations


def use_for_task(translations: gettext.NullTranslations | None) -> Token[gettext.NullTranslations | None]:
    """This asyncio task's (or thread's) own language, until :meth:`ContextVar.reset` with the token returned."""
    return _task.set(translations)


def in_source() -> bool:
    """The current language is the one the messages are written in: nothing is translated (a catalogue-less
    ``NullTranslations``, English)."""
    return type(current()) is gettext.NullTranslations


def _(message: str) -> str:
    """``message`` in the current language (the English itself where the catalogue has none)."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or a plural form for ``n``, by the current language's plural rule."""
    return current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English in another ``context``."""
    return current().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a ``context``."""
    return current().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without translating it: for constants written at import time, before the
    language is known; translate them with :func:`_` where they are shown."""
    return message
