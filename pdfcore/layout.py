"""From raw lines to blocks and page text in reading order.

Pure functions on models: an extractor (native text layer or OCR) hands over lines in the order
it found them; :func:`assemble` puts them in reading order, groups them into paragraph-like
blocks and renders the page text (blocks separated by a blank line, lines by a newline).

Reading order (docs/extraction.md tells the same for readers):

- Horizontal text keeps the extractor's order unless the page has columns. A *gutter* is an
  x-range that (almost) no column-sized line crosses, with prose on both sides of it, side by
  side. Lines spanning the gutter (titles, abstracts, wide figures and their captions) cut the
  page into horizontal bands; the page is read band by band, and inside a band column by column,
  left to right. Each side is searched again for a gutter of its own (three columns are a gutter
  inside one side of another). Inside a column, lines are read top to bottom.
- Vertical CJK writing (tategaki): pdfium reports each vertical column as a line whose text
  already runs top to bottom. Columns are read right to left, in bands from top to bottom;
  neighbouring columns of the same size form a block, one column per line.
- Rotated lines (tall and narrow, not CJK: margin stamps, rotated labels) stay in the
  extractor's order on a page without columns and come after the columns on a page with them.
- Hyphenation at line ends is joined inside a block ("exam-" + "ple" -> "example") when the next
  line starts with a lowercase letter; see :func:`_hyphen_join` for the compound-word trade-off.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Sequence

from attrs import evolve

from pdfcore.geometry import union
from pdfcore.models import Box, PageText, TextBlock, TextLine

#: A vertical gap larger than this many line heights starts a new block.
GAP_FACTOR = 0.8
#: A font size change larger than this ratio starts a new block.
SIZE_CHANGE = 0.2

# -- columns ---------------------------------------------------------------------------------
#: A line at most this share of its region's text width can belong to a column.
COLUMN_LINE_MAX = 0.7
#: A gutter needs, in at least one band, this many lines on each side, side by side...
MIN_SIDE_LINES = 5
#: ...of prose, not table cells or labels: median line length in characters and in words (two
#: CJK characters count as a word), share of letters among characters, share of lines whose left
#: (or right) edge two other lines share within ALIGN_PT...
MIN_SIDE_CHARS = 20
MIN_SIDE_WORDS = 4
MIN_SIDE_LETTERS = 0.5
MIN_SIDE_ALIGNED = 0.6
ALIGN_PT = 2.0
#: ...set as running text: the median gap between successive lines at most this many line heights...
MAX_LEADING = 1.0
#: ...and not a table read row by row: the extractor's order may cross to the other side on the
#: same row for less than this share of the lines...
ROW_SWITCHES = 0.3
#: ...nor a ruled one: fewer horizontal rules than this crossing the gutter between its lines.
TABLE_RULES = 2
#: Lines and characters of a side sampled for its words and letters.
PROSE_PROBE = 40
LETTER_PROBE = 2000
#: Share of the column-sized lines that may cross a gutter (an overfull line, a short heading).
GUTTER_CROSSERS = 0.05
#: Narrowest gutter: points, and share of the median line height.
MIN_GUTTER_PT = 4.0
MIN_GUTTER_LINES = 0.5
#: A line crossing the gutter separates bands when it reaches this share of each side's width.
SPAN_REACH = 0.1
#: Nesting of gutters (columns inside columns).
MAX_DEPTH = 4

# -- vertical writing ------------------------------------------------------------------------
#: A line this many times taller than wide is vertical (a tategaki column, or rotated text).
VERTICAL_RATIO = 1.5

_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff01-\uff9f\u3000-\u303f]")


def assemble(page: PageText, *, join_hyphenation: bool = True) -> PageText:
    """Order ``page.lines``, group them into blocks and fill ``text``; pages without lines pass through.

    Contracts other code relies on: ``text`` is the blocks' texts joined by a blank line (so each
    ``blocks[i].text`` appears verbatim in it), block boxes are in page space, and ``lines`` is
    emptied (the lines live on in their blocks).
    """
    if not page.lines:
        if page.blocks and not page.text:
            text = render_text(page.blocks)
            return evolve(page, text=text, char_count=count_chars(text))
        return evolve(page, char_count=count_chars(page.text)) if page.text and not page.char_count else page
    blocks = order_blocks(page.lines, join_hyphenation=join_hyphenation, rules=page.rules)
    text = render_text(blocks)
    return evolve(page, blocks=blocks, lines=(), text=text, char_count=count_chars(text))


def count_chars(text: str) -> int:
    """Non-whitespace characters (done in C: this runs on every page)."""
    return len("".join(text.split()))


def render_text(blocks: Sequence[TextBlock]) -> str:
    return "\n\n".join(b.text for b in blocks if b.text)


def order_blocks(
    lines: Sequence[TextLine], *, join_hyphenation: bool = True, rules: Sequence[Box] = ()
) -> tuple[TextBlock, ...]:
    """The page's blocks in reading order (columns, bands, vertical writing).

    ``rules`` are the page's ruling lines: a gutter crossed by horizontal rules is the space
    between table columns, not between text columns.
    """
    flow, vertical, rotated = _split_orientation(lines)
    regions = column_regions(flow, rules) if len(flow) >= 2 * MIN_SIDE_LINES else None
    blocks: list[TextBlock] = []
    if regions is None:
        # No columns: the extractor's order, rotated lines where they were.
        if vertical:
            skip = {id(ln) for ln in vertical}
            kept = [ln for ln in lines if id(ln) not in skip]
        else:
            kept = list(lines)
        blocks.extend(group_lines(kept, join_hyphenation=join_hyphenation))
    else:
        for region in regions:
            blocks.extend(group_lines(region, join_hyphenation=join_hyphenation))
        blocks.extend(group_lines(rotated, join_hyphenation=join_hyphenation))
    if vertical:
        blocks = _merge_vertical(blocks, vertical_bands(vertical))
    return tuple(blocks)


# --------------------------------------------------------------------------------------------
# Orientation


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


def _split_orientation(lines: Sequence[TextLine]) -> tuple[list[TextLine], list[TextLine], list[TextLine]]:
    """(horizontal, vertical CJK, rotated) lines, each in the extractor's order.

    On a page with vertical CJK columns, short CJK lines (one or two characters, about as tall
    as wide) are pieces of a column the extractor broke up, and join the vertical ones.
    """
    flow: list[TextLine] = []
    vertical: list[TextLine] = []
    rotated: list[TextLine] = []
    for ln in lines:
        b = ln.bbox
        if b.y1 - b.y0 > VERTICAL_RATIO * (b.x1 - b.x0) and len(ln.text) > 1:
            (vertical if has_cjk(ln.text) else rotated).append(ln)
        else:
            flow.append(ln)
    if vertical:
        pieces = {id(ln) for ln in flow if _is_cjk_piece(ln)}
        if pieces:
            flow = [ln for ln in flow if id(ln) not in pieces]
            pieces.update(id(ln) for ln in vertical)
            vertical = [ln for ln in lines if id(ln) in pieces]
    return flow, vertical, rotated


def _is_cjk_piece(line: TextLine) -> bool:
    text = line.text.strip()
    b = line.bbox
    return 0 < len(text) <= 2 and b.y1 - b.y0 >= 0.6 * (b.x1 - b.x0) and all(_CJK.match(c) for c in text)


# --------------------------------------------------------------------------------------------
# Columns


def column_regions(lines: Sequence[TextLine], rules: Sequence[Box] = ()) -> list[list[TextLine]] | None:
    """The lines cut into regions in reading order, or None when the page has no columns.

    A region is a column inside a band, or a run of lines spanning the columns, read top to
    bottom.
    """
    # Cheap exit first (most pages): too few lines narrow enough to sit in a column.
    x0 = min(ln.bbox.x0 for ln in lines)
    limit = COLUMN_LINE_MAX * (max(ln.bbox.x1 for ln in lines) - x0)
    if sum(1 for ln in lines if ln.bbox.x1 - ln.bbox.x0 <= limit) < 2 * MIN_SIDE_LINES:
        return None
    hrules = [r for r in rules if r.x1 - r.x0 > r.y1 - r.y0]
    parts = _split_at_gutter(_units(lines), 0, hrules)
    if parts is None:
        return None
    return [[ln for u in _top_down(part) for ln in u.lines] for part in parts]


def _top_down(units: list[_Unit]) -> list[_Unit]:
    """A region's units top to bottom; units side by side on one row, left to right.

    Units are taken by their tops; one joins the row of the unit before it when their vertical
    centres are within half a line of each other (so a tall drop capital does not swallow the
    lines beside it). The sorts are stable: equal positions keep the extractor's order.
    """
    by_top = sorted(units, key=lambda u: u.y0)
    out: list[_Unit] = []
    row: list[_Unit] = []
    for u in by_top:
        if row:
            p = row[-1]
            if abs((u.y0 + u.y1) - (p.y0 + p.y1)) < 0.5 * min(u.y1 - u.y0, p.y1 - p.y0):
                row.append(u)
                continue
            out.extend(sorted(row, key=lambda r: r.x0))
        row = [u]
    out.extend(sorted(row, key=lambda r: r.x0))
    return out


class _Unit:
    """One visual row piece: consecutive lines the extractor split on the same row (font changes,
    superscripts), so a title row in pieces is judged as the whole row."""

    __slots__ = ("chars", "lines", "x0", "x1", "y0", "y1")

    def __init__(self, line: TextLine) -> None:
        b = line.bbox
        self.x0, self.y0, self.x1, self.y1 = b.x0, b.y0, b.x1, b.y1
        self.lines = [line]
        self.chars = len(line.text)

    def add(self, line: TextLine) -> None:
        b = line.bbox
        self.x0, self.y0 = min(self.x0, b.x0), min(self.y0, b.y0)
        self.x1, self.y1 = max(self.x1, b.x1), max(self.y1, b.y1)
        self.lines.append(line)
        self.chars += len(line.text)


def _units(lines: Sequence[TextLine]) -> list[_Unit]:
    units: list[_Unit] = []
    prev: Box | None = None
    for ln in lines:
        b = ln.bbox
        if prev is not None:
            h = max(prev.y1 - prev.y0, b.y1 - b.y0, 1.0)
            if abs(b.y0 - prev.y0) < 0.3 * h and prev.x1 - 1 <= b.x0 <= prev.x1 + max(h, 3.0):
                units[-1].add(ln)
                prev = b
                continue
        units.append(_Unit(ln))
        prev = b
    return units


def _split_at_gutter(units: list[_Unit], depth: int, hrules: list[Box]) -> list[list[_Unit]] | None:
    """Regions (lists of units in reading order) cut at the best gutter, recursively; or None."""
    if depth >= MAX_DEPTH or len(units) < 2 * MIN_SIDE_LINES:
        return None
    x0 = min(u.x0 for u in units)
    x1 = max(u.x1 for u in units)
    width = x1 - x0
    if width <= 0:
        return None
    limit = COLUMN_LINE_MAX * width
    cands = [u for u in units if 0 < u.x1 - u.x0 <= limit]
    if len(cands) < 2 * MIN_SIDE_LINES:
        return None
    heights = sorted(u.y1 - u.y0 for u in cands)
    min_gap = max(MIN_GUTTER_PT, MIN_GUTTER_LINES * heights[len(heights) // 2])
    for _, _, a, b in sorted(_low_coverage(cands, min_gap)):
        parts = _try_split(units, a, b, x0, x1, hrules)
        if parts is not None:
            out: list[list[_Unit]] = []
            for part, is_column in parts:
                inner = _split_at_gutter(part, depth + 1, hrules) if is_column else None
                out.extend(inner if inner is not None else [part])
            return out
    return None


def _low_coverage(units: list[_Unit], min_gap: float) -> list[tuple[int, float, float, float]]:
    """Gutter candidates: interior x-ranges that few units cross compared with their sides.

    The coverage profile (how many units cover each x) is cut into runs at most a quarter of its
    peak (and at most GUTTER_CROSSERS of the units, whichever is larger) and at least
    ``min_gap`` wide, with at least three times their fewest crossers on each side. Each run's
    candidate is its least covered stretch, as (fewest crossers, -run width, start, end): sorted,
    the cleanest and widest come first.
    """
    xs = sorted({u.x0 for u in units} | {u.x1 for u in units})
    if len(xs) < 2:
        return []
    at = {x: i for i, x in enumerate(xs)}
    diff = [0] * len(xs)
    for u in units:
        diff[at[u.x0]] += 1
        diff[at[u.x1]] -= 1
    covers = list(itertools.accumulate(diff))[:-1]  # coverage between xs[i] and xs[i + 1]
    s_count = len(covers)
    peak = max(covers)
    limit = max(int(GUTTER_CROSSERS * len(units)), peak // 4)
    before = list(itertools.accumulate(covers, max))  # highest coverage up to each stretch
    after = list(itertools.accumulate(reversed(covers), max))[::-1]
    out: list[tuple[int, float, float, float]] = []
    k = 0
    while k < s_count:
        if covers[k] > limit:
            k += 1
            continue
        j = k
        while j + 1 < s_count and covers[j + 1] <= limit:
            j += 1
        left_peak = before[k - 1] if k > 0 else 0
        right_peak = after[j + 1] if j + 1 < s_count else 0
        fewest = min(covers[k : j + 1])
        width = xs[j + 1] - xs[k]
        if width >= min_gap and min(left_peak, right_peak) >= max(MIN_SIDE_LINES, 3 * fewest):
            # The least covered stretch inside the run (the widest one when several tie).
            best: tuple[float, float] | None = None
            m = k
            while m <= j:
                if covers[m] != fewest:
                    m += 1
                    continue
                e = m
                while e + 1 <= j and covers[e + 1] == fewest:
                    e += 1
                if best is None or xs[e + 1] - xs[m] > best[1] - best[0]:
                    best = (xs[m], xs[e + 1])
                m = e + 1
            if best is not None:
                out.append((fewest, -width, best[0], best[1]))
        k = j + 1
    return out


def _try_split(
    units: list[_Unit], a: float, b: float, x0: float, x1: float, hrules: list[Box]
) -> list[tuple[list[_Unit], bool]] | None:
    """Cut at the gutter [a, b]: spanning units make bands, the rest go left or right.

    Returns (units, is_column) parts in reading order, or None when no band holds prose on
    both sides.
    """
    mid = (a + b) / 2
    reach_left = a - SPAN_REACH * (a - x0)
    reach_right = b + SPAN_REACH * (x1 - b)
    left: list[_Unit] = []
    right: list[_Unit] = []
    crossing: list[_Unit] = []
    spans: list[_Unit] = []
    last_span: _Unit | None = None  # the spanning unit just before, in the extractor's order
    for u in units:
        if u.x0 <= reach_left and u.x1 >= reach_right:
            spans.append(u)
            last_span = u
            continue
        if last_span is not None and _ends_paragraph(last_span, u):
            spans.append(u)  # the short last line of a spanning paragraph (abstract, caption)
            last_span = u
            continue
        last_span = None
        if u.x1 <= a + 1.0:
            left.append(u)
        elif u.x0 >= b - 1.0:
            right.append(u)
        else:
            crossing.append(u)
    for u in crossing:
        # Overfull lines belong to the side they start on; a short line centred in the gutter
        # (a page number) spans when no column text sits beside it.
        c = (u.x0 + u.x1) / 2
        if a <= c <= b and not _beside(u, left, right):
            spans.append(u)
        else:
            (left if c < mid else right).append(u)
    if len(left) < MIN_SIDE_LINES or len(right) < MIN_SIDE_LINES:
        return None
    spans.sort(key=lambda u: (u.y0 + u.y1, u.x0))
    centres = [(u.y0 + u.y1) / 2 for u in spans]
    n_bands = len(spans) + 1
    band_left: list[list[_Unit]] = [[] for _ in range(n_bands)]
    band_right: list[list[_Unit]] = [[] for _ in range(n_bands)]
    order = {id(u): k for k, u in enumerate(units)}
    for side, bands in ((left, band_left), (right, band_right)):
        side.sort(key=lambda u: order[id(u)])
        for u in side:
            bands[bisect.bisect_left(centres, (u.y0 + u.y1) / 2)].append(u)
    across = [(r.y0 + r.y1) / 2 for r in hrules if r.x0 <= a and r.x1 >= b]
    # The fullest band first: it decides most pages at once.
    fullest = sorted(range(n_bands), key=lambda k: -min(len(band_left[k]), len(band_right[k])))
    if not any(_side_by_side(band_left[k], band_right[k], order, across) for k in fullest):
        return None
    parts: list[tuple[list[_Unit], bool]] = []
    for k in range(n_bands):
        if band_left[k]:
            parts.append((band_left[k], True))
        if band_right[k]:
            parts.append((band_right[k], True))
        if k < len(spans):
            if parts and not parts[-1][1] and not band_left[k] and not band_right[k]:
                parts[-1][0].append(spans[k])  # consecutive spanning lines: one region
            else:
                parts.append(([spans[k]], False))
    return parts


def _ends_paragraph(above: _Unit, u: _Unit) -> bool:
    """``u`` continues the spanning line ``above``: right below it, same left edge, same size."""
    h = above.y1 - above.y0
    return (
        0 <= u.y0 - above.y1 <= GAP_FACTOR * h
        and abs(u.x0 - above.x0) <= ALIGN_PT
        and u.x1 <= above.x1 + ALIGN_PT
        and abs((u.y1 - u.y0) - h) <= 0.2 * h
    )


def _beside(unit: _Unit, left: list[_Unit], right: list[_Unit]) -> bool:
    y0, y1 = unit.y0, unit.y1
    return any(o.y0 < y1 and o.y1 > y0 for o in left) or any(o.y0 < y1 and o.y1 > y0 for o in right)


def _side_by_side(left: list[_Unit], right: list[_Unit], order: dict[int, int], across: list[float]) -> bool:
    """Two columns of prose next to each other: enough lines, overlapping heights, prose on
    both, and not a table (ruled across the gutter, or given by the extractor row by row)."""
    if len(left) < MIN_SIDE_LINES or len(right) < MIN_SIDE_LINES:
        return False
    ly0, ly1 = min(u.y0 for u in left), max(u.y1 for u in left)
    ry0, ry1 = min(u.y0 for u in right), max(u.y1 for u in right)
    overlap = min(ly1, ry1) - max(ly0, ry0)
    if overlap <= 0.5 * min(ly1 - ly0, ry1 - ry0):
        return False
    top, bottom = max(ly0, ry0), min(ly1, ry1)
    if sum(1 for y in across if top < y < bottom) >= TABLE_RULES:
        return False
    lp, rp = _prose(left), _prose(right)
    if lp is None or rp is None:
        return False
    # Both sides share an aligned edge: left (left-to-right text, justified or ragged right) or
    # right (right-to-left text). A ragged-left side beside a left-aligned one is a value column.
    if max(min(lp[0], rp[0]), min(lp[1], rp[1])) < MIN_SIDE_ALIGNED:
        return False
    return _row_switches(left, right, order) < max(2, ROW_SWITCHES * min(len(left), len(right)))


def _row_switches(left: list[_Unit], right: list[_Unit], order: dict[int, int]) -> int:
    """How often the extractor's order steps to the other side and stays on the same row."""
    sides = sorted([(order[id(u)], 0, u) for u in left] + [(order[id(u)], 1, u) for u in right], key=lambda t: t[0])
    switches = 0
    for (_, sa, a), (_, sb, b) in itertools.pairwise(sides):
        if sa != sb and min(a.y1, b.y1) - max(a.y0, b.y0) > 0.5 * min(a.y1 - a.y0, b.y1 - b.y0):
            switches += 1
    return switches


def _prose(units: list[_Unit]) -> tuple[float, float] | None:
    """For a column of running text (long lines of several words, mostly letters, close one
    below the other), the shares of its lines sharing their left and their right edge; None for
    anything else (table cells, labels)."""
    n = len(units)
    if sorted(u.chars for u in units)[n // 2] < MIN_SIDE_CHARS:
        return None
    probe_units = units[:: 1 + n // PROSE_PROBE]  # a spread sample tells medians and shares alike
    texts = [" ".join(ln.text for ln in u.lines) for u in probe_units]
    joined = " ".join(texts)
    if _CJK.search(joined):
        words = sorted(len(t.split()) + len(_CJK.findall(t)) // 2 for t in texts)
    else:
        words = sorted(len(t.split()) for t in texts)
    if words[len(words) // 2] < MIN_SIDE_WORDS:
        return None
    if _letters(joined[:LETTER_PROBE]) < MIN_SIDE_LETTERS:  # a sample tells the share as well
        return None
    rows = sorted(units, key=lambda u: u.y0)
    gaps = sorted(max(0.0, b.y0 - a.y1) for a, b in itertools.pairwise(rows))
    heights = sorted(u.y1 - u.y0 for u in units)
    if gaps and gaps[len(gaps) // 2] > MAX_LEADING * heights[n // 2]:
        return None  # lines far apart: table rows or a list of labels, not running text
    return _aligned(sorted(u.x0 for u in units)) / n, _aligned(sorted(u.x1 for u in units)) / n


_ASCII_LETTERS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _letters(text: str) -> float:
    """Share of letters among the non-space characters (done with byte operations in C: any
    character beyond ASCII counts as a letter, right for prose in other scripts)."""
    ascii_part = text.encode("ascii", "ignore")
    others = len(ascii_part.translate(None, _ASCII_LETTERS)) - ascii_part.count(b" ")
    total = len(text) - text.count(" ")
    return (total - others) / total if total > 0 else 0.0


def _aligned(edges: list[float]) -> int:
    """How many edges (sorted) have at least two others within ALIGN_PT: a shared margin or indent."""
    count = 0
    for x in edges:
        if bisect.bisect_right(edges, x + ALIGN_PT) - bisect.bisect_left(edges, x - ALIGN_PT) >= 3:
            count += 1
    return count


# --------------------------------------------------------------------------------------------
# Vertical writing (tategaki)


def vertical_bands(lines: Sequence[TextLine]) -> list[tuple[float, list[TextBlock]]]:
    """Vertical CJK lines as blocks: (top of band, blocks) per band, bands top to bottom.

    Pieces of one column (stacked, overlapping horizontally) are joined first; columns whose
    heights overlap form a band, read right to left; neighbouring columns of the same width
    (no wider gap between them than a column) form a block with one column per line.
    """
    columns = _columns(lines)
    columns.sort(key=lambda c: (c.bbox.y0, -c.bbox.x1))
    bands: list[list[TextLine]] = []
    extent: list[tuple[float, float]] = []
    for col in columns:
        cy0, cy1 = col.bbox.y0, col.bbox.y1
        if bands:
            by0, by1 = extent[-1]
            if min(by1, cy1) - max(by0, cy0) > 0.3 * min(by1 - by0, cy1 - cy0):
                bands[-1].append(col)
                extent[-1] = (min(by0, cy0), max(by1, cy1))
                continue
        bands.append([col])
        extent.append((cy0, cy1))
    out: list[tuple[float, list[TextBlock]]] = []
    for band, (top, _) in zip(bands, extent, strict=True):
        band.sort(key=lambda c: (-c.bbox.x1, c.bbox.y0))
        groups: list[list[TextLine]] = []
        for col in band:
            if groups:
                prev = groups[-1][-1]
                w = max(prev.bbox.width, col.bbox.width, 1.0)
                similar = min(prev.bbox.width, col.bbox.width) >= 0.6 * w
                if prev.bbox.x0 - col.bbox.x1 <= w and similar:
                    groups[-1].append(col)
                    continue
            groups.append([col])
        out.append((top, [_vertical_block(g) for g in groups]))
    return out


def _columns(lines: Sequence[TextLine]) -> list[TextLine]:
    """Join stacked pieces of the same vertical column, top to bottom."""
    open_: list[list[TextLine]] = []
    for ln in sorted(lines, key=lambda ln: (ln.bbox.y0, ln.bbox.x0)):
        b = ln.bbox
        size = _char_size(ln)
        if b.width > 2 * size:
            open_.append([ln])  # wider than a column of its characters: not a clean piece
            continue
        for col in open_:
            prev = col[-1]
            last = prev.bbox
            step = max(size, _char_size(prev))
            if (
                last.width <= 2 * step
                and (last.x0 <= (b.x0 + b.x1) / 2 <= last.x1 or b.x0 <= (last.x0 + last.x1) / 2 <= b.x1)
                and -0.5 * step <= b.y0 - last.y1 <= 1.2 * step
            ):
                col.append(ln)
                break
        else:
            open_.append([ln])
    out: list[TextLine] = []
    for col in open_:
        if len(col) == 1:
            out.append(col[0])
        else:
            text = "".join(p.text.strip() for p in col)
            out.append(TextLine(text, union(p.bbox for p in col), col[0].font_size, col[0].bold))
    return out


#: A space the extractor put between two CJK characters of a vertical column (from glyph
#: spacing, not from the text).
_CJK_SPACE = re.compile(f"(?<={_CJK.pattern}) +(?={_CJK.pattern})")


def _char_size(line: TextLine) -> float:
    """The size of one character of a vertical line (its height per non-space character)."""
    n = len(line.text) - line.text.count(" ")
    return max(line.bbox.height / max(n, 1), 1.0)


def _vertical_block(columns: list[TextLine]) -> TextBlock:
    text = "\n".join(_CJK_SPACE.sub("", c.text.translate(_SOFT_HYPHENS).strip()) for c in columns)
    return TextBlock(text=text, bbox=union(c.bbox for c in columns), lines=tuple(columns))


def _merge_vertical(blocks: list[TextBlock], bands: list[tuple[float, list[TextBlock]]]) -> list[TextBlock]:
    """Place each vertical band before the first horizontal block that starts below its top."""
    out: list[TextBlock] = []
    k = 0
    for block in blocks:
        while k < len(bands) and bands[k][0] <= block.bbox.y0:
            out.extend(bands[k][1])
            k += 1
        out.append(block)
    for _, vblocks in bands[k:]:
        out.extend(vblocks)
    return out


# --------------------------------------------------------------------------------------------
# Blocks


def group_lines(lines: Sequence[TextLine], *, join_hyphenation: bool = True) -> tuple[TextBlock, ...]:
    """Consecutive lines (in the given order) grouped into paragraph-like blocks."""
    blocks: list[list[TextLine]] = []
    x0 = x1 = 0.0  # horizontal extent of the current block, kept incrementally
    prev: TextLine | None = None
    for line in lines:
        b = line.bbox
        if prev is None or _starts_block(prev, line, x0, x1):
            blocks.append([line])
            x0, x1 = b.x0, b.x1
        else:
            blocks[-1].append(line)
            if b.x0 < x0:
                x0 = b.x0
            if b.x1 > x1:
                x1 = b.x1
        prev = line
    return tuple(_block(ls, join_hyphenation) for ls in blocks)


def _starts_block(prev: TextLine, line: TextLine, x0: float, x1: float) -> bool:
    """Whether ``line`` starts a new block after ``prev``, the last line of a block spanning
    [x0, x1] horizontally. Runs for every line of every page: plain arithmetic."""
    p, b = prev.bbox, line.bbox
    h = p.y1 - p.y0
    hc = b.y1 - b.y0
    if hc > h:
        h = hc
    if h < 1.0:
        h = 1.0
    # Same visual line (a continuation the engine split): never a new block.
    if abs(b.y0 - p.y0) < 0.3 * h and b.x0 >= p.x1 - 1:
        return False
    if b.y0 - p.y1 > GAP_FACTOR * h:
        return True
    if b.y1 < p.y0 - 0.5 * h:  # jumped upwards: a new column or region
        return True
    if b.x1 < x0 or b.x0 > x1:  # no horizontal overlap with the block
        return True
    fp, fc = prev.font_size, line.font_size
    return bool(fp and fc and abs(fp - fc) > SIZE_CHANGE * (fp if fp > fc else fc))


#: pdfium reports a hyphen it resolved at a line break as U+FFFE (joining the two lines into
#: one); U+00AD is the soft hyphen (a discretionary break inside a word).
_SOFT_HYPHENS = str.maketrans({"\ufffe": None, "\u00ad": None})
#: Hyphens that break a word at a line end (hyphen-minus, Unicode hyphen); not dashes.
_HYPHENS = ("-", "\u2010")
_PDFIUM_HYPHEN = re.compile("(\\S*)\ufffe")


def _block(lines: list[TextLine], join_hyphenation: bool = True) -> TextBlock:
    text_lines: list[str] = []
    last: Box | None = None
    broken = ""  # how the previous line ended: "" (whole word), "soft" (U+00AD), "hyphen" (U+FFFE)
    first = lines[0].bbox
    x0, y0, x1, y1 = first.x0, first.y0, first.x1, first.y1
    for ln in lines:
        b = ln.bbox
        x0 = b.x0 if b.x0 < x0 else x0
        y0 = b.y0 if b.y0 < y0 else y0
        x1 = b.x1 if b.x1 > x1 else x1
        y1 = b.y1 if b.y1 > y1 else y1
        raw = ln.text
        if "\u00ad" in raw or "\ufffe" in raw:
            text, ends = _clean(raw, join_hyphenation)
        else:
            text, ends = raw.strip(), ""
        if last is not None and text_lines and abs(b.y0 - last.y0) < 0.3 * max(last.y1 - last.y0, 1.0):
            text_lines[-1] = text_lines[-1] + " " + text
        elif (
            join_hyphenation
            and text_lines
            and text
            and (broken or (text_lines[-1][-1:] in _HYPHENS and _ends_hyphenated(text_lines[-1], text)))
        ):
            head, _, rest = text.partition(" ")
            text_lines[-1] = _hyphen_join(text_lines[-1], head, broken)
            if rest.strip():
                text_lines.append(rest.strip())
        else:
            text_lines.append(text)
        broken = ends
        last = b
    return TextBlock(text="\n".join(t for t in text_lines if t), bbox=Box(x0, y0, x1, y1), lines=tuple(lines))


def _clean(raw: str, join_hyphenation: bool) -> tuple[str, str]:
    """A line's text without hyphenation marks, and how it ends ("", "soft" or "hyphen").

    U+00AD (soft hyphen) is dropped. U+FFFE (a printed hyphen pdfium resolved at a line break)
    is dropped too when hyphenation is joined, unless it broke a compound that already holds a
    hyphen (then it is the compound's own hyphen, see :func:`_hyphen_join`); with joining off
    it stays a hyphen.
    """
    t = raw.strip()
    ends = "soft" if t.endswith("\u00ad") else "hyphen" if t.endswith("\ufffe") else ""
    t = t.replace("\u00ad", "")
    if ends == "hyphen":
        t = t[:-1] if join_hyphenation else t[:-1] + "-"
    if "\ufffe" in t:
        if join_hyphenation and t.count("\ufffe") == 1 and "-" not in t and "\u2010" not in t:
            t = t.replace("\ufffe", "")  # what the substitution gives for one mark in a word without a hyphen
        else:
            t = _PDFIUM_HYPHEN.sub(lambda m: _pdfium_join(m.group(1), join_hyphenation), t)
    return t.strip(), ends if join_hyphenation else ""


def _pdfium_join(word: str, join_hyphenation: bool) -> str:
    if not join_hyphenation or "-" in word or "\u2010" in word:
        return word + "-"
    return word


def _ends_hyphenated(prev: str, nxt: str) -> bool:
    """``prev`` ends in a letter and a hyphen, and ``nxt`` starts with a lowercase letter."""
    return len(prev) >= 2 and prev.endswith(_HYPHENS) and prev[-2].isalpha() and nxt[0].islower()


def _hyphen_join(prev: str, head: str, broken: str) -> str:
    """Join a word broken at a line end: the first word of the next line moves up.

    A soft hyphen (U+00AD) was a discretionary break: the halves join ("exam" + "ple"). A
    printed hyphen is dropped ("exam-" + "ple" -> "example"), unless the broken word already
    holds a hyphen ("state-of-the-" + "art" -> "state-of-the-art"): a compound broken at one of
    its own hyphens keeps it then. The trade-off: a two-part compound broken at its hyphen
    ("well-" + "known") loses it ("wellknown"); without a dictionary the two cannot be told
    apart, and breaks inside words are far more common in typeset text.
    """
    if broken == "soft":
        return prev + head
    if broken == "hyphen":  # the hyphen was removed already
        word = prev.rsplit(" ", 1)[-1]
        return prev + ("-" if "-" in word or "\u2010" in word else "") + head
    word = prev.rsplit(" ", 1)[-1]
    if "-" in word[:-1] or "\u2010" in word[:-1]:
        return prev + head
    return prev[:-1] + head
