"""A flowchart the table reader gives as a grid: its labels each framed by a box of its own, the
boxes apart from one another (arrows and blank between them), read as rows and columns. A frame
across the grid (ROW_BAND of its width) is a row shaded or boxed, not a label's box: a
programme's breaks set on shaded rows stand apart too.

A ruled table's cells share their rulings (the line under one row is the line over the next), and
a table drawn cell by cell sets its boxes edge to edge; a flowchart's boxes stand apart. So a grid
is a flowchart's labels when FRAMES_MIN closed frames or more lie on it, no two of them touching
(APART points or more between them across or down the page), their sides most of the rulings
around it (FRAMED_SHARE: the rest are the arrows; a ruled table whose grid frames a few cells
has its grid's rulings besides), and they cover its extent (its text stands in them and between
them). Its text stays text, under its figure's caption.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from pdfcore.models import Box, Table

#: Frames a grid needs on it to be a flowchart's.
FRAMES_MIN = 3
#: Two frames this many points apart or more (across or down the page) stand apart.
APART = 3.0
#: Rulings meet a frame's corner within this many points.
CORNER_TOL = 1.5
#: A frame's sides are this many points long or more, and it stands at most this high.
SIDE_MIN = 8.0
FRAME_MAX_HEIGHT = 120.0
#: The frames' extent covers the grid's box within this many points on each side.
COVER_TOL = 6.0
#: The frames' sides make this share of the length of the rulings around the grid or more (the
#: rest: the arrows between them).
FRAMED_SHARE = 0.6
#: Rulings this many points around the grid's box are looked at (a frame stands out past the
#: text it holds).
REACH = 24.0
#: A frame this share of the grid's width or wider is a row's band, no flowchart's box.
ROW_BAND = 0.9
#: Rulings looked at per grid (bounds the work on a page of many).
MAX_RULES = 400


def flowchart_table(table: Table, rules: Sequence[Box]) -> bool:
    """Whether ``table`` is a flowchart's labels read as a grid (see the module docstring)."""
    box = table.bbox
    near = [
        r
        for r in rules
        if box.x0 - REACH <= r.x1 and r.x0 <= box.x1 + REACH and box.y0 - REACH <= r.y1 and r.y0 <= box.y1 + REACH
    ][:MAX_RULES]
    # a frame across the grid is a row shaded or boxed (a break in a programme), no label's box
    found = [f for f in frames(near) if f.width < ROW_BAND * (box.x1 - box.x0)]
    if len(found) < FRAMES_MIN or any(not _apart(a, b) for a, b in itertools.combinations(found, 2)):
        return False
    sides = sum(2 * (f.width + f.height) for f in found)
    if sides < FRAMED_SHARE * sum(r.width + r.height for r in near):
        return False  # rulings of a grid besides: a ruled table some of whose cells read as frames
    x0, y0 = min(f.x0 for f in found), min(f.y0 for f in found)
    x1, y1 = max(f.x1 for f in found), max(f.y1 for f in found)
    return (
        x0 <= box.x0 + COVER_TOL and y0 <= box.y0 + COVER_TOL and box.x1 <= x1 + COVER_TOL and box.y1 <= y1 + COVER_TOL
    )


def frames(rules: Sequence[Box]) -> list[Box]:
    """The closed frames the rulings draw: a horizontal ruling, the nearest one under it with the
    same ends, and a vertical ruling down each end between them."""
    across = sorted((r for r in rules if r.height <= CORNER_TOL and r.width >= SIDE_MIN), key=lambda r: r.y0)
    down = [r for r in rules if r.width <= CORNER_TOL and r.height >= SIDE_MIN]
    out: list[Box] = []
    for k, top in enumerate(across):
        for bottom in across[k + 1 :]:
            if bottom.y0 - top.y0 > FRAME_MAX_HEIGHT:
                break
            if bottom.y0 - top.y0 < SIDE_MIN or not (_at(bottom.x0, top.x0) and _at(bottom.x1, top.x1)):
                continue
            if _side(down, top.x0, top.y0, bottom.y0) and _side(down, top.x1, top.y0, bottom.y0):
                out.append(Box(top.x0, top.y0, top.x1, bottom.y0))
            break
    return out


def _at(a: float, b: float) -> bool:
    return abs(a - b) <= CORNER_TOL


def _side(down: Sequence[Box], x: float, y0: float, y1: float) -> bool:
    return any(_at(r.x0, x) and r.y0 <= y0 + CORNER_TOL and r.y1 >= y1 - CORNER_TOL for r in down)


def _apart(a: Box, b: Box) -> bool:
    return max(max(a.x0, b.x0) - min(a.x1, b.x1), max(a.y0, b.y0) - min(a.y1, b.y1)) >= APART
