"""Subcommands for standings exports (being written)."""


def register(subparsers) -> None:
    """Add the export subcommands to the ``banker`` argument parser."""
