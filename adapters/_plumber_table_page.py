"""The tables of one pdfplumber page, in page space (:func:`page_tables`): each candidate region
read from its glyphs and rulings in the table's own reading frame (:mod:`adapters._table_layout`
does the geometry), a region holding a chart left out; without regions, the whole visible page
searched for ruled tables only (:mod:`adapters._plumber_table_ruled`).

Called with the adapter's lock held (pdfplumber objects are not thread-safe).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Any

from adapters._font_names import bold_name
from adapters._plumber_accents import join_accents
from adapters._plumber_space import PageTransform, rect
from adapters._plumber_table_direction import frame_box, reading_direction, turned_cells, unframe_box
from adapters._plumber_table_ruled import ruled_tables
from adapters._table_glyphs import Glyph, Rule
from adapters._table_layout import is_caption, read_table
from adapters._table_rows import join_lines
from adapters._table_rulings import RULE_WIDTH
from pdfcore.models import BodySpan, Box, HeaderCell, Table


def page_tables(page: Any, regions: Sequence[Box]) -> tuple[Table, ...]:
    join_accents(page)
    transform = PageTransform(page)
    px0, ptop, px1, pbottom = (float(v) for v in page.bbox)
    if not regions:
        # The whole visible page (the crop box, never the printer's margin around it), by its
        # rulings only: reading columns from text alignment needs a region that holds a table.
        w, h = _page_size(page)
        x0, top, x1, bottom = transform.to_plumber(Box(0.0, 0.0, w, h))
        crop = page.crop((max(x0, px0), max(top, ptop), min(x1, px1), min(bottom, pbottom)), strict=False)
        found = ruled_tables(crop, reading_direction(crop)) or []
        return tuple(_unmapped(_table(cells, transform.to_page(bbox))) for bbox, cells in found)
    out: list[Table] = []
    for region in regions:
        x0, top, x1, bottom = transform.to_plumber(region)
        x0, top, x1, bottom = max(x0, px0), max(top, ptop), min(x1, px1), min(bottom, pbottom)
        if x1 - x0 < 1.0 or bottom - top < 1.0:
            continue
        crop = page.crop((x0, top, x1, bottom), strict=False)
        if _chart(crop):
            continue
        table = _layout_table(crop, reading_direction(crop))
        if table is not None:
            bbox, header, rows, cells, spans = table
            out.append(
                Table(header=header, rows=rows, bbox=transform.to_page(bbox), header_cells=cells, body_spans=spans)
            )
    return tuple(_unmapped(t) for t in out)


#: pdfminer's text for a glyph its font maps to no character.
_CID = re.compile(r"\(cid:\d+\)")


def _unmapped(table: Table) -> Table:
    """``table`` with each glyph pdfminer found no character for (its code, ``(cid:23)``)
    written U+FFFD, as the text extractor writes it (see ports.table_extractor)."""
    if not any("(cid:" in c for c in table.texts()):
        return table
    return table.with_texts(lambda cell: _CID.sub("\ufffd", cell))


def _layout_table(
    crop: Any, direction: str
) -> (
    tuple[
        tuple[float, float, float, float],
        tuple[str, ...],
        tuple[tuple[str, ...], ...],
        tuple[HeaderCell, ...],
        tuple[BodySpan, ...],
    ]
    | None
):
    """The region's table read from its glyphs and rulings in the table's own reading frame."""
    upright = direction in ("ltr", "rtl")
    foot = _caption_foot(crop) | _ruled_off_above(crop) if direction == "ltr" else set()
    glyphs = []
    for seq, c in enumerate(crop.chars):
        if bool(c["upright"]) != upright or (
            direction in ("ltr", "rtl") and (c["matrix"][0] < 0) != (direction == "rtl")
        ):
            continue
        if seq in foot:
            continue
        x0, y0, x1, y1 = frame_box((c["x0"], c["top"], c["x1"], c["bottom"]), direction)
        font = str(c.get("fontname") or "")
        text = str(c["text"]).translate(_LIGATURES)
        glyphs.append(Glyph(x0, y0, x1, y1, text, float(c["size"]), bold_name(font), seq))
    drawn = _rulings(crop)
    if direction == "ltr":
        edges = _shading_edges(crop, drawn)
        # (a shaded header's foot, unless it is a shaded row's: the first of rows shaded in turn)
        head = [h for h in _shaded_header(crop, drawn) if not any(abs(h[1] - e[1]) <= RULE_THICKNESS for e in edges)]
        drawn.extend([*edges, *head])
    rules = [Rule(*frame_box(box, direction)) for box in drawn]
    if direction == "ltr":
        glyphs.extend(turned_cells(crop, glyphs, rules))
    found = read_table(glyphs, rules)
    if found is None:
        return None
    bbox = unframe_box(found.bbox, direction)
    width = max([len(found.header), *(len(r) for r in found.rows)])
    header = tuple(found.header) + ("",) * (width - len(found.header)) if found.header else ()
    rows = tuple(tuple(r) + ("",) * (width - len(r)) for r in found.rows)
    cells = tuple(
        HeaderCell(text, row, column, n_rows, n_cols) for row, column, n_rows, n_cols, text in found.header_cells
    )
    spans = tuple(BodySpan(*span) for span in found.body_spans)
    return bbox, header, rows, cells, spans


#: A glyph cut by the region's edge keeping less than this share of its height stands mostly
#: outside the region.
SLIVER = 0.5
#: Lines of a caption above its last one looked at, and how far apart (in sizes) they may be.
CAPTION_LINES = 3
CAPTION_LEADING = 1.6


#: Characters further apart than this many of their sizes are two texts (see _ruled_off_above).
ONE_TEXT = 1.0


def _cut_at_top(crop: Any) -> set[int]:
    """The characters (indexes into ``crop.chars``) the region's top edge cuts, standing mostly
    above it: upright glyphs whose height inside is under SLIVER of their size (the crop cuts
    their boxes at its edge; an upright glyph's size is its whole height)."""
    top = float(crop.bbox[1])
    return {
        k
        for k, c in enumerate(crop.chars)
        if c["upright"] and c["top"] <= top + 0.01 and c["bottom"] - c["top"] < SLIVER * float(c["size"])
    }


def _ruled_off_above(crop: Any) -> set[int]:
    """The characters of a line the region's top edge cuts (less than SLIVER of their size
    inside it), ruled off from the rest of the region by a ruling across it right under them
    (a heading right over a table's top rule, its descent inside the margin the region is taken
    with: ``Error Codes`` over a manual's table), one text (a header's cells, parted by blanks,
    are ruled off the body the same way) starting at the table's left edge (a title centred
    over the grid is the header's top row): no row of the table."""
    cut = _cut_at_top(crop)
    if not cut:
        return set()
    xs = sorted((float(crop.chars[k]["x0"]), float(crop.chars[k]["x1"]), float(crop.chars[k]["size"])) for k in cut)
    if any(b[0] - a[1] > ONE_TEXT * a[2] for a, b in itertools.pairwise(xs)):
        return set()  # (cells parted by blanks: a header row ruled off the body under it)
    others = [c for k, c in enumerate(crop.chars) if k not in cut]
    if not others or xs[0][0] - min(float(c["x0"]) for c in others) > xs[0][2]:
        return set()  # (a title set over the grid's columns, centred: the header's top row)
    low = max(float(crop.chars[k]["bottom"]) for k in cut)
    rest = [float(c["top"]) for c in others]
    below = min(rest, default=float("inf"))
    x0, x1 = float(crop.bbox[0]), float(crop.bbox[2])
    ruled = any(
        low <= (t + b) / 2 <= below and (z - a) >= RULE_WIDTH * (x1 - x0)
        for a, t, z, b in _rulings(crop)
        if (z - a) > (b - t)
    )
    return cut if ruled else set()


def _caption_foot(crop: Any) -> set[int]:
    """The characters (indexes into ``crop.chars``) of a caption's last line cut by the
    region's top edge: upright glyphs standing mostly above the edge (their height inside under
    SLIVER of their size, an upright glyph's size being its whole height), on a line of the
    page that ends a caption (``Table 4: ...`` on it or on one of the lines set just above it).
    The foot of a caption set right over a ruled grid, inside the margin the region is taken
    with, is no row of the table (us-028's ``by Building, 1900-2008`` was read as its header)."""
    top = float(crop.bbox[1])
    cut = _cut_at_top(crop)
    if not cut:
        return set()
    x0, x1 = float(crop.bbox[0]), float(crop.bbox[2])
    page = [c for c in crop.root_page.chars if c["upright"] and c["top"] < top]
    # the cut line, whole: a caption set wider than the table starts left of its region
    line = _run_on([c for c in page if c["bottom"] > top], x0, x1)
    for _ in range(CAPTION_LINES):
        if not line:
            return set()
        size = max(float(c["size"]) for c in line)
        upper = min(float(c["top"]) for c in line)
        above = [c for c in page if upper - CAPTION_LEADING * size <= c["top"] < upper - 0.5 * size]
        if is_caption(_line_text(line)):
            return cut
        first = min((c["top"] for c in above), default=0.0)
        line = _run_on([c for c in above if c["top"] < first + 0.5 * size], x0, x1)
    return set()


def _run_on(row: Sequence[dict[str, Any]], x0: float, x1: float) -> list[dict[str, Any]]:
    """The characters of one row of the page that stand over [x0, x1], with those running on
    from them to the left and to the right, each at most a word space (0.5 of its size) from
    the next: the whole line of a caption wider than the region, not the other column's text."""
    chars = sorted(row, key=lambda c: float(c["x0"]))
    inside = [k for k, c in enumerate(chars) if c["x1"] > x0 and c["x0"] < x1]
    if not inside:
        return []
    lo, hi = inside[0], inside[-1]
    while lo > 0 and chars[lo]["x0"] - chars[lo - 1]["x1"] <= 0.5 * float(chars[lo]["size"]):
        lo -= 1
    while hi + 1 < len(chars) and chars[hi + 1]["x0"] - chars[hi]["x1"] <= 0.5 * float(chars[hi]["size"]):
        hi += 1
    return chars[lo : hi + 1]


def _line_text(chars: Sequence[dict[str, Any]]) -> str:
    """The text of one line's characters, left to right, a space where a gap is."""
    out = ""
    prev: dict[str, Any] | None = None
    for c in sorted(chars, key=lambda c: float(c["x0"])):
        if prev is not None and c["x0"] - prev["x1"] > 0.2 * float(c["size"]) and not out.endswith(" "):
            out += " "
        out += str(c["text"]).translate(_LIGATURES)
        prev = c
    return out.strip()


#: Typographic ligatures spelt out, as the page's text (pdfium's) has them: a table's cell reads
#: ``fictional`` like the paragraph beside it, not ``\ufb01ctional``.
_LIGATURES = str.maketrans(
    {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st"}
)

#: A filled shape thinner than this (points) is a ruling; a wider one is shading, not a ruling.
RULE_THICKNESS = 2.0
#: A thin image at least this long is a ruling.
IMAGE_RULE_LEN = 6.0


def _rulings(crop: Any) -> list[tuple[float, float, float, float]]:
    """Rulings in ``crop`` (x0, top, x1, bottom): stroked lines, the edges of stroked
    rectangles, thin filled bars (rectangles, or paths as thin among those), thin images (a rule
    drawn as a stretched one-pixel image). The edges of shaded rows and cells are not rulings."""
    out = []
    for ln in crop.lines:
        out.append((ln["x0"], ln["top"], ln["x1"], ln["bottom"]))
    for im in crop.images:
        x0, top, x1, bottom = im["x0"], im["top"], im["x1"], im["bottom"]
        if min(x1 - x0, bottom - top) <= RULE_THICKNESS and max(x1 - x0, bottom - top) >= IMAGE_RULE_LEN:
            out.append((x0, top, x1, bottom))
    for r in crop.rects:
        x0, top, x1, bottom = r["x0"], r["top"], r["x1"], r["bottom"]
        if min(x1 - x0, bottom - top) <= RULE_THICKNESS:
            out.append((x0, top, x1, bottom))
        elif r.get("stroke"):
            out.extend(((x0, top, x1, top), (x0, bottom, x1, bottom), (x0, top, x0, bottom), (x1, top, x1, bottom)))
    out.extend(_white_bands(crop.rects))
    # A bar drawn as a path of its own among rulings drawn as lines or rectangles (a cell's
    # edge among edges drawn as rectangles). Where every shape is a path (glyphs drawn as
    # outlines among them), none is taken.
    for c in crop.curves if out else ():
        x0, top, x1, bottom = c["x0"], c["top"], c["x1"], c["bottom"]
        if min(x1 - x0, bottom - top) <= RULE_THICKNESS and max(x1 - x0, bottom - top) > RULE_THICKNESS:
            out.append((x0, top, x1, bottom))
    return out


def _white_bands(rects: Sequence[Any]) -> list[tuple[float, float, float, float]]:
    """Rulings drawn as white bands between shaded cells (a table's cells filled in colour, a
    white gap of at most BAND_THICKNESS points left between them): a white filled bar thicker
    than a ruling, touching a shaded shape along each of its long sides, is a ruling along its
    middle."""
    filled = [
        ((float(r["x0"]), float(r["top"]), float(r["x1"]), float(r["bottom"])), _white(r.get("non_stroking_color")))
        for r in rects
        if r.get("fill")
    ]
    shaded = [box for box, white in filled if not white]
    out: list[tuple[float, float, float, float]] = []
    for (x0, top, x1, bottom), white in filled:
        if not white:
            continue
        if RULE_THICKNESS < bottom - top <= BAND_THICKNESS and x1 - x0 > bottom - top:
            above = any(abs(b - top) <= TOUCH and a < x1 and z > x0 for a, _, z, b in shaded)
            below = any(abs(t - bottom) <= TOUCH and a < x1 and z > x0 for a, t, z, _ in shaded)
            if above and below:
                out.append((x0, (top + bottom) / 2, x1, (top + bottom) / 2))
        elif RULE_THICKNESS < x1 - x0 <= BAND_THICKNESS and bottom - top > x1 - x0:
            left = any(abs(z - x0) <= TOUCH and t < bottom and b > top for _, t, z, b in shaded)
            right = any(abs(a - x1) <= TOUCH and t < bottom and b > top for a, t, _, b in shaded)
            if left and right:
                out.append(((x0 + x1) / 2, top, (x0 + x1) / 2, bottom))
    return out


#: A white band between shaded cells at most this thick (points) is a ruling (see _white_bands) ...
BAND_THICKNESS = 4.0
#: ... touching them within this many points.
TOUCH = 0.6


#: Alternate row shading: at least this many shaded bands of one colour, one under another ...
SHADED_BANDS = 3


def _shading_edges(
    crop: Any, rulings: Sequence[tuple[float, float, float, float]]
) -> list[tuple[float, float, float, float]]:
    """Where alternate shading marks the rows of a table ruled across nowhere between them: the
    top and bottom edges of SHADED_BANDS bands or more of one colour, each across the region
    (RULE_WIDTH of its width), apart from one another, as rulings. A shaded row's lines are one
    row (a cell wrapped over two lines beside cells of one line), and so are the lines between
    two shaded rows. Rows shaded one cell at a time (shapes of one height side by side) are
    bands too when every shape of that colour joins into one, and then rulings above and below
    them (a rule under the header, one at the table's foot) leave them so."""
    x0, x1 = float(crop.bbox[0]), float(crop.bbox[2])
    width = x1 - x0
    if width <= 0:
        return []
    across = _across(rulings, x0, x1)
    by_colour: dict[str, list[tuple[float, float, float, float]]] = {}
    for r in crop.rects:
        a, t, z, b = float(r["x0"]), float(r["top"]), float(r["x1"]), float(r["bottom"])
        if not r.get("fill") or _white(r.get("non_stroking_color")) or b - t <= RULE_THICKNESS:
            continue
        by_colour.setdefault(repr(r.get("non_stroking_color")), []).append((a, t, z, b))

    def wide(s: tuple[float, float, float, float]) -> bool:
        return min(s[2], x1) - max(s[0], x0) >= RULE_WIDTH * width

    out: list[tuple[float, float, float, float]] = []
    joined_of = {colour: _side_by_side(shapes) for colour, shapes in by_colour.items()}
    for colour, shapes in by_colour.items():
        bands = [s for s in shapes if wide(s)]
        if across or not _alternate(bands):
            joined = joined_of[colour]
            bands = [s for s in joined if wide(s)]
            if len(bands) < len(joined) or not _alternate(bands):
                continue
            if any(
                min(b[1] for b in bands) + RULE_THICKNESS < y < max(b[3] for b in bands) - RULE_THICKNESS
                for y in across
            ):
                continue  # the rows are ruled apart already
        for a, t, z, b in bands:
            out.extend(((a, t, z, t), (a, b, z, b)))
    if out:
        # a band across the table above the rows, in a colour of its own (a header shaded whole
        # or one cell at a time): its foot parts it from the first row
        first = min(t for _, t, _, _ in out)
        for joined in joined_of.values():
            for a, t, z, b in joined:
                if (
                    wide((a, t, z, b))
                    and b <= first + RULE_THICKNESS
                    and all(abs(b - e[1]) > RULE_THICKNESS for e in out)
                ):
                    out.append((a, b, z, b))
    return out


def _alternate(bands: list[tuple[float, float, float, float]]) -> bool:
    """SHADED_BANDS bands or more, one under another, none touching the next (a shaded block's
    pieces are no rows shaded one in two). Sorts ``bands`` top down."""
    bands.sort(key=lambda band: band[1])
    return len(bands) >= SHADED_BANDS and all(n[1] > p[3] + RULE_THICKNESS for p, n in itertools.pairwise(bands))


def _side_by_side(shapes: Sequence[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """Shapes (left, top, right, bottom) of one colour, those of one height touching side by
    side (a row's cells shaded one by one) joined into one; a shape inside one of the last
    joined (a line's own shading over its cell's) is that one's."""
    out: list[tuple[float, float, float, float]] = []
    for a, t, z, b in sorted(shapes, key=lambda s: (round(s[1]), s[0])):
        if any(
            a0 - TOUCH <= a and t0 - TOUCH <= t and z <= z0 + TOUCH and b <= b0 + TOUCH for a0, t0, z0, b0 in out[-3:]
        ):
            continue
        if out:
            pa, pt, pz, pb = out[-1]
            if abs(pt - t) <= TOUCH and abs(pb - b) <= TOUCH and abs(a - pz) <= TOUCH:
                out[-1] = (pa, min(pt, t), max(pz, z), max(pb, b))
                continue
        out.append((a, t, z, b))
    return out


def _shaded_header(
    crop: Any, rulings: Sequence[tuple[float, float, float, float]]
) -> list[tuple[float, float, float, float]]:
    """In a table ruled across (two horizontal rulings across RULE_WIDTH of the region at
    least), the foot of a shaded band across it from its top ruling down to above the next,
    text both in the band and under it before that ruling, no glyph cut: the rule under a
    shaded header left out, its foot parts the header from the first row."""
    x0, x1 = float(crop.bbox[0]), float(crop.bbox[2])
    width = x1 - x0
    across = _across(rulings, x0, x1)
    if width <= 0 or len(across) < 2:
        return []
    top, below = across[0], next((h for h in across if h > across[0] + RULE_THICKNESS), None)
    if below is None:
        return []
    glyphs = [(float(c["top"]), float(c["bottom"])) for c in crop.chars if c["text"].strip()]
    middles = [(g0 + g1) / 2 for g0, g1 in glyphs]
    for r in crop.rects:
        a, t, z, b = float(r["x0"]), float(r["top"]), float(r["x1"]), float(r["bottom"])
        if not r.get("fill") or _white(r.get("non_stroking_color")) or b - t <= RULE_THICKNESS:
            continue
        if min(z, x1) - max(a, x0) < RULE_WIDTH * width or abs(t - top) > RULE_THICKNESS or b >= below - RULE_THICKNESS:
            continue
        cut = any(g0 < b < g1 for g0, g1 in glyphs)
        if not cut and any(t < m < b for m in middles) and any(b < m < below for m in middles):
            return [(a, b, z, b)]
    return []


def _across(rulings: Sequence[tuple[float, float, float, float]], x0: float, x1: float) -> list[float]:
    """The heights (top down) of the horizontal rulings across RULE_WIDTH of ``x0``..``x1`` at
    least."""
    width = x1 - x0
    return sorted(
        (t + b) / 2
        for a, t, r, b in rulings
        if b - t <= RULE_THICKNESS and min(r, x1) - max(a, x0) >= RULE_WIDTH * width
    )


def _white(color: Any) -> bool:
    """A fill colour that is white or nearly (a table's cell background, not a bar)."""
    if color is None:
        return False
    values = color if isinstance(color, (list, tuple)) else (color,)
    try:
        nums = [float(v) for v in values]
    except (TypeError, ValueError):
        return False
    if len(nums) == 4:  # CMYK
        return all(v <= 0.05 for v in nums)
    return bool(nums) and all(v >= 0.95 for v in nums)


#: Bars of a chart: at least this many filled shapes standing on one baseline.
CHART_BARS = 3


def _chart(crop: Any) -> bool:
    """The region holds a chart: filled bars standing apart on a common baseline with different
    heights (or lengths, for horizontal bars), or a drawn polyline of several points across it.
    (Shading drawn as tiles touching each other is no bar.)"""
    width = float(crop.width)
    height = float(crop.height)
    bars = [
        (float(r["x0"]), float(r["top"]), float(r["x1"]), float(r["bottom"]))
        for r in crop.rects
        if r.get("fill")
        and not _white(r.get("non_stroking_color"))
        and min(r["x1"] - r["x0"], r["bottom"] - r["top"]) > RULE_THICKNESS
        and (r["x1"] - r["x0"]) < 0.5 * width
        and (r["bottom"] - r["top"]) < 0.9 * height
    ]
    # Vertical bars: (baseline, start, end, length); horizontal bars the same, turned.
    for vertical, items in (
        (True, [(b[3], b[0], b[2], b[3] - b[1]) for b in bars]),
        (False, [(b[0], b[1], b[3], b[2] - b[0]) for b in bars]),
    ):
        groups: dict[int, list[tuple[float, float, float]]] = {}
        for base, a, z, length in items:
            groups.setdefault(round(base), []).append((a, z, length))
        for at, members in groups.items():
            members.sort()
            apart: list[tuple[float, float, float]] = []
            for a, z, length in members:
                if apart and a - apart[-1][1] < 1.0:
                    prev = apart[-1]
                    apart[-1] = (prev[0], max(prev[1], z), max(prev[2], length))
                else:
                    apart.append((a, z, length))
            sizes = [length for _, _, length in apart]
            if len(apart) < CHART_BARS or max(sizes) - min(sizes) <= 0.2 * max(sizes):
                continue
            widths = sorted(z - a for a, z, _ in apart)
            gaps = [b[0] - a[1] for a, b in itertools.pairwise(apart)]
            # Bars stand apart (cells of a shaded table touch), at several different lengths.
            if (
                min(gaps) >= 0.25 * widths[len(widths) // 2]
                and len({round(x) for x in sizes}) >= CHART_BARS
                and not _worded(crop, [_bar_box(vertical, at, a, z, n) for a, z, n in apart])
            ):
                return True
    for c in crop.curves:
        pts = c.get("pts") or []
        if len(pts) >= 4 and (c["x1"] - c["x0"]) >= 0.3 * width and not c.get("fill") and not _outline(pts):
            ys = [p[1] for p in pts]
            if max(ys) - min(ys) > 0.1 * height:
                return True
    return False


def _bar_box(vertical: bool, base: int, a: float, z: float, length: float) -> tuple[float, float, float, float]:
    """A bar's box (x0, top, x1, bottom) from its baseline, its extent across and its length."""
    return (a, base - length, z, base) if vertical else (base, a, base + length, z)


#: A word of this many letters in a shaded shape makes it a cell, not a chart's bar.
CELL_WORD = re.compile(r"[^\W\d_]{3}")


def _worded(crop: Any, boxes: Sequence[tuple[float, float, float, float]]) -> bool:
    """Half the shapes ``boxes`` or more hold a word (CELL_WORD): a table's rows or cells shaded
    in turn, of different lengths where cells span columns or stop short, whose text is set in
    them; a chart's bars hold no words (their labels stand beside them, their values are
    figures)."""
    worded = 0
    for x0, top, x1, bottom in boxes:
        inside = "".join(
            c["text"]
            for c in crop.chars
            if x0 <= (c["x0"] + c["x1"]) / 2 <= x1 and top <= (c["top"] + c["bottom"]) / 2 <= bottom
        )
        worded += CELL_WORD.search(inside) is not None
    return 2 * worded >= len(boxes)


def _outline(pts: Sequence[Any]) -> bool:
    """The points of a rectangle drawn as a path (a frame round a table, a box): two places
    across and two down, within a point; or a closed path whose every point lies near its box's
    edges (within ROUNDED of its smaller side) and whose sides are straight (SIDE_SHARE): a frame
    with rounded corners, its curves' points at the corners, not an ellipse. A chart's line goes
    up and down at many places inside its box."""
    xs = [float(p[0]) for p in pts]
    ys = [float(p[1]) for p in pts]

    def at_ends(values: list[float]) -> bool:
        low, high = min(values), max(values)
        return all(v - low <= 1.0 or high - v <= 1.0 for v in values)

    if at_ends(xs) and at_ends(ys):
        return True
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    r = ROUNDED * min(x1 - x0, y1 - y0)
    closed = abs(xs[0] - xs[-1]) <= 1.0 and abs(ys[0] - ys[-1]) <= 1.0
    near = all(min(x - x0, x1 - x) <= r + 1.0 or min(y - y0, y1 - y) <= r + 1.0 for x, y in zip(xs, ys, strict=True))

    def straight(at: float, across: list[float], along: list[float], extent: float) -> bool:
        # (points on the side, far apart along it: a straight side, not an ellipse's curve)
        on = [b for a, b in zip(across, along, strict=True) if abs(a - at) <= 1.0]
        return bool(on) and max(on) - min(on) >= SIDE_SHARE * extent

    sides = (
        straight(x0, xs, ys, y1 - y0)
        and straight(x1, xs, ys, y1 - y0)
        and straight(y0, ys, xs, x1 - x0)
        and straight(y1, ys, xs, x1 - x0)
    )
    return closed and near and sides


#: A rounded frame's corner points lie at most this share of its smaller side in from its edges,
#: and its points on each side stand this share of that side's length apart at least (its
#: straight run; an ellipse's points on its box's edge stand closer).
ROUNDED = 0.25
SIDE_SHARE = 0.7


def _page_size(page: Any) -> tuple[float, float]:
    crop = page.page_obj.cropbox if page.page_obj.cropbox is not None else page.page_obj.mediabox
    cl, cb, cr, ct = rect(crop)
    w, h = cr - cl, ct - cb
    return (h, w) if int(page.rotation) % 360 in (90, 270) else (w, h)


def _cell_text(cell: str | None) -> str:
    """A ruled cell's text: its lines joined (see :func:`adapters._table_rows.join_lines`), the
    spaces inside each collapsed."""
    out = ""
    for line in (cell or "").split("\n"):
        out = join_lines(out, " ".join(line.split()))
    return out


def _table(cells: Sequence[Sequence[str | None]], bbox: Box) -> Table:
    """A ruled grid as a table (its first row taken for the header)."""
    rows = [[_cell_text(c) for c in row] for row in cells]
    width = max((len(r) for r in rows), default=0)
    rows = [r + [""] * (width - len(r)) for r in rows]
    header = tuple(rows[0]) if rows else ()
    return Table(header=header, rows=tuple(tuple(r) for r in rows[1:]), bbox=bbox)
