"""A word's last letter drawn as a text object of its own, starting a hair left of where the
word ends: on a page pdfium reads as flowing in columns (two columns far apart, so its text
covers less of the page's width than of its height), pdfium breaks the line before such a
one-letter object. The adapter glues the letter back on; a letter set after a space stays a
word of its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

SIZE = 9.0
FONT = "Times-Roman"


def _columns(path: Path) -> Path:
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(path), pagesize=(612, 792))

    def run(x: float, y: float, text: str) -> None:
        t = c.beginText(x, y)
        t.setFont(FONT, SIZE)
        t.textOut(text)
        c.drawText(t)

    for i in range(40):
        y = 720 - 12 * i
        if i == 5:  # "collection": its "n" a hair left of where "collectio" ends
            head = "vectors trained on a collectio"
            run(72, y, head)
            run(72 + stringWidth(head, FONT, SIZE) - 0.04, y, "n")
        elif i == 6:  # "s" right where "link" ends
            head = "This approach uses link"
            run(72, y, head)
            run(72 + stringWidth(head, FONT, SIZE), y, "s")
        elif i == 8:  # "a" after a space: a word of its own
            head = "including the creation of"
            run(72, y, head)
            run(72 + stringWidth(head + " ", FONT, SIZE), y, "a")
        else:
            run(72, y, "left column text here")
    for i in range(40):
        run(430, 720 - 12 * i, "right column words")
    c.showPage()
    c.save()
    return path


def test_a_letter_pdfium_broke_off_its_word_is_glued_back(core: Any, tmp_path: Path) -> None:
    pdf = _columns(tmp_path / "columns.pdf")
    source = core.open(str(pdf))
    page = next(iter(core.services.text.extract(source, [0])))
    texts = [ln.text for ln in page.lines]
    assert "vectors trained on a collection" in texts
    assert "This approach uses links" in texts
    assert "n" not in texts and "s" not in texts
    # the letter after a space stays apart (pdfium's line break kept)
    k = texts.index("including the creation of")
    assert texts[k + 1] == "a"
    glued = page.lines[texts.index("vectors trained on a collection")]
    assert glued.bbox.x1 > 72 + 100 and glued.font_size == SIZE


def test_the_markdown_reads_the_whole_word(core: Any, tmp_path: Path) -> None:
    pdf = _columns(tmp_path / "columns.pdf")
    md = core.read_pages(str(pdf), "1", format="markdown").pages[0].markdown
    assert "trained on a collection This approach uses links left" in md
    assert "creation of a left" in md
