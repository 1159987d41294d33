"""The cattrs converters, used at the edges (MCP, CLI, store) only.

Result fields marked ``optional`` (see :func:`opt`) are left out of the wire form when they are
None, so conditional fields of the tool contracts are absent rather than null. Boxes become
``[x0, y0, x1, y1]`` lists rounded to 0.1 pt; clips become 3-decimal page fractions. The store
keeps them exactly (:func:`unstructure_exact`): a page read back from the cache is the page
that was written, so everything built on it (the Markdown's structure, where to look for
tables) comes out as it did from the page just extracted.
"""

from __future__ import annotations

from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn

from pdfcore.models import Box, Clip

OPTIONAL_KEY = "pdfcore_optional"


def opt(default: Any = None, **kwargs: Any) -> Any:
    """An attrs field left out of the wire form when it is None."""
    return attrs.field(default=default, metadata={OPTIONAL_KEY: True}, **kwargs)


def _make(*, exact: bool = False) -> cattrs.Converter:
    conv = cattrs.Converter()
    if exact:
        conv.register_unstructure_hook(Box, lambda b: [b.x0, b.y0, b.x1, b.y1])
        conv.register_unstructure_hook(Clip, lambda c: [c.x0, c.y0, c.x1, c.y1])
    else:
        conv.register_unstructure_hook(Box, lambda b: [round(b.x0, 1), round(b.y0, 1), round(b.x1, 1), round(b.y1, 1)])
        conv.register_unstructure_hook(Clip, lambda c: [round(c.x0, 3), round(c.y0, 3), round(c.x1, 3), round(c.y1, 3)])
    conv.register_structure_hook(Box, lambda v, _t: Box(*(float(x) for x in v)))
    conv.register_structure_hook(Clip, lambda v, _t: Clip(*(float(x) for x in v)))

    def factory(cls: type) -> Any:
        fields = attrs.fields(cls)
        optional = [f.name for f in fields if f.metadata.get(OPTIONAL_KEY)]
        base: Any = make_dict_unstructure_fn(cls, conv)
        if not optional:
            return base

        def unstructure(obj: Any) -> dict[str, Any]:
            d: dict[str, Any] = base(obj)
            for name in optional:
                if d.get(name) is None:
                    d.pop(name, None)
            return d

        return unstructure

    conv.register_unstructure_hook_factory(attrs.has, factory)
    return conv


converter = _make()
#: The store's: geometry kept exactly.
exact_converter = _make(exact=True)


def unstructure(obj: Any) -> Any:
    return converter.unstructure(obj)


def unstructure_exact(obj: Any) -> Any:
    """:func:`unstructure` with boxes and clips kept exactly (what the store writes)."""
    return exact_converter.unstructure(obj)


def structure(data: Any, cls: type[Any]) -> Any:
    return converter.structure(data, cls)
