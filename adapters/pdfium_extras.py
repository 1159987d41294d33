"""DocumentExtras on pdfium: embedded files, AcroForm fields, links, annotations, XFA packets.

Everything goes through pdfium's C API (pypdfium2's raw bindings) under the one pdfium lock.
Form fields need a form-fill environment; it is created on a private handle of the document,
never on the shared one the text extractor and renderer use, so reading fields cannot change how
pages render (a form environment may generate appearance streams).
"""

from __future__ import annotations

import ctypes
import logging
import re
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import closing, contextmanager
from typing import Any

from adapters._pdfium import PageSpace, check_page, pdfium_document
from pdfcore.errors import ExtractionFailed, InvalidArgument
from pdfcore.extras import Annotation, Attachment, FormField, Link, PageAnnotations, XfaForm
from pdfcore.models import Box, DocumentSource
from ports.document_extras import DocumentExtras

log = logging.getLogger(__name__)

#: Most items one call returns (a hostile document may hold millions of annotations).
MAX_ITEMS = 10_000
#: Longest string kept from one field (contents, values, URIs), in characters.
MAX_STRING = 100_000
#: Largest XFA datasets packet kept, in bytes.
MAX_DATASETS_BYTES = 2 * 1024 * 1024
#: Longest anchor / marked text kept, in characters.
MAX_ANCHOR = 1000

_SUBTYPES = {
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
_LINK, _POPUP, _FILE, _WIDGET, _XFA_WIDGET = 2, 16, 17, 20, 27
_MARKUP = frozenset({9, 10, 11, 12})  # Highlight, Underline, Squiggly, StrikeOut
_NOT_ANNOTATIONS = frozenset({_LINK, _POPUP, _WIDGET, _XFA_WIDGET})

_FIELD_TYPES = {
    1: "pushbutton",
    2: "checkbox",
    3: "radio",
    4: "combobox",
    5: "listbox",
    6: "text",
    7: "signature",
}
_FLAG_READONLY = 1
_FLAG_REQUIRED = 1 << 1
_FLAG_MULTILINE = 1 << 12
_FLAG_PASSWORD = 1 << 13
_HIDDEN_FLAGS = 1 | 2 | 32  # invisible, hidden, no-view

_LINK_KINDS = {1: "goto", 2: "remote_goto", 3: "uri", 4: "launch", 5: "embedded_goto"}
_FORM_TYPES = {0: "none", 1: "acroform", 2: "xfa_full", 3: "xfa_foreground"}


class PdfiumDocumentExtras(DocumentExtras):
    """Reads what a PDF carries besides page text with pdfium (pypdfium2)."""

    name = "pdfium"

    # -- embedded files ------------------------------------------------------------------------

    def attachments(self, source: DocumentSource) -> tuple[Attachment, ...]:
        import pypdfium2.raw as raw

        with pdfium_document(source) as doc:
            return tuple(
                _attachment(raw, handle, index, page)
                for index, (handle, page) in enumerate(_attachment_handles(raw, doc))
            )

    def attachment_data(self, source: DocumentSource, index: int) -> bytes:
        import pypdfium2.raw as raw

        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise InvalidArgument("attachment index must be a non-negative integer.")
        with pdfium_document(source) as doc:
            # Document-level files come first: no page needs loading to reach them.
            handles = _attachment_handles(raw, doc, pages=index >= raw.FPDFDoc_GetAttachmentCount(doc.raw))
            if index >= len(handles):
                raise InvalidArgument(
                    f"There is no attachment {index + 1} in this document.",
                    recovery="List the attachments (pdf_attachments without 'attachment') and pick a name or number.",
                )
            data = _file_bytes(raw, handles[index][0])
        if data is None:
            raise ExtractionFailed(
                "The PDF engine cannot read this embedded file's data (its file specification does not "
                "point at a readable stream).",
                recovery="Other attachments may still be readable; list them with pdf_attachments.",
            )
        return data

    # -- form fields -----------------------------------------------------------------------------

    def form_fields(self, source: DocumentSource) -> tuple[FormField, ...]:
        import pypdfium2.raw as raw

        with pdfium_document(source) as doc:
            if doc.get_formtype() == raw.FORMTYPE_NONE:
                return ()
            out: list[FormField] = []
            with _private_form(source) as (pdf, hform):
                for i in range(len(pdf)):
                    page = pdf[i]
                    # Some field properties (export values) are only known once the form
                    # environment has seen the page.
                    raw.FORM_OnAfterLoadPage(page.raw, hform)
                    try:
                        space = PageSpace(page)
                        with closing(_annotations(raw, page)) as annots:
                            for annot, subtype in annots:
                                if subtype == _WIDGET:
                                    out.append(_field(raw, hform, annot, i, space))
                    finally:
                        raw.FORM_OnBeforeClosePage(page.raw, hform)
                        page.close()
                    if len(out) >= MAX_ITEMS:
                        break
            return tuple(out[:MAX_ITEMS])

    # -- links and annotations ---------------------------------------------------------------------

    def page_annotations(self, source: DocumentSource, pages: Sequence[int]) -> tuple[PageAnnotations, ...]:
        import pypdfium2.raw as raw

        out: list[PageAnnotations] = []
        total = 0
        for index in pages:
            links: list[Link] = []
            notes: list[Annotation] = []
            with pdfium_document(source) as doc:
                check_page(doc, index)
                page = doc[index]
                try:
                    space = PageSpace(page)
                    text = _LazyTextPage(page)
                    try:
                        with closing(_annotations(raw, page)) as annots:
                            for annot, subtype in annots:
                                if total >= MAX_ITEMS:
                                    break
                                if subtype == _LINK:
                                    links.append(_link(raw, doc, annot, index, space, text))
                                    total += 1
                                elif subtype not in _NOT_ANNOTATIONS:
                                    notes.append(_annotation(raw, annot, subtype, index, space, text))
                                    total += 1
                    finally:
                        text.close()
                finally:
                    page.close()
            out.append(PageAnnotations(page=index, links=tuple(links), annotations=tuple(notes)))
        return tuple(out)

    # -- XFA ---------------------------------------------------------------------------------------

    def xfa(self, source: DocumentSource) -> XfaForm:
        import pypdfium2.raw as raw

        with pdfium_document(source) as doc:
            form_type = _FORM_TYPES.get(int(doc.get_formtype()), "none")
            n = raw.FPDF_GetXFAPacketCount(doc.raw)
            names: list[str] = []
            datasets: str | None = None
            truncated = False
            for i in range(max(0, n)):
                name = _packet_name(raw, doc, i)
                names.append(name)
                if datasets is None and name.rsplit(":", 1)[-1] == "datasets":
                    content, truncated = _packet_content(raw, doc, i)
                    datasets = content.decode("utf-8", "replace")
            return XfaForm(form_type=form_type, packets=tuple(names), datasets=datasets, datasets_truncated=truncated)


# ---------------------------------------------------------------------------------------------
# Attachments


def _attachment_handles(raw: Any, doc: Any, *, pages: bool = True) -> list[tuple[Any, int | None]]:
    """(FPDF_ATTACHMENT, page) for every embedded file: document level, then (``pages``) those of
    file-attachment annotations. The handles point into the document (not the page or
    annotation), so they stay valid."""
    out: list[tuple[Any, int | None]] = []
    count = max(0, raw.FPDFDoc_GetAttachmentCount(doc.raw))
    for i in range(min(count, MAX_ITEMS)):
        handle = raw.FPDFDoc_GetAttachment(doc.raw, i)
        if handle:
            out.append((handle, None))
    for i in range(len(doc) if pages else 0):
        page = doc[i]
        try:
            with closing(_annotations(raw, page)) as annots:
                for annot, subtype in annots:
                    if subtype == _FILE:
                        handle = raw.FPDFAnnot_GetFileAttachment(annot)
                        if handle:
                            out.append((handle, i))
        finally:
            page.close()
        if len(out) >= MAX_ITEMS:
            break
    return out


def _attachment(raw: Any, handle: Any, index: int, page: int | None) -> Attachment:
    n = ctypes.c_ulong(0)
    readable = bool(raw.FPDFAttachment_GetFile(handle, None, 0, ctypes.byref(n)))
    return Attachment(
        index=index,
        name=_wide(raw.FPDFAttachment_GetName, handle) or f"attachment-{index + 1}",
        size=int(n.value) if readable else None,
        mime_type=_wide(raw.FPDFAttachment_GetSubtype, handle) or None,
        description=_wide(raw.FPDFAttachment_GetDescription, handle) or None,
        created=_attachment_param(raw, handle, b"CreationDate"),
        modified=_attachment_param(raw, handle, b"ModDate"),
        relationship=_wide(raw.FPDFAttachment_GetAFRelationship, handle) or None,
        page=page,
    )


def _attachment_param(raw: Any, handle: Any, key: bytes) -> str | None:
    if not raw.FPDFAttachment_HasKey(handle, key):
        return None
    return _wide(raw.FPDFAttachment_GetStringValue, handle, key) or None


def _file_bytes(raw: Any, handle: Any) -> bytes | None:
    n = ctypes.c_ulong(0)
    if not raw.FPDFAttachment_GetFile(handle, None, 0, ctypes.byref(n)):
        return None
    if n.value == 0:
        return b""
    buf = ctypes.create_string_buffer(n.value)
    out = ctypes.c_ulong(0)
    if not raw.FPDFAttachment_GetFile(handle, buf, n.value, ctypes.byref(out)):
        return None
    return buf.raw[: min(n.value, out.value)]


# ---------------------------------------------------------------------------------------------
# Pages, annotations, fields, links


def _annotations(raw: Any, page: Any) -> Generator[tuple[Any, int], None, None]:
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


def _rect(raw: Any, annot: Any, space: PageSpace) -> tuple[Box, tuple[float, float, float, float]]:
    """The annotation's box in page space, and its PDF rect (left, bottom, right, top)."""
    r = raw.FS_RECTF()
    if not raw.FPDFAnnot_GetRect(annot, r):
        return Box(0.0, 0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 0.0)
    left, right = sorted((float(r.left), float(r.right)))
    bottom, top = sorted((float(r.bottom), float(r.top)))
    return space.box(left, bottom, right, top), (left, bottom, right, top)


def _field(raw: Any, hform: Any, annot: Any, page: int, space: PageSpace) -> FormField:
    flags = max(0, int(raw.FPDFAnnot_GetFormFieldFlags(hform, annot)))
    ftype = _FIELD_TYPES.get(int(raw.FPDFAnnot_GetFormFieldType(hform, annot)), "unknown")
    options: list[str] = []
    selected: list[str] = []
    if ftype in ("combobox", "listbox"):
        for j in range(min(max(0, raw.FPDFAnnot_GetOptionCount(hform, annot)), MAX_ITEMS)):
            label = _wide(raw.FPDFAnnot_GetOptionLabel, hform, annot, j)
            options.append(label)
            if raw.FPDFAnnot_IsOptionSelected(hform, annot, j):
                selected.append(label)
    value: str | None = _wide(raw.FPDFAnnot_GetFormFieldValue, hform, annot)
    if flags & _FLAG_PASSWORD and ftype == "text":
        value = None  # a password field's value is a secret, never returned
    checked = bool(raw.FPDFAnnot_IsChecked(hform, annot)) if ftype in ("checkbox", "radio") else None
    box, _ = _rect(raw, annot, space)
    return FormField(
        name=_wide(raw.FPDFAnnot_GetFormFieldName, hform, annot),
        field_type=ftype,
        value=value,
        page=page,
        bbox=box,
        options=tuple(options),
        selected=tuple(selected),
        export_value=(_wide(raw.FPDFAnnot_GetFormFieldExportValue, hform, annot) or None)
        if ftype in ("checkbox", "radio")
        else None,
        checked=checked,
        read_only=bool(flags & _FLAG_READONLY),
        required=bool(flags & _FLAG_REQUIRED),
        alternate_name=_wide(raw.FPDFAnnot_GetFormFieldAlternateName, hform, annot) or None,
        multiline=bool(flags & _FLAG_MULTILINE) and ftype == "text",
        flags=flags,
    )


def _link(raw: Any, doc: Any, annot: Any, page: int, space: PageSpace, text: _LazyTextPage) -> Link:
    box, pdf_rect = _rect(raw, annot, space)
    link = raw.FPDFAnnot_GetLink(annot)
    kind = "unsupported"
    uri: str | None = None
    file_path: str | None = None
    dest: Any = None
    if link:
        action = raw.FPDFLink_GetAction(link)
        if action:
            kind = _LINK_KINDS.get(int(raw.FPDFAction_GetType(action)), "unsupported")
            if kind == "uri":
                uri = _bytes_string(raw.FPDFAction_GetURIPath, doc.raw, action) or None
            elif kind in ("remote_goto", "launch", "embedded_goto"):
                file_path = _bytes_string(raw.FPDFAction_GetFilePath, action) or None
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


def _annotation(raw: Any, annot: Any, subtype: int, page: int, space: PageSpace, text: _LazyTextPage) -> Annotation:
    box, _ = _rect(raw, annot, space)
    marked: str | None = None
    if subtype in _MARKUP:
        quads: list[tuple[float, float, float, float]] = []
        quad = raw.FS_QUADPOINTSF()
        for q in range(min(max(0, raw.FPDFAnnot_CountAttachmentPoints(annot)), 1000)):
            if raw.FPDFAnnot_GetAttachmentPoints(annot, q, quad):
                xs = (quad.x1, quad.x2, quad.x3, quad.x4)
                ys = (quad.y1, quad.y2, quad.y3, quad.y4)
                quads.append((min(xs), min(ys), max(xs), max(ys)))
        if not quads:  # no quad points: the rectangle is the marked area
            quads.append(_rect(raw, annot, space)[1])
        marked = text.inside(quads) or None
    flags = int(raw.FPDFAnnot_GetFlags(annot))
    return Annotation(
        page=page,
        subtype=_SUBTYPES.get(subtype, "Unknown"),
        bbox=box,
        author=_annot_string(raw, annot, b"T"),
        contents=_annot_string(raw, annot, b"Contents"),
        subject=_annot_string(raw, annot, b"Subj"),
        modified=_annot_string(raw, annot, b"M"),
        marked_text=marked,
        hidden=bool(flags & _HIDDEN_FLAGS),
    )


def _annot_string(raw: Any, annot: Any, key: bytes) -> str | None:
    if not raw.FPDFAnnot_HasKey(annot, key):
        return None
    return _wide(raw.FPDFAnnot_GetStringValue, annot, key) or None


class _LazyTextPage:
    """The page's text page, loaded on the first bounded-text request (most pages need none)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.textpage: Any = None

    def _load(self) -> Any:
        if self.textpage is None:
            self.textpage = self.page.get_textpage()
        return self.textpage

    def bounded(self, left: float, bottom: float, right: float, top: float) -> str:
        """The text inside a rectangle (PDF user space), e.g. a link's anchor text."""
        import pypdfium2.raw as raw

        tp = self._load().raw
        n = raw.FPDFText_GetBoundedText(tp, left, top, right, bottom, None, 0)
        if n <= 0:
            return ""
        n = min(n, MAX_ANCHOR * 4)
        buf = (ctypes.c_ushort * (n + 1))()
        got = raw.FPDFText_GetBoundedText(tp, left, top, right, bottom, buf, n + 1)
        return _clean(bytes(buf)[: max(0, got) * 2].decode("utf-16-le", "replace"))

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
        return _clean(" ".join(parts))

    def close(self) -> None:
        if self.textpage is not None:
            self.textpage.close()
            self.textpage = None


# ---------------------------------------------------------------------------------------------
# Forms: a private document handle with a form-fill environment


@contextmanager
def _private_form(source: DocumentSource) -> Iterator[tuple[Any, Any]]:
    """A second handle on the document with a form environment. Call holding the pdfium lock
    (inside ``pdfium_document``, which also translates engine errors)."""
    import pypdfium2
    import pypdfium2.raw as raw

    pdf = pypdfium2.PdfDocument(source.path, password=source.password)
    try:
        info = raw.FPDF_FORMFILLINFO(version=2)
        hform = raw.FPDFDOC_InitFormFillEnvironment(pdf.raw, info)
        if not hform:
            raise ExtractionFailed("The PDF engine could not read this document's form.")
        try:
            yield pdf, hform
        finally:
            raw.FPDFDOC_ExitFormFillEnvironment(hform)
            del info
    finally:
        pdf.close()


# ---------------------------------------------------------------------------------------------
# XFA packets


def _packet_name(raw: Any, doc: Any, index: int) -> str:
    n = raw.FPDF_GetXFAPacketName(doc.raw, index, None, 0)
    if n <= 0:
        return ""
    buf = ctypes.create_string_buffer(n)
    raw.FPDF_GetXFAPacketName(doc.raw, index, buf, n)
    return buf.value.decode("utf-8", "replace")


def _packet_content(raw: Any, doc: Any, index: int) -> tuple[bytes, bool]:
    size = ctypes.c_ulong(0)
    if not raw.FPDF_GetXFAPacketContent(doc.raw, index, None, 0, ctypes.byref(size)) or size.value == 0:
        return b"", False
    buf = ctypes.create_string_buffer(size.value)
    out = ctypes.c_ulong(0)
    if not raw.FPDF_GetXFAPacketContent(doc.raw, index, buf, size.value, ctypes.byref(out)):
        return b"", False
    data = buf.raw[: min(size.value, out.value)]
    if len(data) > MAX_DATASETS_BYTES:
        return data[:MAX_DATASETS_BYTES], True
    return data, False


# ---------------------------------------------------------------------------------------------
# Strings out of pdfium


def _clean(text: str) -> str:
    """Page text as one line: pdfium's line-end hyphen marks (U+0002, U+FFFE) rejoin the word."""
    text = re.sub("[\x02\ufffe\u00ad]\\s*", "", text.replace("\x00", " "))
    return " ".join(text.split())[:MAX_ANCHOR]


def _wide(fn: Callable[..., int], *args: Any) -> str:
    """A UTF-16LE string from a pdfium getter taking (..., buffer, buffer_length_in_bytes)."""
    n = int(fn(*args, None, 0))
    if n <= 2:
        return ""
    units = (n + 1) // 2
    buf = (ctypes.c_ushort * units)()
    fn(*args, buf, units * 2)
    text = bytes(buf)[: (units - 1) * 2].decode("utf-16-le", "replace")
    return text.split("\x00", 1)[0][:MAX_STRING]


def _bytes_string(fn: Callable[..., int], *args: Any) -> str:
    """A NUL-terminated byte string (UTF-8 or 7-bit ASCII) from a pdfium getter."""
    n = int(fn(*args, None, 0))
    if n <= 1:
        return ""
    buf = ctypes.create_string_buffer(n)
    fn(*args, buf, n)
    return buf.value.decode("utf-8", "replace")[:MAX_STRING]
