"""Vertical rules that part columns of text: a bulletin's columns, a checklist's two lists, set
apart by drawn rules rather than (or beside) whitespace.

A vertical rule is such a gutter only where the page shows it as one: it is no part of a grid
(no horizontal rule meets it inside its length, nor crosses it where it breaks off and goes on:
a table's), no column rule of a table framed by rules as long as it, no side of a box, no line inside vector art (a flowchart's connector, a chart's
axis); text stands on both of its sides and beside it along much of its length, and no
character is drawn across it though lines are (columns drawn row by row, which the extractor
joins into one line per row). The text adapter parts those lines at it and records it as a
gutter (``PageText.gutters``); the column finder takes it as one whatever the text beside it.
"""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.models import Box, TextLine

__all__ = ["column_rules", "rule_gutters"]

#: Vertical rules shorter than this (points), after chaining, never part a line.
MIN_COLUMN_RULE = 20.0
#: Vertical segments on one x (within SAME_X points) one under the other, at most CHAIN_GAP
#: points apart, run down the page as one rule (the sides of a column of checkboxes, a dashed
#: rule, a table's column rule broken where its row rules cross).
SAME_X = 1.0
CHAIN_GAP = 6.0
#: A horizontal rule meets a vertical one within this many points.
MEET_PT = 2.0
#: A gutter's rule has text beside it along this share of its length at least ...
MIN_COVER = 0.6
#: ... in this many lines at least on each side (a column, not a caption beside a frame).
MIN_SIDE_ROWS = 4
#: A rule lies inside vector art when a drawing region holds this share of its length.
IN_ART = 0.5


def column_rules(rules: Sequence[Box]) -> list[Box]:
    """The page's vertical rules, segments on one x one under the other chained, that run down a
    stretch of the page (MIN_COLUMN_RULE), that no horizontal rule as long meets inside their
    length and that are no side of a box: the rules that may stand between columns of text."""
    return _column_rules(rules, _chains(rules))


def _column_rules(rules: Sequence[Box], chains: list[Box]) -> list[Box]:
    """:func:`column_rules`, the page's vertical rules chained already (``chains``)."""
    across = [r for r in rules if r.x1 - r.x0 > r.y1 - r.y0 and r.x1 - r.x0 >= MIN_COLUMN_RULE]
    return [r for r in chains if r.y1 - r.y0 >= MIN_COLUMN_RULE and not _meets(r, across) and not _box_side(r, across)]


def _chains(rules: Sequence[Box]) -> list[Box]:
    """The vertical ``rules``, segments on one x one under the other (CHAIN_GAP) as one."""
    down = sorted(((r.x0 + r.x1) / 2, r.y0, r.y1, r) for r in rules if r.y1 - r.y0 > r.x1 - r.x0)
    out: list[Box] = []
    chain: list[Box] = []
    last_x = last_y1 = float("-inf")
    for x, y0, y1, r in sorted(down, key=lambda t: (round(t[0] / SAME_X), t[1])):
        if chain and abs(x - last_x) <= SAME_X and y0 - last_y1 <= CHAIN_GAP:
            chain.append(r)
            last_y1 = max(last_y1, y1)
            continue
        if chain:
            out.append(_chain_box(chain))
        chain, last_x, last_y1 = [r], x, y1
    if chain:
        out.append(_chain_box(chain))
    return out


def rule_gutters(lines: Sequence[TextLine], rules: Sequence[Box], art: Sequence[Box] = ()) -> list[Box]:
    """The vertical ``rules`` (see :func:`column_rules`) that stand as gutters between columns
    the extractor's ``lines`` run across (columns drawn row by row): outside the regions of
    vector art ``art``; MIN_SIDE_ROWS lines or more drawn across the rule (one line joined across
    a flowchart's connector is no column drawn row by row), MIN_SIDE_ROWS or more on each side
    (a line across counts on both); text beside it along MIN_COVER of its length. The caller
    checks that no character is drawn across the rule."""
    out: list[Box] = []
    chains = _chains(rules)
    for r in _column_rules(rules, chains):
        length = r.y1 - r.y0
        if any(_inside(r, a) >= IN_ART * length for a in art) or _framed(r, chains, lines):
            continue
        mid = (r.x0 + r.x1) / 2
        left = right = across = 0
        spans: list[tuple[float, float]] = []
        for ln in lines:
            b = ln.bbox
            if not r.y0 <= (b.y0 + b.y1) / 2 <= r.y1:
                continue
            if b.x1 <= mid:
                left += 1
            elif b.x0 >= mid:
                right += 1
            else:
                across += 1
            pad = (b.y1 - b.y0) / 2  # a line stands for its pitch: half a line above and below
            spans.append((max(b.y0 - pad, r.y0), min(b.y1 + pad, r.y1)))
        if (
            across >= MIN_SIDE_ROWS
            and min(left, right) + across >= MIN_SIDE_ROWS
            and _covered(spans) >= MIN_COVER * length
        ):
            out.append(r)
    return out


def _framed(rule: Box, chains: list[Box], lines: Sequence[TextLine]) -> bool:
    """Whether the vertical ``rule`` stands between two rules as long as it (``chains``: the
    page's vertical rules), on its left and on its right, with no text beyond them: a table's
    frame, the rule one of its columns' (a table ruled down only, no rule across)."""
    same = [c for c in chains if abs(c.y0 - rule.y0) <= MEET_PT and abs(c.y1 - rule.y1) <= MEET_PT]
    first = min(same, key=lambda c: c.x0)
    last = max(same, key=lambda c: c.x1)
    if first.x1 >= rule.x0 or last.x0 <= rule.x1:
        return False
    left, right = (first.x0 + first.x1) / 2, (last.x0 + last.x1) / 2
    beside = [ln.bbox for ln in lines if rule.y0 <= (ln.bbox.y0 + ln.bbox.y1) / 2 <= rule.y1]
    return not any(b.x0 < left or b.x1 > right for b in beside)


def _inside(rule: Box, region: Box) -> float:
    """How much of the vertical ``rule``'s length lies inside ``region``."""
    if not region.x0 <= (rule.x0 + rule.x1) / 2 <= region.x1:
        return 0.0
    return max(0.0, min(rule.y1, region.y1) - max(rule.y0, region.y0))


def _covered(spans: list[tuple[float, float]]) -> float:
    """The length the intervals ``spans`` cover together."""
    total = 0.0
    end = float("-inf")
    for a, b in sorted(spans):
        if b <= end:
            continue
        total += b - max(a, end)
        end = b
    return total


def _meets(rule: Box, across: list[Box]) -> bool:
    """Whether one of the horizontal rules ``across`` meets the vertical ``rule`` inside its
    length (a T or a cross, not at its ends): the rule is a grid's (a table's, a frame's
    inside), no column rule."""
    for h in across:
        if (
            rule.y0 + MEET_PT < (h.y0 + h.y1) / 2 < rule.y1 - MEET_PT
            and h.x0 <= rule.x1 + MEET_PT
            and h.x1 >= rule.x0 - MEET_PT
        ):
            return True
    return False


def _chain_box(chain: list[Box]) -> Box:
    return Box(min(r.x0 for r in chain), min(r.y0 for r in chain), max(r.x1 for r in chain), max(r.y1 for r in chain))


def _box_side(rule: Box, across: list[Box]) -> bool:
    """Whether the vertical ``rule`` is a side of a box: at each of its ends a horizontal rule of
    ``across`` turns away from it, the same way at both (a framed box's edge, an infobox beside
    the text: what it holds is read as one, not as a column). A rule between columns meets the
    rules at its ends crosswise or not at all."""
    turns = []
    for end in (rule.y0, rule.y1):
        way = ""
        for h in across:
            if abs((h.y0 + h.y1) / 2 - end) > MEET_PT or h.x0 > rule.x1 + MEET_PT or h.x1 < rule.x0 - MEET_PT:
                continue
            right, left = h.x1 > rule.x1 + MEET_PT, h.x0 < rule.x0 - MEET_PT
            way = (
                "both"
                if (right and left) or (way and way != ("right" if right else "left"))
                else ("right" if right else "left")
            )
        turns.append(way)
    return turns[0] in ("left", "right") and turns[0] == turns[1]
