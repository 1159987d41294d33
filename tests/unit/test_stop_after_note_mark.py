"""A stop or a comma right after a note's mark set raised (``free of charge1.``, ``up to £5
million1, and ...``) closes on the word: pdfium gives the stop a line of its own, or the comma
opens the next line it breaks off, and both read with a space before them (``charge1 .``,
``million1 , and``). Before, they did."""

from __future__ import annotations

import os
from pathlib import Path

from adapters.pdfium_text import PdfiumTextExtractor
from pdfcore.models import Box, DocumentSource, Fingerprint, TextLine
from tests.pdfgen import Page, write_pdf
from tests.unit.test_structure import markdown, page


def _lines(path: Path) -> list[str]:
    st = os.stat(path)
    source = DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "x" * 64))
    (found,) = PdfiumTextExtractor().extract(source, [0])
    return [ln.text for ln in sorted(found.lines, key=lambda ln: (ln.bbox.y0, ln.bbox.x0))]


def test_a_stop_after_a_raised_mark_is_glued_on(tmp_path: Path) -> None:
    text = "Carers accompanying a disabled visitor are admitted free of charge"
    p = Page()
    # the mark raised in smaller type, then the stop back on the baseline, each drawn on from
    # where the text before it ends
    p.ops.append(f"BT /F1 10 Tf 72 700 Td ({text}) Tj /F1 6 Tf 4 Ts (1) Tj /F1 10 Tf 0 Ts (.) Tj ET")
    lines = _lines(write_pdf(tmp_path / "mark.pdf", [p]))
    assert any(ln.endswith("charge1.") for ln in lines), lines


def test_a_comma_opening_the_next_piece_after_a_raised_mark_closes_on_it() -> None:
    lines = [
        TextLine("We are fully insured for public liability up to £5 million1", Box(65.4, 266.2, 297.4, 277.2), 9.8),
        TextLine(", and all of our staff carry photographic identification.", Box(299.7, 267.8, 525.1, 277.2), 9.8),
    ]
    body = markdown([page(lines)])[0]
    assert "£5 million1, and all of our staff" in body, body


def test_a_colon_set_close_after_a_word_closes_on_it() -> None:
    """(A colon 0.15 em after the word, a piece of its own, closes on it; a French space before
    a colon, 0.25 em, stays.)"""
    word = TextLine("bicarbonatémie < 8 mmol/L", Box(72.0, 100.0, 190.0, 110.0), 10.0)
    close = TextLine(": diminution des débits", Box(191.5, 100.0, 300.0, 110.0), 10.0)
    apart = TextLine(": diminution des débits", Box(192.5, 100.0, 301.0, 110.0), 10.0)
    assert "mmol/L: diminution" in markdown([page([word, close])])[0]
    assert "mmol/L : diminution" in markdown([page([word, apart])])[0]
