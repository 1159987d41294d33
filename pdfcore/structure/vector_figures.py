"""Which of a page's regions of vector art are figures (charts, diagrams), and their refs
(``p3v1``: page 3, vector figure 1).

A region of vector art (:attr:`~pdfcore.models.PageText.drawings`, and the axes frames of
:mod:`pdfcore.structure.axes_frames`: a plot of one curve holds too few paths) grows by the art, the ruling
lines (a chart's axes and grid) and the short text (tick labels, axis titles, legend entries)
lying next to it, and by a legend set apart (a label above or under it led by a line sample,
or short labels one under the other beside it).
It is a figure when it is large (MIN_SIDE_PT either way, MIN_PAGE_SHARE of the page), dense
(MIN_PATHS painted paths), not on a raster figure, and its text reads as labels: no line of
running text (more than MAX_LABEL_WORDS words), no caption, no list's item led by a bullet, no grid of text (MAX_GRID_ROWS rows
of three cells or more, MAX_FIGURE_ROWS lines of a label and its figures), not much of it
(MAX_TEXT_SHARE of the region), not set in cells (lines between two rules close above and below
them, or on bare shaded rectangles: a table drawn with cell fills or row bands), and no table
caption right above or under it (unless a figure's caption is too). A region over a figure's
caption (or under it: a caption set above its figure) whose text is sparse (DIAGRAM_TEXT_SHARE)
is a diagram: its labels may stand in rows and on filled boxes. The text inside a figure stays
out of the paragraphs.

Vector figures are numbered apart from raster ones (whose refs stay as they were), top to
bottom, left to right; like those, the numbering is a function of the page alone.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from pdfcore.caption_words import FIGURE_CAPTION, TABLE_CAPTION, is_caption
from pdfcore.geometry import holds_centre, within
from pdfcore.models import Box, Drawing, PageText
from pdfcore.structure.axes_frames import axes_frames
from pdfcore.structure.markers import BULLET, ITEM_BULLETS
from pdfcore.structure.rows import Row

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
#: Text covering more than this share of the region: a table or a text box, not a figure.
MAX_TEXT_SHARE = 0.3
#: A line set between two rules at most CELL_PAD of its height above and below it is in a
#: table's cell (a row band, a filled cell's edges); this share of the lines so: a table.
CELL_PAD = 1.2
CELL_SHARE = 0.25
CELL_MIN = 4
#: A table's caption ("Table 4:") at most this many points above or below the region: a table.
TABLE_CAPTION_PT = 36.0
#: A region over a figure's caption ("Figure 2:", at most FIGURE_CAPTION_PT under it, or above
#: it) whose text covers at most this share of it is a diagram: its labels may stand in rows
#: (boxes in a row, each labelled) and on fills (filled boxes) without making it a table.
DIAGRAM_TEXT_SHARE = 0.12
#: A figure's caption stands at most this many points from it (a row of subcaptions, `(a) (b)`,
#: may come between).
FIGURE_CAPTION_PT = 48.0
#: Lines holding a word and two numbers or more (a table's row: a label and its figures);
#: this many of them: a table.
MAX_FIGURE_ROWS = 2
#: Labels and rules join the region at most REACH_PT points away from it, other art ART_REACH_PT.
REACH_PT = 10.0
ART_REACH_PT = 16.0
#: A line at most this many times the height of the line above it under it goes on with it.
CONTINUED = 0.6
#: A legend set apart: a label at most LEGEND_REACH_PT points above or under the region, led by
#: a rule at most LEGEND_SAMPLE_PT long (its line sample).
LEGEND_REACH_PT = 50.0
LEGEND_SAMPLE_PT = 40.0
#: A legend beside the region: SIDE_LEGEND_ROWS labels or more of SIDE_LEGEND_WORDS words at
#: most, their edges aligned within SIDE_ALIGN_PT, at most SIDE_LEGEND_PT from the region.
SIDE_LEGEND_ROWS = 2
SIDE_LEGEND_WORDS = 4
SIDE_ALIGN_PT = 2.0
SIDE_LEGEND_PT = 30.0
#: A line whose characters fill less than this share of its width (at half an em each, its
#: height taken for its size) is a row of labels spread out, not running text.
SPREAD = 0.65
#: A figure's title: rows of this many words or more at its top, centred within this share of
#: its width, bold or this many times the size of its labels (see figure_title).
TITLE_WORDS = 2
TITLE_CENTRE = 0.15
TITLE_SIZE = 1.15
#: A ruling line joins the region when it is at most this many times as long as the region is
#: wide (or high): a chart's axis or grid line, not a rule across the page.
RULE_SPAN = 1.3
#: Raster figures: a region mostly on one is part of it.
ON_IMAGE_SHARE = 0.5

#: A word: two letters in a row (a tick label "10%" or "$40" is none).
_WORD = re.compile(r"[^\W\d_]{2}", re.UNICODE)
#: A number as a table prints it: "1,234.5", "-0.3", "(12)", "45%", "$6".
_NUMBER = re.compile(r"^[-−(]?[$€£¥]?\d[\d,.]*%?\)?$")

#: A line: its box, its text, and whether it may be a label (see _page_lines).
_Line = tuple[Box, str, bool]


def vector_figure_boxes(page: PageText, width: float, height: float, images: list[Box] | None = None) -> list[Box]:
    """The page's vector figures in ref order (see the module docstring); ``images``: the page's
    raster figures (:func:`pdfcore.structure.figures.figure_boxes`)."""
    seeds = [*page.drawings, *axes_frames(page)]
    if not seeds:
        return []
    area = max(width * height, 1.0)
    lines = _page_lines(page)
    # a rule along the page's edge is a background's edge, no axis
    rules = [r for r in page.rules if not _page_edge(r, width, height)]
    found: list[Box] = []
    for d in seeds:
        if any(within(d.bbox, f, 1.0) for f in found):
            continue
        box, paths, on_fills = _grow(d, page, lines, rules)
        w, h = box.x1 - box.x0, box.y1 - box.y0
        if w < MIN_SIDE_PT or h < MIN_SIDE_PT or paths < MIN_PATHS:
            continue
        if not MIN_PAGE_SHARE <= (w * h) / area <= MAX_PAGE_SHARE:
            continue
        if any(_share(box, im) > ON_IMAGE_SHARE or _share(im, box) > ON_IMAGE_SHARE for im in images or ()):
            continue
        inside = [ln for ln in lines if holds_centre(box, ln[0])]
        if not all(label for _, _, label in inside):
            framed = _inside_frame(box, inside)
            if framed is not None:
                box = framed
                w, h = box.x1 - box.x0, box.y1 - box.y0
                if w < MIN_SIDE_PT or h < MIN_SIDE_PT:
                    continue
                inside = [ln for ln in lines if holds_centre(box, ln[0])]
        text_area = sum(b.width * b.height for b, _, _ in inside)
        # a diagram of labelled boxes in rows over its "Figure" caption: its rows are no table's
        diagram = _diagram(box, text_area, lines)
        if not _labels_only(inside, rows_allowed=diagram):
            continue
        if text_area > MAX_TEXT_SHARE * w * h or (not diagram and _cells(inside, page.rules)):
            continue
        if not diagram and on_fills >= CELL_MIN and on_fills >= CELL_SHARE * len(inside):
            continue  # text set on shaded cells: a table
        if any(_table_caption(box, b, t) for b, t, _ in lines) and not any(
            _figure_caption(box, b, t, above=True) for b, t, _ in lines
        ):
            continue  # a table's caption by it, and no figure's: the table's cells
        found = [f for f in found if not within(f, box, 1.0)]
        found.append(box)
    found.sort(key=lambda b: (round(b.y0), b.x0))
    return found


def captioned_diagrams(page: PageText, boxes: list[Box]) -> list[Box]:
    """The vector figures among ``boxes`` that are diagrams over a figure's caption (their text
    sparse, DIAGRAM_TEXT_SHARE, a "Figure" caption right under or over them): a grid read inside
    one is its boxes' labels in rows, not a table."""
    if not boxes:
        return []
    lines = _page_lines(page)
    return [
        box
        for box in boxes
        if _diagram(box, sum(b.width * b.height for b, _, _ in lines if holds_centre(box, b)), lines)
    ]


def _diagram(box: Box, text_area: float, lines: list[_Line]) -> bool:
    """Art in ``box``, holding ``text_area`` of text, is a diagram: its text sparse
    (DIAGRAM_TEXT_SHARE of its area at most) and a "Figure" caption right under it or right
    above it (a caption set over its figure)."""
    sparse = text_area <= DIAGRAM_TEXT_SHARE * (box.x1 - box.x0) * (box.y1 - box.y0)
    return sparse and any(_figure_caption(box, b, t, above=True) for b, t, _ in lines)


def vector_figure_ref(page_index: int, k: int) -> str:
    """The ref of vector figure ``k`` (0-based) of page ``page_index`` (0-based)."""
    return f"p{page_index + 1}v{k + 1}"


def holds_label(box: Box, x0: float, y0: float, x1: float, y1: float, text: str) -> bool:
    """A row of text (its box and text) is the figure's own (a label, not its caption). The
    caller keeps out the rows of a block of running text (see label_words)."""
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return box.x0 <= cx <= box.x1 and box.y0 <= cy <= box.y1 and not is_caption(text)


def figure_title(box: Box, rows: Sequence[Row]) -> str:
    """The title printed at the top of a figure (a chart's): the rows inside it above all its
    other text, in its top third, each of TITLE_WORDS words or more, centred on it (within
    TITLE_CENTRE of its width) and standing out from the labels under them (bold where none of
    them is, or set TITLE_SIZE times their largest size or more), top down; empty when there is
    none (a diagram's boxes, a legend, subcaptions)."""
    inside = sorted((r for r in rows if holds_label(box, r.x0, r.y0, r.x1, r.y1, r.text)), key=lambda r: (r.y0, r.x0))
    middle, width = (box.x0 + box.x1) / 2, box.x1 - box.x0
    top: list[Row] = []
    for r in inside:
        if (
            r.y0 > box.y0 + (box.y1 - box.y0) / 3
            or label_words(r.text) < TITLE_WORDS
            or abs((r.x0 + r.x1) / 2 - middle) > TITLE_CENTRE * width
            or _SUBCAPTION.match(r.text)
        ):
            break
        top.append(r)
    rest = inside[len(top) :]
    if not top or not rest:
        return ""
    largest = max(r.size for r in rest)
    bold_rest = any(o.bold for o in rest)
    if not all((r.bold and not bold_rest) or r.size >= TITLE_SIZE * largest for r in top):
        return ""
    return " ".join(r.text.strip() for r in top)


def label_words(text: str) -> int:
    """The words of a text as a label counts them (numbers and symbols not counted)."""
    return sum(1 for w in text.split() if _WORD.search(w))


#: A subcaption's mark: a letter or number in parentheses, "(a) ...".
_SUBCAPTION = re.compile(r"^\([a-zA-Z0-9]{1,3}\)\s")


def subcaption_blocks(rows: Sequence[Row]) -> set[int]:
    """The blocks (layout block indexes) of ``rows`` that are subcaptions: starting with a mark
    in parentheses ("(a) Example of ...") and holding more than MAX_LABEL_WORDS words in all.
    Set under a panel inside a figure's box, they stay text (in their rows of a few words
    each, every row alone reads as a label)."""
    first: dict[int, str] = {}
    words: dict[int, int] = {}
    for r in rows:
        first.setdefault(r.block, r.text)
        words[r.block] = words.get(r.block, 0) + label_words(r.text)
    return {k for k, t in first.items() if _SUBCAPTION.match(t) and words[k] > MAX_LABEL_WORDS}


def _page_edge(r: Box, width: float, height: float) -> bool:
    """The rule lies along an edge of the page (within a point of it)."""
    return (r.x1 <= 1.0 or r.x0 >= width - 1.0) if r.y1 - r.y0 > r.x1 - r.x0 else (r.y1 <= 1.0 or r.y0 >= height - 1.0)


def _grow(seed: Drawing, page: PageText, lines: list[_Line], page_rules: list[Box]) -> tuple[Box, int, int]:
    """The seed region with the art, rules and label lines lying next to it, until none is left;
    its paths and lines set on fills."""
    x0, y0, x1, y1 = seed.bbox.x0, seed.bbox.y0, seed.bbox.x1, seed.bbox.y1
    paths, on_fills = seed.paths, seed.on_fills
    art = [d for d in page.drawings if d is not seed]
    rules = list(page_rules)
    labels = [(b, t) for b, t, label in lines if label]
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
                on_fills += d.on_fills
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
    box = Box(x0, y0, x1, y1)
    for b, _ in labels:
        if _legend_row(box, b, rules):
            box = Box(min(box.x0, b.x0), min(box.y0, b.y0), max(box.x1, b.x1), max(box.y1, b.y1))
    for b in _side_legend(box, labels):
        box = Box(min(box.x0, b.x0), min(box.y0, b.y0), max(box.x1, b.x1), max(box.y1, b.y1))
    return box, paths, on_fills


def _inside_frame(box: Box, inside: list[_Line]) -> Box | None:
    """A figure drawn in a frame that also holds its caption: the caption's rows at the top of
    the frame (a figure's caption and the rows going on from it, its title) or at its bottom,
    and notes under the art (rows of running text, ``Note:``, ``Source:``, and the rows going on
    from them). The figure is the part of the frame between them, when the rows over it or the
    rows under it open with a figure's caption; ``None`` when neither does."""
    rows = sorted(inside, key=lambda ln: (ln[0].y0, ln[0].x0))
    n = len(rows)

    def apart(i: int) -> bool:  # a label that does not go on from the row before it
        return rows[i][2] and not (i and _goes_on(rows[i - 1][0], rows[i][0]))

    k = 0  # the rows over the figure: rows[:k]
    if rows and not rows[0][2]:
        k = 1
        while k < n and not apart(k):
            k += 1
    last = max((i for i in range(n) if apart(i)), default=-1)
    j = next((i for i in range(max(last + 1, k), n) if not rows[i][2]), n)  # the rows under it: rows[j:]
    if j <= k:
        return None
    if not ((k and FIGURE_CAPTION.match(rows[0][1])) or (j < n and FIGURE_CAPTION.match(rows[j][1]))):
        return None
    top = max(b.y1 for b, _, _ in rows[:k]) if k else box.y0
    bottom = min(b.y0 for b, _, _ in rows[j:]) if j < n else box.y1
    return Box(box.x0, top, box.x1, bottom) if bottom > top else None


def _goes_on(a: Box, b: Box) -> bool:
    """Row ``b`` goes on from row ``a`` over it: close under it (CONTINUED of its height), across
    it, set no smaller."""
    return -1.0 <= b.y0 - a.y1 <= CONTINUED * a.height and b.x0 < a.x1 and a.x0 < b.x1 and b.height >= 0.9 * a.height


def _side_legend(box: Box, labels: list[tuple[Box, str]]) -> list[Box]:
    """A legend set beside the region: SIDE_LEGEND_ROWS labels or more of SIDE_LEGEND_WORDS words
    at most, one under the other with their left edges aligned, starting at most SIDE_LEGEND_PT
    right of the region (or ending so far left of it), within its height (each entry led by a
    swatch too small to be art)."""
    beside = [
        (b, t)
        for b, t in labels
        if box.y0 <= (b.y0 + b.y1) / 2 <= box.y1
        and label_words(t) <= SIDE_LEGEND_WORDS
        and (0 <= b.x0 - box.x1 <= SIDE_LEGEND_PT or 0 <= box.x0 - b.x1 <= SIDE_LEGEND_PT)
    ]
    for side in (True, False):
        rows = sorted((b for b, _ in beside if (b.x0 >= box.x1) == side), key=lambda b: b.y0)
        edges = [b.x0 if side else b.x1 for b in rows]
        if (
            len(rows) >= SIDE_LEGEND_ROWS
            and max(edges) - min(edges) <= SIDE_ALIGN_PT
            and all(0 <= lo.y0 - hi.y1 <= 2 * hi.height for hi, lo in itertools.pairwise(rows))
        ):
            return rows
    return []


def _legend_row(box: Box, b: Box, rules: list[Box]) -> bool:
    """A label set apart above or under the region, within its width, led by a short rule at its
    middle (a legend's line sample): the figure's legend."""
    if b.x0 < box.x0 - REACH_PT or b.x1 > box.x1 + REACH_PT:
        return False
    if not (0 <= box.y0 - b.y1 <= LEGEND_REACH_PT or 0 <= b.y0 - box.y1 <= LEGEND_REACH_PT):
        return False
    cy = (b.y0 + b.y1) / 2
    return any(
        r.width > r.height
        and r.width <= LEGEND_SAMPLE_PT
        and abs((r.y0 + r.y1) / 2 - cy) <= b.height / 2
        and 0 <= b.x0 - r.x1 <= REACH_PT
        for r in rules
    )


def _page_lines(page: PageText) -> list[_Line]:
    """The page's lines; a label is short (see _label) and does not go on a line of running text
    or a caption right above it in its block (the last row of a paragraph, however short)."""
    out: list[_Line] = []
    for block in page.blocks:
        above: _Line | None = None
        for ln in block.lines:
            text = ln.text.strip()
            if not text:
                continue
            b = ln.bbox
            goes_on = (
                above is not None
                and not above[2]
                and 0 <= b.y0 - above[0].y1 <= CONTINUED * above[0].height
                and b.x0 < above[0].x1
                and above[0].x0 < b.x1
            )
            above = (b, text, (_label(text) or _spread(b, text)) and not goes_on)
            out.append(above)
    return out


def _spread(b: Box, text: str) -> bool:
    """A row of labels spread out (a category axis, ``Jan Feb ... Dec`` under a plot): its
    characters fill less than SPREAD of the width running text in its size would take (half an
    em each), whatever its word count."""
    return len(text) * 0.5 * b.height < SPREAD * b.width and not is_caption(text)


def _label(text: str) -> bool:
    """Short text: at most MAX_LABEL_WORDS words (numbers and symbols not counted), no caption,
    no list's item led by a bullet (a card's or a text box's list: text, not a figure's labels)."""
    return label_words(text) <= MAX_LABEL_WORDS and not is_caption(text) and not _bulleted(text)


def _bulleted(text: str) -> bool:
    """``text`` is a list's item led by a bullet (``• most powerful drill``), not a label."""
    return text[:1] in ITEM_BULLETS and BULLET.match(text) is not None


def _labels_only(lines: list[_Line], *, rows_allowed: bool = False) -> bool:
    """The text inside the region reads as a figure's labels: no running text, no caption, no
    grid of cells (see the module docstring; ``rows_allowed``: a diagram's rows of labels are no
    grid)."""
    if not all(label for _, _, label in lines):
        return False
    if rows_allowed:
        return True
    rows: list[list[Box]] = []
    for b in sorted((b for b, _, _ in lines), key=lambda b: (b.y0 + b.y1) / 2):
        cy = (b.y0 + b.y1) / 2
        if rows and abs((rows[-1][0].y0 + rows[-1][0].y1) / 2 - cy) <= 2.0:
            rows[-1].append(b)
        else:
            rows.append([b])
    if sum(1 for row in rows if len(row) >= 3) >= MAX_GRID_ROWS:
        return False
    return sum(1 for _, t, _ in lines if _figure_row(t)) < MAX_FIGURE_ROWS


def _figure_row(text: str) -> bool:
    """A label and its figures: a word and two numbers or more."""
    words = text.split()
    return any(_WORD.search(w) for w in words) and sum(1 for w in words if _NUMBER.match(w)) >= 2


def _figure_caption(box: Box, b: Box, text: str, *, above: bool = False) -> bool:
    """The line is a figure's caption set right under the region (``above``: or right above
    it), across it."""
    return _caption_by(box, b, text, FIGURE_CAPTION, FIGURE_CAPTION_PT, above=above)


def _table_caption(box: Box, b: Box, text: str) -> bool:
    """The line is a table's caption set right above or under the region, across it."""
    return _caption_by(box, b, text, TABLE_CAPTION, TABLE_CAPTION_PT, above=True)


def _caption_by(box: Box, b: Box, text: str, caption: re.Pattern[str], reach: float, *, above: bool) -> bool:
    """The line (box ``b``) is a caption ``caption`` matches (its word and number), across the
    region ``box``, at most ``reach`` points under it (``above``: or over it)."""
    if b.x1 <= box.x0 or b.x0 >= box.x1 or not caption.match(text):
        return False
    return -2.0 <= b.y0 - box.y1 <= reach or (above and -2.0 <= box.y0 - b.y1 <= reach)


def _cells(lines: list[_Line], rules: tuple[Box, ...]) -> bool:
    """CELL_MIN lines with a letter or more, and CELL_SHARE of the lines, are set in cells: a
    table (see CELL_PAD; a bar's value label, a number, is no cell's text)."""
    across = [r for r in rules if r.width > r.height]
    if len(lines) < 3 or len(across) < 2:
        return False
    n = 0
    for b, t, _ in lines:
        if b.height > b.width or not any(c.isalpha() for c in t):
            continue  # a rotated label (a bar's name under it), a number: in no cell
        cx, pad = (b.x0 + b.x1) / 2, CELL_PAD * b.height
        spans = [r for r in across if r.x0 <= cx <= r.x1]
        above = any(b.y0 - pad <= r.y1 <= b.y0 + 0.3 * b.height for r in spans)
        below = any(b.y1 - 0.3 * b.height <= r.y0 <= b.y1 + pad for r in spans)
        n += above and below
    return n >= CELL_MIN and n >= CELL_SHARE * len(lines)


def _share(a: Box, b: Box) -> float:
    """Share of ``a``'s area inside ``b``."""
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    size = (a.x1 - a.x0) * (a.y1 - a.y0)
    return (w * h) / size if w > 0 and h > 0 and size > 0 else 0.0
