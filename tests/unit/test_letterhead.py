"""A letterhead on a document's first page: the sender's name set large at the top, over its
address and telephone number, then the document's title. The name is no heading: the title is
the document's first (``# Workshop Price List``), the sections under it a level below. A name
over an address and running text (no title under them) stays the heading."""

from __future__ import annotations

from pdfcore.structure.letterhead import contact_details
from tests.unit.test_structure import LOREM, ln, markdown, page, para


def _letter(*, title: bool = True) -> list[str]:
    lines = [
        ln("SPOKES & SPROCKETS", 40, size=20, bold=True),
        ln("Cycle Workshop and Hire", 64, size=9),
        ln("9 Gas Ferry Road, Bristol BS1 6UN · 0117 929 4410", 76, size=9),
    ]
    y = 110
    if title:
        lines.append(ln("Workshop Price List and Terms of Service", y, size=15, bold=True))
        y += 30
    lines += para(LOREM, y)
    lines.append(ln("Service Packages", y + 70, size=12, bold=True))
    lines += para(LOREM, y + 90)
    lines.append(ln("Terms of Service", y + 160, size=12, bold=True))
    lines += para(LOREM, y + 180)
    return markdown([page(lines)])


def test_a_letterheads_name_is_no_heading_the_title_under_it_is_the_first() -> None:
    (md,) = _letter()
    assert "# SPOKES" not in md, md
    assert "SPOKES & SPROCKETS" in md
    assert "# Workshop Price List and Terms of Service" in md.splitlines(), md
    assert "## Service Packages" in md.splitlines(), md


def test_a_name_over_an_address_and_running_text_keeps_its_heading() -> None:
    (md,) = _letter(title=False)
    assert any(line.startswith("#") and "SPOKES" in line for line in md.splitlines()), md


def test_contact_details() -> None:
    for text in (
        "Coldharbour Lane, St Minver, Wadebridge, Cornwall PL27 6TQ",
        "tours@hopwoodlanebrewery.co.uk",
        "www.bramblesidepark.co.uk",
        "Telephone 01225 702 561",
        "Reception 01208 862415",
        "Morton Grove, IL 60053",
    ):
        assert contact_details(text), text
    for text in ("Cycle Workshop and Hire", "Customer notice", "Club No. 2279", "Page 1 of 4", "Table 3.2"):
        assert not contact_details(text), text


def test_a_papers_title_over_its_authors_and_their_addresses_keeps_its_heading() -> None:
    lines = [
        ln("Adversarial Learning for Chinese NER from Crowd Annotations", 40, size=16, bold=True),
        ln("Yaosheng Yang, Meishan Zhang, Wenliang Chen", 70, size=10),
        ln("School of Computer Science, Soochow University, yzhang@suda.edu.cn", 84, size=9),
        ln("Abstract", 120, size=12, bold=True),
        *para(LOREM, 140),
        ln("Introduction", 200, size=12, bold=True),
        *para(LOREM, 220),
    ]
    (md,) = markdown([page(lines)])
    assert "# Adversarial Learning for Chinese NER from Crowd Annotations" in md.splitlines(), md


def test_a_name_and_its_line_on_a_banner_over_the_title_is_no_heading() -> None:
    from pdfcore.models import Box

    lines = [
        ln("Tarnside Amateur Swimming Club", 69, size=18, bold=True),
        ln("Affiliated to Swim England North West", 89, size=9),
        ln("Spring Open Meet 2025: Results", 125, size=16, bold=True),
        *para(LOREM, 150),
        ln("Team points", 210, size=13, bold=True),
        *para(LOREM, 230),
    ]
    banner = (Box(51.0, 57.0, 544.0, 57.0), Box(51.0, 106.0, 544.0, 106.0))
    (md,) = markdown([page(lines, rules=banner)])
    assert "# Spring Open Meet 2025: Results" in md.splitlines(), md
    assert not any(line.startswith("#") and "Tarnside" in line for line in md.splitlines()), md
    (plain,) = markdown([page(lines)])  # no banner, no address: the name stays a heading
    assert any(line.startswith("#") and "Tarnside" in line for line in plain.splitlines()), plain


def _vet_letter() -> list[str]:
    """A letterhead set against the right margin (its address of seven words a row), then the
    addressee's address of five rows, each row a unit of its own, the date and the title."""
    lines = [
        ln("Oakfield Veterinary Centre", 47, x=320, size=16, bold=True, x1=532),
        ln("112 Chester Road, Northwich, Cheshire CW8 4AL", 66, x=338, size=8, x1=533),
        ln("01606 782 350 · reception@oakfieldvets.co.uk", 77, x=352, size=8, x1=533),
    ]
    for k, row in enumerate(("Mrs Adaeze Okafor", "9 Linnet Close", "Hartford", "Northwich", "CW8 1GN")):
        lines.append(ln(row, 109 + 19 * k, x=63, size=9))
    lines.append(ln("14 April 2025", 220, x=63, size=9))
    lines.append(ln("Vaccination Reminder", 245, x=63, size=13, bold=True))
    lines += para(LOREM, 270, x=63, size=9)
    lines.append(ln("What the vaccinations protect against", 330, x=63, size=11, bold=True))
    lines += para(LOREM, 350, x=63, size=9)
    return markdown([page(lines)])


def test_a_name_over_a_flush_right_address_and_a_long_addressee_s_address_is_no_heading() -> None:
    (md,) = _vet_letter()
    rows = md.splitlines()
    assert "Oakfield Veterinary Centre" in md and not any(r.startswith("#") and "Oakfield" in r for r in rows), md
    assert "# Vaccination Reminder" in rows, md
    assert not any(r.startswith("- ") and "Chester Road" in r for r in rows), md  # flush right, no item
