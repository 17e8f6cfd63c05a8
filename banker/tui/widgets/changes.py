"""What a new state changed of what the table shows, so a key redraws only that (issue 33).

The engine's states are frozen and share what an action left alone, so the difference between the state the table
last drew and the new one says which players, deeds and supply moved, whatever moved them: a key, an undo, another
terminal's command found by a reload. A rent is two players' cash, not the whole table.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from rules import GameState


@dataclass(frozen=True)
class Changes:
    """What to draw again."""

    players: frozenset[int]
    """The seats whose card changed: cash, worth (their deeds and buildings), jail, the turn's marker."""
    deeds: bool
    """An owner, a mortgage or a building: the deeds' panel."""
    bank: bool
    """The bank's houses and hotels, the pot, the end of the game: the bank's panel."""
    status: bool
    """Whose turn and which, the end of the game: the status line."""

    @property
    def any(self) -> bool:
        return bool(self.players) or self.deeds or self.bank or self.status


def changes(old: GameState | None, new: GameState) -> Changes:
    """What ``new`` changed of what the table showed of ``old`` (None: nothing shown yet, so everything)."""
    if old is new:
        return Changes(frozenset(), False, False, False)
    if old is None or (old.settings, old.over, len(old.players)) != (new.settings, new.over, len(new.players)):
        return Changes(frozenset(range(len(new.players))), True, True, True)
    # the same object is the same player or deed (the states share what an action left alone): compared field by
    # field only where the action made a new one (a dataclass's == compares every field, even of itself)
    players = {i for i, (a, b) in enumerate(zip(old.players, new.players, strict=True)) if a is not b and a != b}
    deeds = old.deeds != new.deeds
    if deeds:  # a deed's owners: their worth and deed count
        for a, b in zip(old.deeds, new.deeds, strict=True):
            if a is not b and a != b:
                players.update(h.owner for h in (a, b) if h.owner is not None)
    if old.turn != new.turn:  # the marker moves
        players.update((old.turn, new.turn))
    if old.turn_no != new.turn_no:  # the jail timer: "in jail, turn 2 of 3"
        players.update(i for i, p in enumerate(new.players) if p.jail is not None)
    bank = (old.houses, old.hotels, old.pot, old.end_reason) != (new.houses, new.hotels, new.pot, new.end_reason)
    status = (old.turn, old.turn_no, old.end_reason) != (new.turn, new.turn_no, new.end_reason)
    return Changes(frozenset(players), deeds, bank, status)


def redraw(panel: Static, content: VisualType, lines: int | None = None) -> None:
    """``panel`` shows ``content``, laying the screen out again only when the panel's height changes: Textual's
    ``Static.update`` lays out the whole screen, which cost a key more than all of Banker's own work (with 8 players,
    most of a rent's 20 ms went into laying out a table whose panels kept their sizes). ``lines``: the content's
    height when the caller knows it (lines that never wrap), which spares measuring it."""
    before = panel.size
    panel.update(content, layout=False)
    height = panel.styles.height
    follows = height is None or height.is_auto  # a fixed or shared height does not follow the content
    if hidden(panel):
        return  # laid out when it is shown again
    if not panel.is_mounted or not before.width:
        panel.refresh(layout=True)  # not laid out yet: its first layout is to come
    elif follows and (lines if lines is not None else panel.get_content_height(before, before, before.width)) != (
        before.height
    ):
        panel.refresh(layout=True)


def fitting_lines(text: Text, width: int) -> int | None:
    """1 when ``text`` is a line that fits ``width`` cells (its height known without wrapping it), else None: a
    line measured by wrapping cost a rent's Enter a tenth of a millisecond."""
    return 1 if width and "\n" not in text.plain and text.cell_len <= width else None


def show_text(panel: Static, text: Text) -> None:
    """``panel`` shows ``text`` (:func:`redraw`); the same text again changes nothing. A dialog's command and preview
    lines change with every key typed into a field, and a refusal is cleared by every one: each laid the whole
    screen out again, half of a typed key's time."""
    shown = panel.content
    if isinstance(shown, Text) and (shown.plain, shown.style, shown.spans) == (text.plain, text.style, text.spans):
        return
    redraw(panel, text, fitting_lines(text, panel.size.width))


def hidden(widget: Widget) -> bool:
    """``widget`` is mounted inside a panel the screen does not show now (on a narrow terminal the journal and the
    bank until v, the deeds after it): a new height of its changes nothing on the screen, and laying the screen out
    again for it (every key, for the journal's new entry at 80x24) is wasted; the layout that shows the panel again
    measures it then."""
    return widget.is_mounted and not all(node.display for node in widget.ancestors_with_self)


__all__ = ["Changes", "changes", "fitting_lines", "hidden", "redraw", "show_text"]
