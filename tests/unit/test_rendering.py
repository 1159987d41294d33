"""RenderService on the fake renderer: the pixel cap, the byte budget's DPI ladder, the image
cap, and a document's first render (one page, without reading the document's facts first)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pdfcore.errors import InvalidArgument, PageOutOfRange
from pdfcore.models import DocumentFacts, DocumentSource, Fingerprint, PageInfo
from pdfcore.pagespec import single_page
from pdfcore.services.rendering import RenderService, b64_size
from tests.fakes import FakeDocument, fake_core
from tests.fakes.fake_renderer import FakeRenderer

SOURCE = DocumentSource("/x.pdf", Fingerprint(1, 1, "d" * 64))


def _facts(n: int, size: tuple[float, float] = (612.0, 792.0)) -> DocumentFacts:
    pages = tuple(PageInfo(index=i, width=size[0], height=size[1], label=None) for i in range(n))
    return DocumentFacts(page_count=n, metadata=(), outline=(), pages=pages)


def test_a_huge_page_is_rendered_under_the_pixel_cap_and_says_so() -> None:
    renderer = FakeRenderer(page_count=1, size=(14_400.0, 14_400.0))  # 200 x 200 inches
    service = RenderService(renderer, max_pages=5, byte_budget=10**12, max_pixels=4_000_000)
    res = service.render(SOURCE, _facts(1, (14_400.0, 14_400.0)), "1", dpi=150)
    (image,) = res.images
    assert image.width * image.height <= 4_000_000
    assert image.dpi == 10  # 2000 px over 200 in
    assert res.dpi_used == 150 and res.render_downsampled is not None
    assert (res.render_downsampled[0].dpi_used, res.render_downsampled[0].dpi_requested) == (10, 150)


def test_pages_over_the_byte_budget_go_down_the_ladder_or_are_reported() -> None:
    renderer = FakeRenderer(page_count=3, noise=20_000)  # bulk grows with the square of the dpi
    budget = b64_size(20_000 * (150 / 72) ** 2 + 10_000)
    service = RenderService(renderer, max_pages=5, byte_budget=budget)
    res = service.render(SOURCE, _facts(3), "1", dpi=300)
    assert res.pages_rendered == (1,)
    assert res.render_downsampled is not None and res.render_downsampled[0].dpi_used <= 150
    tiny = RenderService(FakeRenderer(page_count=3, noise=20_000), max_pages=5, byte_budget=1000)
    res = tiny.render(SOURCE, _facts(3), "1", dpi=300)
    assert res.pages_rendered == () and res.render_oversized_pages is not None


def test_the_image_cap_names_the_pages_left() -> None:
    service = RenderService(FakeRenderer(page_count=10), max_pages=3, byte_budget=10**9)
    res = service.render(SOURCE, _facts(10), "1-10", dpi=72)
    assert res.pages_rendered == (1, 2, 3)
    assert res.truncated_render and res.truncated_at == 3 and res.pages_not_rendered == "4-10"


def test_without_facts_only_one_page_number_is_rendered() -> None:
    renderer = FakeRenderer(page_count=4)
    service = RenderService(renderer, max_pages=5, byte_budget=10**9)
    assert service.render(SOURCE, None, "4", dpi=72).pages_rendered == (4,)
    assert service.render(SOURCE, None, 2, dpi=72).pages_rendered == (2,)
    with pytest.raises(PageOutOfRange):
        service.render(SOURCE, None, "5", dpi=72)
    with pytest.raises(ValueError):
        service.render(SOURCE, None, "1-2", dpi=72)


@pytest.mark.parametrize(
    ("pages", "index"),
    [("1", 0), (" 12 ", 11), (3, 2), ("0", None), (0, None), (True, None), ("1-2", None), ("last", None),
     ("iv", None), ("", None), (None, None), ("\u0663", 2), ("1,2", None), ("1-", None), ("x y", None)],
)  # fmt: skip
def test_single_page(pages: Any, index: int | None) -> None:
    # The page-spec parser decides: a digit "\u0663" is page 3 there, so it is here too.
    assert single_page(pages) == index


def _core(tmp_path: Path, n: int) -> tuple[Any, Any, Path]:
    core, extractor = fake_core(tmp_path, {"d.pdf": FakeDocument([f"page {i + 1}" for i in range(n)])})
    core.services.renderer.page_count = n
    return core, extractor, tmp_path / "d.pdf"


def test_a_first_render_does_not_inspect_the_document(tmp_path: Path) -> None:
    core, extractor, pdf = _core(tmp_path, 3)
    try:
        res = core.render_pages(str(pdf), "2", dpi=72)
        assert res.pages_rendered == (2,)
        assert extractor.inspected == 0
        # Calls that need the facts read them then; later renders use them.
        assert core.info(str(pdf)).page_count == 3
        assert extractor.inspected == 1
        assert core.render_pages(str(pdf), "1-3", dpi=72).pages_rendered == (1, 2, 3)
        assert extractor.inspected == 1
    finally:
        core.close()


def test_a_first_render_past_the_end_names_the_range(tmp_path: Path) -> None:
    core, _extractor, pdf = _core(tmp_path, 3)
    try:
        with pytest.raises(PageOutOfRange) as err:
            core.render_pages(str(pdf), "9", dpi=72)
        # The same answer as when the facts are known: the pages spec and the valid range.
        assert "pages '9'" in err.value.message and "valid range 1-3" in err.value.message
        assert err.value.details == {"page_count": 3}
        with pytest.raises(PageOutOfRange) as again:
            core.render_pages(str(pdf), "9", dpi=72)
        assert again.value.message == err.value.message
    finally:
        core.close()


def test_a_first_render_checks_the_clip_and_other_specs_take_the_full_path(tmp_path: Path) -> None:
    core, extractor, pdf = _core(tmp_path, 3)
    try:
        with pytest.raises(InvalidArgument):
            core.render_pages(str(pdf), "1", dpi=72, clip=[0.5, 0.5, 0.1, 0.1])
        assert core.render_pages(str(pdf), "1", dpi=72, clip=[0.0, 0.0, 0.5, 0.5]).pages_rendered == (1,)
        assert extractor.inspected == 0
        assert core.render_pages(str(pdf), "last", dpi=72).pages_rendered == (3,)
        assert extractor.inspected == 1
    finally:
        core.close()
