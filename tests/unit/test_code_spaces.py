"""Code keeps its spaces: in a line set in a monospaced face, each gap between words is as many
spaces as it is characters wide (the text layer gives one space for any gap), and a code block's
blank lines stay. Before, ``"name":    "alpha",`` read ``"name": "alpha",`` and a listing's
parts ran together. Text in a proportional face keeps one space a gap."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from adapters._pdfium_mono import _respaced
from adapters.pdfium_text import PdfiumTextExtractor
from pdfcore.models import DocumentSource, Fingerprint
from tests.pdfgen import Page, write_pdf

CODE = [
    (0, "config = {"),
    (4, '"name":    "alpha",'),
    (4, '"retries": 3,   # at most'),
    (0, "}"),
    (0, ""),
    (0, "def total(xs):"),
    (4, "return sum(xs)"),
]
ADVANCE = 6.0  # Courier at 10 points: 600 units an em


def _pdf(tmp_path: Path) -> Path:
    page = Page()
    page.text(72, 740, "A configuration file and a function read it as follows in the service.", size=10)
    y = 720.0
    for indent, row in CODE:
        if row:
            # each word drawn at its own column (as a listing typeset with glue, no space glyphs)
            col = indent
            for word in row.split(" "):
                if word:
                    page.text(72 + col * ADVANCE, y, word, size=10, font="F3")
                col += len(word) + 1
        y -= 12
    page.text(72, y - 12, "Words  set  apart  in  a  proportional  face  keep  one  space.", size=10)
    return write_pdf(tmp_path / "code.pdf", [page])


def _lines(path: Path) -> list[str]:
    st = os.stat(path)
    source = DocumentSource(str(path), Fingerprint(st.st_size, st.st_mtime_ns, "x" * 64))
    (page,) = PdfiumTextExtractor().extract(source, [0])
    return [ln.text for ln in sorted(page.lines, key=lambda ln: ln.bbox.y0)]


def test_a_monospaced_lines_gaps_are_as_many_spaces_as_they_are_wide(tmp_path: Path) -> None:
    lines = _lines(_pdf(tmp_path))
    assert '"name":    "alpha",' in lines and '"retries": 3,   # at most' in lines
    assert "Words set apart in a proportional face keep one space." in lines


def test_markdown_keeps_a_listings_spaces_and_blank_lines(core: Any, tmp_path: Path) -> None:
    md = core.read_pages(str(_pdf(tmp_path)), pages="1", format="markdown").pages[0].markdown
    assert 'config = {\n    "name":    "alpha",\n    "retries": 3,   # at most\n}\n\ndef total(xs):' in md


def test_spaces_are_respaced_only_in_a_face_one_advance_wide() -> None:
    xs = [0.0, 6.0, 12.0, 36.0]  # "abc", then "d" four advances on
    assert _respaced("abc d", xs) == "abc   d"
    assert _respaced("ab c", [0.0, 6.0, 30.0]) == "ab c"  # one step: no advance known
    # steps of varying width: no monospaced face, the text stays
    assert _respaced("abcd e", [0.0, 6.0, 9.0, 17.0, 40.0]) == "abcd e"


def test_two_blank_lines_keep_a_listing_whole() -> None:
    """Two blank lines between a module's imports and its first definition (as Python sets
    them): one code block, both blank lines kept. Before, the listing came out as two blocks."""
    from tests.unit.test_structure import LEFT, LOREM, ln, markdown, page, para

    code = ["import os", "from pathlib import Path", None, None, "def main(path):", "    return Path(path)"]
    rows, y = [*para(LOREM, 60)], 120.0
    for text in code:
        if text is not None:
            indent = len(text) - len(text.lstrip())
            rows.append(ln(text.strip(), y, x=LEFT + 6 * indent, mono=True, x1=LEFT + 6 * len(text)))
        y += 12
    rows += para(["After the listing comes more text that closes the page."], y + 20)
    (md,) = markdown([page(rows)])
    assert "```\nimport os\nfrom pathlib import Path\n\n\ndef main(path):\n    return Path(path)\n```" in md
