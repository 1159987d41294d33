"""A table's title set right over it without a label (``Consultation and examination fees``),
bold and a point smaller than the text: the table's caption, above it in the Markdown as a
paragraph, no heading; a heading over a table set larger than the text stays a heading."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cores import temp_core

FEES = [
    ["Appointment", "Price"],
    ["Consultation with a vet", "48.00"],
    ["Repeat consultation", "32.00"],
    ["Nurse clinic", "18.00"],
]
BODY = (
    "Our prices include VAT at the standard rate. Medicines, tests and procedures carried out "
    "during a consultation are charged separately, and we will always give you an estimate of "
    "the cost before any treatment begins, so that you can decide what is right for your pet."
)


@pytest.fixture(scope="module")
def core(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with temp_core(tmp_path_factory.mktemp("titles"), env={"PDFCORE_EMBEDDER": "none"}, fetcher=None) as c:
        yield c


def _markdown(core: Any, tmp_path: Path, title_size: float) -> list[str]:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    body = ParagraphStyle("b", parent=getSampleStyleSheet()["BodyText"], fontName="Helvetica", fontSize=10, leading=13)
    title = ParagraphStyle("t", parent=body, fontName="Helvetica-Bold", fontSize=title_size, leading=title_size + 3)
    table = Table(FEES, colWidths=[200, 80], hAlign="LEFT")
    table.setStyle(TableStyle([("ALIGN", (1, 0), (1, -1), "RIGHT"), ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black)]))
    path = tmp_path / f"t{title_size}.pdf"
    story = [Paragraph(BODY, body), Spacer(1, 8), KeepTogether([Paragraph("Consultation fees for 2026", title), table])]
    SimpleDocTemplate(str(path), pagesize=A4).build([*story, Spacer(1, 8), Paragraph(BODY, body)])
    md = core.read_pages(str(path), "1", format="markdown").pages[0].markdown
    return [p for p in md.split("\n\n") if p.strip()]


def test_a_small_title_over_a_table_is_its_caption(core: Any, tmp_path: Path) -> None:
    parts = _markdown(core, tmp_path, 9)
    k = parts.index("Consultation fees for 2026")
    assert parts[k + 1].startswith("| Appointment | Price |"), parts
    assert not any(p.startswith("#") for p in parts), parts


def test_a_title_over_a_table_set_larger_than_the_text_stays_a_heading(core: Any, tmp_path: Path) -> None:
    parts = _markdown(core, tmp_path, 12)
    assert any(p.startswith("#") and p.endswith("Consultation fees for 2026") for p in parts), parts
