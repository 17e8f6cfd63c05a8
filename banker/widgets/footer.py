"""A Footer that rebuilds its keys only when the bindings really change.

Textual's Footer recomposes all of its keys whenever the screen signals that bindings *may* have changed (mount,
focus moves, dialogs closing). The table shows two dozen keys, so those rebuilds were the largest cost of start-up
and of closing every dialog; comparing the active bindings first skips the ones that change nothing.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer


class TableFooter(Footer):
    _signature: tuple | None = None

    def __init__(self, *args, mounted_late: bool = False, **kwargs) -> None:
        """``mounted_late``: the screen is already showing, so the bindings are ready and no signal will say so;
        the keys are composed at once (the table mounts its footer just after its first frame)."""
        super().__init__(*args, **kwargs)
        if mounted_late:
            self.set_reactive(Footer._bindings_ready, True)

    def _bindings_signature(self) -> tuple:
        return tuple((key, binding.action, binding.description, binding.show, enabled)
                     for key, (_node, binding, enabled, _tooltip) in self.screen.active_bindings.items())

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._signature = self._bindings_signature()
        yield from super().compose()

    def bindings_changed(self, screen) -> None:
        if (self._signature is not None and self.is_attached and screen is self.screen
                and self._bindings_signature() == self._signature):
            self._bindings_ready = True
            return
        super().bindings_changed(screen)
