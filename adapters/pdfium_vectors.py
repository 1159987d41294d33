"""VectorSource on pdfium: a page's paths, filled rectangles, text glyphs and image placements.

Everything pdfium reports in PDF user space (bottom-left origin, before form matrices) is turned
into page space here: each path point goes through the path's matrix, every enclosing form
XObject's matrix, then :class:`~adapters._pdfium.PageSpace`.
"""

from __future__ import annotations

import ctypes
import math
from typing import Any

from adapters._pdfium import PageSpace, check_page, pdfium_document
from pdfcore.models import Box, DocumentSource
from pdfcore.vectors import (
    Color,
    Glyph,
    ImagePlacement,
    PageVectors,
    Point,
    Subpath,
    TextRun,
    VectorPath,
    filled_rects,
)
from ports.vector_source import VectorSource

Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_MAX_DEPTH = 8
#: Paths with more segments than this keep only every n-th point (a chart line never needs more).
_MAX_SEGMENTS = 50_000


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


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2])) or 1.0


class _Reader:
    """One page's walk. Use only while holding PDFIUM_LOCK and while the page is loaded."""

    def __init__(self, raw: Any, page: Any, space: PageSpace, max_objects: int) -> None:
        self.raw = raw
        self.page = page
        self.space = space
        self.max_objects = max_objects
        self.order = 0
        self.groups = 0
        self.truncated = False
        self.paths: list[VectorPath] = []
        self.images: list[ImagePlacement] = []
        #: text object address -> drawing order, filled during the walk
        self.text_order: dict[int, int] = {}
        #: With a text page here and ``glyphs`` False, text objects are read whole during the walk.
        self.textpage: Any = None
        self.glyphs = True
        self.object_texts: list[TextRun] = []
        self._fl, self._fb, self._fr, self._ft = (ctypes.c_float() for _ in range(4))
        self._r, self._g, self._b, self._a = (ctypes.c_uint() for _ in range(4))
        self._x, self._y = ctypes.c_float(), ctypes.c_float()
        self._fillmode, self._stroke = ctypes.c_int(), ctypes.c_int()
        self._width = ctypes.c_float()
        self._mat = raw.FS_MATRIX()

    # -- helpers -----------------------------------------------------------------------------

    def _matrix(self, obj: Any) -> Matrix:
        m = self._mat
        if not self.raw.FPDFPageObj_GetMatrix(obj, m):
            return _IDENTITY
        return (m.a, m.b, m.c, m.d, m.e, m.f)

    def _color(self, getter: Any, obj: Any) -> Color | None:
        if not getter(obj, self._r, self._g, self._b, self._a):
            return None
        return (self._r.value / 255.0, self._g.value / 255.0, self._b.value / 255.0, self._a.value / 255.0)

    def _bounds(self, obj: Any, outer: Matrix) -> Box | None:
        if not self.raw.FPDFPageObj_GetBounds(obj, self._fl, self._fb, self._fr, self._ft):
            return None
        left, b, r, t = self._fl.value, self._fb.value, self._fr.value, self._ft.value
        if outer is _IDENTITY:
            return self.space.box(left, b, r, t)
        xs, ys = [], []
        a, bb, c, d, e, f = outer
        for x, y in ((left, b), (r, b), (left, t), (r, t)):
            px, py = self.space.point(a * x + c * y + e, bb * x + d * y + f)
            xs.append(px)
            ys.append(py)
        return Box(min(xs), min(ys), max(xs), max(ys))

    # -- objects -----------------------------------------------------------------------------

    def _path(self, obj: Any, outer: Matrix, group: int) -> None:
        raw = self.raw
        n = raw.FPDFPath_CountSegments(obj)
        if n <= 0:
            return
        if not raw.FPDFPath_GetDrawMode(obj, self._fillmode, self._stroke):
            return
        filled = self._fillmode.value != 0
        stroked = bool(self._stroke.value)
        if not filled and not stroked:
            return  # a clipping-only or invisible path
        m = _mul(self._matrix(obj), outer)
        a, b, c, d, e, f = m
        to_page = self.space.point
        step = 1 if n <= _MAX_SEGMENTS else math.ceil(n / _MAX_SEGMENTS)
        subpaths: list[Subpath] = []
        pts: list[Point] = []
        closed = curved = False
        x, y = self._x, self._y
        get_seg, get_point, get_type, get_close = (
            raw.FPDFPath_GetPathSegment,
            raw.FPDFPathSegment_GetPoint,
            raw.FPDFPathSegment_GetType,
            raw.FPDFPathSegment_GetClose,
        )
        moveto, bezier = raw.FPDF_SEGMENT_MOVETO, raw.FPDF_SEGMENT_BEZIERTO
        bezier_index = 0
        for i in range(n):
            seg = get_seg(obj, i)
            kind = get_type(seg)
            if kind == moveto:
                if pts:
                    subpaths.append(Subpath(tuple(pts), closed, curved))
                pts, closed, curved = [], False, False
                bezier_index = 0
            elif kind == bezier:
                curved = True
                bezier_index += 1
                if bezier_index % 3:
                    continue  # a control point, not on the curve
            elif step > 1 and i % step and i != n - 1:
                continue
            if not get_point(seg, x, y):
                continue
            pts.append(to_page(a * x.value + c * y.value + e, b * x.value + d * y.value + f))
            if get_close(seg):
                closed = True
        if pts:
            subpaths.append(Subpath(tuple(pts), closed, curved))
        if not subpaths:
            return
        bounds = self._bounds(obj, outer)
        if bounds is None:
            xs = [p[0] for s in subpaths for p in s.points]
            ys = [p[1] for s in subpaths for p in s.points]
            bounds = Box(min(xs), min(ys), max(xs), max(ys))
        stroke = self._color(raw.FPDFPageObj_GetStrokeColor, obj) if stroked else None
        fill = self._color(raw.FPDFPageObj_GetFillColor, obj) if filled else None
        width = 0.0
        dash: tuple[float, ...] = ()
        if stroked:
            scale = _scale(m)
            if raw.FPDFPageObj_GetStrokeWidth(obj, self._width):
                width = float(self._width.value) * scale
            count = raw.FPDFPageObj_GetDashCount(obj)
            if count > 0:
                arr = (ctypes.c_float * count)()
                if raw.FPDFPageObj_GetDashArray(obj, arr, count):
                    dash = tuple(round(float(v) * scale, 3) for v in arr)
                    if not any(dash):
                        dash = ()
        self.paths.append(
            VectorPath(
                order=self.order,
                subpaths=tuple(subpaths),
                bounds=bounds,
                stroke=stroke,
                fill=fill,
                line_width=width,
                dash=dash,
                group=group,
            )
        )

    def visit(self, container: Any, is_form: bool, outer: Matrix, depth: int, group: int) -> None:
        raw = self.raw
        count = raw.FPDFFormObj_CountObjects(container) if is_form else raw.FPDFPage_CountObjects(container)
        get_obj = raw.FPDFFormObj_GetObject if is_form else raw.FPDFPage_GetObject
        for i in range(max(count, 0)):
            if self.order >= self.max_objects:
                self.truncated = True
                return
            obj = get_obj(container, i)
            if not obj:
                continue
            self.order += 1
            kind = raw.FPDFPageObj_GetType(obj)
            if kind == raw.FPDF_PAGEOBJ_PATH:
                self._path(obj, outer, group)
            elif kind == raw.FPDF_PAGEOBJ_TEXT:
                if self.textpage is not None and not self.glyphs:
                    self._object_text(obj, outer)
                    continue
                addr = ctypes.cast(obj, ctypes.c_void_p).value
                if addr is not None:
                    self.text_order[addr] = self.order
            elif kind == raw.FPDF_PAGEOBJ_IMAGE:
                box = self._bounds(obj, outer)
                if box is not None:
                    self.images.append(ImagePlacement(self.order, box))
            elif kind == raw.FPDF_PAGEOBJ_FORM and depth < _MAX_DEPTH:
                self.groups += 1
                self.visit(obj, True, _mul(self._matrix(obj), outer), depth + 1, self.groups)

    # -- text --------------------------------------------------------------------------------

    def _object_text(self, obj: Any, outer: Matrix) -> None:
        """One text object read whole: a run with a single glyph standing for all its characters."""
        raw = self.raw
        if raw.FPDFTextObj_GetTextRenderMode(obj) == 3:
            return
        n = raw.FPDFTextObj_GetText(obj, self.textpage, None, 0)
        if n <= 2:
            return
        buf = (ctypes.c_ushort * (n // 2 + 1))()
        raw.FPDFTextObj_GetText(obj, self.textpage, buf, n)
        text = bytes(memoryview(buf).cast("B"))[: n - 2].decode("utf-16-le", "replace").strip()
        box = self._bounds(obj, outer)
        if not text or box is None:
            return
        m = _mul(self._matrix(obj), outer)
        size = ctypes.c_float()
        nominal = float(size.value) if raw.FPDFTextObj_GetFontSize(obj, size) else 0.0
        eff = nominal * (math.hypot(m[2], m[3]) or 1.0)
        angle = round((math.degrees(math.atan2(m[1], m[0])) - self.space.rotation) % 360.0, 2)
        if angle >= 359.99:
            angle = 0.0
        color = self._color(raw.FPDFPageObj_GetFillColor, obj) or (0.0, 0.0, 0.0, 1.0)
        origin = self.space.point(m[4], m[5])
        glyph = Glyph(text, box, origin, eff, angle, color)
        self.object_texts.append(TextRun(self.order, text, box, eff, angle, color, (glyph,)))

    def _object_info(self, tp: Any, i: int, obj: Any) -> tuple[int, float, float, Color] | None:
        """(render mode, effective size, angle, fill colour) of the text object of char ``i``;
        None when the object's text is invisible (render mode 3)."""
        raw = self.raw
        mode = raw.FPDFTextObj_GetTextRenderMode(obj) if obj else 0
        if mode == 3:
            return None
        nominal = float(raw.FPDFText_GetFontSize(tp, i))
        size, angle = nominal, 0.0
        mat = self._mat
        if raw.FPDFText_GetMatrix(tp, i, mat):
            size = nominal * (math.hypot(mat.c, mat.d) or 1.0)
            angle = math.degrees(math.atan2(mat.b, mat.a))
        angle = round((angle - self.space.rotation) % 360.0, 2)
        if angle >= 359.99:
            angle = 0.0
        cr, cg, cb, ca = self._r, self._g, self._b, self._a
        if raw.FPDFText_GetFillColor(tp, i, cr, cg, cb, ca):
            color: Color = (cr.value / 255.0, cg.value / 255.0, cb.value / 255.0, ca.value / 255.0)
        else:
            color = (0.0, 0.0, 0.0, 1.0)
        return (mode, size, angle, color)

    def _texts(self, tp: Any) -> list[TextRun]:
        """Glyphs grouped by text object. Size, angle, colour and render mode are constant within
        a text object, so they are read once per object (this loop runs over every character)."""
        raw = self.raw
        space = self.space
        n = raw.FPDFText_CountChars(tp)
        cl, cr_, cb_, ct = (ctypes.c_double() for _ in range(4))
        ox, oy = ctypes.c_double(), ctypes.c_double()
        runs: dict[int, list[Glyph]] = {}
        info: dict[int, tuple[int, float, float, Color] | None] = {}
        first_seen: dict[int, int] = {}
        get_unicode, get_object, get_box, get_origin = (
            raw.FPDFText_GetUnicode,
            raw.FPDFText_GetTextObject,
            raw.FPDFText_GetCharBox,
            raw.FPDFText_GetCharOrigin,
        )
        void_p, cast = ctypes.c_void_p, ctypes.cast
        to_box, to_point = space.box, space.point
        space_before = False
        for i in range(max(n, 0)):
            code = get_unicode(tp, i)
            if code == 0 or code in (0xFFFE, 0xFFFF):
                continue
            ch = chr(code) if code < 0x110000 else "\ufffd"
            if ch.isspace():
                space_before = True  # spaces (typed or inferred by pdfium) mark word breaks
                continue
            obj = get_object(tp, i)
            addr = cast(obj, void_p).value if obj else None
            key = addr if addr is not None else -1
            if key not in info:
                info[key] = self._object_info(tp, i, obj)
                first_seen[key] = i
            props = info[key]
            if props is None:  # invisible text
                continue
            if not get_box(tp, i, cl, cr_, cb_, ct):
                continue
            box = to_box(cl.value, cb_.value, cr_.value, ct.value)
            origin = to_point(ox.value, oy.value) if get_origin(tp, i, ox, oy) else (box.x0, box.y1)
            _mode, size, angle, color = props
            runs.setdefault(key, []).append(Glyph(ch, box, origin, size, angle, color, space_before))
            space_before = False
        out: list[TextRun] = []
        for key, glyphs in runs.items():
            order = self.text_order.get(key, self.max_objects + first_seen[key])
            box = Box(
                min(g.box.x0 for g in glyphs),
                min(g.box.y0 for g in glyphs),
                max(g.box.x1 for g in glyphs),
                max(g.box.y1 for g in glyphs),
            )
            out.append(
                TextRun(
                    order=order,
                    text="".join((" " if g.space_before and k else "") + g.char for k, g in enumerate(glyphs)),
                    box=box,
                    size=max(g.size for g in glyphs),
                    angle=glyphs[0].angle,
                    color=glyphs[0].color,
                    glyphs=tuple(glyphs),
                )
            )
        out.sort(key=lambda run: run.order)
        return out


class PdfiumVectorSource(VectorSource):
    """Reads page vectors with pdfium (pypdfium2 raw calls, under the process-wide lock)."""

    name = "pdfium"

    def read_page(
        self,
        source: DocumentSource,
        page: int,
        *,
        text: bool = True,
        glyphs: bool = True,
        max_objects: int = 100_000,
    ) -> PageVectors:
        import pypdfium2.raw as raw

        with pdfium_document(source) as doc:
            check_page(doc, page)
            pdf_page = doc[page]
            tp = None
            try:
                space = PageSpace(pdf_page)
                reader = _Reader(raw, pdf_page.raw, space, max(1, max_objects))
                if text:
                    tp = raw.FPDFText_LoadPage(pdf_page.raw) or None
                    reader.textpage, reader.glyphs = tp, glyphs
                reader.visit(pdf_page.raw, False, _IDENTITY, 0, 0)
                texts: list[TextRun] = []
                if tp is not None:
                    texts = reader._texts(tp) if glyphs else reader.object_texts
            finally:
                if tp is not None:
                    raw.FPDFText_ClosePage(tp)
                pdf_page.close()
        paths = tuple(reader.paths)
        return PageVectors(
            page=page,
            width=space.width,
            height=space.height,
            paths=paths,
            rects=filled_rects(paths),
            texts=tuple(texts),
            images=tuple(reader.images),
            truncated=reader.truncated,
            has_text=text,
        )
