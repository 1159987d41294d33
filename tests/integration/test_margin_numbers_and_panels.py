"""Layouts set with the help of the margin and of boxes: section numbers hung in the margin
beside their headings (no table of numbers and text), boxes of lists set side by side (no table
of three columns: each box read in turn), and two tables stacked one over the other, the lower
one narrower (two tables, not one)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cores import temp_core

PROSE = [
    "Kestrel is an open-source job scheduler. This release adds a new web dashboard, makes",
    "retries and timeouts far easier to configure, and removes several features that were",
    "deprecated in the previous series. Most deployments can upgrade in under an hour.",
]


@pytest.fixture(scope="module")
def core(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with temp_core(tmp_path_factory.mktemp("margins"), env={"PDFCORE_EMBEDDER": "none"}, fetcher=None) as c:
        yield c


def _markdown(core: Any, path: Path) -> str:
    return str(core.read_pages(str(path), "1", format="markdown").pages[0].markdown)


def test_section_numbers_hung_in_the_margin_stay_with_their_headings(core: Any, tmp_path: Path) -> None:
    from reportlab.pdfgen import canvas

    path = tmp_path / "hung.pdf"
    c = canvas.Canvas(str(path), pagesize=(595, 842))
    y = 780.0
    heads = [("1", "Overview", 14), ("2", "What's New", 14), ("2.1", "Web Dashboard", 11)]
    heads += [("2.2", "Retry Policies", 11), ("3", "Breaking Changes", 14), ("3.1", "Changed Defaults", 11)]
    for k, (number, words, size) in enumerate(heads):
        c.setFont("Helvetica-Bold", size)
        c.drawString(41, y, number)
        c.drawString(86, y, words)
        y -= size + 6
        if k in (1, 4):
            continue  # a section's heading right over its first subsection's
        c.setFont("Times-Roman", 10)
        for text in PROSE:
            c.drawString(86, y, text)
            y -= 13
        y -= 10
    c.save()
    md = _markdown(core, path)
    assert "|" not in md and "<table>" not in md, md
    for number, words, _ in heads:
        assert f"# {number} {words}\n" in md, md


def test_boxes_of_lists_set_side_by_side_are_read_box_by_box(core: Any, tmp_path: Path) -> None:
    from reportlab.pdfgen import canvas

    boxes = [
        ("Blue Bin", ["paper, newspapers, magazines and", "envelopes", "cardboard, flattened", "cans and foil"]),
        ("Grey Bin", ["plastic bags and film", "crisp packets", "nappies, wrapped", "broken crockery"]),
        ("Brown Bin", ["grass cuttings", "hedge trimmings and branches", "weeds and dead plants", "cut flowers"]),
    ]
    path = tmp_path / "boxes.pdf"
    c = canvas.Canvas(str(path), pagesize=(842, 595))
    c.setFont("Helvetica-Bold", 16)
    c.drawString(40, 550, "What Goes in Each Bin")
    for k, (title, items) in enumerate(boxes):
        x = 40 + 256 * k
        c.rect(x, 330, 250, 190)  # each box framed on its own, a gutter between them
        c.setFont("Helvetica-Bold", 12)
        c.drawString(x + 6, 500, title)
        c.setFont("Helvetica", 10)
        y = 480.0 - 6 * k  # the boxes' lines not level with one another
        for item in items:
            wrapped = item == "envelopes"
            c.drawString(x + (22 if wrapped else 12), y, item if wrapped else "\u2022 " + item)
            y -= 14
    c.save()
    md = _markdown(core, path)
    assert "|" not in md and "<table>" not in md, md
    at = [md.index(t) for t, _ in boxes]
    assert at == sorted(at) and md.index("cut flowers") > at[2] > md.index("cans and foil"), md


def test_columns_between_heading_bands_are_read_before_the_next_band(core: Any, tmp_path: Path) -> None:
    """Three columns of prose under a heading set narrow in a band drawn across the page, and
    another such band under them: the columns are read in turn, then the second heading (not
    right after the first column, beside which its narrow title stands)."""
    from reportlab.lib import colors
    from reportlab.pdfgen import canvas

    path = tmp_path / "bands.pdf"
    c = canvas.Canvas(str(path), pagesize=(842, 595))
    for top, title in ((545, "HOW OUR TARIFFS WORK"), (330, "PRICES AT A GLANCE")):
        c.setFillColor(colors.HexColor("#123f57"))
        c.rect(40, top - 20, 760, 20, stroke=0, fill=1)
        c.setFillColor(colors.white)
        c.setFont("Helvetica-Bold", 11)
        c.drawString(48, top - 14, title)
    c.setFillColor(colors.black)
    c.setFont("Times-Roman", 9)
    words = ["First", "Second", "Third"]
    for col, word in enumerate(words):
        for k in range(7):
            c.drawString(48 + 256 * col, 505 - 12 * k, f"{word} column line {k + 1}: the standing charge covers the")
    c.drawString(
        48, 285, "The prices below are averages for Great Britain for customers who pay by monthly Direct Debit."
    )
    c.save()
    md = _markdown(core, path)
    at = [md.index(f"{word} column line 1") for word in words]
    assert at == sorted(at) and md.index("Third column line 7") < md.index("PRICES AT A GLANCE"), md
