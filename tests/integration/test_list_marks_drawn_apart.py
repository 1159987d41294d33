"""A page whose list markers are drawn after its text, each a text of its own (as HTML and CSS
typesetters draw them): the items keep their markers, in text and in Markdown. Before, the
items read as one paragraph and the markers came in a heap at the page's end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.pdfgen import Page, write_pdf

ITEMS = [
    "violists and double bass players",
    "horn players for the third and fourth parts",
    "percussionists of all kinds",
]
STEPS = ["Book a slot with the secretary.", "Prepare a piece of your own choice.", "Arrive fifteen minutes early."]


def _page() -> Page:
    page = Page()
    page.text(72, 720, "Auditions", size=16, font="F2")
    page.text(72, 690, "We are particularly keen to hear from:", size=11)
    for k, item in enumerate(ITEMS):
        page.text(92, 670 - 16 * k, item, size=11)
    page.text(72, 610, "To audition, follow these steps in order:", size=11)
    for k, step in enumerate(STEPS):
        page.text(92, 590 - 16 * k, step, size=11)
    page.text(72, 530, "The panel will write to you within a week of your audition.", size=11)
    for k in range(len(ITEMS)):
        page.text(83, 671 - 16 * k, "\x95", size=9)  # WinAnsi's bullet
    for k in range(len(STEPS)):
        page.text(80, 590 - 16 * k, f"{k + 1}.", size=11)
    return page


def test_markers_drawn_after_the_text_stay_with_their_items(core: Any, tmp_path: Path) -> None:
    pdf = write_pdf(tmp_path / "p.pdf", [_page()])
    text = core.read_pages(str(pdf), "1").pages[0].text
    markdown = core.read_pages(str(pdf), "1", format="markdown").pages[0].markdown
    for item in ITEMS:
        assert f"\u2022 {item}" in text, text
        assert f"- {item}" in markdown, markdown
    for k, step in enumerate(STEPS, 1):
        assert f"{k}. {step}" in text and f"{k}. {step}" in markdown, markdown
    assert not text.rstrip().endswith(("\u2022", "3.")), text
