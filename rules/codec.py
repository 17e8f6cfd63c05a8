"""Actions and states to and from plain JSON-able dicts, for the journal and the ``--json`` output.

Generic over the frozen dataclasses, so a new field needs no codec change; the action's verb names its type.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from enum import Enum
from typing import TYPE_CHECKING, Any

from rules.state import OMITTED_WHEN_DEFAULT, GameState

if TYPE_CHECKING:
    from rules.actions import Action


def to_dict(obj: Any) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {
            f.name: to_dict(getattr(obj, f.name))
            for f in dataclasses.fields(obj)
            if not (f.metadata.get(OMITTED_WHEN_DEFAULT) and getattr(obj, f.name) == f.default)
        }
    if isinstance(obj, (tuple, list)):
        return [to_dict(x) for x in obj]
    return obj


def action_to_dict(action: Action) -> dict[str, Any]:
    return {"verb": action.verb, **to_dict(action)}


def action_from_dict(data: dict[str, Any]) -> Action:
    from rules.actions import ACTION_TYPES  # on first use: decoding a saved state needs no action types

    data = dict(data)
    cls = ACTION_TYPES[data.pop("verb")]
    action: Action = _build(cls, data)
    return action


def state_to_dict(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = to_dict(state)
    return data


def state_from_dict(data: dict[str, Any]) -> GameState:
    state: GameState = _build(GameState, data)
    return state


def _build(cls: type, data: dict[str, Any]) -> Any:
    return cls(**{name: _value(hint, data[name]) for name, hint in _fields(cls) if name in data})


@functools.cache
def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """Each field's name and resolved type: resolving the string annotations is most of the cost of decoding a
    state, and they never change."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


def _value(hint: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(inner) == 1:
            return _value(inner[0], value)
        # ``Deck | Literal[""]``: the enum's word when it is one, else the value as written.
        for a in inner:
            if isinstance(a, type) and issubclass(a, Enum) and value in frozenset(a):
                return a(value)
        return value
    if origin is tuple:
        args = typing.get_args(hint)
        return tuple(_value(args[0], v) for v in value)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _build(hint, value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)  # the closed words (rules.words.Deck, ...): StrEnums, so they encode as written
    return value
