"""A page's vector art in regions: the boxes of its painted paths (no ruling lines) merged where
they lie close together, so a chart's bars, curves and markers make one region; a region is cut
at a figure's caption lying across it (two figures one over the other).

Used by the pdfium text adapter on every page: pages with next to no vector art (most of them)
return at once; the merge is a sweep down the page, so a chart of thousands of markers costs one
pass over them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import attrs

from adapters._pdfium_objects import WHITE_MIN, FillRun, fill_coverage
from pdfcore.caption_words import FIGURE_WORDS, alternation
from pdfcore.models import Box, Drawing, TextLine

#: Boxes at most this many points apart join one region (the gap between a chart's bars).
JOIN_GAP = 8.0
#: A page with fewer painted paths than this has no region worth keeping (a logo, a bullet).
MIN_PATHS = 3
#: A kept region holds at least this many paths and is at least MIN_SIDE points either way.
REGION_MIN_PATHS = 2
MIN_SIDE = 24.0
#: A path covering more than this share of the page is its background or frame, not its art.
MAX_PATH_SHARE = 0.6
#: Regions kept per page, largest first.
MAX_REGIONS = 40
#: A fill is a rectangle when its outline covers this share of its box (a pie's wedge is not).
RECT_COVERAGE = 0.9
#: A figure's caption line (a figure's word of pdfcore.caption_words and a number: "Figure 5.",
#: "Fig. 5:", "Abbildung 5") lying across a region (over CAPTION_SPAN of its width) with art
#: above and under it parts two figures drawn one over the other: the region is cut there. No
#: art is drawn over a caption's text: a path whose box runs across it (a stroke's bounds blown
#: up at a sharp corner, a frame) keeps on each side only the rows that side's art spans.
_CAPTION = re.compile(rf"^(?:{alternation(FIGURE_WORDS)})\s*\d+")
CAPTION_SPAN = 0.9


def drawing_regions(
    boxes: list[Box], width: float, height: float, lines: Sequence[TextLine] = ()
) -> tuple[Drawing, ...]:
    """The regions of vector art among the painted paths' ``boxes`` (page space), largest first;
    a region is cut at a figure's caption among the page's ``lines`` lying across it (see
    CAPTION_SPAN)."""
    if len(boxes) < MIN_PATHS:
        return ()
    limit = MAX_PATH_SHARE * width * height
    items: list[tuple[float, float, float, float]] = []
    for b in boxes:
        # clamped to the page; a box mostly off it (a curve whose bounds hold control points far
        # away, a background bleeding off) is left out
        x0, y0, x1, y1 = max(b.x0, 0.0), max(b.y0, 0.0), min(b.x1, width), min(b.y1, height)
        area = (b.x1 - b.x0) * (b.y1 - b.y0)
        if x1 > x0 and y1 > y0 and area <= limit and (x1 - x0) * (y1 - y0) >= 0.5 * area:
            items.append((y0, x0, x1, y1))
    items.sort()
    if len(items) < MIN_PATHS:
        return ()
    captions = [ln.bbox for ln in lines if _CAPTION.match(ln.text.lstrip())]
    regions = [part for c in _sweep(items, JOIN_GAP) for part in _cut(c, items, captions)]
    kept = [c for c in regions if c[4] >= REGION_MIN_PATHS and c[2] - c[0] >= MIN_SIDE and c[3] - c[1] >= MIN_SIDE]
    kept.sort(key=lambda c: (c[0] - c[2]) * (c[3] - c[1]))
    return tuple(
        Drawing(Box(round(c[0], 1), round(c[1], 1), round(c[2], 1), round(c[3], 1)), int(c[4]))
        for c in kept[:MAX_REGIONS]
    )


def _cut(region: list[float], items: list[tuple[float, float, float, float]], captions: list[Box]) -> list[list[float]]:
    """The region ([x0, y0, x1, y1, paths]) cut at the first caption lying across it with
    REGION_MIN_PATHS paths of its own above and under it: each side's paths swept again (and
    cut again); the region itself when there is no such caption."""
    x0, y0, x1, y1 = region[:4]
    for cap in captions:
        if not (y0 < cap.y0 and cap.y1 < y1) or min(x1, cap.x1) - max(x0, cap.x0) < CAPTION_SPAN * (x1 - x0):
            continue
        mine = [i for i in items if x0 <= i[1] and i[2] <= x1 and y0 <= i[0] and i[3] <= y1]
        above = [i for i in mine if i[3] <= cap.y0]
        under = [i for i in mine if i[0] >= cap.y1]
        if len(above) >= REGION_MIN_PATHS and len(under) >= REGION_MIN_PATHS:
            across = [i for i in mine if i[0] < cap.y1 and i[3] > cap.y0]
            sides = [sorted(side + _clipped(across, side)) for side in (above, under)]
            return [part for side in sides for c in _sweep(side, JOIN_GAP) for part in _cut(c, side, captions)]
    return [region]


def _clipped(
    across: list[tuple[float, float, float, float]], side: list[tuple[float, float, float, float]]
) -> list[tuple[float, float, float, float]]:
    """The paths whose boxes run across a caption, each clipped to the rows the art of one side
    of it (``side``) spans: its width stays (a figure's side rail), its blown-up height does
    not."""
    top, bottom = min(i[0] for i in side), max(i[3] for i in side)
    return [(max(i[0], top), i[1], i[2], min(i[3], bottom)) for i in across if max(i[0], top) < min(i[3], bottom)]


def _sweep(items: list[tuple[float, float, float, float]], gap: float) -> list[list[float]]:
    """The boxes (y0, x0, x1, y1, sorted) merged into regions ([x0, y0, x1, y1, paths]) where
    they lie at most ``gap`` apart."""
    done: list[list[float]] = []
    active: list[list[float]] = []  # [x0, y0, x1, y1, paths]
    for y0, x0, x1, y1 in items:
        if any(c[3] + gap < y0 for c in active):
            # regions ending above this box's reach meet no later box (boxes come down the page)
            done.extend(c for c in active if c[3] + gap < y0)
            active = [c for c in active if c[3] + gap >= y0]
        hit: list[float] | None = None
        for c in list(active):
            if x0 - gap > c[2] or c[0] > x1 + gap:
                continue
            if hit is None:
                hit = c
                c[0], c[2], c[3], c[4] = min(c[0], x0), max(c[2], x1), max(c[3], y1), c[4] + 1
            else:
                hit[0], hit[1], hit[2], hit[3] = (
                    min(hit[0], c[0]),
                    min(hit[1], c[1]),
                    max(hit[2], c[2]),
                    max(hit[3], c[3]),
                )
                hit[4] += c[4]
                active.remove(c)
        if hit is None:
            active.append([x0, y0, x1, y1, 1])
    return _merge_touching(done + active, gap)


def _merge_touching(regions: list[list[float]], gap: float) -> list[list[float]]:
    """Regions merged until no two lie within ``gap`` of each other (a sweep's growing regions
    may come to touch one it had set aside)."""
    merged = True
    while merged and len(regions) > 1:
        merged = False
        out: list[list[float]] = []
        for c in regions:
            for o in out:
                if c[0] - gap <= o[2] and o[0] <= c[2] + gap and c[1] - gap <= o[3] and o[1] <= c[3] + gap:
                    o[0], o[1], o[2], o[3] = min(o[0], c[0]), min(o[1], c[1]), max(o[2], c[2]), max(o[3], c[3])
                    o[4] += c[4]
                    merged = True
                    break
            else:
                out.append(c)
        regions = out
    return regions


def text_on_fills(
    regions: tuple[Drawing, ...], fills: list[FillRun], art: list[Box], lines: list[TextLine]
) -> tuple[Drawing, ...]:
    """The regions with their ``on_fills`` counted: lines with a letter whose centre lies on a
    cell, a filled rectangle (not white) inside the region, smaller than half of it, with no other
    art (``art``: the page's painted paths) drawn on it (a chart's plot panel has its curves).
    Needs the page loaded (fill outlines)."""
    out = []
    bare: dict[int, bool] = {}
    for d in regions:
        r = d.bbox
        half = (r.x1 - r.x0) * (r.y1 - r.y0) / 2
        held = [
            f
            for f in fills
            if r.x0 - 1 <= f.box.x0
            and f.box.x1 <= r.x1 + 1
            and r.y0 - 1 <= f.box.y0
            and f.box.y1 <= r.y1 + 1
            and (f.box.x1 - f.box.x0) * (f.box.y1 - f.box.y0) < half
            and min(f.color[:3]) < WHITE_MIN  # white on white paper shades nothing
        ]
        n = 0
        rects: list[FillRun] | None = None
        for ln in lines if held else ():
            cx, cy = (ln.bbox.x0 + ln.bbox.x1) / 2, (ln.bbox.y0 + ln.bbox.y1) / 2
            if not (r.x0 <= cx <= r.x1 and r.y0 <= cy <= r.y1) or not any(c.isalpha() for c in ln.text):
                continue  # (a bar's value label, a number, is no cell's text)
            if rects is None:
                rects = [f for f in held if fill_coverage(f) >= RECT_COVERAGE]
            for f in rects:
                b = f.box
                if b.x0 <= cx <= b.x1 and b.y0 <= cy <= b.y1:
                    if id(f) not in bare:
                        bare[id(f)] = not any(_drawn_on(a, b) for a in art)
                    if bare[id(f)]:
                        n += 1
                        break
        out.append(attrs.evolve(d, on_fills=n) if n else d)
    return tuple(out)


def _drawn_on(a: Box, b: Box) -> bool:
    """Art ``a`` lies on the rectangle ``b`` and is not ``b`` itself (nor its outline)."""
    inside = b.x0 - 0.5 <= a.x0 and a.x1 <= b.x1 + 0.5 and b.y0 - 0.5 <= a.y0 and a.y1 <= b.y1 + 0.5
    return inside and (a.x1 - a.x0) * (a.y1 - a.y0) < 0.9 * (b.x1 - b.x0) * (b.y1 - b.y0)


#: A bullet drawn as art: a filled shape MARK_MIN to MARK_MAX points a side, its sides within
#: MARK_SQUARE of each other, dark (each channel at most MARK_DARK) and grey (channels within
#: MARK_GREY of each other) or round (its outline covering at most MARK_ROUND of its box: a disc
#: in a colour, a brand's bullet; a chart's colour swatches are squares, no bullets), or a
#: square in a colour drawn SWATCH_SAME times at least at one size (a list's bullets are alike;
#: a chart's swatches each have a colour of their own), or a shape in a bright colour (a channel
#: above MARK_DARK, its luminance, 0.299 R + 0.587 G + 0.114 B, at most MARK_DARK, or its
#: channels MARK_CHROMA apart at least: an orange, a gold, not a pale tint) drawn SWATCH_SAME
#: times at least at one size, its box then the square of as much ink (a diamond's smaller than
#: its box); at most MAX_MARKS a page.
MARK_MIN = 2.0
MARK_MAX = 8.0
MARK_SQUARE = 0.3
MARK_DARK = 160
MARK_GREY = 40
MARK_CHROMA = 128
MARK_ROUND = 0.95
SWATCH_SAME = 2
MAX_MARKS = 200


def _inked(mark: Box, cover: float) -> Box:
    """``mark`` shrunk about its centre to the square holding as much ink as its shape (``cover``
    of its box): a diamond's is its box's side over the square root of two."""
    k = math.sqrt(cover)
    cx, cy = (mark.x0 + mark.x1) / 2, (mark.y0 + mark.y1) / 2
    hw, hh = k * (mark.x1 - mark.x0) / 2, k * (mark.y1 - mark.y0) / 2
    return Box(round(cx - hw, 2), round(cy - hh, 2), round(cx + hw, 2), round(cy + hh, 2))


def bullet_marks(fills: list[FillRun], width: float, height: float) -> tuple[Box, ...]:
    """The small dark filled shapes among a page's ``fills`` that may be drawn list bullets
    (page space, top to bottom), each once (the page loaded: a coloured one's outline is read)."""
    out: dict[tuple[float, float], Box] = {}
    squares: dict[tuple[object, ...], dict[tuple[float, float], Box]] = {}  # coloured, by colour and size
    for f in fills:
        b = f.box
        w, h = b.x1 - b.x0, b.y1 - b.y0
        if not (MARK_MIN <= w <= MARK_MAX and MARK_MIN <= h <= MARK_MAX) or abs(w - h) > MARK_SQUARE * max(w, h):
            continue
        r, g, bl, a = f.color
        dark = max(r, g, bl) <= MARK_DARK
        pale = 0.299 * r + 0.587 * g + 0.114 * bl > MARK_DARK and max(r, g, bl) - min(r, g, bl) < MARK_CHROMA
        if a == 0 or (not dark and pale):
            continue
        if b.x0 < 0.0 or b.y0 < 0.0 or b.x1 > width or b.y1 > height:
            continue
        at = (round(b.x0, 1), round(b.y0, 1))
        mark = Box(*(round(v, 2) for v in (b.x0, b.y0, b.x1, b.y1)))
        if not dark or (max(r, g, bl) - min(r, g, bl) > MARK_GREY and fill_coverage(f) > MARK_ROUND):
            if not dark and 0 < (cover := fill_coverage(f)) < MARK_ROUND:
                mark = _inked(mark, cover)  # (a diamond, a disc: the square of as much ink)
            squares.setdefault((f.color, round(w), round(h)), {}).setdefault(at, mark)
            continue
        out.setdefault(at, mark)
        if len(out) >= MAX_MARKS:
            break
    for alike in squares.values():
        if len(alike) >= SWATCH_SAME:
            for at, mark in alike.items():
                if len(out) < MAX_MARKS:
                    out.setdefault(at, mark)
    return tuple(sorted(out.values(), key=lambda m: (m.y0, m.x0)))
