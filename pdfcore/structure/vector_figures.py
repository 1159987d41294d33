"""Which of a page's regions of vector art are figures (charts, diagrams), and their refs
(``p3v1``: page 3, vector figure 1).

A region of vector art (:attr:`~pdfcore.models.PageText.drawings`) grows by the art, the ruling
lines (a chart's axes and grid) and the short text (tick labels, axis titles, legend entries)
lying next to it. It is a figure when it is large (MIN_SIDE_PT either way, MIN_PAGE_SHARE of the
page), dense (MIN_PATHS painted paths), not on a raster figure, and its text reads as labels:
no line of running text (more than MAX_LABEL_WORDS words), no caption, and no grid of text
(MAX_GRID_ROWS rows of three cells or more: a table drawn with cell fills). The text inside a
figure stays out of the paragraphs.

Vector figures are numbered apart from raster ones (whose refs stay as they were), top to
bottom, left to right; like those, the numbering is a function of the page alone.
"""

from __future__ import annotations

import re

from pdfcore.models import Box, PageText
from pdfcore.structure.style import is_caption

#: A vector figure is at least this many points wide and high, and this share of the page...
MIN_SIDE_PT = 60.0
MIN_PAGE_SHARE = 0.02
#: ...and at most this share (larger: the page's frame or background art).
MAX_PAGE_SHARE = 0.85
#: ...and holds at least this many painted paths (bars, curves, markers, boxes).
MIN_PATHS = 6
#: A line of more words than this inside the region is running text: no figure.
MAX_LABEL_WORDS = 8
#: A row of text holding three cells or more is a table's row; this many of them: a table.
MAX_GRID_ROWS = 3
#: Labels and rules join the region at most REACH_PT points away from it, other art ART_REACH_PT.
REACH_PT = 10.0
ART_REACH_PT = 16.0
#: A ruling line joins the region when it is at most this many times as long as the region is
#: wide (or high): a chart's axis or grid line, not a rule across the page.
RULE_SPAN = 1.3
#: Raster figures: a region mostly on one is part of it.
ON_IMAGE_SHARE = 0.5

#: A word: two letters in a row (a tick label "10%" or "$40" is none).
_WORD = re.compile(r"[^\W\d_]{2}", re.UNICODE)

_Line = tuple[Box, str]


def vector_figure_boxes(page: PageText, width: float, height: float, images: list[Box] | None = None) -> list[Box]:
    """The page's vector figures in ref order (see the module docstring); ``images``: the page's
    raster figures (:func:`pdfcore.structure.figures.figure_boxes`)."""
    if not page.drawings:
        return []
    area = max(width * height, 1.0)
    lines = [(ln.bbox, ln.text.strip()) for b in page.blocks for ln in b.lines if ln.text.strip()]
    found: list[Box] = []
    for d in page.drawings:
        if any(_inside(d.bbox, f) for f in found):
            continue
        box, paths = _grow(d.bbox, d.paths, page, lines)
        w, h = box.x1 - box.x0, box.y1 - box.y0
        if w < MIN_SIDE_PT or h < MIN_SIDE_PT or paths < MIN_PATHS:
            continue
        if not MIN_PAGE_SHARE <= (w * h) / area <= MAX_PAGE_SHARE:
            continue
        if any(_share(box, im) > ON_IMAGE_SHARE or _share(im, box) > ON_IMAGE_SHARE for im in images or ()):
            continue
        if not _labels_only([t for b, t in lines if _holds(box, b)], [b for b, _ in lines if _holds(box, b)]):
            continue
        found = [f for f in found if not _inside(f, box)]
        found.append(box)
    found.sort(key=lambda b: (round(b.y0), b.x0))
    return found


def vector_figure_ref(page_index: int, k: int) -> str:
    """The ref of vector figure ``k`` (0-based) of page ``page_index`` (0-based)."""
    return f"p{page_index + 1}v{k + 1}"


def holds_label(box: Box, x0: float, y0: float, x1: float, y1: float, text: str) -> bool:
    """A row of text (its box and text) is the figure's own (a label, not its caption)."""
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return box.x0 <= cx <= box.x1 and box.y0 <= cy <= box.y1 and not is_caption(text)


def _grow(seed: Box, paths: int, page: PageText, lines: list[_Line]) -> tuple[Box, int]:
    """The seed region with the art, rules and label lines lying next to it, until none is left."""
    x0, y0, x1, y1 = seed.x0, seed.y0, seed.x1, seed.y1
    art = [d for d in page.drawings if d.bbox != seed]
    rules = list(page.rules)
    labels = [(b, t) for b, t in lines if _label(t)]
    r, far = REACH_PT, ART_REACH_PT
    grew = True
    while grew:
        grew = False
        keep = []
        for d in art:
            b = d.bbox
            if b.x0 - far <= x1 and x0 <= b.x1 + far and b.y0 - far <= y1 and y0 <= b.y1 + far:
                x0, y0, x1, y1 = min(x0, b.x0), min(y0, b.y0), max(x1, b.x1), max(y1, b.y1)
                paths += d.paths
                grew = True
            else:
                keep.append(d)
        art = keep
        kept_rules = []
        for b in rules:
            near = b.x0 - 2 <= x1 and x0 <= b.x1 + 2 and b.y0 - 2 <= y1 and y0 <= b.y1 + 2
            short = b.x1 - b.x0 <= RULE_SPAN * (x1 - x0) and b.y1 - b.y0 <= RULE_SPAN * (y1 - y0)
            if near and short:
                if b.x0 < x0 or b.y0 < y0 or b.x1 > x1 or b.y1 > y1:
                    x0, y0, x1, y1 = min(x0, b.x0), min(y0, b.y0), max(x1, b.x1), max(y1, b.y1)
                    grew = True
            else:
                kept_rules.append(b)
        rules = kept_rules
        kept_labels = []
        for b, t in labels:
            if b.x0 - r <= x1 and x0 <= b.x1 + r and b.y0 - r <= y1 and y0 <= b.y1 + r:
                if b.x0 < x0 or b.y0 < y0 or b.x1 > x1 or b.y1 > y1:
                    x0, y0, x1, y1 = min(x0, b.x0), min(y0, b.y0), max(x1, b.x1), max(y1, b.y1)
                    grew = True
            else:
                kept_labels.append((b, t))
        labels = kept_labels
    return Box(x0, y0, x1, y1), paths


def _label(text: str) -> bool:
    """Short text: at most MAX_LABEL_WORDS words (numbers and symbols not counted), no caption."""
    return sum(1 for w in text.split() if _WORD.search(w)) <= MAX_LABEL_WORDS and not is_caption(text)


def _labels_only(texts: list[str], boxes: list[Box]) -> bool:
    """The text inside the region reads as a figure's labels: no running text, no caption, no
    grid of cells (see the module docstring)."""
    if not all(_label(t) for t in texts):
        return False
    rows: list[list[Box]] = []
    for b in sorted(boxes, key=lambda b: (b.y0 + b.y1) / 2):
        cy = (b.y0 + b.y1) / 2
        if rows and abs((rows[-1][0].y0 + rows[-1][0].y1) / 2 - cy) <= 2.0:
            rows[-1].append(b)
        else:
            rows.append([b])
    return sum(1 for row in rows if len(row) >= 3) < MAX_GRID_ROWS


def _holds(box: Box, b: Box) -> bool:
    cx, cy = (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2
    return box.x0 <= cx <= box.x1 and box.y0 <= cy <= box.y1


def _inside(b: Box, box: Box) -> bool:
    return box.x0 - 1 <= b.x0 and b.x1 <= box.x1 + 1 and box.y0 - 1 <= b.y0 and b.y1 <= box.y1 + 1


def _share(a: Box, b: Box) -> float:
    """Share of ``a``'s area inside ``b``."""
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    size = (a.x1 - a.x0) * (a.y1 - a.y0)
    return (w * h) / size if w > 0 and h > 0 and size > 0 else 0.0
