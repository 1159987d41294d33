"""A title set in two parts, the second right under the first at its size in another weight
(``Kestrel Scheduler 5.0`` in bold over ``Release Notes`` in a light face), is one title; a
subtitle set smaller, or a heading set like the title's first part, is not part of it."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _page(second: str, *, size: float = 30.0, bold: bool = False, gap: float = 6.0) -> str:
    lines = [
        ln("Kestrel Scheduler 5.0", 60, size=30, bold=True),
        ln(second, 90 + gap, size=size, bold=bold),
        ln("1 Overview", 160, size=14, bold=True),
        *para(LOREM, 182),
        ln("2 What's New", 230, size=14, bold=True),
        *para(LOREM, 252),
    ]
    (md,) = markdown([page(lines)])
    return md


def test_a_title_in_two_weights_is_one_title() -> None:
    md = _page("Release Notes")
    assert md.startswith("# Kestrel Scheduler 5.0 Release Notes\n"), md
    assert "## 1 Overview" in md, md


def test_a_smaller_or_distant_line_under_the_title_is_not_part_of_it() -> None:
    assert "# Kestrel Scheduler 5.0\n" in _page("Release Notes", size=18), _page("Release Notes", size=18)
    assert "# Kestrel Scheduler 5.0\n" in _page("Release Notes", gap=40), _page("Release Notes", gap=40)
