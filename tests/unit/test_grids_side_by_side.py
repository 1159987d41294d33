"""Two ruled tables set side by side a gutter apart, their rows at pitches of their own, are two
tables (their rows were read as one table's, interleaved); the pieces of one table's grid ruled
a column at a time, a gap between them, sharing its top and foot, stay one table; the text of
the next column beside a ruled table is no part of it."""

from __future__ import annotations

from pdfcore.models import Box, PageText, TextLine
from pdfcore.services.table_regions import candidate_regions
from tests.unit.test_tables import H, W, grid, grid_text, page, prose_lines

LEFT = [["Band", "Income", "Rate"], *([f"Band {k}", f"£{12 + k},570", f"{20 + k}%"] for k in range(5))]
RIGHT = [["Scottish band", "Income", "Rate"], *([f"Rate {k}", f"£{15 + k},397", f"{19 + k}%"] for k in range(4))]


def test_two_ruled_tables_side_by_side_are_two_regions() -> None:
    rules = grid(60, 300, 3, 6, cw=75, rh=18) + grid(310, 300, 3, 5, cw=75, rh=24)
    lines = [
        *prose_lines(100, 8),
        *grid_text(60, 300, LEFT, cw=75, rh=18),
        *grid_text(310, 300, RIGHT, cw=75, rh=24),
        *prose_lines(460, 8),
    ]
    regions = candidate_regions(page(lines, rules=rules), W, H)
    assert len(regions) == 2, regions
    left, right = sorted(regions, key=lambda b: b.x0)
    assert left.x1 < 300 < right.x0


def test_the_pieces_of_one_grid_side_by_side_are_one_region() -> None:
    rules = grid(60, 300, 2, 6, cw=75, rh=18) + grid(230, 300, 2, 6, cw=75, rh=18)
    cells = [[*row, *row] for row in ([r[0], r[1]] for r in LEFT)]
    lines = [*prose_lines(100, 8), *grid_text(60, 300, cells, cw=85, rh=18), *prose_lines(460, 8)]
    regions = candidate_regions(page(lines, rules=rules), W, H)
    assert len(regions) == 1, regions


def test_a_column_beside_a_ruled_table_is_no_part_of_it() -> None:
    """A landscape price list's first page (see _LINES): a ruled table in a wide column, and in
    the narrow column beside it a list, a heading, a paragraph and a ruled table of fees. Runs of
    rows reaching over the wide table and into the narrow column joined both into one region;
    the wide table's grid is a table of its own, so is the fees table's."""
    lines = tuple(TextLine(text=t, bbox=Box(a, b, c, d), font_size=s, bold=bo) for t, a, b, c, d, s, bo in _LINES)
    got = PageText(
        index=0, text="", lines=lines, gaps=tuple(Box(*g) for g in _GAPS), rules=tuple(Box(*r) for r in _RULES)
    )
    regions = candidate_regions(got, 842.0, 595.0)
    assert len(regions) == 2 and all(r.x1 < 530 or r.x0 > 530 for r in regions), regions


# A driving school's price list, first page, as the text adapter reads it (text, box, size,
# bold), with the blanks inside its lines and its rulings.
_LINES = [
    ("Lesson Prices and Terms of Business", 106.9, 37.2, 555.5, 56.2, 25.0, True),
    (
        "Clearway School of Motoring · Manual and automatic tuition in Harrogate, Knaresborough and Ripon · From 1 April 2026",
        105.3,
        67.8,
        668.4,
        77.3,
        10.0,
        False,
    ),
    (
        "All of our instructors are approved by the Driver and Vehicle Standards Agency and are fully insured. Lessons start and finish at your home, school, college or",
        42.4,
        103.2,
        788.4,
        112.9,
        10.2,
        False,
    ),
    ("workplace, anywhere within our area.", 42.7, 117.3, 220.6, 127.0, 10.2, False),
    ("Table 1. Lesson prices", 42.6, 139.8, 136.6, 148.3, 8.8, True),
    ("Lesson or package Length", 46.1, 168.0, 311.7, 176.4, 8.8, True),
    ("Price", 434.4, 158.2, 455.0, 164.9, 8.8, True),
    ("Manual Automatic", 379.3, 177.8, 501.4, 184.5, 8.8, True),
    ("Pay as you go", 46.0, 197.3, 106.8, 206.1, 9.2, True),
    ("Single lesson 1 hour £42 £45", 45.8, 217.1, 509.9, 225.6, 8.8, False),
    ("Double lesson 2 hours £82 £88", 46.1, 236.8, 509.9, 243.5, 8.8, False),
    ("First lesson offer, for new pupils only 2 hours £60, manual or automatic", 46.1, 256.5, 494.6, 264.9, 8.8, False),
    ("Block bookings, paid in advance", 46.1, 276.0, 187.7, 284.8, 9.2, True),
    ("Block of 10 hours", 46.0, 295.8, 113.0, 302.5, 8.8, False),
    ("Lessons of 1 or 2 hours", 228.6, 305.6, 319.5, 312.3, 8.8, False),
    ("£400 £430", 419.5, 295.8, 509.8, 302.5, 8.8, False),
    ("Block of 20 hours £780 £840", 46.0, 315.4, 509.8, 322.2, 8.8, False),
    ("Courses", 45.8, 334.8, 81.8, 342.0, 9.2, True),
    ("Refresher course for qualified drivers 10 hours over 1 week £430 £460", 46.2, 354.8, 509.8, 363.2, 8.8, False),
    ("Semi-intensive course 20 hours over 2 weeks £850 £910", 45.8, 374.3, 509.8, 381.2, 8.8, False),
    (
        "Intensive course, with the practical test 30 hours over 1 week £1,295 £1,385",
        46.2,
        394.1,
        509.9,
        402.5,
        8.8,
        False,
    ),
    ("Pass Plus 6 hours, including motorway driving £240 £255", 46.2, 413.8, 509.9, 422.2, 8.8, False),
    ("Test day", 45.5, 433.3, 82.5, 442.1, 9.2, True),
    (
        "Use of our car for the practical test With a 1-hour lesson beforehand £110 £115",
        46.1,
        453.1,
        509.9,
        461.5,
        8.8,
        False,
    ),
    (
        "Block bookings must be used within six months of payment. The intensive course price includes the practical",
        42.8,
        477.6,
        504.5,
        486.3,
        9.2,
        False,
    ),
    ("test fee, but not the theory test.1", 42.7, 488.9, 179.8, 499.1, 9.2, False),
    (
        "1 We will book your practical test for you when your instructor agrees that you are ready. Test dates depend on availability at the",
        40.1,
        525.9,
        499.9,
        533.2,
        7.6,
        False,
    ),
    ("test centre.", 51.2, 536.5, 89.8, 541.7, 7.6, False),
    ("Why Learn With Us", 544.4, 154.3, 662.2, 166.8, 13.0, True),
    ("■ Dual-controlled cars, no more than three years old, with", 543.9, 175.7, 796.6, 184.5, 9.2, False),
    ("air conditioning", 558.8, 188.5, 625.8, 197.2, 9.2, False),
    ("■ Female instructors available on request", 543.9, 204.1, 727.5, 212.8, 9.2, False),
    ("■ Free online theory test practice for all of our pupils", 543.9, 219.7, 774.8, 228.4, 9.2, False),
    ("■ A progress record after every lesson, so you can see how", 543.9, 235.3, 795.4, 244.0, 9.2, False),
    ("close you are to test standard", 558.7, 248.0, 683.0, 256.8, 9.2, False),
    ("■ Pass rate of 61% at the first attempt in 2025, against a", 543.9, 263.6, 791.6, 272.3, 9.2, False),
    ("national average of 48%", 558.7, 276.4, 660.1, 285.1, 9.2, False),
    ("Government Fees", 544.8, 309.2, 653.6, 319.3, 13.0, True),
    ("You pay these fees directly to the Driver and Vehicle", 544.1, 330.8, 767.6, 339.6, 9.2, False),
    ("Licensing Agency or to the Driver and Vehicle Standards", 544.6, 343.5, 786.1, 352.3, 9.2, False),
    ("Agency. They are not included in our prices.", 544.2, 356.3, 730.6, 365.1, 9.2, False),
    ("Fee Price", 548.3, 378.1, 795.7, 384.9, 8.8, True),
    ("Provisional driving licence, online £34", 548.5, 397.2, 795.7, 405.7, 8.8, False),
    ("Theory test £23", 547.8, 416.3, 795.5, 424.8, 8.8, False),
    ("Practical test, weekday £62", 548.5, 435.4, 795.6, 443.8, 8.8, False),
    ("Practical test, evening, weekend or bank", 548.5, 454.5, 705.7, 462.9, 8.8, False),
    ("holiday £75", 548.3, 460.4, 795.6, 474.7, 8.8, False),
    ("Table 2. Government fees", 544.6, 488.3, 645.9, 496.4, 8.6, False),
    (
        "Clearway School of Motoring Ltd · 27 Station Parade, Harrogate HG1 1TT · 01423 550 617 · clearwaydriving.co.uk 1",
        42.9,
        564.8,
        797.9,
        572.0,
        7.0,
        False,
    ),
]
_GAPS = [
    (124.8, 168.0, 283.7, 176.4),
    (408.4, 177.8, 458.9, 184.5),
    (97.1, 217.1, 228.8, 225.6),
    (252.8, 217.1, 424.3, 225.6),
    (438.4, 217.1, 495.8, 225.6),
    (100.5, 236.8, 228.2, 243.5),
    (256.9, 236.8, 424.3, 243.5),
    (438.4, 236.8, 495.8, 243.5),
    (188.0, 256.5, 228.2, 264.9),
    (256.9, 256.5, 395.2, 264.9),
    (438.4, 295.8, 490.9, 302.5),
    (113.0, 315.4, 419.5, 322.2),
    (438.4, 315.4, 490.9, 322.2),
    (189.3, 354.8, 228.8, 363.2),
    (312.1, 354.8, 419.5, 363.2),
    (438.4, 354.8, 490.9, 363.2),
    (131.5, 374.3, 228.2, 381.2),
    (316.1, 374.3, 419.5, 381.2),
    (438.4, 374.3, 490.9, 381.2),
    (196.3, 394.1, 228.2, 402.5),
    (312.1, 394.1, 412.1, 402.5),
    (438.4, 394.1, 483.6, 402.5),
    (84.1, 413.8, 228.3, 422.2),
    (365.2, 413.8, 419.5, 422.2),
    (438.4, 413.8, 490.9, 422.2),
    (179.6, 453.1, 228.1, 461.5),
    (355.0, 453.1, 419.5, 461.5),
    (438.4, 453.1, 490.9, 461.5),
    (42.0, 525.9, 51.1, 533.2),
    (548.2, 175.7, 558.7, 184.5),
    (548.2, 204.1, 558.7, 212.8),
    (548.2, 219.7, 558.7, 228.4),
    (548.2, 235.3, 558.4, 244.0),
    (548.2, 263.6, 558.7, 272.3),
    (562.5, 378.1, 775.1, 384.9),
    (676.9, 397.2, 781.5, 405.7),
    (591.5, 416.3, 781.5, 424.8),
    (637.4, 435.4, 781.5, 443.8),
    (575.3, 460.4, 781.5, 474.7),
    (396.6, 564.8, 795.2, 572.0),
]
_RULES = [
    (54.1, 43.7, 60.4, 43.7),
    (54.1, 43.7, 54.1, 72.6),
    (60.4, 43.7, 60.4, 72.6),
    (54.1, 66.3, 74.4, 66.3),
    (74.4, 66.3, 74.4, 72.6),
    (54.1, 72.6, 74.4, 72.6),
    (38.3, 87.9, 803.6, 90.7),
    (541.4, 144.6, 802.2, 148.3),
    (39.7, 152.2, 515.9, 152.2),
    (39.7, 152.2, 39.7, 466.8),
    (222.2, 152.2, 222.2, 191.5),
    (373.0, 152.2, 373.0, 191.5),
    (515.9, 152.2, 515.9, 466.8),
    (372.5, 171.3, 516.5, 172.5),
    (444.5, 171.9, 444.5, 191.5),
    (39.1, 191.0, 516.5, 192.1),
    (39.1, 210.6, 516.5, 211.8),
    (222.2, 211.2, 222.2, 270.2),
    (373.0, 211.2, 373.0, 270.2),
    (444.5, 211.2, 444.5, 250.5),
    (39.1, 230.3, 516.5, 231.4),
    (39.1, 250.0, 516.5, 251.1),
    (39.1, 269.6, 516.5, 270.8),
    (39.1, 289.3, 516.5, 290.4),
    (222.2, 289.9, 222.2, 329.2),
    (373.0, 289.9, 373.0, 329.2),
    (444.5, 289.9, 444.5, 329.2),
    (541.4, 299.6, 802.2, 303.3),
    (39.1, 308.9, 222.8, 310.1),
    (372.5, 308.9, 516.5, 310.1),
    (39.1, 328.6, 516.5, 329.7),
    (39.1, 348.3, 516.5, 349.4),
    (222.2, 348.8, 222.2, 427.5),
    (373.0, 348.8, 373.0, 427.5),
    (444.5, 348.8, 444.5, 427.5),
    (39.1, 367.9, 516.5, 369.1),
    (541.4, 372.5, 802.2, 372.5),
    (541.4, 372.5, 541.4, 479.7),
    (737.0, 372.5, 737.0, 479.7),
    (802.2, 372.5, 802.2, 479.7),
    (39.1, 387.6, 516.5, 388.7),
    (541.4, 391.6, 802.2, 391.6),
    (39.1, 407.2, 516.5, 408.4),
    (541.4, 410.7, 802.2, 410.7),
    (39.1, 426.9, 516.5, 428.1),
    (541.4, 429.8, 802.2, 429.8),
    (39.1, 446.6, 516.5, 447.7),
    (222.2, 447.1, 222.2, 466.8),
    (373.0, 447.1, 373.0, 466.8),
    (444.5, 447.1, 444.5, 466.8),
    (541.4, 448.9, 802.2, 448.9),
    (39.7, 466.8, 515.9, 466.8),
    (541.4, 479.7, 802.2, 479.7),
    (39.0, 518.6, 153.8, 520.0),
]
