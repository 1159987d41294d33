"""A table's glyphs into lines, words and cells (segments): the first step of reading it
(:mod:`adapters._table_layout` reads the rows and columns from these lines). Pure geometry, no
engine.

A glyph drawn again over itself (fake bold: the same letter overprinted at nearly the same
place) counts once. Lines are glyphs sharing a baseline band; words split at spaces and gaps;
*segments* (cell texts) split at wide gaps, at dot leaders and between two figures. Dot leaders
(``Revenue . . . . . 12``) are removed: they lead the eye to a column, they are not one. A lone
currency sign joins the figure (or the dash for none) after it, a lone closing parenthesis or
percent sign the figure before it (``$ 6,509``, ``$ --``, ``(1,266)``).
"""

from __future__ import annotations

import itertools
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

#: Glyphs with the same text whose boxes are offset by less than this share of their size are
#: one glyph drawn twice (fake bold, shadowed text).
OVERPRINT = 0.3
#: A gap of this many ems between two glyphs without a space starts a new word ...
WORD_GAP = 0.2
#: ... and a gap this wide between words starts a new cell (segment) ...
SEGMENT_GAP = 0.8
#: ... as does a gap this wide between two figures ("75.12 66.67").
FIGURE_GAP = 0.2
#: A dot leader: at least this many dots in a row.
LEADER_DOTS = 4
#: A vertical ruling this close (points) to the gap between two words stands in that gap.
WALL_TOL = 0.5


@dataclass(frozen=True)
class Glyph:
    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    size: float
    bold: bool = False
    #: The order it was drawn in (-1: not known).
    seq: int = -1


@dataclass(frozen=True)
class Rule:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def vertical(self) -> bool:
        return (self.y1 - self.y0) > (self.x1 - self.x0)


@dataclass
class Word:
    x0: float
    x1: float
    text: str
    size: float
    bold: bool
    #: Its glyphs' band (top, bottom; None: not known).
    y0: float | None = None
    y1: float | None = None


@dataclass
class Segment:
    x0: float
    x1: float
    text: str
    size: float
    bold: bool
    #: Its words, left to right (empty when not known).
    words: tuple[Word, ...] = ()
    #: Its own glyphs' band (None: not known; the line's band stands for it). A line gathers
    #: texts of neighbouring cells set at slightly different heights: each keeps its own.
    y0: float | None = None
    y1: float | None = None

    @property
    def numeric(self) -> bool:
        return is_figure(self.text)


@dataclass
class Line:
    y0: float
    y1: float
    size: float
    segments: list[Segment] = field(default_factory=list)

    @property
    def x0(self) -> float:
        return self.segments[0].x0

    @property
    def x1(self) -> float:
        return self.segments[-1].x1

    @property
    def bold(self) -> bool:
        return all(s.bold for s in self.segments)


_FIGURE = re.compile(r"^[(\[]?[-+−–±]?[$€£¥]?\s?[(\[]?[-+−–±]?\d[\d,.]*(?:[KMB]|bn|mn|k|m)?(?:\s?%)?[)\]]?%?\*?$")
_PLACEHOLDER = re.compile(r"^[-–—−]+$")
#: Digits grouped by spaces, one figure: a telephone number (``+351 220 555 014``), a number
#: grouped in thousands (``1 234 567``): a group of three digits after a group of up to four
#: (a sign or a bracket before it), no decimal point or comma in either, a space apart (at
#: most GROUP_GAP em).
GROUP_GAP = 0.4
_GROUP_HEAD = re.compile(r"^\+?\(?\d{1,4}\)?$")
_GROUP = re.compile(r"^\d{3}$")
#: A telephone number (or another code read in groups): its first group opens with a plus or a
#: nought (``01680 300 392``, ``+44 20 7946 0958``, ``(0131) 496 0000``), a quantity's never
#: does; its groups of two to four digits a space apart (at most GROUP_GAP em), CODE_DIGITS
#: digits in all at most.
_CODE_HEAD = re.compile(r"^(\+\d{1,3}|\(?0\d{1,5}\)?)$")
_CODE_GROUP = re.compile(r"^\d{2,4}$")
CODE_DIGITS = 15
_CURRENCY = re.compile(r"^(?:[A-Z]{0,3}[$€£¥]|[$€£¥])$")


def is_currency(text: str) -> bool:
    """``text`` is a currency's sign alone ("$", "US$", "£")."""
    return bool(_CURRENCY.match(text))


_CLOSING = re.compile(r"^[)\]%]+$")


def is_figure(text: str) -> bool:
    """An amount, a count, a percentage, a score, a tolerance: ``2,014,908``, ``(1,266)``,
    ``$0.85``, ``12.6%``, ``$1.1M``, ``±0.3``."""
    return bool(_FIGURE.match(text.strip()))


# --------------------------------------------------------------------------------------------
# Glyphs to lines, words and segments


def dedupe(glyphs: Sequence[Glyph]) -> list[Glyph]:
    """Glyphs without the copies drawn over them (same text, nearly the same place and height).
    A letter of a string drawn over another string (a figure over a cell's hidden overflow) is
    no copy where both strings set the same digit (see :func:`_own_letter`)."""
    twins: dict[int, int] = {}
    index = {id(g): i for i, g in enumerate(glyphs)}
    kept: list[Glyph] = []
    by_key: dict[tuple[str, int, int], list[Glyph]] = {}
    for i, g in enumerate(glyphs):
        if not g.text.strip():
            continue
        w = max(g.x1 - g.x0, 0.1)
        h = max(g.y1 - g.y0, 0.1)
        tol_x, tol_y = OVERPRINT * max(w, 0.3 * g.size), OVERPRINT * h
        kx, ky = int(g.x0 // 4), int(g.y0 // 4)
        twin = next(
            (
                o
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
                for o in by_key.get((g.text, kx + dx, ky + dy), ())
                # (a sliver of a glyph, cut by the region's edge, is not that glyph again)
                if abs(o.x0 - g.x0) <= tol_x and abs(o.y0 - g.y0) <= tol_y and abs(o.y1 - o.y0 - h) <= tol_y
            ),
            None,
        )
        if twin is None:
            by_key.setdefault((g.text, kx, ky), []).append(g)
        else:
            twins[i] = index[id(twin)]
    for i, g in enumerate(glyphs):
        if i not in twins or _own_letter(glyphs, i, twins):
            kept.append(g)
    return kept


def _own_letter(glyphs: Sequence[Glyph], i: int, twins: dict[int, int]) -> bool:
    """``glyphs[i]``, set on a glyph alike (``glyphs[twins[i]]``), is a letter of a string of its
    own: a letter beside it in the drawing order stands on another letter beside its twin (two
    strings drawn over one another, which share a digit there). Never when the drawing order is
    not known; a glyph drawn twice alone, or a string drawn twice, is a copy."""
    g, twin = glyphs[i], glyphs[twins[i]]
    if g.seq < 0 or twin.seq < 0:
        return False
    for step in (-1, 1):
        o = _beside(glyphs, i, step)
        t = _beside(glyphs, twins[i], step)
        if o is not None and t is not None and o.text.isalnum() and t.text.isalnum() and _on(o, t):
            return True
    return False


def _beside(glyphs: Sequence[Glyph], i: int, step: int) -> Glyph | None:
    """The glyph drawn next to ``glyphs[i]`` (before it: ``step`` -1, after it: 1), spaces
    passed over, when it stands right beside it on its baseline."""
    g = glyphs[i]
    k = i + step
    while 0 <= k < len(glyphs) and not glyphs[k].text.strip():
        k += step
    if not 0 <= k < len(glyphs):
        return None
    o = glyphs[k]
    level = abs(o.y0 - g.y0) <= OVERPRINT * max(g.y1 - g.y0, 0.1)
    touching = min(abs(o.x0 - g.x1), abs(g.x0 - o.x1)) <= WORD_GAP * max(g.size, 1.0)
    return o if level and touching else None


def _lines(glyphs: Sequence[Glyph]) -> list[list[Glyph]]:
    """Glyphs grouped into lines: a glyph joins the line whose core band (the median top and
    bottom of its glyphs so far) covers half of its height."""
    items = sorted(glyphs, key=lambda g: ((g.y0 + g.y1) / 2, g.x0))
    lines: list[tuple[float, float, list[Glyph]]] = []
    for g in items:
        h = max(g.y1 - g.y0, 0.1)
        placed = False
        for k in range(len(lines) - 1, max(-1, len(lines) - 4), -1):
            top, bottom, members = lines[k]
            if min(bottom, g.y1) - max(top, g.y0) >= 0.5 * min(h, bottom - top):
                members.append(g)
                if len(members) <= 8 or len(members) % 8 == 0:
                    lines[k] = (
                        statistics.median(m.y0 for m in members),
                        statistics.median(m.y1 for m in members),
                        members,
                    )
                placed = True
                break
        if not placed:
            lines.append((g.y0, g.y1, [g]))
    out = [sorted(m, key=lambda g: g.x0) for _, _, m in lines if any(g.text.strip() for g in m)]
    out.sort(key=lambda m: statistics.median((g.y0 + g.y1) / 2 for g in m))
    return _scripts_placed(out)


#: A glyph set this much smaller than the letter it stands against is a superscript or subscript.
SCRIPT = 0.8


def _scripts_placed(lines: list[list[Glyph]]) -> list[list[Glyph]]:
    """Lines (top down, glyphs left to right) with each superscript or subscript on the line of
    the word it is set against: a small glyph standing against a letter of a neighbouring line
    (touching its end or start, beside it in height), and against nothing on its own line, as
    a raised mark can fall into the band of the line above (``Offset#``'s ``#`` read into a
    heading above ``Offset``)."""
    moves: list[tuple[int, int, Glyph]] = []
    for i, members in enumerate(lines):
        for k, g in enumerate(members):
            # (left to right: what it stands against on its line is next to it)
            if not g.text.strip() or any(_against(g, o) for o in members[max(0, k - 2) : k] + members[k + 1 : k + 3]):
                continue
            home = next(
                (
                    j
                    for j in range(max(0, i - 2), min(len(lines), i + 3))
                    if j != i and any(g.size <= SCRIPT * o.size and _against(g, o) for o in lines[j])
                ),
                None,
            )
            if home is not None:
                moves.append((i, home, g))
    if not moves:
        return lines
    out = [list(m) for m in lines]
    for i, j, g in moves:
        out[i].remove(g)
        out[j].append(g)
    return [sorted(m, key=lambda g: g.x0) for m in out if any(g.text.strip() for g in m)]


def _against(g: Glyph, o: Glyph) -> bool:
    """``g`` stands against ``o``: they touch end to start (a fifth of an em apart at most) and
    share some of their height."""
    if not o.text.strip() or min(g.y1, o.y1) - max(g.y0, o.y0) <= 0:
        return False
    tol = WORD_GAP * max(o.size, 1.0)
    return abs(g.x0 - o.x1) <= tol or abs(o.x0 - g.x1) <= tol


def _drawn_apart(members: list[Glyph]) -> list[list[Glyph]]:
    """A line's glyphs (left to right) as the strings drawn over one another: a cell's text
    that overflows into the next cell, under that cell's own text (``Ackermann XXXX GmbH``
    under ``20 111111111``), is read as two texts instead of their letters interleaved. Only
    where letters or digits stand on letters or digits (OVERLAPPING of them or more; an accent
    or a bar over a letter is neither): the glyphs are cut into runs
    where the drawing goes back to the left, and a run whose letters stand on those of the runs
    before is a text of its own. Glyphs drawn in another order without standing on each other
    (by font, or every other letter) are one line as before; so is a line whose drawing order is
    not known."""
    letters = [g for g in members if g.text.isalnum()]
    if sum(1 for a, b in itertools.pairwise(letters) if _on(a, b)) < OVERLAPPING or any(g.seq < 0 for g in members):
        return [members]
    runs: list[list[Glyph]] = []
    for g in sorted(members, key=lambda g: g.seq):
        if runs and g.x0 >= runs[-1][-1].x0 - OVERPRINT * max(g.size, 1.0):
            runs[-1].append(g)
        else:
            runs.append([g])
    groups: list[list[Glyph]] = []
    for run in runs:
        mine = [g for g in run if g.text.isalnum()]
        home = next(
            (
                grp
                for grp in groups
                if sum(1 for g in mine if any(_on(o, g) for o in grp if o.text.isalnum())) < OVERLAPPING
                and min(g.x0 for g in run) >= max(g.x1 for g in grp) - OVERPRINT * max(run[0].size, 1.0)
            ),
            None,
        )
        if home is None or not groups:
            groups.append(list(run))
        else:
            home.extend(run)
    if len(groups) < 2:
        return [members]
    return sorted((sorted(grp, key=lambda g: g.x0) for grp in groups), key=lambda grp: grp[0].x0)


#: Letters standing on other letters that make two texts drawn over one another.
OVERLAPPING = 2


def _on(a: Glyph, b: Glyph) -> bool:
    """Two different letters standing on one another: they share more than half of the
    narrower one's width."""
    shared = min(a.x1, b.x1) - max(a.x0, b.x0)
    return a.text != b.text and shared > 0.5 * max(min(a.x1 - a.x0, b.x1 - b.x0), 0.1)


_DOTS = (".", "·", "…", "․")


def _strip_leaders(glyphs: list[Glyph]) -> list[list[Glyph]]:
    """The line cut at its dot leaders (which are dropped): four dots or more in a row, or three
    set apart (spaces between dots are part of the leader; "..." in text is not one)."""
    pieces: list[list[Glyph]] = [[]]
    i = 0
    n = len(glyphs)
    while i < n:
        g = glyphs[i]
        if g.text in _DOTS:
            j = i
            dots: list[Glyph] = []
            while j < n and (glyphs[j].text in _DOTS or not glyphs[j].text.strip()):
                if glyphs[j].text in _DOTS:
                    if dots and glyphs[j].x0 - dots[-1].x1 > 1.2 * g.size:
                        break
                    dots.append(glyphs[j])
                j += 1
            while j > i and not glyphs[j - 1].text.strip():
                j -= 1  # the spaces after the last dot separate, they do not lead
            count = sum(3 if d.text == "…" else 1 for d in dots)
            spaced = len(dots) >= 2 and dots[1].x0 - dots[0].x1 > 0.1 * g.size
            if count >= LEADER_DOTS or (count == LEADER_DOTS - 1 and spaced):
                pieces.append([])
                i = j
                continue
        pieces[-1].append(g)
        i += 1
    return [p for p in pieces if any(g.text.strip() for g in p)]


def _words(glyphs: Sequence[Glyph]) -> list[Word]:
    words: list[Word] = []
    cur: list[Glyph] = []

    def flush() -> None:
        if cur:
            words.append(
                Word(
                    cur[0].x0,
                    max(g.x1 for g in cur),
                    "".join(g.text for g in cur),
                    statistics.median(g.size for g in cur),
                    sum(g.bold for g in cur) * 2 > len(cur),
                    statistics.median(g.y0 for g in cur),
                    statistics.median(g.y1 for g in cur),
                )
            )
            cur.clear()

    letters = _next_letters(glyphs)
    for i, g in enumerate(glyphs):
        if not g.text.strip():
            if not _stray_space(glyphs, i, cur, letters):
                flush()
            continue
        if cur and (g.x0 - cur[-1].x1 > WORD_GAP * max(g.size, 1.0) or _note_mark(cur[-1], g)):
            flush()
        cur.append(g)
    flush()
    return words


#: A note's mark after a figure is set at this share of the figure's size at most, raised
#: by RAISED of the figure's size at least.
NOTE_SIZE = 0.7
RAISED = 0.25


def _note_mark(prev: Glyph, g: Glyph) -> bool:
    """``g`` is a note's mark set small and raised right after the digit ``prev`` (``750¹``):
    a word of its own, so the figure keeps its value (``273.879.750 1``, not ``273.879.7501``)."""
    return (
        g.text.isdigit()
        and prev.text.isdigit()
        and g.size <= NOTE_SIZE * prev.size
        and g.y1 <= prev.y1 - RAISED * prev.size
    )


def _next_letters(glyphs: Sequence[Glyph]) -> list[int]:
    """For each position, the index of the first glyph from there on that is not a space
    (``len(glyphs)`` when none is): one pass from the end, so a long run of spaces costs no more
    than its length."""
    n = len(glyphs)
    out = [n] * n
    nxt = n
    for k in range(n - 1, -1, -1):
        if glyphs[k].text.strip():
            nxt = k
        out[k] = nxt
    return out


def _stray_space(glyphs: Sequence[Glyph], i: int, before: Sequence[Glyph], letters: Sequence[int]) -> bool:
    """``glyphs[i]``, a space, drawn apart from the text around it (not between its neighbours
    in the drawing order) where no gap is: the letters on either side touch, so it separates
    nothing (``LE GISLATIVE`` for ``LEGISLATIVE``: a space drawn after the line, over its
    word). A space drawn in its text's own order always separates. ``letters`` is
    :func:`_next_letters` of ``glyphs``."""
    space = glyphs[i]
    j = letters[i]
    nxt = glyphs[j] if j < len(glyphs) else None
    if not before or nxt is None or min(space.seq, before[-1].seq, nxt.seq) < 0:
        return False
    left, right = before[-1], nxt
    if min(left.seq, right.seq) < space.seq < max(left.seq, right.seq):
        return False
    return right.x0 - left.x1 <= WORD_GAP * max(right.size, 1.0)


def _segments(pieces: Sequence[Sequence[Glyph]], walls: Sequence[float] = ()) -> list[Segment]:
    """The cells' texts of one line: words split at wide gaps, between two figures (not between
    groups of one figure's digits: see _GROUP, nor of a telephone number's: see _CODE_HEAD), and at a
    vertical ruling standing in the gap between two words (``walls``: the x positions of the
    rulings crossing the line), however narrow the gap: text set tight against the rulings of
    neighbouring cells stays in its own cell."""
    out: list[Segment] = []
    for piece in pieces:
        cur: list[Word] = []
        for w in _words(piece):
            if cur:
                gap = w.x0 - cur[-1].x1
                em = max(w.size, cur[-1].size, 1.0)
                before = cur[-1].text
                both_figures = (
                    is_figure(before)
                    and not before.endswith((",", ";", ":"))
                    and (is_figure(w.text) or bool(_CURRENCY.match(w.text)))
                    and not (
                        gap <= GROUP_GAP * em
                        and ((_GROUP_HEAD.match(before) and _GROUP.match(w.text)) or _code_goes_on(cur, w.text))
                    )
                )
                walled = any(cur[-1].x1 - WALL_TOL <= x <= w.x0 + WALL_TOL for x in walls)
                if walled or gap >= SEGMENT_GAP * em or (both_figures and gap >= FIGURE_GAP * em):
                    out.append(_segment(cur))
                    cur = []
            cur.append(w)
        if cur:
            out.append(_segment(cur))
    return _attach_signs(out)


def _code_goes_on(words: Sequence[Word], group: str) -> bool:
    """``group`` goes on the code that ``words`` end with: a head (see _CODE_HEAD), then groups
    of digits only."""
    if not _CODE_GROUP.match(group):
        return False
    k = len(words) - 1
    while k > 0 and not _CODE_HEAD.match(words[k].text) and _CODE_GROUP.match(words[k].text):
        k -= 1
    if not _CODE_HEAD.match(words[k].text):
        return False
    return sum(ch.isdigit() for w in words[k:] for ch in w.text) + len(group) <= CODE_DIGITS


def figure_span(seg: Segment) -> tuple[float, float]:
    """Where ``seg`` stands as a cell of its column: its figure's extent when it is a figure (or
    a dash for none) after a currency sign set apart (``$`` ... ``(44,624)``: the sign stands at the column's
    left while the figures stand right-aligned under one another), else its own."""
    words = seg.words
    if len(words) >= 2 and _CURRENCY.match(words[0].text) and _amount(" ".join(w.text for w in words[1:])):
        return words[1].x0, seg.x1
    return seg.x0, seg.x1


def segment_of(words: Sequence[Word]) -> Segment:
    """The cell text of ``words`` (one or more, left to right)."""
    return _segment(words)


def _segment(words: Sequence[Word]) -> Segment:
    text = words[0].text
    for w in words[1:]:
        # A closing parenthesis set apart from its figure ("(1,266 )") closes it.
        text += w.text if _CLOSING.match(w.text) and is_figure(text.split()[-1] + w.text) else f" {w.text}"
    tops = [w.y0 for w in words if w.y0 is not None]
    bottoms = [w.y1 for w in words if w.y1 is not None]
    return Segment(
        words[0].x0,
        words[-1].x1,
        text,
        statistics.median(w.size for w in words),
        all(w.bold for w in words),
        tuple(words),
        min(tops) if len(tops) == len(words) else None,
        max(bottoms) if len(bottoms) == len(words) else None,
    )


def _band(a: Segment, b: Segment) -> tuple[float | None, float | None]:
    """The band of ``a`` and ``b`` joined (None when either's is not known)."""
    if a.y0 is None or a.y1 is None or b.y0 is None or b.y1 is None:
        return None, None
    return min(a.y0, b.y0), max(a.y1, b.y1)


def _amount(text: str) -> bool:
    """A figure, or a dash standing for none (``$ --``: nil)."""
    return is_figure(text) or bool(_PLACEHOLDER.match(text.strip()))


def _attach_signs(segs: list[Segment]) -> list[Segment]:
    """A lone currency sign joins the figure (or the dash for none) after it, unless it closes a
    year's column heading (:func:`_closes_before`); a lone ``)`` or ``%`` the figure before."""
    out: list[Segment] = []
    i = 0
    while i < len(segs):
        s = segs[i]
        if _CURRENCY.match(s.text) and out and _closes_before(out[-1], s, segs[i + 1] if i + 1 < len(segs) else None):
            prev = out[-1]
            out[-1] = Segment(
                prev.x0, s.x1, f"{prev.text} {s.text}", prev.size, prev.bold, prev.words + s.words, *_band(prev, s)
            )
            i += 1
            continue
        if _CURRENCY.match(s.text) and i + 1 < len(segs) and _amount(segs[i + 1].text):
            nxt = segs[i + 1]
            out.append(
                Segment(s.x0, nxt.x1, f"{s.text} {nxt.text}", nxt.size, nxt.bold, s.words + nxt.words, *_band(s, nxt))
            )
            i += 2
            continue
        if _CLOSING.match(s.text) and out and is_figure(out[-1].text + s.text):
            prev = out[-1]
            # (words: not split)
            out[-1] = Segment(prev.x0, s.x1, prev.text + s.text, prev.size, prev.bold, (), *_band(prev, s))
            i += 1
            continue
        out.append(s)
        i += 1
    return out


def _closes_before(before: Segment, sign: Segment, after: Segment | None) -> bool:
    """``sign`` (a currency's, alone) closes a year's column heading (``2025 £``): a space after
    the year (SIGN_SPACE ems at most), a cell's gap before ``after`` or at the line's end. (One
    after an amount is the next column's, set at its left: ``$ 30,000 $ 15,000``.)"""
    em = max(sign.size, 1.0)
    if not _YEAR.match(before.text.rsplit(" ", 1)[-1]) or sign.x0 - before.x1 > SIGN_SPACE * em:
        return False
    return after is None or after.x0 - sign.x1 >= SEGMENT_GAP * em


#: A year (a column's heading in accounts), and how far (ems) a sign closing it stands after it.
_YEAR, SIGN_SPACE = re.compile(r"^(?:19|20)\d\d$"), 0.5


def build_lines(glyphs: Sequence[Glyph], rules: Sequence[Rule] = ()) -> list[Line]:
    uprights = [r for r in rules if r.vertical]
    lines = []
    for members in _lines(dedupe(glyphs)):
        y0 = statistics.median(g.y0 for g in members)
        y1 = statistics.median(g.y1 for g in members)
        walls = [(r.x0 + r.x1) / 2 for r in uprights if r.y0 <= (y0 + y1) / 2 <= r.y1]
        segs = _segments([p for run in _drawn_apart(members) for p in _strip_leaders(run)], walls)
        if not segs:
            continue
        lines.append(Line(y0, y1, statistics.median(g.size for g in members), segs))
    return lines
