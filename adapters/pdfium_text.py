"""TextExtractor on pdfium: document facts, page text in lines (boxes, font facts), images,
rules and table evidence, regions of vector art; hidden text is told apart in :mod:`adapters._pdfium_hidden`.

The page's lines are read by :mod:`adapters._pdfium_lines`, which cuts a pdfium line holding
several rows with :mod:`adapters._pdfium_rows` and measures the gaps between cells with
:mod:`adapters._pdfium_gaps`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from typing import Any

from adapters._pdfium import PageSpace, check_page, load_engine, pdfium_document
from adapters._pdfium_annots import LazyTextPage, read_page_annotations
from adapters._pdfium_drawings import bullet_marks, drawing_regions, text_on_fills
from adapters._pdfium_fonts import LineFonts, page_roles
from adapters._pdfium_hidden import covered_by_fill, hidden_spans
from adapters._pdfium_lines import read_lines
from adapters._pdfium_objects import PageObjects, walk
from adapters._pdfium_ruled import gutter_rules
from pdfcore.models import (
    Box,
    DocumentFacts,
    DocumentSource,
    ImageInfo,
    OutlineEntry,
    PageAnnotations,
    PageInfo,
    PageText,
)
from ports.text_extractor import TextExtractor

log = logging.getLogger(__name__)

_META_KEYS = {
    "Title": "title",
    "Author": "author",
    "Subject": "subject",
    "Keywords": "keywords",
    "Creator": "creator",
    "Producer": "producer",
    "CreationDate": "creation_date",
    "ModDate": "mod_date",
}
_MAX_OUTLINE = 20_000


# Table evidence kept on each page (see pdfcore.services.table_regions).
MAX_RULES = 400
#: Pages with at most this many annotations have their links and annotations read with the
#: text (the page and its text are loaded already); the others are read by the extras adapter
#: when asked.
ANNOTATIONS_WITH_TEXT = 500
RULE_SNAP = 1.0


class PdfiumTextExtractor(TextExtractor):
    """Reads structure and text with pdfium (pypdfium2)."""

    name = "pdfium"

    def __init__(self) -> None:
        load_engine()  # with the adapter (a worker does it while warming), not in the first call

    def inspect(self, source: DocumentSource) -> DocumentFacts:
        import pypdfium2.raw as raw

        with pdfium_document(source) as doc:
            n = len(doc)
            meta = tuple(
                (_META_KEYS.get(k, k.lower()), str(v).strip())
                for k, v in doc.get_metadata_dict(skip_empty=True).items()
                if str(v).strip()
            )
            outline: list[OutlineEntry] = []
            for item in doc.get_toc(max_depth=16):
                if len(outline) >= _MAX_OUTLINE:
                    break
                idx = item.get_dest()
                page_index = idx.get_index() if idx is not None else None
                title = (item.get_title() or "").strip()
                outline.append(
                    OutlineEntry(
                        level=item.level + 1,
                        title=title,
                        page=page_index + 1 if page_index is not None and 0 <= page_index < n else None,
                    )
                )
            pages = []
            size = raw.FS_SIZEF()
            for i in range(n):
                if not raw.FPDF_GetPageSizeByIndexF(doc.raw, i, size):
                    size.width = size.height = 0.0
                pages.append(
                    PageInfo(
                        index=i, width=round(size.width, 3), height=round(size.height, 3), label=_page_label(doc, i)
                    )
                )
            version = doc.get_version()
            form_type = doc.get_formtype()
            return DocumentFacts(
                page_count=n,
                metadata=meta,
                outline=tuple(outline),
                pages=tuple(pages),
                pdf_version=f"{version // 10}.{version % 10}" if version else None,
                encrypted=bool(source.password) or raw.FPDF_GetSecurityHandlerRevision(doc.raw) != -1,
                needs_password=bool(source.password),
                has_acroform=form_type in (raw.FORMTYPE_ACRO_FORM, raw.FORMTYPE_XFA_FULL, raw.FORMTYPE_XFA_FOREGROUND),
                has_xfa=form_type in (raw.FORMTYPE_XFA_FULL, raw.FORMTYPE_XFA_FOREGROUND),
                attachment_count=max(0, raw.FPDFDoc_GetAttachmentCount(doc.raw)),
            )

    def extract(self, source: DocumentSource, pages: Sequence[int]) -> Iterator[PageText]:
        for index in pages:
            with pdfium_document(source) as doc:
                check_page(doc, index)
                result = _extract_page(doc, index)
            yield result


def _page_label(doc: Any, index: int) -> str | None:
    try:
        label = doc.get_page_label(index)
    except Exception:  # noqa: BLE001 - a broken label tree must not fail inspection
        return None
    return label or None


def _extract_page(doc: Any, index: int) -> PageText:
    import pypdfium2.raw as raw

    page = doc[index]
    try:
        space = PageSpace(page)
        textpage = page.get_textpage()
        try:
            gaps: list[Box] = []
            fonts = LineFonts(textpage.raw, page_roles(raw, doc, page))
            objects = walk(page, space)
            rules = _rules(objects, space)
            visible, margin = read_lines(raw, textpage, space, gaps, fonts, objects=objects)
            drawings = drawing_regions(objects.drawings, space.width, space.height, visible)
            down: list[Box] = []
            if any(r.y1 - r.y0 > r.x1 - r.x0 for r in rules):
                art = [d.bbox for d in drawings]
                down = gutter_rules(raw, textpage.raw, visible, rules, art, space.box)
                if down:
                    # columns drawn row by row across a ruled gutter: read again, parted at it
                    gaps.clear()
                    visible, margin = read_lines(raw, textpage, space, gaps, fonts, down, objects)
            if drawings:
                drawings = text_on_fills(drawings, objects.fills, objects.drawings, visible)
            notes: set[str] = set()
            hidden = hidden_spans(raw, textpage, objects, space, index, notes)
            if covered_by_fill(objects, space):
                notes.add("text_under_fill")
            annots = max(0, int(raw.FPDFPage_GetAnnotCount(page.raw)))
            found = (
                _page_annotations(raw, doc, page, index, space, textpage, annots) if annots else PageAnnotations(index)
            )
            marks = bullet_marks(objects.fills, space.width, space.height)
        finally:
            textpage.close()
    finally:
        page.close()
    images = _images(objects)
    return PageText(
        index=index,
        text="",
        lines=tuple(visible),
        image_count=len(images),
        images=images,
        hidden=hidden,
        warnings=tuple(sorted(notes | ({"outside_crop_text"} if margin else set()))),
        rules=rules,
        annotation_count=annots,
        annotations=found,
        gaps=tuple(gaps),
        drawings=drawings,
        marks=marks,
        gutters=tuple(down),
    )


def _page_annotations(
    raw: Any, doc: Any, page: Any, index: int, space: PageSpace, textpage: Any, count: int
) -> PageAnnotations | None:
    """The page's links and annotations, read with its text; ``None`` (left to the extras
    adapter) when there are too many or the engine fails on one of them: the text stands."""
    if count > ANNOTATIONS_WITH_TEXT:
        return None
    try:
        found, _ = read_page_annotations(raw, doc, page, index, space, LazyTextPage(page, textpage))
    except Exception:  # an optional by-product: the extras adapter reads and reports it
        log.debug("annotations of page %d left to the extras adapter", index + 1, exc_info=True)
        return None
    return found


def _rules(objects: PageObjects, space: PageSpace) -> tuple[Box, ...]:
    """The page's ruling segments inside the crop box, collinear pieces merged, longest kept.

    Segments outside the crop box (printer's marks) are dropped; the rest are clamped to it.
    """
    if not objects.rules:
        return ()
    w, h = space.width, space.height
    # (position across the rule, start along it, end along it, thickness)
    horizontal: list[tuple[float, float, float, float]] = []
    vertical: list[tuple[float, float, float, float]] = []
    for r in objects.rules:
        cx, cy = (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2
        if not (0.0 <= cx <= w and 0.0 <= cy <= h):
            continue
        x0, y0, x1, y1 = max(r.x0, 0.0), max(r.y0, 0.0), min(r.x1, w), min(r.y1, h)
        if x1 - x0 >= y1 - y0:
            horizontal.append((cy, x0, x1, y1 - y0))
        else:
            vertical.append((cx, y0, y1, x1 - x0))
    merged = [(k, False) for k in _merge_rules(horizontal)] + [(k, True) for k in _merge_rules(vertical)]
    if len(merged) > MAX_RULES:
        merged.sort(key=lambda m: m[0][1] - m[0][2])  # longest first
        merged = merged[:MAX_RULES]
    out = []
    for (pos, a, z, thick), across in merged:
        half = thick / 2
        box = (pos - half, a, pos + half, z) if across else (a, pos - half, z, pos + half)
        out.append(Box(*(round(v, 1) for v in box)))
    out.sort(key=lambda b: (b.y0, b.x0))
    return tuple(out)


def _merge_rules(rules: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """Merge rules on the same line (positions within RULE_SNAP) that touch or overlap along it.

    Each rule is (position across it, start along it, end along it, thickness).
    """
    items = sorted(rules)
    out: list[tuple[float, float, float, float]] = []
    i = 0
    while i < len(items):
        j = i + 1
        while j < len(items) and items[j][0] - items[j - 1][0] <= RULE_SNAP:
            j += 1
        line = sorted(items[i:j], key=lambda k: k[1])
        pos = sum(k[0] for k in line) / len(line)
        a, z, thick = line[0][1], line[0][2], line[0][3]
        for _, a2, z2, t2 in line[1:]:
            if a2 <= z + RULE_SNAP:
                z, thick = max(z, z2), max(thick, t2)
            else:
                out.append((pos, a, z, thick))
                a, z, thick = a2, z2, t2
        out.append((pos, a, z, thick))
        i = j
    return out


def _images(objects: PageObjects) -> tuple[ImageInfo, ...]:
    seen: dict[tuple[int, int, int, int], int] = {}
    placements: list[list[Box]] = []
    first: list[Any] = []
    for img in objects.images:
        slot = seen.get(img.key)
        if slot is None:
            seen[img.key] = len(first)
            first.append(img)
            placements.append([img.box])
        else:
            placements[slot].append(img.box)
    return tuple(
        ImageInfo(
            index=i,
            width_px=img.width_px,
            height_px=img.height_px,
            bbox=img.box,
            placements=tuple(placements[i]) if len(placements[i]) > 1 else (),
            filter=img.filter,
        )
        for i, img in enumerate(first)
    )
