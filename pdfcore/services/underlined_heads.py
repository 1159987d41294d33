"""Tables: where to look by underlined column headings (see :mod:`pdfcore.services.table_regions`).

Financial statements often set a small table (one to three rows of amounts) under column
headings each underlined by its own short rule, all at one height::

    Income Statement Classification   Gain/(Loss) on Swaps   Net Income Effect
    -------------------------------   --------------------   -----------------
    Other income ..................         $6,109                 $—

Too few rows for the text-alignment search (:mod:`pdfcore.services.text_runs` wants three
rows lined up), and no grid for the rulings search; but the heads and their rules say where
the columns are. :func:`underlined_tables` finds them: three or more rules side by side at one
height, each under a short heading that it spans (a heading wrapped over two or three lines
counts), and right under them rows of figures that reach the last heading. Underlined words in
running text fail it (the line over the rules is wider than the rule), and so do a form's
blanks (no heading over each rule) and a chart's axis (no rows of figures under it). All
geometry is page space (points, top-left origin).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from attrs import frozen

from pdfcore.geometry import union
from pdfcore.models import Box, TextLine
from pdfcore.services.text_pieces import JOIN_TOL, PLACEHOLDERS, PROSE_WORDS, is_number, line_pieces

#: Underlined headings side by side that make a table whatever its rows: a row's label column
#: and two columns of figures, at least. Fewer (the years over a statement's columns, its label
#: column unheaded) need rows led by dots to as many figures as there are headings.
MIN_HEADS = 3
#: An underline is at most this thick (points) ...
MAX_RULE_THICKNESS = 2.0
#: ... and sits at most this share of its heading's line height under it.
UNDERLINE_DROP = 0.6
#: A heading's lines stand at most this many line heights apart, at most this many of them.
HEAD_LINE_GAP = 0.6
MAX_HEAD_LINES = 3
#: Rows under the headings stand at most this many line heights apart (the first one from the
#: rules).
ROW_GAP = 1.5
#: A row's figures may reach this many line heights past the last rule (a closing "%").
OVERHANG = 2.0
#: Figures (amounts, or dashes for none) closing a row under three headings or more.
MIN_FIGURES = 2

_CURRENCY = frozenset("$€£¥")
_LEADERS = re.compile(r"(?:\.\s?){3,}")


@frozen
class _Cell:
    """A line's part between two gaps: its box and its words."""

    box: Box
    words: float


def underlined_tables(rules: Sequence[Box], lines: Sequence[TextLine], gaps: Sequence[Box]) -> list[Box]:
    """Boxes of small tables under underlined column headings: from the top of the headings
    to the last row of figures under them."""
    thin = sorted(
        (r for r in rules if r.width >= r.height and r.height <= MAX_RULE_THICKNESS),
        key=lambda r: ((r.y0 + r.y1) / 2, r.x0),
    )
    if not thin:
        return []
    rows = [row for row in _rule_rows(thin) if all(_line_over(rule, lines) for rule in row)]
    if not rows:
        return []  # most pages with rules: no line sits right over each of a row of them
    cells = [_Cell(Box(a, p.y0, z, p.y1), w) for p in line_pieces(lines, gaps) for a, z, w in p.segments if z > a]
    out = []
    for row in rows:
        box = _table(row, cells, lines)
        if box is not None:
            out.append(box)
    return out


def _line_over(rule: Box, lines: Sequence[TextLine]) -> bool:
    """A line stands right over ``rule`` where a heading would (see :func:`_heading`): the cheap
    test run before a page's lines are cut into their pieces."""
    return any(
        ln.bbox.y1 <= rule.y0 + JOIN_TOL / 2
        and rule.y0 - ln.bbox.y1 <= UNDERLINE_DROP * ln.bbox.height
        and ln.bbox.x0 < rule.x1
        and ln.bbox.x1 > rule.x0
        for ln in lines
    )


def _rule_rows(rules: Sequence[Box]) -> list[list[Box]]:
    """Rules at one height, left to right; pieces of one underline drawn end to end joined."""
    rows: list[list[Box]] = []
    for r in rules:
        cy = (r.y0 + r.y1) / 2
        for row in rows:
            if abs((row[0].y0 + row[0].y1) / 2 - cy) <= JOIN_TOL / 2:
                row.append(r)
                break
        else:
            rows.append([r])
    out = []
    for row in rows:
        joined: list[Box] = []
        for r in sorted(row, key=lambda b: b.x0):
            if joined and r.x0 - joined[-1].x1 <= JOIN_TOL / 2:
                joined[-1] = union((joined[-1], r))
            else:
                joined.append(r)
        out.append(joined)
    return out


def _table(rules: Sequence[Box], cells: Sequence[_Cell], lines: Sequence[TextLine]) -> Box | None:
    """The table under the underlined headings ``rules`` (left to right), or None."""
    heads: list[_Cell] = []
    for rule in rules:
        head = _heading(rule, cells)
        if head is None:
            return None
        heads.extend(head)
    # Each heading underlined apart, a blank between two rules (a ruled table's rules between
    # its rows run on from cell to cell).
    if any(b.x0 - a.x1 < min(h.box.height for h in heads) for a, b in itertools.pairwise(rules)):
        return None
    # Nothing but headings level with them over the rules (text running across them is
    # running text with words underlined).
    left, right = rules[0].x0, rules[-1].x1
    top, bottom = min(h.box.y0 for h in heads), max(r.y1 for r in rules)
    if any(
        c not in heads and c.box.x1 > left and c.box.x0 < right and c.box.y0 < bottom and c.box.y1 > top for c in cells
    ):
        return None
    body = _figure_rows(rules, lines)
    if not body:
        return None
    return union([*(h.box for h in heads), *rules, *(ln.bbox for ln in body)])


def _heading(rule: Box, cells: Sequence[_Cell]) -> list[_Cell] | None:
    """The heading ``rule`` underlines: a short cell right above it that the rule spans, and
    the lines of the same heading above that (a heading wrapped over two or three lines)."""
    head: list[_Cell] = []
    edge, height = rule.y0, None
    while len(head) <= MAX_HEAD_LINES:
        near = UNDERLINE_DROP if not head else HEAD_LINE_GAP
        above = [
            c
            for c in cells
            if c.box.y1 <= edge + JOIN_TOL / 2
            and edge - c.box.y1 <= near * (height or c.box.height)
            and c.box.x0 < rule.x1
            and c.box.x1 > rule.x0
        ]
        if not above:
            return head or None
        if len(above) > 1 or not _spans(rule, above[0].box) or above[0].words >= PROSE_WORDS:
            return None
        head.append(above[0])
        edge, height = above[0].box.y0, above[0].box.height
    return None


def _spans(rule: Box, box: Box) -> bool:
    """The rule reaches across the whole heading (an underlined word in a line of running text
    is narrower than its line)."""
    return rule.x0 - JOIN_TOL <= box.x0 and box.x1 <= rule.x1 + JOIN_TOL


def _figure_rows(rules: Sequence[Box], lines: Sequence[TextLine]) -> list[TextLine]:
    """The rows right under the rules, each reaching under the last heading and closing with
    its figures: led by dots (the label's) to one figure a heading at most, or, under three
    headings or more and starting inside them (the label column headed too), two figures or
    more. A row of text ending in a colon (the label over the rows after it) may stand
    between them. Stops at the first other row."""
    left, right, last = rules[0].x0, rules[-1].x1, rules[-1]
    bottom = max(r.y1 for r in rules)
    below = sorted(
        (ln for ln in lines if ln.bbox.y0 >= bottom - JOIN_TOL / 2 and ln.bbox.x0 < right),
        key=lambda ln: (ln.bbox.y0, ln.bbox.x0),
    )
    out: list[TextLine] = []
    pending: list[TextLine] = []
    edge = bottom
    k = 0
    while k < len(below):
        first = below[k]
        if first.bbox.y0 - edge > ROW_GAP * first.bbox.height:
            break
        # One visual row: the lines level with the first.
        row = [ln for ln in below[k:] if ln.bbox.y0 < first.bbox.y1 - first.bbox.height / 2]
        k += len(row)
        row.sort(key=lambda ln: ln.bbox.x0)
        text = " ".join(ln.text for ln in row)
        edge = max(ln.bbox.y1 for ln in row)
        if row[-1].bbox.x1 > right + max(JOIN_TOL, OVERHANG * first.bbox.height):
            break
        if not pending and not out and text.rstrip().endswith(":") and row[-1].bbox.x1 < last.x0:
            pending = row
            continue
        inside = row[0].bbox.x0 >= left - JOIN_TOL
        if row[-1].bbox.x1 < last.x0 or not _closing(text, len(rules), inside=inside):
            break
        out.extend(pending + row)
        pending = []
    return out


def _closing(text: str, heads: int, *, inside: bool) -> bool:
    """The row closes with its figures: led by dots to one figure a heading at most, or (under
    three headings or more, ``inside`` them) two figures or more."""
    *_, tail = _LEADERS.split(text)
    led = tail != text
    if not led and (heads < MIN_HEADS or not inside):
        return False
    tokens = [t for t in tail.split() if t not in _CURRENCY]
    n = next((k for k, t in enumerate(reversed(tokens)) if not _figure(t)), len(tokens))
    if led:
        return n == len(tokens) and 1 <= n <= heads
    return n >= MIN_FIGURES


def _figure(token: str) -> bool:
    """An amount, or a dash standing for none (``$—``)."""
    return is_number(token) or token.lstrip("".join(_CURRENCY)) in PLACEHOLDERS
