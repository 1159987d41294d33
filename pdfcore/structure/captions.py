"""Captions ("Figure 3:", "Table 2.") tied to the nearest figure or table on the page, a table's
caption to a table and a figure's to a figure first.
"""

from __future__ import annotations

from pdfcore.models import Box, Table
from pdfcore.structure.style import DocumentStyle
from pdfcore.structure.units import Unit

#: A caption is tied to a figure or table at most this many body lines away.
CAPTION_LINES = 4.0


class _Captions(dict):  # type: ignore[type-arg]
    """(kind, index) -> caption text, and the caption units used."""

    def __init__(self) -> None:
        super().__init__()
        self.values_units: list[Unit] = []


def tie_captions(
    units: list[Unit], figures: list[tuple[str, Box]], tables: list[Table], style: DocumentStyle
) -> _Captions:
    out = _Captions()
    line = max(style.body_size, 8.0) * 1.2
    reach = CAPTION_LINES * line
    pairs: list[tuple[float, int, tuple[str, int]]] = []
    caps = [u for u in units if u.kind == "caption"]
    targets = [(("f", k), box) for k, (_, box) in enumerate(figures)] + [
        (("t", k), t.bbox) for k, t in enumerate(tables)
    ]
    for c, u in enumerate(caps):
        is_table = u.text.lower().startswith(("tab", "tableau"))
        for key, box in targets:
            if u.x1 <= box.x0 or u.x0 >= box.x1:
                continue
            below = u.y0 - box.y1
            above = box.y0 - u.y1
            gap = below if below >= -2 else above if above >= -2 else None
            if gap is None or gap > reach:
                continue
            # a table caption with a table, a figure caption with a figure, before anything else
            penalty = 0.0 if (key[0] == "t") == is_table else 1000.0
            pairs.append((penalty + max(gap, 0.0), c, key))
    used_caps: set[int] = set()
    for _, c, key in sorted(pairs):
        if c in used_caps or key in out:
            continue
        used_caps.add(c)
        out[key] = caps[c].text
        out.values_units.append(caps[c])
    return out
