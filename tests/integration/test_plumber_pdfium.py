"""The table engine's pages whose objects pdfium reads describe a page as pdfminer's do: the
same characters (spaces aside: pdfium leaves out a second space and one ending a line, and puts
one in a narrow gap it reads as a word break; a character drawn again over itself is read
once) with the same boxes, and the same lines,
rectangles and curves, on generated pages of every kind of drawing (hypothesis), with a
shifted media box, turned pages and text set turned, and on real documents."""

from __future__ import annotations

import hashlib
import os
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters._plumber_chars import LeanPage
from adapters._plumber_pages import page_at
from adapters._plumber_pdfium import PdfiumPage, font_metrics, page_matrix
from adapters.plumber_tables import PlumberTableExtractor
from pdfcore.models import Box, DocumentSource, Fingerprint
from tests.pdfgen import assemble


def _source(path: Path) -> DocumentSource:
    st_ = os.stat(path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()  # (open documents are kept by digest)
    return DocumentSource(str(path), Fingerprint(st_.st_size, st_.st_mtime_ns, digest))


def _key(c: dict[str, Any]) -> tuple[float, float]:
    return (round(float(c["top"]), 1), float(c["x0"]))


def _compare(path: Path, *, tolerance: float, width_tolerance: float | None = None) -> int:
    """Every page of ``path`` read both ways: the same characters (spaces left out) at the same
    places, the same lines, rectangles and curves; returns how many objects were compared."""
    compared = 0
    source = _source(path)
    across = tolerance if width_tolerance is None else width_tolerance
    with pdfplumber.open(path) as pdf:
        for index in range(len(pdf.pages)):
            miner = page_at(pdf, index)
            ours = page_at(pdf, index, source)
            assert isinstance(miner, LeanPage) and isinstance(ours, PdfiumPage)
            theirs, mine = miner.objects, ours.objects
            want = sorted((c for c in theirs.get("char", []) if c["text"].strip()), key=_key)
            got = sorted((c for c in mine.get("char", []) if c["text"].strip()), key=_key)
            assert [c["text"] for c in got] == [c["text"] for c in want]
            for a, b in zip(got, want, strict=True):
                assert abs(a["x0"] - b["x0"]) <= tolerance, (a, b)
                assert abs(a["x1"] - b["x1"]) <= across, (a, b)
                assert abs(a["top"] - b["top"]) <= tolerance, (a, b)
                assert abs(a["bottom"] - b["bottom"]) <= tolerance, (a, b)
                assert a["upright"] == b["upright"]
                assert a["fontname"] == b["fontname"]
                assert abs(a["size"] - b["size"]) <= tolerance
                compared += 1
            for kind in ("line", "rect", "curve"):
                boxes = [sorted(_box(o) for o in objects.get(kind, [])) for objects in (mine, theirs)]
                assert len(boxes[0]) == len(boxes[1]), kind
                for a_box, b_box in zip(*boxes, strict=True):
                    assert max(abs(x - y) for x, y in zip(a_box, b_box, strict=True)) <= tolerance, (kind, a_box, b_box)
                    compared += 1
            for a, b in zip(
                sorted(mine.get("rect", []), key=_box), sorted(theirs.get("rect", []), key=_box), strict=True
            ):
                assert (a["fill"], a["stroke"]) == (b["fill"], b["stroke"])
    return compared


def _box(o: dict[str, Any]) -> tuple[float, float, float, float]:
    return (round(o["x0"], 2), round(o["top"], 2), round(o["x1"], 2), round(o["bottom"], 2))


# -- generated pages ---------------------------------------------------------------------------

_coord = st.integers(min_value=0, max_value=500)
_text = st.text(alphabet="AbcdeFgh ijK,.-", min_size=1, max_size=12).filter(lambda t: t.strip() == t and "  " not in t)


@st.composite
def _operations(draw: st.DrawFn) -> list[str]:
    ops: list[str] = []
    for k in range(draw(st.integers(min_value=1, max_value=10))):
        kind = draw(st.sampled_from(["text", "turned", "line", "rect", "curve", "colour"]))
        if kind in ("text", "turned"):
            # each text on a row of its own (pdfium reads a text drawn again over itself once)
            size = draw(st.integers(min_value=4, max_value=30))
            font = draw(st.sampled_from(["/F1", "/F2"]))
            text = draw(_text).replace("\\", "")
            if kind == "turned":
                matrix = f"0 1 -1 0 {440 + 16 * k} {draw(_coord)} Tm"
            else:
                matrix = f"1 0 0 1 {draw(st.integers(min_value=0, max_value=60))} {32 * k + 20} Tm"
                size = min(size, 20)
            scaling = draw(st.sampled_from([100, 100, 80, 130]))
            ops.append(f"BT {font} {size} Tf {scaling} Tz {matrix} ({text}) Tj ET")
        elif kind == "line":
            ops.append(f"{draw(_coord)} {draw(_coord)} m {draw(_coord)} {draw(_coord)} l S")
        elif kind == "rect":
            paint = draw(st.sampled_from(["S", "f", "B", "f*"]))
            ops.append(f"{draw(_coord)} {draw(_coord)} {draw(_coord) + 1} {draw(_coord) + 1} re {paint}")
        elif kind == "curve":
            points = " ".join(str(draw(_coord)) for _ in range(6))
            ops.append(f"{draw(_coord)} {draw(_coord)} m {points} c h S")
        else:
            ops.append(draw(st.sampled_from(["0 g", "1 0 0 rg", "0.5 G", "0 0 1 RG"])))
    return ops


def _one_page(
    path: Path, content: bytes, fonts: Sequence[bytes], *more: bytes, media_box: str = "0 0 600 700", rotate: int = 0
) -> Path:
    """A one-page PDF drawing ``content`` with ``fonts`` (``/F1``... objects 5 on) and ``more``
    objects after them (a font's descriptor or ToUnicode map: numbered from 5 + len(fonts))."""
    stream = zlib.compress(content)
    names = " ".join(f"/F{k + 1} {k + 5} 0 R" for k in range(len(fonts)))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (
            f"<< /Type /Page /Parent 2 0 R /MediaBox [{media_box}] /Rotate {rotate} /Contents 4 0 R "
            f"/Resources << /Font << {names} >> >> >>"
        ).encode(),
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream",
        *fonts,
        *more,
    ]
    path.write_bytes(assemble(objects, root=1))
    return path


def _write(path: Path, operations: list[str], media_box: str = "0 0 600 700", rotate: int = 0) -> Path:
    content = "\n".join(["q", *operations, "Q"]).encode("latin-1")
    fonts = [
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>",
    ]
    return _one_page(path, content, fonts, media_box=media_box, rotate=rotate)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=_operations(), shifted=st.booleans(), rotate=st.sampled_from([0, 90, 180, 270]))
def test_generated_pages_give_the_same_objects(
    tmp_path: Path, operations: list[str], shifted: bool, rotate: int
) -> None:
    box = "30 -20 630 680" if shifted else "0 0 600 700"
    _compare(_write(tmp_path / "page.pdf", operations, box, rotate), tolerance=0.02)


def test_every_kind_of_object_on_a_turned_page(tmp_path: Path) -> None:
    operations = [
        "BT /F1 12 Tf 40 600 Td (Header one) Tj ET",
        "BT /F2 9 Tf 0 1 -1 0 300 200 Tm (set up the page) Tj ET",
        "1 0 0 RG 2 w 40 580 m 300 580 l S",
        "0 0 1 rg 40 500 200 40 re f",
        "40 400 m 80 450 120 350 160 400 c S",
    ]
    path = _write(tmp_path / "all.pdf", operations, "50 40 650 740", rotate=90)
    assert _compare(path, tolerance=0.02) >= 4 + 3
    with pdfplumber.open(path) as pdf:
        kinds = set(page_at(pdf, 0, _source(path)).objects)
    assert {"char", "line", "rect", "curve"} <= kinds


def test_the_page_matrix_is_pdfminers() -> None:
    box = (10.0, 20.0, 610.0, 820.0)
    assert page_matrix(box, 0) == (1.0, 0.0, 0.0, 1.0, -10.0, -20.0)
    assert page_matrix(box, 90) == (0.0, -1.0, 1.0, 0.0, -20.0, 610.0)
    assert page_matrix(box, 180) == (-1.0, 0.0, 0.0, -1.0, 610.0, 820.0)
    assert page_matrix(box, 270) == (0.0, 1.0, -1.0, 0.0, 820.0, -10.0)


def test_a_ligature_is_one_character_as_wide_as_its_glyph(tmp_path: Path) -> None:
    """A glyph pdfium reads as two characters (its font maps it to ``fi``) is one character of
    both letters, as pdfminer reads it, as wide as the glyph."""
    cmap = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /L def "
        b"1 begincodespacerange <00> <FF> endcodespacerange "
        b"2 beginbfchar <41> <0066 0069> <42> <0067> endbfchar endcmap "
        b"CMapName currentdict /CMap defineresource pop end end"
    )
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>"
    tounicode = b"<< /Length %d >>\nstream\n" % len(cmap) + cmap + b"\nendstream"
    path = _one_page(tmp_path / "ligature.pdf", b"BT /F1 20 Tf 50 600 Td (AB) Tj ET", [font], tounicode)
    with pdfplumber.open(path) as pdf:
        miner = page_at(pdf, 0).objects["char"]
        ours = page_at(pdf, 0, _source(path)).objects["char"]
    assert [c["text"] for c in ours] == [c["text"] for c in miner] == ["fi", "g"]
    assert abs(ours[0]["x0"] - miner[0]["x0"]) < 0.02
    assert ours[0]["x1"] == pytest.approx(ours[1]["x0"], abs=0.02)  # the glyph's whole advance
    assert ours[0]["x1"] - ours[0]["x0"] == pytest.approx(0.667 * 20, abs=0.05)  # Helvetica's A


def _two_pages(path: Path, count: bytes) -> Path:
    content = zlib.compress(b"BT /F1 12 Tf 40 600 Td (on both pages) Tj ET")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R 6 0 R] " + count + b" >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 700] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 700] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
    ]
    path.write_bytes(assemble(objects, root=1))
    return path


def test_a_page_tree_without_its_count_is_read_by_pdfminer(tmp_path: Path) -> None:
    """Without a /Count pdfium's page numbers may not be pdfminer's: pdfminer reads the page."""
    path = _two_pages(tmp_path / "no-count.pdf", b"")
    with pdfplumber.open(path) as pdf:
        page = page_at(pdf, 1, _source(path))
        assert isinstance(page, LeanPage) and not isinstance(page, PdfiumPage)
        assert "".join(c["text"] for c in page.objects["char"]) == "on both pages"


def test_a_page_past_pdfiums_count_is_read_by_pdfminer(tmp_path: Path) -> None:
    """A /Count short of the page tree's pages: pdfium stops at the count, pdfminer walks on;
    the page pdfium has not is read by pdfminer (not an error)."""
    path = _two_pages(tmp_path / "short-count.pdf", b"/Count 1")
    with pdfplumber.open(path) as pdf:
        first, second = page_at(pdf, 0, _source(path)), page_at(pdf, 1, _source(path))
        assert isinstance(first, PdfiumPage) and isinstance(second, PdfiumPage)
        for page in (first, second):
            assert "".join(c["text"] for c in page.objects["char"] if c["text"] != " ") == "onbothpages"


def test_font_descents_are_pdfminers_by_name(tmp_path: Path) -> None:
    """A font whose descriptor declares a deep descent (a maths font's) keeps it: the
    characters' boxes stand where pdfminer's do, not on the font program's metrics."""
    widths = b" ".join(b"250" if c in b"il" else b"900" if c in b"Wm" else b"500" for c in range(32, 127))
    font = (
        b"<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+Deep /FirstChar 32 /LastChar 126 "
        b"/Widths [" + widths + b"] /FontDescriptor 6 0 R >>"
    )
    descriptor = (
        b"<< /Type /FontDescriptor /FontName /ABCDEF+Deep /Flags 32 /FontBBox [0 -1000 1000 1000] "
        b"/ItalicAngle 0 /Ascent 800 /Descent -950 /CapHeight 700 /StemV 80 >>"
    )
    path = _one_page(tmp_path / "deep.pdf", b"BT /F1 10 Tf 40 600 Td (deep) Tj ET", [font], descriptor)
    with pdfplumber.open(path) as pdf:
        plumber = page_at(pdf, 0, _source(path))
        assert font_metrics(plumber)["Deep"] == ("ABCDEF+Deep", pytest.approx(-0.95), False)
    _compare(path, tolerance=0.02)


def test_tables_read_on_pdfium_pages(tmp_path: Path) -> None:
    """The adapter reads a ruled table's cells from pdfium's objects."""
    rows = [("Name", "Qty"), ("Apples", "3"), ("Pears", "12")]
    ops = []
    for i, (a, b) in enumerate(rows):
        y = 600 - 20 * i
        ops.append(f"BT /F1 10 Tf 55 {y + 5} Td ({a}) Tj ET BT /F1 10 Tf 155 {y + 5} Td ({b}) Tj ET")
    for i in range(len(rows) + 1):
        ops.append(f"50 {620 - 20 * i} m 250 {620 - 20 * i} l S")
    for x in (50, 150, 250):
        ops.append(f"{x} 560 m {x} 620 l S")
    path = _write(tmp_path / "table.pdf", ops)
    tables = PlumberTableExtractor().extract_tables(_source(path), 0, regions=(Box(40, 70, 260, 150),))
    assert len(tables) == 1
    assert [tables[0].header, *tables[0].rows] == [("Name", "Qty"), ("Apples", "3"), ("Pears", "12")]


# -- real documents ----------------------------------------------------------------------------

REAL = [
    "pdfplumber/pdfs/pr-138-example.pdf",  # ruled tables, many rules, curves
    "camelot/files/tabula/icdar2013-dataset/competition-dataset-us/us-015.pdf",  # a ruled report table
    "camelot/files/issue_288.pdf",  # a dense table of figures
]


@pytest.mark.corpus
@pytest.mark.parametrize("name", REAL)
def test_real_documents_give_the_same_objects(corpus: Path, name: str) -> None:
    assert _compare(corpus / name, tolerance=0.25, width_tolerance=0.6) > 0
