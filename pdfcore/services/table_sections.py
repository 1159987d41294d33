"""Tables set in sections: regions one under the other with nothing between them but a
section label or two (``Male`` over the rows of the males, ``Female`` over the females'), joined
into one region (:func:`sections`, for :func:`pdfcore.services.table_regions.candidate_regions`).
A label set larger than the rows round it is a heading between two tables, no section's."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from pdfcore.geometry import intersection, union
from pdfcore.models import Box, TextLine
from pdfcore.services.ruled_grids import line_inside
from pdfcore.services.run_headers import set_larger
from pdfcore.services.text_pieces import JOIN_TOL, PLACEHOLDERS, is_number
from pdfcore.services.text_runs import LABEL_WORDS

#: Regions one under the other are one table's sections when only section labels stand between
#: them: at most this many lines, of at most SECTION_WORDS words each, no figure among them,
#: with blanks of at most SECTION_BLANK of their size above and under each ...
SECTION_LINES = 2
SECTION_WORDS = LABEL_WORDS
SECTION_BLANK = 3.0
#: ... and the regions share this share of the wider one's width (their columns).
SECTION_OVERLAP = 0.9


def sections(boxes: list[Box], lines: Sequence[TextLine], pictures: Sequence[Box] = ()) -> list[Box]:
    """Regions set one under the other with nothing between them but a section label or two
    (``Male`` over the rows of the males, ``Female`` over the females'), joined: one table whose
    sections a blank line sets apart, which the text-aligned search reads as separate runs
    (a label starting at the table's left edge or left of its first column, no caption), the
    lower opening with a row of figures (its first line is no table's column headings). A
    region holding a picture is a figure's, no table's section (a chart over a table's title)."""
    out = sorted(boxes, key=lambda b: b.y0)
    k = 0
    while k + 1 < len(out):
        upper, lower = out[k], out[k + 1]
        shared = min(upper.x1, lower.x1) - max(upper.x0, lower.x0)
        between = [
            ln
            for ln in lines
            if upper.y1 < (ln.bbox.y0 + ln.bbox.y1) / 2 < lower.y0
            and ln.bbox.x1 > max(upper.x0, lower.x0)
            and ln.bbox.x0 < min(upper.x1, lower.x1)
        ]
        edges = [upper.y1, *(y for ln in sorted(between, key=lambda b: b.bbox.y0) for y in (ln.bbox.y0, ln.bbox.y1))]
        blanks = [b - a for a, b in itertools.pairwise([*edges, lower.y0])][::2]
        if (
            shared >= SECTION_OVERLAP * max(upper.width, lower.width)
            and 0 < len(between) <= SECTION_LINES
            and all(_section_label(ln, lower) for ln in between)
            and not _headings_over(between, (upper, lower), lines)
            and max(blanks) <= SECTION_BLANK * max(ln.font_size for ln in between)
            and not any(intersection(p, b) for p in pictures for b in (upper, lower))
            and _opens_with_figures(lower, lines)
            and not any(
                b is not upper and b is not lower and intersection(b, Box(upper.x0, upper.y1, upper.x1, lower.y0))
                for b in out
            )
        ):
            out[k : k + 2] = [union((upper, lower))]
            continue
        k += 1
    return out


def _headings_over(labels: Sequence[TextLine], tables: Sequence[Box], lines: Sequence[TextLine]) -> bool:
    """A label set larger than every line of the regions over and under it: a heading between
    two tables (``Mains`` over a menu's dishes and prices), no section of one."""
    sizes = [ln.font_size for ln in lines if any(line_inside(ln, t) for t in tables)]
    return any(set_larger(ln.font_size, sizes) for ln in labels)


def _opens_with_figures(box: Box, lines: Sequence[TextLine]) -> bool:
    """The region's first line holds two figures or more, or a label and the value closing it
    (a figure other than a year, or a dash for none: ``Direct result`` ... ``-``): a section's
    first row of data, not a table's own column headings (a second table under its caption)."""
    inside = [ln for ln in lines if line_inside(ln, box)]
    if not inside:
        return False
    top = min(ln.bbox.y0 for ln in inside)
    first = [
        t for ln in sorted(inside, key=lambda b: b.bbox.x0) if ln.bbox.y0 - top <= JOIN_TOL for t in ln.text.split()
    ]
    if sum(1 for t in first if is_number(t)) >= 2:
        return True
    last = first[-1] if first else ""
    value = last in PLACEHOLDERS or (is_number(last) and not (last.isdecimal() and 1900 <= int(last) <= 2099))
    return value and len(first) >= 2 and any(ch.isalpha() for ch in first[0])


def _section_label(line: TextLine, table: Box) -> bool:
    """A label of a few words (a rule typed as dashes is none) at the table's left edge, no
    figure in it but a note's mark closing its last word (``Investment result per unit2``)."""
    text = _NOTE_MARK.sub("", line.text.rstrip())
    words = text.split()
    return (
        0 < len(words) <= SECTION_WORDS
        and any(ch.isalpha() for ch in text)
        and not any(ch.isdigit() for ch in text)
        and line.bbox.x0 <= table.x0 + JOIN_TOL
    )


#: A note's mark set on a word's last letter (one or two digits).
_NOTE_MARK = re.compile(r"(?<=[^\W\d])\d{1,2}$")
