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

from rules.state import OMITTED_WHEN_DEFAULT, SAVED_BEFORE, GameState

if TYPE_CHECKING:
    from rules.actions import Action


def to_dict(obj: Any) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        fields = dataclasses.fields(obj)
        return {f.name: to_dict(getattr(obj, f.name)) for f in fields if not (f.metadata and _left_out(f, obj))}
    if isinstance(obj, (tuple, list)):
        return [to_dict(x) for x in obj]
    return obj


def _left_out(f: dataclasses.Field[Any], obj: Any) -> bool:
    """The field is left out of the saved dict: it holds what a dict saved before the field existed stands for (its
    default, :data:`rules.state.OMITTED_WHEN_DEFAULT`; or the value it had then, :data:`rules.state.SAVED_BEFORE`)."""
    meta = f.metadata
    value = getattr(obj, f.name)
    if SAVED_BEFORE in meta:
        return bool(value == meta[SAVED_BEFORE])
    return bool(meta.get(OMITTED_WHEN_DEFAULT) and value == f.default)


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
    values = {name: _value(hint, data[name]) for name, hint in _fields(cls) if name in data}
    for name, then in _saved_before(cls):
        values.setdefault(name, then)
    return cls(**values)


@functools.cache
def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """Each field's name and resolved type: resolving the string annotations is most of the cost of decoding a
    state, and they never change."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


@functools.cache
def _saved_before(cls: type) -> tuple[tuple[str, Any], ...]:
    """The fields a dict saved before they existed lacks, and what they held then when that is not their default
    (:data:`rules.state.SAVED_BEFORE`)."""
    return tuple((f.name, f.metadata[SAVED_BEFORE]) for f in dataclasses.fields(cls) if SAVED_BEFORE in f.metadata)


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
