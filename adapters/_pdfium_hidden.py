"""Hidden text on a page, from pdfium's object walk: runs a reader of the page cannot see
(invisible render mode, tiny, transparent, white on white, off the page) become ``HiddenSpan``
records, benign invisible layers (a scan's OCR text, a duplicate text layer) are told apart, and
visible text painted over afterwards (a failed redaction) is counted. Thresholds: see
docs/extraction.md; ``TINY_FONT_PT`` and ``WHITE_MIN`` also decide which runs the object walk
keeps as plain text."""

from __future__ import annotations

from typing import Any

from adapters._pdfium import PageSpace
from adapters._pdfium_objects import (
    TINY_FONT_PT,
    WHITE_MIN,
    PageObjects,
    TextRun,
    fill_coverage,
    in_printers_margin,
    run_text,
    share_inside,
    visible_runs,
)
from pdfcore.models import Box, HiddenSpan

__all__ = ["MIN_HIDDEN_CHARS", "OFFPAGE_MIN_OUTSIDE", "covered_by_fill", "hidden_spans"]

MIN_HIDDEN_CHARS = 4
OFFPAGE_MIN_OUTSIDE = 0.95


def _overlap_fraction(a: Box, b: Box) -> float:
    """Share of ``a``'s area inside ``b``."""
    return share_inside(a.x0, a.y0, a.x1, a.y1, b)


def _reasons(run: TextRun, objects: PageObjects, space: PageSpace, text_of: Any, notes: set[str]) -> list[str]:
    reasons: list[str] = []
    mode = run.render_mode
    invisible = mode in (3, 7)
    if invisible:
        benign = _benign_invisible(run, objects, text_of)
        if benign is None:
            reasons.append("invisible_render")
        else:
            notes.add(benign)
    if 0 < run.font_size < TINY_FONT_PT:
        reasons.append("tiny_font")
    paints_fill = mode in (0, 2, 4, 6)
    paints_stroke = mode in (1, 2, 5, 6)
    if not invisible:
        alpha_fill = run.fill[3] if paints_fill else 0
        alpha_stroke = run.stroke[3] if paints_stroke else 0
        if alpha_fill == 0 and alpha_stroke == 0:
            reasons.append("transparent")
        elif paints_fill and not paints_stroke and _is_white(run.fill) and not _has_dark_background(run, objects):
            reasons.append("white_on_white")
    # Off the page: beyond the media box (text in the printer's margin between the crop and
    # media boxes is crop marks and slugs, handled as outside_crop_text).
    if _outside(run.box, space.media):
        reasons.append("offpage")
    return reasons


def _outside(box: Box, area: Box) -> bool:
    if box.width <= 0 or box.height <= 0:
        return not (area.x0 <= box.x0 <= area.x1 and area.y0 <= box.y0 <= area.y1)
    return 1.0 - _overlap_fraction(box, area) >= OFFPAGE_MIN_OUTSIDE


def _benign_invisible(run: TextRun, objects: PageObjects, text_of: Any) -> str | None:
    """Why an invisible run is benign ("ocr_layer" / "duplicate_text_layer"), or None.

    - OCR layer: invisible text over a raster image covering it (a searchable scan).
    - Duplicate layer: invisible text lying over visible text that says the same thing.
    Invisible text over visible text that says something else is not exempt.
    """
    if any(_overlap_fraction(run.box, img.box) >= 0.9 for img in objects.images):
        return "ocr_layer"
    under = [
        (order, obj)
        for order, x0, y0, x1, y1, obj in visible_runs(objects)
        if _overlap_fraction(run.box, Box(x0, y0, x1, y1)) >= 0.5
    ]
    if not under:
        return None
    hidden_text = _norm(text_of(run.order, run.raw))
    visible_text = _norm("".join(text_of(order, obj) for order, obj in under))
    if not hidden_text or hidden_text in visible_text or _similar(hidden_text, visible_text) >= 0.9:
        return "duplicate_text_layer"
    return None


def covered_by_fill(objects: PageObjects, space: PageSpace) -> int:
    """Visible text runs painted over afterwards by an opaque shape or image (failed redaction).

    Counted for solid fills (the outline covers at least 90 % of its box) and images drawn after
    the text and covering at least 90 % of it; the work is bounded on pages with many shapes.
    """
    covers: list[tuple[int, Box, Any]] = [
        (f.order, f.box, f)
        for f in objects.fills
        if f.color[3] == 255 and f.box.width * f.box.height >= 20.0 and f.box.width < space.width * 0.98
    ][:400]
    covers += [(img.order, img.box, None) for img in objects.images][:100]
    if not covers:
        return 0
    covers.sort(key=lambda c: c[0])  # in drawing order: a run can only be covered by the later ones
    count = len(covers)
    first = 0  # the first cover drawn after the current run (runs come in drawing order)
    n = 0
    for k, (run_order, x0, y0, x1, y1, _) in enumerate(visible_runs(objects)):
        while first < count and covers[first][0] <= run_order:
            first += 1
        if k >= 5000 or first == count:
            break
        if x1 <= x0 or y1 <= y0:
            continue
        need = 0.9 * (x1 - x0) * (y1 - y0)  # _overlap_fraction(run.box, box) >= 0.9, inlined
        if need <= 0.9e-9:
            continue
        for _, box, fill in covers[first:] if first else covers:
            w = (x1 if x1 < box.x1 else box.x1) - (x0 if x0 > box.x0 else box.x0)
            if w <= 0:
                continue
            h = (y1 if y1 < box.y1 else box.y1) - (y0 if y0 > box.y0 else box.y0)
            if h > 0 and w * h >= need and (fill is None or fill_coverage(fill) >= 0.9):
                n += 1
                break
    return n


def _norm(text: str) -> str:
    return "".join(text.split()).lower()


def _similar(a: str, b: str) -> float:
    import difflib

    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def _is_white(color: tuple[int, int, int, int]) -> bool:
    return color[0] >= WHITE_MIN and color[1] >= WHITE_MIN and color[2] >= WHITE_MIN


def _has_dark_background(run: TextRun, objects: PageObjects) -> bool:
    """True when something non-white drawn before the text covers most of it."""
    for fill in objects.fills:
        if (
            fill.order < run.order
            and not _is_white(fill.color)
            and _overlap_fraction(run.box, fill.box) >= 0.6
            and fill_coverage(fill) >= 0.5
        ):
            return True
    return any(img.order < run.order and _overlap_fraction(run.box, img.box) >= 0.6 for img in objects.images)


def hidden_spans(
    raw: Any, textpage: Any, objects: PageObjects, space: PageSpace, index: int, notes: set[str]
) -> tuple[HiddenSpan, ...]:
    spans: list[HiddenSpan] = []
    current: tuple[tuple[str, ...], list[str], Box, float, float, list[Box]] | None = None
    cache: dict[int, str] = {}

    def text_of(order: int, obj: Any) -> str:
        if order not in cache:
            cache[order] = run_text(raw, textpage.raw, obj)
        return cache[order]

    after = -1
    for run in objects.texts:  # plain runs (objects.plain) are never hidden...
        b = run.box
        if current and run.after != after:
            # ...and one drawn between two hidden runs ends the span
            spans.append(_span(index, current))
            current = None
        after = run.after
        in_margin = in_printers_margin(b.x0, b.y0, b.x1, b.y1, space)  # (the visible ones are plain)
        # Printer's-margin text (outside the crop box, inside the media box) is left out of the
        # page text altogether (outside_crop_text), so it cannot reach a reader of the text.
        reasons = () if in_margin else tuple(_reasons(run, objects, space, text_of, notes))
        if not reasons:
            if current:
                spans.append(_span(index, current))
                current = None
            continue
        text = text_of(run.order, run.raw)
        opacity = round((run.fill[3] if run.render_mode not in (1, 5) else run.stroke[3]) / 255.0, 3)
        if current and current[0] == reasons:
            reasons_, texts, box, size, op, parts = current
            texts.append(text)
            parts.append(run.box)
            current = (
                reasons_,
                texts,
                Box(min(box.x0, run.box.x0), min(box.y0, run.box.y0), max(box.x1, run.box.x1), max(box.y1, run.box.y1)),
                min(size, run.font_size),
                min(op, opacity),
                parts,
            )
        else:
            if current:
                spans.append(_span(index, current))
            current = (reasons, [text], run.box, run.font_size, opacity, [run.box])
    if current:
        spans.append(_span(index, current))
    return tuple(s for s in spans if sum(1 for ch in s.text if not ch.isspace()) >= MIN_HIDDEN_CHARS)


def _span(index: int, cur: tuple[tuple[str, ...], list[str], Box, float, float, list[Box]]) -> HiddenSpan:
    reasons, texts, box, size, opacity, parts = cur
    return HiddenSpan(
        page=index + 1,
        reasons=reasons,
        text="".join(texts).strip(),
        bbox=box,
        font_size=round(size, 2),
        opacity=opacity,
        parts=tuple(parts),
    )
