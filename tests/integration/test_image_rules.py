"""A table whose rulings are drawn as a one-pixel image stretched along each rule (as some
typesetting tools draw them), with cells of wrapped prose: the rulings are read as rulings, so
the grid is a table, and its cells spell ligatures out as the page's text does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROWS = [
    ("company, business enterprise, juridical person, air carrier, political organisation,", "ORG"),
    ("state, disputed territory, country, occupied territory, city, town, village, rural area,", "LOC"),
    ("person, fictional character, fictional humanoid, given name, magician in fantasy,", "PER"),
]
LEFT, MID, RIGHT, TOP, ROW = 72.0, 420.0, 480.0, 700.0, 40.0


def _image_ruled(path: Path) -> Path:
    import reportlab
    from PIL import Image
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    # Vera (shipped with ReportLab) holds the "fi" ligature's glyph
    pdfmetrics.registerFont(TTFont("Vera", str(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf")))

    pixel = ImageReader(Image.new("RGB", (1, 1), (0, 0, 0)))
    c = Canvas(str(path), pagesize=(612, 792))

    def rule(x0: float, y0: float, x1: float, y1: float) -> None:
        c.drawImage(pixel, x0, y0, width=max(x1 - x0, 0.5), height=max(y1 - y0, 0.5))

    c.setFont("Helvetica-Bold", 10)
    c.drawString(LEFT, TOP + 20, "Table 1: Types of the entities")
    bottoms = [TOP - 16.0 - k * ROW for k in range(len(ROWS) + 1)]
    for y in (TOP, *bottoms):
        rule(LEFT, y, RIGHT, y)
    for x in (LEFT, MID, RIGHT):
        rule(x, bottoms[-1], x, TOP)
    c.setFont("Helvetica-Bold", 9)
    c.drawString(LEFT + 3, TOP - 11, "subclass of")
    c.drawString(MID + 3, TOP - 11, "NE type")
    c.setFont("Vera", 8)
    for k, (prose, tag) in enumerate(ROWS):
        top = bottoms[k]
        words = prose.split()
        half = len(words) // 2
        for j, row in enumerate((" ".join(words[:half]), " ".join(words[half:]), "and more of the same kind")):
            c.drawString(LEFT + 3, top - 11 - 11 * j, row.replace("fi", "\ufb01"))
        c.drawString(MID + 3, top - 11, tag)
    c.setFont("Times-Roman", 10)
    for j in range(8):
        c.drawString(
            LEFT, 500 - 14 * j, "Running text of the page under the table, a sentence that goes on and on here."
        )
    c.showPage()
    c.save()
    return path


def test_rulings_drawn_as_stretched_images_make_a_table(core: Any, tmp_path: Path) -> None:
    pdf = _image_ruled(tmp_path / "image_rules.pdf")
    source = core.open(str(pdf))
    page = next(iter(core.services.text.extract(source, [0])))
    across = [r for r in page.rules if r.x1 - r.x0 > 300]
    assert len(across) == len(ROWS) + 2, page.rules
    md = core.read_pages(str(pdf), "1", format="markdown").pages[0].markdown
    assert "| subclass of | NE type |" in md, md
    assert "fictional character, fictional humanoid" in md and "\ufb01" not in md, md
    assert md.count("\n| ") == len(ROWS) + 2, md  # the header, its separator row and the body
