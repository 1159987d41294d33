"""A pdfium line holding text set in two directions (a rotated margin stamp read on after a
page's last, hyphenated word) is cut where the direction changes; a line of upright glyphs,
each drawn as its own text object (so narrow letters get rects taller than wide), is not
looked at character by character for that (it was, on every line of such documents)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from adapters import _pdfium_lines, pdfium_text


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lines handed to the cut by writing direction."""
    seen: list[str] = []
    real = _pdfium_lines.split_by_angle

    def spy(*args: Any) -> Any:
        seen.append(args[3])
        return real(*args)

    monkeypatch.setattr(_pdfium_lines, "split_by_angle", spy)
    return seen


def _lines(core: Any, path: Path) -> list[str]:
    """The page's lines from the pdfium adapter run in this process (the spy sees its calls)."""
    page = next(iter(pdfium_text.PdfiumTextExtractor().extract(core.open(str(path)), [0])))
    return [ln.text for ln in page.lines]


def test_a_rotated_stamp_read_on_after_a_line_is_a_line_of_its_own(core: Any, tmp_path: Path, cuts: list[str]) -> None:
    c = canvas.Canvas(str(tmp_path / "stamp.pdf"), pagesize=(400, 400))
    c.setFont("Helvetica", 10)
    c.drawString(40, 220, "This is the text of a page that goes on and")
    c.drawString(40, 208, "ends with a word broken at the page foot: a di-")
    c.saveState()
    c.translate(20, 60)
    c.rotate(90)
    c.drawString(0, 0, "arXiv:2001.03131v1 [cs.CL] 9 Jan 2020")
    c.restoreState()
    c.save()
    lines = _lines(core, tmp_path / "stamp.pdf")
    assert "arXiv:2001.03131v1 [cs.CL] 9 Jan 2020" in lines
    assert "ends with a word broken at the page foot: a di\ufffe" in lines
    assert len(cuts) == 1


def test_upright_glyphs_drawn_one_object_each_are_one_line_without_a_cut(
    core: Any, tmp_path: Path, cuts: list[str]
) -> None:
    c = canvas.Canvas(str(tmp_path / "glyphs.pdf"), pagesize=(400, 400))
    x = 40.0
    # narrow letters and brackets (rects taller than wide) beside runs of wide ones
    for piece in ["l", "i", "l", "t", " ", "(", "mm", ")", " ", "j", "ill", " ", "mmmm", ",", " ", "f", "l", "y"]:
        c.setFont("Helvetica", 10)
        c.drawString(x, 300, piece)
        x += stringWidth(piece, "Helvetica", 10)
    c.save()
    assert _lines(core, tmp_path / "glyphs.pdf") == ["lilt (mm) jill mmmm, fly"]
    assert cuts == []


@pytest.mark.corpus
def test_a_glyph_in_the_margin_read_on_after_a_hyphenated_word_leaves_the_paragraph_whole(
    core: Any, corpus: Path
) -> None:
    """freeculture.pdf p. xiv: pdfium reads a mark set outside the crop box right after the
    page's last, hyphenated word ("be-" / "tween", drawn as narrow glyphs). The rows are cut
    apart as on any page: the word is joined, the mark and the running head stay out."""
    book = str(corpus / "pdfjs/freeculture.pdf")
    page = core.read_pages(book, "13", format="markdown").pages[0].markdown
    assert page.endswith("alongside CodePink Women for Peace and the National Rifle Association, be")
    both = core.read_all(book, start_page=13, max_pages=2, format="markdown").markdown
    assert "National Rifle Association, between liberal Olympia Snowe" in both
    assert "be1" not in both and "PREFACE" not in both


@pytest.mark.corpus
def test_a_table_set_sideways_on_a_turned_page_is_read_row_by_row(core: Any, corpus: Path) -> None:
    """camelot's rotated_page.pdf: a budget table set sideways on a page turned by /Rotate 90.
    pdfium gives the whole page as one line (no line break at all); it is cut into the rows
    it spans on the displayed page, so the table is found and read, its title above it, and
    the running head set along the page's edge stays one line."""
    book = str(corpus / "camelot/files/tabula/rotated_page.pdf")
    page = next(iter(pdfium_text.PdfiumTextExtractor().extract(core.open(book), [0])))
    texts = [ln.text for ln in page.lines]
    assert "208 SUMMARY TABLES" in texts
    assert "Table S–4. Adjusted Baseline by Category1" in texts
    assert len(texts) > 30
    read = core.read_pages(book, "1", format="markdown").pages[0]
    (table,) = read.tables
    assert len(table.rows) >= 30
    social = next(r for r in table.rows if r[0] == "Social Security")
    assert social[:4] == ("Social Security", "725", "773", "820")
    assert read.markdown.index("Table S–4. Adjusted Baseline") < read.markdown.index("<table>")


@pytest.mark.corpus
def test_an_arxiv_stamp_up_the_first_page_is_furniture(core: Any, corpus: Path) -> None:
    """A paper's arXiv identifier set up the left edge of its first page stays out of the
    Markdown (it read as a paragraph between a list and a footnote) and is listed."""
    page = core.read_pages(str(corpus / "uda-benchmark/paper_docs/2001.03131.pdf"), "1", format="markdown").pages[0]
    assert page.furniture == ("arXiv:2001.03131v1 [cs.CL] 9 Jan 2020",)
    assert "arXiv:" not in page.markdown and "margin_stamps_stripped" in page.warnings
