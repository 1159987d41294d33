"""TableExtractor contract: the fake and every installed adapter give the same answers."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from pdfcore.errors import FileChanged, PageOutOfRange
from pdfcore.models import Box, DocumentSource, Fingerprint, Table
from ports.table_extractor import TableExtractor
from tests import tablegen
from tests.contract.conftest import isolated_adapter
from tests.fakes.fake_tables import FakeTableExtractor
from tests.pdfgen import Page, write_pdf

TOL = 4.0


def _source(path: Path) -> DocumentSource:
    st = os.stat(path)
    return DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "t" * 64))


def _pad(box: Box, d: float = 6.0) -> Box:
    return Box(box.x0 - d, box.y0 - d, box.x1 + d, box.y1 + d)


def _close(a: Box, b: Box, tol: float = TOL) -> bool:
    return all(abs(p - q) <= tol for p, q in zip((a.x0, a.y0, a.x1, a.y1), (b.x0, b.y0, b.x1, b.y1), strict=True))


def _make(kind: str, tables: dict[int, tuple[Table, ...]], page_count: int, pool: Any = None) -> TableExtractor:
    if kind == "fake":
        return FakeTableExtractor(tables, page_count=page_count)
    if kind == "plumber-isolated":
        extractor: TableExtractor = isolated_adapter(
            TableExtractor, "adapters.plumber_tables:PlumberTableExtractor", pool
        )
        return extractor
    from adapters.plumber_tables import PlumberTableExtractor

    return PlumberTableExtractor()


@pytest.fixture(params=["fake", "plumber", "plumber-isolated"])
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def doc(tmp_path: Path) -> Path:
    return write_pdf(tmp_path / "tables.pdf", [tablegen.tables_page(), tablegen.prose_page()])


def _pool(kind: str, request: pytest.FixtureRequest) -> Any:
    return request.getfixturevalue("engine_pool") if kind.endswith("-isolated") else None


@pytest.fixture
def extractor(kind: str, request: pytest.FixtureRequest) -> TableExtractor:
    return _make(kind, {0: tablegen.expected_tables()}, page_count=2, pool=_pool(kind, request))


def test_ruled_table_in_its_region(extractor: TableExtractor, doc: Path) -> None:
    found = extractor.extract_tables(_source(doc), 0, regions=(_pad(tablegen.ruled_box()),))
    assert len(found) == 1
    t = found[0]
    assert list(t.header) == tablegen.RULED[0]
    assert [list(r) for r in t.rows] == tablegen.RULED[1:]
    assert _close(t.bbox, tablegen.ruled_box())


def test_text_aligned_table_in_its_region(extractor: TableExtractor, doc: Path) -> None:
    found = extractor.extract_tables(_source(doc), 0, regions=(_pad(tablegen.aligned_box()),))
    assert len(found) == 1
    t = found[0]
    assert list(t.header) == tablegen.ALIGNED[0]
    assert [list(r) for r in t.rows] == tablegen.ALIGNED[1:]
    assert _close(t.bbox, tablegen.aligned_box())


def test_several_regions_and_nothing_outside_them(extractor: TableExtractor, doc: Path) -> None:
    source = _source(doc)
    both = extractor.extract_tables(source, 0, regions=(_pad(tablegen.ruled_box()), _pad(tablegen.aligned_box())))
    assert sorted(t.header[0] for t in both) == ["Item", "Region"]
    # A region of running text above both tables holds none.
    assert extractor.extract_tables(source, 0, regions=(Box(60, 20, 560, 70),)) == ()


def test_cells_are_strings_and_rows_as_long_as_the_header(extractor: TableExtractor, doc: Path) -> None:
    found = extractor.extract_tables(
        _source(doc), 0, regions=(_pad(tablegen.ruled_box()), _pad(tablegen.aligned_box()))
    )
    assert found
    for t in found:
        assert all(isinstance(c, str) for c in t.header)
        for row in t.rows:
            assert len(row) == len(t.header)
            assert all(isinstance(c, str) and "\n" not in c for c in row)


def test_without_regions_the_ruled_table_is_found(extractor: TableExtractor, doc: Path) -> None:
    found = extractor.extract_tables(_source(doc), 0)
    assert any(list(t.header) == tablegen.RULED[0] for t in found)


def test_a_page_of_prose_has_no_table(kind: str, doc: Path, request: pytest.FixtureRequest) -> None:
    extractor = _make(kind, {}, page_count=2, pool=_pool(kind, request))
    assert extractor.extract_tables(_source(doc), 1) == ()
    assert extractor.extract_tables(_source(doc), 1, regions=(Box(60, 40, 560, 500),)) == ()


def test_prepare_changes_no_answer(kind: str, doc: Path, request: pytest.FixtureRequest) -> None:
    source = _source(doc)
    regions = (_pad(tablegen.ruled_box()), _pad(tablegen.aligned_box()))
    cold = _make(kind, {0: tablegen.expected_tables()}, page_count=2, pool=_pool(kind, request))
    expected = cold.extract_tables(source, 0, regions=regions)
    ready = _make(kind, {0: tablegen.expected_tables()}, page_count=2, pool=_pool(kind, request))
    assert ready.prepare(source) is None
    ready.prepare(source)  # twice is fine
    assert ready.extract_tables(source, 0, regions=regions) == expected


def test_prepare_reports_a_document_that_changed(kind: str, doc: Path, request: pytest.FixtureRequest) -> None:
    if kind == "fake":
        pytest.skip("the fake reads no file: its prepare does nothing")
    extractor = _make(kind, {}, page_count=2, pool=_pool(kind, request))
    source = _source(doc)
    doc.write_bytes(doc.read_bytes() + b"\n% grown\n")
    with pytest.raises(FileChanged):
        extractor.prepare(source)


def test_page_out_of_range(extractor: TableExtractor, doc: Path) -> None:
    with pytest.raises(PageOutOfRange):
        extractor.extract_tables(_source(doc), 5)


def _page_space(box: Box, rotate: int, crop: tuple[float, float, float, float]) -> Box:
    """A user-space box (x0, y0 bottom, x1, y1 top) as seen on the displayed page."""
    cl, cb, cr, ct = crop

    def point(x: float, y: float) -> tuple[float, float]:
        if rotate == 90:
            return y - cb, x - cl
        if rotate == 180:
            return cr - x, y - cb
        if rotate == 270:
            return ct - y, cr - x
        return x - cl, ct - y

    ax, ay = point(box.x0, box.y0)
    bx, by = point(box.x1, box.y1)
    return Box(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))


@pytest.mark.parametrize("rotate", [0, 90, 180, 270])
def test_box_is_in_page_space_on_turned_and_cropped_pages(
    kind: str, tmp_path: Path, rotate: int, request: pytest.FixtureRequest
) -> None:
    crop = (30.0, 50.0, 580.0, 760.0)
    path = write_pdf(tmp_path / f"r{rotate}.pdf", [tablegen.ruled_table(Page(rotate=rotate, cropbox=crop))])
    x0, top, cw, rh = tablegen.RULED_AT
    user = Box(x0, top - len(tablegen.RULED) * rh, x0 + len(tablegen.RULED[0]) * cw, top)
    expected = _page_space(user, rotate, crop)
    scripted = Table(tuple(tablegen.RULED[0]), tuple(tuple(r) for r in tablegen.RULED[1:]), expected)
    extractor = _make(kind, {0: (scripted,)}, page_count=1, pool=_pool(kind, request))
    found = extractor.extract_tables(_source(path), 0, regions=(_pad(expected),))
    assert len(found) == 1
    assert _close(found[0].bbox, expected, 2.0)
    # Read as the table reads, whichever way the page is turned.
    assert list(found[0].header) == tablegen.RULED[0]
    assert [list(r) for r in found[0].rows] == tablegen.RULED[1:]
