"""Captions ("Figure 3:", "Table 2.") tied to the nearest figure or table on the page, a table's
caption to a table and a figure's to a figure first; a figure left without one takes the small
print set right under it, within its width (a photo's caption without a label: "Winter at the
Oklahoma Baptist University campus").
"""

from __future__ import annotations

import re

from pdfcore.caption_words import CAPTION, TABLE_WORDS
from pdfcore.models import Box, Table
from pdfcore.structure.markers import CLOSING
from pdfcore.structure.style import DocumentStyle
from pdfcore.structure.unit import Unit

#: A caption is tied to a figure or table at most this many body lines away.
CAPTION_LINES = 4.0
#: A caption standing over a figure counts this many lines further from it than one under it.
ABOVE_FIGURE_LINES = 1.0
#: A caption left open goes on in a paragraph centred under it at most this many lines below.
CONTINUED_LINES = 0.6
#: ... of this many rows at most, or longer in the caption's size (within this share of it):
#: a paragraph of running text under a caption left open, as wide as the column the caption
#: fills but set in the body's size, is none ...
CONTINUED_ROWS = 2
CONTINUED_SIZE = 0.1
#: ... centred within this many points of the caption's middle, or hanging: set in under its
#: text by at most this share of its width (past its label, `Figure CA4. | Number of ...`).
CENTRE_PT = 3.0
HANGING = 0.25
#: An unlabelled caption: a paragraph starting at most this many body lines under its figure,
#: within its width (UNDER_SLACK points either side), of at most UNDER_ROWS rows, set smaller
#: than the body (at most UNDER_SIZE of its size).
UNDER_LINES = 1.0
UNDER_SLACK = 3.0
UNDER_ROWS = 4
UNDER_SIZE = 0.95
#: ...and two words or more, one of them a word of three letters.
_WORD = re.compile(r"[^\W\d_]{3}", re.UNICODE)


class _Captions(dict):  # type: ignore[type-arg]
    """(kind, index) -> caption text, and the caption units used."""

    def __init__(self) -> None:
        super().__init__()
        self.values_units: list[Unit] = []
        #: The tables whose caption is printed under them (it is read after the table).
        self.below: set[tuple[str, int]] = set()


def tie_captions(
    units: list[Unit],
    figures: list[tuple[str, Box]],
    tables: list[Table],
    style: DocumentStyle,
    footnotes: set[int] | frozenset[int] = frozenset(),
) -> _Captions:
    out = _Captions()
    line = max(style.body_size, 8.0) * 1.2
    reach = CAPTION_LINES * line
    pairs: list[tuple[float, int, tuple[str, int]]] = []
    caps = [u for u in units if u.kind == "caption"]
    targets = [(("f", k), box) for k, (_, box) in enumerate(figures)] + [
        (("t", k), t.bbox) for k, t in enumerate(tables)
    ]
    for c, u in enumerate(caps):
        is_table = u.text.startswith(TABLE_WORDS)
        for key, box in targets:
            if u.x1 <= box.x0 or u.x0 >= box.x1:
                continue
            below = u.y0 - box.y1
            above = box.y0 - u.y1
            gap = below if below >= -2 else above if above >= -2 else None
            if gap is None or gap > reach:
                continue
            # a table caption with a table, a figure caption with a figure, before anything else;
            # a figure's caption is set under it: one set between two figures goes to the upper
            penalty = 0.0 if (key[0] == "t") == is_table else 1000.0
            if key[0] == "f" and below < -2:
                penalty += ABOVE_FIGURE_LINES * line
            pairs.append((penalty + max(gap, 0.0), c, key))
    used_caps: set[int] = set()
    boxes = dict(targets)
    for _, c, key in sorted(pairs):
        if c in used_caps or key in out:
            continue
        used_caps.add(c)
        parts = _continued(caps[c], units, line)
        out[key] = " ".join(u.text for u in parts)
        out.values_units.extend(parts)
        if key[0] == "t" and caps[c].y0 >= boxes[key].y1 - 2:
            out.below.add(key)
    _unlabelled(units, figures, style, line, out, footnotes)
    _titles_over(units, tables, style, line, out, footnotes)
    return out


def _titles_over(
    units: list[Unit],
    tables: list[Table],
    style: DocumentStyle,
    line: float,
    out: _Captions,
    footnotes: set[int] | frozenset[int],
) -> None:
    """Each table without a caption takes the line right over it (UNDER_LINES body lines away
    at most) as its caption when that line is one row of its own, within the table's width,
    set smaller than the body (see UNDER_SIZE), of two words or more with a word of three
    letters: a table's title without a label (``Consultation and examination fees`` in bold,
    a point smaller than the text), no heading of the text."""
    body = style.body_size
    if body <= 0:
        return
    taken = {id(u) for u in out.values_units}
    for k, table in enumerate(tables):
        if ("t", k) in out:
            continue
        box = table.bbox
        over = [
            u
            for u in units
            if u.kind in ("paragraph", "heading")
            and id(u) not in taken
            and id(u) not in footnotes
            and len(u.rows) == 1
            and -2.0 <= box.y0 - u.y1 <= UNDER_LINES * line
            and u.x0 >= box.x0 - UNDER_SLACK
            and u.x1 <= box.x1 + UNDER_SLACK
            and 0 < u.size <= UNDER_SIZE * body
            and len(u.text.split()) >= 2
            and _WORD.search(u.text)
        ]
        if over:
            title = max(over, key=lambda u: u.y1)
            out[("t", k)] = title.text
            out.values_units.append(title)
            taken.add(id(title))


def _continued(caption: Unit, units: list[Unit], line: float) -> list[Unit]:
    """The caption and the rows the page gave as paragraphs of their own that go on with it: a
    caption left open (ending with a comma or a word: no stop, colon or closing bracket) over a
    paragraph right under it (within CONTINUED_LINES lines) of CONTINUED_ROWS rows at most or
    set in the caption's size, no wider, centred on the same middle (a centred caption's formula
    on its second row, set apart by its taller glyphs) or hanging under its text past its label
    (a second row set in another face)."""
    parts = [caption]
    title = _title_under(caption, units, line) if _label_only(caption.text) else None
    if title is not None:
        parts.append(title)
    while not parts[-1].text.rstrip().endswith(CLOSING):
        last = parts[-1]
        middle = (caption.x0 + caption.x1) / 2
        nxt = [
            u
            for u in units
            if u.kind == "paragraph"
            and u.y0 > last.y0
            and (len(u.rows) <= CONTINUED_ROWS or abs(u.size - caption.size) <= CONTINUED_SIZE * caption.size)
            and -2.0 <= u.y0 - last.y1 <= CONTINUED_LINES * line
            and u.x1 - u.x0 <= caption.x1 - caption.x0 + CENTRE_PT
            and (
                abs((u.x0 + u.x1) / 2 - middle) <= CENTRE_PT
                or (
                    CENTRE_PT < u.x0 - caption.x0 <= HANGING * (caption.x1 - caption.x0)
                    and u.x1 <= caption.x1 + CENTRE_PT
                )
            )
        ]
        if not nxt:
            break
        parts.append(min(nxt, key=lambda u: u.y0))
    return parts


def caption_titles(units: list[Unit], style: DocumentStyle) -> set[int]:
    """Ids of the units that are titles of captions that are their label alone (see
    :func:`_title_under`): caption text, whatever their size."""
    line = max(style.body_size, 8.0) * 1.2
    out: set[int] = set()
    for u in units:
        if u.kind == "caption" and _label_only(u.text):
            title = _title_under(u, units, line)
            if title is not None:
                out.add(id(title))
    return out


def _label_only(text: str) -> bool:
    """The caption is its label alone (``Figure 2.``, ``Table 3:``): its title follows it."""
    m = CAPTION.match(text)
    return m is not None and not text[m.end() :].strip(" .:—–-")


def _title_under(caption: Unit, units: list[Unit], line: float) -> Unit | None:
    """The title of a caption that is its label alone: the paragraph or heading right under it
    (within CONTINUED_LINES lines), starting at its left edge or centred on its middle, of at
    most UNDER_ROWS rows; None when there is none."""
    middle = (caption.x0 + caption.x1) / 2
    found = [
        u
        for u in units
        if u.kind in ("paragraph", "heading")
        and u.y0 > caption.y0
        and -2.0 <= u.y0 - caption.y1 <= CONTINUED_LINES * line
        and (abs(u.x0 - caption.x0) <= CENTRE_PT or abs((u.x0 + u.x1) / 2 - middle) <= CENTRE_PT)
        and len(u.rows) <= UNDER_ROWS
    ]
    return min(found, key=lambda u: u.y0) if found else None


def _unlabelled(
    units: list[Unit],
    figures: list[tuple[str, Box]],
    style: DocumentStyle,
    line: float,
    out: _Captions,
    footnotes: set[int] | frozenset[int],
) -> None:
    """Each figure without a caption takes the paragraph right under it, within its width and
    set smaller than the body (see UNDER_LINES), of two words or more with a word of three
    letters (not a tick label, "10%"), not a footnote: the nearest one."""
    body = style.body_size
    if body <= 0 or all(("f", k) in out for k in range(len(figures))):
        return
    taken = {id(u) for u in out.values_units}

    def small_under(u: Unit, box: Box, top: float, reach: float) -> bool:
        gap = u.y0 - top
        return not (
            u.kind != "paragraph"
            or id(u) in taken
            or id(u) in footnotes
            or not -2.0 <= gap <= reach
            or u.x0 < box.x0 - UNDER_SLACK
            or u.x1 > box.x1 + UNDER_SLACK
            or len(u.rows) > UNDER_ROWS
            or u.size > UNDER_SIZE * body
        )

    for k, (_, box) in enumerate(figures):
        if ("f", k) in out:
            continue
        best: Unit | None = None
        for u in units:
            if not small_under(u, box, box.y1, UNDER_LINES * line):
                continue
            if len(u.text.split()) < 2 or not _WORD.search(u.text):
                continue  # a chart's tick label under its bars, no caption
            if best is None or u.y0 < best.y0:
                best = u
        if best is None:
            continue
        # the caption's rows the page gave as units of their own, right under one another
        parts = [best]
        taken.add(id(best))
        rows = len(best.rows)
        while True:
            nxt = [u for u in units if small_under(u, box, parts[-1].y1, 0.6 * line) and u.y0 > parts[-1].y0]
            if not nxt:
                break
            nearest = min(nxt, key=lambda u: u.y0)
            if rows + len(nearest.rows) > UNDER_ROWS:
                break
            parts.append(nearest)
            taken.add(id(parts[-1]))
            rows += len(parts[-1].rows)
        out[("f", k)] = " ".join(u.text for u in parts)
        out.values_units.extend(parts)
