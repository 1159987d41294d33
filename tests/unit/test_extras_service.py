"""Attachments, forms, links, annotations and XFA status through the public API, on fakes."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import attrs
import pytest
from PIL import Image

from pdfcore.errors import ExtractionFailed, InvalidArgument, UnsupportedForFormat
from pdfcore.extras import Attachment, FormField
from pdfcore.models import Box, DocumentFacts, DocumentSource
from pdfcore.serde import unstructure
from pdfcore.services.attachment_decoding import classify_attachment, decode_text
from pdfcore.services.extras_listing import pdf_date
from pdfcore.services.xfa import is_placeholder_text, xfa_values
from tests import extrasgen as g
from tests.fakes.fake_extras import FakeDocumentExtras, FakeExtrasDocument, like_extras_document, like_xfa_document
from tests.fakes.fake_renderer import FakeRenderer
from tests.fakes.fake_store import FakeStore
from tests.fakes.fake_text import FakeDocument, FakeTextExtractor


class FormsTextExtractor(FakeTextExtractor):
    """The fake text extractor, reporting an AcroForm (and XFA) where the test says so."""

    def __init__(self, forms: dict[str, tuple[bool, bool]]) -> None:
        super().__init__()
        self.forms = forms

    def inspect(self, source: DocumentSource) -> DocumentFacts:
        facts = super().inspect(source)
        acro, xfa = self.forms.get(source.path, (False, False))
        return attrs.evolve(facts, has_acroform=acro, has_xfa=xfa)


def build(
    tmp_path: Path,
    docs: dict[str, tuple[FakeDocument, FakeExtrasDocument]],
    *,
    reader: Any = None,
    max_response_bytes: int | None = None,
) -> tuple[Any, FakeDocumentExtras, dict[str, str]]:
    import pdfcore
    from pdfcore.config import load_settings

    forms: dict[str, tuple[bool, bool]] = {}
    text = FormsTextExtractor(forms)
    extras = FakeDocumentExtras()
    paths = {}
    for name, (page_doc, extras_doc) in docs.items():
        path = tmp_path / name
        path.write_bytes(b"%PDF-1.7 fake " + name.encode())
        key = str(path.resolve())
        text.documents[key] = page_doc
        extras.documents[key] = extras_doc
        forms[key] = (extras_doc.xfa.form_type != "none", extras_doc.xfa.form_type.startswith("xfa"))
        paths[name] = key
    cfg = tmp_path / "config.toml"
    cfg.write_text("")
    overrides: dict[str, Any] = {}
    if max_response_bytes is not None:
        overrides["limits"] = {"max_response_bytes": max_response_bytes}
    settings = load_settings(
        env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")}, overrides=overrides
    )
    core = pdfcore.build(
        settings,
        text=text,
        renderer=FakeRenderer(),
        store=FakeStore(),
        fetcher=None,
        embedder=None,
        extras=extras,
        attachment_reader=reader,
    )
    return core, extras, paths


PAGES = FakeDocument(["Invoice INV-2024-0042\nRead our terms of sale online", "Second page with an attached note"])


@pytest.fixture
def setup(tmp_path: Path) -> Any:
    core, extras, paths = build(tmp_path, {"inv.pdf": (PAGES, like_extras_document())})
    yield core, extras, paths["inv.pdf"]
    core.close()


# -- attachments ---------------------------------------------------------------------------------


def test_listing_classifies_and_numbers_from_one(setup: Any) -> None:
    core, _, path = setup
    res = core.attachments(path)
    assert res.count == 6
    assert [(a.index, a.name, a.kind) for a in res.attachments] == [
        (1, "invoice.xml", "text"),
        (2, "notes.csv", "text"),
        (3, "photo.png", "image"),
        (4, "blob.bin", "binary"),
        (5, "nested.pdf", "pdf"),
        (6, "note.txt", "text"),
    ]
    assert res.attachments[0].modified == "2024-03-01T12:00:00Z"
    assert res.attachments[5].page == 2 and res.attachments[0].page is None
    assert res.xfa.form_type == "acroform" and not res.xfa.xfa
    assert any("attachment=1" in c for c in res.next_calls)
    data = unstructure(res)
    assert "page" not in data["attachments"][0]  # absent, not null


def test_text_attachment_comes_back_as_text(setup: Any) -> None:
    core, _, path = setup
    res = core.attachment(path, "invoice.xml")
    assert res.kind == "text" and res.text == g.INVOICE_XML.decode()
    assert res.size == len(g.INVOICE_XML) and res.truncated is None
    assert core.attachment(path, 2).text == g.NOTES_CSV.decode("utf-8")
    assert core.attachment(path, "2").name == "notes.csv"
    assert core.attachment(path, "NOTE.TXT").text == g.NOTE_TXT.decode()


def test_image_attachment_comes_back_as_png(setup: Any) -> None:
    core, _, path = setup
    res = core.attachment(path, "photo.png")
    assert res.kind == "image" and res.text is None and res.png is not None
    im = Image.open(io.BytesIO(res.png))
    assert im.format == "PNG" and (im.width, im.height) == (res.width, res.height) == (6, 4)
    assert "png" not in unstructure(attrs.evolve(res, png=None))


def test_binary_and_pdf_attachments_are_refused_with_guidance(setup: Any) -> None:
    core, _, path = setup
    with pytest.raises(UnsupportedForFormat) as exc:
        core.attachment(path, "blob.bin")
    assert "pdfcore attachments" in exc.value.recovery and "--get 4" in exc.value.recovery
    with pytest.raises(UnsupportedForFormat) as exc:
        core.attachment(path, 5)
    assert "embedded PDF" in exc.value.message and "pdf_info" in exc.value.recovery
    entry, data = core.attachment_bytes(path, "blob.bin")
    assert data == g.BINARY and entry.name == "blob.bin"


def test_unknown_attachment_names_the_available_ones(setup: Any) -> None:
    core, _, path = setup
    with pytest.raises(InvalidArgument) as exc:
        core.attachment(path, "missing.xml")
    assert "invoice.xml" in exc.value.message
    with pytest.raises(InvalidArgument):
        core.attachment(path, 7)
    with pytest.raises(InvalidArgument):
        core.attachment(path, 0)


def test_long_text_is_cut_to_the_response_budget(tmp_path: Path) -> None:
    big = ("line of text " * 20 + "\n").encode() * 200
    doc = FakeExtrasDocument(page_count=1, files=[(Attachment(0, "big.txt", len(big)), big)])
    core, _, paths = build(tmp_path, {"a.pdf": (FakeDocument(["x"]), doc)}, max_response_bytes=5000)
    try:
        res = core.attachment(paths["a.pdf"], 1)
        assert res.truncated and res.chars == len(big)
        assert len(res.text.encode()) <= 5000 and big.decode().startswith(res.text)
        assert "--get 1" in res.truncation_note
    finally:
        core.close()


def test_unreadable_file_is_read_by_the_second_reader(tmp_path: Path) -> None:
    primary = FakeExtrasDocument(page_count=1, files=[(Attachment(0, "foo.txt", None), None)])
    second = FakeDocumentExtras()
    core, _, paths = build(tmp_path, {"a.pdf": (FakeDocument(["x"]), primary)}, reader=second)
    try:
        second.documents[paths["a.pdf"]] = FakeExtrasDocument(
            page_count=1, files=[(Attachment(0, "foo.txt", 9), b"bar baz \n")]
        )
        listed = core.attachments(paths["a.pdf"]).attachments
        assert listed[0].size == 9 and listed[0].readable
        assert core.attachment(paths["a.pdf"], "foo.txt").text == "bar baz \n"
    finally:
        core.close()


def test_unreadable_everywhere_is_extraction_failed(tmp_path: Path) -> None:
    primary = FakeExtrasDocument(page_count=1, files=[(Attachment(0, "foo.txt", None), None)])
    core, _, paths = build(tmp_path, {"a.pdf": (FakeDocument(["x"]), primary)})
    try:
        assert not core.attachments(paths["a.pdf"]).attachments[0].readable
        with pytest.raises(ExtractionFailed):
            core.attachment(paths["a.pdf"], 1)
    finally:
        core.close()


def test_encrypted_documents_use_the_reader_that_applies_crypt_filters(tmp_path: Path) -> None:
    # The primary backend hands back the still-encrypted bytes (as pdfium does for /EFF files).
    primary = FakeExtrasDocument(page_count=1, files=[(Attachment(0, "a.xml", 784), b"\xe4\x04garbage")])
    second = FakeDocumentExtras()
    locked = FakeDocument(["secret"], password="pw")
    core, _, paths = build(tmp_path, {"a.pdf": (locked, primary)}, reader=second)
    try:
        second.documents[paths["a.pdf"]] = FakeExtrasDocument(
            page_count=1, files=[(Attachment(0, "a.xml", 5), b"<a/>\n")]
        )
        assert core.attachments(paths["a.pdf"], password="pw").attachments[0].size == 5
        assert core.attachment(paths["a.pdf"], 1, password="pw").text == "<a/>\n"
    finally:
        core.close()


# -- forms -----------------------------------------------------------------------------------------


def test_forms_group_widgets_and_count_filled_values(tmp_path: Path) -> None:
    doc = like_extras_document()
    radio = [
        FormField("size", "radio", "M", 1, Box(10, 10, 20, 20), export_value=v, checked=v == "M", flags=1 << 15)
        for v in ("S", "M", "L")
    ]
    doc.fields = [*doc.fields, *radio]
    core, _, paths = build(tmp_path, {"f.pdf": (PAGES, doc)})
    try:
        res = core.forms(paths["f.pdf"])
        names = [f.name for f in res.fields]
        assert names == ["customer", "agree", "country", "pin", "notes", "size"]
        size = res.fields[-1]
        assert (size.type, size.value, size.options, size.widgets, size.page) == ("radio", "M", ("S", "M", "L"), 3, 2)
        assert res.field_count == 6 and res.filled_count == 5  # pin has no value returned
        customer = res.fields[0]
        assert customer.required and customer.read_only is None and customer.description == "Customer name"
        assert customer.clip is not None and 0 < customer.clip.x0 < customer.clip.x1 <= 1
        only_two = core.forms(paths["f.pdf"], pages="2")
        assert [f.name for f in only_two.fields] == ["size"]
    finally:
        core.close()


def test_dynamic_xfa_forms_list_their_data(tmp_path: Path) -> None:
    page = FakeDocument([g.PLACEHOLDER])
    core, _, paths = build(tmp_path, {"x.pdf": (page, like_xfa_document())})
    try:
        res = core.forms(paths["x.pdf"])
        assert res.xfa.xfa and res.xfa.dynamic and res.xfa.placeholder_pages == "1"
        assert "Please wait" in res.xfa.note and "not evidence of absence" in res.xfa.note
        assert [(f.name, f.value, f.source, f.type) for f in res.fields] == [
            ("form1.applicant", "Jane Roe", "xfa", "xfa"),
            ("form1.amount", "250.00", "xfa", "xfa"),
        ]
        assert res.xfa.data_values == 2
        src = core.open(paths["x.pdf"])
        facts, _ = core.documents.facts(src)
        assert core.services.extras.xfa_placeholder_pages(src, facts) == frozenset({0})
    finally:
        core.close()


def test_no_placeholder_check_without_xfa(setup: Any) -> None:
    core, extras, path = setup
    src = core.open(path)
    facts, _ = core.documents.facts(src)
    assert core.services.extras.xfa_placeholder_pages(src, facts) == frozenset()
    assert "xfa" not in extras.calls


# -- links and annotations -------------------------------------------------------------------------


def test_links_and_annotations_use_one_based_pages_and_clips(setup: Any) -> None:
    core, _, path = setup
    links = core.links(path)
    assert links.link_count == 2 and links.pages == "1-2"
    uri, goto = links.links
    assert (uri.page, uri.kind, uri.uri) == (1, "uri", g.LINK_URI)
    assert (goto.kind, goto.target_page) == ("goto", 2)
    assert uri.clip.y0 == pytest.approx((g.PAGE_H - 694) / g.PAGE_H, abs=0.002)
    notes = core.annotations(path, pages="1")
    assert [a.subtype for a in notes.annotations] == ["Text", "Highlight", "Text"]
    assert notes.annotations[0].modified == "2024-03-15T10:30:00+01:00"
    assert notes.annotations[2].hidden is True and notes.annotations[0].hidden is None
    assert core.annotations(path, pages="2").annotations[0].subtype == "FileAttachment"


def test_page_annotations_are_read_once_per_page(setup: Any) -> None:
    core, extras, path = setup
    core.links(path)
    core.annotations(path)
    core.page_extras(path, pages="1")
    assert extras.calls.count("page_annotations") == 1


def test_page_extras_combines_and_filters(setup: Any) -> None:
    core, _, path = setup
    res = core.page_extras(path, pages="1", include=["links", "form_fields"])
    assert res.link_count == 2 and res.field_count == 5 and res.annotations is None
    data = unstructure(res)
    assert "annotations" not in data and data["pages"] == "1"
    with pytest.raises(InvalidArgument):
        core.page_extras(path, include=["bookmarks"])


def test_lists_are_cut_to_the_response_budget(tmp_path: Path) -> None:
    from pdfcore.extras import Link

    doc = FakeExtrasDocument(
        page_count=3,
        links=[
            Link(p, Box(0, 0, 10, 10), "uri", uri=f"https://example.com/{p}/{k}" + "x" * 80)
            for p in range(3)
            for k in range(20)
        ],
    )
    core, _, paths = build(tmp_path, {"l.pdf": (FakeDocument(["a", "b", "c"]), doc)}, max_response_bytes=3000)
    try:
        res = core.links(paths["l.pdf"])
        assert res.truncated and res.link_count == 60 and 0 < len(res.links) < 60
        assert "pages=" in res.truncation_note
    finally:
        core.close()


# -- pure helpers ----------------------------------------------------------------------------------


def test_pdf_dates() -> None:
    assert pdf_date("D:20240315103000+01'00'") == "2024-03-15T10:30:00+01:00"
    assert pdf_date("D:2024") == "2024-01-01"
    assert pdf_date("D:20240301120000Z") == "2024-03-01T12:00:00Z"
    assert pdf_date("yesterday") == "yesterday"
    assert pdf_date(None) is None


def test_classification() -> None:
    assert classify_attachment("factur-x.xml", None) == "text"
    assert classify_attachment("data", "application/json") == "text"
    assert classify_attachment("scan.JPG", None) == "image"
    assert classify_attachment("x", None, b"\x89PNG\r\n\x1a\n....") == "image"
    assert classify_attachment("x.txt", None, b"%PDF-1.7 ...") == "pdf"
    assert classify_attachment("x", None, b"plain words\n") == "text"
    assert classify_attachment("x", None, bytes(range(32))) == "binary"
    assert classify_attachment("drawing.svg", "image/svg+xml") == "text"


def test_decode_text() -> None:
    assert decode_text("K\u00e4se".encode(), declared_text=False) == ("K\u00e4se", "utf-8")
    assert decode_text("hello".encode("utf-16"), declared_text=False) == ("hello", "utf-16")
    assert decode_text("caf\u00e9".encode("cp1252"), declared_text=True) == ("caf\u00e9", "cp1252")
    assert decode_text("caf\u00e9".encode("cp1252"), declared_text=False) is None
    assert decode_text(b"\x00\x01\x02binary", declared_text=True) is None


def test_placeholder_text() -> None:
    assert is_placeholder_text(g.PLACEHOLDER)
    assert is_placeholder_text(
        "To view the full contents of this document, you need a later version of the PDF viewer."
    )
    assert not is_placeholder_text("Please wait for the bus at the corner of the street, then walk on.")
    assert not is_placeholder_text(g.PLACEHOLDER + " " + "real content " * 300)


def test_xfa_values() -> None:
    assert xfa_values(g.XFA_DATASETS) == (("form1.applicant", "Jane Roe"), ("form1.amount", "250.00"))
    assert xfa_values("<not xml") is None
    repeated = "<d><row><v>1</v></row><row><v>2</v></row></d>"
    assert xfa_values(repeated) == (("row.v", "1"), ("row[1].v", "2"))


def test_concurrent_reads_of_the_same_document_read_the_backend_once(setup: Any) -> None:
    """A search whose prefetch is still reading the annotations (or form fields) waits for that
    read instead of reading the same pages again beside it."""
    import threading
    import time

    core, extras, path = setup
    source = core.open(path)
    facts, _ = core.documents.facts(source)
    service = core.services.extras
    slow_started = threading.Event()
    read = extras.page_annotations
    fields = extras.form_fields

    def slow_annotations(src: Any, pages: Any) -> Any:
        slow_started.set()
        time.sleep(0.3)
        return read(src, pages)

    def slow_fields(src: Any) -> Any:
        time.sleep(0.3)
        return fields(src)

    extras.page_annotations = slow_annotations
    extras.form_fields = slow_fields
    results: list[Any] = []
    first = threading.Thread(target=lambda: results.append(service.page_annotations(source, facts, [0, 1])))
    first.start()
    assert slow_started.wait(5)
    second = service.page_annotations(source, facts, [1])  # arrives during the first read
    first.join()
    assert extras.calls.count("page_annotations") == 1
    assert second[1] == results[0][1]
    racers = [threading.Thread(target=lambda: service.form_widgets(source, facts)) for _ in range(3)]
    for t in racers:
        t.start()
    for t in racers:
        t.join()
    assert extras.calls.count("form_fields") == 1


# -- links and annotations read with the page text -------------------------------------------------


def _reading_annotations(core: Any, extras: FakeDocumentExtras, *, skip: frozenset[int] = frozenset()) -> None:
    """Make the core's text extractor read each page's links and annotations with its text (as
    the pdfium one does), from the fake extras' own answer; pages in ``skip`` are left unread."""
    text = core.services.text
    plain = text.extract

    def extract(source: DocumentSource, pages: Any) -> Any:
        for page in plain(source, pages):
            if page.index in skip:
                yield page
                continue
            found = extras.page_annotations(source, [page.index])[0]
            yield attrs.evolve(page, annotation_count=len(found.links) + len(found.annotations), annotations=found)

    text.extract = extract


def test_annotations_read_with_the_text_are_not_read_again(tmp_path: Path) -> None:
    core, extras, paths = build(tmp_path, {"inv.pdf": (PAGES, like_extras_document())})
    (tmp_path / "ref").mkdir()
    reference, _, ref_paths = build(tmp_path / "ref", {"inv.pdf": (PAGES, like_extras_document())})
    try:
        _reading_annotations(core, extras)
        core.read_pages(paths["inv.pdf"], "1-2")
        extras.calls.clear()
        assert core.links(paths["inv.pdf"]) == reference.links(ref_paths["inv.pdf"])
        assert core.annotations(paths["inv.pdf"]) == reference.annotations(ref_paths["inv.pdf"])
        found = core.search(paths["inv.pdf"], "terms", mode="keyword")
        assert [(m.origin, m.page, m.uri) for m in found.extra_matches or ()] == [("link", 1, g.LINK_URI)]
        assert "page_annotations" not in extras.calls
    finally:
        core.close()
        reference.close()


def test_pages_whose_annotations_were_not_read_ask_the_extras(tmp_path: Path) -> None:
    core, extras, paths = build(tmp_path, {"inv.pdf": (PAGES, like_extras_document())})
    try:
        _reading_annotations(core, extras, skip=frozenset({1}))
        core.read_pages(paths["inv.pdf"], "1-2")
        asked: list[list[int]] = []
        plain = extras.page_annotations

        def page_annotations(source: DocumentSource, pages: Any) -> Any:
            asked.append(list(pages))
            return plain(source, pages)

        extras.page_annotations = page_annotations  # type: ignore[method-assign]
        assert core.annotations(paths["inv.pdf"], pages="2").annotations[0].subtype == "FileAttachment"
        assert core.links(paths["inv.pdf"]).link_count == 2
        assert asked == [[1]]
    finally:
        core.close()


def test_a_warm_search_reuses_the_document_s_search_items_until_the_cache_is_cleared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pdfcore.services.extras_search as es

    core, extras, paths = build(tmp_path, {"inv.pdf": (PAGES, like_extras_document())})
    path = paths["inv.pdf"]
    collected: list[int] = []
    plain = es.collect_items

    def counting(*args: Any, **kwargs: Any) -> Any:
        collected.append(1)
        return plain(*args, **kwargs)

    monkeypatch.setattr(es, "collect_items", counting)
    try:
        _reading_annotations(core, extras)
        first = core.search(path, "terms", mode="keyword")
        source = core.open(path)
        facts, _ = core.documents.facts(source)
        assert core.services.extras.annotated_pages(source, facts) == frozenset({0, 1})
        again = core.search(path, "terms", mode="keyword")
        core.search(path, "invoice", mode="keyword")
        assert len(collected) == 1  # built once for the document, matched per query
        assert again.extra_matches == first.extra_matches and first.extra_matches
        core.search(path, "terms", mode="keyword", pages="2")
        assert len(collected) == 2  # another scope, other items
        core.cache_clear(expired_only=False)
        core.search(path, "terms", mode="keyword")
        assert len(collected) == 3
    finally:
        core.close()


def test_annotated_pages_are_unknown_until_every_page_is_cached(tmp_path: Path) -> None:
    core, _, paths = build(tmp_path, {"inv.pdf": (PAGES, like_extras_document())})
    try:
        source = core.open(paths["inv.pdf"])
        facts, _ = core.documents.facts(source)
        assert core.services.extras.annotated_pages(source, facts) is None
        # a read of page 1 of two reads both (its running heads are learnt from both pages)
        core.read_pages(paths["inv.pdf"], "1")
        assert core.services.extras.annotated_pages(source, facts) == frozenset()  # the fake counts none
    finally:
        core.close()
