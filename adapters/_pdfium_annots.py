"""Links and annotations of a pdfium page, and the string getters of pdfium's C API.

Shared by the extras adapter (``pdfium_extras``, which reads them on request) and the text
adapter (``pdfium_text``, which reads them in the same pass as a page's text when the page has
few enough annotations), so both give the same answer for a page. Call holding the pdfium lock.
"""

from __future__ import annotations

import ctypes
import re
from collections.abc import Callable, Generator, Sequence
from contextlib import closing
from typing import Any

from adapters._pdfium import PageSpace
from pdfcore.models import Annotation, Box, Link, PageAnnotations

#: Most items one call returns (a hostile document may hold millions of annotations).
MAX_ITEMS = 10_000
#: Longest string kept from one field (contents, values, URIs), in characters.
MAX_STRING = 100_000
#: Longest anchor / marked text kept, in characters.
MAX_ANCHOR = 1000

SUBTYPES = {
    0: "Unknown",
    1: "Text",
    2: "Link",
    3: "FreeText",
    4: "Line",
    5: "Square",
    6: "Circle",
    7: "Polygon",
    8: "PolyLine",
    9: "Highlight",
    10: "Underline",
    11: "Squiggly",
    12: "StrikeOut",
    13: "Stamp",
    14: "Caret",
    15: "Ink",
    16: "Popup",
    17: "FileAttachment",
    18: "Sound",
    19: "Movie",
    20: "Widget",
    21: "Screen",
    22: "PrinterMark",
    23: "TrapNet",
    24: "Watermark",
    25: "3D",
    26: "RichMedia",
    27: "XFAWidget",
    28: "Redact",
}
LINK, POPUP, FILE_ATTACHMENT, WIDGET, XFA_WIDGET = 2, 16, 17, 20, 27
MARKUP = frozenset({9, 10, 11, 12})  # Highlight, Underline, Squiggly, StrikeOut
NOT_ANNOTATIONS = frozenset({LINK, POPUP, WIDGET, XFA_WIDGET})

HIDDEN_FLAGS = 1 | 2 | 32  # invisible, hidden, no-view

LINK_KINDS = {1: "goto", 2: "remote_goto", 3: "uri", 4: "launch", 5: "embedded_goto"}


def annotations_of(raw: Any, page: Any) -> Generator[tuple[Any, int], None, None]:
    """(FPDF_ANNOTATION, subtype) of a page's annotations; each handle is closed after use."""
    count = raw.FPDFPage_GetAnnotCount(page.raw)
    for k in range(min(max(0, count), MAX_ITEMS)):
        annot = raw.FPDFPage_GetAnnot(page.raw, k)
        if not annot:
            continue
        try:
            yield annot, int(raw.FPDFAnnot_GetSubtype(annot))
        finally:
            raw.FPDFPage_CloseAnnot(annot)


def rect(raw: Any, annot: Any, space: PageSpace) -> tuple[Box, tuple[float, float, float, float]]:
    """The annotation's box in page space, and its PDF rect (left, bottom, right, top)."""
    r = raw.FS_RECTF()
    if not raw.FPDFAnnot_GetRect(annot, r):
        return Box(0.0, 0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 0.0)
    left, right = sorted((float(r.left), float(r.right)))
    bottom, top = sorted((float(r.bottom), float(r.top)))
    return space.box(left, bottom, right, top), (left, bottom, right, top)


def link(raw: Any, doc: Any, annot: Any, page: int, space: PageSpace, text: LazyTextPage) -> Link:
    box, pdf_rect = rect(raw, annot, space)
    link = raw.FPDFAnnot_GetLink(annot)
    kind = "unsupported"
    uri: str | None = None
    file_path: str | None = None
    dest: Any = None
    if link:
        action = raw.FPDFLink_GetAction(link)
        if action:
            kind = LINK_KINDS.get(int(raw.FPDFAction_GetType(action)), "unsupported")
            if kind == "uri":
                uri = bytes_string(raw.FPDFAction_GetURIPath, doc.raw, action) or None
            elif kind in ("remote_goto", "launch", "embedded_goto"):
                file_path = bytes_string(raw.FPDFAction_GetFilePath, action) or None
            if kind == "goto":
                dest = raw.FPDFAction_GetDest(doc.raw, action)
        else:
            dest = raw.FPDFLink_GetDest(doc.raw, link)
            if dest:
                kind = "goto"
    target: int | None = None
    if dest:
        idx = int(raw.FPDFDest_GetDestPageIndex(doc.raw, dest))
        target = idx if 0 <= idx < len(doc) else None
    return Link(
        page=page,
        bbox=box,
        kind=kind,
        uri=uri,
        target_page=target,
        file_path=file_path,
        text=text.bounded(*pdf_rect),
    )


def annotation(raw: Any, annot: Any, subtype: int, page: int, space: PageSpace, text: LazyTextPage) -> Annotation:
    box, _ = rect(raw, annot, space)
    marked: str | None = None
    if subtype in MARKUP:
        quads: list[tuple[float, float, float, float]] = []
        quad = raw.FS_QUADPOINTSF()
        for q in range(min(max(0, raw.FPDFAnnot_CountAttachmentPoints(annot)), 1000)):
            if raw.FPDFAnnot_GetAttachmentPoints(annot, q, quad):
                xs = (quad.x1, quad.x2, quad.x3, quad.x4)
                ys = (quad.y1, quad.y2, quad.y3, quad.y4)
                quads.append((min(xs), min(ys), max(xs), max(ys)))
        if not quads:  # no quad points: the rectangle is the marked area
            quads.append(rect(raw, annot, space)[1])
        marked = text.inside(quads) or None
    flags = int(raw.FPDFAnnot_GetFlags(annot))
    return Annotation(
        page=page,
        subtype=SUBTYPES.get(subtype, "Unknown"),
        bbox=box,
        author=annot_string(raw, annot, b"T"),
        contents=annot_string(raw, annot, b"Contents"),
        subject=annot_string(raw, annot, b"Subj"),
        modified=annot_string(raw, annot, b"M"),
        marked_text=marked,
        hidden=bool(flags & HIDDEN_FLAGS),
    )


def annot_string(raw: Any, annot: Any, key: bytes) -> str | None:
    if not raw.FPDFAnnot_HasKey(annot, key):
        return None
    return wide(raw.FPDFAnnot_GetStringValue, annot, key) or None


class LazyTextPage:
    """The page's text page, loaded on the first bounded-text request (most pages need none),
    or one the caller has loaded already (``textpage``: then the caller closes it)."""

    def __init__(self, page: Any, textpage: Any = None) -> None:
        self.page = page
        self.textpage: Any = textpage
        self._owned = textpage is None
        self._buffer: Any = None  # for bounded(), allocated on its first call

    def _load(self) -> Any:
        if self.textpage is None:
            self.textpage = self.page.get_textpage()
        return self.textpage

    def bounded(self, left: float, bottom: float, right: float, top: float) -> str:
        """The text inside a rectangle (PDF user space), e.g. a link's anchor text."""
        import pypdfium2.raw as raw

        tp = self._load().raw
        if self._buffer is None:
            self._buffer = (ctypes.c_ushort * (MAX_ANCHOR * 4 + 1))()
        # One call: pdfium copies at most the buffer's length (the text and its terminating NUL)
        # and says how many it copied; the anchor is cut at MAX_ANCHOR * 4 characters.
        got = raw.FPDFText_GetBoundedText(tp, left, top, right, bottom, self._buffer, MAX_ANCHOR * 4 + 1)
        if got <= 0:
            return ""
        return clean(ctypes.string_at(self._buffer, got * 2).decode("utf-16-le", "replace"))

    def inside(self, rects: Sequence[tuple[float, float, float, float]]) -> str:
        """The characters whose centre lies in one of ``rects`` (left, bottom, right, top), in
        reading order: what a highlight or underline marks, without the neighbouring lines its
        quads overlap."""
        import pypdfium2.raw as raw

        textpage = self._load()
        tp = textpage.raw
        n = raw.FPDFText_CountChars(tp)
        if n <= 0:
            return ""
        left, right, bottom, top = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
        runs: list[tuple[int, int]] = []
        start = -1
        last = -1
        for i in range(n):
            if not raw.FPDFText_GetCharBox(tp, i, left, right, bottom, top):
                continue
            if right.value <= left.value and top.value <= bottom.value:
                continue  # a generated space or line break: it neither starts nor ends a run
            cx, cy = (left.value + right.value) / 2, (bottom.value + top.value) / 2
            hit = any(r[0] <= cx <= r[2] and r[1] <= cy <= r[3] for r in rects)
            if hit:
                if start < 0:
                    start = i
                last = i
            elif start >= 0:
                runs.append((start, last))
                start = -1
        if start >= 0:
            runs.append((start, last))
        parts = [textpage.get_text_range(a, b - a + 1) for a, b in runs[:1000]]
        return clean(" ".join(parts))

    def close(self) -> None:
        if self.textpage is not None and self._owned:
            self.textpage.close()
        self.textpage = None


def clean(text: str) -> str:
    """Page text as one line: pdfium's line-end hyphen marks (U+0002, U+FFFE) rejoin the word."""
    text = re.sub("[\x02\ufffe\u00ad]\\s*", "", text.replace("\x00", " "))
    return " ".join(text.split())[:MAX_ANCHOR]


def wide(fn: Callable[..., int], *args: Any) -> str:
    """A UTF-16LE string from a pdfium getter taking (..., buffer, buffer_length_in_bytes)."""
    n = int(fn(*args, None, 0))
    if n <= 2:
        return ""
    units = (n + 1) // 2
    buf = (ctypes.c_ushort * units)()
    fn(*args, buf, units * 2)
    text = bytes(buf)[: (units - 1) * 2].decode("utf-16-le", "replace")
    return text.split("\x00", 1)[0][:MAX_STRING]


def bytes_string(fn: Callable[..., int], *args: Any) -> str:
    """A NUL-terminated byte string (UTF-8 or 7-bit ASCII) from a pdfium getter."""
    n = int(fn(*args, None, 0))
    if n <= 1:
        return ""
    buf = ctypes.create_string_buffer(n)
    fn(*args, buf, n)
    return buf.value.decode("utf-8", "replace")[:MAX_STRING]


def read_page_annotations(
    raw: Any, doc: Any, page: Any, index: int, space: PageSpace, text: LazyTextPage, limit: int = MAX_ITEMS
) -> tuple[PageAnnotations, int]:
    """The links and annotations of one loaded page (at most ``limit`` items), and how many
    were read. Pop-ups and form widgets are neither (fields are read with a form environment)."""
    links: list[Link] = []
    notes: list[Annotation] = []
    with closing(annotations_of(raw, page)) as annots:
        for annot, subtype in annots:
            if len(links) + len(notes) >= limit:
                break
            if subtype == LINK:
                links.append(link(raw, doc, annot, index, space, text))
            elif subtype not in NOT_ANNOTATIONS:
                notes.append(annotation(raw, annot, subtype, index, space, text))
    return PageAnnotations(page=index, links=tuple(links), annotations=tuple(notes)), len(links) + len(notes)
