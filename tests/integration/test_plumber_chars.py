"""The table engine's pages describe characters, lines, rectangles and curves exactly as
pdfplumber's own pages do (the same dicts, keys in the same order), only with less work: on
generated pages of every kind of drawing (hypothesis), with a shifted media box and Unicode
normalisation, and on real documents."""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pdfminer.pdfpage import PDFPage
from pdfplumber.page import Page

from adapters._plumber_chars import LeanPage
from adapters._plumber_pages import page_at, page_refs
from tests.pdfgen import assemble


def _objects(page: Any) -> dict[str, list[dict[str, Any]]]:
    return page.objects  # type: ignore[no-any-return]


def _assert_same_objects(path: Path, **open_args: Any) -> int:
    """Every page of ``path`` built both ways gives equal objects; returns how many were compared."""
    compared = 0
    with pdfplumber.open(path, **open_args) as pdf:
        for index, (objid, attrs) in enumerate(page_refs(pdf.doc) or []):
            theirs = _objects(Page(pdf, PDFPage(pdf.doc, objid, attrs, None), page_number=index + 1))
            ours = _objects(LeanPage(pdf, PDFPage(pdf.doc, objid, attrs, None), page_number=index + 1))
            assert ours == theirs
            for kind, items in theirs.items():
                for mine, want in zip(ours[kind], items, strict=True):
                    assert list(mine) == list(want)
                    compared += 1
    return compared


# -- generated pages ---------------------------------------------------------------------------

_coord = st.integers(min_value=0, max_value=500)
_colour = st.sampled_from(["0 g", "1 0 0 rg", "0.2 0.4 0.6 rg", "0 0 0 1 k", "0.5 G", "0 0 1 RG", "0 0 0 0 K"])
_text = st.text(alphabet="AbcdeFgh ijK,.-", min_size=1, max_size=12)


@st.composite
def _operations(draw: st.DrawFn) -> list[str]:
    ops: list[str] = []
    for _ in range(draw(st.integers(min_value=1, max_value=12))):
        kind = draw(st.sampled_from(["text", "line", "rect", "curve", "colour", "width", "dash"]))
        if kind == "text":
            size = draw(st.integers(min_value=4, max_value=30))
            font = draw(st.sampled_from(["/F1", "/F2"]))
            mode = draw(st.sampled_from([0, 1, 2, 3]))
            text = draw(_text).replace("\\", "")
            ops.append(f"BT {font} {size} Tf {mode} Tr {draw(_coord)} {draw(_coord)} Td ({text}) Tj ET")
        elif kind == "line":
            ops.append(f"{draw(_coord)} {draw(_coord)} m {draw(_coord)} {draw(_coord)} l S")
        elif kind == "rect":
            paint = draw(st.sampled_from(["S", "f", "B", "f*", "b"]))
            ops.append(f"{draw(_coord)} {draw(_coord)} {draw(_coord)} {draw(_coord)} re {paint}")
        elif kind == "curve":
            points = " ".join(str(draw(_coord)) for _ in range(6))
            ops.append(f"{draw(_coord)} {draw(_coord)} m {points} c h S")
        elif kind == "colour":
            ops.append(draw(_colour))
        elif kind == "width":
            ops.append(f"{draw(st.integers(min_value=0, max_value=5))} w")
        else:
            ops.append(f"[{draw(st.integers(min_value=1, max_value=6))} 2] 0 d")
    return ops


def _write(path: Path, operations: list[str], media_box: str = "0 0 600 700") -> Path:
    content = zlib.compress("\n".join(["q", *operations, "Q"]).encode("latin-1"))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (
            f"<< /Type /Page /Parent 2 0 R /MediaBox [{media_box}] /Contents 4 0 R "
            "/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>"
        ).encode(),
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Times-BoldItalic >>",
    ]
    path.write_bytes(assemble(objects, root=1))
    return path


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=_operations(), shifted=st.booleans())
def test_generated_pages_give_the_same_objects(tmp_path: Path, operations: list[str], shifted: bool) -> None:
    box = "30 -20 630 680" if shifted else "0 0 600 700"
    path = _write(tmp_path / "page.pdf", operations, box)
    _assert_same_objects(path)


def test_every_kind_of_object_with_a_shifted_media_box_and_normalised_text(tmp_path: Path) -> None:
    operations = [
        "0.2 0.4 0.6 rg BT /F1 12 Tf 40 600 Td (Caf\\351 and text) Tj ET",
        "1 0 0 RG 2 w 40 580 m 300 580 l S",
        "0 0 1 rg 40 500 200 40 re f",
        "[3 2] 0 d 40 400 m 80 450 120 350 160 400 c S",
        "0 0 0 1 k BT /F2 9 Tf 3 Tr 40 300 Td (invisible) Tj ET",
    ]
    path = _write(tmp_path / "all.pdf", operations, "50 40 650 740")
    assert _assert_same_objects(path, unicode_norm="NFKC") >= 4 + 3
    with pdfplumber.open(path) as pdf:
        page = page_at(pdf, 0)
        assert isinstance(page, LeanPage)
        kinds = set(page.objects)
    assert {"char", "line", "rect", "curve"} <= kinds


# -- real documents ----------------------------------------------------------------------------

REAL = [
    "pdfplumber/pdfs/pr-138-example.pdf",  # ruled tables, many rules
    "pdfplumber/pdfs/150109DSP-Milw-505-90D.pdf",  # a dense ruled form
    "uda-benchmark/wiki_feta_docs/pdfs/Jennifer Jones.pdf",  # text, tables, curves
    "camelot/files/tabula/mednine.pdf",  # right-to-left text
    "pdfplumber/pdfs/issue-71-duplicate-chars-2.pdf",  # text drawn twice
    "camelot/files/vertical_header.pdf",  # sideways text
]


@pytest.mark.corpus
@pytest.mark.parametrize("name", REAL)
def test_real_documents_give_the_same_objects(corpus: Path, name: str) -> None:
    assert _assert_same_objects(corpus / name) > 0
