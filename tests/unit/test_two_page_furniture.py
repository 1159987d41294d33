"""A document of two pages has its running heads and feet learnt from both: the same text at
the same place atop (or at the foot of) each page, at the text's own size (a short paper's
authors and title over each page). Before, a document needed three pages for a head to be
learnt, so a two-page paper's head stood in its Markdown twice."""

from __future__ import annotations

from pdfcore.models import PageText
from pdfcore.services import furniture
from tests.unit.test_layout import line, page_of, prose
from tests.unit.test_running_heads_by_place import _finish

HEAD = "Lindqvist, Baran and Raman Bus Arrival Prediction from Sparse GPS Traces"
FOOT = "Proceedings of the Regional Transit Workshop"


def _pages(heads: list[str | None], feet: list[str | None]) -> list[PageText]:
    pages = []
    for i, (head, foot) in enumerate(zip(heads, feet, strict=True)):
        lines = [line(prose("B", k, i), 72, 74 + 14 * k, 524, h=11, size=11) for k in range(45)]
        if head:
            lines.insert(0, line(head, 72, 35, 524, h=11, size=11))
        if foot:
            lines.append(line(foot, 180, 750, 430, h=11, size=11))
        pages.append(page_of(lines, index=i))
    return pages


def test_a_head_and_a_foot_on_both_pages_of_two_are_furniture() -> None:
    done = _finish(_pages([HEAD, HEAD], [FOOT, FOOT]))
    assert [d.furniture for d in done] == [(HEAD, FOOT), (HEAD, FOOT)]
    assert all(HEAD not in d.text and FOOT not in d.text for d in done)


def test_a_line_on_one_page_of_two_stays() -> None:
    done = _finish(_pages([None, HEAD], [FOOT, None]))
    assert [d.furniture for d in done] == [(), ()]


def test_one_page_learns_nothing() -> None:
    assert furniture.sample_indexes(1) == []
    assert [d.furniture for d in _finish(_pages([HEAD], [FOOT]))] == [()]


def test_two_copies_of_one_page_keep_their_lines() -> None:
    """An invoice's original and its copy: every line repeats, its title atop both pages is
    its title, not a running head."""
    done = _finish(_pages([HEAD, HEAD], [FOOT, FOOT])[:1] * 2)
    assert [d.furniture for d in done] == [(), ()]


def test_a_number_atop_both_pages_stays() -> None:
    """``3549`` over one ledger's name and ``3222`` over the next: an account's number, set
    close over the name, not a running head (digits aside, the two lines are the same)."""
    pages = _pages([None, None], [None, None])
    for k, number in enumerate(("3549", "3222")):
        head = [line(number, 72, 30, 100, h=11, size=11), line(f"Ledger {'XA'[k]} Pvt Ltd", 72, 44, 160, h=11, size=11)]
        pages[k] = page_of([*head, *pages[k].lines], index=k)
    assert [d.furniture for d in _finish(pages)] == [(), ()]
