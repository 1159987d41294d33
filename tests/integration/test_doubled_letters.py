"""A doubled letter drawn one glyph per text object, in an italic face whose ``f`` reaches far
past its advance: the two glyph boxes overlap by more than half, and pdfium's text layer drops
the second ``f`` as a copy drawn again to fake bold, leaving a space in its place (``af ect``).
The adapter gives the letter back; a glyph drawn twice a hair apart (real fake bold) is still
read once, and a word gap after a doubled letter stays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adapters._pdfium_edits import edited
from pdfcore.models import Box, TextLine

FONT = "Times-Italic"
SIZE = 12.0
#: The second ``f`` of a pair is kerned this share of its advance closer (as typesetters do).
KERN = 0.1
LINE = "could adversely affect our staff and the effect of it"
#: A line ending in a doubled letter: nothing follows it to put a space before.
LAST = "paid to our staff"


def _glyph_by_glyph(path: Path, bold_twice: bool = False, font: str = FONT, kern: float = KERN) -> Path:
    """``LINE`` over ``LAST`` drawn one text object per glyph, spaces as gaps; with
    ``bold_twice`` each glyph drawn a second time 0.3 pt to the right (fake bold)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), pagesize=(400, 200))
    for y, line in ((150, LINE), (130, LAST)):
        x, prev = 40.0, ""
        for ch in line:
            advance = stringWidth(ch, font, SIZE)
            if ch == " ":
                x, prev = x + advance, ""
                continue
            if prev == "f" and ch == "f":
                x -= kern * advance
            c.setFont(font, SIZE)
            c.drawString(x, y, ch)
            if bold_twice:
                c.drawString(x + 0.3, y, ch)
            x, prev = x + advance, ch
    c.showPage()
    c.save()
    return path


def _texts(core: Any, pdf: Path) -> list[str]:
    source = core.open(str(pdf))
    page = next(iter(core.services.text.extract(source, [0])))
    return [ln.text for ln in page.lines]


@pytest.mark.parametrize(
    ("font", "kern", "bare_reads"),
    [
        (FONT, KERN, "af ect our staf and"),  # a space where the letter was
        (FONT, 0.3, "paid to our staf"),  # the last letter lost, with no space for it
    ],
)
def test_a_doubled_letter_dropped_by_the_text_layer_is_given_back(
    core: Any, tmp_path: Path, font: str, kern: float, bare_reads: str
) -> None:
    import pypdfium2 as pdfium

    pdf = _glyph_by_glyph(tmp_path / "doubled.pdf", font=font, kern=kern)
    doc = pdfium.PdfDocument(str(pdf))
    try:
        bare = doc[0].get_textpage().get_text_range()
    finally:
        doc.close()
    assert bare_reads in bare  # what the text layer alone gives (the case this guards)
    assert _texts(core, pdf) == [LINE, LAST]


def test_fake_bold_is_still_read_once(core: Any, tmp_path: Path) -> None:
    pdf = _glyph_by_glyph(tmp_path / "bold.pdf", bold_twice=True)
    assert _texts(core, pdf) == [LINE, LAST]


def test_the_markdown_and_search_see_the_whole_word(core: Any, tmp_path: Path) -> None:
    pdf = _glyph_by_glyph(tmp_path / "doubled.pdf")
    md = core.read_pages(str(pdf), "1", format="markdown").pages[0].markdown
    assert LINE in md and LAST in md


def test_a_letter_put_in_before_a_word_gap_lengthens_its_size_run() -> None:
    # "staf and" read from offset 10: the space at offset 14 stands for the dropped "f"
    line = TextLine("staf and big", Box(0, 0, 60, 10), 10.0, size_runs=((7, 10.0), (3, 14.0)))
    out = edited(line, 10, {14: (0, "f"), 99: (0, "x")})
    assert out.text == "staff and big"
    assert out.size_runs == ((8, 10.0), (3, 14.0))
    # before any character, or at the line's end; none before its first character
    assert edited(line, 10, {12: (0, "f"), 22: (0, "s")}).text == "stfaf and bigs"
    assert edited(line, 10, {10: (0, "f")}) is line
