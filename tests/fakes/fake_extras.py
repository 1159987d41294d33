"""An in-memory DocumentExtras (and AttachmentReader): documents are registered by path."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import define, field

from pdfcore.errors import ExtractionFailed, InvalidArgument, MalformedPdf, PageOutOfRange, PasswordRequired
from pdfcore.extras import Annotation, Attachment, FormField, Link, PageAnnotations, XfaForm
from pdfcore.models import Box, DocumentSource
from ports.document_extras import DocumentExtras


@define
class FakeExtrasDocument:
    page_count: int
    #: (description, data or None when unreadable)
    files: list[tuple[Attachment, bytes | None]] = field(factory=list)
    fields: list[FormField] = field(factory=list)
    links: list[Link] = field(factory=list)
    annotations: list[Annotation] = field(factory=list)
    xfa: XfaForm = field(factory=lambda: XfaForm(form_type="none"))
    password: str | None = None


class FakeDocumentExtras(DocumentExtras):
    name = "fake"

    def __init__(self, documents: dict[str, FakeExtrasDocument] | None = None) -> None:
        self.documents = dict(documents or {})
        self.calls: list[str] = []

    def _doc(self, source: DocumentSource) -> FakeExtrasDocument:
        doc = self.documents.get(source.path)
        if doc is None:
            raise MalformedPdf("The file is not a readable PDF (damaged, truncated or another format).")
        if doc.password is not None and source.password != doc.password:
            raise PasswordRequired("The document is encrypted and needs a password.")
        return doc

    def attachments(self, source: DocumentSource) -> tuple[Attachment, ...]:
        self.calls.append("attachments")
        return tuple(a for a, _ in self._doc(source).files)

    def attachment_data(self, source: DocumentSource, index: int) -> bytes:
        self.calls.append("attachment_data")
        files = self._doc(source).files
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(files):
            raise InvalidArgument(f"There is no attachment {index + 1 if isinstance(index, int) else index}.")
        data = files[index][1]
        if data is None:
            raise ExtractionFailed("This embedded file's data cannot be read.")
        return data

    def form_fields(self, source: DocumentSource) -> tuple[FormField, ...]:
        self.calls.append("form_fields")
        return tuple(self._doc(source).fields)

    def page_annotations(self, source: DocumentSource, pages: Sequence[int]) -> tuple[PageAnnotations, ...]:
        self.calls.append("page_annotations")
        doc = self._doc(source)
        out = []
        for i in pages:
            if not 0 <= i < doc.page_count:
                raise PageOutOfRange(f"Page {i + 1} does not exist; the document has {doc.page_count} page(s).")
            out.append(
                PageAnnotations(
                    page=i,
                    links=tuple(link for link in doc.links if link.page == i),
                    annotations=tuple(a for a in doc.annotations if a.page == i),
                )
            )
        return tuple(out)

    def xfa(self, source: DocumentSource) -> XfaForm:
        self.calls.append("xfa")
        return self._doc(source).xfa


def like_extras_document() -> FakeExtrasDocument:
    """The fake twin of :func:`tests.extrasgen.extras_document` (same names, values, texts)."""
    from tests import extrasgen as g

    files: list[tuple[Attachment, bytes | None]] = []
    for k, (name, data, mime, desc) in enumerate(g.EMBEDDED):
        files.append(
            (
                Attachment(
                    index=k,
                    name=name,
                    size=len(data),
                    mime_type=mime,
                    description=desc,
                    modified="D:20240301120000Z",
                    relationship="Alternative" if name == "invoice.xml" else None,
                ),
                data,
            )
        )
    files.append(
        (
            Attachment(
                index=len(files), name=g.ANNOT_FILE[0], size=len(g.ANNOT_FILE[1]), mime_type="text/plain", page=1
            ),
            g.ANNOT_FILE[1],
        )
    )
    h = float(g.PAGE_H)
    fields = [
        FormField(
            "customer",
            "text",
            "ACME Corporation",
            0,
            Box(300, h - 580, 500, h - 560),
            required=True,
            alternate_name="Customer name",
            flags=2,
        ),
        FormField("agree", "checkbox", "Yes", 0, Box(300, h - 542, 312, h - 530), export_value="Yes", checked=True),
        FormField(
            "country",
            "combobox",
            "Germany",
            0,
            Box(300, h - 520, 400, h - 500),
            options=g.COUNTRY_OPTIONS,
            selected=("Germany",),
            flags=1 << 17,
        ),
        FormField("pin", "text", None, 0, Box(300, h - 490, 400, h - 470), flags=1 << 13),
        FormField(
            "notes",
            "text",
            "Deliver to the back door",
            0,
            Box(300, h - 460, 500, h - 400),
            read_only=True,
            multiline=True,
            flags=1 | 1 << 12,
        ),
    ]
    links = [
        Link(0, Box(70, h - 694, 240, h - 676), "uri", uri=g.LINK_URI, text="Read our terms of sale online"),
        Link(0, Box(70, h - 664, 200, h - 646), "goto", target_page=1, text="Go to the second page"),
    ]
    annotations = [
        Annotation(
            0,
            "Text",
            Box(400, h - 720, 420, h - 700),
            author=g.NOTE_AUTHOR,
            contents=g.NOTE_CONTENTS,
            modified=g.NOTE_DATE,
        ),
        Annotation(0, "Highlight", Box(70, h - 634, 260, h - 615), author=g.NOTE_AUTHOR, marked_text=g.HIGHLIGHTED),
        Annotation(0, "Text", Box(500, h - 720, 520, h - 700), contents=g.HIDDEN_CONTENTS, hidden=True),
        Annotation(1, "FileAttachment", Box(72, h - 620, 92, h - 600), author=g.NOTE_AUTHOR, contents="Delivery note"),
    ]
    return FakeExtrasDocument(
        page_count=2, files=files, fields=fields, links=links, annotations=annotations, xfa=XfaForm("acroform")
    )


def like_xfa_document() -> FakeExtrasDocument:
    """The fake twin of :func:`tests.extrasgen.xfa_document` (dynamic)."""
    from tests import extrasgen as g

    return FakeExtrasDocument(
        page_count=1, xfa=XfaForm("xfa_full", packets=("template", "datasets"), datasets=g.XFA_DATASETS)
    )
