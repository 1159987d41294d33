"""The drawing of a page as pdfplumber's objects, read by pdfium (see
:mod:`adapters._plumber_pdfium`): each painted path cut into its subpaths, each a ``line`` (one
segment), a ``rect`` (four sides along the axes, closed) or a ``curve`` (anything else) as
pdfminer tells them, with the points, fill, stroke, line width and colours of the path; each
image as the box its matrix maps the unit square to. Objects inside form XObjects are read with
their form's matrix applied.
"""

from __future__ import annotations

import ctypes
from typing import Any

from adapters._pdfium_objects import _IDENTITY, Matrix, _apply, _mul

#: Nesting of form XObjects followed (deeper ones are left out, as pdfium's walk elsewhere does).
MAX_DEPTH = 8
#: Objects read per page at most (a page of vector art is cut there).
_MAX_OBJECTS = 200_000


def rgb(r: int, g: int, b: int) -> tuple[float, ...]:
    """A pdfium colour (0-255 a channel) as red, green and blue from 0 to 1; a grey as one value."""
    if r == g == b:
        return (round(r / 255, 4),)
    return (round(r / 255, 4), round(g / 255, 4), round(b / 255, 4))


class Drawings:
    """A page's reader, its geometry and drawing: boxes and points from pdfminer's layout
    space to pdfplumber's (``_place``, ``_coord``), and the page's paths and images (``_walk``).
    The reader sets the page (``page``), pdfminer's page matrix (``ctm``), the page's number
    and height, its media box's left and top and first line down the document (``doctop``),
    and the objects read so far (``out``)."""

    page: Any
    ctm: Matrix
    number: int
    height: float
    mb_x0: float
    mb_top: float
    doctop: float
    out: dict[str, list[dict[str, Any]]]
    _count: int

    def _place(self, attr: dict[str, Any], x0: float, y0: float, x1: float, y1: float) -> None:
        """Set the layout box (``x0``..``y1``, pdfminer's) and pdfplumber's ``top``/``bottom``."""
        if x1 < x0:
            x0, x1 = x1, x0
        if y1 < y0:
            y0, y1 = y1, y0
        attr["x0"], attr["y0"], attr["x1"], attr["y1"] = x0 + self.mb_x0, y0, x1 + self.mb_x0, y1
        attr["width"], attr["height"] = x1 - x0, y1 - y0
        attr["top"] = self.height - y1 + self.mb_top
        attr["bottom"] = self.height - y0 + self.mb_top
        attr["doctop"] = self.doctop + attr["top"]

    def _coord(self, x: float, y: float) -> tuple[float, float]:
        """A layout point as pdfplumber's (x, top) (``Page.point2coord``)."""
        return (self.mb_x0 + x, self.mb_top + self.height - y)

    def _walk(self, raw: Any) -> None:
        self._count = 0
        self._visit(raw, self.page.raw, False, _IDENTITY, 0)

    def _visit(self, raw: Any, container: Any, is_form: bool, outer: Matrix, depth: int) -> None:
        count = raw.FPDFFormObj_CountObjects(container) if is_form else raw.FPDFPage_CountObjects(container)
        get = raw.FPDFFormObj_GetObject if is_form else raw.FPDFPage_GetObject
        m = raw.FS_MATRIX()
        for i in range(max(count, 0)):
            if self._count >= _MAX_OBJECTS:
                return
            obj = get(container, i)
            if not obj:
                continue
            self._count += 1
            kind = raw.FPDFPageObj_GetType(obj)
            if kind not in (raw.FPDF_PAGEOBJ_PATH, raw.FPDF_PAGEOBJ_IMAGE, raw.FPDF_PAGEOBJ_FORM):
                continue
            own = (m.a, m.b, m.c, m.d, m.e, m.f) if raw.FPDFPageObj_GetMatrix(obj, m) else _IDENTITY
            matrix = _mul(own, outer) if outer is not _IDENTITY else own
            if kind == raw.FPDF_PAGEOBJ_FORM:
                if depth < MAX_DEPTH:
                    self._visit(raw, obj, True, matrix, depth + 1)
            elif kind == raw.FPDF_PAGEOBJ_PATH:
                self._path(raw, obj, _mul(matrix, self.ctm))
            else:
                self._image(raw, obj, _mul(matrix, self.ctm))

    def _colors(self, raw: Any, obj: Any) -> tuple[Any, Any]:
        r, g, b, a = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
        fill = rgb(r.value, g.value, b.value) if raw.FPDFPageObj_GetFillColor(obj, r, g, b, a) else (0.0,)
        stroke = rgb(r.value, g.value, b.value) if raw.FPDFPageObj_GetStrokeColor(obj, r, g, b, a) else (0.0,)
        return fill, stroke

    def _path(self, raw: Any, obj: Any, matrix: Matrix) -> None:
        fillmode, stroked = ctypes.c_int(), ctypes.c_int()
        if not raw.FPDFPath_GetDrawMode(obj, fillmode, stroked):
            return
        fill, stroke = fillmode.value != 0, bool(stroked.value)
        if not fill and not stroke:
            return
        n = raw.FPDFPath_CountSegments(obj)
        if n <= 0:
            return
        x, y = ctypes.c_float(), ctypes.c_float()
        width = ctypes.c_float()
        linewidth = float(width.value) if raw.FPDFPageObj_GetStrokeWidth(obj, width) else 0.0
        ncolor, scolor = self._colors(raw, obj)
        style = {
            "linewidth": linewidth,
            "stroke": stroke,
            "fill": fill,
            "evenodd": fillmode.value == 1,
            "stroking_color": scolor,
            "non_stroking_color": ncolor,
        }
        move, line = raw.FPDF_SEGMENT_MOVETO, raw.FPDF_SEGMENT_LINETO
        subpath: list[tuple[Any, ...]] = []
        bezier: list[tuple[float, float]] = []
        for k in range(n):
            seg = raw.FPDFPath_GetPathSegment(obj, k)
            if not seg or not raw.FPDFPathSegment_GetPoint(seg, x, y):
                continue
            point = _apply(matrix, x.value, y.value)
            kind = raw.FPDFPathSegment_GetType(seg)
            if kind == move:
                self._subpath(subpath, style)
                subpath = [("m", point)]
                bezier = []
            elif kind == line:
                subpath.append(("l", point))
            else:  # a Bézier curve: three points, the last one its end
                bezier.append(point)
                if len(bezier) == 3:
                    subpath.append(("c", *bezier))
                    bezier = []
            if raw.FPDFPathSegment_GetClose(seg) and subpath:
                subpath.append(("h",))
        self._subpath(subpath, style)

    def _subpath(self, path: list[tuple[Any, ...]], style: dict[str, Any]) -> None:
        """One subpath painted as pdfminer paints it (``PDFLayoutAnalyzer.paint_path``)."""
        if not path or path[0][0] != "m":
            return
        shape = "".join(op[0] for op in path)
        pts = [op[-1] if op[0] != "h" else path[0][-1] for op in path]
        if len(shape) > 3 and shape[-2:] == "lh" and pts[-2] == pts[0]:
            shape = shape[:-2] + "h"
            pts.pop()
        kind = "curve"
        if shape in ("mlh", "ml"):
            kind = "line"
        elif shape in ("mlllh", "mllll"):
            (x0, y0), (x1, y1), (x2, y2), (x3, y3), _ = pts
            square = (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0) or (
                y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0
            )
            if pts[0] == pts[4] and square:
                kind = "rect"
        if kind == "line":
            pts = pts[:2]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        attr: dict[str, Any] = {}
        self._place(attr, min(xs), min(ys), max(xs), max(ys))
        if kind == "rect":
            (ax, ay), (bx, by) = pts[0], pts[2]
            self._place(attr, min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
        attr["pts"] = [self._coord(px, py) for px, py in pts]
        attr.update(style)
        attr["mcid"] = None
        attr["tag"] = None
        attr["object_type"] = kind
        attr["page_number"] = self.number
        attr["path"] = [(op[0], *(self._coord(px, py) for px, py in op[1:])) for op in path]
        attr["dash"] = None
        self.out.setdefault(kind, []).append(attr)

    def _image(self, raw: Any, obj: Any, matrix: Matrix) -> None:
        corners = [_apply(matrix, x, y) for x, y in ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0))]
        xs = [p[0] for p in corners]
        ys = [p[1] for p in corners]
        attr: dict[str, Any] = {}
        self._place(attr, min(xs), min(ys), max(xs), max(ys))
        w, h = ctypes.c_uint(), ctypes.c_uint()
        size = (w.value, h.value) if raw.FPDFImageObj_GetImagePixelSize(obj, w, h) else (0, 0)
        attr.update(
            {
                "srcsize": size,
                "name": None,
                "stream": None,
                "bits": None,
                "colorspace": None,
                "imagemask": None,
                "mcid": None,
                "tag": None,
                "object_type": "image",
                "page_number": self.number,
            }
        )
        self.out.setdefault("image", []).append(attr)
