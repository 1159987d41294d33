"""The part of a painted path its clip path lets show.

Some producers draw a border or a rule by clipping a filled rectangle the size of the whole box
to a strip along one edge (a section's rule over its top: the fill's bounds are the section's,
what shows is a line). Read by its bounds alone, such a path would be a shaded box over the
text under it. The text adapter cuts the bounds of large paths to their clip path's box.
"""

from __future__ import annotations

import ctypes
from typing import Any

#: Paths at most this many points one way or the other are taken as their bounds (rules,
#: bullets, glyph-sized shapes: most paths); larger ones are cut to their clip path.
CLIP_MIN = 12.0
#: Segments of one clip path read at most (a clip of a complex outline is taken as unclipped).
MAX_CLIP_SEGMENTS = 64


def clip_bounds(raw: Any, obj: Any) -> tuple[float, float, float, float] | None:
    """The box (user space: left, bottom, right, top) inside which the object's clip path lets
    it paint: the meet of its paths' boxes (each path's box holds its control points, so this
    is never smaller than what shows). None when the object has no clip path made of paths,
    or one too complex to read."""
    clip = raw.FPDFPageObj_GetClipPath(obj)
    if not clip:
        return None
    count = raw.FPDFClipPath_CountPaths(clip)
    if count <= 0:
        return None
    left = bottom = -float("inf")
    right = top = float("inf")
    px, py = ctypes.c_float(), ctypes.c_float()
    for k in range(count):
        n = raw.FPDFClipPath_CountPathSegments(clip, k)
        if n <= 0 or n > MAX_CLIP_SEGMENTS:
            return None
        xs: list[float] = []
        ys: list[float] = []
        for s in range(n):
            seg = raw.FPDFClipPath_GetPathSegment(clip, k, s)
            if seg and raw.FPDFPathSegment_GetPoint(seg, px, py):
                xs.append(px.value)
                ys.append(py.value)
        if not xs:
            return None
        left, bottom = max(left, min(xs)), max(bottom, min(ys))
        right, top = min(right, max(xs)), min(top, max(ys))
    return left, bottom, right, top
