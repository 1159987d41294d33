"""From glyphs to labels: the short pieces of text a chart is annotated with.

Horizontal glyphs are joined left to right while they sit on one baseline with a small gap. A
smaller glyph raised above the baseline right after a label becomes its superscript: ``10`` then
a raised ``−4`` reads ``10^−4`` (how plotting libraries typeset powers; the exponent is usually a
separate text object). Rotated text (axis titles, slanted category names) keeps one label per
text object.

Labels are split at word gaps; :func:`phrases` joins labels of one line back into phrases
(legend entries, titles).
"""

from __future__ import annotations

from attrs import frozen

from pdfcore.models import Box
from pdfcore.vectors import Color, Glyph, TextRun

#: Gap (fraction of the font size) beyond which two glyphs are separate labels.
WORD_GAP = 0.42
#: Gap beyond which two labels are separate phrases.
PHRASE_GAP = 1.2


@frozen
class Label:
    """A short run of text: one tick label, one word of a title."""

    text: str
    box: Box
    #: Base font size (of the non-superscript part), points.
    size: float
    angle: float
    color: Color
    order: int
    #: Part of the text was read from superscript geometry (raised smaller glyphs).
    superscript: bool = False

    @property
    def cx(self) -> float:
        return (self.box.x0 + self.box.x1) / 2.0

    @property
    def cy(self) -> float:
        return (self.box.y0 + self.box.y1) / 2.0

    @property
    def horizontal(self) -> bool:
        return self.angle < 2.0 or self.angle > 358.0

    @property
    def vertical(self) -> bool:
        return abs(self.angle - 90.0) < 2.0 or abs(self.angle - 270.0) < 2.0


class _Open:
    __slots__ = ("base_line", "base_size", "box", "chars", "color", "in_sup", "last", "order", "sup", "sup_line")

    def __init__(self, g: Glyph, order: int) -> None:
        self.chars = [g.char]
        self.box = [g.box.x0, g.box.y0, g.box.x1, g.box.y1]
        self.base_line = g.origin[1]
        self.base_size = g.size
        self.last = g
        self.color = g.color
        self.order = order
        self.sup = False
        self.in_sup = False
        self.sup_line = 0.0

    def add(self, g: Glyph, *, sup: bool) -> None:
        if sup and not self.in_sup:
            self.chars.append("^")
            self.in_sup = True
            self.sup = True
            self.sup_line = g.origin[1]
        elif g.space_before:
            self.chars.append(" ")  # an inter-word space (spaces are not glyphs here)
        self.chars.append(g.char)
        b = self.box
        b[0], b[1], b[2], b[3] = min(b[0], g.box.x0), min(b[1], g.box.y0), max(b[2], g.box.x1), max(b[3], g.box.y1)
        self.last = g

    def accepts(self, g: Glyph) -> str | None:
        """'base', 'sup' or None: how ``g`` would continue this label."""
        last = self.last
        size = max(self.base_size, 1e-6)
        gap = g.box.x0 - last.box.x1
        if gap > WORD_GAP * max(size, g.size) or gap < -0.6 * size:
            return None
        if self.in_sup:
            if abs(g.origin[1] - self.sup_line) <= 0.2 * size and g.size < 0.9 * size:
                return "sup"
            return None
        if abs(g.origin[1] - self.base_line) <= 0.18 * size and 0.8 <= g.size / size <= 1.25:
            return "base"
        raised = self.base_line - g.origin[1]
        if g.size <= 0.88 * size and 0.2 * size <= raised <= 0.85 * size:
            return "sup"
        return None

    def label(self) -> Label:
        text = "".join(self.chars)
        return Label(
            text=text,
            box=Box(*self.box),
            size=self.base_size,
            angle=0.0,
            color=self.color,
            order=self.order,
            superscript=self.sup,
        )


def build_labels(runs: tuple[TextRun, ...] | list[TextRun]) -> list[Label]:
    """The page's labels, horizontal ones assembled from glyphs, rotated ones one per run."""
    flat: list[tuple[Glyph, int]] = []
    out: list[Label] = []
    for run in runs:
        if not run.glyphs:
            continue
        if run.angle < 2.0 or run.angle > 358.0:
            flat.extend((g, run.order) for g in run.glyphs if g.angle < 2.0 or g.angle > 358.0)
        else:
            text = run.text.strip()
            if text:
                out.append(Label(text, run.box, run.size, run.angle, run.color, run.order))
    flat.sort(key=lambda item: (item[0].box.x0, item[0].origin[1]))
    # Open labels bucketed by baseline so each glyph checks only its neighbours.
    buckets: dict[int, list[_Open]] = {}
    done: list[_Open] = []

    def bucket(y: float) -> int:
        return int(y // 4.0)

    for g, order in flat:
        best: _Open | None = None
        best_kind = ""
        best_gap = float("inf")
        reach = max(1, int(g.size // 4.0) + 1)
        key = bucket(g.origin[1])
        for k in range(key - 1, key + reach + 1):
            open_here = buckets.get(k)
            if not open_here:
                continue
            # Glyphs come in x order: a label ending well left of this glyph is finished.
            if any(o.last.box.x1 < g.box.x0 - 2.0 * max(o.base_size, g.size) for o in open_here):
                open_here = [o for o in open_here if o.last.box.x1 >= g.box.x0 - 2.0 * max(o.base_size, g.size)]
                buckets[k] = open_here
            for cand in open_here:
                kind = cand.accepts(g)
                if kind is None:
                    continue
                gap = abs(g.box.x0 - cand.last.box.x1)
                if gap < best_gap:
                    best, best_kind, best_gap = cand, kind, gap
        if best is not None:
            best.add(g, sup=best_kind == "sup")
            continue
        new = _Open(g, order)
        buckets.setdefault(key, []).append(new)
        done.append(new)
    out.extend(o.label() for o in done)
    out.sort(key=lambda lab: (lab.order, lab.box.x0))
    return out


def phrases(labels: list[Label]) -> list[Label]:
    """Horizontal labels of one line joined across word gaps (legend entries, titles)."""
    horiz = sorted((lab for lab in labels if lab.horizontal), key=lambda lab: lab.box.y1)
    lines: list[list[Label]] = []
    for lab in horiz:
        if lines and abs(lab.box.y1 - lines[-1][0].box.y1) <= 0.3 * max(lines[-1][0].size, 1.0):
            lines[-1].append(lab)
        else:
            lines.append([lab])
    out: list[Label] = []
    for line in lines:
        line.sort(key=lambda lab: lab.box.x0)
        parts = [line[0]]
        for nxt in line[1:]:
            last = parts[-1]
            gap = nxt.box.x0 - last.box.x1
            if -0.5 <= gap <= PHRASE_GAP * max(last.size, nxt.size) and abs(nxt.size - last.size) <= 0.2 * last.size:
                parts.append(nxt)
            else:
                out.append(_join(parts))
                parts = [nxt]
        out.append(_join(parts))
    out.extend(lab for lab in labels if not lab.horizontal)
    return out


def _join(parts: list[Label]) -> Label:
    first = parts[0]
    return Label(
        text=" ".join(p.text for p in parts),
        box=Box(
            min(p.box.x0 for p in parts),
            min(p.box.y0 for p in parts),
            max(p.box.x1 for p in parts),
            max(p.box.y1 for p in parts),
        ),
        size=first.size,
        angle=0.0,
        color=first.color,
        order=first.order,
        superscript=any(p.superscript for p in parts),
    )
