"""Accents drawn as glyphs of their own over or under a letter (as TeX sets ``\\"o`` and
``\\c{c}``): the text layer gives them as spacing characters beside the letter (``Bo¨rsch``).
The adapter joins an accent to its letter when the two make one letter of Unicode; an accent
with no such letter (a mathematical ``x˜``) and a grave used as an opening quote stay."""

from __future__ import annotations

from pathlib import Path
from typing import Any

FONT = "Times-Roman"
SIZE = 12.0
#: (letter, the accent drawn over or under it, or None), one text object per glyph.
GLYPHS = [
    *[(ch, None) for ch in "see B"],
    ("o", "\u00a8"),
    *[(ch, None) for ch in "rsch and Fran"],
    ("c", "\u00b8"),
    *[(ch, None) for ch in "ais with "],
    ("x", "\u02dc"),
    *[(ch, None) for ch in " and `quoted'"],
]
READ = "see Börsch and Français with x\u02dc and `quoted'"


def _accented(path: Path) -> Path:
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), pagesize=(400, 200))
    x = 40.0
    for ch, accent in GLYPHS:
        width = stringWidth(ch, FONT, SIZE)
        c.setFont(FONT, SIZE)
        if accent:  # centred on its letter, drawn first (the font sets it at accent height)
            c.drawString(x + (width - stringWidth(accent, FONT, SIZE)) / 2, 150, accent)
        c.drawString(x, 150, ch)
        x += width
    c.showPage()
    c.save()
    return path


def test_an_accent_drawn_over_its_letter_is_joined_to_it(core: Any, tmp_path: Path) -> None:
    import pypdfium2 as pdfium

    pdf = _accented(tmp_path / "accents.pdf")
    doc = pdfium.PdfDocument(str(pdf))
    try:
        bare = doc[0].get_textpage().get_text_range()
    finally:
        doc.close()
    assert "Bo\u00a8rsch" in bare and "Franc\u00b8ais" in bare  # what the text layer alone gives
    source = core.open(str(pdf))
    page = next(iter(core.services.text.extract(source, [0])))
    assert [ln.text for ln in page.lines] == [READ]


def test_the_markdown_reads_the_accented_words(core: Any, tmp_path: Path) -> None:
    pdf = _accented(tmp_path / "accents.pdf")
    md = core.read_pages(str(pdf), "1", format="markdown").pages[0].markdown
    assert READ in md


def test_an_accent_drawn_after_its_line_is_joined_to_the_letter_under_it(core: Any, tmp_path: Path) -> None:
    """The accents are drawn after the rest of the line: the text layer gives them at the
    line's end (``today ¨ ´``); each is joined to the letter of its line it stands over."""
    import pypdfium2 as pdfium
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    pdf, line = tmp_path / "late.pdf", "see Kubler at the Ecole today"
    c = Canvas(str(pdf), pagesize=(400, 200))
    c.setFont(FONT, SIZE)
    c.drawString(40, 150, line)
    for at, accent in ((line.index("u"), "\u00a8"), (line.index("E"), "\u00b4")):
        x = 40 + stringWidth(line[:at], FONT, SIZE)
        c.drawString(x + (stringWidth(line[at], FONT, SIZE) - stringWidth(accent, FONT, SIZE)) / 2, 150, accent)
    c.drawString(40, 120, "next line")
    c.showPage()
    c.save()
    doc = pdfium.PdfDocument(str(pdf))
    try:
        assert "today \u00a8 \u00b4\r\n" in doc[0].get_textpage().get_text_range()
    finally:
        doc.close()
    page = next(iter(core.services.text.extract(core.open(str(pdf)), [0])))
    assert [ln.text for ln in page.lines] == ["see Kübler at the École today", "next line"]
    assert core.read_pages(str(pdf), "1").pages[0].text == "see Kübler at the École today\n\nnext line"


def test_a_joined_accents_mark_leaves_no_gap_behind() -> None:
    from adapters._pdfium_accents import left_out

    assert left_out("na\x00ïve") == "naïve"  # the accent drawn before its letter
    assert left_out("Kübler at \x00") == "Kübler at"  # at the line's end
    assert left_out("École today \x00 \x00") == "École today"
    assert left_out("hũ, \x00 ṽi") == "hũ, ṽi"  # standing apart between words
    assert left_out("\x00 word") == "word"


def test_an_accent_drawn_over_a_letter_in_a_table_cell_is_joined_to_it(core: Any, tmp_path: Path) -> None:
    """Table cells are read from pdfplumber's characters: the same accent is joined there."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    pdf = tmp_path / "cell.pdf"
    c = Canvas(str(pdf), pagesize=(400, 300))
    xs, ys = (50.0, 170.0, 290.0), (250.0, 225.0, 200.0, 175.0)
    for x in xs:
        c.line(x, ys[0], x, ys[-1])
    for y in ys:
        c.line(xs[0], y, xs[-1], y)
    c.setFont(FONT, SIZE)
    for row, (name, place) in enumerate((("Name", "Place"), ("Smith", "Leeds"), ("Meyer", "Essen"))):
        c.drawString(xs[1] + 6, ys[row] - 17, place)
        if row != 2:
            c.drawString(xs[0] + 6, ys[row] - 17, name)
    x = xs[0] + 6
    for ch, accent in (("B", None), ("o", "\u00a8"), *((ch, None) for ch in "rsch")):
        width = stringWidth(ch, FONT, SIZE)
        if accent:
            c.drawString(x + (width - stringWidth(accent, FONT, SIZE)) / 2, ys[2] - 17, accent)
        c.drawString(x, ys[2] - 17, ch)
        x += width
    c.showPage()
    c.save()
    page = core.read_pages(str(pdf), "1", format="markdown").pages[0]
    assert [[cell.strip() for cell in row] for row in page.tables[0].rows][-1] == ["Börsch", "Essen"]
    assert "| Börsch | Essen |" in page.markdown
