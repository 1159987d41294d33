"""Numbered clauses of a policy or an agreement, each a paragraph (``2.2.3 arranging an annual
check ...``): where one ends and the next starts, and where a clause's text wraps."""

from __future__ import annotations

import re

#: A clause's number opening a row, parts of one or two digits (a date's year has four), and
#: the blank before its text (``2.2.3 arranging``).
_NUMBER = re.compile(r"(\d{1,2}(?:\.\d{1,2})+)\.?\s+(?=\w)")
#: A clause of a list of them is numbered to this many levels at most.
MAX_LEVELS = 4
#: How a clause of a list of them ends (a semicolon, and a last "and" or "or" after it).
CLAUSE_END = (";", "; and", "; or")
#: A clause's text hangs at most this many ems in from its number.
CLAUSE_HANG = 5.0


def clause_levels(text: str) -> int:
    """How many levels the clause's number opening ``text`` has (``2.2.3 arranging`` -> 3); 0
    when it opens with none of two levels or more."""
    m = _NUMBER.match(text)
    return m.group(1).count(".") + 1 if m else 0


def _clause(text: str) -> bool:
    """``text`` opens with a clause's number of two levels up to MAX_LEVELS, then its text."""
    return 2 <= clause_levels(text) <= MAX_LEVELS


def next_clause(above: str, text: str) -> bool:
    """A row (``text``) opening with a clause's number right under a row ending a clause of a
    list of them (``above``) starts the next clause: ``2.2.2 giving advice ...; and`` over
    ``2.2.3 arranging ...``."""
    return above.endswith(CLAUSE_END) and _clause(text)


def hung_in_clause(first: str, indent_em: float, full: bool) -> bool:
    """A row set in ``indent_em`` ems under a clause's first row (``first``, opening with its
    number), which runs to the margin (``full``), is the clause's text wrapped hung past its
    number (``5.1 At the end ... unless the Compliance`` over ``Manager has agreed ...``), not a
    paragraph set in."""
    return full and indent_em <= CLAUSE_HANG and _clause(first)
