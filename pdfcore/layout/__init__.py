"""From raw lines to blocks and page text in reading order.

Pure functions on models: an extractor (native text layer or OCR) hands over lines in the order
it found them; :func:`assemble` puts them in reading order, groups them into paragraph-like
blocks and renders the page text (blocks separated by a blank line, lines by a newline).

Where each part lives:

- :mod:`~pdfcore.layout.reading_order`: :func:`assemble`, and the page's lines split by
  orientation (horizontal, vertical CJK, rotated) and put in reading order.
- :mod:`~pdfcore.layout.columns`: columns and bands. Horizontal text keeps the extractor's
  order unless the page has columns. A *gutter* is an x-range that (almost) no column-sized
  line crosses, with prose on both sides of it, side by side. Lines spanning the gutter
  (titles, abstracts, wide figures and their captions) cut the page into horizontal bands; the
  page is read band by band, and inside a band column by column, left to right. Each side is
  searched again for a gutter of its own (three columns are a gutter inside one side of
  another). Inside a column, lines are read top to bottom.
- :mod:`~pdfcore.layout.vertical`: vertical CJK writing (tategaki). pdfium reports each
  vertical column as a line whose text already runs top to bottom. Columns are read right to
  left, in bands from top to bottom; neighbouring columns of the same size form a block, one
  column per line. Rotated lines (tall and narrow, not CJK: margin stamps, rotated labels) stay
  in the extractor's order on a page without columns and come after the columns on a page with
  them.
- :mod:`~pdfcore.layout.blocks`: consecutive lines grouped into paragraph-like blocks, and a
  block's lines joined into its text.
- :mod:`~pdfcore.layout.hyphens`: hyphenation marks and words broken at line ends, joined
  inside a block ("exam-" + "ple" -> "example") when the next line starts with a lowercase
  letter; whether a compound keeps its hyphen is decided by the document's own words
  (:func:`~pdfcore.layout.hyphens.keep_hyphen`).
- :mod:`~pdfcore.layout.list_marks`: list markers drawn apart from their items (after the
  page's text, as HTML and CSS typesetters draw them) joined to the front of the items' lines.
- :mod:`~pdfcore.layout.controls`: control characters (glyphs without a Unicode mapping) taken
  out of the lines before anything else.
- :mod:`~pdfcore.layout.scripts`: which characters are CJK.

docs/extraction.md tells the same for readers.
"""

from __future__ import annotations

from pdfcore.layout.blocks import group_lines
from pdfcore.layout.reading_order import assemble, count_chars, order_blocks, render_text

__all__ = ["assemble", "count_chars", "group_lines", "order_blocks", "render_text"]
