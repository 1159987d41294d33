"""Vertical CJK writing (tategaki): columns read right to left, in bands from top to bottom.

pdfium reports each vertical column as a line whose text already runs top to bottom; columns
it broke into one- or two-character pieces are joined again, and spaces it put between the
CJK characters of a column are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from attrs import evolve

from pdfcore.geometry import union
from pdfcore.layout.hyphens import SOFT_HYPHENS
from pdfcore.layout.scripts import CJK
from pdfcore.models import TextBlock, TextLine


def vertical_bands(lines: Sequence[TextLine]) -> list[tuple[float, list[TextBlock]]]:
    """Vertical CJK lines as blocks: (top of band, blocks) per band, bands top to bottom.

    Pieces of one column (stacked, overlapping horizontally) are joined first; columns whose
    heights overlap form a band, read right to left; neighbouring columns of the same width
    (no wider gap between them than a column) form a block with one column per line.
    """
    columns = _columns(lines)
    columns.sort(key=lambda c: (c.bbox.y0, -c.bbox.x1))
    bands: list[list[TextLine]] = []
    extent: list[tuple[float, float]] = []
    for col in columns:
        cy0, cy1 = col.bbox.y0, col.bbox.y1
        if bands:
            by0, by1 = extent[-1]
            if min(by1, cy1) - max(by0, cy0) > 0.3 * min(by1 - by0, cy1 - cy0):
                bands[-1].append(col)
                extent[-1] = (min(by0, cy0), max(by1, cy1))
                continue
        bands.append([col])
        extent.append((cy0, cy1))
    out: list[tuple[float, list[TextBlock]]] = []
    for band, (top, _) in zip(bands, extent, strict=True):
        band.sort(key=lambda c: (-c.bbox.x1, c.bbox.y0))
        groups: list[list[TextLine]] = []
        for col in band:
            if groups:
                prev = groups[-1][-1]
                w = max(prev.bbox.width, col.bbox.width, 1.0)
                similar = min(prev.bbox.width, col.bbox.width) >= 0.6 * w
                if prev.bbox.x0 - col.bbox.x1 <= w and similar:
                    groups[-1].append(col)
                    continue
            groups.append([col])
        out.append((top, [_vertical_block(g) for g in groups]))
    return out


def _columns(lines: Sequence[TextLine]) -> list[TextLine]:
    """Join stacked pieces of the same vertical column, top to bottom."""
    open_: list[list[TextLine]] = []
    for ln in sorted(lines, key=lambda ln: (ln.bbox.y0, ln.bbox.x0)):
        b = ln.bbox
        size = _char_size(ln)
        if b.width > 2 * size:
            open_.append([ln])  # wider than a column of its characters: not a clean piece
            continue
        for col in open_:
            prev = col[-1]
            last = prev.bbox
            step = max(size, _char_size(prev))
            if (
                last.width <= 2 * step
                and (last.x0 <= (b.x0 + b.x1) / 2 <= last.x1 or b.x0 <= (last.x0 + last.x1) / 2 <= b.x1)
                and -0.5 * step <= b.y0 - last.y1 <= 1.2 * step
            ):
                col.append(ln)
                break
        else:
            open_.append([ln])
    out: list[TextLine] = []
    for col in open_:
        if len(col) == 1:
            out.append(col[0])
        else:
            text = "".join(p.text.strip() for p in col)
            out.append(evolve(col[0], text=text, bbox=union(p.bbox for p in col)))
    return out


#: A space the extractor put between two CJK characters of a vertical column (from glyph
#: spacing, not from the text).
_CJK_SPACE = re.compile(f"(?<={CJK.pattern}) +(?={CJK.pattern})")


def _char_size(line: TextLine) -> float:
    """The size of one character of a vertical line (its height per non-space character)."""
    n = len(line.text) - line.text.count(" ")
    return max(line.bbox.height / max(n, 1), 1.0)


def _vertical_block(columns: list[TextLine]) -> TextBlock:
    text = "\n".join(_CJK_SPACE.sub("", c.text.translate(SOFT_HYPHENS).strip()) for c in columns)
    return TextBlock(text=text, bbox=union(c.bbox for c in columns), lines=tuple(columns))


def merge_vertical(blocks: list[TextBlock], bands: list[tuple[float, list[TextBlock]]]) -> list[TextBlock]:
    """Place each vertical band before the first horizontal block that starts below its top."""
    out: list[TextBlock] = []
    k = 0
    for block in blocks:
        while k < len(bands) and bands[k][0] <= block.bbox.y0:
            out.extend(bands[k][1])
            k += 1
        out.append(block)
    for _, vblocks in bands[k:]:
        out.extend(vblocks)
    return out
