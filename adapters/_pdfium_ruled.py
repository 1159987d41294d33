"""A pdfium line parted where a vertical ruling line that stands as a gutter runs through it:
columns of text set apart by drawn rules (a bulletin's columns, a checklist's two lists), which
pdfium joins into one line per row when the content stream draws them row by row.
"""

from __future__ import annotations

import ctypes
import itertools
from collections.abc import Sequence
from typing import Any

from adapters._pdfium_rows import piece_line
from pdfcore.geometry import union
from pdfcore.models import Box, TextLine
from pdfcore.rule_gutters import MIN_SIDE_ROWS, rule_gutters

__all__ = ["gutter_rules", "parted"]

#: A character is drawn across a rule when it reaches this many points past its middle on both
#: sides (a glyph's box may touch the rule it stands beside).
ACROSS_PT = 0.5


def gutter_rules(
    raw: Any, tp: Any, lines: list[TextLine], rules: Sequence[Box], art: Sequence[Box], to_box: Any
) -> list[Box]:
    """The vertical ``rules`` that stand as gutters between the page's ``lines`` (see
    :func:`pdfcore.rule_gutters.rule_gutters`) with no character drawn across them, whose lines
    drawn across join columns and are no rows of a table (see :func:`_joins_columns`)."""
    found = rule_gutters(lines, rules, art)
    if not found:
        return []
    # per rule, the lines drawn across it, and per line whether each side has text, and letters
    across = {
        id(r): [
            (ln.bbox, [False, False, False, False])
            for ln in lines
            if r.y0 <= (ln.bbox.y0 + ln.bbox.y1) / 2 <= r.y1 and ln.bbox.x0 < (r.x0 + r.x1) / 2 < ln.bbox.x1
        ]
        for r in found
    }
    box = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    get_box = raw.FPDFText_GetCharBox
    kept = list(found)
    for k in range(raw.FPDFText_CountChars(tp)):
        ch = chr(raw.FPDFText_GetUnicode(tp, k))
        if ch.isspace() or not get_box(tp, k, *box):
            continue
        lft, rgt, btm, top = (v.value for v in box)
        if rgt <= lft:
            continue
        b = to_box(lft, btm, rgt, top)
        ym, xm = (b.y0 + b.y1) / 2, (b.x0 + b.x1) / 2
        for r in list(kept):
            if not r.y0 <= ym <= r.y1:
                continue
            m = (r.x0 + r.x1) / 2
            if b.x0 < m - ACROSS_PT and m + ACROSS_PT < b.x1:
                kept.remove(r)  # a character drawn over the rule: no gutter
                continue
            for lb, sides in across[id(r)]:
                if lb.y0 <= ym <= lb.y1 and lb.x0 <= xm <= lb.x1:
                    at = 0 if xm < m else 2
                    sides[at] = True
                    sides[at + 1] = sides[at + 1] or ch.isalpha()
                    break
        if not kept:
            return []
    return [r for r in kept if _joins_columns([sides for _, sides in across[id(r)]])]


def _joins_columns(across: list[list[bool]]) -> bool:
    """Whether the lines drawn across a rule (``across``: per line, whether it has text, then
    letters, on the rule's left, then on its right) join columns: MIN_SIDE_ROWS of them or more
    with text on both sides (a cell's text merely sitting on the rule joins nothing), under half
    of those a table's rows (no letter on one side: a row's figures past its label)."""
    both = [sides for sides in across if sides[0] and sides[2]]
    rows = sum(1 for _, ll, _, rl in both if not (ll and rl))
    return len(both) >= MIN_SIDE_ROWS and 2 * rows < len(both)


#: A vertical rule parts the lines it runs through when it is this many of their heights long at
#: least (a column rule, not a cell's side or a checkbox's).
RULE_ROWS = 4.0


def parted(
    raw: Any, tp: Any, start: int, body: str, bbox: Box, to_box: Any, line_facts: Any, rules: list[Box]
) -> list[TextLine] | None:
    """The line of ``body`` (from the page's character ``start``, drawn in ``bbox``) cut where a
    vertical rule runs through it: down the whole height of the line, with characters on both
    sides and none drawn across it. None when no rule parts it."""
    h = bbox.y1 - bbox.y0
    cuts = sorted(
        (r.x0 + r.x1) / 2
        for r in rules
        if r.y0 <= bbox.y0 and bbox.y1 <= r.y1 and r.y1 - r.y0 >= RULE_ROWS * h and bbox.x0 < r.x0 and r.x1 < bbox.x1
    )
    if not cuts:
        return None
    box = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    get_box = raw.FPDFText_GetCharBox
    # each character's side: the cut it stands after (spaces follow the character before); and
    # its box, for the pieces' boxes
    side: list[int] = []
    drawn: list[Box | None] = []
    k_side = 0
    for k, ch in enumerate(body):
        if ch.isspace() or not get_box(tp, start + k, *box):
            side.append(k_side)
            drawn.append(None)
            continue
        lft, rgt, btm, top = (v.value for v in box)
        b = to_box(lft, btm, rgt, top)
        drawn.append(b if rgt > lft and top > btm else None)
        if b.x1 <= b.x0:
            side.append(k_side)
            continue
        across = [x for x in cuts if b.x0 < x < b.x1]
        if across:
            return None  # a character drawn over the rule: the rule is no column's edge here
        k_side = sum(1 for x in cuts if x <= b.x0)
        side.append(k_side)
    if any(b < a for a, b in itertools.pairwise(side)):
        return None  # text going back across a rule: not one column after the other
    out: list[TextLine] = []
    a = 0
    for e in range(1, len(body) + 1):
        if e == len(body) or side[e] != side[a]:
            text = body[a:e]
            boxes = [b for b in drawn[a:e] if b is not None]
            if text.strip() and boxes:
                out.append(piece_line(raw, text, start + a, union(boxes), line_facts))
            a = e
    return out if len(out) > 1 else None
