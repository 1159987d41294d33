"""DocumentExtras on pdfium: embedded files, AcroForm fields, links, annotations, XFA packets.

Everything goes through pdfium's C API (pypdfium2's raw bindings) under the one pdfium lock.
Form fields need a form-fill environment; it is created on a private handle of the document,
never on the shared one the text extractor and renderer use, so reading fields cannot change how
pages render (a form environment may generate appearance streams).
"""

from __future__ import annotations

import ctypes
import logging
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from typing import Any

from adapters._pdfium import PageSpace, check_page, pdfium_document
from adapters._pdfium_annots import (
    FILE_ATTACHMENT,
    MAX_ITEMS,
    WIDGET,
    LazyTextPage,
    annotations_of,
    read_page_annotations,
    rect,
    wide,
)
from pdfcore.errors import ExtractionFailed, InvalidArgument
from pdfcore.extras import Attachment, FormField, PageAnnotations, XfaForm
from pdfcore.models import DocumentSource
from pdfcore.nextcalls import call, where
from ports.document_extras import DocumentExtras

log = logging.getLogger(__name__)

#: Largest XFA datasets packet kept, in bytes.
MAX_DATASETS_BYTES = 2 * 1024 * 1024

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
                    recovery="Pick a name or number the attachments list holds"
                    + where(" (" + call("attachments") + ")")
                    + ".",
                )
            data = _file_bytes(raw, handles[index][0])
        if data is None:
            raise ExtractionFailed(
                "The PDF engine cannot read this embedded file's data (its file specification does not "
                "point at a readable stream).",
                recovery="Other attachments may still be readable"
                + where("; list them with " + call("attachments"))
                + ".",
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
                        with closing(annotations_of(raw, page)) as annots:
                            for annot, subtype in annots:
                                if subtype == WIDGET:
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
            with pdfium_document(source) as doc:
                check_page(doc, index)
                page = doc[index]
                try:
                    text = LazyTextPage(page)
                    try:
                        found, n = read_page_annotations(
                            raw, doc, page, index, PageSpace(page), text, MAX_ITEMS - total
                        )
                    finally:
                        text.close()
                finally:
                    page.close()
            total += n
            out.append(found)
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
            with closing(annotations_of(raw, page)) as annots:
                for annot, subtype in annots:
                    if subtype == FILE_ATTACHMENT:
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
        name=wide(raw.FPDFAttachment_GetName, handle) or f"attachment-{index + 1}",
        size=int(n.value) if readable else None,
        mime_type=wide(raw.FPDFAttachment_GetSubtype, handle) or None,
        description=wide(raw.FPDFAttachment_GetDescription, handle) or None,
        created=_attachment_param(raw, handle, b"CreationDate"),
        modified=_attachment_param(raw, handle, b"ModDate"),
        relationship=wide(raw.FPDFAttachment_GetAFRelationship, handle) or None,
        page=page,
    )


def _attachment_param(raw: Any, handle: Any, key: bytes) -> str | None:
    if not raw.FPDFAttachment_HasKey(handle, key):
        return None
    return wide(raw.FPDFAttachment_GetStringValue, handle, key) or None


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


def _field(raw: Any, hform: Any, annot: Any, page: int, space: PageSpace) -> FormField:
    flags = max(0, int(raw.FPDFAnnot_GetFormFieldFlags(hform, annot)))
    ftype = _FIELD_TYPES.get(int(raw.FPDFAnnot_GetFormFieldType(hform, annot)), "unknown")
    options: list[str] = []
    selected: list[str] = []
    if ftype in ("combobox", "listbox"):
        for j in range(min(max(0, raw.FPDFAnnot_GetOptionCount(hform, annot)), MAX_ITEMS)):
            label = wide(raw.FPDFAnnot_GetOptionLabel, hform, annot, j)
            options.append(label)
            if raw.FPDFAnnot_IsOptionSelected(hform, annot, j):
                selected.append(label)
    value: str | None = wide(raw.FPDFAnnot_GetFormFieldValue, hform, annot)
    if flags & _FLAG_PASSWORD and ftype == "text":
        value = None  # a password field's value is a secret, never returned
    checked = bool(raw.FPDFAnnot_IsChecked(hform, annot)) if ftype in ("checkbox", "radio") else None
    box, _ = rect(raw, annot, space)
    return FormField(
        name=wide(raw.FPDFAnnot_GetFormFieldName, hform, annot),
        field_type=ftype,
        value=value,
        page=page,
        bbox=box,
        options=tuple(options),
        selected=tuple(selected),
        export_value=(wide(raw.FPDFAnnot_GetFormFieldExportValue, hform, annot) or None)
        if ftype in ("checkbox", "radio")
        else None,
        checked=checked,
        read_only=bool(flags & _FLAG_READONLY),
        required=bool(flags & _FLAG_REQUIRED),
        alternate_name=wide(raw.FPDFAnnot_GetFormFieldAlternateName, hform, annot) or None,
        multiline=bool(flags & _FLAG_MULTILINE) and ftype == "text",
        flags=flags,
    )


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
