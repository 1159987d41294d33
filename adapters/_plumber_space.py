"""Page space for the pdfplumber table engine: affine maps between pdfplumber's coordinates
(x, top, in the media box as turned by /Rotate) and page space (the displayed page relative to
its crop box), both ways (crop box offset, media box offset and /Rotate)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pdfcore.models import Box


class PageTransform:
    """Affine maps between pdfplumber coordinates (x, top) and page space (x, y)."""

    def __init__(self, page: Any) -> None:
        mx0, my0, mx1, my1 = rect(page.page_obj.mediabox)
        crop = page.page_obj.cropbox
        cl, cb, cr, ct = rect(crop) if crop is not None else (mx0, my0, mx1, my1)
        rotation = int(page.rotation) % 360
        pb_x0, pb_top = float(page.mediabox[0]), float(page.mediabox[1])
        height = float(page.root_page.height)

        def plumber(x: float, y: float) -> tuple[float, float]:
            # pdfminer's device space for this rotation, then pdfplumber's flip and offsets.
            if rotation == 90:
                dx, dy = y - my0, mx1 - x
            elif rotation == 180:
                dx, dy = mx1 - x, my1 - y
            elif rotation == 270:
                dx, dy = my1 - y, x - mx0
            else:
                dx, dy = x - mx0, y - my0
            return dx + pb_x0, (height - dy) + pb_top

        def page_space(x: float, y: float) -> tuple[float, float]:
            if rotation == 90:
                return y - cb, x - cl
            if rotation == 180:
                return cr - x, y - cb
            if rotation == 270:
                return ct - y, cr - x
            return x - cl, ct - y

        # Both maps are affine: fit each from three points and compose.
        to_plumber = _affine(plumber)
        to_page = _affine(page_space)
        self._to_page = _compose(to_page, _invert(to_plumber))
        self._to_plumber = _compose(to_plumber, _invert(to_page))

    def to_page(self, bbox: Sequence[float]) -> Box:
        return _map_box(self._to_page, bbox)

    def to_plumber(self, box: Box) -> tuple[float, float, float, float]:
        b = _map_box(self._to_plumber, (box.x0, box.y0, box.x1, box.y1))
        return (b.x0, b.y0, b.x1, b.y1)


Affine = tuple[float, float, float, float, float, float]


def rect(values: Sequence[Any]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in values)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _affine(fn: Any) -> Affine:
    ox, oy = fn(0.0, 0.0)
    ax, ay = fn(1.0, 0.0)
    bx, by = fn(0.0, 1.0)
    return (ax - ox, bx - ox, ox, ay - oy, by - oy, oy)


def _invert(m: Affine) -> Affine:
    a, b, c, d, e, f = m
    det = a * e - b * d
    ia, ib, id_, ie = e / det, -b / det, -d / det, a / det
    return (ia, ib, -(ia * c + ib * f), id_, ie, -(id_ * c + ie * f))


def _compose(outer: Affine, inner: Affine) -> Affine:
    """outer(inner(p))."""
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (
        a * a2 + b * d2,
        a * b2 + b * e2,
        a * c2 + b * f2 + c,
        d * a2 + e * d2,
        d * b2 + e * e2,
        d * c2 + e * f2 + f,
    )


def _map_box(m: Affine, bbox: Sequence[float]) -> Box:
    a, b, c, d, e, f = m
    x0, y0, x1, y1 = (float(v) for v in bbox)
    xs = [a * x + b * y + c for x, y in ((x0, y0), (x1, y1))]
    ys = [d * x + e * y + f for x, y in ((x0, y0), (x1, y1))]
    return Box(min(xs), min(ys), max(xs), max(ys))
