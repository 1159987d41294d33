"""Bold, monospaced and italic faces from a font's name, declared weight and flags
(adapters._pdfium_fonts.font_style)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adapters._pdfium_fonts import font_style
from pdfcore.models import DocumentSource, Fingerprint, TextLine
from tests.pdfgen import Page, write_pdf

_FORCE_BOLD = 1 << 18


@pytest.mark.parametrize(
    ("name", "weight", "flags", "bold"),
    [
        ("ABCDEF+NimbusRomNo9L-Regu", 695, 4, False),  # a regular face declaring a heavy weight
        ("NimbusRomNo9L-ReguItal", 650, 70, False),
        ("Times-Roman", 700, 32, False),
        ("LMRoman10-Regular", 700, 4, False),
        ("Helvetica-Light", 650, 32, False),
        ("Garamond-BookItalic", 620, 96, False),
        ("Arial,Regular", 700, 32, False),
        ("NimbusRomNo9L-Medi", 816, 34, True),  # URW's medium is the bold of the family
        ("NimbusRomNo9L-Regu", 695, 4 | _FORCE_BOLD, True),  # the force-bold flag still counts
        ("Arial-BoldMT", 400, 32, True),  # a bold word still counts
        ("CMR10", 700, 4, True),  # no weight word in the name: the declared weight decides
        ("TimesNewRomanPSMT", 700, 32, True),  # "Roman" of the family name is no weight word
        ("Times New Roman", 700, 32, True),
        ("ABCDEF+CMBX12", 400, 4, True),
        ("Times-Roman", 400, 32, False),
    ],
)
def test_bold_from_weight_name_and_flags(name: str, weight: int, flags: int, bold: bool) -> None:
    assert font_style(name, weight, flags)[0] is bold


@pytest.mark.parametrize(
    ("name", "flags", "mono"),
    [
        ("ABCDEF+NimbusMonL-Regu", 4, True),  # URW's Courier, no fixed-pitch flag set
        ("NimbusMonoPS-Regular", 4, True),
        ("CourierNewPSMT", 4, True),
        ("DejaVuSansMono", 4, True),
        ("Helvetica", 1, True),  # the fixed-pitch flag decides
        ("NimbusRomNo9L-Regu", 4, False),
        ("NimbusSanL-Regu", 32, False),
        ("Montserrat-Regular", 32, False),
    ],
)
def test_monospaced_from_name_and_flags(name: str, flags: int, mono: bool) -> None:
    assert font_style(name, 400, flags)[1] is mono


def test_text_filled_and_stroked_round_is_bold(tmp_path: Path) -> None:
    """A layout program sets a face bold it has no bold of by stroking the glyphs' outlines as
    it fills them (render mode 2): such text is bold, the same face filled only is not (a wine
    list's appellations over its wines, all in one light face)."""
    page = Page()
    page.text(72, 700, "Stroked round as filled", size=12, mode=2)
    page.text(72, 680, "Filled only in the same face", size=12)
    assert [(ln.text, ln.bold) for ln in _lines(tmp_path / "stroked.pdf", page)] == [
        ("Stroked round as filled", True),
        ("Filled only in the same face", False),
    ]


def test_a_notes_number_set_smaller_leaves_the_line_its_texts_face(tmp_path: Path) -> None:
    """A footnote opening with its number as a superscript in the body's face, its text (an
    address) in a typewriter face, is a monospaced line; the same number before text in the
    body's face leaves a line that is not."""
    page = Page()
    page.text(72, 703, "5", size=6)
    page.text(75.5, 700, "http://example.org/data/glove.", size=9, font="F3")
    page.text(72, 683, "6", size=6)
    page.text(75.5, 680, "A note in the body's face.", size=9)
    assert [(ln.text, ln.mono) for ln in _lines(tmp_path / "notes.pdf", page)] == [
        ("5http://example.org/data/glove.", True),
        ("6 A note in the body's face.", False),
    ]


def _lines(path: Path, page: Page) -> tuple[TextLine, ...]:
    """The text lines the pdfium extractor reads on ``page``, written to ``path`` alone."""
    write_pdf(path, [page])
    return _first_page_lines(path)


def _first_page_lines(path: Path) -> tuple[TextLine, ...]:
    """The text lines the pdfium extractor reads on the first page of the PDF at ``path``."""
    from adapters.pdfium_text import PdfiumTextExtractor

    st = os.stat(path)
    source = DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "x" * 64))
    (got,) = PdfiumTextExtractor().extract(source, [0])
    return got.lines


def test_a_bullet_drawn_from_a_dingbats_glyph_reads_as_a_bullet(tmp_path: Path) -> None:
    """Items whose bullet is a glyph of a font of dingbats, whose code reads as a letter or a
    sign (Wingdings' ``h`` for an arrowhead, ``¢`` for a square), each read as ``•``, the line
    at its text's size however small the bullet is set; a line opening with a one-letter word in
    its text's face is left as it is."""
    page = Page()
    for k, mark in enumerate(("h", "¢")):
        page.text(72, 700 - 20 * k, mark, size=8, font="F4").text(84, 700 - 20 * k, "correction of the volume", size=11)
    page.text(72, 640, "a quick note in one face.", size=11)
    assert [(ln.text, ln.font_size) for ln in _lines(tmp_path / "dingbats.pdf", page)] == [
        ("• correction of the volume", 11.0),
        ("• correction of the volume", 11.0),
        ("a quick note in one face.", 11.0),
    ]


def test_a_bullet_mapped_to_a_letter_of_another_script_reads_as_a_bullet(tmp_path: Path) -> None:
    """A text font's bullet whose text is a letter of another script (``ｴ``) before Latin text
    in another font reads as ``•``; a pictogram's own code point (ZapfDingbats' square) stays."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen.canvas import Canvas

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiKakuGo-W5"))
    path = tmp_path / "bullets.pdf"
    c = Canvas(str(path), pagesize=(612, 792))
    for k, (font, mark) in enumerate((("HeiseiKakuGo-W5", "ｴ"), ("ZapfDingbats", "l"))):
        t = c.beginText(72, 700 - 20 * k)
        t.setFont(font, 11)
        t.textOut(mark)
        t.setFont("Helvetica", 11)
        t.textOut(" prepaid or college savings plans,")
        c.drawText(t)
    c.showPage()
    c.save()
    assert [ln.text for ln in _first_page_lines(path)] == [
        "• prepaid or college savings plans,",
        "■ prepaid or college savings plans,",
    ]
