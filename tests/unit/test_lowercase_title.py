"""A title opening with a name in lower case and a colon (``siltpack: Compacting Weather Station
Logs``, a tool's name) is a heading like any title set large; before, a lower-case first letter
ruled it out. A line opening in lower case without such a name stays text."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _md(title: str) -> str:
    lines = [ln(title, 40, size=17.0), *para(LOREM, 80), ln("1 Overview", 150, size=14.0, bold=True), *para(LOREM, 175)]
    (md,) = markdown([page(lines)])
    return md


def test_a_title_opening_with_a_tools_name_in_lower_case_is_a_heading() -> None:
    assert _md("siltpack: Compacting Weather Station Logs").startswith("# siltpack: Compacting Weather Station Logs\n")


def test_a_line_opening_in_lower_case_stays_text() -> None:
    assert not _md("compacting weather station logs").startswith("#")
