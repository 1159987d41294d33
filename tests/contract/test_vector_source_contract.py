"""The VectorSource contract, run against the fake and the pdfium adapter on the same drawing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pdfcore.errors import PageOutOfRange
from pdfcore.models import DocumentSource, Fingerprint
from pdfcore.vectors import filled_rects
from ports.vector_source import VectorSource
from tests.contract.conftest import isolated_adapter
from tests.fakes.fake_vectors import FakeVectorSource, PageBuilder
from tests.pdfgen import Page, write_pdf

W, H = 400.0, 300.0


def _source(path: Path) -> DocumentSource:
    st = os.stat(path)
    return DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "v" * 64))


def _pdf(tmp_path: Path) -> Path:
    page = Page(width=W, height=H)
    page.rect(50, 60, 100, 40, rgb=(1, 0, 0))
    # A stroke under a scaling matrix: points, width and dash all double in page space.
    page.ops.append("q 2 0 0 2 0 0 cm 1.5 w 0 0 1 RG [3 1] 0 d 10 10 m 60 40 l S Q")
    page.text(200, 100, "Hello", size=12)
    return write_pdf(tmp_path / "v.pdf", [page])


def _fake_pages() -> FakeVectorSource:
    b = PageBuilder(W, H)
    b.rect(50, 200, 150, 240, fill=(1.0, 0.0, 0.0))
    b.line([(20, 280), (120, 220)], rgb=(0.0, 0.0, 1.0), width=3.0, dash=(6.0, 2.0))
    b.text(200, 200, "Hello", size=12)
    return FakeVectorSource({0: b.build()})


@pytest.fixture(params=["fake", "pdfium", "pdfium-isolated"])
def reader(request: pytest.FixtureRequest, tmp_path: Path):  # type: ignore[no-untyped-def]
    path = _pdf(tmp_path)
    if request.param == "fake":
        return _fake_pages(), _source(path)
    if request.param == "pdfium-isolated":
        pool = request.getfixturevalue("engine_pool")
        return isolated_adapter(VectorSource, "adapters.pdfium_vectors:PdfiumVectorSource", pool), _source(path)
    from adapters.pdfium_vectors import PdfiumVectorSource

    return PdfiumVectorSource(), _source(path)


def test_page_size_and_filled_rect_in_page_space(reader) -> None:  # type: ignore[no-untyped-def]
    vs, src = reader
    pv = vs.read_page(src, 0)
    assert (pv.width, pv.height) == pytest.approx((W, H))
    reds = [r for r in pv.rects if r.fill[0] > 0.9 and r.fill[1] < 0.1]
    assert len(reds) == 1
    b = reds[0].box
    assert (b.x0, b.y0, b.x1, b.y1) == pytest.approx((50, 200, 150, 240), abs=0.05)
    assert pv.rects == filled_rects(pv.paths)


def test_stroke_points_width_and_dash_after_matrices(reader) -> None:  # type: ignore[no-untyped-def]
    vs, src = reader
    pv = vs.read_page(src, 0)
    blue = [p for p in pv.paths if p.stroke is not None and p.stroke[2] > 0.9 and p.stroke[0] < 0.1]
    assert len(blue) == 1
    p = blue[0]
    assert p.fill is None
    assert p.line_width == pytest.approx(3.0, abs=0.01)
    assert p.dash == pytest.approx((6.0, 2.0), abs=0.01)
    pts = [pt for s in p.subpaths for pt in s.points]
    assert pts[0] == pytest.approx((20, 280), abs=0.05) and pts[-1] == pytest.approx((120, 220), abs=0.05)
    assert p.bounds.x0 <= 20.01 and p.bounds.x1 >= 119.99


def test_text_glyphs_with_boxes_and_baseline(reader) -> None:  # type: ignore[no-untyped-def]
    vs, src = reader
    pv = vs.read_page(src, 0)
    runs = [t for t in pv.texts if t.text == "Hello"]
    assert len(runs) == 1
    run = runs[0]
    assert run.size == pytest.approx(12, abs=0.1)
    assert [g.char for g in run.glyphs] == list("Hello")
    for g in run.glyphs:
        assert g.origin[1] == pytest.approx(200, abs=0.5)
        assert g.box.y1 <= 200.5 + 3 and g.box.y0 >= 200 - 12
        assert run.box.x0 - 0.01 <= g.box.x0 <= g.box.x1 <= run.box.x1 + 0.01
    assert run.glyphs[0].box.x0 == pytest.approx(200, abs=1.5)
    xs = [g.box.x0 for g in run.glyphs]
    assert xs == sorted(xs)


def test_orders_are_unique_and_increasing(reader) -> None:  # type: ignore[no-untyped-def]
    vs, src = reader
    pv = vs.read_page(src, 0)
    orders = [p.order for p in pv.paths] + [t.order for t in pv.texts]
    assert len(set(orders)) == len(orders)
    assert [p.order for p in pv.paths] == sorted(p.order for p in pv.paths)


def test_without_text(reader) -> None:  # type: ignore[no-untyped-def]
    vs, src = reader
    full = vs.read_page(src, 0)
    light = vs.read_page(src, 0, text=False)
    assert light.texts == () and light.has_text is False and full.has_text is True
    assert len(light.paths) == len(full.paths)


def test_page_out_of_range(reader) -> None:  # type: ignore[no-untyped-def]
    vs, src = reader
    with pytest.raises(PageOutOfRange):
        vs.read_page(src, 3)


def test_pdfium_rotated_page_is_reported_as_displayed(tmp_path: Path) -> None:
    from adapters.pdfium_vectors import PdfiumVectorSource

    page = Page(width=400, height=300, rotate=90)
    page.rect(10, 20, 40, 20, rgb=(0, 1, 0))
    path = write_pdf(tmp_path / "rot.pdf", [page])
    pv = PdfiumVectorSource().read_page(_source(path), 0)
    assert (pv.width, pv.height) == pytest.approx((300, 400))
    (green,) = [r for r in pv.rects if r.fill[1] > 0.9 and r.fill[0] < 0.1]
    # /Rotate 90 turns the page clockwise: user (x, y) is shown at (y, x).
    assert (green.box.x0, green.box.y0, green.box.x1, green.box.y1) == pytest.approx((20, 10, 40, 50), abs=0.05)


def test_pdfium_caps_objects(tmp_path: Path) -> None:
    from adapters.pdfium_vectors import PdfiumVectorSource

    page = Page(width=200, height=200)
    for i in range(30):
        page.rect(5 + i * 5, 5, 3, 3)
    path = write_pdf(tmp_path / "many.pdf", [page])
    pv = PdfiumVectorSource().read_page(_source(path), 0, max_objects=10)
    assert pv.truncated and len(pv.paths) == 10


def test_whole_object_text(reader) -> None:  # type: ignore[no-untyped-def]
    vs, src = reader
    pv = vs.read_page(src, 0, glyphs=False)
    (run,) = [t for t in pv.texts if t.text == "Hello"]
    (g,) = run.glyphs
    assert g.char == "Hello" and g.size == pytest.approx(12, abs=0.1)
    assert g.origin == pytest.approx((200, 200), abs=1.0)
