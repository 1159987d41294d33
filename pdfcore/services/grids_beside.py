"""Ruled grids set side by side: two tables beside each other, not one.

A search by the alignment of the text reads the rows of two ruled tables set side by side (a
gutter between them that no ruling crosses) as one run of rows across both, wherever their
rows happen to line up; the run would join the two grids into one region, whose rows then
interleave the two tables'. A run that lies inside such grids is left to them: each grid holds
its own table.
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.geometry import intersection, union
from pdfcore.models import Box

#: Grids side by side whose tops and feet lie this close (points) are pieces of one table.
SAME_EXTENT = 2.0


def over_grids_beside(run: Box, grids: Sequence[Box], gutter: float, pad: float) -> bool:
    """``run`` (a run of aligned rows) lies inside the ruled ``grids`` it meets (within ``pad``
    points), and those stand on both sides of a gutter at least ``gutter`` points wide that none
    of them crosses, those of each side from a top or to a foot of their own (see
    :func:`own_extents`)."""
    over = sorted((g for g in grids if intersection(g, run) is not None), key=lambda g: g.x0)
    if len(over) < 2:
        return False
    if (
        run.x0 < over[0].x0 - pad
        or run.x1 > max(g.x1 for g in over) + pad
        or run.y0 < min(g.y0 for g in over) - pad
        or run.y1 > max(g.y1 for g in over) + pad
    ):
        return False
    reach = over[0].x1
    for k, g in enumerate(over[1:], 1):
        if g.x0 - reach >= gutter and own_extents(union(over[:k]), union(over[k:])):
            return True
        reach = max(reach, g.x1)
    return False


def own_extents(a: Box, b: Box) -> bool:
    """Grids (or the boxes holding the grids of each side) that reach from different tops or to
    different feet, more than SAME_EXTENT apart: two tables; the pieces of one table's grid (a
    column ruled at a time) share its top and foot."""
    return abs(a.y0 - b.y0) > SAME_EXTENT or abs(a.y1 - b.y1) > SAME_EXTENT
