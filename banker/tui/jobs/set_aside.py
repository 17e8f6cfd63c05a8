"""What the key order set aside, shown (:class:`banker.tui.keyorder.Told`): one line at the top of the screen that
set the keys aside, with the bell once (``[keyboard] bell``), and the toast offering them once that screen closed
(docs/architecture.md, "Keys act in the context the banker saw")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.notifications import Notification, Notify
from textual.widgets import Static

from banker.tui.keyorder import SetAside, Told, Typed, Why, typed_text
from banker.tui.textual_private import withdraw_notification
from rules.i18n import _

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from banker.tui.jobs import AppHost


class SetAsideLine(Static):
    """The one line at the top of a screen the app opened on its own that says which keys were typed before it and
    set aside (:mod:`banker.tui.keyorder`)."""

    DEFAULT_CSS = """
    SetAsideLine {
        color: $warning;
        text-style: bold;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """


class KeysShown(Told):
    """Tells the banker what the app's key order set aside and offers it again."""

    def __init__(self, app: AppHost) -> None:
        self.app = app
        self.offer: Notification | None = None
        """The toast offering the keys a closed screen set aside, while the offer is open."""

    def keys_set_aside(self, aside: SetAside) -> None:
        """One line in the screen that set the keys aside (at the top of its dialog box), and the bell once."""
        screen = aside.screen
        if not screen.is_mounted:  # opened a moment ago: said once it is composed
            screen.call_after_refresh(self.keys_set_aside, aside)
            return
        if not screen.is_attached:
            return
        if aside.why == "opened":
            said = _("`{keys}` was typed before this opened and not used (Ctrl+R later)")
        else:
            said = _("`{keys}` was typed before the refusal and not used (Ctrl+R later)")
        boxes = screen.query(".dialog-box")
        box = boxes.first() if boxes else screen
        # one line in the dialog box: its own width where it is laid out (the trade dialog's is narrower than the
        # screen: "(Ctr…" was cut at 120 columns, a game-night review), else the screen's less a box's edges
        width = box.content_size.width or self.app.size.width - 5
        room = width - 2 - len(said.format(keys=""))
        line = Text("⚠ " + said.format(keys=typed_text(aside.keys, max(12, min(40, room)))))
        shown = screen.query("#set-aside").results(Static)
        widget = next(iter(shown), None)
        if widget is not None:
            widget.update(line)
        else:
            widget = SetAsideLine(line, id="set-aside")
            box.mount(widget, before=1 if len(box.children) > 1 and box is not screen else 0)
        if not aside.told:
            aside.told = True
            if self.app.keys_bell:
                self.app.bell()

    def aside_ended(self, screen: Screen[Any]) -> None:
        for line in screen.query("#set-aside").results(SetAsideLine):
            line.remove()

    def keys_offered(self, keys: list[Typed], why: Why = "opened") -> None:
        self.offer_ended()  # one offer on show: the one with every key offered
        if why == "opened":
            said = _(
                "`{keys}` was set aside, not used (typed before the dialog showed): Ctrl+R types it now, any other"
                " key drops it."
            )
        else:  # a refusal set them aside (the toast said "before the dialog showed": a game-night review)
            said = _(
                "`{keys}` was set aside, not used (typed before the refusal showed): Ctrl+R types it now, any other"
                " key drops it."
            )
        self.offer = Notification(
            said.format(keys=typed_text(keys)),
            title=_("Keys set aside"),
            severity="warning",
            timeout=10,  # the offer lasts until the next key, and the toast with it; unanswered, it goes after 10 s
        )
        self.app.post_message(Notify(self.offer))

    def offer_ended(self) -> None:
        """The next key answered the offer: its toast goes (it said Ctrl+R types the keys, which is no longer so)."""
        if self.offer is not None:
            withdraw_notification(cast("App[Any]", self.app), self.offer)  # the host is the Textual app
            self.offer = None


__all__ = ["KeysShown"]
