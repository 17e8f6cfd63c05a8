"""Keys typed ahead land where they were meant, once, in order.

Textual runs a key's binding only after the key has travelled up to the app, one message queue at a time, and it
moves the focus with a deferred call; keys that arrive in one burst (a fast typist, a paste, an app busy for a
moment) are meanwhile handed to whichever widget had the focus. So ``/go bob⏎`` could open the GO dialog on the
``g``, and ``b baltic⏎`` could lose the deed typed before the dialog was up. The table and the dialogs therefore
take their keys as each one arrives (``on_key``), move the focus at once, and pass on what belongs to the screen
that is (or is about to be) on top:

* the table runs its action keys itself; a key that reaches it while a dialog it opened is on top goes to that
  dialog;
* a dialog not yet mounted keeps the keys it is given and plays them when it is ready;
* a dialog that has closed hands the keys that still reach it (or its fields) back to the screen below.
"""

from __future__ import annotations

from typing import Protocol


class TakesKeys(Protocol):
    def take_key(self, key: str, character: str | None) -> bool:
        """Handle one key as if it had been typed on this screen now; False if it means nothing here."""


def printable(key: str, character: str | None) -> bool:
    return character is not None and len(character) == 1 and character.isprintable()


def hand_on(screen, key: str, character: str | None) -> bool:
    """Give a key to ``screen`` if it takes typed-ahead keys (the table or a dialog)."""
    take = getattr(screen, "take_key", None)
    return bool(take(key, character)) if take is not None else False
