"""The title block of a document's first page: the lines under its title that are no headings
(a subtitle, a report's number, its date); a tagged document's title its tree calls text."""

from __future__ import annotations

from collections.abc import Sequence

from pdfcore.models import Box
from pdfcore.structure.heading_shape import SECTION_NAME, heading_shaped, is_heading_role, numbering_depth
from pdfcore.structure.letterhead import letterhead_name
from pdfcore.structure.style import DocumentStyle, unit_key
from pdfcore.structure.unit import Unit
from pdfcore.structure.units import ALIGN_PT

#: A heading as large as this share of a line under the title, set in bold lower on the first
#: page, tells the line in a regular face for a subtitle (see :func:`front_matter`).
SUBTITLE_SHARE = 0.9


def front_matter(units: Sequence[Unit], page_width: float, style: DocumentStyle | None = None) -> None:
    """On a document's first page, the lines under its title before the first text set under
    it (a subtitle, the report's number, a date: ``Technical Report TR-2024-07`` and ``May
    2024`` in the title's block) are no headings when centred like the title, in a regular
    face, with no number of a section: those that were become paragraphs (a heading at the
    title's edge, a newsletter's first article's, stays).
    So are lines set flush with the title, smaller, in a regular face, where none is as large
    as the title and the headings as large are bold, on the page or among the document's
    heading styles (``style``), or where the line's style is no heading style the document
    learnt and its headings are bold (a subtitle under a title flush left, larger than the
    sections' headings; not a line under the first of several headlines set alike).
    The block ends at the first paragraph of several lines, list item or bold line (an
    ``Abstract``, the first section)."""
    k = next((i for i, u in enumerate(units) if u.kind == "heading"), None)
    if k is None or units[k].level != 1:
        return
    title = units[k]
    centre = (title.x0 + title.x1) / 2
    later = [u for u in units[k + 1 :] if u.kind == "heading"]
    # (a title: no heading under it as large; a page of articles' headlines has several)
    titled = not any(u.size >= SUBTITLE_SHARE * title.size for u in later)
    learnt = [key[0] for key, _ in style.levels if key[1]] if style is not None else []
    styles = [size for size in learnt if size < SUBTITLE_SHARE * title.size]  # (not the title's)
    bold_heads = [*(u.size for u in later if u.bold), *styles] if titled else []
    for u in units[k + 1 :]:
        centred = abs((u.x0 + u.x1) / 2 - centre) <= max(ALIGN_PT, 0.03 * page_width)
        if (
            u.bold
            and u is units[k + 1]
            and _particulars_line(u, style)
            and (centred or abs(u.x0 - title.x0) <= ALIGN_PT)
        ):
            u.kind, u.level = "paragraph", 0
            continue
        if u.bold or u.kind == "list_item" or (u.kind == "paragraph" and len(u.rows) > 1):
            break
        if u.kind != "heading" or numbering_depth(u.text) or SECTION_NAME.match(u.text):
            continue
        # flush with the title, smaller, in a regular face where the headings as large are
        # bold, or in a style of its own where the headings are bold: a subtitle (``Membership
        # and Lending Terms``), not the page's first section heading (a newsletter's first
        # article's heading is set as the others are)
        own = style is not None and bool(bold_heads) and not style.knows(*unit_key(u, style))
        flush = (
            abs(u.x0 - title.x0) <= ALIGN_PT
            and u.size < title.size
            and (own or any(size >= SUBTITLE_SHARE * u.size for size in bold_heads))
        )
        if centred or flush:
            u.kind, u.level = "paragraph", 0


def _particulars_line(u: Unit, style: DocumentStyle | None) -> bool:
    """A bold line right under the title reading as its particulars (a date, a place: a
    figure or a comma in it, no section's number), in a style of its own where the document
    learnt heading styles (a race's date and venue under its name, in the sections' face but
    no section)."""
    if u.kind != "heading" or style is None or not style.levels or style.knows(*unit_key(u, style)):
        return False
    if numbering_depth(u.text) or SECTION_NAME.match(u.text) or len(u.rows) > 1:
        return False
    return "," in u.text or any(ch.isdigit() for ch in u.text)


#: A tagged document's first unit set this many times the body's size or more reads as its title
#: (see :func:`tagged_title`).
TITLE_SIZE = 1.5


def tagged_title(units: Sequence[Unit], body_size: float, rules: Sequence[Box] = (), top: float | None = None) -> None:
    """On a tagged document's first page, the first unit, which the structure tree calls text
    (a paragraph), set TITLE_SIZE times the body's size or more, larger than every heading the
    tree names on the page and shaped like a heading: the document's title, a heading of the
    first level (a typesetter tagging its title as a paragraph: the tree disagrees with the
    page); not a letterhead's name (see :mod:`pdfcore.structure.letterhead`)."""
    if not units or body_size <= 0:
        return
    first = units[0]
    if first.kind != "paragraph" or is_heading_role(first.role) or first.size < TITLE_SIZE * body_size:
        return
    if not heading_shaped(first, first.text) or any(u.size >= first.size for u in units[1:] if u.kind == "heading"):
        return
    if letterhead_name(units, 0, lambda u: u.kind == "heading", rules, top):
        return  # the sender's name over its address, the title under them
    first.kind, first.level = "heading", 1


#: The two parts of a title are set this close in size (a share of the title's) ...
TITLE_PART_SIZE = 0.03
#: ... the second under the first by this many of its sizes at most.
TITLE_PART_GAP = 0.6


def title_parts(units: list[Unit]) -> list[Unit]:
    """On a document's first page, the title (its first heading, of the first level) and a
    heading right under it set as large, flush with it or centred like it, in another weight or
    slant, with no section's number (``Kestrel Scheduler 5.0`` in bold over ``Release Notes`` in
    a light face): one title, in two parts."""
    k = next((i for i, u in enumerate(units) if u.kind == "heading"), None)
    if k is None or k + 1 >= len(units) or units[k].level != 1:
        return units
    title, part = units[k], units[k + 1]
    if part.kind != "heading" or numbering_depth(part.text) or SECTION_NAME.match(part.text):
        return units
    if abs(part.size - title.size) > TITLE_PART_SIZE * title.size or (part.bold, part.italic) == (
        title.bold,
        title.italic,
    ):
        return units
    if not 0 <= part.y0 - title.y1 <= TITLE_PART_GAP * title.size:
        return units
    if abs(part.x0 - title.x0) > ALIGN_PT and abs((part.x0 + part.x1) - (title.x0 + title.x1)) > 2 * ALIGN_PT:
        return units
    title.rows = [*title.rows, *part.rows]
    title.refresh()
    title.level = 1
    return [*units[: k + 1], *units[k + 2 :]]
