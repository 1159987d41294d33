"""Structured Markdown from a document's pages: headings, paragraphs, lists, code, tables and
figures in place, footnotes after the body.

Pure functions over the domain models (no engine): the layout's blocks (lines in reading order,
with their font facts and tagged roles) go in, Markdown comes out.

- :mod:`~pdfcore.structure.rows`: a page's visible rows (hidden text and flagged furniture out);
- :mod:`~pdfcore.structure.units`: rows cut into paragraphs, headings, list items, code
  (:mod:`~pdfcore.structure.unit`: a unit, its box, font facts and text);
- :mod:`~pdfcore.structure.style`: the document's typography and heading levels, learnt once
  from a fixed sample of its pages (tags, outline, sizes and weights);
  :mod:`~pdfcore.structure.heading_shape`: a unit shaped and placed like a heading whatever the
  style; :mod:`~pdfcore.structure.outline`: the bookmark naming a unit's text;
- :mod:`~pdfcore.structure.page`: a page's units classified, tables and figures in place, by
  :mod:`~pdfcore.structure.classify` (what each unit is), :mod:`~pdfcore.structure.code_blocks`
  (code, a listing's units as one block), :mod:`~pdfcore.structure.reading`
  (units moved to where they are read; footnotes), :mod:`~pdfcore.structure.false_tables`
  (grids that are no tables), :mod:`~pdfcore.structure.placement` (tables and figures among the
  units), :mod:`~pdfcore.structure.captions` and :mod:`~pdfcore.structure.elements` (units to
  elements, paragraphs joined across column breaks);
- :mod:`~pdfcore.structure.figures`: which images are figures, and their refs;
- :mod:`~pdfcore.structure.render`: elements to Markdown;
- :mod:`~pdfcore.structure.document`: pages to one document (page comments, paragraphs joined
  across page breaks).

docs/extraction.md ("Markdown") tells the same for readers.
"""

from __future__ import annotations

from pdfcore.structure.document import join_pages, page_comment, render_document
from pdfcore.structure.figures import drawing_refs, figure_boxes, figure_ref, figure_refs, parse_figure_ref
from pdfcore.structure.model import Element, PageStructure
from pdfcore.structure.page import page_structure
from pdfcore.structure.render import render_page, render_table
from pdfcore.structure.style import NO_STYLE, DocumentStyle, learn, sample_indexes

__all__ = [
    "NO_STYLE",
    "DocumentStyle",
    "Element",
    "PageStructure",
    "drawing_refs",
    "figure_boxes",
    "figure_ref",
    "figure_refs",
    "join_pages",
    "learn",
    "page_comment",
    "page_structure",
    "parse_figure_ref",
    "render_document",
    "render_page",
    "render_table",
    "sample_indexes",
]
