"""Banker: the Textual banker app, its journal, command language, CLI and exports."""

__version__ = "0.1.0"
