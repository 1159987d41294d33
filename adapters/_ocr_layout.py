"""Reading order for OCR output: engine lines -> segments -> ordered lines -> ``OcrResult``.

Shared by the OCR adapters and dependent on nothing but ``pdfcore.models`` (pure geometry, no
engine). Engines disagree about layout: RapidOCR and EasyOCR list lines top to bottom, which
interleaves side-by-side columns, and Tesseract joins the lines of short columns across the
gutter. So every engine's lines are first cut where a gap between two words is far wider than a
word space (a gutter or a table gap), and the resulting segments are ordered by a recursive
XY-cut: blank horizontal bands split the page top to bottom, then vertical gutters split a band
into columns left to right, and what is left is read row by row. Three refinements keep columns
whole: consecutive bands laid out in the same columns are joined before the cut (a blank band
can cross both columns of a two-column region); a two-column run is cut out of a region even
when no blank band surrounds it (engines that pad their boxes leave none); and "columns" too
narrow for text (list bullets, numbers) are read with their neighbour. Columns are split only
where each holds running text (``PROSE_*``): the columns of a table (figures, short labels) are
read row by row, a label with its figures. On a skewed scan the boxes of neighbouring lines
overlap, so the cut works on coordinates turned back by the page's skew (the median baseline
slope of its lines); the words keep their real boxes. Vertical lines (a rotated margin stamp)
are read after the rest, each on its own, with their words in the engine's order.

All coordinates are image pixels, top-left origin.
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, replace

from pdfcore.models import Box, OcrResult, OcrWord

Bounds = tuple[float, float, float, float]
#: (text, confidence in [0, 1], bounds)
RawWord = tuple[str, float, Bounds]

#: A gap between two words wider than this many line heights splits a line into segments.
GUTTER_IN_LINE = 1.5
#: A blank horizontal band this many line heights higher than the page's usual gap between
#: lines separates blocks (the usual gap depends on the leading and on how much the engine pads
#: its boxes).
BAND_GAP = 0.5
#: A blank vertical band this many line heights wide separates columns.
COLUMN_GAP = 0.4
#: Columns of two bands start within this many line heights of each other: the same columns.
ALIGN = 2.0
#: Narrower than this many line heights, a "column" is list bullets, numbers or a table cell:
#: it is read with the column to its right, row by row.
MIN_COLUMN_WIDTH = 5.0
#: Baseline slopes (dy/dx) beyond this are not skew but vertical or turned text.
MAX_SKEW = 0.25
#: A page slope below this is treated as none (about 0.2 degrees).
MIN_SKEW = 0.003
#: Columns are split only when each holds running text: this share of its characters are in
#: segments of this many characters and words, and this share of its characters are letters.
PROSE_SHARE = 0.5
PROSE_CHARS = 10
PROSE_WORDS = 2
PROSE_LETTERS = 0.5
#: A line (or a line's box) this many times taller than wide, of three characters or more, is
#: set vertically: a rotated stamp or label, or a page read sideways.
VERTICAL = 1.5


_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


@dataclass(frozen=True)
class Segment:
    """Words that belong together on one visual line (no gutter inside)."""

    bounds: Bounds
    text: str
    words: tuple[RawWord, ...]
    #: Slope (dy/dx) of the line's baseline when known.
    slope: float | None = None


def bounds_of_points(points: Sequence[Sequence[float]]) -> Bounds:
    xs = [float(p[0]) for p in points]
    ys = [float(p[1]) for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def slope_of_quad(points: Sequence[Sequence[float]]) -> float | None:
    """Slope of the top edge of a text box given as four corners, top-left first, clockwise."""
    if len(points) < 2:
        return None
    dx = float(points[1][0]) - float(points[0][0])
    if abs(dx) < 1.0:
        return None
    return (float(points[1][1]) - float(points[0][1])) / dx


def is_vertical(bounds: Bounds, text: str) -> bool:
    """Whether a line (or word) with these bounds and text is set vertically (see ``VERTICAL``)."""
    x0, y0, x1, y1 = bounds
    return y1 - y0 > VERTICAL * (x1 - x0) and len(text) - text.count(" ") >= 3


def even_words(text: str, confidence: float, bounds: Bounds) -> list[RawWord]:
    """Split a line the engine boxed as a whole at spaces, sharing its length out by character
    count: its width, or its height (top to bottom) for a vertical line."""
    x0, y0, x1, y1 = bounds
    down = is_vertical(bounds, text)
    per_char = ((y1 - y0) if down else (x1 - x0)) / max(len(text), 1)
    words: list[RawWord] = []
    pos = 0
    for token in text.split(" "):
        if token:
            start = (y0 if down else x0) + pos * per_char
            end = start + len(token) * per_char
            words.append((token, confidence, (x0, start, x1, end) if down else (start, y0, end, y1)))
        pos += len(token) + 1
    return words


def segments_of_line(
    words: Sequence[RawWord], *, line_text: str | None = None, slope: float | None = None
) -> list[Segment]:
    """One engine line, its words left to right, cut at gaps wider than ``GUTTER_IN_LINE`` line
    heights.

    ``line_text`` is the engine's own text for the whole line, kept when the line is not cut (it
    spaces scripts such as Chinese correctly, where words are single characters). ``slope`` is the
    baseline slope when the engine knows it; otherwise it is fitted to the word centres. A
    vertical line (a rotated stamp) is one segment with its words in the engine's order (the
    order they read in, up or down the page).
    """
    ordered = [w for w in words if w[0].strip()]
    if not ordered:
        return []
    joined = " ".join(w[0] for w in ordered)
    whole = _segment(ordered, " ".join(line_text.split()) if line_text and line_text.strip() else joined, None)
    if is_vertical(whole.bounds, joined):
        return [whole]
    ordered.sort(key=lambda w: w[2][0])
    height = statistics.median(w[2][3] - w[2][1] for w in ordered)
    if slope is None:
        slope = _fitted_slope(ordered, height)
    groups: list[list[RawWord]] = [[ordered[0]]]
    for word in ordered[1:]:
        if word[2][0] - groups[-1][-1][2][2] > GUTTER_IN_LINE * max(height, 1.0):
            groups.append([])
        groups[-1].append(word)
    if len(groups) == 1 and line_text and line_text.strip():
        return [_segment(groups[0], " ".join(line_text.split()), slope)]
    return [_segment(group, " ".join(w[0] for w in group), slope) for group in groups]


def _segment(words: Sequence[RawWord], text: str, slope: float | None) -> Segment:
    bounds = (
        min(w[2][0] for w in words),
        min(w[2][1] for w in words),
        max(w[2][2] for w in words),
        max(w[2][3] for w in words),
    )
    return Segment(bounds, text, tuple(words), slope)


def _fitted_slope(words: Sequence[RawWord], height: float) -> float | None:
    """Least-squares slope of the word centres, for lines long enough to tell."""
    if len(words) < 3:
        return None
    xs = [(w[2][0] + w[2][2]) / 2 for w in words]
    ys = [(w[2][1] + w[2][3]) / 2 for w in words]
    if max(xs) - min(xs) < 4 * max(height, 1.0):
        return None
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    var = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / var if var else None


def _page_slope(segments: Sequence[Segment]) -> float:
    slopes = [s.slope for s in segments if s.slope is not None and abs(s.slope) <= MAX_SKEW]
    if len(slopes) < 3:
        return 0.0
    slope = statistics.median(slopes)
    return slope if abs(slope) >= MIN_SKEW else 0.0


def _deskewed(segment: Segment, slope: float) -> Segment:
    """The segment with its bounds turned back by the page's skew (a small-angle rotation).

    Turning, not just shearing: a skewed column's margin drifts sideways down the page, which can
    close a narrow gutter. The box of a slanted line is taller than the line by about its width
    times the slope; the turned box gets the line's own height back: its words' height, or (for
    words that are shares of the line's box) the box height less the slant.
    """
    x0, y0, x1, y1 = segment.bounds
    height = max(y1 - y0 - abs(slope) * (x1 - x0), 0.25 * (y1 - y0), 1.0)
    if segment.words:
        word_height = statistics.median(w[2][3] - w[2][1] for w in segment.words)
        if word_height < 0.9 * (y1 - y0):  # real word boxes, not shares of the line's box
            height = max(word_height, 1.0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    cx, cy = cx + slope * cy, cy - slope * cx
    half_width = (x1 - x0) / 2
    return replace(segment, bounds=(cx - half_width, cy - height / 2, cx + half_width, cy + height / 2))


def build_result(engine: str, segments: Sequence[Segment], width: int, height: int) -> OcrResult:
    """Order the segments, number the lines, clip the boxes to the image and join the text."""
    if not segments:
        return OcrResult(engine=engine, words=(), text="", mean_confidence=0.0)
    # Vertical lines (rotated stamps and labels) are read after the rest, each on its own, in
    # the engine's order: among the lines they would join rows and bridge gutters.
    vertical = [s for s in segments if is_vertical(s.bounds, s.text)]
    segments = [s for s in segments if not is_vertical(s.bounds, s.text)]
    ordered: list[list[list[Segment]]] = []
    if segments:
        slope = _page_slope(segments)
        if slope:
            segments = [_deskewed(s, slope) for s in segments]
        line_height = max(statistics.median(s.bounds[3] - s.bounds[1] for s in segments), 1.0)
        band_gap = max(_usual_line_gap(segments, line_height), 0.0) + BAND_GAP * line_height
        ordered = _xy_cut(segments, line_height, band_gap)
    ordered += [[[s]] for s in vertical]
    words: list[OcrWord] = []
    blocks: list[str] = []
    line_no = 0
    for block in ordered:
        rows: list[str] = []
        for row in block:
            for segment in row:
                for text, confidence, (x0, y0, x1, y1) in segment.words:
                    words.append(
                        OcrWord(
                            text=text,
                            bbox=Box(_clip(x0, width), _clip(y0, height), _clip(x1, width), _clip(y1, height)),
                            confidence=min(max(float(confidence), 0.0), 1.0),
                            line=line_no,
                        )
                    )
            rows.append(" ".join(s.text for s in row))
            line_no += 1
        blocks.append("\n".join(rows))
    mean = sum(w.confidence for w in words) / len(words) if words else 0.0
    return OcrResult(engine=engine, words=tuple(words), text="\n\n".join(blocks), mean_confidence=mean)


def _clip(value: float, limit: int) -> float:
    return min(max(float(value), 0.0), float(limit))


def _split_axis(segments: Sequence[Segment], axis: int, min_gap: float) -> list[list[Segment]]:
    """Group segments separated by an empty band at least ``min_gap`` wide along ``axis`` (0: x, 1: y)."""
    ordered = sorted(segments, key=lambda s: s.bounds[axis])
    groups: list[list[Segment]] = [[ordered[0]]]
    end = ordered[0].bounds[axis + 2]
    for segment in ordered[1:]:
        if segment.bounds[axis] - end >= min_gap:
            groups.append([])
        groups[-1].append(segment)
        end = max(end, segment.bounds[axis + 2])
    return groups


def _rows(segments: Sequence[Segment]) -> list[list[Segment]]:
    """Segments whose vertical centres lie within half a line of each other, left to right."""
    ordered = sorted(segments, key=lambda s: (s.bounds[1] + s.bounds[3]) / 2)
    rows: list[list[Segment]] = []
    for segment in ordered:
        centre = (segment.bounds[1] + segment.bounds[3]) / 2
        if rows:
            last = rows[-1][-1].bounds
            if abs(centre - (last[1] + last[3]) / 2) <= (last[3] - last[1]) / 2:
                rows[-1].append(segment)
                continue
        rows.append([segment])
    return [sorted(row, key=lambda s: s.bounds[0]) for row in rows]


def _prose(segments: Sequence[Segment]) -> bool:
    """Whether segments read as running text: most of their characters (``PROSE_SHARE``) are in
    segments of ``PROSE_CHARS`` characters and ``PROSE_WORDS`` words (two CJK characters count
    as a word), and most characters are letters. A table's columns (figures, short labels) are
    not, and are read row by row; a column of text with a figure's labels in it (x0, w1, a
    caption beneath) still is."""
    chars = "".join("".join(s.text.split()) for s in segments)
    if sum(ch.isalpha() for ch in chars) < PROSE_LETTERS * max(len(chars), 1):
        return False
    running = sum(len("".join(s.text.split())) for s in segments if _running(s.text))
    return running >= PROSE_SHARE * max(len(chars), 1)


def _running(text: str) -> bool:
    return len(text) >= PROSE_CHARS and len(text.split()) + len(_CJK.findall(text)) // 2 >= PROSE_WORDS


def _columns(segments: Sequence[Segment], line_height: float) -> list[list[Segment]]:
    """Columns split at vertical gutters, narrow ones joined to their right-hand neighbour; one
    column when they are not all running text (a table)."""
    columns: list[list[Segment]] = []
    pending: list[Segment] = []
    for group in _split_axis(segments, 0, COLUMN_GAP * line_height):
        pending.extend(group)
        width = max(s.bounds[2] for s in pending) - min(s.bounds[0] for s in pending)
        if width >= MIN_COLUMN_WIDTH * line_height:
            columns.append(pending)
            pending = []
    if pending:
        if columns:
            columns[-1].extend(pending)
        else:
            columns.append(pending)
    if len(columns) > 1 and not all(_prose(column) for column in columns):
        return [list(segments)]
    return columns


def _column_starts(band: Sequence[Segment], line_height: float) -> list[float] | None:
    """Left edges of the columns a band splits into, or None when it does not split."""
    columns = _columns(band, line_height)
    if len(columns) < 2:
        return None
    return [min(s.bounds[0] for s in column) for column in columns]


def _merge_aligned(bands: list[list[Segment]], line_height: float) -> list[list[Segment]]:
    """Join consecutive bands laid out in the same columns.

    A blank band that happens to cross both columns of a two-column region (a heading in one
    column beside a paragraph break in the other) must not cut the region in two: read that way,
    the top halves of both columns would come before the bottom halves.
    """
    merged: list[list[Segment]] = [list(bands[0])]
    previous = _column_starts(bands[0], line_height)
    for band in bands[1:]:
        starts = _column_starts(band, line_height)
        if (
            previous is not None
            and starts is not None
            and len(previous) == len(starts)
            and all(abs(a - b) <= ALIGN * line_height for a, b in zip(previous, starts))
        ):
            merged[-1].extend(band)
        else:
            merged.append(list(band))
            previous = starts
    return merged


def _usual_line_gap(segments: Sequence[Segment], line_height: float) -> float:
    """Median gap between a segment and the nearest one below it that overlaps it horizontally."""
    ordered = sorted(segments, key=lambda s: s.bounds[1])
    gaps: list[float] = []
    for i, upper in enumerate(ordered):
        x0, y0, x1, y1 = upper.bounds
        for lower in ordered[i + 1 :]:
            lx0, ly0, lx1, _ly1 = lower.bounds
            if ly0 > y1 + 3 * line_height:
                break  # sorted by top: nothing further down is a neighbour
            if ly0 >= y0 + 0.5 * line_height and lx0 < x1 and lx1 > x0:
                gaps.append(ly0 - y1)
                break
    return statistics.median(gaps) if gaps else 0.0


def _column_run(segments: Sequence[Segment], line_height: float) -> list[list[Segment]] | None:
    """Cut out the longest run of rows laid out in two columns: ``[above, left, right, below]``.

    For regions no blank band separates from the full-width text around them (engines that pad
    their boxes leave no gap between lines): a gutter is a vertical strip no segment of the run
    crosses, with text on both sides of it in at least two rows and columns wide enough to be
    text, not list bullets. None when there is no such run short of the whole region.
    """
    rows = _rows(segments)
    if len(rows) < 3:
        return None
    half = COLUMN_GAP * line_height / 2
    centres: list[float] = []
    for row in rows:
        for a, b in itertools.pairwise(row):
            if b.bounds[0] - a.bounds[2] >= 2 * half:
                centre = (a.bounds[2] + b.bounds[0]) / 2
                if all(abs(centre - c) > half for c in centres):
                    centres.append(centre)
    best: tuple[int, int, float] | None = None
    for centre in centres:
        lo, hi = centre - half, centre + half
        start: int | None = None
        for i in range(len(rows) + 1):
            crosses = i == len(rows) or any(s.bounds[0] < hi and s.bounds[2] > lo for s in rows[i])
            if not crosses:
                start = i if start is None else start
                continue
            if start is not None:
                run = rows[start:i]
                two_sided = sum(1 for r in run if r[0].bounds[2] <= lo and r[-1].bounds[0] >= hi)
                left = [s for r in run for s in r if s.bounds[2] <= lo]
                right = [s for r in run for s in r if s.bounds[0] >= hi]
                wide = (
                    left
                    and right
                    and max(s.bounds[2] for s in left) - min(s.bounds[0] for s in left)
                    >= MIN_COLUMN_WIDTH * line_height
                    and max(s.bounds[2] for s in right) - min(s.bounds[0] for s in right)
                    >= MIN_COLUMN_WIDTH * line_height
                    and _prose(left)
                    and _prose(right)
                )
                if two_sided >= 2 and wide and len(run) < len(rows) and (best is None or i - start > best[1] - best[0]):
                    best = (start, i, centre)
                start = None
    if best is None:
        return None
    start, end, centre = best
    inside = [s for r in rows[start:end] for s in r]
    return [
        [s for r in rows[:start] for s in r],
        [s for s in inside if (s.bounds[0] + s.bounds[2]) / 2 < centre],
        [s for s in inside if (s.bounds[0] + s.bounds[2]) / 2 >= centre],
        [s for r in rows[end:] for s in r],
    ]


def _xy_cut(segments: Sequence[Segment], line_height: float, band_gap: float) -> list[list[list[Segment]]]:
    """Blocks (each a list of rows) in reading order."""
    if len(segments) <= 1:
        return [[list(segments)]] if segments else []
    bands = _split_axis(segments, 1, band_gap)
    if len(bands) > 1:
        groups = _merge_aligned(bands, line_height)
        if len(groups) > 1:
            return [block for group in groups for block in _xy_cut(group, line_height, band_gap)]
        # Every band has the same columns: split those below.
    if len(_rows(segments)) > 1:
        columns = _columns(segments, line_height)
        if len(columns) > 1:
            return [block for column in columns for block in _xy_cut(column, line_height, band_gap)]
        if len(bands) == 1:
            pieces = _column_run(segments, line_height)
            if pieces is not None:
                return [block for piece in pieces if piece for block in _xy_cut(piece, line_height, band_gap)]
    return [_rows(band) for band in bands]
