"""Recognised words -> the page's lines, with the font facts a native line has.

An engine gives words and boxes, no font: the size of a line is read from its boxes, and list
bullets, which engines read as letters or signs ("¢", "©", "e"), are told by where they sit.

- Size. A box reaches from the tallest letter in it to the lowest: "Methods" (no descender)
  is as tall as "summary" (no ascender) while its type is larger. So each box is read as the
  letters it holds (capitals, ascenders and the dots of i and j 0.72 of the em, x-height 0.5,
  descenders 0.22: common text faces). On a skewed scan a box is taller than its letters by
  its width times the page's skew (the median slope of its lines), which is taken off. An
  engine that boxes each word (Tesseract) gives a size per word, and the line's is their
  median: one word boxed too tall ("state-of-the-art", a word touching a stain) does not move
  it. An engine that boxes whole lines gives one. On a skewed scan the line's box too is cut
  to the band its letters fill about its middle, so that it does not reach over its neighbours.
- Even so a size read from pixels wanders by a tenth from line to line, as much as a native
  page's step between body text and a heading set a little larger. So the sizes are evened
  out. Lines one under the other, each as far below the line above as that one is below its
  own (``LEADING_SLACK``: a heading under a list stands further off), whose sizes are within
  ``RUN_STEP`` of the run's median are one run, set at that median (a paragraph, a list); a
  short line under a run (a paragraph's last line, "programs.") joins it when it is not
  taller and down to ``SHORT_LOW`` of its size. Then the runs of several lines whose sizes lie
  within ``PAGE_STEP`` of each other (and twice that of the smallest) are set at their median
  size across the page, so that all body text has the body size; and so are the lines standing
  alone (headings), apart from the runs: each heading of a style has the style's one size,
  and none is drawn into the size of the text set a little smaller or larger beside it.
- Bullets. A line's first word of one character in ``BULLET_READINGS`` whose box stands clear
  above the line's baseline (by ``RAISED`` of the em: a bullet sits at mid x-height, a letter
  on the baseline) and is no taller than ``BULLET_HEIGHT`` of the em is a bullet: it reads "•".
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence

from pdfcore.models import Box, OcrWord, TextLine

#: Letters reaching the cap height (the dots of i and j do too) ...
ASCENDING = frozenset("bdfhiklt0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ(|[{/\\'\"!?%&#@$ßÀÁÂÄÇÈÉÊËÌÍÎÏÑÒÓÔÖÙÚÛÜj")
#: ... and the baseline's underside.
DESCENDING = frozenset("gjpqyQ,;()|[]{}")
#: Shares of the em: capitals and ascenders, x-height, descenders.
CAP_SHARE = 0.72
X_SHARE = 0.5
DESCENDER_SHARE = 0.22
#: Words of one line boxed to within this many pixels of one height: the engine boxed the line
#: as a whole and shared it out (its words tell nothing of their own letters).
SHARED_BOX = 1.0
#: The page's skew is measured along lines of this many words; beyond MAX_SKEW it is none.
SLOPE_WORDS = 4
MAX_SKEW = 0.1
#: A line joins the run of lines above it when its size is within this share of the run's.
RUN_STEP = 0.1
#: A line of fewer characters than this under a run, not taller than it and down to this share
#: of its size, is its last line.
SHORT_LINE = 25
SHORT_LOW = 0.7
#: Lines one under the other: the gap between them at most this many line heights, and the
#: step from line to line at most the step above and this many em.
RUN_GAP = 1.0
LEADING_SLACK = 0.5
#: Runs of sizes within this share of each other are set at one size across the page.
PAGE_STEP = 0.06
#: What engines read a list bullet as.
BULLET_READINGS = frozenset("¢©®«»°*•·●○◦■□▪eoc")
RAISED = 0.12
BULLET_HEIGHT = 0.6


def lines_of(words: Sequence[OcrWord], scale: float) -> list[TextLine]:
    """The engine's lines in its reading order (line numbers), each boxed in points, with a font
    size read from its boxes and evened out across the page (see the module docstring)."""
    grouped: dict[int, list[OcrWord]] = {}
    for w in words:
        grouped.setdefault(w.line, []).append(w)
    texts: list[str] = []
    boxes: list[Box] = []
    sizes: list[float] = []
    slope = page_slope(grouped.values())
    for n in sorted(grouped):
        line = grouped[n]
        size = line_size(line, slope) * scale
        bullet = size > 0 and _is_bullet(line, size / scale)
        texts.append(" ".join(["•", *(w.text for w in line[1:])] if bullet else [w.text for w in line]))
        box = Box(
            min(w.bbox.x0 for w in line),
            min(w.bbox.y0 for w in line),
            max(w.bbox.x1 for w in line),
            max(w.bbox.y1 for w in line),
        )
        if slope:
            # the band the line's letters fill about its middle: a skewed line's box reaches
            # over its neighbours' and would part no paragraph from the next
            half = _upright(box, slope) / 2
            middle = (box.y0 + box.y1) / 2
            box = Box(box.x0, middle - half, box.x1, middle + half)
        boxes.append(Box(box.x0 * scale, box.y0 * scale, box.x1 * scale, box.y1 * scale))
        sizes.append(size)
    even = even_sizes(texts, boxes, sizes)
    return [TextLine(text, box, font_size=size) for text, box, size in zip(texts, boxes, even, strict=True)]


def share_of(text: str) -> float:
    """The share of the em a box holding ``text`` spans (see the module docstring)."""
    chars = set(text)
    up = not chars.isdisjoint(ASCENDING)
    down = not chars.isdisjoint(DESCENDING)
    return (CAP_SHARE if up else X_SHARE) + (DESCENDER_SHARE if down else 0.0)


def line_size(line: Sequence[OcrWord], slope: float = 0.0) -> float:
    """The em of a recognised line in the engine's pixels: the median of its words' (their
    letters read in their boxes) when the engine boxed each word, else its box's. ``slope``:
    the page's skew; a box on a skewed line is taller than its letters by its width times it."""
    heights = [w.bbox.height for w in line]
    if max(heights) - min(heights) > SHARED_BOX:
        each = [_upright(w.bbox, slope) / share_of(w.text) for w in line if any(c.isalnum() for c in w.text)]
        if each:
            return float(statistics.median(each))
    text = " ".join(w.text for w in line)
    box = Box(
        min(w.bbox.x0 for w in line),
        min(w.bbox.y0 for w in line),
        max(w.bbox.x1 for w in line),
        max(w.bbox.y1 for w in line),
    )
    height = _upright(box, slope)
    return height / share_of(text) if height > 0 else 0.0


def _upright(box: Box, slope: float) -> float:
    """The height of what a box holds on a line of this slope (at least half the box's)."""
    return max(box.height - abs(slope) * box.width, box.height / 2)


def page_slope(lines: Iterable[Sequence[OcrWord]]) -> float:
    """The page's skew: the median slope (dy/dx) of the centres of the words along its lines of
    ``SLOPE_WORDS`` words or more (0 without such lines, or beyond ``MAX_SKEW``: not skew)."""
    slopes = []
    for line in lines:
        if len(line) < SLOPE_WORDS:
            continue
        xs = [(w.bbox.x0 + w.bbox.x1) / 2 for w in line]
        ys = [(w.bbox.y0 + w.bbox.y1) / 2 for w in line]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        spread = sum((x - mx) ** 2 for x in xs)
        if spread > 0:
            slopes.append(sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / spread)
    if not slopes:
        return 0.0
    slope = float(statistics.median(slopes))
    return slope if abs(slope) <= MAX_SKEW else 0.0


def _is_bullet(line: Sequence[OcrWord], em: float) -> bool:
    """The line's first word is a bullet read as a letter or sign (see the module docstring)."""
    if len(line) < 2:
        return False
    first = line[0]
    if len(first.text) != 1 or first.text not in BULLET_READINGS:
        return False
    # the baseline: the foot of the words without descenders
    feet = [w.bbox.y1 for w in line[1:] if w.text.isalnum() and set(w.text).isdisjoint(DESCENDING)]
    if not feet:
        return False
    baseline = statistics.median(feet)
    return baseline - first.bbox.y1 >= RAISED * em and first.bbox.height <= BULLET_HEIGHT * em


def even_sizes(texts: Sequence[str], boxes: Sequence[Box], sizes: Sequence[float]) -> list[float]:
    """The lines' sizes evened out: in runs of lines one under the other, then across the page
    (see the module docstring). Rounded to a tenth of a point."""
    runs: list[list[int]] = []
    for i, size in enumerate(sizes):
        if size <= 0:
            runs.append([i])
            continue
        if runs and _joins(runs[-1], i, texts, boxes, sizes):
            runs[-1].append(i)
        else:
            runs.append([i])
    run_sizes = [_run_size(run, texts, sizes) for run in runs]
    weights = [sum(len(texts[i]) for i in run) for run in runs]
    out = list(sizes)
    for runs_of_kind in (
        [k for k, run in enumerate(runs) if len(run) > 1 and run_sizes[k] > 0],
        [k for k, run in enumerate(runs) if len(run) == 1 and run_sizes[k] > 0],
    ):
        for cluster in _clusters(runs_of_kind, run_sizes):
            size = _weighted_median([(run_sizes[k], weights[k]) for k in cluster])
            for k in cluster:
                run_sizes[k] = size
    for k, run in enumerate(runs):
        for i in run:
            out[i] = run_sizes[k]
    return [round(s, 1) for s in out]


def _joins(run: list[int], i: int, texts: Sequence[str], boxes: Sequence[Box], sizes: Sequence[float]) -> bool:
    last = run[-1]
    if sizes[last] <= 0:
        return False
    above, box = boxes[last], boxes[i]
    gap = box.y0 - above.y1
    if gap > RUN_GAP * max(above.height, box.height) or box.y1 <= above.y0:
        return False
    if box.x1 <= above.x0 or box.x0 >= above.x1:
        return False
    # set at the leading of the lines above: a heading under a list stands further from it than
    # its rows from each other. Measured top to top and foot to foot (on a skewed scan boxes
    # overlap), the nearer for this line and the further for the line above (a word boxed too
    # tall moves a top, a descender a foot).
    before = boxes[last - 1] if last > 0 else None
    if before is not None and before.y0 < above.y0:
        step = min(box.y0 - above.y0, box.y1 - above.y1)
        if step > max(above.y0 - before.y0, above.y1 - before.y1) + LEADING_SLACK * sizes[last]:
            return False
    size = _run_size(run, texts, sizes)
    if abs(sizes[i] - size) <= RUN_STEP * max(size, sizes[i]):
        return True
    return len(texts[i]) < SHORT_LINE <= len(texts[last]) and SHORT_LOW * size <= sizes[i] <= size


def _clusters(ks: Sequence[int], sizes: Sequence[float]) -> list[list[int]]:
    """``ks`` grouped by size: sorted, a group goes on while each size is within PAGE_STEP of
    the one before and within twice that of the group's smallest."""
    out: list[list[int]] = []
    for k in sorted(ks, key=lambda k: sizes[k]):
        if out:
            group = out[-1]
            last, first = sizes[group[-1]], sizes[group[0]]
            if sizes[k] - last <= PAGE_STEP * sizes[k] and sizes[k] - first <= 2 * PAGE_STEP * sizes[k]:
                group.append(k)
                continue
        out.append([k])
    return out


def _weighted_median(pairs: Sequence[tuple[float, int]]) -> float:
    """The median of the sizes, each counted ``n`` times (pairs of size and ``n``)."""
    weighted = sorted(pairs)
    half = sum(n for _, n in weighted) / 2
    seen = 0
    for size, n in weighted:
        seen += n
        if seen >= half:
            return size
    return weighted[-1][0] if weighted else 0.0


def _run_size(run: Sequence[int], texts: Sequence[str], sizes: Sequence[float]) -> float:
    """The median size of a run's lines, each counted once per character."""
    return _weighted_median([(sizes[i], len(texts[i])) for i in run])
