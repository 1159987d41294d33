"""Box and clip algebra in page space (points, top-left origin), and the blanks between spans
on one axis."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pdfcore.errors import InvalidArgument
from pdfcore.models import Box, Clip


def thin_stretches(spans: Iterable[tuple[float, float]], allowed: int = 0) -> list[tuple[float, float]]:
    """The stretches, left to right, that at most ``allowed`` of ``spans`` (``(start, end)``
    ranges on one axis) cover: from where the cover is ``allowed`` or less (a span's end, or the
    first start when a span is allowed) to where it rises above again. A span starting where
    another ends leaves no stretch, nor do spans starting together; a thin reach the cover
    never rises above again (after the last span) is none. (The blank the rows of a table leave
    between two columns, however many rows; a few rows may cross it when ``allowed`` says so.)"""
    events = sorted([(a, 1) for a, _ in spans] + [(z, -1) for _, z in spans], key=lambda e: (e[0], -e[1]))
    out: list[tuple[float, float]] = []
    depth = 0
    start: float | None = None
    for x, step in events:
        depth += step
        if depth <= allowed and start is None:
            start = x
        elif depth > allowed and start is not None:
            if x > start:
                out.append((start, x))
            start = None
    return out


#: A box this many times as tall as wide holds text set sideways (a line of it, not a glyph).
SIDEWAYS = 4.0


def sideways(box: Box) -> bool:
    """Whether a line's box is set sideways: ``SIDEWAYS`` times as tall as wide or more."""
    return box.y1 - box.y0 >= SIDEWAYS * max(box.x1 - box.x0, 0.1)


def union(boxes: Iterable[Box]) -> Box:
    it = iter(boxes)
    try:
        first = next(it)
    except StopIteration:
        raise ValueError("union of no boxes") from None
    x0, y0, x1, y1 = first.x0, first.y0, first.x1, first.y1
    for b in it:
        x0, y0, x1, y1 = min(x0, b.x0), min(y0, b.y0), max(x1, b.x1), max(y1, b.y1)
    return Box(x0, y0, x1, y1)


def intersection(a: Box, b: Box) -> Box | None:
    x0, y0, x1, y1 = max(a.x0, b.x0), max(a.y0, b.y0), min(a.x1, b.x1), min(a.y1, b.y1)
    if x1 <= x0 or y1 <= y0:
        return None
    return Box(x0, y0, x1, y1)


def holds_centre(box: Box, b: Box) -> bool:
    """The middle of ``b`` lies in ``box`` (edges included)."""
    cx, cy = (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2
    return box.x0 <= cx <= box.x1 and box.y0 <= cy <= box.y1


def within(inner: Box, outer: Box, tol: float = 0.0) -> bool:
    """``inner`` lies in ``outer`` grown by ``tol`` points on every side."""
    return (
        outer.x0 - tol <= inner.x0
        and inner.x1 <= outer.x1 + tol
        and outer.y0 - tol <= inner.y0
        and inner.y1 <= outer.y1 + tol
    )


def area(b: Box) -> float:
    return max(0.0, b.width) * max(0.0, b.height)


def overlap_fraction(a: Box, b: Box) -> float:
    """The fraction of ``a``'s area that lies inside ``b``."""
    inter = intersection(a, b)
    if inter is None:
        return 0.0
    return area(inter) / max(area(a), 1e-9)


def turn_box(box: Box, turn: int, width: float, height: float) -> Box:
    """``box``, on a ``width`` x ``height`` page (or image), on that page turned clockwise by
    ``turn`` degrees (0, 90, 180 or 270): the page turned by 90 or 270 is ``height`` wide.
    Turning by ``(360 - turn) % 360`` with the turned page's size undoes it."""
    if turn == 90:
        return Box(height - box.y1, box.x0, height - box.y0, box.x1)
    if turn == 180:
        return Box(width - box.x1, height - box.y1, width - box.x0, height - box.y0)
    if turn == 270:
        return Box(box.y0, width - box.x1, box.y1, width - box.x0)
    return box


def to_clip(box: Box, page_width: float, page_height: float) -> Clip:
    """Page fractions of ``box`` on a page of the given size, clamped to [0, 1], 3 decimals."""
    w = page_width if page_width > 0 else 1.0
    h = page_height if page_height > 0 else 1.0

    def f(v: float, d: float) -> float:
        return round(min(1.0, max(0.0, v / d)), 3)

    return Clip(f(box.x0, w), f(box.y0, h), f(box.x1, w), f(box.y1, h))


def from_clip(clip: Clip, page_width: float, page_height: float) -> Box:
    return Box(clip.x0 * page_width, clip.y0 * page_height, clip.x1 * page_width, clip.y1 * page_height)


def parse_clip(values: object) -> Clip:
    """Validate a user clip ``[x0, y0, x1, y1]``: four numbers, clamped to [0, 1], non-empty."""
    if not isinstance(values, (list, tuple)) or len(values) != 4:
        raise InvalidArgument("clip must be a list of four numbers [x0, y0, x1, y1] in page fractions.")
    nums: list[float] = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v:  # NaN check
            raise InvalidArgument("clip must be a list of four numbers [x0, y0, x1, y1] in page fractions.")
        nums.append(min(1.0, max(0.0, float(v))))
    x0, y0, x1, y1 = nums
    if x1 - x0 <= 0.001 or y1 - y0 <= 0.001:
        raise InvalidArgument(
            "clip is empty after clamping to [0, 1]: x1 must exceed x0 and y1 must exceed y0.",
            recovery="Pass a region like [0, 0, 0.5, 0.5] (top-left quarter).",
        )
    return Clip(x0, y0, x1, y1)


def box_list(b: Box, ndigits: int = 1) -> list[float]:
    return [round(b.x0, ndigits), round(b.y0, ndigits), round(b.x1, ndigits), round(b.y1, ndigits)]


def clip_list(c: Clip) -> list[float]:
    return [round(c.x0, 3), round(c.y0, 3), round(c.x1, 3), round(c.y1, 3)]


def shared_edge(xs: Sequence[float], tol: float) -> float:
    """The edge most of ``xs`` share, within ``tol`` to the right of it (the smallest among
    ties): a block's left margin from its rows' left edges; the smallest when no two share one."""
    xs = sorted(xs)
    best, best_count = xs[0], 0
    hi = 0
    n = len(xs)
    for lo, x in enumerate(xs):
        # edges within tol to the right of x (x is the leftmost of its group)
        if hi < lo:
            hi = lo
        while hi + 1 < n and xs[hi + 1] - x <= tol:
            hi += 1
        if hi - lo + 1 > best_count:
            best, best_count = x, hi - lo + 1
    return best if best_count >= 2 else xs[0]
