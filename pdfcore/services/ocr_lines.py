"""Recognised words -> the page's lines, with the font facts a native line has.

An engine gives words and boxes, no font: the size of a line is read from its boxes, and list
bullets, which engines read as letters or signs ("¢", "©", "e"), are told by where they sit.

- Size. A box reaches from the tallest letter in it to the lowest: "Methods" (no descender)
  is as tall as "summary" (no ascender) while its type is larger. So each box is read as the
  letters it holds (capitals, ascenders and the dots of i and j 0.72 of the em, x-height 0.5,
  descenders 0.22: common text faces). An engine that boxes each word (Tesseract) gives a size
  per word, and the line's is their median: one word boxed too tall or too low ("state-of-the-
  art", a word touching a stain) does not move it. An engine that boxes whole lines gives one.
- Even so a size read from pixels wanders by a tenth from line to line, as much as a native
  page's step between body text and a heading set a little larger. So the sizes are evened
  out: lines one under the other whose sizes are within ``RUN_STEP`` of the run's median are
  one run, set at that median (a paragraph), and a short line under a run (a paragraph's last
  line, "programs.") joins it when it is not taller and down to ``SHORT_LOW`` of its size; then
  the runs whose sizes are within ``PAGE_STEP`` of each other are set at one size across the
  page (the heaviest first), so that every paragraph of the body text has the body size.
- Bullets. A line's first word of one character in ``BULLET_READINGS`` whose box stands clear
  above the line's baseline (by ``RAISED`` of the em: a bullet sits at mid x-height, a letter
  on the baseline) and is no taller than ``BULLET_HEIGHT`` of the em is a bullet: it reads "•".
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

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
#: A line joins the run of lines above it when its size is within this share of the run's.
RUN_STEP = 0.1
#: A line of fewer characters than this under a run, not taller than it and down to this share
#: of its size, is its last line.
SHORT_LINE = 25
SHORT_LOW = 0.7
#: Lines one under the other: the gap between them at most this many line heights.
RUN_GAP = 1.0
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
    for n in sorted(grouped):
        line = grouped[n]
        size = line_size(line) * scale
        bullet = size > 0 and _is_bullet(line, size / scale)
        texts.append(" ".join(["•", *(w.text for w in line[1:])] if bullet else [w.text for w in line]))
        boxes.append(
            Box(
                min(w.bbox.x0 for w in line) * scale,
                min(w.bbox.y0 for w in line) * scale,
                max(w.bbox.x1 for w in line) * scale,
                max(w.bbox.y1 for w in line) * scale,
            )
        )
        sizes.append(size)
    even = even_sizes(texts, boxes, sizes)
    return [TextLine(text, box, font_size=size) for text, box, size in zip(texts, boxes, even, strict=True)]


def share_of(text: str) -> float:
    """The share of the em a box holding ``text`` spans (see the module docstring)."""
    chars = set(text)
    up = not chars.isdisjoint(ASCENDING)
    down = not chars.isdisjoint(DESCENDING)
    return (CAP_SHARE if up else X_SHARE) + (DESCENDER_SHARE if down else 0.0)


def line_size(line: Sequence[OcrWord]) -> float:
    """The em of a recognised line in the engine's pixels: the median of its words' (their
    letters read in their boxes) when the engine boxed each word, else its box's."""
    heights = [w.bbox.height for w in line]
    if max(heights) - min(heights) > SHARED_BOX:
        each = [w.bbox.height / share_of(w.text) for w in line if any(c.isalnum() for c in w.text)]
        if each:
            return float(statistics.median(each))
    text = " ".join(w.text for w in line)
    height = max(w.bbox.y1 for w in line) - min(w.bbox.y0 for w in line)
    return height / share_of(text) if height > 0 else 0.0


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
    # across the page, the heaviest runs first
    levels: list[float] = []
    out = list(sizes)
    for k in sorted(range(len(runs)), key=lambda k: -weights[k]):
        size = run_sizes[k]
        if size > 0:
            size = next((lv for lv in levels if abs(lv - size) <= PAGE_STEP * max(lv, size)), size)
            if size not in levels:
                levels.append(size)
        for i in runs[k]:
            out[i] = size
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
    size = _run_size(run, texts, sizes)
    if abs(sizes[i] - size) <= RUN_STEP * max(size, sizes[i]):
        return True
    return len(texts[i]) < SHORT_LINE <= len(texts[last]) and SHORT_LOW * size <= sizes[i] <= size


def _run_size(run: Sequence[int], texts: Sequence[str], sizes: Sequence[float]) -> float:
    """The median size of a run's lines, each counted once per character."""
    weighted = sorted((sizes[i], len(texts[i])) for i in run)
    half = sum(n for _, n in weighted) / 2
    seen = 0
    for size, n in weighted:
        seen += n
        if seen >= half:
            return size
    return weighted[-1][0] if weighted else 0.0
