"""Columns of a page for the table search: gutters from top to bottom, and gutters of a band
set under lines across the page."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.page_columns import columns
from pdfcore.services.table_regions import candidate_regions
from pdfcore.services.text_pieces import line_pieces
from tests.unit.test_tables import H, W, page, prose_lines

# A fees leaflet's first page as the text adapter reads it (text, box, size, bold): a paragraph
# and a table across the page, then two columns: a list beside a small table, a heading and
# a paragraph; the list's lines level with the heading's and the paragraph's.
_PAGE = [
    (
        "Our fees depend on the type of care that you need, which we agree with you and your family after our care",
        49,
        167,
        546,
        176,
        8.6,
        False,
    ),
    (
        "assessment, and on the room you choose. All fees are per person, per week, and are payable four weeks in",
        49,
        179,
        546,
        188,
        8.6,
        False,
    ),
    ("advance. Care home fees are not subject to VAT.", 49, 191, 260, 200, 8.6, False),
    ("Table 1. Weekly fees from 6 April 2026", 48, 208, 193, 216, 8.0, True),
    ("Type of care Room", 53, 236, 199, 243, 7.8, True),
    ("Weekly fee", 414, 227, 454, 234, 7.8, True),
    ("Privately funded Top-up with council funding", 344, 245, 539, 252, 7.8, True),
    ("Residential care", 53, 279, 123, 285, 7.8, True),
    ("Standard room with washbasin £1,195 £165", 178, 262, 542, 269, 7.8, False),
    ("En-suite room £1,295 £265", 178, 279, 542, 286, 7.8, False),
    ("Garden suite with patio £1,450 £420", 178, 296, 542, 303, 7.8, False),
    ("Nursing care", 53, 321, 109, 329, 7.8, True),
    ("En-suite room £1,580 £310", 178, 313, 542, 320, 7.8, False),
    ("Garden suite with patio £1,720 £450", 178, 330, 542, 337, 7.8, False),
    ("Dementia care, Willow", 53, 350, 152, 357, 7.8, True),
    ("Wing", 53, 360, 75, 368, 7.8, True),
    ("En-suite room £1,495 £290", 178, 347, 542, 354, 7.8, False),
    ("Double room for couples £2,790 £540", 178, 364, 542, 371, 7.8, False),
    (
        "Respite and short stays Any available room £215 a night, with a minimum stay of seven nights",
        53,
        382,
        533,
        389,
        7.8,
        False,
    ),
    ("2 What Your Fee Includes", 55, 432, 215, 443, 12.5, True),
    ("• your room, with its own television point, telephone", 49, 454, 282, 463, 8.6, False),
    ("line and nurse call system;", 60, 466, 176, 475, 8.6, False),
    ("• 24-hour personal care from our trained care team,", 49, 480, 280, 489, 8.6, False),
    ("and nursing care from registered nurses for", 61, 492, 253, 501, 8.6, False),
    ("nursing residents;", 60, 504, 139, 513, 8.6, False),
    ("• all meals, snacks and drinks, including:", 49, 518, 231, 527, 8.6, False),
    ("– a choice of hot dishes at lunch and supper;", 61, 532, 258, 541, 8.6, False),
    ("– special diets, such as diabetic, soft or pureed", 61, 547, 268, 555, 8.6, False),
    ("meals;", 71, 559, 99, 566, 8.6, False),
    ("• laundry of personal clothing, bed linen and towels;", 49, 571, 281, 579, 8.6, False),
    ("• heating, lighting, water and Wi-Fi;", 49, 585, 210, 593, 8.6, False),
    ("• our activities programme, including visits from", 49, 599, 265, 607, 8.6, False),
    ("local musicians and weekly exercise classes;", 60, 611, 254, 619, 8.6, False),
    ("• continence products, if they are not supplied by the", 49, 625, 285, 633, 8.6, False),
    ("NHS.", 61, 637, 83, 643, 8.6, False),
    ("3 Extras", 55, 667, 111, 677, 12.5, True),
    ("Some services are not included in the weekly fee. We", 49, 689, 286, 697, 8.6, False),
    ("will always ask you before arranging any of them, and", 48, 701, 286, 709, 8.6, False),
    ("you will be invoiced for them each month.", 48, 713, 231, 721, 8.6, False),
    ("Table 2. Charges for extra services", 309, 410, 441, 418, 8.0, True),
    ("Service Price", 314, 427, 542, 433, 7.8, True),
    ("Hairdressing, wash and set £16", 314, 443, 542, 451, 7.8, False),
    ("Hairdressing, cut and blow dry £22", 314, 459, 542, 467, 7.8, False),
    ("Chiropody, each visit £28", 314, 475, 542, 483, 7.8, False),
    ("Daily newspaper At cost", 314, 491, 543, 499, 7.8, False),
    ("Escort to hospital appointments, per hour £24", 314, 507, 542, 515, 7.8, False),
    ("Dry cleaning At cost", 314, 523, 543, 531, 7.8, False),
    ("Private telephone line rental, per month £18", 314, 539, 542, 547, 7.8, False),
    ("4 NHS-Funded Nursing Care", 316, 575, 492, 588, 12.5, True),
    ("If you live in the nursing unit, the NHS pays a weekly", 309, 597, 547, 605, 8.6, False),
    ("contribution towards the cost of your nursing care", 309, 609, 547, 617, 8.6, False),
    ("directly to us.1", 309, 619, 375, 629, 8.6, False),
    ("The fees for nursing care in Table 1", 380, 621, 546, 629, 8.6, False),
    ("are shown before this contribution is taken off. If you", 309, 633, 547, 641, 8.6, False),
    ("are assessed as eligible for NHS Continuing", 309, 645, 547, 653, 8.6, False),
    ("Healthcare, the NHS will pay your fees in full.", 309, 657, 510, 665, 8.6, False),
    ("5 Paying Your Fees", 316, 686, 439, 699, 12.5, True),
    ("1) Fees are invoiced four weeks in advance, on the", 310, 708, 534, 716, 8.6, False),
    ("first Monday of each invoice period.", 324, 720, 480, 728, 8.6, False),
    ("2) Please pay by Direct Debit or bank transfer within", 310, 734, 543, 742, 8.6, False),
    ("14 days of the invoice date.", 325, 746, 443, 754, 8.6, False),
]
_GAPS = [
    (98, 236, 178, 243),
    (404, 245, 436, 252),
    (300, 262, 397, 269),
    (423, 262, 523, 269),
    (233, 279, 397, 286),
    (423, 279, 523, 286),
    (270, 296, 397, 303),
    (423, 296, 523, 303),
    (233, 313, 397, 320),
    (423, 313, 523, 320),
    (270, 330, 397, 337),
    (423, 330, 523, 337),
    (233, 347, 397, 354),
    (423, 347, 523, 354),
    (274, 364, 397, 371),
    (423, 364, 523, 371),
    (154, 382, 177, 389),
    (253, 382, 334, 389),
    (61, 432, 74, 442),
    (52, 454, 60, 463),
    (52, 480, 61, 489),
    (52, 518, 61, 527),
    (64, 532, 72, 541),
    (64, 546, 72, 555),
    (52, 571, 60, 579),
    (52, 585, 60, 593),
    (52, 599, 61, 607),
    (52, 625, 61, 633),
    (61, 667, 75, 677),
    (341, 427, 524, 433),
    (422, 443, 528, 451),
    (436, 459, 528, 467),
    (397, 475, 528, 483),
    (380, 491, 515, 499),
    (479, 507, 528, 515),
    (364, 523, 515, 531),
    (472, 539, 528, 547),
    (322, 575, 335, 588),
    (323, 645, 334, 653),
    (372, 645, 383, 653),
    (391, 645, 403, 653),
    (434, 645, 445, 653),
    (457, 645, 468, 653),
    (488, 645, 499, 653),
    (322, 686, 335, 699),
]


def _lines() -> tuple[list[TextLine], tuple[Box, ...]]:
    lines = [
        TextLine(text=t, bbox=Box(x0, y0, x1, y1), font_size=size, bold=bold) for t, x0, y0, x1, y1, size, bold in _PAGE
    ]
    return lines, tuple(Box(*g) for g in _GAPS)


def test_two_columns_under_a_table_across_the_page_are_read_column_by_column() -> None:
    lines, gaps = _lines()
    regions = candidate_regions(page(lines, gaps=gaps), W, H)
    # the table across the page, the small table in the right column; no table across both columns
    assert len(regions) == 2, regions
    across, small = sorted(regions, key=lambda b: b.y0)
    assert across.y0 < 240 and across.y1 > 380
    assert small.x0 > 300 and small.y0 < 430 and small.y1 < 560


def test_the_columns_of_a_band_are_split_and_the_lines_across_kept_whole() -> None:
    lines, gaps = _lines()
    found = columns(line_pieces(lines, gaps))
    whole, left, right = found
    assert all(p.y0 < 400 for p in whole)
    assert max(p.segments[-1][1] for p in left) < 300 < min(p.segments[0][0] for p in right)
    assert len(left) == 20 and len(right) == 22


def test_a_page_without_columns_is_one_column() -> None:
    lines = prose_lines(60, 20, 54, 556)
    (only,) = columns(line_pieces(lines, ()))
    assert len(only) == 20
