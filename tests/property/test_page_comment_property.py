"""The comment line naming a page stays one well-formed comment whatever the page's label holds
(labels are the document's own text)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from pdfcore.structure import page_comment
from pdfcore.structure.document import LABEL_CHARS

COMMENT = re.compile(r"<!-- page (\d+)(?: \(label ([^\n]*)\))? -->")


@given(st.integers(min_value=1, max_value=100_000), st.one_of(st.none(), st.text()))
def test_one_line_one_comment(number: int, label: str | None) -> None:
    line = page_comment(number, label)
    m = COMMENT.fullmatch(line)
    assert m is not None and int(m.group(1)) == number
    shown = m.group(2)
    if shown is not None:
        assert "--" not in shown and shown.isprintable() and shown == shown.strip() and shown
        assert len(shown) <= LABEL_CHARS


def test_a_damaged_label_is_shown_on_one_line_and_cut() -> None:
    assert page_comment(1, "%PDF-1.7\n\u00fe\u00ff x") == "<!-- page 1 (label %PDF-1.7 \u00fe\u00ff x) -->"
    assert page_comment(2, "a-->b") == "<!-- page 2 (label a->b) -->"
    assert page_comment(3, "\n\t") == "<!-- page 3 -->"
    assert page_comment(4, " 4 ") == "<!-- page 4 -->"
    assert page_comment(5, "x" * 100) == f"<!-- page 5 (label {'x' * (LABEL_CHARS - 1)}\u2026) -->"
    assert page_comment(6, "iv") == "<!-- page 6 (label iv) -->"


@given(st.integers(min_value=1, max_value=100_000), st.one_of(st.none(), st.text()))
def test_the_text_header_is_one_line_too(number: int, label: str | None) -> None:
    from pdfcore.services.read_all import page_header

    header = page_header(number, label)
    assert header.endswith(" ---\n") and header.count("\n") == 1 and header.startswith(f"--- page {number}")
    assert header.count("--") == 2


def test_the_command_line_page_header_shows_the_label_the_same_way() -> None:
    from types import SimpleNamespace

    from pdfcore_entrypoints.cli_text import pages

    page = SimpleNamespace(page=1, label="%PDF-1.7\nx--y", markdown=None, warnings=(), source="text", text="body")
    out = pages(SimpleNamespace(pages=[page]))
    assert out.startswith("--- page 1 (label %PDF-1.7 x-y) ---\nbody")
