"""Attachments, form fields, links, annotations and XFA on real files: the corpus (MANIFEST.tsv
says which files embed files, hold AcroForms or XFA forms) and generated PDFs, through the real
adapters in the engine workers."""

from __future__ import annotations

import csv
import ctypes
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pdfcore.errors import PdfcoreError, UnsupportedForFormat
from tests import extrasgen as g
from tests.conftest import CORPUS, corpus_dir
from tests.cores import temp_core


def _manifest() -> list[dict[str, str]]:
    path = CORPUS / "MANIFEST.tsv"
    if not path.exists():
        return []
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


ROWS = _manifest()
WITH_FILES = [r for r in ROWS if "attachments=" in r["detected"]]
ACROFORMS = [r for r in ROWS if "acroform" in r["tests"].lower()]


def _password(row: dict[str, str]) -> str | None:
    m = re.search(r"encrypted\(pw='([^']*)'\)", row["detected"])
    return m.group(1) if m else None


@pytest.fixture(scope="module")
def core(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with temp_core(tmp_path_factory.mktemp("extras"), fetcher=None) as c:
        yield c


# -- generated files (no corpus needed) ------------------------------------------------------------


def test_generated_document_through_the_worker_pool(core: Any, tmp_path: Path) -> None:
    path = str(g.extras_document(tmp_path / "inv.pdf"))
    assert (
        core.services.backend_names["extras"] == "pdfium" and core.services.backend_names["attachments"] == "pdfminer"
    )
    listed = core.attachments(path)
    assert [a.name for a in listed.attachments][:2] == ["invoice.xml", "notes.csv"]
    assert core.attachment(path, "invoice.xml").text == g.INVOICE_XML.decode()
    assert core.attachment(path, "photo.png").png is not None
    with pytest.raises(UnsupportedForFormat):
        core.attachment(path, "blob.bin")
    fields = {f.name: f.value for f in core.forms(path).fields}
    assert fields["customer"] == "ACME Corporation" and fields["pin"] is None
    extras = core.page_extras(path)
    assert extras.link_count == 2 and extras.annotation_count == 4 and extras.field_count == 5
    src = core.open(path)
    facts, _ = core.documents.facts(src)
    origins = {
        h.origin
        for h in core.services.document_search.search_extras(src, facts, "acme example reviewer", require_all=False)
    }
    assert origins == {"form_field", "link", "annotation"}
    # the compact read lists each link with its anchor text
    body = core.read_pdf(path, "1")
    assert f'- page 1: "Read our terms of sale online" → {g.LINK_URI}' in body
    assert '- page 1: "Go to the second page" → page 2' in body


def test_generated_xfa_placeholder_is_reported(core: Any, tmp_path: Path) -> None:
    path = str(g.xfa_document(tmp_path / "xfa.pdf"))
    status = core.xfa(path)
    assert status.form_type == "xfa_full" and status.dynamic and status.placeholder_pages == "1"
    fields = core.forms(path).fields
    assert [(f.name, f.value) for f in fields] == [("form1.applicant", "Jane Roe"), ("form1.amount", "250.00")]
    quote = core.verify_quote(path, "The applicant is Jane Roe")
    assert quote.status == "not_found" and "XFA" in (quote.coverage_note or "")
    static = str(g.xfa_document(tmp_path / "static.pdf", dynamic=False))
    assert core.xfa(static).form_type == "xfa_foreground"


# -- the corpus ------------------------------------------------------------------------------------


@pytest.mark.corpus
def test_manifest_lists_files_with_attachments_and_forms() -> None:
    corpus_dir()
    assert len(WITH_FILES) >= 3 and len(ACROFORMS) >= 5


@pytest.mark.corpus
@pytest.mark.parametrize("row", WITH_FILES, ids=[r["file"] for r in WITH_FILES])
def test_embedded_files_are_listed_and_returned(core: Any, row: dict[str, str]) -> None:
    corpus_dir()
    path = str(CORPUS / row["file"])
    expected = int(re.search(r"attachments=(\d+)", row["detected"]).group(1))  # type: ignore[union-attr]
    pw = _password(row)
    listed = core.attachments(path, password=pw).attachments
    assert len(listed) == expected
    for a in listed:
        assert a.readable, a.name
        entry, data = core.attachment_bytes(path, a.index, password=pw)
        assert entry.name == a.name and len(data) == a.size > 0
        if a.kind == "text":
            res = core.attachment(path, a.name, password=pw)
            assert res.text and res.text.encode("utf-8")[:20] == data.decode("utf-8")[:20].encode("utf-8")
        if a.name.lower().endswith(".pdf"):
            assert data.startswith(b"%PDF-"), "an embedded PDF comes back decrypted and decoded"


@pytest.mark.corpus
def test_known_attachment_contents(core: Any) -> None:
    corpus_dir()
    # The file specification names the file /UF but embeds it under /F (pdfium cannot follow it).
    assert core.attachment(str(CORPUS / "pdfjs/attachment.pdf"), "foo.txt").text == "bar baz \n"
    # Embedded files with their own AES-256 crypt filter in an encrypted document.
    _, data = core.attachment_bytes(str(CORPUS / "pdfjs/encrypted-attachment.pdf"), 1, password="000000")
    assert data.startswith(b"%PDF-1.3") and data.rstrip().endswith(b"%%EOF")
    ubl = core.attachment(str(CORPUS / "pdfminer/samples/contrib/issue-625-identity-cmap.pdf"), "01_UBL.xml")
    assert ubl.kind == "text" and ubl.text.startswith("<?xml") and "<Invoice" in ubl.text
    note = core.attachments(str(CORPUS / "pdfjs/annotation-fileattachment.pdf")).attachments
    assert [(a.name, a.page) for a in note] == [("Test.txt", 1)]
    assert core.attachment(str(CORPUS / "pdfjs/annotation-fileattachment.pdf"), 1).text == "Test attachment"


def _pdfium_field_values(path: str) -> dict[str, str]:
    """Field name -> value as pypdfium2 reads them with its own form environment."""
    import pypdfium2
    import pypdfium2.raw as raw

    def wide(fn: Any, *args: Any) -> str:
        n = fn(*args, None, 0)
        if n <= 2:
            return ""
        buf = (ctypes.c_ushort * (n // 2))()
        fn(*args, buf, n)
        return bytes(buf)[:-2].decode("utf-16-le")

    pdf = pypdfium2.PdfDocument(path)
    pdf.init_forms()
    out: dict[str, str] = {}
    try:
        for i in range(len(pdf)):
            page = pdf[i]
            for k in range(raw.FPDFPage_GetAnnotCount(page.raw)):
                annot = raw.FPDFPage_GetAnnot(page.raw, k)
                if raw.FPDFAnnot_GetSubtype(annot) == raw.FPDF_ANNOT_WIDGET:
                    name = wide(raw.FPDFAnnot_GetFormFieldName, pdf.formenv.raw, annot)
                    out.setdefault(name, wide(raw.FPDFAnnot_GetFormFieldValue, pdf.formenv.raw, annot))
                raw.FPDFPage_CloseAnnot(annot)
            page.close()
    finally:
        pdf.close()
    return out


@pytest.mark.corpus
@pytest.mark.parametrize("row", ACROFORMS, ids=[r["file"] for r in ACROFORMS])
def test_acroform_values_match_pypdfium2(core: Any, row: dict[str, str]) -> None:
    corpus_dir()
    path = str(CORPUS / row["file"])
    res = core.forms(path)
    assert res.xfa.form_type in ("acroform", "xfa_foreground")
    ours = {f.name: f.value for f in res.fields if f.source == "acroform"}
    assert ours == _pdfium_field_values(path)
    widgets = re.search(r"widgets=(\d+)", row["detected"])
    if widgets:
        assert sum(f.widgets or 1 for f in res.fields) == int(widgets.group(1))
    for f in res.fields:
        assert f.page is not None and f.bbox is not None and f.clip is not None


@pytest.mark.corpus
def test_filled_acroform_value(core: Any) -> None:
    corpus_dir()
    res = core.forms(str(CORPUS / "pypdf/resources/form_acrobatReader.pdf"))
    assert [(f.name, f.value, f.type) for f in res.fields] == [("foo", "Bar", "text")]
    assert res.filled_count == 1


@pytest.mark.corpus
def test_xfa_corpus_files(core: Any) -> None:
    corpus_dir()
    dynamic = core.xfa(str(CORPUS / "pdfjs/xfa_issue14315.pdf"))
    assert dynamic.xfa and dynamic.dynamic and dynamic.form_type == "xfa_full"
    assert dynamic.placeholder_pages == "1" and "placeholder" in dynamic.note
    static = core.forms(str(CORPUS / "pdfjs/annotation-text-widget.pdf"))
    assert static.xfa.form_type == "xfa_foreground" and not static.xfa.dynamic
    assert static.xfa.placeholder_pages is None
    assert any(f.value and f.value.startswith("Lorem ipsum") for f in static.fields)


@pytest.mark.corpus
def test_links_and_annotations_on_corpus_files(core: Any) -> None:
    corpus_dir()
    geotopo = str(CORPUS / "py-pdf_sample-files/009-pdflatex-geotopo/GeoTopo-komprimiert.pdf")
    links = core.links(geotopo, pages="1-10")
    assert links.links and all(1 <= link.page <= 10 for link in links.links)
    assert any(link.kind == "uri" and link.uri == "http://martin-thoma.com/geotopo/" for link in links.links)
    internal = [link for link in links.links if link.kind == "goto"]
    assert internal and all(link.target_page is not None for link in internal)
    assert core.page_extras(geotopo, include=["links"]).link_count == 509  # MANIFEST: annots=Link:509
    notes = core.annotations(str(CORPUS / "py-pdf_sample-files/024-annotations/annotated_pdf.pdf"))
    assert sorted(a.subtype for a in notes.annotations) == ["Highlight", "Ink", "Text"]
    assert any(a.contents == "This is a text annotation." for a in notes.annotations)
    src = core.open(str(CORPUS / "pypdf/resources/commented.pdf"))
    facts, _ = core.documents.facts(src)
    (hit,) = core.services.document_search.search_extras(src, facts, "umlaut")
    assert hit.origin == "annotation" and hit.page == 1


@pytest.mark.corpus
def test_every_corpus_file_lists_extras_or_fails_with_a_stable_code(core: Any) -> None:
    corpus_dir()
    from pdfcore.errors import ALL_CODES

    rows = [r for r in ROWS if r["pages"].isdigit() and 0 < int(r["pages"]) <= 40][:80]
    for row in rows:
        try:
            core.page_extras(str(CORPUS / row["file"]), password=_password(row))
            core.attachments(str(CORPUS / row["file"]), password=_password(row))
        except PdfcoreError as exc:
            assert exc.code in ALL_CODES and exc.code != "internal_error", (row["file"], exc)
