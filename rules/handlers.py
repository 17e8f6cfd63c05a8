"""Imports every module that registers action handlers with :func:`rules.engine.handles`."""

from rules import (  # noqa: F401
    bankruptcy,
    buildings,
    cards,
    corrections,
    deeds,
    jail,
    mortgages,
    payments,
    position,
    rent,
    setup,
    side_deals,
    taxes,
    trades,
    turns,
)
