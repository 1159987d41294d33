"""A footnote whose number, set small before it, hangs left of its text (the text's second row
set in under its first word) is a note, not a list's item: ``- 1 The EBacc ...`` read a dash
into it. A reference list numbered in its text's size (``11 Rao SN, ...``) stays a list."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from tests.unit.test_structure import LOREM, ln, markdown, page, para

NOTE = "The EBacc is a set of subjects, not a separate qualification. It is made up of English,"


def _last(mark_size: float) -> str:
    lines = [
        *para(LOREM, 60),
        TextLine("1", Box(49.1, 700.0, 50.3, 700.0 + mark_size), mark_size),
        ln(NOTE, 702, x=53.6, size=7, x1=540),
        ln("mathematics, the sciences, a language and history or geography.", 711, x=56.5, size=7),
    ]
    (md,) = markdown([page(lines)])
    return md.split("\n\n")[-1]


def test_a_footnote_with_a_hanging_number_set_small_is_no_list_item() -> None:
    assert _last(5.0).startswith("1 The EBacc is a set of subjects")


def test_a_number_in_the_text_s_size_hanging_is_still_an_item() -> None:
    assert _last(7.0).startswith("- 1 The EBacc")
