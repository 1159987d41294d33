"""A table's row of two wordy cells drawn as one text object, the blank between the cells made by
kerning inside it (one pdfium rect: no gap between rects): a line of 40 characters or more
spread a third wider than running text is looked at for the blanks between its words, figures
or not. A line of code, as wide for its monospaced characters, is not."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.pdfgen import Page, _esc, write_pdf
from tests.tableread import finished_pages

LABEL, TEXT, SIZE = "Population", "Projections are consistent with the estimates of the bureau", 8.0


def _spaced(page: Page, y: float, blank: float, font: str = "F1", face: str = "Helvetica") -> None:
    move = -round(blank * 1000 / SIZE)
    page.ops.append(f"BT /{font} {SIZE:g} Tf 40 {y:g} Td [({_esc(LABEL)}) {move} ({_esc(TEXT)})] TJ ET")


def test_a_long_row_of_two_wordy_cells_in_one_text_object_has_its_blank_found(tmp_path: Path) -> None:
    natural = stringWidth(f"{LABEL}{TEXT}", "Helvetica", SIZE)
    chars = len(LABEL) + 1 + len(TEXT)
    page = Page()
    # spread to 0.7 of a line height per character (the line's box is about SIZE tall): wider
    # than running text (0.5), not as wide as the 0.75 a line with a figure is looked at from
    _spaced(page, 700, 0.7 * SIZE * chars - natural)
    (p,) = finished_pages(write_pdf(tmp_path / "row.pdf", [page]))
    (line,) = [ln for b in p.blocks for ln in b.lines]
    spread = line.bbox.width / (line.bbox.height * len(line.text))
    assert 0.65 < spread < 0.75, spread
    assert len(p.gaps) == 1 and p.gaps[0].width > 100, p.gaps


def test_a_line_of_code_as_wide_is_not_looked_at(tmp_path: Path) -> None:
    page = Page()
    page.ops.append(
        f"BT /F3 {SIZE:g} Tf 40 700 Td (for \\(var k = i + i; k < limit; k += i\\) primes[k] = false;) Tj ET"
    )
    (p,) = finished_pages(write_pdf(tmp_path / "code.pdf", [page]))
    (line,) = [ln for b in p.blocks for ln in b.lines]
    assert line.mono and len(line.text) >= 40, line
    assert p.gaps == (), p.gaps
