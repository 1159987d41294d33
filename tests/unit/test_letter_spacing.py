"""Letter-spaced text (a name set with wide tracking): pdfium puts a space between letters drawn
apart, so ``Thornbury Mill Barn`` read ``T h o r n b u r y M i l l B a r n``. The spaces
parting the letters of a word (blanks alike, an em at most) are taken out; the wider blanks
between words, and spaces the document holds, stay. Letters set columns apart (a table's
marks, a letter a cell) stay apart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.pdfgen import Page, write_pdf


def _spaced(pg: Page, x: float, y: float, words: list[str], *, size: float, track: float, word_gap: float) -> None:
    """Each letter drawn on its own, ``track`` points after the one before, words ``word_gap``
    apart (as WeasyPrint sets CSS letter-spacing: no space drawn)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    for word in words:
        for ch in word:
            pg.text(x, y, ch, size=size)
            x += stringWidth(ch, "Helvetica", size) + track
        x += word_gap - track


def _text(core: Any, path: Path) -> str:
    return core.read_pages(str(path), pages="1").pages[0].text


def test_letters_drawn_apart_with_tracking_read_as_words(core: Any, tmp_path: Path) -> None:
    pg = Page()
    _spaced(pg, 72, 700, ["Thornbury", "Mill", "Barn"], size=30, track=8.0, word_gap=20.0)
    pg.lines(72, 660, ["Mill Lane, Little Thornbury, Ludlow, Shropshire SY8 4PQ"], size=10)
    text = _text(core, write_pdf(tmp_path / "t.pdf", [pg]))
    assert "Thornbury Mill Barn" in text, text


def test_letters_columns_apart_stay_apart(core: Any, tmp_path: Path) -> None:
    pg = Page()
    pg.lines(72, 720, ["Attendance by week for each of the members of the club"], size=9)
    _spaced(pg, 200, 700, ["AAAAAAAA"], size=9, track=30.0, word_gap=30.0)
    text = _text(core, write_pdf(tmp_path / "t.pdf", [pg]))
    assert "A A A A A A A A" in text, text
