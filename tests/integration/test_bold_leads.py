"""Bold lead-ins: the words a line opens with in bold before words that are not (a term before
its meaning, a run-in heading, a list item's label after its marker) are the line's ``lead``
and are set in ``**`` in the Markdown; a line bold throughout, one with a bold word further on
only, and one whose bold words do not end a word have none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.pdfgen import Page, _esc, write_pdf
from tests.tableread import finished_pages


def _mixed(page: Page, x: float, y: float, parts: list[tuple[str, bool]], size: float = 10) -> None:
    """One line of text objects in turn, each in Helvetica-Bold (True) or Helvetica."""
    ops = [f"BT {x:g} {y:g} Td"]
    for text, bold in parts:
        ops.append(f"/{'F2' if bold else 'F1'} {size:g} Tf ({_esc(text)}) Tj")
    page.ops.append(" ".join(ops) + " ET")


def _page() -> Page:
    page = Page()
    page.text(72, 740, "Your policy schedule sets out the cover you have chosen.", size=10)
    _mixed(page, 72, 716, [("Policyholder:", True), (" Mr Daniel Okonkwo and Mrs Sarah Okonkwo", False)])
    _mixed(page, 72, 692, [("Period of insurance:", True), (" 3 February 2026 to 2 February 2027", False)])
    _mixed(page, 72, 668, [("Paying monthly.", True), (" You have chosen to pay by direct debit each", False)])
    page.text(72, 655, "month, and there is no charge for paying monthly.", size=10)
    _mixed(page, 72, 630, [("Call us on ", False), ("0800 123 456", True), (" at any time.", False)])
    _mixed(page, 72, 606, [("Every word of this line is set in bold type.", True)])
    _mixed(page, 72, 582, [("Half", True), ("way through a word the face changes.", False)])
    page.text(72, 558, "The system is made of:", size=10)
    _mixed(page, 80, 540, [("- ", False), ("Panels:", True), (" twelve all-black modules of 440 W each", False)])
    _mixed(page, 80, 524, [("- ", False), ("Inverter:", True), (" a hybrid inverter with monitoring", False)])
    dish = "Whipped goat's cheese tartlet with honey and thyme (v)"
    _mixed(page, 72, 490, [(dish, True), (" . . . . . . . . 2.40", False)])
    return page


def test_a_lines_bold_lead_in_is_its_lead(tmp_path: Path) -> None:
    (page,) = finished_pages(write_pdf(tmp_path / "p.pdf", [_page()]))
    leads = {ln.text: ln.lead for block in page.blocks for ln in block.lines}
    assert leads["Policyholder: Mr Daniel Okonkwo and Mrs Sarah Okonkwo"] == "Policyholder:"
    assert leads["Period of insurance: 3 February 2026 to 2 February 2027"] == "Period of insurance:"
    assert leads["Paying monthly. You have chosen to pay by direct debit each"] == "Paying monthly."
    assert leads["- Panels: twelve all-black modules of 440 W each"] == "Panels:"
    dish = "Whipped goat's cheese tartlet with honey and thyme (v)"
    assert leads[dish + " . . . . . . . . 2.40"] == dish  # nine words, leaders and a price after
    for text in (
        "Call us on 0800 123 456 at any time.",
        "Every word of this line is set in bold type.",
        "Halfway through a word the face changes.",
        "The system is made of:",
    ):
        assert leads[text] == "", text


def test_bold_lead_ins_are_set_in_bold_in_the_markdown(core: Any, tmp_path: Path) -> None:
    pdf = write_pdf(tmp_path / "p.pdf", [_page()])
    markdown = core.read_pages(str(pdf), "1", format="markdown").pages[0].markdown
    assert "\n**Policyholder:** Mr Daniel Okonkwo and Mrs Sarah Okonkwo\n" in markdown, markdown
    assert "\n**Period of insurance:** 3 February 2026 to 2 February 2027\n" in markdown, markdown
    assert "\n**Paying monthly.** You have chosen to pay by direct debit each month, and" in markdown, markdown
    assert "- **Panels:** twelve all-black modules of 440 W each\n- **Inverter:** a hybrid" in markdown, markdown
    assert "Call us on 0800 123 456 at any time." in markdown
    assert "\n**Whipped goat's cheese tartlet with honey and thyme (v)** . . . ." in markdown, markdown
    assert markdown.count("**") == 12, markdown  # six lead-ins, no other
