"""TextExtractor on pdfium: document facts, page text in lines (boxes, font facts), images,
rules and table evidence; hidden text is told apart in :mod:`adapters._pdfium_hidden`."""

from __future__ import annotations

import ctypes
import itertools
import logging
import math
import re
from collections.abc import Iterator, Sequence
from typing import Any

from adapters._pdfium import PageSpace, check_page, load_engine, pdfium_document, unchecked
from adapters._pdfium_annots import LazyTextPage, read_page_annotations
from adapters._pdfium_fonts import LineFonts, page_roles
from adapters._pdfium_hidden import covered_by_fill, hidden_spans
from adapters._pdfium_objects import (
    PageObjects,
    share_inside,
    walk,
)
from pdfcore.models import (
    Box,
    DocumentFacts,
    DocumentSource,
    ImageInfo,
    OutlineEntry,
    PageAnnotations,
    PageInfo,
    PageText,
    TextLine,
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
MAX_GAPS = 2000
#: Characters a line may end with that are not part of its last word (hyphen marks, spaces).
_LINE_END = " \t\r\ufffe\u00ad\x00"
RULE_SNAP = 1.0
GAP_MIN_FACTOR = 0.8
GAP_MIN_PT = 3.0
#: A line's rects may show text set in another direction (see ``_rotated_run``) when a rect
#: taller than wide is this many times as tall as the tallest rect wider than tall: a run of
#: rotated text, not a narrow upright glyph (an ``l`` or a parenthesis drawn as its own text
#: object is at most about twice as tall as an ``m``).
ROTATED_RUN = 3.0
#: A line whose extent across its direction (display space) is this many times its tallest
#: rect, holding MIN_ROWS_TEXT characters or more, is cut into the rows it spans when it spans
#: MIN_ROWS or more (see ``_split_rows``).
ROWS_IN_LINE = 3.0
MIN_ROWS_TEXT = 20
MIN_ROWS = 3


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
            visible, margin = _lines(raw, textpage, space, gaps, fonts)
            objects = walk(page, space)
            notes: set[str] = set()
            hidden = hidden_spans(raw, textpage, objects, space, index, notes)
            if covered_by_fill(objects, space):
                notes.add("text_under_fill")
            annots = max(0, int(raw.FPDFPage_GetAnnotCount(page.raw)))
            found = (
                _page_annotations(raw, doc, page, index, space, textpage, annots) if annots else PageAnnotations(index)
            )
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
        rules=_rules(objects, space),
        annotation_count=annots,
        annotations=found,
        gaps=tuple(gaps),
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


def _split_margin(lines: list[TextLine], space: PageSpace) -> tuple[list[TextLine], int]:
    """Drop lines wholly outside the crop box but inside the media box (printer's marks, slugs).

    A reader never sees them; they are counted (``outside_crop_text``) rather than lost silently.
    Lines beyond the media box stay: that is off-page text, reported as hidden text.
    """
    kept: list[TextLine] = []
    dropped = 0
    for ln in lines:
        b = ln.bbox
        if _margin_line(b.x0, b.y0, b.x1, b.y1, space):
            dropped += 1
        else:
            kept.append(ln)
    return kept, dropped


def _margin_line(x0: float, y0: float, x1: float, y1: float, space: PageSpace) -> bool:
    """Whether a line with this box (page space) lies in the printer's margin (see _split_margin)."""
    if (x0 >= 0 and y0 >= 0 and x1 <= space.width and y1 <= space.height) or x1 <= x0 or y1 <= y0:
        return False  # the common case: inside the page
    return share_inside(x0, y0, x1, y1, space.crop) <= 0.5 and share_inside(x0, y0, x1, y1, space.media) > 0.5


def _lines(
    raw: Any, textpage: Any, space: PageSpace, gaps: list[Box] | None = None, fonts: LineFonts | None = None
) -> tuple[list[TextLine], int]:
    """The page's text lines (pdfium's own line breaks) with boxes and font facts, and how many
    lines in the printer's margin were left out (see _split_margin).

    Runs on every page: one text call for the whole page, then per line one rect count, its
    rects, and the font facts of its first character (one call when its text object was seen
    before, see LineFonts). When ``gaps`` is given, the wide gaps between a line's rects (the
    whitespace between table cells) are appended to it.
    """
    tp = textpage.raw
    n = raw.FPDFText_CountChars(tp)
    if n <= 0:
        return [], 0
    text = textpage.get_text_range(0, n)
    left, top, right, bottom = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    fast = unchecked()
    count_rects, get_rect = fast.count_rects, fast.get_rect
    line_facts = (fonts or LineFonts(tp, {})).facts
    out_l, out_t, out_r, out_b = ctypes.byref(left), ctypes.byref(top), ctypes.byref(right), ctypes.byref(bottom)
    to_box = space.box
    out: list[TextLine] = []
    upright, sl, st = space.rotation == 0, space.left, space.top  # to_box, inlined for upright pages
    inf = float("inf")
    pw, ph = space.width, space.height
    margin = 0
    before: tuple[int, str, Box] | None = None  # the last one-rect line not looked at for gaps
    if len(text) == n:
        start = 0
        for seg in text.split("\n"):
            end = start + len(seg)
            body = seg.rstrip("\r")
            words = body.strip()
            if not words:
                start = end + 1
                continue
            size = len(body)
            rc = count_rects(tp, start, size)
            pieces: list[tuple[float, float, float, float]] | None = None
            wide = 0.0  # the height of the tallest rect wider than tall (several rects)
            if rc == 1:  # most lines: one rect, its box is the line's
                if get_rect(tp, 0, out_l, out_t, out_r, out_b):
                    x0, y1, x1, y0 = left.value, top.value, right.value, bottom.value
                else:
                    x0 = y0 = inf
                    x1 = y1 = -inf
            else:
                x0 = y0 = inf
                x1 = y1 = -inf
                tall = 0.0  # the height of the tallest rect taller than wide
                stacked = False  # two rects in a row one above the other (see _rotated_run)
                pl = pb = pr = pt = 0.0  # the rect before
                hmax = wmax = 0.0  # the tallest and the widest rect
                pieces = [] if rc > 1 and (gaps is not None or "\ufffe" in body) else None
                for k in range(rc):
                    if get_rect(tp, k, out_l, out_t, out_r, out_b):
                        lv, tv, rv, bv = left.value, top.value, right.value, bottom.value
                        x0 = lv if lv < x0 else x0
                        x1 = rv if rv > x1 else x1
                        y0 = bv if bv < y0 else y0
                        y1 = tv if tv > y1 else y1
                        if pieces is not None:
                            pieces.append((lv, bv, rv, tv))
                        h = tv - bv
                        if h > 1.5 * (rv - lv):
                            tall = h if h > tall else tall
                        elif rv - lv > 1.5 * h:
                            wide = h if h > wide else wide
                        hmax = h if h > hmax else hmax
                        wmax = rv - lv if rv - lv > wmax else wmax
                        if k and (bv >= pt or tv <= pb):
                            stacked = stacked or (
                                (rv if rv < pr else pr) - (lv if lv > pl else pl) > 0.5 * min(rv - lv, pr - pl)
                            )
                        pl, pb, pr, pt = lv, bv, rv, tv
                # Rows of the page across the line's direction (display space) against its
                # tallest rect: pdfium sometimes gives a whole block as one line (text set
                # sideways on a page turned by /Rotate: a table's every row in one line).
                sideways = space.rotation in (90, 270)
                extent, row = (x1 - x0, wmax) if sideways else (y1 - y0, hmax)
                if row > 0 and extent > ROWS_IN_LINE * row and len(words) >= MIN_ROWS_TEXT and "\ufffe" not in body:
                    split = _split_rows(raw, tp, start, body, to_box, line_facts, space.rotation)
                    if len(split) >= MIN_ROWS:
                        kept, dropped = _split_margin(split, space)
                        out.extend(kept)
                        margin += dropped
                        if pieces and gaps is not None:
                            for ln in kept:
                                if len(gaps) >= MAX_GAPS:
                                    break
                                mine = [pc for pc in pieces if _in_row(to_box(*pc), ln.bbox)]
                                if len(mine) > 1:
                                    _line_gaps(mine, ln.bbox, space, gaps)
                        start = end + 1
                        continue
                if tall and wide and (stacked or tall > ROTATED_RUN * wide):
                    # pdfium joined horizontal and rotated text (e.g. a margin stamp after a
                    # soft hyphen at a page's last line): one line per writing direction.
                    kept, dropped = _split_margin(_split_by_angle(raw, tp, start, body, to_box, line_facts), space)
                    out.extend(kept)
                    margin += dropped
                    if len(kept) == 1 and not dropped and pieces and gaps is not None and len(gaps) < MAX_GAPS:
                        # One direction after all (narrow glyphs such as "1" looked tall): the
                        # gaps between its rects are table evidence as on any line.
                        _line_gaps(pieces, kept[0].bbox, space, gaps)
                    start = end + 1
                    continue
            if x0 != inf and (x1 <= x0 or y1 <= y0):
                x0, y0, x1, y1 = _char_bounds(raw, tp, start, size, (x0, y0, x1, y1))
            if x0 != inf:
                if upright and x0 <= x1 and y0 <= y1:
                    bx0, by0, bx1, by1 = x0 - sl, st - y1, x1 - sl, st - y0
                else:
                    b = to_box(x0, y0, x1, y1)
                    bx0, by0, bx1, by1 = b.x0, b.y0, b.x1, b.y1
                if (bx0 < 0 or by0 < 0 or bx1 > pw or by1 > ph) and _margin_line(bx0, by0, bx1, by1, space):
                    margin += 1  # printer's margin: left out of the text (its gaps are kept, as before)
                    if pieces and gaps is not None and len(gaps) < MAX_GAPS:
                        _line_gaps(pieces, Box(bx0, by0, bx1, by1), space, gaps)
                    start = end + 1
                    continue
                bbox = Box(bx0, by0, bx1, by1)
                first = start + (size - len(body.lstrip()))
                if "\x00" in words:
                    words = words.replace("\x00", "")
                cut_rows: list[TextLine] | None = None
                if pieces and "\ufffe" in words:
                    rows = _rows_at_hyphens(raw, tp, start, body, to_box, line_facts, pieces)
                elif pieces and wide and y1 - y0 > STACKED_ROWS * wide:
                    rows = cut_rows = _stacked_rows(raw, tp, start, body, to_box, line_facts, pieces)
                else:
                    rows = None
                if rows is not None:
                    # a row may be the printer's slug the content stream holds after the
                    # page's last hyphenated word: checked on its own, as any line
                    kept, dropped = _split_margin(rows, space)
                    out.extend(kept)
                    margin += dropped
                else:
                    out.append(_line(raw, words, bbox, first, start + len(body.rstrip(_LINE_END)) - 1, line_facts))
                if cut_rows and pieces and gaps is not None and len(gaps) < MAX_GAPS:
                    # rows cut apart: the gaps of each row, at its height
                    for band in _row_boxes(pieces):
                        mine = [p for p in pieces if band[1] <= (p[1] + p[3]) / 2 <= band[3]]
                        if mine:
                            _line_gaps(mine, to_box(*band), space, gaps)
                elif pieces and gaps is not None and len(gaps) < MAX_GAPS:
                    _line_gaps(pieces, bbox, space, gaps)
                elif pieces is None and gaps is not None and len(gaps) < MAX_GAPS and " " in words:
                    if bx1 - bx0 > SPACED_LINE * (by1 - by0) * len(words) and any(ch.isdigit() for ch in words):
                        if before is not None and 0 <= by0 - before[2].y1 <= HEADINGS_GAP * (by1 - by0):
                            # The line above (a table's column headings, whose words fill more
                            # of their width than the figures under them, a blank line between
                            # them at most) is looked at too.
                            _space_gaps(raw, tp, *before, space, gaps)
                        _space_gaps(raw, tp, start, body, bbox, space, gaps)
                        before = None
                    else:
                        before = (start, body, bbox)
            start = end + 1
        return out, margin
    # Rare: the text API inserted or dropped chars, so indexes do not line up. Read per rect.
    rc = count_rects(tp, 0, -1)
    rects = []
    for k in range(max(rc, 0)):
        if get_rect(tp, k, out_l, out_t, out_r, out_b):
            rects.append((left.value, top.value, right.value, bottom.value))
    for lft, tpv, rgt, btm in rects:
        seg = textpage.get_text_bounded(lft, btm, rgt, tpv)
        if seg.strip():
            out.append(TextLine(text=seg.replace("\r\n", " ").strip(), bbox=to_box(lft, btm, rgt, tpv)))
    return _split_margin(out, space)


def _line(raw: Any, words: str, bbox: Box, first: int, last: int, line_facts: Any) -> TextLine:
    """A text line with the font facts of its ``first`` character; bold and monospaced only
    when its ``last`` character is too (the whole line, not a bold first word (a run-in
    heading) or inline code); a line starting with a mark or digit (a superscript note number,
    a bullet in a smaller face) has the larger size of its first and last characters."""
    points, bold, mono, italic, role = _facts(raw, words, first, last, line_facts)
    return TextLine(words, bbox, points, bold, mono, role, italic)


def _facts(raw: Any, words: str, first: int, last: int, line_facts: Any) -> tuple[float, bool, bool, bool, str]:
    """(size, bold, mono, italic, role) of a line from its first and last characters (see
    :func:`_line`; italic like bold: from the first character to the last)."""
    points, bold, mono, italic, role = line_facts(raw, first)
    mark = not words.lstrip()[:1].isalpha()
    if bold or mono or italic or mark:
        points_end, bold_end, mono_end, italic_end, _ = line_facts(raw, last)
        bold, mono, italic = bold and bold_end, mono and mono_end, italic and italic_end
        if mark and points_end > points:
            points = points_end
        if mark and words.startswith("[") and words.endswith("]"):
            # "[33] six national parks,[34]": reference marks at both ends, the text's own
            # size after the first
            rest = words.split(None, 1)
            at = first + len(words) - len(rest[1]) if len(rest) == 2 else last
            if first < at < last:
                points = max(points, line_facts(raw, at)[0])
    return points, bold, mono, italic, role


def _range_box(tp: Any, first: int, count: int) -> tuple[float, float, float, float] | None:
    """The box (left, bottom, right, top; user space) of the rects pdfium gives for ``count``
    characters from ``first``; None when nothing of them is drawn."""
    fast = unchecked()
    left, top, right, bottom = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    out_l, out_t, out_r, out_b = ctypes.byref(left), ctypes.byref(top), ctypes.byref(right), ctypes.byref(bottom)
    x0 = y0 = float("inf")
    x1 = y1 = float("-inf")
    for k in range(fast.count_rects(tp, first, count)):
        if fast.get_rect(tp, k, out_l, out_t, out_r, out_b):
            x0, x1 = min(x0, left.value), max(x1, right.value)
            y0, y1 = min(y0, bottom.value), max(y1, top.value)
    return None if x0 == float("inf") else (x0, y0, x1, y1)


def _rows_at_hyphens(
    raw: Any,
    tp: Any,
    start: int,
    body: str,
    to_box: Any,
    line_facts: Any,
    rects: list[tuple[float, float, float, float]] | None = None,
) -> list[TextLine] | None:
    """One pdfium line cut where it goes on on another row after a resolved hyphen, or None.

    pdfium joins the halves of a word hyphenated at a line end into one line, the hyphen marked
    U+FFFE, so the line spans two rows. The next row is usually the next line of the paragraph,
    but it may be anything the content stream holds next: a running foot ("a di" + U+FFFE +
    "22 FREE CULTURE" at the foot of a book page), a column's top, a footnote. Each row becomes
    a line of its own (the mark ends the first one; the layout joins the word again inside a
    paragraph), so furniture, columns and blocks see every row where it is.

    ``rects`` are the line's rects (left, bottom, right, top), in text order, when the caller
    has them: rows told apart there need no more pdfium calls (the common case: each mark ends
    a row). Otherwise each piece between marks is measured.
    """
    if rects is not None:
        upended = any(t - b > 1.5 * (r - lft) for lft, b, r, t in rects)
        if upended and (_rotated_run(rects) or not any(r - lft > 1.5 * (t - b) for lft, b, r, t in rects)):
            return None  # rotated text: its rows are not told apart by height
        rows = _row_boxes(rects)
        if len(rows) == 1:
            return None
        if len(rows) == body.count("\ufffe") + 1:
            return _row_lines(raw, start, body, to_box, line_facts, rows)
    pieces: list[tuple[int, int, float, float, float, float]] = []  # start, end, left, bottom, right, top
    a = lead = 0  # lead: where the next piece starts (text with nothing drawn goes with the next)
    while a < len(body):
        b = body.find("\ufffe", a)
        b = len(body) if b < 0 else b + 1
        drawn = _range_box(tp, start + a, b - a)
        if drawn is not None:
            x0, y0, x1, y1 = drawn
            if y1 - y0 > 1.5 * (x1 - x0):
                return None  # rotated text: its rows are not told apart by height
            last = pieces[-1] if pieces else None
            if last is not None and abs(y0 + y1 - last[3] - last[5]) < max(y1 - y0, last[5] - last[3], 1.0):
                s, _, l0, b0, r0, t0 = last  # centres within half a line: the same row, one line
                pieces[-1] = (s, b, min(l0, x0), min(b0, y0), max(r0, x1), max(t0, y1))
            else:
                pieces.append((lead, b, x0, y0, x1, y1))
            lead = b
        elif pieces:  # nothing drawn (spaces): it goes with the piece before
            s, _, l0, b0, r0, t0 = pieces[-1]
            pieces[-1] = (s, b, l0, b0, r0, t0)
            lead = b
        a = b
    if len(pieces) < 2:
        return None
    return _row_lines(
        raw, start, body, to_box, line_facts, [(x0, y0, x1, y1) for _, _, x0, y0, x1, y1 in pieces], pieces
    )


#: A line this many times as tall as its tallest rect of text may hold rows one under the other.
STACKED_ROWS = 1.8
#: Rows apart by this share of the lower one's height at least are rows of their own, each of
#: this many words at least (a formula's parts stacked one word each are not cut apart).
ROWS_APART = 0.25
ROW_WORDS = 2


def _stacked_rows(
    raw: Any,
    tp: Any,
    start: int,
    body: str,
    to_box: Any,
    line_facts: Any,
    rects: list[tuple[float, float, float, float]],
) -> list[TextLine] | None:
    """One pdfium line cut into its rows, when it holds text on rows one under the other, set
    apart (a title's last line and the headings of a table under it, which pdfium joins when
    the content stream draws them one after the other); None when its rects stand on one row,
    or go back to a row they left (a fraction's numerator and denominator between text on the
    line), or when a row holds one word only (a formula's parts stacked). Each word goes to the
    row holding its middle."""
    rows = _row_boxes(rects)
    if len(rows) < 2:
        return None
    down = rows[1][1] < rows[0][1]
    for (_, b0, _, t0), (_, b1, _, t1) in itertools.pairwise(rows):
        gap = b0 - t1 if down else b1 - t0
        if gap < ROWS_APART * min(t0 - b0, t1 - b1):
            return None
    fast = unchecked()
    count_rects, get_rect = fast.count_rects, fast.get_rect
    left, top, right, bottom = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    out_l, out_t, out_r, out_b = ctypes.byref(left), ctypes.byref(top), ctypes.byref(right), ctypes.byref(bottom)
    spans: list[tuple[int, int]] = []
    row_of: list[int] = []
    for word in re.finditer(r"\S+", body):
        a, b = word.span()
        y = None
        for k in range(count_rects(tp, start + a, b - a)):
            if get_rect(tp, k, out_l, out_t, out_r, out_b):
                y = (bottom.value + top.value) / 2
                break
        if y is None:
            continue
        row = next((i for i, (_, rb, _, rt) in enumerate(rows) if rb <= y <= rt), None)
        if row is None:
            return None
        if row_of and row_of[-1] == row:
            spans[-1] = (spans[-1][0], b)
        else:
            if row_of and row != row_of[-1] + 1:
                return None
            if spans:
                spans[-1] = (spans[-1][0], a)
            spans.append((a, b))
            row_of.append(row)
    if len(spans) != len(rows) or any(len(body[a:b].split()) < ROW_WORDS for a, b in spans):
        return None
    spans[0] = (0, spans[0][1])
    spans[-1] = (spans[-1][0], len(body))
    return _row_lines(
        raw, start, body, to_box, line_facts, rows, [(a, b, *rows[k]) for (a, b), k in zip(spans, row_of, strict=True)]
    )


def _row_boxes(rects: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """Consecutive rects (left, bottom, right, top) on one row merged: a row's box each."""
    rows: list[tuple[float, float, float, float]] = []
    for lv, bv, rv, tv in rects:
        if rows:
            l0, b0, r0, t0 = rows[-1]
            if abs(bv + tv - b0 - t0) < max(tv - bv, t0 - b0, 1.0):  # centres within half a line
                rows[-1] = (min(l0, lv), min(b0, bv), max(r0, rv), max(t0, tv))
                continue
        rows.append((lv, bv, rv, tv))
    return rows


def _row_lines(
    raw: Any,
    start: int,
    body: str,
    to_box: Any,
    line_facts: Any,
    rows: list[tuple[float, float, float, float]],
    spans: list[tuple[int, int, float, float, float, float]] | None = None,
) -> list[TextLine]:
    """One line per row (left, bottom, right, top): the text cut after each U+FFFE mark (one
    mark per row change), or at the given ``spans`` (start, end, ...)."""
    out: list[TextLine] = []
    a = 0
    for k, (x0, y0, x1, y1) in enumerate(rows):
        if spans is not None:
            a, b = spans[k][0], spans[k][1]
        else:
            b = body.find("\ufffe", a)
            b = len(body) if b < 0 else b + 1
        text = body[a:b]
        words = text.strip().replace("\x00", "")
        if words:
            first = start + a + len(text) - len(text.lstrip())
            last = start + a + len(text.rstrip(_LINE_END)) - 1
            out.append(_line(raw, words, to_box(x0, y0, x1, y1), first, max(first, last), line_facts))
        a = b
    return out


def _split_rows(
    raw: Any, tp: Any, start: int, body: str, to_box: Any, line_facts: Any, rotation: int
) -> list[TextLine]:
    """One pdfium line cut into the lines it holds on the displayed page: text set across
    (each character's angle with the page's ``rotation``, in quarter turns) is a line of its
    own, and text set along the page starts a new row where a character's box (display space)
    does not overlap the current row's band (text set across: its column's). Spaces go with
    the row they are in."""
    loose = raw.FS_RECTF()
    get_box = raw.FPDFText_GetLooseCharBox  # the font's ascent to descent: one band per row
    char_angle = unchecked().char_angle
    spans: list[tuple[int, int, float, float, float, float]] = []  # start, end, box of each row
    s = 0
    turn = -1  # the current row's quarter turns on the display
    bx0 = by0 = float("inf")
    bx1 = by1 = float("-inf")
    for k, ch in enumerate(body):
        if ch.isspace() or not get_box(tp, start + k, loose):
            continue
        lft, rgt, btm, top = loose.left, loose.right, loose.bottom, loose.top
        if rgt <= lft and top <= btm:
            continue
        b = to_box(lft, btm, rgt, top)
        q = round((math.degrees(char_angle(tp, start + k)) + rotation) / 90) % 4
        across = q % 2 == 1
        if bx0 != float("inf") and (
            q != turn or (b.x0 >= bx1 or b.x1 <= bx0 if across else b.y0 >= by1 or b.y1 <= by0)
        ):
            spans.append((s, k, bx0, by0, bx1, by1))
            s = k
            bx0 = by0 = float("inf")
            bx1 = by1 = float("-inf")
        turn = q
        bx0, by0, bx1, by1 = min(bx0, b.x0), min(by0, b.y0), max(bx1, b.x1), max(by1, b.y1)
    if bx0 != float("inf"):
        spans.append((s, len(body), bx0, by0, bx1, by1))
    out: list[TextLine] = []
    for a, e, x0, y0, x1, y1 in spans:
        text = body[a:e]
        if not text.strip():
            continue
        lead = a + len(text) - len(text.lstrip())
        last = a + len(text.rstrip()) - 1
        size, bold, mono, italic, role = _facts(raw, text, start + lead, start + max(lead, last), line_facts)
        out.append(TextLine(text.strip().replace("\x00", ""), Box(x0, y0, x1, y1), size, bold, mono, role, italic))
    return out


def _in_row(piece: Box, row: Box) -> bool:
    """Whether a rect (display space) stands in a row's band."""
    mid = (piece.y0 + piece.y1) / 2
    return row.y0 <= mid <= row.y1


def _rotated_run(rects: Sequence[tuple[float, float, float, float]]) -> bool:
    """Whether a line's rects (left, bottom, right, top), in text order, may hold text set in
    another direction (the test ``_lines`` makes as it reads them): some are taller than wide
    and some wider than tall, and either a tall one is ``ROTATED_RUN`` times as tall as the
    tallest wide one (a rotated run beside upright text) or two rects in a row stand one above
    the other, overlapping across more than half the narrower one's width (rotated glyphs drawn
    one object each). Upright glyphs drawn one object each (a narrow ``l`` is taller than
    wide, an ``m`` wider than tall) stand side by side."""
    tall = wide = 0.0
    stacked = False
    for k, (lft, b, r, t) in enumerate(rects):
        h = t - b
        if h > 1.5 * (r - lft):
            tall = max(tall, h)
        elif r - lft > 1.5 * h:
            wide = max(wide, h)
        if k:
            pl, pb, pr, pt = rects[k - 1]
            if b >= pt or t <= pb:
                stacked = stacked or min(r, pr) - max(lft, pl) > 0.5 * min(r - lft, pr - pl)
    return bool(tall and wide) and (stacked or tall > ROTATED_RUN * wide)


def _split_by_angle(raw: Any, tp: Any, start: int, body: str, to_box: Any, line_facts: Any) -> list[TextLine]:
    """Cut one pdfium line where the characters' rotation changes (spaces follow their run)."""
    runs: list[tuple[int, int]] = []
    first = 0
    angle: float | None = None
    char_angle = unchecked().char_angle
    for k, ch in enumerate(body):
        if ch.isspace():
            continue
        a = round(char_angle(tp, start + k), 2)
        if angle is not None and a != angle:
            runs.append((first, k))
            first = k
        angle = a
    runs.append((first, len(body)))
    out: list[TextLine] = []
    for s, e in runs:
        text = body[s:e]
        if not text.strip():
            continue
        drawn = _range_box(tp, start + s, e - s)
        if drawn is None:
            continue
        x0, y0, x1, y1 = drawn
        rows = _rows_at_hyphens(raw, tp, start + s, text, to_box, line_facts) if "\ufffe" in text else None
        if rows is not None:
            out.extend(rows)
            continue
        lead = s + len(text) - len(text.lstrip())
        end = s + len(text.rstrip()) - 1
        size, bold, mono, italic, role = _facts(raw, text, start + lead, start + max(lead, end), line_facts)
        out.append(TextLine(text.strip().replace("\x00", ""), to_box(x0, y0, x1, y1), size, bold, mono, role, italic))
    return out


def _char_bounds(
    raw: Any, tp: Any, start: int, count: int, fallback: tuple[float, float, float, float]
) -> tuple[float, float, float, float]:
    """A line's bounds from its characters when pdfium's line rects are empty or flat.

    Fonts without glyph boxes (non-embedded CJK fonts, vertical writing) give zero-height
    rects. Each character then counts with its tight box where that has extent, else with its
    loose box (font ascent and descent), per axis.
    """
    box = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    loose = raw.FS_RECTF()
    x0 = y0 = float("inf")
    x1 = y1 = float("-inf")
    for i in range(start, start + count):
        if not raw.FPDFText_GetCharBox(tp, i, *box):
            continue
        lft, rgt, btm, top = (v.value for v in box)
        if rgt <= lft or top <= btm:
            if not raw.FPDFText_GetLooseCharBox(tp, i, loose):
                continue
            if rgt <= lft:
                lft, rgt = loose.left, loose.right
            if top <= btm:
                btm, top = loose.bottom, loose.top
        if rgt <= lft and top <= btm:
            continue  # a generated space or line break: no extent at all
        x0, x1 = min(x0, lft), max(x1, rgt)
        y0, y1 = min(y0, btm), max(y1, top)
    if x0 == float("inf") or x1 <= x0 or y1 <= y0:
        return fallback
    return x0, y0, x1, y1


#: The line of column headings looked at with the first spaced row under it is at most this
#: many line heights above it (one blank line between them, as typewritten tables set it).
HEADINGS_GAP = 2.5
#: A line drawn as one text object is looked at for gaps between its words when it holds a
#: figure and is this many line heights wide per character or more (about twice as wide as
#: running text: a row of a table set without rules, whose cells the producer spaced apart
#: inside one text object; words alone spread that wide are justified text in a narrow column).
SPACED_LINE = 0.75


def _space_gaps(raw: Any, tp: Any, start: int, body: str, line: Box, space: PageSpace, gaps: list[Box]) -> None:
    """Append the gaps wider than GAP_MIN_FACTOR line heights between the words of a line that
    pdfium measured as one rect (one text object): the blank around each run of spaces, from
    the boxes of the characters on either side of it."""
    wide = max(GAP_MIN_PT, GAP_MIN_FACTOR * line.height)
    left, right, bottom, top = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    out = (ctypes.byref(left), ctypes.byref(right), ctypes.byref(bottom), ctypes.byref(top))

    def edges(i: int) -> tuple[float, float] | None:
        if not raw.FPDFText_GetCharBox(tp, start + i, *out) or right.value <= left.value:
            return None
        if space.rotation == 0:
            return left.value - space.left, right.value - space.left
        b = space.box(left.value, bottom.value, right.value, top.value)
        return b.x0, b.x1

    n = len(body)
    i = 0
    while i < n:
        if body[i] != " ":
            i += 1
            continue
        j = i
        while j < n and body[j] == " ":
            j += 1
        if i > 0 and j < n:
            before, after = edges(i - 1), edges(j)
            if before is not None and after is not None and after[0] - before[1] >= wide:
                gaps.append(Box(round(before[1], 1), round(line.y0, 1), round(after[0], 1), round(line.y1, 1)))
        i = j


def _line_gaps(pieces: list[tuple[float, float, float, float]], line: Box, space: PageSpace, gaps: list[Box]) -> None:
    """Append the gaps between a line's rects wider than GAP_MIN_FACTOR line heights.

    ``pieces`` are (left, bottom, right, top) in pdfium's user space. On unrotated pages (the
    common case, and this runs on every line) the gaps are measured there directly.
    """
    height = line.height
    if len(pieces) > 2:
        # A line pdfium joined over several rows (a table set row by row in one paragraph of
        # the text layer): its gaps are measured against the height of a row, not the line.
        row = sorted(p[3] - p[1] for p in pieces)[len(pieces) // 2]
        if 0 < 2 * row < height:
            height = row
    wide = max(GAP_MIN_PT, GAP_MIN_FACTOR * height)
    if space.rotation == 0:
        spans = sorted((p[0] - space.left, p[2] - space.left) for p in pieces)
    else:
        spans = sorted((b.x0, b.x1) for b in (space.box(*p) for p in pieces))
    end = spans[0][1]
    for x0, x1 in spans[1:]:
        if x0 - end >= wide:
            gaps.append(Box(round(end, 1), round(line.y0, 1), round(x0, 1), round(line.y1, 1)))
        if x1 > end:
            end = x1


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
