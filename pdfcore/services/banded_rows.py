"""Tables shaded every other row and ruled nowhere else: where to look for them (for
:func:`pdfcore.services.table_regions.candidate_regions`).

Each shaded row is a band: a group of rules (the edges of its shaded cells) whose horizontal
rules stand at two heights only, its top and its foot, every vertical rule running from the one
to the other, with text in it. The unshaded rows between the bands have no edges at all, so the
ruled-grid search sees each band as a table of one row, and a table of wordy cells is running
text to the alignment search. Bands of one width (their sides within JOIN_TOL of each other),
MIN_BANDS of them at least, one under the other, each apart from the next by an unshaded row
(text in their width, none across their sides, its first line's top and its last line's foot
within ROW_PAD of its size from the bands over and under it: the rows touch) at most BAND_GAP
times as tall as the taller band, are one table: the region from the first band's top to the
last band's foot, and the unshaded row under the last band, when one touches it (its lines no
further under the foot than the tallest unshaded row between bands).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from pdfcore.geometry import union
from pdfcore.models import Box, TextLine
from pdfcore.services.ruled_grids import line_inside
from pdfcore.services.text_pieces import JOIN_TOL

#: Shaded rows one under the other, this many at least, make a striped table ...
MIN_BANDS = 3
#: ... each apart from the next by an unshaded row at most this many times the taller's height ...
BAND_GAP = 2.0
#: ... that touches them: its text within this share of its size of the bands over and under it.
ROW_PAD = 0.6


def striped_regions(groups: Sequence[tuple[list[Box], list[Box]]], lines: Sequence[TextLine]) -> list[Box]:
    """The regions of the page's striped tables (see the module docstring); ``groups``: the
    page's connected groups of rules (horizontal, vertical)."""
    bands = sorted((b for hs, vs in groups if (b := _band(hs, vs, lines)) is not None), key=lambda b: b.y0)
    runs: list[list[Box]] = []
    for band in bands:
        run = next((r for r in runs if _next_band(r[-1], band, lines)), None)
        if run is None:
            runs.append([band])
        else:
            run.append(band)
    return [_region(run, lines) for run in runs if len(run) >= MIN_BANDS]


def _band(hs: Sequence[Box], vs: Sequence[Box], lines: Sequence[TextLine]) -> Box | None:
    """The box of a shaded row of cells: rules at two heights, its sides and its cells' edges
    running from the top to the foot, text inside; else None."""
    if not hs or len(vs) < 2:
        return None
    ys = sorted((h.y0 + h.y1) / 2 for h in hs)
    top, foot = ys[0], ys[-1]
    if foot - top <= JOIN_TOL or any(top + 1.5 < y < foot - 1.5 for y in ys):
        return None
    if any(v.y0 > top + 1.5 or v.y1 < foot - 1.5 for v in vs):
        return None
    box = Box(min(r.x0 for r in (*hs, *vs)), top, max(r.x1 for r in (*hs, *vs)), foot)
    return box if any(line_inside(ln, box, 0.0) for ln in lines) else None


def _next_band(upper: Box, lower: Box, lines: Sequence[TextLine]) -> bool:
    """``lower`` is the band after ``upper`` in one striped table (see the module docstring)."""
    if abs(upper.x0 - lower.x0) > JOIN_TOL or abs(upper.x1 - lower.x1) > JOIN_TOL:
        return False
    gap = lower.y0 - upper.y1
    if gap <= JOIN_TOL or gap > BAND_GAP * max(upper.height, lower.height):
        return False
    between = [ln for ln in lines if upper.y1 < (ln.bbox.y0 + ln.bbox.y1) / 2 < lower.y0]
    if not between or any(ln.bbox.x0 < upper.x0 - JOIN_TOL or ln.bbox.x1 > upper.x1 + JOIN_TOL for ln in between):
        return False
    pad = ROW_PAD * max(ln.font_size or ln.bbox.height for ln in between)
    return min(ln.bbox.y0 for ln in between) - upper.y1 <= pad and lower.y0 - max(ln.bbox.y1 for ln in between) <= pad


def _region(run: Sequence[Box], lines: Sequence[TextLine]) -> Box:
    """The run's bands and the unshaded row touching the last band's foot, if any."""
    box = union(run)
    widest_gap = max(b.y0 - a.y1 for a, b in itertools.pairwise(run))
    foot = run[-1].y1
    under = sorted(
        (
            ln
            for ln in lines
            if ln.bbox.y0 >= foot - 1.0
            and ln.bbox.y1 <= foot + widest_gap
            and ln.bbox.x0 >= box.x0 - JOIN_TOL
            and ln.bbox.x1 <= box.x1 + JOIN_TOL
        ),
        key=lambda ln: ln.bbox.y0,
    )
    if not under or under[0].bbox.y0 - foot > ROW_PAD * (under[0].font_size or under[0].bbox.height):
        return box
    bottom = under[0].bbox.y1
    for ln in under[1:]:
        if ln.bbox.y0 - bottom > ROW_PAD * (ln.font_size or ln.bbox.height):
            break
        bottom = max(bottom, ln.bbox.y1)
    return union((box, Box(box.x0, foot, box.x1, bottom)))
