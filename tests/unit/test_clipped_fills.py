"""A filled rectangle clipped to a strip along its top (a section's rule drawn so by HTML and CSS
typesetters) is a rule, not a shaded box over the text under it: the text adapter cuts a large
path's bounds to its clip path's box."""

from __future__ import annotations

import os
from pathlib import Path

from adapters.pdfium_text import PdfiumTextExtractor
from pdfcore.models import DocumentSource, Fingerprint
from tests.pdfgen import Page, write_pdf
from tests.unit.test_structure import LOREM


def test_a_fill_clipped_to_a_strip_is_a_rule_not_a_box_over_the_text(tmp_path: Path) -> None:
    p = Page()
    for top in (740, 520, 300):
        # a section's box filled light blue, clipped to 0.6 pt along its top edge
        p.ops.append(f"q 180 {top} 360 0.6 re W n 0.62 0.75 0.89 rg 180 {top - 200} 360 200.6 re f Q")
        for k, row in enumerate(LOREM * 3):
            p.text(184, top - 20 - 14 * k, row, size=9)
    path = write_pdf(tmp_path / "clipped.pdf", [p])
    st = os.stat(path)
    source = DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "c" * 64))
    (got,) = PdfiumTextExtractor().extract(source, [0])
    assert got.drawings == ()
    tops = sorted(round(r.y0) for r in got.rules)
    assert tops == [51, 271, 491], got.rules  # the strips only: no box's foot, no sides
