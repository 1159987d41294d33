"""The lines of a report's title block under its title (its number, its authors, their
institute, its date, set large and centred like the title, in a regular face) are no headings:
a reader sees the title's block, then the first section. Before, the number and the date, set
larger than the text, read as headings of their own."""

from __future__ import annotations

from tests.unit.test_structure import LOREM, ln, markdown, page, para

WIDTH = 612.0


def centred(text: str, y: float, *, size: float, bold: bool = False) -> object:
    half = 0.25 * size * len(text)
    return ln(text, y, x=WIDTH / 2 - half, x1=WIDTH / 2 + half, size=size, bold=bold)


def _title_block() -> list[object]:
    return [
        centred("Thermal Behaviour of Battery Packs in Outdoor Enclosures", 80, size=17, bold=True),
        centred("Technical Report TR-2024-07", 104, size=14.4),
        centred("Ruth Adeyemi, Lukas Kowalczyk and Sofia Brandt", 128, size=12),
        centred("Energy Storage Group, Halden Applied Research Institute", 146, size=10),
        centred("May 2024", 168, size=14.4),
    ]


def test_a_reports_number_and_date_under_its_title_are_no_headings() -> None:
    lines = [
        *_title_block(),
        centred("Abstract", 200, size=10, bold=True),
        *para(LOREM, 216),
        ln("1 Introduction", 290, size=14, bold=True),
        *para(LOREM, 312),
    ]
    body = markdown([page(lines)])[0]  # type: ignore[list-item]
    heads = [b.lstrip("#").strip() for b in body.split("\n\n") if b.startswith("#")]
    assert heads == ["Thermal Behaviour of Battery Packs in Outdoor Enclosures", "Abstract", "1 Introduction"], body
    assert "\n\nTechnical Report TR-2024-07\n\n" in body and "\n\nMay 2024\n\n" in body, body


def test_a_first_section_under_the_title_in_a_regular_face_past_the_first_text_stays() -> None:
    """Past the first paragraph under the title the block is over: a heading set large in a
    regular face there is a section's."""
    lines = [
        centred("Thermal Behaviour of Battery Packs in Outdoor Enclosures", 80, size=17, bold=True),
        *para(LOREM, 110),
        ln("Background", 180, size=14.4),
        *para(LOREM, 200),
    ]
    body = markdown([page(lines)])[0]  # type: ignore[list-item]
    assert "\n\n## Background\n\n" in body or "\n\n# Background\n\n" in body, body
