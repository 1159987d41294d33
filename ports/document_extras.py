"""DocumentExtras: what a PDF carries besides page text (files, fields, links, notes, XFA)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pdfcore.extras import FormField, PageAnnotations, XfaForm
from pdfcore.models import DocumentSource
from ports.attachment_reader import AttachmentReader


class DocumentExtras(AttachmentReader, Protocol):
    """Reads embedded files (see :class:`~ports.attachment_reader.AttachmentReader`), AcroForm
    fields, links, annotations and the XFA form of a document.

    Contract (besides the attachment contract):

    - Page indexes are 0-based (``pages`` arguments and every ``page`` field). Geometry is in page
      space: PDF points, top-left origin of the page as displayed (after /Rotate), relative to
      the crop box.
    - ``form_fields`` returns one entry per widget of every AcroForm field, in page order. The
      value of a password field is never returned (None).
    - ``page_annotations`` returns one :class:`~pdfcore.extras.PageAnnotations` per requested
      page, in the order asked for: the page's links, and its other annotations (links, form
      widgets and pop-ups excluded). Pages outside the document raise ``page_out_of_range``.
    - ``xfa`` reads no page: the form type and the XFA packets.
    - Results are plain frozen values (picklable: implementations may run in another process).
    - Implementations are safe to call from several threads (they serialise internally).

    Errors that may escape: ``password_required``, ``password_incorrect``, ``malformed_pdf``,
    ``extraction_failed``, ``page_out_of_range``, ``invalid_argument``, ``file_changed``.
    """

    def form_fields(self, source: DocumentSource) -> tuple[FormField, ...]: ...

    def page_annotations(self, source: DocumentSource, pages: Sequence[int]) -> tuple[PageAnnotations, ...]: ...

    def xfa(self, source: DocumentSource) -> XfaForm: ...
