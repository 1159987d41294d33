from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image

from pdfcore.errors import PageOutOfRange
from pdfcore.models import Clip, DocumentSource, Fingerprint
from ports.renderer import Renderer
from tests.contract.conftest import isolated_adapter
from tests.fakes.fake_renderer import FakeRenderer
from tests.pdfgen import Page, write_pdf


def _source(path: Path) -> DocumentSource:
    st = os.stat(path)
    return DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "r" * 64))


@pytest.fixture(params=["fake", "pdfium", "pdfium-isolated"])
def renderer_and_pdf(request: pytest.FixtureRequest, tmp_path: Path):  # type: ignore[no-untyped-def]
    path = write_pdf(
        tmp_path / "r.pdf", [Page(width=612, height=792).text(72, 700, "Render me"), Page(width=400, height=300)]
    )
    if request.param == "fake":
        return FakeRenderer(page_count=2, blank_pages=frozenset({1})), path
    if request.param == "pdfium-isolated":
        pool = request.getfixturevalue("engine_pool")
        return isolated_adapter(Renderer, "adapters.pdfium_renderer:PdfiumRenderer", pool), path
    from adapters.pdfium_renderer import PdfiumRenderer

    return PdfiumRenderer(), path


def test_whole_page_size_follows_dpi(renderer_and_pdf) -> None:  # type: ignore[no-untyped-def]
    r, path = renderer_and_pdf
    img = r.render(_source(path), 0, dpi=72)
    pil = Image.open(io.BytesIO(img.png))
    assert pil.format == "PNG"
    assert (pil.width, pil.height) == (img.width, img.height)
    assert abs(img.width - 612) <= 1 and abs(img.height - 792) <= 1
    img2 = r.render(_source(path), 0, dpi=144)
    assert abs(img2.width - 1224) <= 2


def test_clip_is_a_fraction_of_the_page(renderer_and_pdf) -> None:  # type: ignore[no-untyped-def]
    r, path = renderer_and_pdf
    img = r.render(_source(path), 0, dpi=72, clip=Clip(0.0, 0.0, 0.5, 0.25))
    assert abs(img.width - 306) <= 2 and abs(img.height - 198) <= 2


def test_out_of_range(renderer_and_pdf) -> None:  # type: ignore[no-untyped-def]
    r, path = renderer_and_pdf
    with pytest.raises(PageOutOfRange):
        r.render(_source(path), 5, dpi=72)


def test_max_pixels_lowers_the_dpi_to_fit(renderer_and_pdf) -> None:  # type: ignore[no-untyped-def]
    r, path = renderer_and_pdf
    # Page 1 is 612 x 792 pt: 144 dpi has 4x the pixels of 72 dpi.
    cap = 612 * 792
    img = r.render(_source(path), 0, dpi=144, max_pixels=cap)
    assert img.dpi == 72
    assert img.width * img.height <= cap * 1.01  # pixel rounding of the page edges
    assert abs(img.width - 612) <= 1
    # Under the cap: the dpi asked for.
    assert r.render(_source(path), 0, dpi=144, max_pixels=4 * cap).dpi == 144
    # A clip counts its own area: a quarter of the page fits at 144 dpi.
    clipped = r.render(_source(path), 0, dpi=144, clip=Clip(0.0, 0.0, 0.5, 0.5), max_pixels=cap)
    assert clipped.dpi == 144 and abs(clipped.width - 612) <= 2


def test_max_pixels_uses_the_page_own_size(renderer_and_pdf) -> None:  # type: ignore[no-untyped-def]
    r, path = renderer_and_pdf
    if isinstance(r, FakeRenderer):
        r.size = (400.0, 300.0)  # the fake has one size for all pages: page 2's
    # Page 2 is 400 x 300 pt: at 144 dpi it has 800 x 600 pixels.
    assert r.render(_source(path), 1, dpi=144, max_pixels=800 * 600).dpi == 144
    assert r.render(_source(path), 1, dpi=144, max_pixels=800 * 600 - 1).dpi == 143


def test_a_page_with_nothing_drawn_is_blank(renderer_and_pdf) -> None:  # type: ignore[no-untyped-def]
    r, path = renderer_and_pdf
    drawn, empty = r.render(_source(path), 0, dpi=72), r.render(_source(path), 1, dpi=72)
    assert drawn.blank is False and drawn.fonts_not_embedded == ()
    assert empty.blank is True and empty.fonts_not_embedded == ()  # no text: no font


@pytest.mark.corpus
def test_pdfium_names_the_fonts_a_pdf_does_not_embed() -> None:
    """pdfminer's jo.pdf sets its Japanese text in Ryumin-Light, not embedded: where no
    substitute font is installed the page renders blank, and the renderer names the font."""
    from adapters._pdfium import pdfium_document
    from adapters.pdfium_renderer import fonts_not_embedded
    from tests.conftest import corpus_dir

    path = corpus_dir() / "pdfminer" / "samples" / "jo.pdf"
    with pdfium_document(_source(path)) as doc:
        page = doc[0]
        try:
            assert fonts_not_embedded(page) == ("Ryumin-Light",)
        finally:
            page.close()
