"""Walking a pdfium page's objects: text runs with their visibility, images, filled shapes, rules.

Used by the pdfium adapters only, always under PDFIUM_LOCK. Objects inside form XObjects are
visited with their form's matrix applied, so every box comes out in page space.
"""

from __future__ import annotations

import ctypes
import heapq
import itertools
import operator
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from adapters._pdfium import PageSpace, unchecked
from adapters._pdfium_clips import CLIP_MIN, clip_bounds
from pdfcore.models import Box

_MAX_DEPTH = 8
_MAX_OBJECTS = 200_000

# Ruling lines (table evidence). A rule is an axis-aligned segment at least RULE_MIN_LEN long;
# a path or rectangle thinner than RULE_MAX_THICK is one rule as a whole. Stroked outlines with
# more segments than _MAX_RULE_SEGMENTS are drawings (charts, maps), not rulings.
RULE_MIN_LEN = 6.0
RULE_MAX_THICK = 4.0
#: An image at most this thick one way is a ruling too (a rule drawn as a one-pixel image
#: stretched along it).
IMAGE_RULE_THICK = 2.0
_MAX_RULE_SEGMENTS = 256
_MAX_RULES = 4000
_MAX_DRAWINGS = 5000
#: Path segments read per page to find rulings inside shapes (bounds the cost on vector art).
_RULE_SEGMENT_BUDGET = 20_000
_AXIS_TOL = 0.5
#: Thinnest band of a frame that counts as painted (points).
_FRAME_MIN = 0.05

# Hidden-text thresholds (see docs/extraction.md), shared with the pdfium text adapter.
TINY_FONT_PT = 1.0
WHITE_MIN = 245


@dataclass(slots=True)
class TextRun:
    order: int
    box: Box
    render_mode: int
    fill: tuple[int, int, int, int]
    stroke: tuple[int, int, int, int]
    #: Effective size (nominal x the smaller axis scale); 99.0 when the run is visibly large.
    font_size: float
    raw: Any  # the FPDF_PAGEOBJECT, valid while the page is loaded
    #: How many plain runs (PageObjects.plain) were drawn before this one.
    after: int = 0


@dataclass(slots=True)
class ImageRun:
    order: int
    box: Box
    width_px: int
    height_px: int
    key: tuple[int, int, int, int]
    filter: str | None


@dataclass(slots=True)
class FillRun:
    order: int
    box: Box
    color: tuple[int, int, int, int]
    raw: Any  # the FPDF_PAGEOBJECT, valid while the page is loaded
    #: Fraction of the bounding box the filled outline covers; computed on demand (-1: not yet).
    coverage: float = -1.0


#: A plain text run: (drawing order, x0, y0, x1, y1 in page space, the FPDF_PAGEOBJECT).
PlainRun = tuple[int, float, float, float, float, Any]


@dataclass(slots=True)
class PageObjects:
    #: Text runs a reader may not see as text: invisible, stroked, transparent, white, tiny, or
    #: reaching off the page. Every other run is in ``plain``.
    texts: list[TextRun] = field(default_factory=list)
    #: Ordinary text (most of a page): filled only, opaque, not white, not tiny, on the page
    #: (within a point of it); and visible text in the printer's margin. Kept as bare tuples:
    #: a page has hundreds of them.
    plain: list[PlainRun] = field(default_factory=list)
    images: list[ImageRun] = field(default_factory=list)
    fills: list[FillRun] = field(default_factory=list)
    #: Axis-aligned ruling segments in page space (thin boxes), unmerged.
    rules: list[Box] = field(default_factory=list)
    #: Boxes of the painted paths that are no ruling line (bars, curves, markers, shapes; white
    #: fills left out: a page's background), page space, unmerged: where vector art is drawn.
    drawings: list[Box] = field(default_factory=list)
    n_paths: int = 0
    truncated: bool = False


Matrix = tuple[float, float, float, float, float, float]
_NO_COLOR = (0, 0, 0, 0)
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def share_inside(x0: float, y0: float, x1: float, y1: float, area: Box) -> float:
    """Share of the box (x0, y0, x1, y1)'s area inside ``area`` (0 for a box without area)."""
    w = (x1 if x1 < area.x1 else area.x1) - (x0 if x0 > area.x0 else area.x0)
    if w <= 0:
        return 0.0
    h = (y1 if y1 < area.y1 else area.y1) - (y0 if y0 > area.y0 else area.y0)
    if h <= 0:
        return 0.0
    size = (x1 - x0) * (y1 - y0)
    return (w * h) / size if size > 1e-9 else 0.0


def in_printers_margin(x0: float, y0: float, x1: float, y1: float, space: PageSpace) -> bool:
    """Mostly outside the crop box but inside the media box: the printer's margin (crop marks,
    slugs), left out of the page text (outside_crop_text) and never reported as hidden text."""
    return share_inside(x0, y0, x1, y1, space.crop) < 0.5 and share_inside(x0, y0, x1, y1, space.media) > 0.5


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF row-vector convention)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _color(raw: Any, getter: Any, obj: Any) -> tuple[int, int, int, int]:
    r, g, b, a = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
    if not getter(obj, r, g, b, a):
        return (0, 0, 0, 255)
    return (r.value, g.value, b.value, a.value)


def _matrix(raw: Any, obj: Any) -> Matrix:
    mat = raw.FS_MATRIX()
    if not raw.FPDFPageObj_GetMatrix(obj, mat):
        return _IDENTITY
    return (mat.a, mat.b, mat.c, mat.d, mat.e, mat.f)


def _path_coverage(raw: Any, obj: Any) -> float:
    """Area enclosed by the path's outline over its bounding-box area (1.0 for a rectangle).

    Slivers and zero-area paths whose bounding box happens to cover some text score near 0,
    so they do not count as a background behind it.
    """
    n = raw.FPDFPath_CountSegments(obj)
    if n <= 0:
        return 0.0
    if n > 5000:
        return 1.0  # too complex to measure cheaply: treat as solid
    x, y = ctypes.c_float(), ctypes.c_float()
    subpaths: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = []
    for i in range(n):
        seg = raw.FPDFPath_GetPathSegment(obj, i)
        if not raw.FPDFPathSegment_GetPoint(seg, x, y):
            continue
        if raw.FPDFPathSegment_GetType(seg) == raw.FPDF_SEGMENT_MOVETO and current:
            subpaths.append(current)
            current = []
        current.append((x.value, y.value))
    if current:
        subpaths.append(current)
    area = sum(_shoelace(sp) for sp in subpaths if len(sp) > 2)
    # Segment points are in the path's own space; its bounds are in the container's space.
    mat = _matrix(raw, obj)
    det = abs(mat[0] * mat[3] - mat[1] * mat[2])
    x0, y0, x1, y1 = ctypes.c_float(), ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
    if not raw.FPDFPageObj_GetBounds(obj, x0, y0, x1, y1):
        return 0.0
    box_area = (x1.value - x0.value) * (y1.value - y0.value)
    if box_area <= 1e-9:
        return 0.0
    return min(1.0, area * det / box_area)


def _shoelace(pts: list[tuple[float, float]]) -> float:
    return abs(_signed_area(pts))


def _signed_area(pts: list[tuple[float, float]]) -> float:
    """The polygon's area, positive or negative by the way round it runs."""
    s = 0.0
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
        s += x1 * y2 - x2 * y1
    return s / 2.0


def frame_sides(rects: list[tuple[Box, float]], even_odd: bool) -> list[Box]:
    """The rectangles a filled path paints, from its rectangular subpaths (box, signed area):
    each as it is, but for a frame, one rectangle inside another that cuts it out (the even-odd
    rule, or the inner one running the other way round): then the bands between them, which
    are what shows (a border drawn on some sides of a box, the others of no width, as HTML
    typesetters draw one: a rule over a heading is no box around it)."""
    if len(rects) == 2:
        (outer, a_out), (inner, a_in) = sorted(rects, key=lambda t: -abs(t[1]))
        holds = outer.x0 <= inner.x0 and outer.y0 <= inner.y0 and inner.x1 <= outer.x1 and inner.y1 <= outer.y1
        if holds and (even_odd or a_out * a_in < 0):
            bands = (
                Box(outer.x0, outer.y0, outer.x1, inner.y0),
                Box(outer.x0, inner.y1, outer.x1, outer.y1),
                Box(outer.x0, inner.y0, inner.x0, inner.y1),
                Box(inner.x1, inner.y0, outer.x1, inner.y1),
            )
            return [b for b in bands if min(b.width, b.height) > _FRAME_MIN and max(b.width, b.height) >= RULE_MIN_LEN]
    return [r for r, _ in rects]


def _image_key(raw: Any, obj: Any, w: int, h: int) -> tuple[int, int, int, int]:
    n = raw.FPDFImageObj_GetImageDataRaw(obj, None, 0)
    head = 0
    if n > 0:
        buf = (ctypes.c_ubyte * n)()
        raw.FPDFImageObj_GetImageDataRaw(obj, buf, n)
        head = zlib.crc32(bytes(buf))
    return (w, h, int(n), head)


def _image_filter(raw: Any, obj: Any) -> str | None:
    count = raw.FPDFImageObj_GetImageFilterCount(obj)
    if count <= 0:
        return None
    n = raw.FPDFImageObj_GetImageFilter(obj, count - 1, None, 0)
    if n <= 0:
        return None
    buf = ctypes.create_string_buffer(n)
    raw.FPDFImageObj_GetImageFilter(obj, count - 1, buf, n)
    return buf.value.decode("ascii", "replace") or None


def walk(page: Any, space: PageSpace) -> PageObjects:
    """Every text, image and filled-path object of the page in drawing order, its rulings and
    the boxes of its other painted paths (vector art).

    This runs on every extracted page, so it is written for speed: out-parameters are allocated
    once, library functions are bound to locals, and the costly details (font size and matrix,
    path outline area) are read only where a decision needs them.
    """
    import pypdfium2.raw as raw

    out = PageObjects()
    order = 0
    fl, fb, fr, ft = ctypes.c_float(), ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
    cr, cg, cb, ca = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
    fillmode, strokemode = ctypes.c_int(), ctypes.c_int()
    fast = unchecked()
    get_type, get_bounds, get_fill, get_mode = fast.object_type, fast.object_bounds, fast.fill_color, fast.render_mode
    bounds_out = ctypes.byref(fl), ctypes.byref(fb), ctypes.byref(fr), ctypes.byref(ft)
    fill_out = ctypes.byref(cr), ctypes.byref(cg), ctypes.byref(cb), ctypes.byref(ca)
    bl, bb, br, bt = bounds_out  # passed one by one in the text loop (no tuple unpacking per call)
    pr, pg, pb, pa = fill_out
    T_TEXT, T_IMAGE, T_PATH, T_FORM = (
        raw.FPDF_PAGEOBJ_TEXT,
        raw.FPDF_PAGEOBJ_IMAGE,
        raw.FPDF_PAGEOBJ_PATH,
        raw.FPDF_PAGEOBJ_FORM,
    )
    to_box = space.box
    upright, sl, st = space.rotation == 0, space.left, space.top  # to_box, inlined for text on upright pages
    count_segments = raw.FPDFPath_CountSegments
    get_segment = raw.FPDFPath_GetPathSegment
    seg_point = raw.FPDFPathSegment_GetPoint
    seg_type = raw.FPDFPathSegment_GetType
    seg_close = raw.FPDFPathSegment_GetClose
    MOVETO, LINETO = raw.FPDF_SEGMENT_MOVETO, raw.FPDF_SEGMENT_LINETO
    px, py = ctypes.c_float(), ctypes.c_float()
    font_pt, tm = ctypes.c_float(), raw.FS_MATRIX()
    font_pt_out, tm_out = ctypes.byref(font_pt), ctypes.byref(tm)
    get_font_size, get_matrix = fast.text_object_size, fast.object_matrix
    page_w, page_h = space.width + 1.0, space.height + 1.0
    budget = _RULE_SEGMENT_BUDGET

    def bounds(obj: Any, m: Matrix) -> Box | None:
        if not get_bounds(obj, *bounds_out):
            return None
        if m is _IDENTITY:
            return to_box(fl.value, fb.value, fr.value, ft.value)
        xs, ys = [], []
        for x, y in ((fl.value, fb.value), (fr.value, fb.value), (fl.value, ft.value), (fr.value, ft.value)):
            px, py = _apply(m, x, y)
            xs.append(px)
            ys.append(py)
        return to_box(min(xs), min(ys), max(xs), max(ys))

    def clipped(obj: Any, box: Box | None, m: Matrix) -> Box | None:
        """A large path's box cut to its clip path's (see adapters._pdfium_clips); None when
        the clip leaves nothing of it."""
        if box is None or box.x1 - box.x0 <= CLIP_MIN or box.y1 - box.y0 <= CLIP_MIN:
            return box
        if box.x0 < -1.0 or box.y0 < -1.0 or box.x1 > page_w or box.y1 > page_h:
            return box  # reaching past the page: left to rules_of's own test (printer's marks)
        cut = clip_bounds(raw, obj)
        if cut is None:
            return box
        left, bottom, right, top = cut
        if m is not _IDENTITY:
            corners = [_apply(m, x, y) for x in (left, right) for y in (bottom, top)]
            left, right = min(p[0] for p in corners), max(p[0] for p in corners)
            bottom, top = min(p[1] for p in corners), max(p[1] for p in corners)
        c = to_box(left, bottom, right, top)
        x0, y0, x1, y1 = max(box.x0, c.x0), max(box.y0, c.y0), min(box.x1, c.x1), min(box.y1, c.y1)
        if x1 <= x0 or y1 <= y0:
            return None
        if x0 == box.x0 and y0 == box.y0 and x1 == box.x1 and y1 == box.y1:
            return box
        return Box(x0, y0, x1, y1)

    def rules_of(obj: Any, box: Box | None, m: Matrix, stroked: bool, filled: bool) -> None:
        """Ruling segments of one path: the whole path when it is thin, else its straight
        axis-aligned segments (stroked outlines) or its rectangles (filled shapes: thin ones
        are rules, others a shaded cell or band whose edges are)."""
        nonlocal budget
        if box is None:
            return
        w, h = box.x1 - box.x0, box.y1 - box.y0
        if w < RULE_MIN_LEN and h < RULE_MIN_LEN:
            return
        if w <= RULE_MAX_THICK or h <= RULE_MAX_THICK:
            out.rules.append(box)
            return
        if box.x0 < -1.0 or box.y0 < -1.0 or box.x1 > page_w or box.y1 > page_h:
            # Reaches past the crop box: printer's marks (crop and registration marks drawn
            # as one path around the page), never a table a reader sees.
            return
        n = count_segments(obj)
        if n <= 0 or n > _MAX_RULE_SEGMENTS:
            return
        if not stroked and n <= 5:
            # One filled quadrilateral: a shaded cell or band; its edges are rulings.
            add_edges(box)
            return
        if n > budget:
            return
        budget -= n
        om = _mul(_matrix(raw, obj), m) if m is not _IDENTITY else _matrix(raw, obj)
        a, b, c, d, e, f = om
        point = space.point
        sub: list[tuple[float, float]] = []
        rects: list[tuple[Box, float]] = []
        curved = False
        for k in range(n):
            seg = get_segment(obj, k)
            if not seg_point(seg, px, py):
                continue
            x, y = px.value, py.value
            cur = point(a * x + c * y + e, b * x + d * y + f)
            kind_ = seg_type(seg)
            if kind_ == MOVETO:
                close_subpath(sub, curved, stroked, False, rects)
                sub, curved = [cur], False
                continue
            curved = curved or kind_ != LINETO
            sub.append(cur)
            if seg_close(seg):
                close_subpath(sub, curved, stroked, True, rects)
                sub, curved = [sub[0]], False
        close_subpath(sub, curved, stroked, False, rects)
        for r in frame_sides(rects, fillmode.value == raw.FPDF_FILLMODE_ALTERNATE):
            if r.width <= RULE_MAX_THICK or r.height <= RULE_MAX_THICK:
                out.rules.append(r)
            else:
                add_edges(r)

    def close_subpath(
        pts: list[tuple[float, float]], curved: bool, stroked: bool, closed: bool, rects: list[tuple[Box, float]]
    ) -> None:
        if len(pts) < 2:
            return
        if stroked:
            # Straight stroked pieces that run along an axis (a Bezier piece is never a rule).
            if not curved:
                for p, q in itertools.pairwise(pts):
                    add_segment(p, q)
                if closed:
                    add_segment(pts[-1], pts[0])
            return
        if curved or not 4 <= len(pts) <= 5:
            return
        xs = sorted({round(p[0], 1) for p in pts})
        ys = sorted({round(p[1], 1) for p in pts})
        if len(xs) != 2 or len(ys) != 2:
            return  # not an axis-aligned rectangle
        r = Box(xs[0], ys[0], xs[1], ys[1])
        if r.width >= RULE_MIN_LEN or r.height >= RULE_MIN_LEN:
            rects.append((r, _signed_area(pts)))

    def add_edges(r: Box) -> None:
        out.rules.extend(
            (
                Box(r.x0, r.y0, r.x1, r.y0),
                Box(r.x0, r.y1, r.x1, r.y1),
                Box(r.x0, r.y0, r.x0, r.y1),
                Box(r.x1, r.y0, r.x1, r.y1),
            )
        )

    def add_segment(p: tuple[float, float], q: tuple[float, float]) -> None:
        x0, x1 = (p[0], q[0]) if p[0] <= q[0] else (q[0], p[0])
        y0, y1 = (p[1], q[1]) if p[1] <= q[1] else (q[1], p[1])
        if y1 - y0 <= _AXIS_TOL and x1 - x0 >= RULE_MIN_LEN:
            out.rules.append(Box(x0, y0, x1, y0))
        elif x1 - x0 <= _AXIS_TOL and y1 - y0 >= RULE_MIN_LEN:
            out.rules.append(Box(x0, y0, x0, y1))

    def drawn(box: Box | None) -> None:
        """Keep a painted path's box as vector art unless it is a ruling line (long and thin)."""
        if box is None or len(drawings) >= _MAX_DRAWINGS:
            return
        w, h = box.x1 - box.x0, box.y1 - box.y0
        if (w <= RULE_MAX_THICK or h <= RULE_MAX_THICK) and (w >= RULE_MIN_LEN or h >= RULE_MIN_LEN):
            return
        drawings.append(box)

    drawings = out.drawings

    def visit(container: Any, is_form: bool, m: Matrix, depth: int) -> None:
        nonlocal order
        count = raw.FPDFFormObj_CountObjects(container) if is_form else raw.FPDFPage_CountObjects(container)
        get_obj = fast.form_object if is_form else fast.page_object
        flat = m is _IDENTITY and upright
        plain_append = out.plain.append
        for i in range(max(count, 0)):
            if order >= _MAX_OBJECTS:
                out.truncated = True
                return
            obj = get_obj(container, i)
            if not obj:
                continue
            order += 1
            kind = get_type(obj)
            if kind == T_TEXT:
                if flat:  # the common case, inlined: most objects are text
                    if not get_bounds(obj, bl, bb, br, bt):
                        continue
                    lv, bv, rv, tv = fl.value, fb.value, fr.value, ft.value
                    if lv > rv:
                        lv, rv = rv, lv
                    if bv > tv:
                        bv, tv = tv, bv
                    x0, y0, x1, y1 = lv - sl, st - tv, rv - sl, st - bv
                else:
                    box = bounds(obj, m)
                    if box is None:
                        continue
                    x0, y0, x1, y1 = box.x0, box.y0, box.x1, box.y1
                mode = get_mode(obj)
                # The effective font size only matters for tiny text: read the font size and
                # matrix only when the run's box is small enough to be suspicious.
                font_size = 99.0
                if y1 - y0 < 2.5 or x1 - x0 < 2.5:
                    # (narrow glyphs drawn one object each pass here too: out-parameters reused)
                    nominal = font_pt.value if get_font_size(obj, font_pt_out) else 0.0
                    om = (tm.a, tm.b, tm.c, tm.d, tm.e, tm.f) if get_matrix(obj, tm_out) else _IDENTITY
                    if m is not _IDENTITY:
                        om = _mul(om, m)
                    sx = (om[0] ** 2 + om[1] ** 2) ** 0.5
                    sy = (om[2] ** 2 + om[3] ** 2) ** 0.5
                    font_size = nominal * min(sx, sy)
                if get_fill(obj, pr, pg, pb, pa):
                    r_, g_, b_, a_ = cr.value, cg.value, cb.value, ca.value
                else:
                    r_, g_, b_, a_ = 0, 0, 0, 255
                if (
                    mode == 0
                    and a_ == 255
                    and not (r_ >= WHITE_MIN and g_ >= WHITE_MIN and b_ >= WHITE_MIN)
                    and font_size >= TINY_FONT_PT
                    and x0 >= -1
                    and y0 >= -1
                    and x1 <= page_w
                    and y1 <= page_h
                ):
                    plain_append((order, x0, y0, x1, y1, obj))
                    continue
                if mode not in (3, 7) and in_printers_margin(x0, y0, x1, y1, space):
                    plain_append((order, x0, y0, x1, y1, obj))  # visible, never hidden text
                    continue
                stroke = _color(raw, raw.FPDFPageObj_GetStrokeColor, obj) if mode in (1, 2, 5, 6) else _NO_COLOR
                out.texts.append(
                    TextRun(order, Box(x0, y0, x1, y1), mode, (r_, g_, b_, a_), stroke, font_size, obj, len(out.plain))
                )
            elif kind == T_IMAGE:
                box = bounds(obj, m)
                if box is None:
                    continue
                w, h = ctypes.c_uint(), ctypes.c_uint()
                if not raw.FPDFImageObj_GetImagePixelSize(obj, w, h):
                    continue
                if (box.x1 - box.x0 <= IMAGE_RULE_THICK or box.y1 - box.y0 <= IMAGE_RULE_THICK) and len(
                    out.rules
                ) < _MAX_RULES:
                    rules_of(obj, box, m, False, True)  # a ruling drawn as a stretched image
                out.images.append(
                    ImageRun(
                        order=order,
                        box=box,
                        width_px=int(w.value),
                        height_px=int(h.value),
                        key=_image_key(raw, obj, int(w.value), int(h.value)),
                        filter=_image_filter(raw, obj),
                    )
                )
            elif kind == T_PATH:
                out.n_paths += 1
                if not raw.FPDFPath_GetDrawMode(obj, fillmode, strokemode):
                    continue
                stroked = bool(strokemode.value)
                if fillmode.value and get_fill(obj, *fill_out) and ca.value != 0:
                    box = clipped(obj, bounds(obj, m), m)
                    if box is not None and box.x1 > box.x0 and box.y1 > box.y0:
                        out.fills.append(FillRun(order, box, (cr.value, cg.value, cb.value, ca.value), obj))
                        if stroked or not (cr.value >= WHITE_MIN and cg.value >= WHITE_MIN and cb.value >= WHITE_MIN):
                            drawn(box)
                        if len(out.rules) < _MAX_RULES:
                            rules_of(obj, box, m, stroked, True)
                        continue
                if stroked:
                    box = clipped(obj, bounds(obj, m), m)
                    drawn(box)
                    if len(out.rules) < _MAX_RULES:
                        rules_of(obj, box, m, True, False)
            elif kind == T_FORM and depth < _MAX_DEPTH:
                fm = _matrix(raw, obj)
                visit(obj, True, _mul(fm, m) if m is not _IDENTITY else fm, depth + 1)

    visit(page.raw, False, _IDENTITY, 0)
    return out


def visible_runs(objects: PageObjects) -> Iterable[PlainRun]:
    """Every text run drawn visibly (any render mode but 3 and 7, invisible), plain or not, in
    drawing order, as plain-run tuples (order, x0, y0, x1, y1, FPDF_PAGEOBJECT)."""
    marked = [
        (t.order, t.box.x0, t.box.y0, t.box.x1, t.box.y1, t.raw) for t in objects.texts if t.render_mode not in (3, 7)
    ]
    if not marked:
        return objects.plain
    return heapq.merge(objects.plain, marked, key=operator.itemgetter(0))


def fill_coverage(fill: FillRun) -> float:
    """Share of the fill's bounding box its outline covers (cached; needs the page loaded)."""
    if fill.coverage < 0:
        import pypdfium2.raw as raw

        fill.coverage = _path_coverage(raw, fill.raw)
    return fill.coverage


def run_text(raw: Any, textpage: Any, obj: Any) -> str:
    n = raw.FPDFTextObj_GetText(obj, textpage, None, 0)
    if n <= 2:
        return ""
    buf = (ctypes.c_ushort * (n // 2 + 1))()
    raw.FPDFTextObj_GetText(obj, textpage, buf, n)
    return bytes(memoryview(buf).cast("B"))[: n - 2].decode("utf-16-le", "replace")


def iter_boxes(runs: list[Any]) -> Iterator[Box]:
    for r in runs:
        yield r.box
