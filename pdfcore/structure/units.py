"""Rows grouped into units: one paragraph, heading, list item or code block each.

The layout's blocks end at vertical gaps, size changes and column jumps. Typeset text often
sets paragraphs without a gap (a first-line indent, or a short last line, tells where one ends)
and a heading right above its text; so each block's rows are cut again here, between two rows
when (in order of the checks in :func:`_breaks`):

- the tagged roles differ (a heading, a list, a table, a caption, code, a note);
- the size changes by more than SIZE_STEP (the size the row above ends in too, where a line's
  size changes along it: a form's 9 pt label and the 11 pt answer after it go on on the row
  below in 11 pt), or the face turns monospaced or back (but for one word set in it on a row of
  its own at a hanging item's indent, or the row after it: a reference's web address);
- the face turns bold or back (a row is bold when it is bold from its first character to its
  last: a bold first word or a run-in heading does not make it bold), unless a bold row of
  running text leaves its sentence open with no room for the first word of the row below,
  which goes on in lower case (a bold label over two rows, set ragged, whose second row holds
  its end and the regular text after it);
- the row starts a list item (a bullet, or a number or letter and a period or parenthesis;
  not inside a paragraph under a row of running text that runs on to the right margin with
  its sentence open, the row below not set in: a sentence wrapped before "3. Table 2 ..."),
  but not a dash set close to a lowercase word under a row that leaves its sentence open (an
  aside set on the next row: "... into the track" over "—existing notes ...") unless the row
  above is a dash's item too;
- the row above ends short: the first word of the row would have fit on it (the last row of a
  paragraph), except between centred rows (a centred title's rows are all short); a row that
  leaves its sentence open needs OPEN_SLACK times the word's width free (text set ragged
  right breaks a row with a little room left, the word's true width unknown), and a row of
  running text is not short when the row below, as long in words, ends where it does (both run
  to a nearer margin: text set around a figure); a row ending with a word broken at a hyphen
  (pdfium's mark or a soft hyphen) is never short;
- the row and the row above each open with a field's label (``Principal investigator: ...``
  over ``Reporting period: ...``), outside a list item;
- the row starts with a first-line indent under a row that does not, or is back at the margin
  after two rows or more set in from it (a block quote ends), unless the row above, running
  text, runs on to the right margin with its sentence open (text set around a figure on its
  left goes on under it); or it starts left of the margin most of the block's rows share, under
  a row at that margin that closes its sentence (a sentence after a list whose bullets the text
  layer lost, the list's last item one row: a first-line indent is set in, not out);
- inside a list item, a row back at the item's marker without one ends the item, unless the
  row above ran to the right margin (items wrapping to the margin); a row left of the marker
  goes on only in a paragraph opening with a label, wrapped to the margin (see ``_breaks``);
- in a book's index, a row ending with page references ends its entry (see index_rows.py).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from pdfcore.geometry import shared_edge
from pdfcore.layout.hyphens import Lexicon
from pdfcore.structure.clauses import hung_in_clause, next_clause
from pdfcore.structure.index_rows import entry_closed, entry_ends, entry_heads, entry_wraps, index_block
from pdfcore.structure.letterhead import contact_details
from pdfcore.structure.markers import BULLET_SET, CLOSING, NOTE_AFTER_STOP, goes_on, list_marker
from pdfcore.structure.narrow_hang import narrow_hang_starts
from pdfcore.structure.rows import Row
from pdfcore.structure.unit import Unit

#: A size change larger than this share starts a new unit.
SIZE_STEP = 0.12
#: A row whose left edge is this many em right of the block's margin (and at most
#: INDENT_MAX em) has a first-line indent.
INDENT_MIN = 0.8
INDENT_MAX = 6.0
#: Space above a paragraph wider than the space between its rows by this many em, at least.
PARAGRAPH_SPACE = 0.4
#: Two rows are centred when their centres are within this many points of each other.
CENTRE_PT = 3.0
#: Edges within this many points are aligned.
ALIGN_PT = 2.0
#: A row leaving its sentence open ends short only when the room left on it is this many times
#: the next row's first word (and a space) at the row's average character width (0.9 for a row
#: closing its sentence).
OPEN_SLACK = 1.15
#: A row of this many words or more is running text (see OPEN_SLACK).
PROSE_ROW_WORDS = 7
#: Two rows ending this close (points) are set flush right, however many their words (see _ragged_left).
FLUSH_RIGHT_PT = 0.5

#: A row starts a list item whose marker was lost when the row below it is set in by this many
#: em (a hanging indent).
HANG_MIN = 0.5
HANG_MAX = 3.0
#: The marker of such an item while rows are cut (never in the text).
HANGING = "\u2063"
#: Dashes that mark list items, or open an aside set close to its first word ("—existing").
_DASHES = frozenset("–—")
#: A letter closed by a period: an item's marker ("B.") or a name's initial ("D. Brandeis").
_INITIAL = re.compile(r"^[A-Za-z]\.$")
#: A number as a row's first word (digits, with thousands or decimal separators).
_NUMBER = re.compile(r"\d[\d.,]*")
#: A row ending with dot leaders and a page number or figure ("Chapter 1 ..... 2", a price:
#: "Wild garlic soup . . . . . 6.50") is complete.
_LEADER_END = re.compile(r"(?:(?:\.\s?){4,}|…)\s*(?:[\divxlcIVXLC]{1,5}|[—–]|[$€£]?\d[\d,.]*\d)$")
#: A run-in label in capitals starting a row ("DATES: The FAA must ..."): after a row of three
#: words or more that closed its sentence, it starts a paragraph.
_RUN_IN_LABEL = re.compile(r"[A-Z]{2,}(?: [A-Z]{2,}){0,3}: ")
#: A field's label opening a row: a capitalised word and at most two more, or a figure (a time
#: of day, "7.30am", a year), a colon, its value.
_FIELD = re.compile(r"(?:[A-Z][\w’'-]*(?: [\w’'-]+){0,2}|\d[\w.’'-]*): \S")


def split_units(
    rows: Sequence[Row],
    join_hyphenation: bool = True,
    lexicon: Lexicon | None = None,
    starts: frozenset[int] = frozenset(),
) -> list[Unit]:
    """The page's rows (in reading order) cut into units (``lexicon``: see :func:`join_rows`);
    a row whose id is in ``starts`` starts a unit (the first under a table taken out of its
    block)."""
    units: list[Unit] = []
    start = 0
    n = len(rows)
    index_page = index_block(rows)  # a page of a book's index: its short blocks are index too
    while start < n:
        end = start + 1
        block = rows[start].block
        while end < n and rows[end].block == block:
            end += 1
        if end - start == 1 and not index_page:
            units.append(Unit([rows[start]], join_hyphenation, lexicon))
        else:
            units.extend(_split_block(rows[start:end], join_hyphenation, lexicon, index_page, starts))
        start = end
    return units


def _split_block(
    rows: Sequence[Row],
    join_hyphenation: bool,
    lexicon: Lexicon | None,
    index_page: bool = False,
    starts: frozenset[int] = frozenset(),
) -> list[Unit]:
    xs = [r.x0 for r in rows]
    left = shared_edge(xs, ALIGN_PT)
    right = max(r.x1 for r in rows)
    centre = (min(xs) + right) / 2
    units: list[Unit] = []
    current: list[Row] = []
    marker_x = text_x = 0.0
    in_item = wrapped = False
    markers = [list_marker(r.text) for r in rows]
    for k in range(1, len(rows)):
        m = markers[k]
        if len(m) == 2 and _INITIAL.match(m) and _runs_on(rows[k - 1], right):
            markers[k] = ""  # "... Louis" / "D. Brandeis, ...": a name's initial, not item D.
        elif (
            m in _DASHES
            and rows[k].text[1:2].islower()
            and markers[k - 1] not in _DASHES
            and not rows[k - 1].text.endswith(CLOSING)
        ):
            markers[k] = ""  # "... into the track" / "—existing notes ...": an aside, not an item
    ragged = _ragged_left(rows)
    for k in range(len(rows) - 1 if not ragged else 0):
        # (a hanging indent sets the row below to the right: most rows below are not)
        if not markers[k] and rows[k + 1].x0 > rows[k].x0 and _hangs(rows[k], rows[k + 1], right):
            # (none after a closed sentence where the row set in runs on into one back at the margin)
            back = k + 2 < len(rows) and abs(rows[k + 2].x0 - rows[k].x0) <= ALIGN_PT
            indent = back and rows[k].text.endswith(CLOSING) and _runs_on(rows[k + 1], right)
            markers[k] = "" if indent else HANGING
    for k in narrow_hang_starts(rows, HANG_MIN) if not ragged else ():
        if not markers[k]:
            markers[k] = HANGING  # a list hanging its rows by less (see narrow_hang.py)
    # a book's index: a row ending with page references ends its entry
    index = index_block(rows, on_index_page=index_page)
    heads: set[int] = set()  # rows under a head entry that closes none with no colon
    for k in range(len(rows) - 1) if index else ():
        if not markers[k] and rows[k + 1].x0 > rows[k].x0 + ALIGN_PT and entry_wraps(rows[k], rows[k + 1]):
            if _ends_short(rows[k], rows[k + 1], right) and entry_heads(rows[k], rows[k + 1]):
                # the first word of the row below would have fit on this one: no wrap, a head
                # entry over its first sub-entry ("Abbildung" over "affine, 107",
                # "peer-to-peer file sharing (cont.)" over "four types of, 68–69")
                heads.add(k + 1)
            else:
                markers[k] = HANGING  # an entry wrapped to a deeper indent ("... balanced with fair")
    opened: list[str] = []  # the marker of each unit's first row
    opened_at: list[float] = []  # and where that row starts
    counted = _bare_counted(rows)
    for k, row in enumerate(rows):
        m = markers[k]
        if (
            m
            and current
            and m[0] not in BULLET_SET
            and m != HANGING
            and (not in_item or (row.x0 < marker_x - ALIGN_PT and opened[-1] != HANGING))
        ):
            prev = current[-1]
            hangs = k + 1 < len(rows) and rows[k + 1].x0 > row.x0 + ALIGN_PT  # an item's text indent
            # (the next of the lettering or roman numbering its unit opened with is an item:
            # "(i) ... for the hosting platform; and" / "(ii) the response times ...", two
            # items of a row each, the first the wider of the two)
            if (
                not hangs
                and _runs_on(prev, right)
                and _prose(prev)
                and not goes_on(opened[-1], m)
                and not _counts_on(opened, opened_at, m, row.x0)
            ):
                # "... compare with the approach described in case" / "3. Table 2 gives ...":
                # running text wrapped before a number or letter, inside a paragraph (or an
                # item set in, wrapped to the margin left of its marker: "subsection (f) or" /
                # "(g) of Rule 164 ...")
                markers[k] = ""
        if current and (
            id(row) in starts
            or k in counted
            or (index and (k in heads or entry_ends(current, row)))
            or (in_item and not index and _paragraph_after_item(rows, k, marker_x))
            or _breaks(
                current[-1],
                row,
                markers[k],
                left,
                right,
                centre,
                in_item,
                marker_x,
                text_x,
                len(current) == 1,
                ragged,
                hanging=opened[-1] == HANGING,
                wrapped=wrapped,
            )
        ):
            units.append(Unit(current, join_hyphenation, lexicon))
            current = []
        if not current:
            marker = markers[k]
            opened.append(marker)
            opened_at.append(row.x0)
            in_item = bool(marker)
            marker_x = row.x0
            wrapped = False  # whether a row of the unit went back left of its marker
            if marker == HANGING:
                text_x = rows[k + 1].x0
            else:
                text_x = row.x0 + _width_of(row, len(marker) + 1) if marker else row.x0
        current.append(row)
        wrapped = wrapped or row.x0 < marker_x - ALIGN_PT
    if current:
        units.append(Unit(current, join_hyphenation, lexicon))
    for u, marker in zip(units, opened, strict=True):
        u.hanging = marker == HANGING and len(u.rows) > 1
        u.closed = index and entry_closed(u.rows)
        u.entry = index
    return units


#: A number without a stop opening a row, then a word with a capital.
_BARE_ITEM = re.compile(r"(\d{1,2})\s+[A-Z][a-z]")


#: A number opening an item ("9.", "(9)", "9)").
_NUMBER_MARKER = re.compile(r"^\(?(\d{1,3})[.)]$")


def _counts_on(opened: Sequence[str], opened_at: Sequence[float], marker: str, x: float) -> bool:
    """``marker`` is the number after that of an item opened earlier in the block at ``x``: the
    list goes on there after items nested under that one (``8. Motions received:``, its
    ``a)`` and ``b)`` set in, then ``9. Any other business``), whatever the row above it."""
    m = _NUMBER_MARKER.match(marker)
    if m is None:
        return False
    before = f"{int(m[1]) - 1}"
    return any(
        abs(at - x) <= ALIGN_PT and (n := _NUMBER_MARKER.match(o)) is not None and n[1] == before
        for o, at in zip(opened, opened_at, strict=True)
    )


def _bare_counted(rows: Sequence[Row]) -> set[int]:
    """Rows opening an item numbered without a stop (``3 Pull out the small emergency drain
    hose ...``) under the row that opened the item one less, at its left edge, the row above
    closing a sentence: a list numbered with white figures on drawn squares, its items of one
    row each read as one paragraph where the rows run to the margin."""
    out: set[int] = set()
    opened: dict[int, float] = {}  # number -> left edge of the row opening its item
    for k, row in enumerate(rows):
        m = _BARE_ITEM.match(row.text)
        if m is None:
            continue
        n = int(m.group(1))
        if n == 1:
            opened = {1: row.x0}
        elif (
            abs(opened.get(n - 1, -1e9) - row.x0) <= ALIGN_PT and k > 0 and rows[k - 1].text.rstrip().endswith(CLOSING)
        ):
            opened[n] = row.x0
            out.add(k)
    return out


def _paragraph_after_item(rows: Sequence[Row], k: int, marker_x: float) -> bool:
    """Row ``k`` opens the paragraph after a list item, its first-line indent where the item's
    text is set: the item's last row closes its sentence (a note's number after it maybe), the row
    under ``k`` goes back left of the item's marker, ``k`` set in from it by a paragraph's indent,
    and the space above ``k`` is wider than the space under it (an item runs on without it)."""
    if k == 0 or k + 1 >= len(rows):
        return False
    prev, row, below = rows[k - 1], rows[k], rows[k + 1]
    em = row.size if row.size > 0 else max(row.height * 0.8, 1.0)
    if below.x0 >= marker_x - ALIGN_PT or not INDENT_MIN * em <= row.x0 - below.x0 <= INDENT_MAX * em:
        return False
    if not (prev.text.endswith(CLOSING) or NOTE_AFTER_STOP.search(prev.text)):
        return False
    return (row.y0 - prev.y1) - (below.y0 - row.y1) > PARAGRAPH_SPACE * em


def _runs_on(row: Row, right: float) -> bool:
    """``row`` runs to the right margin and leaves its sentence open: the row below goes on
    with it. (Such a row never ends short: see :func:`_ends_short`.)"""
    return right - row.x1 <= ALIGN_PT and not row.text.endswith(CLOSING)


def _fills(prev: Row, row: Row, right: float) -> bool:
    """``prev`` leaves its sentence open and the first word of ``row`` would not have fit on it
    (a bold label set ragged right that wraps to a second row)."""
    return not prev.text.endswith(CLOSING) and not _ends_short(prev, row, right, OPEN_SLACK)


def _ragged_left(rows: Sequence[Row]) -> bool:
    """The block is set flush right and ragged left (a cover's column of names against the right
    margin): three rows or more end within half an em of each other and start at three places
    or more, or two short rows (of fewer than PROSE_ROW_WORDS words, the lower one closing no
    sentence) end within ALIGN_PT of each other and start apart (a cover's label, "NIST Internal
    Report" over "NIST IR 8425A"; the last row of a paragraph or list item of running text ends
    where the row above does only by chance, and mostly closes its sentence; two rows of more
    words end within FLUSH_RIGHT_PT: a letterhead's address set against the right margin). A row
    set in from the one above there is no hanging indent."""
    if len(rows) == 2:
        a, b = rows
        return (
            abs(a.x1 - b.x1) <= ALIGN_PT
            and abs(a.x0 - b.x0) > ALIGN_PT
            and not b.text.endswith(CLOSING)
            and (all(len(r.text.split()) < PROSE_ROW_WORDS for r in rows) or abs(a.x1 - b.x1) <= FLUSH_RIGHT_PT)
        )
    if len(rows) < 3:
        return False
    em = max((r.size for r in rows), default=0.0) or max(r.height for r in rows) * 0.8
    ends = [r.x1 for r in rows]
    if max(ends) - min(ends) > 0.5 * em:
        return False
    starts = sorted(r.x0 for r in rows)
    places = 1 + sum(1 for a, b in itertools.pairwise(starts) if b - a > ALIGN_PT)
    return places >= 3


def _hangs(row: Row, below: Row, right: float) -> bool:
    """``row`` starts a list item whose marker the text layer lost (a bullet glyph without
    Unicode): it runs on to the row below, set in from it by a hanging indent."""
    em = row.size if row.size > 0 else max(row.height * 0.8, 1.0)
    step = below.x0 - row.x0
    if not HANG_MIN * em <= step <= HANG_MAX * em or _ends_short(row, below, right):
        return False
    if row.x1 - below.x1 > ALIGN_PT and abs((row.x0 + row.x1) - (below.x0 + below.x1)) / 2 < CENTRE_PT:
        return False  # centred rows (a column head over two rows), narrower on both sides
    # not the last row of a paragraph above the first-line indent of the next one (a sentence
    # closed, a note's number after it maybe): an item's first row runs on mid-sentence
    closed = row.text.endswith(CLOSING) or NOTE_AFTER_STOP.search(row.text) is not None
    return not closed or below.text[:1].islower()


#: A row ending this share of its block's width or less short of the right edge is nearly full.
NEARLY_FULL = 0.1


def _breaks(
    prev: Row,
    row: Row,
    marker: str,
    left: float,
    right: float,
    centre: float,
    in_item: bool,
    marker_x: float,
    text_x: float,
    first_row: bool = False,
    ragged: bool = False,
    hanging: bool = False,
    wrapped: bool = False,
) -> bool:
    # the checks run from the cheapest; those that need the words of a row (is it running
    # text?) only where the answer depends on them
    if prev.role != row.role and prev.role and row.role and _role_group(prev.role) != _role_group(row.role):
        return True  # (a row the structure tree leaves out tells nothing: its place decides)
    big = row.size if row.size > prev.size else prev.size
    if big > 0 and abs(prev.size - row.size) > SIZE_STEP * big and _size_step(prev.end_size, row.size):
        return True
    if marker:
        return True
    if next_clause(prev.text, row.text):
        return True
    if prev.mono != row.mono and not (hanging and abs(row.x0 - text_x) <= ALIGN_PT and _one_word(prev, row)):
        return True  # (a hanging item's address set in a typewriter face on a row of its own goes on)
    above = prev.text
    if ends_in_leaders(above) or (_RUN_IN_LABEL.match(row.text) and above.endswith(CLOSING) and above.count(" ") >= 2):
        return True  # (a label not after a caption's label alone: "Table II." over "MANOVA: Effect")
    if prev.bold != row.bold and not (
        prev.bold and row.text[:1].islower() and _fills(prev, row, right) and _prose(prev)
    ):
        return True
    short = (
        right - prev.x1 > ALIGN_PT  # else the row runs to the margin: never short
        and not prev.ends  # a word broken at the row's end goes on on the next row
        and not (prev.bold and row.bold and not prev.text.endswith(CLOSING))  # a bold heading set ragged
        and _ends_short_in_block(prev, row, right)
    )
    if in_item:
        # a row at the item's text indent continues it, and so does one set in from the marker
        # under a row nearly full that leaves its sentence open (a list whose rows wrap left of
        # the first row's text); one back at the marker ends it, unless the item wraps to the
        # margin (then the row above ran to the right edge)
        if row.x0 >= text_x - ALIGN_PT or not (short or row.x0 < marker_x - ALIGN_PT):
            return False
        nearly_full = right - prev.x1 <= NEARLY_FULL * (right - left)
        if row.x0 > marker_x + ALIGN_PT and nearly_full and not prev.text.endswith(CLOSING):
            return False
        # Left of the marker: a paragraph opening with a label, its first row set in and the
        # rest wrapped to the margin ("(a) At the Market Sales. On the basis ..."), goes on
        # - after a full row (not ending short) leaving its sentence open or a row opening in
        #   lower case (after a closed sentence a capital may open a paragraph: "Note 2: ..."),
        # - not in an item found by its hanging indent (it goes on at its text indent only),
        # - after the label's row, or once the item wraps there (``wrapped``; a row at the
        #   item's text indent may be a paragraph's first-line indent under a bullet item),
        # - when a word broken at the row's end or a row in lower case goes on, or the row above
        #   is running text (not a title: "II. Background on Differential Privacy").
        if short or hanging or (prev.text.endswith(CLOSING) and not row.text[:1].islower()):
            return True
        if not (first_row or wrapped):
            return True
        return not (prev.ends or row.text[:1].islower() or _prose(prev))
    if not prev.ends and _FIELD.match(row.text) and _FIELD.match(prev.text):
        return True  # rows each opening with a label: fields, one a row ("Reporting period: ...")
    if _contact_line(prev, row):
        return True  # a letterhead's contact line ("22 Mill Road, Ludlow SY8 1BB · 01584 872 660")
    if above.endswith(CLOSING) and _term_lead(row):
        return True  # a term in bold opening its description after a closed sentence
    if (
        prev.x0 - left > ALIGN_PT
        and row.x0 - left > ALIGN_PT
        and abs((prev.x0 + prev.x1) / 2 - centre) < CENTRE_PT
        and abs((row.x0 + row.x1) / 2 - centre) < CENTRE_PT
    ):
        return False  # the rows of a centred title or paragraph
    if short:
        return True
    if ragged:
        return False  # set flush right: where a row starts tells nothing
    em = row.size if row.size > 0 else max(row.height * 0.8, 1.0)
    if row.x0 < prev.x0 - INDENT_MIN * em and not first_row and not (_runs_on(prev, right) and _prose(prev)):
        return True  # back out to the margin after rows set in from it (a block quote ends)
    if first_row and row.x0 < left - INDENT_MIN * em and abs(prev.x0 - left) <= ALIGN_PT and above.endswith(CLOSING):
        return True  # out left of the block's margin after a row there that closes its sentence
    indent = row.x0 - left
    if not (INDENT_MIN * em <= indent <= INDENT_MAX * em and abs(prev.x0 - left) <= ALIGN_PT):
        return False
    # a first-line indent, unless the row above is running text left open (its last sentence not
    # closed, nor closed before a note's number) with no room for the next word and the row runs
    # on as far right: a note hung from its label (``ISCED: International ... lower secondary``
    # over ``education; ISCED 3-4: ...`` set in under the label's text); rows set in step by
    # step, each shorter, are a dedication's or a poem's
    if first_row and _hung_under_mark(prev, row, em):
        return False  # a note's text wrapped under its first word, past the note's number
    if first_row and hung_in_clause(prev.text, indent / em, right - prev.x1 <= ALIGN_PT):
        return above.endswith(CLOSING)
    if above.endswith(CLOSING) or NOTE_AFTER_STOP.search(above) is not None:
        return True
    return not _prose(prev) or row.x1 < prev.x1 - ALIGN_PT


def _contact_line(prev: Row, row: Row) -> bool:
    """``row`` is a letterhead's line of contact details, a line of its own: it holds a postal
    code, a telephone number or an e-mail or web address (see
    :func:`~pdfcore.structure.letterhead.contact_details`), and it or the row above it is parted
    by middle dots (``Gas Safe registered engineers · Boiler servicing ...`` over ``22 Mill
    Road, Ludlow, Shropshire SY8 1BB · 01584 872 660``); not after a row that leaves a word or
    a list open (a hyphen, a comma)."""
    if "\u00b7" not in row.text and "\u00b7" not in prev.text:
        return False
    if prev.ends or prev.text.rstrip().endswith((",", "-", "\u2013")):
        return False
    return contact_details(row.text)


#: A note's number or mark opening a row (``1``, ``12``, ``*``, ``†``) before its text.
_NOTE_MARK = re.compile(r"^(?:\d{1,3}|[*†‡§]{1,3}) (?=\S)")


def _hung_under_mark(prev: Row, row: Row, em: float) -> bool:
    """``row`` starts where ``prev``'s text starts after the note's number opening ``prev``
    (``1 Distances are measured ...`` over ``Where two children ...`` set in under
    ``Distances``): the note's text wraps hung under it, no paragraph set in. (Asked of a
    unit's first row only: a paragraph's last row may open with a figure, ``20 per cent``.)"""
    m = _NOTE_MARK.match(prev.text)
    return m is not None and abs(row.x0 - (prev.x0 + _width_of(prev, m.end()))) <= ALIGN_PT + HUNG_SLACK * em


#: How far (em) off the estimated start of a note's text a row hung under it may start.
HUNG_SLACK = 0.4


def _term_lead(row: Row) -> bool:
    """The row opens with a bold lead-in closed by a colon (``Consumables charge:``), its text
    going on in the running face."""
    lead = row.pieces[0].lead if row.pieces else ""
    return lead.endswith(":") and row.text.startswith(lead) and len(row.text) > len(lead)


def _one_word(prev: Row, row: Row) -> bool:
    """Of ``prev`` and ``row`` (one of them in a monospaced face), the monospaced one is one word
    (a web address or an identifier)."""
    return " " not in (row if row.mono else prev).text.strip()


def ends_in_leaders(text: str) -> bool:
    """``text`` ends with dot leaders and a page number or figure ("Chapter 1 ..... 2"): a
    contents entry or a table's row, complete on its own."""
    return (text.count(".") >= 4 or "…" in text) and _LEADER_END.search(text) is not None


def _size_step(a: float, b: float) -> bool:
    """Sizes ``a`` and ``b`` differ by more than SIZE_STEP of the larger."""
    big = a if a > b else b
    return big > 0 and abs(a - b) > SIZE_STEP * big


def _ends_short_in_block(prev: Row, row: Row, right: float) -> bool:
    """The row above ends short (see the module docstring): a row leaving its sentence open needs
    OPEN_SLACK times the word's width free, and a row of running text is not short when the row
    below, as long in words, ends where it does (text set around a figure)."""
    running = not prev.text.endswith(CLOSING) and _prose(prev)  # a sentence left open
    if not _ends_short(prev, row, right, OPEN_SLACK if running else 0.9, number_bound=running):
        return False
    return not (running and row.text.count(" ") + 1 >= PROSE_ROW_WORDS and abs(row.x1 - prev.x1) <= ALIGN_PT)


def _prose(row: Row) -> bool:
    """A row of running text: PROSE_ROW_WORDS words or more, a third of them starting in lower
    case (not a label and its value, a code line or a legend's names)."""
    words = row.text.split()
    if len(words) < PROSE_ROW_WORDS:
        return False
    need = (len(words) + 2) // 3  # words in lower case enough: stop counting there
    for w in words:
        if w[0].islower():
            need -= 1
            if not need:
                return True
    return False


def _ends_short(prev: Row, row: Row, right: float, slack: float = 0.9, *, number_bound: bool = False) -> bool:
    """The row above ended with room for the row's first word (the last row of a paragraph):
    ``slack`` times its width (and a space) at the row's average character width. With
    ``number_bound`` (the row above leaves its sentence open), a row starting with a number
    needs room for the word after it too, and so does a row whose second word is a number:
    typesetters keep the two together ("In 1999-2000," / "12 states had ...", "... delivered to
    Kennedy Space Center in" / "May 2023, we estimate ...", a month and its year tied by a
    no-break space)."""
    room = right - prev.x1
    if room <= ALIGN_PT:
        return False
    text = row.text
    word = text.find(" ")  # the first word's length
    if number_bound and word > 0:
        after = text.find(" ", word + 1)
        end = after if after > 0 else len(text)
        if _NUMBER.fullmatch(text, 0, word) or _NUMBER.fullmatch(text, word + 1, end):
            word = end
    need = _width_of(prev, (word if word >= 0 else len(text)) + 1)
    return room > need * slack + ALIGN_PT


def _width_of(row: Row, chars: int) -> float:
    """Width of ``chars`` characters at the row's average character width."""
    n = max(len(row.text), 1)
    return (row.x1 - row.x0) / n * chars


def _role_group(role: str) -> str:
    if not role or role == "P":
        return ""
    if role[0] == "H" or role == "Title":
        return "H"
    return role
