"""Bold, monospaced and italic faces from a font's name, declared weight and flags
(adapters._pdfium_fonts.font_style)."""

from __future__ import annotations

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
