"""The compact read's list of links: anchor texts, targets, one row per page and target."""

from __future__ import annotations

from pdfcore.models import Box, Clip
from pdfcore.results.extras import LinkOut
from pdfcore.services.agent import links_markdown

BOX, CLIP = Box(0, 0, 10, 10), Clip(0, 0, 0.1, 0.1)


def _link(page: int, text: str, *, target: int | None = None, uri: str | None = None) -> LinkOut:
    return LinkOut(page, "uri" if uri else "goto", BOX, CLIP, text=text, uri=uri, target_page=target)


def test_links_show_their_anchor_text_once_per_page_and_target() -> None:
    links = [
        *[_link(4, "see Chapter 2", target=8) for _ in range(5)],
        _link(4, "  Chapter 2,\n continued", target=8),  # the same link drawn over a line break
        _link(4, "", target=8),
        _link(4, "the licence", uri="https://example.org/licence"),
        _link(5, "see Chapter 2", target=8),
    ]
    assert links_markdown(links) == [
        '- page 4: "see Chapter 2" / "Chapter 2, continued" → page 8 ×7',
        '- page 4: "the licence" → https://example.org/licence',
        '- page 5: "see Chapter 2" → page 8',
    ]
    assert links_markdown([_link(2, "", target=3)]) == ["- page 2: (no anchor text) → page 3"]
