"""JSON Schemas for tool outputs, derived from the result classes in :mod:`pdfcore.results`.

The schema follows the wire form produced by :mod:`pdfcore.serde`: optional fields (declared
with ``opt``) are not required, boxes and clips are 4-number arrays, tuples are arrays.
"""

from __future__ import annotations

import copy
import functools
import types
import typing
from typing import Any, Union, get_args, get_origin

import attrs

from pdfcore.models import Box, Clip
from pdfcore.serde import OPTIONAL_KEY


def schema_for(cls: type) -> dict[str, Any]:
    """The output schema of a result class (a fresh copy: callers may change it)."""
    return copy.deepcopy(_schema_for(cls))


@functools.cache
def _schema_for(cls: type) -> dict[str, Any]:
    # Cached: result classes nest the same parts (matches, boxes, pages) many times over.
    hints = typing.get_type_hints(cls)
    props: dict[str, Any] = {}
    required: list[str] = []
    for f in attrs.fields(cls):
        if f.metadata.get(OPTIONAL_KEY):
            props[f.name] = _type_schema(_strip_none(hints[f.name]))
        else:
            props[f.name] = _type_schema(hints[f.name])
            required.append(f.name)
    return {"type": "object", "properties": props, "required": required}


def _strip_none(tp: Any) -> Any:
    if get_origin(tp) in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return tp


def _type_schema(tp: Any) -> dict[str, Any]:
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return {"anyOf": [_type_schema(a) for a in get_args(tp)]}
    if tp is type(None):
        return {"type": "null"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer"}
    if tp is float:
        return {"type": "number"}
    if tp is str:
        return {"type": "string"}
    if tp is bytes:
        return {"type": "string", "contentEncoding": "base64"}
    if tp in (Box, Clip):
        return {"type": "array", "items": {"type": "number"}, "minItems": 4, "maxItems": 4}
    if tp is Any or tp is object:
        return {}
    if origin is tuple or origin is list:
        args = get_args(tp)
        item = args[0] if args else Any
        return {"type": "array", "items": _type_schema(item)}
    if origin is dict:
        args = get_args(tp)
        value = args[1] if len(args) == 2 else Any
        return {"type": "object", "additionalProperties": _type_schema(value)}
    if attrs.has(tp):
        return _schema_for(tp)
    raise TypeError(f"no JSON schema for {tp!r}")
