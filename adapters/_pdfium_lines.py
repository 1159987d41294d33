"""The line reader of the pdfium text adapter: a page's text lines (pdfium's own line breaks)
with their boxes and font facts, in one pass over the page's text; lines in the printer's margin
left out and counted; a line pdfium gives over several rows or writing directions handed to
:mod:`adapters._pdfium_rows`, the gaps between its cells to :mod:`adapters._pdfium_gaps`.
"""

from __future__ import annotations

import ctypes
import re
from typing import Any, TypeGuard

from attrs import evolve

from adapters._pdfium import PageSpace, unchecked
from adapters._pdfium_accents import joined_accents, left_out
from adapters._pdfium_doubles import Doubles, dropped_doubles
from adapters._pdfium_edits import Edit, edited, replaced
from adapters._pdfium_fonts import LineFonts, line_fonts
from adapters._pdfium_gaps import (
    alone_on_row,
    beside_cell,
    beside_heads,
    beside_row,
    edge_to_edge,
    figures_row,
    first_cell,
    hanging_gaps,
    in_line,
    line_gaps,
    own_cell,
    rows_over,
    space_gaps,
    starts_cell,
    wrapped_cell,
)
from adapters._pdfium_glue import glued_on, joined
from adapters._pdfium_mono import spaced as mono_spaced
from adapters._pdfium_objects import PageObjects, share_inside, visible_runs
from adapters._pdfium_rows import (
    LINE_END,
    ROTATED_RUN,
    STACKED_ROWS,
    in_row,
    row_boxes,
    rows_at_hyphens,
    split_by_angle,
    split_rows,
    stacked_rows,
    text_line,
)
from adapters._pdfium_ruled import parted
from adapters._pdfium_tracking import letter_spaced
from pdfcore.geometry import union
from pdfcore.layout.scripts import has_cjk
from pdfcore.models import Box, TextLine

#: Table evidence kept on each page (see pdfcore.services.table_regions): at most this many
#: gaps between cells.
MAX_GAPS = 2000
#: A line whose extent across its direction (display space) is this many times its tallest
#: rect, holding MIN_ROWS_TEXT characters or more, is cut into the rows it spans when it spans
#: MIN_ROWS or more (see ``split_rows``).
ROWS_IN_LINE = 3.0
MIN_ROWS_TEXT = 20
MIN_ROWS = 3
#: A line whose box is this many times taller than wide reads as text set sideways (see
#: pdfcore.layout.blocks.VERTICAL_RATIO); one that is so only by a glyph drawn tall beside
#: upright letters (its first character turned less than UPRIGHT_ANGLE radians) is given the
#: letters' extent down the page.
TALL_LINE = 1.5
UPRIGHT_ANGLE = 0.05
#: ... and holding this many letters or figures at least (`c u⌉`; a dash and a bracket keep
#: their box).
TALL_LETTERS = 2
#: C0 control codes: glyphs a font maps to no character.
_CONTROLS = re.compile("[\x01-\x08\x0b-\x1f]")


def _split_margin(lines: list[TextLine], space: PageSpace) -> tuple[list[TextLine], int]:
    """Drop lines wholly outside the crop box but inside the media box (printer's marks, slugs).

    A reader never sees them; they are counted (``outside_crop_text``) rather than lost silently.
    Lines beyond the media box stay: that is off-page text, reported as hidden text.
    """
    kept: list[TextLine] = []
    dropped = 0
    for ln in lines:
        b = ln.bbox
        if _margin_line(b.x0, b.y0, b.x1, b.y1, space):
            dropped += 1
        else:
            kept.append(ln)
    return kept, dropped


def _margin_line(x0: float, y0: float, x1: float, y1: float, space: PageSpace) -> bool:
    """Whether a line with this box (page space) lies in the printer's margin (see _split_margin)."""
    if (x0 >= 0 and y0 >= 0 and x1 <= space.width and y1 <= space.height) or x1 <= x0 or y1 <= y0:
        return False  # the common case: inside the page
    return share_inside(x0, y0, x1, y1, space.crop) <= 0.5 and share_inside(x0, y0, x1, y1, space.media) > 0.5


def _tall_glyphs(fast: Any, tp: Any, first: int, count: int, width: float, height: float) -> bool:
    """Whether a line of several rects, none one above another and one of them taller than wide,
    is upright letters beside a glyph drawn tall: its box is taller than wide (else nothing to
    mend; such a line holds few characters) and every character of it is set upright (text
    turned beside it, a stamp in the margin, is parted from it by angle instead). Lines of CJK
    script are not asked: theirs may be vertical writing, upright characters in a tall run."""
    if height <= TALL_LINE * width:
        return False
    return all(abs(fast.char_angle(tp, first + k)) < UPRIGHT_ANGLE for k in range(count))


def read_lines(
    raw: Any,
    textpage: Any,
    space: PageSpace,
    gaps: list[Box] | None = None,
    fonts: LineFonts | None = None,
    down: list[Box] | None = None,
    objects: PageObjects | None = None,
) -> tuple[list[TextLine], int]:
    """The page's text lines (pdfium's own line breaks) with boxes and font facts, and how many
    lines in the printer's margin were left out (see _split_margin).

    Runs on every page: one text call for the whole page, then per line one rect count, its
    rects, and the font facts of its first character (one call when its text object was seen
    before, see LineFonts). When ``gaps`` is given, the wide gaps between a line's rects (the
    whitespace between table cells) are appended to it. ``down``: the page's vertical rules; a
    line one of them runs through is parted there (see :func:`adapters._pdfium_ruled.parted`).
    """
    tp = textpage.raw
    n = raw.FPDFText_CountChars(tp)
    if n <= 0:
        return [], 0
    text = textpage.get_text_range(0, n)
    doubles = dropped_doubles(raw, tp, text, visible_runs(objects), space) if objects is not None else Doubles()
    text = replaced(text, {**doubles.inside, **joined_accents(raw, tp, text), **letter_spaced(raw, tp, text)})
    # letters put in change a line's length: made on lines read whole (see adapters._pdfium_edits)
    edits: dict[int, Edit] = {k: (0, letter) for k, letter in doubles.put_in.items()}
    left, top, right, bottom = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    fast = unchecked()
    count_rects, get_rect = fast.count_rects, fast.get_rect
    line_facts = (fonts or LineFonts(tp, {})).facts
    out_l, out_t, out_r, out_b = ctypes.byref(left), ctypes.byref(top), ctypes.byref(right), ctypes.byref(bottom)
    to_box = space.box
    out: list[TextLine] = []
    upright, sl, st = space.rotation == 0, space.left, space.top  # to_box, inlined for upright pages
    inf = float("inf")
    pw, ph = space.width, space.height
    margin = 0
    before: tuple[int, str, Box] | None = None  # the last line not looked at for gaps
    heads_known: list[Box] = []  # the gaps found between its rects
    spaced: Box | None = None  # the last line of one rect looked at for gaps, when it had some
    spaced_gaps: list[Box] = []  # and those gaps
    pending: tuple[int, Box, list[Box]] | None = None  # a spread-out line's gaps kept back (its number)
    seen = 0  # the lines (not blank) read so far
    glue: tuple[int, int] | None = None  # the last line appended whole: its number, its last character
    chain: list[tuple[int, str, Box]] = []  # lines of one text object not looked at, each right under the last
    hung: list[Box] = []  # the blanks of rows whose last cell wrapped (see hanging_gaps)
    if len(text) == n:
        start = 0
        for seg in text.split("\n"):
            end = start + len(seg)
            body = seg.rstrip("\r")
            words = body.strip()
            if not words:
                start = end + 1
                continue
            seen += 1
            size = len(body)
            # the box is the text's: a space opening the line drawn apart from it (a tab set as
            # a space at the margin, before text set in) is no part of it
            lead = size - len(body.lstrip(" "))
            rc = count_rects(tp, start + lead, size - lead) if lead < size else 0
            pieces: list[tuple[float, float, float, float]] | None = None
            upright_tall = False  # upright letters beside a glyph drawn tall (see _tall_glyphs)
            wide = 0.0  # the height of the tallest rect wider than tall (several rects)
            if rc == 1:  # most lines: one rect, its box is the line's
                if get_rect(tp, 0, out_l, out_t, out_r, out_b):
                    x0, y1, x1, y0 = left.value, top.value, right.value, bottom.value
                else:
                    x0 = y0 = inf
                    x1 = y1 = -inf
            else:
                x0 = y0 = inf
                x1 = y1 = -inf
                tall = 0.0  # the height of the tallest rect taller than wide
                stacked = False  # two rects in a row one above the other (see _pdfium_rows._rotated_run)
                pl = pb = pr = pt = 0.0  # the rect before
                hmax = wmax = 0.0  # the tallest and the widest rect
                ly0, ly1 = inf, -inf  # the rects not taller than wide: the letters' extent down the page
                pieces = [] if rc > 1 and (gaps is not None or "\ufffe" in body) else None
                for k in range(rc):
                    if get_rect(tp, k, out_l, out_t, out_r, out_b):
                        lv, tv, rv, bv = left.value, top.value, right.value, bottom.value
                        x0 = lv if lv < x0 else x0
                        x1 = rv if rv > x1 else x1
                        y0 = bv if bv < y0 else y0
                        y1 = tv if tv > y1 else y1
                        if pieces is not None:
                            pieces.append((lv, bv, rv, tv))
                        h = tv - bv
                        if h > 1.5 * (rv - lv):
                            tall = h if h > tall else tall
                        else:
                            ly0 = bv if bv < ly0 else ly0
                            ly1 = tv if tv > ly1 else ly1
                            if rv - lv > 1.5 * h:
                                wide = h if h > wide else wide
                        hmax = h if h > hmax else hmax
                        wmax = rv - lv if rv - lv > wmax else wmax
                        if k and (bv >= pt or tv <= pb):
                            stacked = stacked or (
                                (rv if rv < pr else pr) - (lv if lv > pl else pl) > 0.5 * min(rv - lv, pr - pl)
                            )
                        pl, pb, pr, pt = lv, bv, rv, tv
                # Rows of the page across the line's direction (display space) against its
                # tallest rect: pdfium sometimes gives a whole block as one line (text set
                # sideways on a page turned by /Rotate: a table's every row in one line).
                sideways = space.rotation in (90, 270)
                extent, row = (x1 - x0, wmax) if sideways else (y1 - y0, hmax)
                if row > 0 and extent > ROWS_IN_LINE * row and len(words) >= MIN_ROWS_TEXT and "\ufffe" not in body:
                    split = split_rows(raw, tp, start, body, to_box, line_facts, space.rotation)
                    if len(split) >= MIN_ROWS:
                        kept, dropped = _split_margin(split, space)
                        out.extend(kept)
                        margin += dropped
                        if pieces and gaps is not None:
                            for ln in kept:
                                if len(gaps) >= MAX_GAPS:
                                    break
                                mine = [pc for pc in pieces if in_row(to_box(*pc), ln.bbox)]
                                if len(mine) > 1:
                                    line_gaps(mine, ln.bbox, space, gaps)
                        start = end + 1
                        continue
                upright_tall = (
                    tall > 0
                    and not stacked
                    and ly0 < ly1
                    and not has_cjk(words)
                    and sum(ch.isalnum() for ch in words) >= TALL_LETTERS
                    and _tall_glyphs(fast, tp, start + lead, size - lead, x1 - x0, y1 - y0)
                )
                if upright_tall:
                    # upright letters beside a glyph drawn tall (a bracket of a display formula
                    # spanning its fraction, `c u⌉`): the line stands where its letters do, not
                    # taller than wide, which would read as text set sideways
                    y0, y1 = ly0, ly1
                elif tall and wide and (stacked or tall > ROTATED_RUN * wide):
                    # pdfium joined horizontal and rotated text (e.g. a margin stamp after a
                    # soft hyphen at a page's last line): one line per writing direction.
                    kept, dropped = _split_margin(split_by_angle(raw, tp, start, body, to_box, line_facts), space)
                    out.extend(kept)
                    margin += dropped
                    if len(kept) == 1 and not dropped and pieces and gaps is not None and len(gaps) < MAX_GAPS:
                        # One direction after all (narrow glyphs such as "1" looked tall): the
                        # gaps between its rects are table evidence as on any line.
                        line_gaps(pieces, kept[0].bbox, space, gaps)
                    start = end + 1
                    continue
                if (
                    pieces
                    and not upright_tall
                    and not stacked
                    and "\ufffe" not in body
                    and edge_to_edge(pieces, y1 - y0)
                ):
                    pieces = None  # one run of text, its blanks inside its rects: looked at as one rect
            if x0 != inf and (x1 <= x0 or y1 <= y0):
                x0, y0, x1, y1 = _char_bounds(raw, tp, start, size, (x0, y0, x1, y1))
            if x0 != inf:
                if upright and x0 <= x1 and y0 <= y1:
                    bx0, by0, bx1, by1 = x0 - sl, st - y1, x1 - sl, st - y0
                else:
                    b = to_box(x0, y0, x1, y1)
                    bx0, by0, bx1, by1 = b.x0, b.y0, b.x1, b.y1
                if (bx0 < 0 or by0 < 0 or bx1 > pw or by1 > ph) and _margin_line(bx0, by0, bx1, by1, space):
                    margin += 1  # printer's margin: left out of the text (its gaps are kept, as before)
                    if pieces and gaps is not None and len(gaps) < MAX_GAPS:
                        line_gaps(pieces, Box(bx0, by0, bx1, by1), space, gaps)
                    start = end + 1
                    continue
                bbox = Box(bx0, by0, bx1, by1)
                first = start + (size - len(body.lstrip()))
                if upright_tall:
                    # the tall glyph is a bracket or a brace from a math font, with no character
                    # (a control code, which at the line's end would read as a hyphen)
                    words = _CONTROLS.sub("", words).strip()
                if "\x00" in words:
                    words = left_out(words)
                cut_rows: list[TextLine] | None = None
                if pieces and "\ufffe" in words:
                    rows = rows_at_hyphens(raw, tp, start, body, to_box, line_facts, pieces)
                elif pieces and (wide or (hmax if not tall else 0.0)) and (y1 - y0 > STACKED_ROWS * (wide or hmax)):
                    # rows one under the other against the line's tallest rect wider than tall,
                    # or its tallest rect when every rect is about square (ideographs, a rect
                    # each; a rect taller than wide is text set sideways: not rows)
                    rows = cut_rows = stacked_rows(raw, tp, start, body, to_box, line_facts, pieces)
                else:
                    rows = None
                if rows is not None:
                    # a row may be the printer's slug the content stream holds after the
                    # page's last hyphenated word: checked on its own, as any line
                    kept, dropped = _split_margin(rows, space)
                    out.extend(kept)
                    margin += dropped
                elif down and (cut := _parted(raw, tp, start, body, bbox, to_box, line_facts, down)):
                    out.extend(cut)
                    glue = None
                else:
                    last = start + len(body.rstrip(LINE_END)) - 1
                    line = text_line(raw, words, bbox, first, last, line_facts)
                    if edits and len(line.text) == len(words):
                        line = edited(line, first, edits)
                    if line.mono and " " in line.text:
                        # code: its spaces as wide as drawn (see adapters._pdfium_mono)
                        line = evolve(line, text=mono_spaced(raw, tp, first, last, line.text))
                    if glue is not None and glue[0] == seen - 1 and glued_on(raw, tp, out[-1], glue[1], line, first):
                        out[-1] = joined(out[-1], line)
                    else:
                        out.append(line)
                    glue = (seen, last)
                if pieces is None and before is not None and gaps is not None and len(gaps) < MAX_GAPS:
                    hanging_gaps(raw, tp, before, bbox, space, hung)  # (a term's row, its meaning wrapped)
                if pending is not None and pieces is None and gaps is not None and starts_cell(bbox, *pending[1:]):
                    gaps.extend(pending[2])  # (a LaTeX table's header, set as one text object)
                    pending = None
                if cut_rows and pieces and gaps is not None and len(gaps) < MAX_GAPS:
                    # rows cut apart: the gaps of each row, at its height
                    for band in row_boxes(pieces):
                        mine = [p for p in pieces if band[1] <= (p[1] + p[3]) / 2 <= band[3]]
                        if mine:
                            line_gaps(mine, to_box(*band), space, gaps)
                elif pieces and gaps is not None and len(gaps) < MAX_GAPS:
                    k0 = len(gaps)
                    line_gaps(pieces, bbox, space, gaps)
                    if figures_row(words):
                        # a row of figures set in few text objects, its cells spaced apart inside
                        # them (a ledger's date, number and type in one): the gaps between its
                        # words too, and those of the line of headings over it
                        known = gaps[k0:]
                        if _headings_over(before, by0, by1):
                            space_gaps(raw, tp, *before, space, gaps, heads_known)
                        space_gaps(raw, tp, start, body, bbox, space, gaps, known)
                        before = None
                    else:
                        if len(gaps) > k0 and _headings_over(before, by0, by1) and _bold_line(out, before):
                            # a row parted into cells right under a line of one text object in
                            # bold: its column headings set in one (`Groups Foreign turnover
                            # ...`), their blanks looked for too (see space_gaps)
                            space_gaps(raw, tp, *before, space, gaps, heads_known)
                        # headings over figures to come: set in several objects too
                        before, heads_known = (start, body, bbox), gaps[k0:]
                    if len(gaps) > k0:  # (a row right under it is looked at: see below)
                        spaced, spaced_gaps = bbox, gaps[k0:]
                elif pieces is None and spaced is not None and wrapped_cell(bbox, spaced, spaced_gaps, words):
                    # a cell's text wrapped onto a line of its own under the row: the row's
                    # table goes on under it (its next row is read as if right under the row)
                    spaced = Box(spaced.x0, spaced.y0, spaced.x1, by1)
                elif pieces is None and gaps is not None and len(gaps) < MAX_GAPS and " " in words:
                    k_line = len(gaps)
                    spread = (bx1 - bx0) / max((by1 - by0) * len(words), 1e-9)
                    wide = spread > SPACED_LINE
                    # a long line spread wider than running text, not set in a monospaced face
                    # (code, whose characters are that wide): a row of wordy cells
                    long = len(words) >= SPACED_CHARS and spread > LONG_SPACED_LINE and not (out and out[-1].mono)
                    # a row right under a row whose gaps were found: the next row of its table,
                    # however densely its cells fill it (ranges of amounts) and figures or not,
                    # when its blanks are a table's (UNDER_GAP line heights wide at least, or
                    # in line with a blank of the row above: a LaTeX table's column gap); or
                    # right under a line spread out whose blanks were kept back (see below)
                    close = spaced is not None and (
                        0 <= by0 - spaced.y1 <= by1 - by0 or beside_cell(bbox, spaced, spaced_gaps)
                    )
                    held = (
                        pending is not None
                        and pending[0] == seen - 1
                        and 0 <= by0 - pending[1].y1 <= HELD_GAP * (by1 - by0)
                    )
                    prior = spaced_gaps if close else pending[2] if held and pending is not None else []
                    under = not wide and (close or held)
                    if under or long or (wide and any(ch.isdigit() for ch in words)):
                        headed = wide and _headings_over(before, by0, by1)
                        if headed and before is not None:
                            # The line above (a table's column headings, whose words fill more
                            # of their width than the figures under them, a blank line between
                            # them at most) is looked at too.
                            space_gaps(raw, tp, *before, space, gaps, heads_known)
                        k0 = len(gaps)
                        space_gaps(raw, tp, start, body, bbox, space, gaps)
                        if under:
                            wide_enough = UNDER_GAP * (by1 - by0) if close else inf
                            gaps[k0:] = [g for g in gaps[k0:] if g.width >= wide_enough or in_line(g, prior)]
                        if held and not close and not headed and any(in_line(g, prior) for g in gaps[k0:]):
                            gaps[k0:k0] = prior  # the blanks kept back: a table's after all
                            k0 += len(prior)
                        if len(gaps) > k0:
                            spaced, spaced_gaps = bbox, gaps[k0:]
                        elif close and spaced is not None and own_cell(bbox, spaced, spaced_gaps):
                            spaced = union((spaced, bbox))  # a cell set alone: the table goes on
                        elif held and pending is not None and first_cell(bbox, pending[1], prior):
                            # a group's label set alone under headings whose blanks were kept
                            # back (a shaded row spanning the table): they wait on for the row
                            # under it
                            above = pending[1]
                            pending = (seen, Box(above.x0, above.y0, above.x1, by1), prior)
                            spaced, spaced_gaps = None, []
                        else:
                            spaced, spaced_gaps = None, []
                        if spaced_gaps and not under and chain and 0 <= by0 - chain[-1][2].y1 <= by1 - by0:
                            # a table's first row found: its rows and headings right over it too
                            # (the line right over it looked at as its headings already)
                            over = chain[:-1] if headed and chain[-1] == before else chain
                            rows_over(raw, tp, over, spaced_gaps, space, gaps, UNDER_GAP)
                        before = None
                    elif wide:
                        # spread out but no figure in it (a table's names, its column headings):
                        # its blanks (two line heights wide, the first time) are a table's when
                        # the line right over it is one too, its blanks in line with them, or
                        # the line right under it (kept back till then)
                        found: list[Box] = []
                        space_gaps(raw, tp, start, body, bbox, space, found)
                        if not close:
                            found = [g for g in found if g.width >= UNDER_GAP * (by1 - by0)]
                        if any(in_line(g, prior) for g in found):
                            if not close:
                                gaps.extend(prior)
                            gaps.extend(found)
                            spaced, spaced_gaps, pending = bbox, found, None
                            before, heads_known = (start, body, bbox), found
                        else:
                            spaced, pending = None, (seen, bbox, found) if found else None
                            before, heads_known = (start, body, bbox), []
                    elif spaced is not None and beside_row(bbox, spaced):
                        # a cell of the row set as a line beside it: the table goes on under both
                        spaced = Box(spaced.x0, spaced.y0, max(spaced.x1, bx1), max(spaced.y1, by1))
                    else:
                        before, heads_known, spaced = (start, body, bbox), [], None
                    if len(gaps) > k_line:
                        chain = []
                    elif chain and 0 <= by0 - chain[-1][2].y1 <= by1 - by0:
                        chain.append((start, body, bbox))
                    else:
                        chain = [(start, body, bbox)]
                if pieces is None and spaced is None and gaps is not None and len(out) > 1:
                    spaced, spaced_gaps = beside_heads(out) or (None, [])
            start = end + 1
        if hung and gaps is not None:
            gaps.extend(alone_on_row(hung, out))
        return out, margin
    # Rare: the text API inserted or dropped chars, so indexes do not line up. Read per rect.
    rc = count_rects(tp, 0, -1)
    rects = []
    for k in range(max(rc, 0)):
        if get_rect(tp, k, out_l, out_t, out_r, out_b):
            rects.append((left.value, top.value, right.value, bottom.value))
    lone: set[int] = set()  # the lines that are a dingbats font's glyph alone (see _with_facts)
    for lft, tpv, rgt, btm in rects:
        seg = textpage.get_text_bounded(lft, btm, rgt, tpv)
        if seg.strip():
            line = TextLine(text=seg.replace("\r\n", " ").strip(), bbox=to_box(lft, btm, rgt, tpv))
            line, glyph = _with_facts(raw, tp, line, (lft, tpv, rgt, btm), line_facts)
            if glyph:
                lone.add(len(out))
            out.append(line)
    return _split_margin(_lone_bullets(out, lone), space)


def _with_facts(
    raw: Any, tp: Any, line: TextLine, rect: tuple[float, float, float, float], line_facts: Any
) -> tuple[TextLine, bool]:
    """A line read per rect with the font facts of the characters at its rect's ends (its size,
    role; bold, monospaced and italic when both ends are), found by position: the indexes of the
    page's text do not line up with its characters here (the first one's alone when the last
    has no box, a trailing space; the middle one's when neither has). Without any, as read. And
    whether the line is one glyph of a font of dingbats read as its code's letter (see
    LineFonts.lone_bullet): a bullet when it opens its row (see _lone_bullets)."""
    lft, tpv, rgt, btm = rect
    y, inset = (tpv + btm) / 2, min(1.0, (rgt - lft) / 4)

    def at(x: float) -> int:
        return int(raw.FPDFText_GetCharIndexAtPos(tp, ctypes.c_double(x), ctypes.c_double(y), 1.0, 1.0))

    first = at(lft + inset)
    if first < 0:
        first = at((lft + rgt) / 2)
    if first < 0:
        return line, False
    last = at(rgt - inset)
    last = first if last < 0 else last
    size, bold, mono, italic, role = line_facts(raw, first)
    _, bold_end, mono_end, italic_end, _ = line_facts(raw, last)
    fonts = line_fonts(line_facts)
    glyph = len(line.text) == 1 and fonts is not None and fonts.lone_bullet(raw, first, line.text)
    return TextLine(
        line.text, line.bbox, size, bold and bold_end, mono and mono_end, role, italic and italic_end
    ), glyph


def _lone_bullets(lines: list[TextLine], lone: set[int]) -> list[TextLine]:
    """The dingbats glyphs read on lines of their own (``lone``: their positions in ``lines``)
    that open their row, no text left of them on it, as ``•``; one after text on its row (an
    arrow between two statements) keeps the text it was read with."""
    out = list(lines)
    for k in lone:
        b = lines[k].bbox
        if not any(o.bbox.x1 <= b.x0 and o.bbox.y0 < b.y1 and o.bbox.y1 > b.y0 for j, o in enumerate(lines) if j != k):
            out[k] = evolve(lines[k], text="\u2022")
    return out


def _headings_over(before: tuple[int, str, Box] | None, y0: float, y1: float) -> TypeGuard[tuple[int, str, Box]]:
    """The last line not looked at for gaps (``before``) stands over the row at ``y0``..``y1``
    with a blank line between them at most (HEADINGS_GAP row heights): its column headings."""
    return before is not None and 0 <= y0 - before[2].y1 <= HEADINGS_GAP * (y1 - y0)


def _bold_line(out: list[TextLine], line: tuple[int, str, Box]) -> bool:
    """The line read before the last (``out[-2]``: the last is the row under it) is ``line``'s,
    in bold."""
    return len(out) >= 2 and out[-2].bold and out[-2].bbox == line[2]


def _parted(
    raw: Any, tp: Any, start: int, body: str, bbox: Box, to_box: Any, line_facts: Any, down: list[Box]
) -> list[TextLine] | None:
    """``parted`` for a line some vertical rule crosses (a cheap test on boxes first)."""
    if not any(bbox.x0 < r.x0 and r.x1 < bbox.x1 and r.y0 <= bbox.y0 and bbox.y1 <= r.y1 for r in down):
        return None
    return parted(raw, tp, start, body, bbox, to_box, line_facts, down)


def _char_bounds(
    raw: Any, tp: Any, start: int, count: int, fallback: tuple[float, float, float, float]
) -> tuple[float, float, float, float]:
    """A line's bounds from its characters when pdfium's line rects are empty or flat.

    Fonts without glyph boxes (non-embedded CJK fonts, vertical writing) give zero-height
    rects. Each character then counts with its tight box where that has extent, else with its
    loose box (font ascent and descent), per axis.
    """
    box = ctypes.c_double(), ctypes.c_double(), ctypes.c_double(), ctypes.c_double()
    loose = raw.FS_RECTF()
    x0 = y0 = float("inf")
    x1 = y1 = float("-inf")
    for i in range(start, start + count):
        if not raw.FPDFText_GetCharBox(tp, i, *box):
            continue
        lft, rgt, btm, top = (v.value for v in box)
        if rgt <= lft or top <= btm:
            if not raw.FPDFText_GetLooseCharBox(tp, i, loose):
                continue
            if rgt <= lft:
                lft, rgt = loose.left, loose.right
            if top <= btm:
                btm, top = loose.bottom, loose.top
        if rgt <= lft and top <= btm:
            continue  # a generated space or line break: no extent at all
        x0, x1 = min(x0, lft), max(x1, rgt)
        y0, y1 = min(y0, btm), max(y1, top)
    if x0 == float("inf") or x1 <= x0 or y1 <= y0:
        return fallback
    return x0, y0, x1, y1


#: A spread-out line's blanks kept back (column headings) wait for a row at most this many of
#: its heights under them (a ruling under the headings, padded, sets the first row further
#: down than the rows are set from each other).
HELD_GAP = 1.5
#: The line of column headings looked at with the first spaced row under it is at most this
#: many line heights above it (one blank line between them, as typewritten tables set it).
HEADINGS_GAP = 2.5
#: A line drawn as one text object is looked at for gaps between its words when it holds a
#: figure and is this many line heights wide per character or more (about twice as wide as
#: running text: a row of a table set without rules, whose cells the producer spaced apart
#: inside one text object; words alone spread that wide are justified text in a narrow column).
SPACED_LINE = 0.75
#: A line of this many characters at least is looked at, figures or not, when it is this many
#: line heights wide per character (a table's row of two wordy cells, the blank between them
#: inside one text object; a line of a narrow justified column, spread as wide, holds far fewer
#: characters, and a short line's one wide blank, a section's number and its title, spreads
#: it as much).
SPACED_CHARS = 40
LONG_SPACED_LINE = 0.65
#: A line of one text object right under one whose gaps were found is looked at too, however
#: densely its words fill it; its gaps this many line heights wide at least are kept.
UNDER_GAP = 2.0
