"""What joins two rows of one paragraph: a space; nothing between CJK characters; nothing after a
slash set close to the word before it."""

from __future__ import annotations

import pytest

from pdfcore.structure.glue import glue
from tests.unit.test_structure import RIGHT, ln, markdown, page


@pytest.mark.parametrize(
    ("before", "after", "joined"),
    [
        ("the last word", "of the row", " "),
        ("free software/", "open-source software", ""),
        ("available at https://example.org/", "reports/2024.pdf", ""),
        ("either A /", "B", " "),  # a slash set apart is a word of its own
        ("/* keep the policy */", "static int indicate_policy(void)", " "),  # a comment's end
        ("5https://spacy.io/", "6https://spacy.io/usage", " "),  # another address
        ("(https://web.archive.org/web/2016/http://di", "gital.library.okstate.edu/v031.pdf)", ""),
        ("(http://www.integriscancer.", "com/), a hospital", ""),
        ("see (https://example.org/a.pdf)", "for more", " "),  # the address is closed
        ("at https://example.org/a.pdf", "for more", " "),  # not in parentheses
        ("一些中文", "文字", ""),
        ("English", "中文", " "),
    ],
)
def test_what_joins_two_rows(before: str, after: str, joined: str) -> None:
    assert glue(before, after) == joined


def test_a_paragraph_broken_after_a_slash_reads_as_one_word() -> None:
    lines = [
        ln("The foundation backs free software/", 100, x1=RIGHT),
        ln("open-source software projects of every size.", 114),
    ]
    (md,) = markdown([page(lines)])
    assert md == "The foundation backs free software/open-source software projects of every size."
