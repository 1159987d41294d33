"""The visual rows of a page column, and the blanks (rivers) between their segments.

A row is the pieces (:mod:`pdfcore.services.text_pieces`) that overlap vertically, their
segments merged where they overlap: its figures, its words of text, whether it is gapped (two
segments or more), a row of figures or a line of prose. The runs of table-like rows
(:mod:`pdfcore.services.text_runs`) follow the rivers from row to row (:func:`row_rivers`,
:func:`whitespace`). All geometry is page space (points, top-left origin).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from attrs import define

from pdfcore.services.text_pieces import PROSE_WORDS, Piece, figures


#: Rows are made for every row of every page that may hold a table, and never changed once
#: made: a plain slotted class (a frozen one's fields cost twice as much to set).
@define
class Row:
    y0: float
    y1: float
    height: float
    #: Text segments (x0, x1) left to right, split at the gaps inside lines.
    segments: tuple[tuple[float, float], ...]
    #: Estimated words of text (not figures) in each segment.
    words: tuple[float, ...]
    #: Tokens that are numbers (amounts, percentages, years, ranges), and all tokens.
    numbers: float
    tokens: float
    trailing: int = 0
    entries: int = 0
    #: Lines of the row that lead with dots to a closing figure ("Revenue . . . . 2,014").
    led: int = 0
    #: The row's figures are plain small integers only (page numbers in a table of contents).
    page_numbers: bool = False
    #: Of its numbers, those that are years (column headings: "2019 2018").
    years: float = 0
    #: The plain integer ending the row (a page number in a table of contents), if any.
    final: int | None = None
    #: Its leftmost piece opens with a label and its colon set apart ("Source:" and a tab).
    labelled: bool = False
    #: Every line of the row is set in bold (a table's column headings).
    bold: bool = False
    #: The largest font size of its lines (points; 0 when unknown).
    size: float = 0.0
    #: Its first segment is set in bold (see ``Piece.bold_first``).
    bold_first: bool = False

    @functools.cached_property
    def gapped(self) -> bool:
        # (Cached: a run is tried from every row it may start at, and asks each row again.)
        return len(self.segments) >= 2

    @functools.cached_property
    def prose(self) -> bool:
        """Every segment is running text (a line of prose, or two side by side)."""
        return not self.numeric and all(w >= PROSE_WORDS for w in self.words)

    @functools.cached_property
    def numeric(self) -> bool:
        """A row of figures (see :func:`pdfcore.services.text_pieces.figures`)."""
        return figures(self.led, self.numbers, self.trailing, self.tokens)


def visual_rows(pieces: Sequence[Piece]) -> list[Row]:
    """Visual rows: pieces overlapping vertically."""
    items = sorted(pieces, key=lambda p: (p.y0 + p.y1) / 2)
    rows: list[Row] = []
    cur: list[Piece] = []
    cy0 = cy1 = 0.0
    for p in items:
        if cur:
            overlap = min(cy1, p.y1) - max(cy0, p.y0)
            if overlap >= 0.5 * min(p.y1 - p.y0, cy1 - cy0):
                cur.append(p)
                cy0, cy1 = min(cy0, p.y0), max(cy1, p.y1)
                continue
            rows.append(_make_row(cur))
        cur = [p]
        cy0, cy1 = p.y0, p.y1
    if cur:
        rows.append(_make_row(cur))
    return rows


def _make_row(pieces: list[Piece]) -> Row:
    if len(pieces) == 1 and _apart(pieces[0].segments):
        return _one_piece_row(pieces[0])
    return _merged_row(pieces)


def _merged_row(pieces: list[Piece]) -> Row:
    """The row of pieces set side by side: their segments merged where they overlap."""
    merged: list[list[float]] = []
    for a, z, words in sorted(s for p in pieces for s in p.segments):
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], z)
            merged[-1][2] += words
        else:
            merged.append([a, z, words])
    return Row(
        y0=min(p.y0 for p in pieces),
        y1=max(p.y1 for p in pieces),
        height=_median_height(pieces),
        segments=tuple((m[0], m[1]) for m in merged),
        words=tuple(m[2] for m in merged),
        numbers=sum(p.numbers for p in pieces),
        years=sum(p.years for p in pieces),
        final=max(pieces, key=lambda p: p.segments[-1][1]).final,
        tokens=sum(p.tokens for p in pieces),
        trailing=max(pieces, key=lambda p: p.segments[-1][1]).trailing,
        entries=sum(p.entries for p in pieces),
        led=sum(1 for p in pieces if p.led),
        page_numbers=any(p.led for p in pieces) and all(p.page_number for p in pieces if p.led),
        labelled=min(pieces, key=lambda p: p.segments[0][0]).labelled,
        bold=all(p.bold for p in pieces),
        size=max(p.size for p in pieces),
        bold_first=min(pieces, key=lambda p: p.segments[0][0]).bold_first,
    )


def _median_height(pieces: Sequence[Piece]) -> float:
    """``statistics.median`` of the pieces' heights, without its checks (a row is made for every
    row of every page that may hold a table)."""
    heights = sorted(p.y1 - p.y0 for p in pieces)
    k = len(heights) // 2
    return heights[k] if len(heights) % 2 else (heights[k - 1] + heights[k]) / 2


def _apart(segments: Sequence[tuple[float, float, float]]) -> bool:
    """Segments left to right, none touching the next (as a line cut at its gaps has them)."""
    if len(segments) <= 1:
        return bool(segments) and segments[0][0] <= segments[0][1]
    return all(a <= z for a, z, _ in segments) and all(
        segments[k][1] < segments[k + 1][0] for k in range(len(segments) - 1)
    )


def _one_piece_row(p: Piece) -> Row:
    """:func:`_make_row` of a row of one piece (most rows) whose segments are :func:`_apart`:
    nothing to merge, the piece's figures are the row's."""
    segments = p.segments
    return Row(
        y0=p.y0,
        y1=p.y1,
        height=p.y1 - p.y0,
        segments=tuple((a, z) for a, z, _ in segments),
        words=tuple(w for _, _, w in segments),
        numbers=p.numbers,
        years=p.years,
        final=p.final,
        tokens=p.tokens,
        trailing=p.trailing,
        entries=p.entries,
        led=1 if p.led else 0,
        page_numbers=p.led and p.page_number,
        labelled=p.labelled,
        bold=p.bold,
        size=p.size,
        bold_first=p.bold_first,
    )


def whitespace(rivers: list[tuple[float, float]], row: Row, min_width: float) -> list[tuple[float, float]]:
    """The parts of ``rivers`` that no segment of ``row`` covers, at least ``min_width`` wide.

    A row's segments run left to right without touching (see :func:`_make_row`), so one sweep
    per river finds them: the blank left of each segment, then what is left right of the last.
    (This runs for every row a run goes on over, from every row a run may start at.)"""
    out: list[tuple[float, float]] = []
    segments = row.segments
    for a, z in rivers:
        start = a
        for s0, s1 in segments:
            if s1 <= start:
                continue
            if s0 >= z:
                break
            if s0 > start and s0 - start >= min_width:
                out.append((start, s0))
            start = s1
            if start >= z:
                break
        if start < z and z - start >= min_width:
            out.append((start, z))
    return out


def row_rivers(row: Row, min_width: float) -> list[tuple[float, float]]:
    segs = row.segments
    return [(segs[k][1], segs[k + 1][0]) for k in range(len(segs) - 1) if segs[k + 1][0] - segs[k][1] >= min_width]
