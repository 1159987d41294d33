"""The same assertions against the fake and every real TextExtractor."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from pdfcore.errors import MalformedPdf, PageOutOfRange, PasswordIncorrect, PasswordRequired
from pdfcore.layout import assemble
from pdfcore.models import DocumentSource, Fingerprint, OutlineEntry
from ports.text_extractor import TextExtractor
from tests.contract.conftest import isolated_adapter
from tests.fakes.fake_text import FakeDocument, FakeTextExtractor
from tests.pdfgen import Outline, Page, encrypt, write_pdf

PAGES = [
    ["Alpha heading", "first page body text"],
    ["Beta heading", "second page body text", "more words here"],
    ["Gamma heading", "third page body text"],
]
OUTLINE = [("Alpha", 0), ("Beta", 1)]
LABELS = ["i", "ii", "1"]


def _source(path: Path, password: str | None = None) -> DocumentSource:
    st = os.stat(path)
    return DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "x" * 64), password)


def make_fake(tmp: Path, password: str | None = None) -> tuple[TextExtractor, Path]:
    path = tmp / "doc.pdf"
    path.write_bytes(b"%PDF fake")
    doc = FakeDocument(
        ["\n".join(rows) for rows in PAGES],
        password=password,
        outline=[OutlineEntry(1, t, p + 1) for t, p in OUTLINE],
        labels=LABELS,
        metadata={"title": "Contract"},
    )
    return FakeTextExtractor({str(path): doc}), path


def make_pdfium(tmp: Path, password: str | None = None) -> tuple[TextExtractor, Path]:
    from adapters.pdfium_text import PdfiumTextExtractor

    pages = [Page().lines(72, 700, rows, size=12) for rows in PAGES]
    path = write_pdf(
        tmp / "plain.pdf",
        pages,
        outline=[Outline(t, p) for t, p in OUTLINE],
        labels=[(0, "r", ""), (2, "D", "")],
        info={"Title": "Contract"},
    )
    if password:
        path = encrypt(path, tmp / "enc.pdf", password)
    return PdfiumTextExtractor(), path


@pytest.fixture(params=["fake", "pdfium", "pdfium-isolated"])
def factory(request: pytest.FixtureRequest) -> Callable[[Path, str | None], tuple[TextExtractor, Path]]:
    if request.param == "fake":
        return make_fake
    if request.param == "pdfium":
        return make_pdfium
    pool = request.getfixturevalue("engine_pool")

    def make_pdfium_isolated(tmp: Path, password: str | None = None) -> tuple[TextExtractor, Path]:
        _, path = make_pdfium(tmp, password)
        extractor: TextExtractor = isolated_adapter(TextExtractor, "adapters.pdfium_text:PdfiumTextExtractor", pool)
        return extractor, path

    return make_pdfium_isolated


def test_inspect(factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ex, path = factory(tmp_path, None)
    facts = ex.inspect(_source(path))
    assert facts.page_count == 3
    assert dict(facts.metadata)["title"] == "Contract"
    assert [(e.title, e.page) for e in facts.outline] == [("Alpha", 1), ("Beta", 2)]
    assert [p.label for p in facts.pages] == LABELS
    assert all(p.width > 0 and p.height > 0 for p in facts.pages)
    assert not facts.encrypted


def test_extract_text_in_order_and_geometry(factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ex, path = factory(tmp_path, None)
    src = _source(path)
    facts = ex.inspect(src)
    pages = [assemble(p) for p in ex.extract(src, [2, 0])]
    assert [p.index for p in pages] == [2, 0]
    assert "Gamma heading" in pages[0].text and "third page body text" in pages[0].text
    assert pages[1].text.index("Alpha heading") < pages[1].text.index("first page body text")
    w, h = facts.pages[0].width, facts.pages[0].height
    for p in pages:
        assert p.blocks
        for b in p.blocks:
            assert 0 <= b.bbox.x0 < b.bbox.x1 <= w and 0 <= b.bbox.y0 < b.bbox.y1 <= h
        # top-left origin: the heading is above the body
        assert p.blocks[0].bbox.y0 < p.blocks[-1].bbox.y1


#: (text, font size as displayed, bold, monospaced) of the lines of a styled page.
STYLED = [
    ("A bold heading", 18.0, True, False),
    ("Body text in a regular face", 11.0, False, False),
    ("print('code')", 10.0, False, True),
    ("Scaled by the text matrix", 14.0, False, False),
    # a note's mark set smaller, glued to the note's first word: read apart from it
    ("1 A note after a superscript mark", 9.0, False, False),
    ("eMusic stays one word", 11.0, False, False),
]
#: A line of the styled page opening with bold words, and them (see TextLine.lead).
LEAD_LINE = ("Policyholder: Mr Daniel Okonkwo", "Policyholder:")


def _styled_fake(tmp: Path) -> tuple[TextExtractor, Path]:
    path = tmp / "styled.pdf"
    path.write_bytes(b"%PDF fake")
    texts = [*(t for t, *_ in STYLED), LEAD_LINE[0]]
    styles = [*(tuple(s) for _, *s in STYLED), (11.0, False, False, LEAD_LINE[1])]
    doc = FakeDocument(["\n".join(texts)], styles={0: styles})  # type: ignore[dict-item]
    return FakeTextExtractor({str(path): doc}), path


def _styled_pdfium(tmp: Path) -> tuple[TextExtractor, Path]:
    from adapters.pdfium_text import PdfiumTextExtractor

    page = Page()
    page.text(72, 700, STYLED[0][0], size=18, font="F2")
    page.text(72, 670, STYLED[1][0], size=11)
    page.text(72, 650, STYLED[2][0], size=10, font="F3")
    page.text(72, 620, STYLED[3][0], scale=14)
    page.text(72, 603, STYLED[4][0][0], size=6)
    page.text(76, 600, STYLED[4][0][2:], size=9)
    page.text(72, 580, STYLED[5][0], size=11)
    lead, rest = LEAD_LINE[1], LEAD_LINE[0][len(LEAD_LINE[1]) :]
    page.ops.append(f"BT 72 560 Td /F2 11 Tf ({lead}) Tj /F1 11 Tf ({rest}) Tj ET")
    return PdfiumTextExtractor(), write_pdf(tmp / "styled.pdf", [page])


@pytest.mark.parametrize("make", [_styled_fake, _styled_pdfium], ids=["fake", "pdfium"])
def test_line_font_facts(make, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ex, path = make(tmp_path)
    (page,) = ex.extract(_source(path), [0])
    got = [(ln.text, round(ln.font_size, 1), ln.bold, ln.mono) for ln in page.lines]
    assert got == [*STYLED, (LEAD_LINE[0], 11.0, False, False)]
    assert all(ln.role == "" for ln in page.lines)  # untagged
    assert [ln.lead for ln in page.lines] == [""] * len(STYLED) + [LEAD_LINE[1]]


def test_a_superscript_mark_opening_a_line_is_a_size_run_of_its_own(tmp_path: Path) -> None:
    """A note's mark set smaller before the note's first word (glued to it in the text layer or
    not) is read apart, and the line's size runs tell its size: the mark a run of one
    character, the note's words a run at their own size."""
    ex, path = _styled_pdfium(tmp_path)
    (page,) = ex.extract(_source(path), [0])
    note = next(ln for ln in page.lines if ln.text.startswith("1 A note"))
    assert [(n, round(size, 1)) for n, size in note.size_runs] == [(1, 6.0), (26, 9.0)]
    from adapters.pdfium_text import PdfiumTextExtractor

    glued = Page()
    glued.text(72, 603, "a", size=6)
    glued.text(75.4, 600, "There is a potential role", size=9)
    (page,) = PdfiumTextExtractor().extract(_source(write_pdf(tmp_path / "glued.pdf", [glued])), [0])
    (line,) = page.lines
    assert line.text == "a There is a potential role"
    assert [(n, round(size, 1)) for n, size in line.size_runs] == [(1, 6.0), (21, 9.0)]


def test_page_out_of_range(factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ex, path = factory(tmp_path, None)
    with pytest.raises(PageOutOfRange):
        list(ex.extract(_source(path), [3]))


def test_passwords(factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ex, path = factory(tmp_path, "s3cret")
    with pytest.raises(PasswordRequired):
        ex.inspect(_source(path))
    with pytest.raises(PasswordIncorrect) as info:
        ex.inspect(_source(path, "wrong"))
    assert "wrong" not in str(info.value)
    facts = ex.inspect(_source(path, "s3cret"))
    assert facts.page_count == 3 and facts.encrypted
    text = assemble(next(iter(ex.extract(_source(path, "s3cret"), [1])))).text
    assert "second page body text" in text


def test_not_a_pdf(factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    ex, path = factory(tmp_path, None)
    if isinstance(ex, FakeTextExtractor):
        ex.broken.add(str(path))
    else:
        path.write_bytes(b"this is not a pdf at all")
    with pytest.raises(MalformedPdf):
        ex.inspect(_source(path))
