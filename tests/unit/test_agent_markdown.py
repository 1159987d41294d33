"""The compact read's links (anchor texts, targets, one row per page and target) and hidden-text marks."""

from __future__ import annotations

import attrs

from pdfcore.models import Box, Clip
from pdfcore.results.extras import LinkOut
from pdfcore.services.agent_markdown import links_markdown

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


def test_hidden_runs_are_marked_after_the_paragraph_above_them_ten_at_most() -> None:
    from pdfcore.models import HiddenSpan, PageText, TextBlock, TextLine
    from pdfcore.services.agent_markdown import mark_hidden

    first, second = "First paragraph about apples.", "Second paragraph about pears."
    lines = (TextLine(first, Box(72, 72, 300, 84)), TextLine(second, Box(72, 300, 300, 312)))
    spans = tuple(
        HiddenSpan(0, ("white_on_white",), f"secret_{k}", Box(72, 150 + k, 200, 160 + k), 10.0, 1.0) for k in range(12)
    )
    page = PageText(0, f"{first}\n{second}", blocks=(TextBlock(f"{first}\n{second}", Box(72, 72, 300, 312), lines),))
    body = f"{first}\n\n{second}"
    marked = mark_hidden(body, attrs.evolve(page, hidden=spans[:1]))
    assert marked == (
        f'{first}\n\n_[hidden text here, invisible to a reader (white_on_white): "secret\\_0"]_\n\n{second}'
    )
    many = mark_hidden(body, attrs.evolve(page, hidden=spans))
    assert many.count("_[hidden text here") == 10 and many.index("secret\\_9") < many.index(second)
    assert many.endswith("_[2 more runs of hidden text on this page are not marked.]_")
    above_all = HiddenSpan(0, ("off_page",), "at the top", Box(72, 10, 200, 20), 10.0, 1.0)
    assert mark_hidden(body, attrs.evolve(page, hidden=(above_all,))).startswith("_[hidden text here")
