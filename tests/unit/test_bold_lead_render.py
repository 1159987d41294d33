"""A paragraph's or list item's bold lead-in (``Element.lead``, from its first line's
``TextLine.lead``) is set in ``**`` in the Markdown, and so is a paragraph bold throughout
(unless the document's running text is bold); a heading and a text escaped for Markdown's
sake are left as they were."""

from __future__ import annotations

from attrs import evolve

from pdfcore.structure.model import Element
from pdfcore.structure.render import render_element
from tests.unit.test_structure import LOREM, ln, markdown, page, para


def test_a_lead_in_is_set_in_bold() -> None:
    assert render_element(Element("paragraph", text="Wind: westerly, force 3", lead="Wind:")) == (
        "**Wind:** westerly, force 3"
    )
    item = Element("list_item", text="Panels: twelve modules", marker="-", lead="Panels:")
    assert render_element(item) == "- **Panels:** twelve modules"


def test_a_lead_in_the_text_does_not_open_with_is_left_out() -> None:
    """The text escaped (a ``#`` opening it) or not opening with the lead-in: as it was."""
    assert render_element(Element("paragraph", text="# 3 wins", lead="#")) == "\\# 3 wins"
    assert render_element(Element("paragraph", text="Rain later", lead="Wind:")) == "Rain later"


def test_the_first_lines_lead_in_marks_its_paragraph_and_item() -> None:
    lines = [
        ln("Race Instructions", 50, size=16, bold=True),
        evolve(ln("Race officer: Ann Kerr, who will be on the committee boat", 80), lead="Race officer:"),
        *para(LOREM, 96),
        evolve(ln("- Entries: close at noon on the day before", 150), lead="Entries:"),
        evolve(ln("- Fees: ten pounds a boat, paid on the day", 164), lead="Fees:"),
        evolve(ln("A line all in bold with its lead given", 200, bold=True), lead="A line"),
    ]
    (md,) = markdown([page(lines)])
    assert "\n**Race officer:** Ann Kerr, who will be on the committee boat" in md, md
    assert "- **Entries:** close at noon on the day before\n- **Fees:** ten pounds" in md, md
    assert "\n**A line all in bold with its lead given**" in md, md


def test_a_paragraph_bold_throughout_is_bold_unless_the_running_text_is() -> None:
    lines = [
        ln("Opening Times", 50, size=16, bold=True),
        *para(LOREM, 80),
        ln("The gates close half an hour earlier in winter and on public holidays.", 130, bold=True),
        *para(LOREM, 150),
    ]
    (md,) = markdown([page(lines)])
    assert "\n**The gates close half an hour earlier in winter and on public holidays.**\n" in md, md
    assert "**Lorem" not in md
    bold_body = [evolve(line, bold=True) if line.font_size == 10.0 else line for line in lines]
    (md,) = markdown([page(bold_body)])
    assert "**" not in md, md


DISH = [
    "Hot-smoked trout from the Test valley, pickled cucumber and a little dill, served on rye",
    "bread from the bakery in the next village.",
]
STAR = [
    "Prices marked * include a service charge, which goes to the kitchen and the floor staff in",
    "equal shares.",
]


def test_a_paragraph_in_italic_throughout_is_set_in_italic_unless_the_running_text_is() -> None:
    lines = [
        ln("Opening Times", 50, size=16, bold=True),
        *para(LOREM, 80),
        *(evolve(row, italic=True) for row in para(DISH, 130)),
        *(evolve(row, italic=True) for row in para(STAR, 170)),
        *para(LOREM, 210),
    ]
    (md,) = markdown([page(lines)])
    assert f"\n*{' '.join(DISH)}*\n" in md, md
    assert f"\n{' '.join(STAR)}\n" in md, md  # (an asterisk of its own: no marks)
    assert "*Lorem" not in md
    slanted_body = [evolve(line, italic=True) if line.font_size == 10.0 else line for line in lines]
    (md,) = markdown([page(slanted_body)])
    assert "*Hot-smoked" not in md, md
