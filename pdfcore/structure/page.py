"""One page's structure: its units classified, tables and figures put in place, footnotes
after the body, paragraphs joined across column breaks.

Classification of a unit (first match wins):

1. a heading by the structure tree, in a document whose tags are used (see style.py): its
   H1-H6/Title role gives the level; other roles are never headings there;
2. a code block: monospaced rows in a document whose body text is not monospaced;
3. a caption ("Figure 3:", "Table 2.", ...): tied to the nearest figure or table;
4. a heading by the outline: a bookmark of this page names the unit's text;
5. a heading by typography: short, prominent (larger than the body, or bold at about its
   size), in a style the document sets headings in (its level is the style's); or a row of
   its own naming a section most documents name alike ("Abstract") right over its text;
6. a list item: it starts with a bullet or an enumerator;
7. a paragraph.

A page of small print (a notices page set smaller than the document's body text) is classified
with its own text size read as the body size. A heading that ends a column and reads as a
sentence (several words and a full stop) is a paragraph: a notice, not a title over the next;
so is a ragged block of rows set one under the other on purpose (a name over a title over an
office on a cover), see classify.stacked_lines. A block set across the columns on a band of its own
that the text layer gives after text below it is read where it stands (before that text).

A table the page carries replaces the rows inside its box, at the place of the first of
them. A figure goes before the first element below it that overlaps it horizontally.
Footnotes (text smaller than the body with no body text below it, one of them starting with
a note mark) are kept after the body, each note opening with its mark a paragraph of its own,
notes drawn from the bottom up in their numbering order (notes.py). A list item is nested at
most one level below the item before it, a list's first item at level 0 (its ``level`` is the
one the Markdown shows).

Its parts: classify.py (what each unit is), reading.py (units moved to where they are read;
footnotes told apart), notes.py (footnotes one by one, in their order), false_tables.py (grids
that are no tables), placement.py (tables and figures placed among the units), captions.py
(captions tied to them), elements.py (units to elements, paragraphs joined across column
breaks, list items' nesting).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from pdfcore.layout.hyphens import Lexicon
from pdfcore.models import Box, DocumentFacts, PageText, Table
from pdfcore.structure.bare_numbers import bare_numbered_items
from pdfcore.structure.captions import tie_captions
from pdfcore.structure.chapter_labels import chapter_labels
from pdfcore.structure.classify import (
    SMALL_PRINT_SLACK,
    amounts_in_parentheses,
    classify,
    colon_terms,
    hanging_heads,
    is_toc,
    kickers,
    last_in_column,
    legend_marks,
    lettered_notes,
    list_depths,
    lone_letters,
    named_sections,
    note_marks,
    sentence,
    small_print_size,
    stacked_lines,
    stacked_units,
)
from pdfcore.structure.code_blocks import merge_code
from pdfcore.structure.drawn_bullets import drawn_bullets
from pdfcore.structure.elements import column_tables, element, join_columns, nest_items
from pdfcore.structure.false_tables import axis_table, formula_table, prose_table, scattered_table
from pdfcore.structure.figures import figure_boxes, figure_ref, subcaptions
from pdfcore.structure.flowcharts import flowchart_table
from pdfcore.structure.formulas import join_formula_bands
from pdfcore.structure.heading_shape import (
    LIST_SET_IN,
    aligned,
    introduces_text,
    numbering_depth,
    page_title,
    text_columns,
)
from pdfcore.structure.leading import join_open_leading
from pdfcore.structure.letterhead import letterhead_name
from pdfcore.structure.marked_heads import marked_heads
from pdfcore.structure.model import Element, PageStructure
from pdfcore.structure.notes import numbered_order, split_notes
from pdfcore.structure.outline import match_outline
from pdfcore.structure.placement import box_below, in_rows, position, table_slot, take_table_rows
from pdfcore.structure.reading import (
    bands_before_what_is_below,
    footnote_ids,
    headings_before_their_text,
    headings_over_tables,
)
from pdfcore.structure.rows import MARK_SIZE, Row, page_rows, row_without
from pdfcore.structure.run_in import run_in_heads
from pdfcore.structure.split_rows import join_split_rows
from pdfcore.structure.style import DocumentStyle, unit_key
from pdfcore.structure.title_block import front_matter, tagged_title, title_parts
from pdfcore.structure.unit import Unit, small_mark
from pdfcore.structure.unit_tidy import tidy_units
from pdfcore.structure.units import split_units
from pdfcore.structure.upright import upright_pages
from pdfcore.structure.vector_figures import (
    captioned_diagrams,
    figure_title,
    holds_label,
    subcaption_blocks,
    vector_figure_boxes,
    vector_figure_ref,
)

if TYPE_CHECKING:
    from ports.word_list import WordList

#: A vector figure sharing more than this share of its area (or the table's) with a table is
#: the table's: tables are read apart and keep their region.
TABLE_OVERLAP = 0.2
#: A grid with this share of its area inside a diagram over its "Figure" caption is the
#: diagram's labels (boxes in rows, each labelled).
DIAGRAM_GRID_SHARE = 0.9


def page_structure(
    page: PageText,
    facts: DocumentFacts,
    style: DocumentStyle,
    *,
    join_hyphenation: bool = True,
    tables: Sequence[Table] | None = None,
    common: WordList | None = None,
) -> PageStructure:
    """The page's elements (see the module docstring). ``tables`` default to the page's own;
    ``common``: the common words of English, for words broken at a line or column break whose
    hyphen the page's words do not explain (see :func:`pdfcore.layout.hyphens.keep_hyphen`)."""
    (page,), facts = upright_pages([page], facts)  # a page scanned turned, read upright
    width, height = _size(facts, page)
    # the page's words (for words broken at a line end), read by the rows and the units alike
    lexicon = Lexicon(text=page.text, common=common) if join_hyphenation else None
    rows = page_rows(page, join_hyphenation=join_hyphenation, page_height=height, roles=style.roles, lexicon=lexicon)
    text_top = min((r.y0 for r in rows), default=0.0)  # (tables' rows too: a letterhead is over all)
    if page.marks:
        drawn_bullets(rows, page.marks, [d.bbox for d in page.drawings])  # list bullets drawn as art
    images = figure_boxes(page, width, height)
    art = vector_figure_boxes(page, width, height, images)
    placed = true_tables(page, page.tables if tables is None else tables, width, height, art)
    drawn = _vector_figures(page, art, placed)
    titles: dict[str, str] = {}
    if drawn:  # a figure's labels are its own, not paragraphs; its subcaptions stay
        titles = {ref: title for ref, b in drawn if (title := figure_title(b, rows))}
        rows = _without_labels(rows, [b for _, b in drawn], join_hyphenation, lexicon)
    rows, anchors, beside = take_table_rows(rows, placed)
    # the first row under a table whose rows the layout held in one block with those above and
    # below it starts a unit: no paragraph runs across the table
    under = frozenset(
        id(rows[a]) for a in anchors if a is not None and 0 < a < len(rows) and rows[a - 1].block == rows[a].block
    )
    label = facts.pages[page.index].label if 0 <= page.index < len(facts.pages) else None
    units = tidy_units(
        split_units(
            join_open_leading(
                join_split_rows(
                    join_formula_bands(rows, style.body_size, join_hyphenation, lexicon), join_hyphenation, lexicon
                )
            ),
            join_hyphenation,
            lexicon,
            under,
        ),
        style.body_size,
        height,
        label,
    )
    entries = style.outline.get(page.index + 1, [])
    tagged = style.tagged and any(r.role for r in rows)
    toc = is_toc([u for u in units if not u.entry])  # a book's index is no table of contents
    # a page of small print is classified with its own text size read as the body size
    small = small_print_size(units, style.body_size)
    sizes = [u.size for u in units]
    for u in units:
        if small and abs(u.size - small) <= SMALL_PRINT_SLACK:
            u.size = style.body_size
    columns = text_columns(units, style.body_size)
    for u in units:
        classify(u, style, entries, tagged=tagged, toc=toc, page_height=height)
    if not tagged and not toc:
        named_sections(units, style)
    # (where each heading stands, asked once: a heading's siblings ask it too, see _beside_peer)
    placed_at = [
        u.kind == "heading"
        and not tagged
        and (
            aligned(u, columns, width, units)
            or _heads_table(u, placed, units)
            or _numbered_in_style(u, style)
            or (page.index == 0 and page_title(u, units, style.body_size))
        )
        for u in units
    ]
    for k, u in enumerate(units):
        if (
            u.kind == "heading"
            and not tagged
            and not match_outline(u.text, entries)
            and not (
                (placed_at[k] or _beside_peer(u, units, placed_at, style))
                and (
                    introduces_text(units, k, height)
                    or box_below(u, [t.bbox for t in placed], units) is not None
                    or (style.knows(*unit_key(u, style)) and last_in_column(units, k))
                )
            )
        ):
            u.kind = "paragraph"
        elif (
            u.kind == "heading"
            and not tagged
            and ((sentence(u.text) and last_in_column(units, k)) or stacked_lines(units, k, columns, style))
            and not match_outline(u.text, entries)
        ):
            # a notice at a column's foot, not a heading over the next one; lines set one
            # under the other (a name over a title over an office, a notice over its date)
            u.kind = "paragraph"
    if not tagged:
        stacked_units(units, style)
        if page.index == 0:
            first = next((i for i, u in enumerate(units) if u.text.strip()), None)
            if (
                first is not None
                and units[first].kind == "heading"
                and letterhead_name(units, first, lambda v: v.kind == "heading", page.rules, text_top)
            ):
                units[first].kind, units[first].level = "paragraph", 0  # the sender's name over its address
            front_matter(units, width, style)
    elif page.index == 0:
        tagged_title(units, style.body_size, page.rules, text_top)
    for u, size in zip(units, sizes, strict=True):
        u.size = size
    if not tagged:
        kickers(units, entries)
        colon_terms(units)
        units = chapter_labels(units)
        if page.index == 0:
            units = title_parts(units)
    note_marks(units)
    legend_marks(units, placed)
    lettered_notes(units)
    hanging_heads(units)
    boxes = [t.bbox for t in placed]
    shown = [*images, *(b for _, b in drawn)]
    units = merge_code(bands_before_what_is_below(headings_before_their_text(units, boxes, shown), boxes))
    amounts_in_parentheses(units)
    lettering = lone_letters(units)
    bare_numbered_items(units, style.body_size)
    subcaptions(units, shown)
    list_depths(units)
    footnotes = footnote_ids(units, style, height)
    units, footnotes = split_notes(units, footnotes)  # notes set one under the other, one by one
    units = numbered_order(units, footnotes)  # notes drawn from the bottom up, in their order
    figures = [(figure_ref(page.index, k), box) for k, box in enumerate(images)] + drawn
    captions = tie_captions(units, figures, placed, style, footnotes)

    # Elements in reading order: units, with tables at their place and figures by position.
    units = headings_over_tables(units, [t.bbox for t in placed], footnotes)
    row_unit: dict[int, int] = {}  # only a page with tables asks
    for k, u in enumerate(units if placed else ()):
        for r in u.rows:
            row_unit[id(r)] = k
    before: dict[int, list[Element]] = {}
    for t, (table, anchor) in enumerate(zip(placed, anchors, strict=True)):
        el = Element(
            "table",
            bbox=table.bbox,
            table=table,
            caption=captions.get(("t", t), ""),
            caption_below=("t", t) in captions.below,
        )
        # after the unit of the row the text layer gives before the table's first row
        at = None if anchor is None else row_unit.get(id(rows[anchor - 1]), -1) + 1 if anchor > 0 else 0
        slot = before.setdefault(table_slot(units, table.bbox, at, footnotes), [])
        slot.append(el)
        # text printed inside the table's frame that none of its cells holds (its notes)
        slot.extend(_notes_in_frame(beside.get(t, []), style, join_hyphenation, height, label))
    for f in in_rows([box for _, box in figures]):  # figures side by side: left to right
        ref, box = figures[f]
        el = Element("figure", bbox=box, ref=ref, caption=_with_title(captions.get(("f", f), ""), titles.get(ref)))
        before.setdefault(position(units, box, footnotes), []).append(el)
    body: list[Element] = []
    notes: list[Element] = []
    taken = {id(u) for u in captions.values_units}
    for k, u in enumerate(units):
        body.extend(before.pop(k, ()))
        if id(u) in taken:
            continue
        el = element(u, join_hyphenation, body_bold=style.body_bold, body_italic=style.body_italic)
        if id(u) in footnotes and u.hanging and el.kind == "list_item" and _raised_mark(u):
            # (a note's number set small, hanging left of its text: a note, no list's item)
            el = attrs.evolve(el, kind="paragraph", marker="", level=0)
        (notes if id(u) in footnotes else body).append(el)
    for k in sorted(before):
        body.extend(before[k])
    body = column_tables(join_columns(marked_heads(run_in_heads(body, style), style), lexicon))
    nested = nest_items([*body, *notes])
    return PageStructure(
        page.index, tuple(nested[: len(body)]), tuple(nested[len(body) :]), lettering=lettering, height=height
    )


def _raised_mark(unit: Unit) -> bool:
    """The unit opens with a note's mark set smaller than its words (see
    :func:`~pdfcore.structure.unit.small_mark`), or given as a line of its own set so before them
    (a raised ``1`` beside ``The EBacc is ...``)."""
    if small_mark(unit):
        return True
    pieces = sorted(unit.first.pieces, key=lambda ln: ln.bbox.x0)
    if len(pieces) < 2 or not pieces[0].text.strip().isdigit() or len(pieces[0].text.strip()) > 3:
        return False
    return 0 < pieces[0].font_size <= MARK_SIZE * pieces[1].font_size


def _without_labels(rows: list[Row], figures: list[Box], join_hyphenation: bool, lexicon: Lexicon | None) -> list[Row]:
    """The rows but the figures' labels (a figure's subcaptions stay): a row inside a figure is
    left out, and a row the layout joined across a figure's edge (a bar's value label and the
    text of the column beside the chart) keeps its pieces outside."""
    kept = subcaption_blocks(rows)
    out: list[Row] = []
    for r in rows:
        if r.block in kept:
            out.append(r)
        elif len(r.pieces) > 1:
            rest = [p for p in r.pieces if not any(holds_label(b, *_edges(p.bbox), p.text) for b in figures)]
            if len(rest) == len(r.pieces):
                out.append(r)
            elif rest:
                out.append(row_without(r, rest, join_hyphenation, lexicon))
        elif not any(holds_label(b, r.x0, r.y0, r.x1, r.y1, r.text) for b in figures):
            out.append(r)
    return out


def _beside_peer(unit: Unit, units: Sequence[Unit], placed_at: Sequence[bool], style: DocumentStyle) -> bool:
    """Another heading of the page in ``unit``'s style, one of the document's heading styles,
    starts at its left edge and stands where a heading does (see
    :func:`~pdfcore.structure.heading_shape.aligned`): a section's heading set out at the margin
    over a subheading (the list of numbered paragraphs it heads, set in, starts under that),
    beside its sibling right over such a list."""
    key = unit_key(unit, style)
    if not style.knows(*key):
        return False
    slack = max(2.0, 0.3 * max(unit.size, 1.0))
    return any(
        ok and v is not unit and v.kind == "heading" and abs(v.x0 - unit.x0) <= slack and unit_key(v, style) == key
        for v, ok in zip(units, placed_at, strict=True)
    )


def _heads_table(unit: Unit, tables: Sequence[Table], units: Sequence[Unit]) -> bool:
    """A table stands right below ``unit`` (see :func:`box_below`), ``unit`` starting at its left
    edge (in from it or out from it by LIST_SET_IN em at most: a table set in from its heading,
    a heading set in past a mark drawn before it) or centred on it, its caption between them or
    none: a section's heading over its table (on a page whose other text, a list's items set in,
    makes the running text's column)."""
    k = box_below(unit, [t.bbox for t in tables], units)
    if k is None:
        return False
    b, em = tables[k].bbox, max(unit.size, 6.0)
    return abs(b.x0 - unit.x0) <= LIST_SET_IN * em or abs((unit.x0 + unit.x1) / 2 - (b.x0 + b.x1) / 2) <= 0.5 * em


def _edges(b: Box) -> tuple[float, float, float, float]:
    return b.x0, b.y0, b.x1, b.y1


def _notes_in_frame(
    rows: list[Row], style: DocumentStyle, join_hyphenation: bool, height: float, label: str | None
) -> list[Element]:
    """Paragraphs of the rows printed inside a table's frame that none of its cells holds."""
    if not rows:
        return []
    lexicon = Lexicon(text=" ".join(r.text for r in rows)) if join_hyphenation else None
    units = tidy_units(split_units(rows, join_hyphenation, lexicon), style.body_size, height, label)
    for u in units:
        u.kind = "paragraph"
    return [element(u, join_hyphenation, body_bold=style.body_bold, body_italic=style.body_italic) for u in units]


def true_tables(
    page: PageText, tables: Sequence[Table], width: float, height: float, art: list[Box] | None = None
) -> list[Table]:
    """The grids of ``tables`` (the table reader's, on ``page``) that are tables: not running
    text cut at its line ends, a chart's labels scattered over a doubtful grid, or display
    formulas beside their numbers (:mod:`pdfcore.structure.false_tables`), or a flowchart's
    boxes (:mod:`pdfcore.structure.flowcharts`); nor a grid on the
    vector figures ``art`` (found on the page when not given) that is their labels: one holding
    a value axis, one straddling two figures or more (two charts side by side read as one grid),
    one inside a diagram over its "Figure" caption (its boxes' labels in rows). The Markdown
    places these; the others' text stays text, or their figure's. The structured tables of a
    read are these too, so both tell the same."""
    kept = [
        t
        for t in tables
        if t.bbox.x1 > t.bbox.x0
        and not prose_table(t, page.rules)
        and not scattered_table(t)
        and not formula_table(t)
        and not flowchart_table(t, page.rules)
    ]
    if not kept:
        return kept
    if art is None:
        art = vector_figure_boxes(page, width, height, figure_boxes(page, width, height))
    diagrams = captioned_diagrams(page, art)
    return [t for t in kept if not _figures_labels(t, art, diagrams)]


def _vector_figures(page: PageText, found: list[Box], tables: list[Table]) -> list[tuple[str, Box]]:
    """The page's vector figures (``found``) and their refs, but those on a table (never a
    figure's)."""
    return [
        (vector_figure_ref(page.index, k), box)
        for k, box in enumerate(found)
        if not any(_overlap(box, t.bbox) > TABLE_OVERLAP for t in tables)
    ]


def _with_title(caption: str, title: str | None) -> str:
    """A figure's caption with the title printed inside it (a chart's), which leaves the page's
    text with its labels: ``Figure 2: Incidents by Month``."""
    if not title:
        return caption
    if not caption:
        return title
    return f"{caption} {title}" if caption.rstrip()[-1:] in ".:;,|—–-" else f"{caption}: {title}"


def _figures_labels(table: Table, art: list[Box], diagrams: list[Box]) -> bool:
    """The grid is the labels of the vector figures ``art`` it lies on: one holding a value
    axis down a column, two figures or more side by side, or a diagram over its caption
    (``diagrams``) it lies inside (DIAGRAM_GRID_SHARE of its area)."""
    on = sum(1 for b in art if _overlap(b, table.bbox) > TABLE_OVERLAP)
    t = table.bbox
    inside = any(_overlap(d, t) >= DIAGRAM_GRID_SHARE and t.width * t.height <= d.width * d.height for d in diagrams)
    return on >= 2 or (on == 1 and (axis_table(table) or inside))


def _overlap(a: Box, b: Box) -> float:
    """The area two boxes share over the smaller one's area."""
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    small = min((a.x1 - a.x0) * (a.y1 - a.y0), (b.x1 - b.x0) * (b.y1 - b.y0))
    return (w * h) / small if w > 0 and h > 0 and small > 0 else 0.0


def _size(facts: DocumentFacts, page: PageText) -> tuple[float, float]:
    if 0 <= page.index < len(facts.pages):
        info = facts.pages[page.index]
        return info.width, info.height
    return 612.0, 792.0


def _numbered_in_style(unit: Unit, style: DocumentStyle) -> bool:
    """A numbered heading set in a style the document's headings numbered to its depth are set
    in (``5 On the Day of Your Test``, its number hung in a box at the page's margin, alone on
    its page): placed as those are, wherever the page's text starts."""
    depth = numbering_depth(unit.text)
    return depth > 0 and style.depth_of(*unit_key(unit, style)) == depth
