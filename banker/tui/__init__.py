"""The terminal front end (Textual): the app (:mod:`banker.tui.app`), its key table (:mod:`banker.tui.keys`), screens,
dialogs and widgets, the stylesheet, and the one module that touches private Textual names
(:mod:`banker.tui.textual_private`). Only this package imports Textual or Rich (an import-linter contract)."""
