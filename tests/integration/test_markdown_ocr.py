"""A recognised page reads as the same Markdown as the native page it is a scan of."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.pdfgen import Page, write_pdf

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

BODY = [
    "The survey covered the northern valley during the spring and recorded",
    "the nesting sites of every bird species seen along the river banks.",
]
METHODS = [
    "Each site was visited at dawn and again at dusk for one hour to count",
    "the birds arriving and leaving the nests along the eastern bank.",
]


def _report(path: Path) -> Path:
    p = Page()
    p.text(72, 700, "Annual Field Report", size=24, font="F2")
    p.text(72, 660, "Summary of Findings", size=16, font="F2")
    p.lines(72, 630, BODY, size=11, leading=14)
    p.text(72, 584, "Methods", size=16, font="F2")  # no descender: its box is as tall as x-height text
    p.lines(72, 559, METHODS, size=11, leading=14)
    return write_pdf(path, [p])


def _scan(pdf: Path, out: Path) -> Path:
    """An image-only PDF of the page (300 dpi, grey)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        image = doc[0].render(scale=300 / 72).to_pil().convert("L")
    finally:
        doc.close()
    image.save(out, format="PDF", resolution=300.0)
    return out


def _native_and_scanned(native: Path, tmp_path: Path) -> tuple[str, Any]:
    """The native page's Markdown, and the page read with OCR from its scan (Tesseract)."""
    if shutil.which("tesseract") is None:
        if IN_CI:
            pytest.fail("tesseract must be installed in CI (.ci/run installs it)")
        pytest.skip("tesseract is not installed")
    import pdfcore
    from pdfcore.config import load_settings

    scan = _scan(native, tmp_path / "scan.pdf")
    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    core = pdfcore.build(load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "c")}))
    try:
        want = core.read_pages(str(native), "1", format="markdown").pages[0].markdown
        got = core.read_pages(str(scan), "1", ocr=True, format="markdown").pages[0]
    finally:
        core.close()
    return str(want), got


def test_a_scan_reads_as_the_native_page_s_markdown(tmp_path: Path) -> None:
    want, got = _native_and_scanned(_report(tmp_path / "report.pdf"), tmp_path)
    assert got.source == "ocr"
    expected = (
        f"# Annual Field Report\n\n## Summary of Findings\n\n{' '.join(BODY)}\n\n## Methods\n\n{' '.join(METHODS)}"
    )
    assert want == expected
    assert got.markdown == expected


ITEMS = [
    [
        "Each site was visited at dawn and again at dusk for one hour to count the",
        "birds arriving and leaving the nests along the eastern bank.",
    ],
    ["Every nest was marked on the map with the species seen at it."],
    ["The water level was read at the bridge on each visit."],
]
NOTES = [
    "The survey covered the northern valley during the spring and recorded the",
    "nesting sites of every bird species seen along the river banks, from the",
    "first thaw in March until the young birds had left their nests in June,",
    "and compared them with the counts made in the same places ten years ago.",
]


def _notes(path: Path) -> Path:
    """A heading, a paragraph of four rows and a bulleted list whose first item wraps."""
    p = Page()
    p.text(72, 700, "Field Notes", size=20, font="F2")
    p.lines(72, 664, NOTES, size=11, leading=14)
    y = 596.0
    for item in ITEMS:
        p.text(72, y, "\x95", size=11)  # a bullet (WinAnsi)
        p.lines(86, y, item, size=11, leading=14)
        y -= 14 * len(item) + 4
    return write_pdf(path, [p])


def _kinds(markdown: str) -> list[str]:
    """Each block of the Markdown as heading, item or paragraph (lists one item a line)."""
    out = []
    for block in markdown.split("\n\n"):
        for row in block.split("\n") if block.startswith("- ") else [block]:
            out.append("heading" if row.startswith("#") else "item" if row.startswith("- ") else "paragraph")
    return out


def test_a_scan_keeps_the_native_page_s_paragraphs_and_list(tmp_path: Path) -> None:
    # Recognised boxes wander from row to row (a row without descenders, a word boxed taller):
    # the paragraph stays whole, its first row no heading; the bullets start list items.
    import difflib

    want, got = _native_and_scanned(_notes(tmp_path / "notes.pdf"), tmp_path)
    assert got.source == "ocr"
    assert _kinds(want) == ["heading", "paragraph", "item", "item", "item"], want
    assert _kinds(got.markdown) == _kinds(want), got.markdown
    assert got.markdown.startswith("# Field Notes\n\n")
    assert difflib.SequenceMatcher(None, want, got.markdown).ratio() > 0.97, got.markdown
