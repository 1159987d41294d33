"""An axis: the tick labels along one edge of a plot box, pinned to the tick marks or gridlines
they annotate, read as numbers (calibrated into a scale) or as category names, with its title.
"""

from __future__ import annotations

import itertools
import re

from attrs import evolve, frozen

from pdfcore.charts.calibration import Failure, Scale, Tick, calibrate
from pdfcore.charts.labels import Label
from pdfcore.charts.numbers import Reading, resolve_axis
from pdfcore.charts.primitives import PageGeometry, Seg
from pdfcore.models import Box

#: Longest drawn tick mark, points.
MAX_TICK = 10.0


#: Fraction of the box a set of tick labels must span (per axis).
MIN_TICK_SPAN = 0.3


DRAWN_MINUS = "a tick label's minus sign is drawn, not typed (the sign cannot be read as text)"


LOG_TITLE = re.compile(r"\blog(arithmic)?\b|log[- ]?scale", re.IGNORECASE)


@frozen
class AxisReading:
    """The labels along one edge of a plot box and what they say."""

    side: str  # "bottom" | "left" | "right"
    labels: tuple[Label, ...]
    scale: Scale | None = None
    #: Category names with their positions along the axis, for a categorical axis.
    categories: tuple[tuple[str, float], ...] = ()
    failure: str | None = None
    verify: str | None = None
    title: str | None = None
    title_box: Box | None = None
    #: Labels pinned to a drawn tick mark or gridline.
    matched: int = 0
    #: Of those, labels pinned to a tick mark touching the edge.
    on_marks: int = 0
    #: Labels left out as locale-ambiguous.
    dropped_ambiguous: tuple[str, ...] = ()

    @property
    def numeric(self) -> bool:
        return self.scale is not None

    @property
    def categorical(self) -> bool:
        return bool(self.categories)


def _band(label: Label) -> float:
    return 4.0 + 2.2 * max(label.size, 4.0)


def _side_labels(labels: tuple[Label, ...], box: Box, side: str) -> list[Label]:
    found: list[Label] = []
    for lab in labels:
        b = lab.box
        if side == "bottom":
            if b.y0 < box.y1 - 1.5 or b.y0 > box.y1 + _band(lab):
                continue
            half = (b.x1 - b.x0) / 2.0 + 4.0
            if not box.x0 - half <= lab.cx <= box.x1 + half:
                continue
        elif side in ("left", "right"):
            if not lab.horizontal:
                continue
            if side == "left" and (b.x1 > box.x0 + 1.5 or b.x1 < box.x0 - _band(lab)):
                continue
            if side == "right" and (b.x0 < box.x1 - 1.5 or b.x0 > box.x1 + _band(lab)):
                continue
            half = (b.y1 - b.y0) / 2.0 + 3.0
            if not box.y0 - half <= lab.cy <= box.y1 + half:
                continue
        found.append(lab)
    if not found:
        return []
    # Keep the row (column) nearest the edge: tick labels, not a title further out.
    if side == "bottom":
        near = min(lab.box.y0 for lab in found)
        return sorted((lab for lab in found if lab.box.y0 <= near + 0.6 * lab.size), key=lambda lab: lab.cx)
    if side == "left":
        near = max(lab.box.x1 for lab in found)
        return sorted((lab for lab in found if lab.box.x1 >= near - 0.6 * lab.size), key=lambda lab: lab.cy)
    near = min(lab.box.x0 for lab in found)
    return sorted((lab for lab in found if lab.box.x0 <= near + 0.6 * lab.size), key=lambda lab: lab.cy)


def _marks(geo: PageGeometry, box: Box, side: str) -> tuple[list[float], list[float], set[int], list[Seg]]:
    """Tick-mark positions touching the edge, gridline positions across the box, the marks' orders
    and the gridline segments (decoration only where they pin a label or lie on the frame)."""
    marks: list[float] = []
    grid: list[float] = []
    orders: set[int] = set()
    gridlines: list[Seg] = []
    if side == "bottom":
        edge, lo, hi, extent = box.y1, box.x0, box.x1, box.height
        segs = geo.vsegs
    else:
        edge = box.x0 if side == "left" else box.x1
        lo, hi, extent = box.y0, box.y1, box.width
        segs = geo.hsegs
    for s in segs:
        if not lo - 1.0 <= s.at <= hi + 1.0:
            continue
        touches = abs(s.a - edge) <= 1.0 or abs(s.b - edge) <= 1.0
        if touches and s.lone and 0.8 <= s.length <= MAX_TICK:
            marks.append(s.at)
            orders.add(s.order)
        elif s.lone and s.length >= 0.6 * extent:
            # A gridline (or the frame's own side, which also pins a label at the edge).
            inner = (
                (box.y0 - 1.5 <= s.a and s.b <= box.y1 + 1.5)
                if side == "bottom"
                else (box.x0 - 1.5 <= s.a and s.b <= box.x1 + 1.5)
            )
            if inner:
                grid.append(s.at)
                gridlines.append(s)
    return marks, grid, orders, gridlines


def _match(labels: list[Label], positions: list[float], side: str) -> dict[int, float]:
    """Label index -> pinned position, greedy by distance, one label per position."""
    pairs: list[tuple[float, int, float]] = []
    for i, lab in enumerate(labels):
        if side == "bottom":
            anchors = [lab.cx] if lab.horizontal else [lab.cx, lab.box.x1, lab.box.x0]
            extent = lab.box.x1 - lab.box.x0
        else:
            anchors = [lab.cy]
            extent = lab.box.y1 - lab.box.y0
        tol = max(0.5 * extent + 1.0, 2.5) if lab.horizontal or side != "bottom" else max(0.5 * extent + 1.0, 4.0)
        for p in positions:
            d = min(abs(p - a) for a in anchors)
            if d <= tol:
                pairs.append((d, i, p))
    pairs.sort()
    used_l: set[int] = set()
    used_p: set[float] = set()
    out: dict[int, float] = {}
    for _d, i, p in pairs:
        if i in used_l or p in used_p:
            continue
        used_l.add(i)
        used_p.add(p)
        out[i] = p
    return out


def _phrase_of(lab: Label, plabels: list[Label]) -> Label:
    """The phrase (words of one line) containing ``lab``; the label itself when there is none."""
    for ph in plabels:
        b = ph.box
        if (
            ph.horizontal
            and b.x0 - 0.5 <= lab.box.x0
            and lab.box.x1 <= b.x1 + 0.5
            and b.y0 - 0.5 <= lab.box.y0
            and lab.box.y1 <= b.y1 + 0.5
            and lab.text in ph.text
        ):
            return ph
    return lab


def _drawn_minus(geo: PageGeometry, box: Box, labels: list[Label]) -> bool:
    """A thin horizontal stroke or bar beside a number where a minus sign would be typeset."""
    for s in geo.hsegs:
        for lab in labels:
            size = max(lab.size, 4.0)
            if not 0.15 * size <= s.length <= 0.9 * size or s.width > 0.2 * size:
                continue
            if (
                abs(s.a - box.x0) <= 1.0
                or abs(s.b - box.x1) <= 1.0
                or abs(s.b - box.x0) <= 1.0
                or abs(s.a - box.x1) <= 1.0
            ):
                continue  # a tick mark on the frame
            if not lab.box.y0 - 0.6 * size <= s.at <= lab.box.y1:
                continue
            # A typeset minus hugs its digits: the gap is a fraction of the font size.
            before = lab.box.x0 - 0.3 * size <= s.b <= lab.box.x0 + 0.1 * size
            after_base = lab.box.x1 - 0.1 * size <= s.a <= lab.box.x1 + 0.3 * size and s.at < lab.cy
            if before or after_base:
                return True
    return False


def _title(plabels: list[Label], box: Box, side: str, reading: list[Label]) -> tuple[str | None, Box | None]:
    """The axis title next to the tick labels: a short label, never a sentence or caption."""
    used = {id(lab) for lab in reading}
    if side == "bottom":
        floor = max((lab.box.y1 for lab in reading), default=box.y1)
        cands = [
            p
            for p in plabels
            if p.horizontal
            and id(p) not in used
            and floor - 1.0 <= p.box.y0 <= floor + 3.0 * p.size
            and box.x0 - 10 <= p.cx <= box.x1 + 10
        ]
        cands.sort(key=lambda p: p.box.y0)
    else:
        if side == "left":
            edge = min((lab.box.x0 for lab in reading), default=box.x0)
            cands = [p for p in plabels if p.vertical and edge - 3.0 * p.size <= p.box.x1 <= edge + 1.0]
            cands.sort(key=lambda p: -p.box.x1)
        else:
            edge = max((lab.box.x1 for lab in reading), default=box.x1)
            cands = [p for p in plabels if p.vertical and edge - 1.0 <= p.box.x0 <= edge + 3.0 * p.size]
            cands.sort(key=lambda p: p.box.x0)
        cands = [p for p in cands if box.y0 - 10 <= p.cy <= box.y1 + 10]
    for p in cands[:1]:
        text = p.text.strip()
        words = text.split()
        if not text or len(text) > 60 or len(words) > 8:
            return None, None
        if re.match(r"^(fig(ure)?|table)\b", text, re.IGNORECASE) or (text.endswith(".") and len(words) > 3):
            return None, None
        return text, p.box
    return None, None


def read_side(
    geo: PageGeometry, plabels: list[Label], box: Box, side: str, pool: tuple[Label, ...] | None = None
) -> tuple[AxisReading | None, set[int]]:
    labels = _side_labels(geo.labels if pool is None else pool, box, side)
    marks, grid, orders, gridlines = _marks(geo, box, side)
    lo_edge, hi_edge = (box.x0, box.x1) if side == "bottom" else (box.y0, box.y1)
    # Gridlines on the frame are decoration whatever the labels say.
    orders |= {g.order for g in gridlines if abs(g.at - lo_edge) <= 1.0 or abs(g.at - hi_edge) <= 1.0}
    if not labels:
        return None, orders
    texts = [lab.text for lab in labels]
    readings: list[Reading] = resolve_axis(texts)
    n_num = sum(1 for r in readings if r.value is not None)
    n_amb = sum(1 for r in readings if r.ambiguous and r.value is None)
    n_text = len(labels) - n_num - n_amb
    positions = sorted(set(marks) | set(grid))
    pinned = _match(labels, positions, side)
    used_positions = set(pinned.values())
    # A gridline pinning a label is decoration; a long line elsewhere may be data (a threshold).
    orders |= {g.order for g in gridlines if g.at in used_positions}
    mark_set = set(marks)
    on_marks = sum(1 for p in pinned.values() if p in mark_set)
    title, title_box = _title(plabels, box, side, labels)
    extent = box.width if side == "bottom" else box.height
    if n_num + n_amb >= max(1, n_text):
        ticks: list[Tick] = []
        for i, (lab, r) in enumerate(zip(labels, readings)):
            if r.value is None:
                continue
            pos = pinned.get(i)
            exact = pos is not None
            if pos is None:
                pos = lab.cx if side == "bottom" else lab.cy
            ticks.append(Tick(lab.text, r.value, pos, exact, lab.superscript))
        exact_ticks = [t for t in ticks if t.exact]
        use = exact_ticks if len(exact_ticks) >= 3 else ticks
        dropped = tuple(lab.text for lab, r in zip(labels, readings) if r.ambiguous and r.value is None)
        base = AxisReading(
            side,
            tuple(labels),
            matched=len(exact_ticks),
            on_marks=on_marks,
            title=title,
            title_box=title_box,
            dropped_ambiguous=dropped,
        )
        if _drawn_minus(geo, box, labels):
            return evolve(base, failure=DRAWN_MINUS), orders
        fit = calibrate(use)
        if isinstance(fit, Failure):
            reason = fit.reason
            if dropped:
                reason = f"locale-ambiguous tick labels dropped ({', '.join(dropped[:3])}); {reason}"
            return evolve(base, failure=reason), orders
        lo, hi = fit.pos_range
        if hi - lo < MIN_TICK_SPAN * extent:
            return evolve(base, failure="tick labels cover too little of the axis"), orders
        verify = None
        if any(t.superscript for t in fit.ticks):
            verify = (
                "tick labels were read from superscript/exponent geometry (e.g. 10^-6, 2^19): confirm the "
                "exponents and their signs against the render before relying on these values"
            )
        elif fit.marginal:
            verify = f"marginal calibration fit (worst tick residual {fit.residual:.2%} of the axis span)"
        if fit.kind == "linear" and title and LOG_TITLE.search(title):
            return evolve(base, failure="the axis title declares a log scale but the ticks calibrate linear"), orders
        return evolve(base, scale=fit, verify=verify), orders
    if side == "right":
        return None, orders
    # Category names: at least two short labels spread along the axis (a lone label, or a
    # sentence, is a title or a caption, not an axis).
    # A category name may be several words: take the whole phrase each label belongs to.
    names: dict[int, tuple[Label, list[int]]] = {}
    for i, lab in enumerate(labels):
        phrase = _phrase_of(lab, plabels) if lab.horizontal else lab
        names.setdefault(id(phrase), (phrase, []))[1].append(i)
    if len(names) < 2 or any(len(ph.text) > 80 or len(ph.text.split()) > 12 for ph, _ in names.values()):
        return None, orders
    cats: list[tuple[str, float]] = []
    matched = 0
    for phrase, members in names.values():
        pins = [pinned[i] for i in members if i in pinned]
        if pins:
            matched += 1
            pos = pins[0]
        else:
            pos = phrase.cx if side == "bottom" else phrase.cy
        cats.append((phrase.text, pos))
    cats.sort(key=lambda c: c[1])
    spread = cats[-1][1] - cats[0][1]
    if spread < MIN_TICK_SPAN * extent or any(b[1] - a[1] < 2.0 for a, b in itertools.pairwise(cats)):
        return None, orders
    if len({c[0] for c in cats}) != len(cats):
        return None, orders
    return AxisReading(
        side,
        tuple(labels),
        categories=tuple(cats),
        matched=matched,
        on_marks=on_marks,
        title=title,
        title_box=title_box,
    ), orders
