"""Hidden-text signals of the pdfium extractor on generated pages."""

from __future__ import annotations

from pathlib import Path

from tests.pdfgen import Page, write_pdf


def _warnings(tmp_path: Path, page: Page) -> tuple[str, ...]:
    import pdfcore
    from pdfcore.config import load_settings

    pdf = write_pdf(tmp_path / "h.pdf", [page])
    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    core = pdfcore.build(load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")}))
    try:
        return tuple(core.read_pages(str(pdf), "1").pages[0].warnings)
    finally:
        core.close()


def test_text_painted_over_by_an_opaque_box_is_flagged(tmp_path: Path) -> None:
    """A failed redaction: the words are drawn, then a black box over them."""
    page = Page().text(72, 700, "account number 12345678").rect(68, 695, 200, 20)
    assert "text_under_fill" in _warnings(tmp_path, page)


def test_a_box_drawn_before_the_text_is_a_background_not_a_cover(tmp_path: Path) -> None:
    page = Page().rect(68, 695, 200, 20, rgb=(0.9, 0.9, 0.9)).text(72, 700, "account number 12345678")
    assert "text_under_fill" not in _warnings(tmp_path, page)


def test_a_box_beside_the_text_covers_nothing(tmp_path: Path) -> None:
    page = Page().text(72, 700, "account number 12345678").rect(300, 695, 200, 20)
    assert "text_under_fill" not in _warnings(tmp_path, page)


def test_a_title_printed_over_a_hidden_copy_of_itself_keeps_every_line(tmp_path: Path) -> None:
    """A subtitle in white on a black box, over a copy of the same words set otherwise and
    hidden under the box (white on the white page): the copy stays out of the Markdown, and
    none of the subtitle's own lines goes with it, though the first holds the copy's words."""
    import pdfcore
    from pdfcore.config import load_settings

    white = (1, 1, 1)
    page = (
        Page()
        .text(60, 700, "HOW BIG MEDIA USES TECHNOLOGY AND THE", size=13, rgb=white)
        .text(60, 680, "LAW TO LOCK DOWN CULTURE", size=13, rgb=white)
        .rect(50, 670, 330, 50)
        .text(66, 694, "HOW BIG MEDIA USES TECHNOLOGY AND", size=10, font="F2", rgb=white)
        .text(66, 680, "THE LAW TO LOCK DOWN CULTURE", size=10, font="F2", rgb=white)
        .lines(60, 600, ["Body text of the page follows the cover's title here,", "and goes on for a second row."])
    )
    pdf = write_pdf(tmp_path / "h.pdf", [page])
    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    core = pdfcore.build(load_settings(env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache")}))
    try:
        got = core.read_pages(str(pdf), "1", format="markdown").pages[0]
    finally:
        core.close()
    assert "hidden_text" in got.warnings
    md = got.markdown or ""
    assert "HOW BIG MEDIA USES TECHNOLOGY AND" in md and "THE LAW TO LOCK DOWN CULTURE" in md
    assert md.count("HOW BIG MEDIA") == 1 and md.count("LAW TO LOCK DOWN CULTURE") == 1  # the copy is out
