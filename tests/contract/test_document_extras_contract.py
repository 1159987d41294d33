"""The DocumentExtras contract, run against the fake, the pdfium adapter (in process and in the
engine workers), and — for the attachment part — the pdfminer attachment reader."""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import Any

import pytest

from pdfcore.errors import InvalidArgument, PageOutOfRange
from pdfcore.extras import FIELD_TYPES, FORM_TYPES, LINK_KINDS
from pdfcore.models import DocumentSource, Fingerprint, PageAnnotations
from ports.attachment_reader import AttachmentReader
from ports.document_extras import DocumentExtras
from ports.text_extractor import TextExtractor
from tests import extrasgen as g
from tests.contract.conftest import isolated_adapter
from tests.fakes.fake_extras import FakeDocumentExtras, like_extras_document, like_xfa_document
from tests.pdfgen import simple_document

EXTRAS = ["fake", "pdfium", "pdfium-isolated"]
READERS = [*EXTRAS, "pdfminer", "pdfminer-isolated"]


def _source(path: Path) -> DocumentSource:
    st = os.stat(path)
    return DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "e" * 64))


def _make(kind: str, docs: dict[str, Any], pool: Any) -> Any:
    if kind == "fake":
        return FakeDocumentExtras(docs)
    if kind == "pdfium":
        from adapters.pdfium_extras import PdfiumDocumentExtras

        return PdfiumDocumentExtras()
    if kind == "pdfium-isolated":
        return isolated_adapter(DocumentExtras, "adapters.pdfium_extras:PdfiumDocumentExtras", pool)
    if kind == "pdfminer-isolated":
        return isolated_adapter(AttachmentReader, "adapters.pdfminer_attachments:PdfminerAttachmentReader", pool)
    from adapters.pdfminer_attachments import PdfminerAttachmentReader

    return PdfminerAttachmentReader()


@pytest.fixture(scope="module")
def pool(engine_pool: Any) -> Any:
    return engine_pool


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("extras")
    return g.extras_document(folder / "extras.pdf"), g.xfa_document(folder / "xfa.pdf")


@pytest.fixture(params=EXTRAS)
def extras(
    request: pytest.FixtureRequest, files: tuple[Path, Path], pool: Any
) -> tuple[Any, DocumentSource, DocumentSource]:
    doc, xfa = files
    backend = _make(request.param, {str(doc): like_extras_document(), str(xfa): like_xfa_document()}, pool)
    return backend, _source(doc), _source(xfa)


@pytest.fixture(params=READERS)
def reader(request: pytest.FixtureRequest, files: tuple[Path, Path], pool: Any) -> tuple[Any, DocumentSource]:
    doc, _ = files
    return _make(request.param, {str(doc): like_extras_document()}, pool), _source(doc)


# -- attachments ---------------------------------------------------------------------------------


def test_attachments_are_listed_in_order_with_sizes_and_pages(reader: Any) -> None:
    backend, src = reader
    listed = backend.attachments(src)
    assert [a.name for a in listed] == [*(e[0] for e in g.EMBEDDED), g.ANNOT_FILE[0]]
    assert [a.index for a in listed] == list(range(len(listed)))
    assert [a.size for a in listed] == [*(len(e[1]) for e in g.EMBEDDED), len(g.ANNOT_FILE[1])]
    assert [a.page for a in listed] == [None] * len(g.EMBEDDED) + [1]
    first = listed[0]
    assert first.mime_type == "text/xml"
    assert first.description == "Factur-X invoice data"
    assert first.relationship == "Alternative"
    assert listed[1].mime_type is None
    assert pickle.loads(pickle.dumps(listed)) == listed


def test_attachment_data_is_the_decoded_file(reader: Any) -> None:
    backend, src = reader
    assert backend.attachment_data(src, 0) == g.INVOICE_XML
    assert backend.attachment_data(src, 2) == g.PHOTO_PNG
    assert backend.attachment_data(src, 3) == g.BINARY
    assert backend.attachment_data(src, len(g.EMBEDDED)) == g.ANNOT_FILE[1]


def test_attachment_index_outside_the_listing_is_invalid(reader: Any) -> None:
    backend, src = reader
    with pytest.raises(InvalidArgument):
        backend.attachment_data(src, len(g.EMBEDDED) + 1)
    with pytest.raises(InvalidArgument):
        backend.attachment_data(src, -1)


# -- form fields ---------------------------------------------------------------------------------


def test_form_fields_values_types_flags(extras: Any) -> None:
    backend, src, _ = extras
    fields = backend.form_fields(src)
    assert [(f.name, f.field_type, f.value) for f in fields] == list(g.FIELDS)
    assert all(f.field_type in FIELD_TYPES and f.page == 0 for f in fields)
    by_name = {f.name: f for f in fields}
    assert by_name["customer"].required and not by_name["customer"].read_only
    assert by_name["customer"].alternate_name == "Customer name"
    assert by_name["notes"].read_only and by_name["notes"].multiline
    assert by_name["agree"].checked is True and by_name["agree"].export_value == "Yes"
    assert by_name["country"].options == g.COUNTRY_OPTIONS
    assert by_name["country"].selected == ("Germany",)
    assert by_name["pin"].value is None  # a password field's value is never returned
    # Boxes in page space (top-left origin): the customer field sits 560-580 pt above the bottom.
    box = by_name["customer"].bbox
    assert (round(box.x0), round(box.y0), round(box.x1), round(box.y1)) == (300, g.PAGE_H - 580, 500, g.PAGE_H - 560)


# -- links and annotations -------------------------------------------------------------------------


def test_page_annotations_follow_the_requested_order(extras: Any) -> None:
    backend, src, _ = extras
    got = backend.page_annotations(src, [1, 0])
    assert [p.page for p in got] == [1, 0]
    assert pickle.loads(pickle.dumps(got)) == got


def test_links_have_targets_boxes_and_anchor_text(extras: Any) -> None:
    backend, src, _ = extras
    (page,) = backend.page_annotations(src, [0])
    assert all(link.kind in LINK_KINDS for link in page.links)
    uri, goto = page.links
    assert (uri.kind, uri.uri, uri.text) == ("uri", g.LINK_URI, "Read our terms of sale online")
    assert (goto.kind, goto.target_page, goto.text) == ("goto", 1, "Go to the second page")
    assert round(uri.bbox.y0) == g.PAGE_H - 694 and round(uri.bbox.x1) == 240


def test_annotations_exclude_links_and_widgets(extras: Any) -> None:
    backend, src, _ = extras
    first, second = backend.page_annotations(src, [0, 1])
    assert [a.subtype for a in first.annotations] == ["Text", "Highlight", "Text"]
    note, highlight, hidden = first.annotations
    assert (note.author, note.contents, note.modified) == (g.NOTE_AUTHOR, g.NOTE_CONTENTS, g.NOTE_DATE)
    assert highlight.marked_text == g.HIGHLIGHTED
    assert hidden.hidden and not note.hidden
    assert [a.subtype for a in second.annotations] == ["FileAttachment"]
    assert second.links == ()


def test_page_outside_the_document(extras: Any) -> None:
    backend, src, _ = extras
    with pytest.raises(PageOutOfRange):
        backend.page_annotations(src, [2])


# -- XFA -------------------------------------------------------------------------------------------


def test_xfa_form_type_and_datasets(extras: Any) -> None:
    backend, src, xfa_src = extras
    assert backend.xfa(src).form_type == "acroform"
    form = backend.xfa(xfa_src)
    assert form.form_type == "xfa_full" and form.form_type in FORM_TYPES
    assert "datasets" in form.packets and "template" in form.packets
    assert form.datasets is not None and "<applicant>Jane Roe</applicant>" in form.datasets
    assert backend.form_fields(xfa_src) == ()


# -- links and annotations read with the page text -----------------------------------------------


@pytest.mark.parametrize("kind", ["pdfium", "pdfium-isolated"])
def test_a_text_extractor_reads_the_same_annotations_as_the_extras(
    kind: str, files: tuple[Path, Path], pool: Any
) -> None:
    from adapters.pdfium_extras import PdfiumDocumentExtras
    from adapters.pdfium_text import PdfiumTextExtractor

    doc, _ = files
    src = _source(doc)
    text = (
        PdfiumTextExtractor()
        if kind == "pdfium"
        else isolated_adapter(TextExtractor, "adapters.pdfium_text:PdfiumTextExtractor", pool)
    )
    n = text.inspect(src).page_count
    pages = list(text.extract(src, range(n)))
    expected = {a.page: a for a in PdfiumDocumentExtras().page_annotations(src, range(n))}
    annotated = [p for p in pages if p.annotation_count]
    assert annotated and any(expected[p.index].links for p in annotated)
    assert any(expected[p.index].annotations for p in annotated)
    for page in pages:
        assert page.annotations == expected[page.index]
    plain = _source(simple_document(doc.parent / f"plain-{kind}.pdf", 2))
    extracted = [p.annotations for p in text.extract(plain, [0, 1])]
    assert extracted == list(PdfiumDocumentExtras().page_annotations(plain, [0, 1]))
    assert extracted == [PageAnnotations(page=0), PageAnnotations(page=1)]


def test_a_page_with_too_many_annotations_leaves_them_to_the_extras(
    files: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import adapters.pdfium_text as pt

    doc, _ = files
    src = _source(doc)
    monkeypatch.setattr(pt, "ANNOTATIONS_WITH_TEXT", 0)
    pages = list(pt.PdfiumTextExtractor().extract(src, [0]))
    assert pages[0].annotation_count > 0 and pages[0].annotations is None


def test_an_engine_failure_on_an_annotation_leaves_them_to_the_extras_and_keeps_the_text(
    files: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import adapters.pdfium_text as pt

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("engine failure")

    doc, _ = files
    monkeypatch.setattr(pt, "read_page_annotations", broken)
    page = next(iter(pt.PdfiumTextExtractor().extract(_source(doc), [0])))
    assert page.annotation_count > 0 and page.annotations is None and page.lines
