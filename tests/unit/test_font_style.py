"""Bold, monospaced and italic faces from a font's name, declared weight and flags
(adapters._pdfium_fonts.font_style)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adapters._pdfium_fonts import font_style

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


def test_text_filled_and_stroked_round_is_bold(tmp_path: Path) -> None:
    """A layout program sets a face bold it has no bold of by stroking the glyphs' outlines as
    it fills them (render mode 2): such text is bold, the same face filled only is not (a wine
    list's appellations over its wines, all in one light face)."""
    from adapters.pdfium_text import PdfiumTextExtractor
    from pdfcore.models import DocumentSource, Fingerprint
    from tests.pdfgen import Page, write_pdf

    page = Page()
    page.text(72, 700, "Stroked round as filled", size=12, mode=2)
    page.text(72, 680, "Filled only in the same face", size=12)
    path = write_pdf(tmp_path / "stroked.pdf", [page])
    st = os.stat(path)
    source = DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "x" * 64))
    (got,) = PdfiumTextExtractor().extract(source, [0])
    assert [(ln.text, ln.bold) for ln in got.lines] == [
        ("Stroked round as filled", True),
        ("Filled only in the same face", False),
    ]
