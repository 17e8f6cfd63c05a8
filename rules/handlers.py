"""Imports every module that registers action handlers with :func:`rules.engine.handles`."""

from rules import (  # noqa: F401
    bankruptcy,
    buildings,
    cards,
    deeds,
    jail,
    mortgages,
    payments,
    rent,
    setup,
    taxes,
    trades,
    turns,
)
