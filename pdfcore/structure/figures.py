"""Which of a page's images are figures, and their refs (``p3f1``: page 3, figure 1); with the
vector figures of :mod:`pdfcore.structure.vector_figures` (``p3v1``), every figure a ref names.

A figure is a placed raster image large enough to be content (not a bullet, a rule or a logo
in a corner) and not the page itself (a scan under its OCR text and the layers it is drawn in,
a background behind text, or either drawn in page-wide strips).
Figures are numbered top to bottom, left to right; the numbering is a function of the page
alone, so a ref resolves the same way in any later call (no stored state).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pdfcore.models import Box, PageText
from pdfcore.structure.unit import Unit
from pdfcore.structure.vector_figures import vector_figure_boxes, vector_figure_ref

#: A figure is at least this many points wide and high, and this share of the page...
MIN_SIDE_PT = 36.0
MIN_PAGE_SHARE = 0.01
#: ...and at most this share (larger: the page's scan or background).
MAX_PAGE_SHARE = 0.85
#: An image with more text lines than this on top of it is a background.
MAX_LINES_ON = 6
#: Images spanning this share of the page's width or more, which together cover more than
#: MAX_PAGE_SHARE of its height, are the page's background (or its scan) drawn in strips.
STRIP_WIDTH_SHARE = 0.95

_REF = re.compile(r"^p(\d+)[fv](\d+)$")


def figure_boxes(page: PageText, width: float, height: float) -> list[Box]:
    """The page's figures in ref order (see the module docstring)."""
    area = max(width * height, 1.0)
    found: list[Box] = []
    seen: set[tuple[float, float, float, float]] = set()
    placed = [box for img in page.images for box in img.placements or ((img.bbox,) if img.bbox else ())]
    if _scanned(page, placed, area):
        return []
    strips = {id(b) for b in _strips(placed, width, height)}
    for box in placed:
        if id(box) in strips:
            continue
        w, h = box.x1 - box.x0, box.y1 - box.y0
        if w < MIN_SIDE_PT or h < MIN_SIDE_PT:
            continue
        share = (w * h) / area
        if share < MIN_PAGE_SHARE or share > MAX_PAGE_SHARE:
            continue
        key = (round(box.x0), round(box.y0), round(box.x1), round(box.y1))
        if key in seen:
            continue
        seen.add(key)
        if _lines_on(page, box) > MAX_LINES_ON:
            continue
        found.append(box)
    found.sort(key=lambda b: (round(b.y0), b.x0))
    return found


def figure_ref(page_index: int, k: int) -> str:
    """The ref of figure ``k`` (0-based) of page ``page_index`` (0-based)."""
    return f"p{page_index + 1}f{k + 1}"


def figure_refs(page: PageText, width: float, height: float) -> dict[str, Box]:
    """Every figure of the page by its ref: raster (``p3f1``) then vector (``p3v1``) figures."""
    images = figure_boxes(page, width, height)
    out = {figure_ref(page.index, k): box for k, box in enumerate(images)}
    out.update(_drawings(page, width, height, images))
    return out


def drawing_refs(page: PageText, width: float, height: float) -> dict[str, Box]:
    """The page's vector figures (charts, diagrams drawn with paths) by their refs (``p3v1``)."""
    return _drawings(page, width, height, figure_boxes(page, width, height))


def _drawings(page: PageText, width: float, height: float, images: list[Box]) -> dict[str, Box]:
    return {
        vector_figure_ref(page.index, k): box for k, box in enumerate(vector_figure_boxes(page, width, height, images))
    }


def parse_figure_ref(ref: str) -> tuple[int, int] | None:
    """(page index, figure index among the figures of its kind), both 0-based, of a figure ref
    (raster ``p3f1`` or vector ``p3v1``); None for another kind."""
    m = _REF.match(ref.strip())
    if not m:
        return None
    page, k = int(m.group(1)), int(m.group(2))
    return (page - 1, k - 1) if page >= 1 and k >= 1 else None


def _lines_on(page: PageText, box: Box) -> int:
    n = 0
    for block in page.blocks:
        b = block.bbox
        if b.x1 < box.x0 or b.x0 > box.x1 or b.y1 < box.y0 or b.y0 > box.y1:
            continue
        for ln in block.lines:
            cx, cy = (ln.bbox.x0 + ln.bbox.x1) / 2, (ln.bbox.y0 + ln.bbox.y1) / 2
            if box.x0 <= cx <= box.x1 and box.y0 <= cy <= box.y1:
                n += 1
    return n


def _scanned(page: PageText, boxes: list[Box], area: float) -> bool:
    """A scanned page: an image covering it (more than MAX_PAGE_SHARE) and no text of its own
    (none, or recognised by OCR). What else it draws is the scan's too (the layers a scan is
    compressed in: text masks at a finer resolution over the page's picture), not figures."""
    if page.source != "ocr" and page.char_count > 0:
        return False
    return any((b.x1 - b.x0) * (b.y1 - b.y0) > MAX_PAGE_SHARE * area for b in boxes)


def _strips(boxes: list[Box], width: float, height: float) -> list[Box]:
    """The page-wide images among ``boxes`` when, together, they cover more than MAX_PAGE_SHARE
    of the page's height (a background or a scan drawn in strips); else none."""
    wide = sorted((b for b in boxes if b.x1 - b.x0 >= STRIP_WIDTH_SHARE * width), key=lambda b: b.y0)
    if len(wide) < 2:
        return []
    covered, reach = 0.0, 0.0
    for b in wide:
        y0, y1 = max(b.y0, reach, 0.0), min(b.y1, height)
        if y1 > y0:
            covered += y1 - y0
        reach = max(reach, b.y1)
    return wide if covered > MAX_PAGE_SHARE * height else []


#: A figure's part label opening a row: ``(a)`` to ``(h)``.
_PART = re.compile(r"^\([a-h]\)\s")
#: A part's caption starts at most this many of its row heights under its figure.
PART_GAP = 1.5


def subcaptions(units: list[Unit], figures: Sequence[Box]) -> None:
    """A list item opening with a figure's part label (``(a) Original Image (b) Style image``)
    set right under a figure it overlaps across (within PART_GAP of its rows' height) is the
    caption of that figure's parts, a paragraph: no list."""
    for u in units:
        if u.kind != "list_item" or not _PART.match(u.text) or not u.rows:
            continue
        h = u.rows[0].box.y1 - u.rows[0].box.y0
        if any(-1.0 <= u.y0 - b.y1 <= PART_GAP * h and u.x0 < b.x1 and u.x1 > b.x0 for b in figures):
            u.kind, u.marker = "paragraph", ""
