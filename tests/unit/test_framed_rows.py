"""Tables between a typeset table's three rules (top, under the header, under the last row):
candidate regions from the rules, where the rows alone read as a list of terms and their
descriptions."""

from __future__ import annotations

from pdfcore.models import Box, PageText, TextLine
from pdfcore.services.framed_rows import framed_regions, headed_regions, ruled_on
from pdfcore.services.table_regions import candidate_regions

W, H = 612.0, 792.0
ROWS = (
    ("--week, --month", "Report on the current week or month"),
    ("--from DATE --to DATE", "Report on a custom date range"),
    ("--project NAME", "Include only one project"),
    ("--billable", "Include only billable projects and show amounts"),
    ("--csv", "Write the report as comma-separated values"),
)
PROSE = (
    "Reports written with the csv option can be opened in any spreadsheet program, which is the",
    "easiest way to combine the logs of several team members. Each row contains the date, the",
)


def line(text: str, x0: float, y0: float, x1: float, h: float = 9.0) -> TextLine:
    return TextLine(text=text, bbox=Box(x0, y0, x1, y0 + h), font_size=h)


def rule(x0: float, x1: float, y: float) -> Box:
    return Box(x0, y, x1, y + 0.8)


def table() -> tuple[list[TextLine], list[Box], list[Box]]:
    """The header and rows of an options table: each a line with a blank between its cells."""
    lines = [line("Option Effect", 139, 96, 289)]
    gaps = [Box(170, 96, 261, 105)]
    for k, (option, effect) in enumerate(ROWS):
        y = 111 + 15 * k
        end = 139 + 5.2 * len(option)
        lines.append(line(f"{option} {effect}", 139, y, 261 + 4.5 * len(effect)))
        gaps.append(Box(end, y, 261, y + 9))
    rules = [rule(132, 480, 92), rule(132, 480, 107), rule(132, 480, 183)]
    return lines, rules, gaps


def page(lines: list[TextLine], rules: list[Box], gaps: list[Box]) -> PageText:
    return PageText(index=0, text="", lines=tuple(lines), rules=tuple(rules), gaps=tuple(gaps))


def test_rows_between_a_top_a_middle_and_a_bottom_rule_are_a_table() -> None:
    lines, rules, gaps = table()
    prose = [line(t, 96, 190 + 13 * k, 532) for k, t in enumerate(PROSE)]
    (region,) = candidate_regions(page([*lines, *prose], rules, gaps), W, H)
    assert all(region.y0 <= ln.bbox.y0 and ln.bbox.y1 <= region.y1 for ln in lines)
    assert region.y1 < 190, "the paragraph under the bottom rule stays out"


def test_the_same_rows_without_the_rules_are_no_table() -> None:
    """Terms beside descriptions of several words each read as a list to the text alone."""
    lines, _, gaps = table()
    assert candidate_regions(page(lines, [], gaps), W, H) == ()


def test_a_vertical_rule_through_the_body_leaves_the_grid_to_the_grid_search() -> None:
    lines, rules, gaps = table()
    assert framed_regions(rules, lines, gaps)
    assert framed_regions([*rules, Box(259, 108, 259.8, 183)], lines, gaps) == []


def test_two_columns_of_running_text_between_three_rules_are_no_table() -> None:
    left = "The board agreed to hold the summer open day on Saturday with a rain date"
    right = "Jun will coordinate the volunteers and Rosa offered to contact the school"
    lines = [line(f"{left} {right}", 72, 100 + 12 * k, 540) for k in range(8)]
    gaps = [Box(300, 100 + 12 * k, 312, 109 + 12 * k) for k in range(8)]
    rules = [rule(72, 540, 84), rule(72, 540, 112 - 16), rule(72, 540, 200)]
    head = line("Minutes Notes", 72, 86, 400)
    assert framed_regions(rules, [head, *lines], [Box(150, 86, 312, 95), *gaps]) == []


def test_a_header_of_more_lines_than_a_header_holds_is_no_table() -> None:
    lines, rules, gaps = table()
    # the middle rule moved under the third row: six lines over it
    rules = [rules[0], rule(132, 480, 152), rules[2]]
    assert framed_regions(rules, lines, gaps) == []


def test_a_total_ruled_off_under_the_body_is_the_tables_own() -> None:
    lines, rules, gaps = table()
    total = line("--all Report on every project", 139, 188, 400)
    region = framed_regions([*rules, rule(132, 480, 199)], [*lines, total], [*gaps, Box(169, 188, 261, 197)])
    assert [r.y1 for r in region] == [199.4]
    # a note of one text under the bottom rule, ruled off too, is not
    note = line("Options may be combined", 139, 188, 300)
    region = framed_regions([*rules, rule(132, 480, 199)], [*lines, note], gaps)
    assert [r.y1 for r in region] == [183.4]


def test_rules_between_every_row_and_what_follows_them_are_no_three_rule_table() -> None:
    """A table ruled under every row (narrower than the text), then a heading, a paragraph, a
    caption and an unruled table, then a table ruled under every row again (a LaTeX page of
    three tables): the first table's last row, ruled over and under, is no header over all that
    follows down to the third table's rules (a region that swallowed the heading and the
    paragraph into one table)."""
    rows = [
        ("Frame 25.9 20,571 345", 277, 411, [(140, 210), (226, 304), (328, 398)]),
        ("Ground Circle 72,292 677 43.9", 288, 414, [(172, 210), (235, 304), (317, 398)]),
        ("Theory 197 866 89.3", 299, 414, [(144, 210), (223, 304), (317, 398)]),
        ("Minute Weight 17,293 0.2 67.4", 311, 414, [(175, 210), (235, 304), (315, 398)]),
        ("Family Season Bring Answer", 430, 396, [(143, 241), (293, 367)]),
        ("Gather 706 8,713", 441, 387, [(143, 241), (254, 367)]),
        ("Journey Index 6.6 30.6", 452, 382, [(173, 241), (252, 367)]),
        ("Follow 443 190", 463, 380, [(141, 241), (254, 367)]),
        ("Example Network Purpose Listen Entire", 605, 455, [(187, 210), (242, 304), (328, 398)]),
        ("Include Collect 830 17 76", 616, 407, [(176, 210), (223, 304), (313, 398)]),
        ("Quality Capture 29,661 67,158 20", 627, 407, [(181, 210), (234, 304), (329, 398)]),
        ("Person 673 32,329 1,948", 639, 418, [(142, 210), (223, 304), (329, 399)]),
    ]
    lines = [line(t, 116, y, x1, h=8) for t, y, x1, _ in rows]
    gaps = [Box(a, y, z, y + 8) for _, y, _, blanks in rows for a, z in blanks]
    lines += [
        line("Signal Early Street", 63, 341, 196, h=12),
        line("Measure letter member winter area claim approach simple arrive record", 63, 371, 532),
        line("supply toward process trust benefit timber degree history", 63, 383, 416),
        line("Table 2. Nature return, context project narrow.", 201, 411, 393),
    ]
    rules = [rule(109, 486, y) for y in (252, 274, 286, 297, 309, 320, 603, 614, 625, 637, 648, 660)]
    found = framed_regions(rules, lines, gaps)
    assert not any(r.y0 < 341 < r.y1 for r in found), found


# Tables ruled under their header only.

EVENTS = (
    ("09:00", "Certificate on the internal load balancer expires."),
    ("09:02", "Error rate for payment requests rises sharply; no alert fires."),
    ("09:21", "First customer complaint received through live chat."),
    ("09:48", "Support team escalates to the on-call engineer."),
    ("10:05", "Incident declared and incident channel opened."),
)


def timeline(top: float = 78.0) -> tuple[list[TextLine], list[Box], list[Box]]:
    """A timeline's header ("Time", "Event") over a rule, and rows of a time beside a sentence,
    18 points apart: each line with a blank between its cells."""
    lines = [line("Time Event", 89, top, 172)]
    gaps = [Box(112, top, 146, top + 9)]
    for k, (time, event) in enumerate(EVENTS):
        y = top + 18 + 18 * k
        lines.append(line(f"{time} {event}", 89, y, 146 + 4.6 * len(event)))
        gaps.append(Box(114, y, 146, y + 9))
    return lines, [rule(82, 530, top + 12)], gaps


def test_rows_under_a_rule_under_their_header_are_a_table() -> None:
    """The rows alone read as a list (a label beside a sentence): the rule under a header whose
    cells stand over the same blank tells a table; the paragraph after it stays out."""
    lines, rules, gaps = timeline()
    prose = [line(t, 78, 200 + 13 * k, 532) for k, t in enumerate(PROSE)]
    assert candidate_regions(page([*lines, *prose], [], gaps), W, H) == ()
    (region,) = candidate_regions(page([*lines, *prose], rules, gaps), W, H)
    assert all(region.y0 <= ln.bbox.y0 and ln.bbox.y1 <= region.y1 for ln in lines)
    assert region.y1 < 200


def test_a_heading_over_a_rule_over_the_rows_is_no_header() -> None:
    lines, rules, _ = timeline()
    _, _, gaps = timeline()
    heading = line("Timeline", 89, 78, 140)
    assert headed_regions(rules, [heading, *lines[1:]], gaps[1:]) == []
    assert headed_regions(rules, lines, gaps)


def test_a_rule_between_groups_of_rows_is_no_header_rule() -> None:
    """Rows ruled off in groups: the rows over a rule, with more rows set close over them, are
    the end of a group, not a header; the same rows set well apart over the header are not."""
    lines, rules, gaps = timeline()

    def group(bottom: float) -> tuple[list[TextLine], list[Box]]:
        ys = [bottom - 9 - 18 * k for k in range(3)]
        return [line(f"{t} {e}", 89, y, 350) for (t, e), y in zip(EVENTS, ys, strict=False)], [
            Box(114, y, 146, y + 9) for y in ys
        ]

    close, close_gaps = group(lines[0].bbox.y0 - 9)
    assert headed_regions(rules, [*close, *lines], [*close_gaps, *gaps]) == []
    apart, apart_gaps = group(lines[0].bbox.y0 - 30)
    assert headed_regions(rules, [*apart, *lines], [*apart_gaps, *gaps])


def test_running_text_in_two_columns_under_a_ruled_head_is_no_table() -> None:
    left = "The board agreed to hold the summer open day on Saturday with a rain date"
    right = "Jun will coordinate the volunteers and Rosa offered to contact the school"
    lines = [line(f"{left} {right}", 72, 100 + 12 * k, 540) for k in range(8)]
    gaps = [Box(300, 100 + 12 * k, 312, 109 + 12 * k) for k in range(8)]
    head = line("Minutes Notes", 72, 84, 400)
    assert headed_regions([rule(72, 540, 96)], [head, *lines], [Box(150, 84, 312, 93), *gaps]) == []


PARAMETERS = (
    ("api_key", "str", "None", "API key used to sign requests. When omitted, the value of the", "key variable."),
    ("region", "str", "eu-west", "Service region that stores the data. Readings cannot be moved", "once written."),
    ("batch_size", "int", "500", "Maximum number of readings sent in one request. Values above", "are rejected."),
    ("flush_interval", "float", "5.0", "Seconds to wait before sending a partly filled batch.", ""),
    ("max_retries", "int", "3", "Number of times a failed request is retried, with exponential", "backoff."),
)


def parameters() -> tuple[list[TextLine], list[Box], list[Box]]:
    """An API reference's parameter table ruled under its header only: name, type and default
    beside a description wrapped onto a line of its own in its column."""
    lines = [line("Parameter Type Default Description", 73, 139, 330)]
    gaps = [Box(118, 139, 175, 148), Box(195, 139, 225, 148), Box(258, 139, 275, 148)]
    y = 156.0
    for name, kind, default, text, more in PARAMETERS:
        lines.append(line(f"{name} {kind} {default} {text}", 73, y, 275 + 4.2 * len(text)))
        gaps += [Box(73 + 5 * len(name), y, 175, y + 9), Box(175 + 5 * len(kind), y, 225, y + 9)]
        gaps.append(Box(225 + 5 * len(default), y, 275, y + 9))
        if more:
            lines.append(line(more, 275, y + 10, 275 + 4.2 * len(more)))
            y += 10
        y += 17
    return lines, [rule(67, 540, 150)], gaps


def test_cells_wrapped_onto_lines_of_their_own_stay_in_the_table() -> None:
    """The description column's second lines (one text each, set in at its column) are the
    rows' own: the region reaches the last row's, over all four columns (the runs of names,
    types and defaults beside running text gave the first three only, in two pieces)."""
    lines, rules, gaps = parameters()
    (region,) = candidate_regions(page(lines, rules, gaps), W, H)
    assert region.x1 >= 530
    assert all(region.y0 <= ln.bbox.y0 and ln.bbox.y1 <= region.y1 for ln in lines)
    # a paragraph starting at the table's left edge right under it stays out
    after = line("The send() method adds one reading to the queue.", 73, lines[-1].bbox.y1 + 6, 400)
    (region,) = candidate_regions(page([*lines, after], rules, gaps), W, H)
    assert region.y1 < after.bbox.y0


CLAIMS = (
    (
        ("Professional cleaning of the", "whole property"),
        ("Check-in and check-out reports, dated", "photographs, cleaning invoice"),
        ("Allowed only for areas left dirtier", "than at check-in"),
    ),
    (
        ("Replacement of a six-year-old", "carpet"),
        ("Age and quality of the carpet, photographs of", "stains or burns"),
        ("A small contribution at most,", "reflecting the carpet's age"),
    ),
    (
        ("Repainting after picture hooks", "were used"),
        ("Tenancy terms, number and size of the holes", ""),
        ("Usually treated as fair wear and", "tear if the holes are few"),
    ),
)


def test_rows_of_cells_read_as_lines_of_their_own_are_a_table() -> None:
    """A header with a rule under it over rows whose cells the text extractor read as lines of
    their own, side by side, each wrapped onto a second line: no line holds a blank, yet the
    lines side by side are cells, and the table takes in all three columns."""
    lines = [line("Landlord's claim Typical evidence Likely outcome", 78, 489, 462)]
    gaps = [Box(150, 489, 216, 498), Box(290, 489, 400, 498)]
    y = 508.0
    for row in CLAIMS:
        for x, (first, second) in zip((78, 216, 400), row, strict=True):
            lines.append(line(first, x, y, x + 3.7 * len(first)))
            if second:
                lines.append(line(second, x, y + 12, x + 3.7 * len(second)))
        y += 31
    (region,) = candidate_regions(page(lines, [rule(73, 534, 501)], gaps), W, H)
    assert all(region.y0 <= ln.bbox.y0 and ln.bbox.y1 <= region.y1 and ln.bbox.x1 <= region.x1 for ln in lines)
    # without the rule, the alignment search takes the last column of sentences in too (a
    # heading over it, its cells ragged: see pdfcore.services.text_runs._headed)
    (bare,) = candidate_regions(page(lines, [], gaps), W, H)
    assert bare.x1 >= max(ln.bbox.x1 for ln in lines)


def test_a_row_ruled_off_under_a_grid_of_shaded_rows_is_the_grids() -> None:
    """A grid whose frame is the edges of its shaded header and first row only (drawn as boxes
    one after the other), the rules between its rows going on under it: the row ruled off under
    the frame is the table's last; a note across the table under a rule of its width is not."""
    region = Box(52, 60, 543, 148)
    rules = [rule(51.5, 543.8, 179.3)]
    inside = [line("8 Fri 19 Sep Free day in Ponte de Lima", 56.3, 87, 343), line("Casa do Cais", 376.4, 87, 440)]
    row = [line("9 Sat 20 Sep Departure by taxi", 56.4, 154, 358), line("- Breakfast", 376.4, 154, 517)]
    assert abs(ruled_on(region, rules, [*inside, *row], []).y1 - 179.7) < 0.01
    note = [line("* Amounts used to calculate the changes are based on numbers in the thousands", 56.4, 154, 530)]
    assert ruled_on(region, rules, [*inside, *note], [Box(62, 154, 70, 163)]) == region
    apart = [line(ln.text, ln.bbox.x0 + 20, 154, ln.bbox.x1 + 20) for ln in row]
    assert ruled_on(region, rules, [*inside, *apart], []) == region


def test_the_next_section_s_heading_over_the_bottom_rule_is_no_row() -> None:
    """Under the rows of a table ruled under its header, the next section's heading (set larger,
    alone on its row), then the top of a grid: the rule there is no bottom rule of the table; the
    table ends over the heading. Before, the heading was read as the table's last row (a
    boiler's service report: ``2. Checks carried out`` between its appliance's details and its
    checks)."""
    lines, rules, gaps = table()
    rules[2] = rule(132, 480, 200)  # the grid's top, under the heading
    heading = line("2. Checks carried out", 139, 183, 260, h=12.0)
    (region,) = framed_regions(rules, [*lines, heading], gaps)
    assert region.y1 < heading.bbox.y0, region
    assert all(ln.bbox.y1 <= region.y1 for ln in lines), region
