"""The words that open a figure's or a table's caption ("Figure 3:", "Abb. 2", "Table 4.",
"Tabelle 1"), in one place for the text adapter (a region of vector art cut at a caption, a
table's caption left out of its cells) and the structure reader (caption lines, figures told
from tables).

A caption is one of these words and a number: ``CAPTION`` (any of them), ``FIGURE_CAPTION``,
``TABLE_CAPTION``. A place that reads the number otherwise builds its own pattern over the same
words with :func:`alternation`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = [
    "CAPTION",
    "FIGURE_CAPTION",
    "FIGURE_WORDS",
    "FILING_TABLE_WORDS",
    "LABEL_NUMBER",
    "OTHER_WORDS",
    "TABLE_CAPTION",
    "TABLE_WORDS",
    "alternation",
    "is_caption",
]

#: Words that open a figure's caption, in the languages the corpus prints (a chart, a diagram, a
#: chemical scheme, an illustration are figures too).
FIGURE_WORDS = ("Figure", "FIGURE", "Fig.", "FIG.", "Abbildung", "Abb.", "Figura", "Diagram", "Scheme", "Illustration")
#: Words that open a table's caption.
TABLE_WORDS = ("Table", "TABLE", "Tab.", "Tabelle", "Tableau", "Tabla")
#: Words that open the caption of another numbered display: a chart, a plate, a graph, a code
#: listing, an exhibit (a table or a figure, as the document has it). Captions, tied to a figure
#: before a table.
OTHER_WORDS = ("Chart", "Exhibit", "Plate", "Listing", "Graph")
#: Words that title a table in a filing ("Exhibit 3", "Schedule I"): a table's caption when a
#: table region holds the line, not caption words in running text ("Schedule 13D" names a form).
FILING_TABLE_WORDS = ("Exhibit", "Schedule")

#: A caption's number after its word: "3", "2.1", "S4", "IV", "A1", "A-2", "B.3", "5b",
#: followed by a blank, a colon, a stop or a dash, or nothing ("Figure 3, left" is a sentence
#: about the figure).
LABEL_NUMBER = r"\s*(?:[A-Z]{1,2}[.\-–]?)?[\dIVX]+(?:[.\-–]\d+)*[a-z]?(?=[\s:.—–-]|$)"


def alternation(words: Iterable[str]) -> str:
    """A regular expression matching any of ``words`` (literally: "Fig." ends with a stop)."""
    return "|".join(re.escape(w) for w in words)


CAPTION = re.compile(rf"^(?:{alternation((*FIGURE_WORDS, *TABLE_WORDS, *OTHER_WORDS))}){LABEL_NUMBER}")
FIGURE_CAPTION = re.compile(rf"^(?:{alternation(FIGURE_WORDS)}){LABEL_NUMBER}")
TABLE_CAPTION = re.compile(rf"^(?:{alternation(TABLE_WORDS)}){LABEL_NUMBER}")


def is_caption(text: str) -> bool:
    """``text`` opens with a caption's word and number (a figure's, a table's or another
    display's)."""
    return CAPTION.match(text) is not None
