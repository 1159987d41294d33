"""Recognised words -> lines: sizes read from word boxes and evened out, bullets read as signs."""

from __future__ import annotations

import itertools
from pathlib import Path

from pdfcore.models import Box, OcrWord
from pdfcore.services.ocr_lines import lines_of
from tests.fakes.fake_ocr import FakeOcrEngine
from tests.unit.test_ocr_service import setup

UP = set("bdfhiklt0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'")
DOWN = set("gjpqy,;()")


def _words(text: str, x: float, baseline: float, em: float, line: int) -> list[OcrWord]:
    """A line's words boxed tightly as an engine boxes them: from the top of their tallest
    letter to the foot of their lowest (pixels; 0.5 em wide a letter)."""
    out = []
    for word in text.split():
        top = baseline - em * (0.72 if set(word) & UP else 0.5)
        foot = baseline + (em * 0.22 if set(word) & DOWN else 0.0)
        width = 0.5 * em * len(word)
        out.append(OcrWord(word, Box(x, top, x + width, foot), 0.95, line=line))
        x += width + 0.3 * em
    return out


def _bullet(x: float, baseline: float, em: float, line: int, reading: str = "¢") -> OcrWord:
    """A bullet read as ``reading``: a dot at mid x-height, clear of the baseline."""
    return OcrWord(reading, Box(x, baseline - 0.45 * em, x + 0.3 * em, baseline - 0.15 * em), 0.8, line=line)


PARAGRAPH = [
    "The survey covered the northern valley during the spring and",
    "recorded the nesting sites of every bird species seen along the",
    "river banks, counted at dawn and again at dusk for one hour at",
    "each site to find how many birds arrived and left the nests.",
]


def test_a_paragraph_keeps_one_size_whatever_its_word_boxes_reach() -> None:
    # Lines with and without descenders, and one word boxed a third too tall (a stain touching
    # it): read from the union of its boxes the third line would be set larger.
    words: list[OcrWord] = []
    words += _words("Field Notes", 100, 100, 40, 0)
    for i, text in enumerate(PARAGRAPH):
        words += _words(text, 100, 170 + 36 * i, 30, i + 1)
    stained = next(k for k, w in enumerate(words) if w.text == "dawn")
    b = words[stained].bbox
    words[stained] = OcrWord("dawn", Box(b.x0, b.y0 - 10, b.x1, b.y1), 0.95, line=words[stained].line)
    lines = lines_of(words, 0.5)
    sizes = [ln.font_size for ln in lines]
    assert len(set(sizes[1:])) == 1, sizes
    assert sizes[1] == 15.0
    assert sizes[0] == 20.0  # the heading keeps its own, larger size


def test_a_sign_read_clear_of_the_baseline_is_a_bullet() -> None:
    words = [_bullet(100, 100, 30, 0), *_words("Operation is similar to tape", 120, 100, 30, 0)]
    words += [_bullet(100, 140, 30, 1, "e"), *_words("Each track may be assigned", 120, 140, 30, 1)]
    # a letter on the baseline is a word: Italian "e", "and"
    words += _words("e poi il fiume scende verso valle", 100, 180, 30, 2)
    lines = lines_of(words, 1.0)
    assert [ln.text for ln in lines] == [
        "• Operation is similar to tape",
        "• Each track may be assigned",
        "e poi il fiume scende verso valle",
    ]


def test_a_recognised_page_reads_as_headings_whole_paragraphs_and_lists(tmp_path: Path) -> None:
    # Engine pixels at 150 dpi; a 20 pt heading, a paragraph and a list in 10 pt type.
    px = 150 / 72
    em = 10 * px
    words: list[OcrWord] = []
    words += _words("Field Notes", 72 * px, 90 * px, 20 * px, 0)
    y = 130.0
    for i, text in enumerate(PARAGRAPH):
        words += _words(text, 72 * px, y * px, em, i + 1)
        y += 13
    stained = next(k for k, w in enumerate(words) if w.text == "dawn")
    b = words[stained].bbox
    words[stained] = OcrWord("dawn", Box(b.x0, b.y0 - 0.35 * em, b.x1, b.y1), 0.95, line=words[stained].line)
    items = ["Nests on the eastern bank", "Nests on the western bank"]
    y += 8
    for k, text in enumerate(items):
        n = len(PARAGRAPH) + 1 + k
        words += [_bullet(72 * px, y * px, em, n), *_words(text, 84 * px, y * px, em, n)]
        y += 13
    core, service, source, facts = setup(tmp_path, FakeOcrEngine(tuple(words)))
    try:
        service.run(source, facts, [0])
        got = core.read_pages(str(tmp_path / "scan.pdf"), "1", format="markdown").pages[0]
    finally:
        core.close()
    assert got.source == "ocr"
    want = "# Field Notes\n\n" + " ".join(PARAGRAPH) + "\n\n" + "\n".join(f"- {t}" for t in items)
    assert got.markdown == want


def _skewed(words: list[OcrWord], slope: float) -> list[OcrWord]:
    """The words of an upright page scanned turned by ``slope`` (dy/dx): each is lowered by its
    distance along the line times the slope, and its box is as much taller as it is wide."""
    out = []
    for w in words:
        b = w.bbox
        drop = b.x0 * slope
        out.append(
            OcrWord(w.text, Box(b.x0, b.y0 + drop, b.x1, b.y1 + drop + b.width * slope), w.confidence, line=w.line)
        )
    return out


def test_a_skewed_scan_reads_the_size_of_its_type() -> None:
    # Turned by 1.7 degrees, a word's box is taller than its letters by a tenth of an em for
    # every 3.5 em of its width: read as it is, the type would be read a tenth larger.
    words: list[OcrWord] = []
    for i, text in enumerate(PARAGRAPH * 2):
        words += _words(text, 100, 100 + 40 * i, 30, i)
    lines = lines_of(_skewed(words, 0.03), 0.5)
    assert {ln.font_size for ln in lines} == {15.0}


def test_headings_of_one_style_share_a_size_and_a_list_above_does_not_take_them_in() -> None:
    # A list in large type, a heading a little smaller under it (further below it than its rows
    # are from each other), then a paragraph; again a heading in the same style read a little
    # larger, and a paragraph. Headings of one style are one style key for the Markdown.
    words: list[OcrWord] = []
    n = 0

    def row(text: str, y: float, em: float, bullet: bool = False) -> None:
        nonlocal n
        if bullet:
            words.append(_bullet(100, y, em, n))
        words.extend(_words(text, 130 if bullet else 100, y, em, n))
        n += 1

    y = 100.0
    for item in ("Operation is similar to a tape recorder", "Each of the sequences holds tracks", "One or all tracks"):
        row(item, y, 36, bullet=True)
        y += 46
    y += 30
    row("Recording a Sequence", y, 33)
    for text in PARAGRAPH:
        y += 36
        row(text, y, 27)
    y += 60
    row("Editing Notes", y, 34.5)
    for text in PARAGRAPH:
        y += 36
        row(text, y, 27)
    lines = lines_of(words, 1.0)
    size = {ln.text: ln.font_size for ln in lines}
    assert size["Recording a Sequence"] == size["Editing Notes"]
    assert size["Recording a Sequence"] < size["• One or all tracks"]
    assert size["Recording a Sequence"] > size[PARAGRAPH[0]]


def test_the_lines_of_a_skewed_scan_do_not_reach_over_each_other() -> None:
    # Turned by 1.7 degrees, a long line's box is taller by a third of the line pitch and reaches
    # over the lines above and below it: the layout would take the paragraph for one line band.
    words: list[OcrWord] = []
    for i, text in enumerate(PARAGRAPH * 2):
        words += _words(text, 100, 100 + 40 * i, 30, i)
    lines = lines_of(_skewed(words, 0.03), 1.0)
    assert all(a.bbox.y1 <= b.bbox.y0 for a, b in itertools.pairwise(lines))
