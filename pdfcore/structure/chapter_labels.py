"""A chapter's label over its title: ``Chapter 1`` set on a row of its own, the title ``Background``
set larger right under it (LaTeX's report and book classes, most word processors' chapter
styles). Both read as headings, the label a level below the title it names (it is set smaller),
which puts a level-2 heading before the level-1 heading of the same chapter. The two are one
heading: the label's rows go on the title's (``Chapter 1 Background``), at the title's level; and
the label's size is no heading level of its own (the document's sections stay level 2)."""

from __future__ import annotations

import re

from pdfcore.structure.heading_shape import text_below
from pdfcore.structure.unit import Unit

#: A chapter's (or part's, appendix's) label alone: the word and its number or letter.
_CHAPTER_LABEL = re.compile(
    r"^(?:Chapter|CHAPTER|Part|PART|Appendix|APPENDIX|Annex|ANNEX|Chapitre|CHAPITRE|Kapitel|KAPITEL)"
    r"\s+(?:\d+|[IVXLC]+|[A-Z]|[A-Za-z]+)[.:]?$"
)


#: The title is set this much larger than its label at least.
TITLE_STEP = 1.1
#: A heading opening with a label of its own (an item's, an article's, a section's number) is
#: the first heading under the label, not its title.
_OWN_LABEL = re.compile(
    r"^(?:(?:Item|ITEM|Article|ARTICLE|Section|SECTION|Chapter|CHAPTER|Part|PART)\b|\d+(?:\.\d+)*[.:)]?\s|[IVXLC]+\.\s)"
)


def over_title(units: list[Unit], k: int) -> bool:
    """Unit ``k`` is a chapter's label alone right over a unit set larger (TITLE_STEP), nothing
    between them, that opens with no label of its own: its title. Such a label is no heading style of the document's own (see
    :func:`pdfcore.structure.style.learn`)."""
    if k + 1 >= len(units) or not _CHAPTER_LABEL.match(units[k].text):
        return False
    title = units[k + 1]
    if title.size < TITLE_STEP * units[k].size or _OWN_LABEL.match(title.text):
        return False  # (a part's label over its first item, ``PART II`` over ``ITEM 5.``, stays)
    return text_below(units, k) == k + 1


def chapter_labels(units: list[Unit]) -> list[Unit]:
    """The page's units with each chapter's label alone right over its title (see
    :func:`over_title`), a heading, made one heading with it."""
    out = list(units)
    k = 0
    while k < len(out) - 1:
        u, title = out[k], out[k + 1]
        if u.kind in ("heading", "paragraph") and title.kind == "heading" and over_title(out, k):
            level = title.level
            title.rows = [*u.rows, *title.rows]
            title.refresh()
            title.level = level
            del out[k]
            continue
        k += 1
    return out
