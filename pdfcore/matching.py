"""What a keyword match is, for every search pdfcore answers: one document in either profile, a
folder of documents, and the places of the compact profile.

- **Terms.** A query's terms are its words (stemmed by the index: ``running`` finds ``run``),
  its ``"quoted phrases"`` (word for word, in order) and its CJK terms (substrings: unspaced
  scripts have no word breaks). Function words (``the``, ``of``, ``what``, ...) are left out of
  a query that holds other words (:func:`content_query`): a page or a line holding only "of
  the" is no answer. A quoted phrase keeps them.
- **A match** is one occurrence of a term on a page that satisfies the query (every term; or any
  term when a long query is relaxed). **A page's count** is its number of matches, and the
  match spans of a page are exactly that many: ``page_match_counts``, a hit's ``match_count``,
  the ``×N`` of the compact rows (which add up to the page's count) and a folder search's
  counts are all this number.
- **Numbers match as numbers** (:func:`numbers_agree`). A number is a run of digits joined by
  thousands separators (a comma before exactly three digits) and a decimal point:
  ``432,148``, ``1,234.5``, ``247.772``, ``2009``. A term's number matches the same number
  written the same way, never part of a longer one: ``432,148`` is not found in ``1,432,148``
  nor in ``432.1``; ``247.772`` does not match ``247,772`` (a thousands separator is not a
  decimal point); ``432`` is not a hit in ``$432.1 million`` nor in ``432,148``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pdfcore.models import KeywordQuery, QueryTerm

#: Function words: left out of a query that holds other words (see :func:`content_query`).
_FUNCTION_WORDS_TEXT = (
    "a an and are as at be been but by can could did do does for from had has have how i if in into is it"
    " its may might of on or our should than that the their them then there these they this those to was"
    " we were what when where which who whom why will with would you your"
)
FUNCTION_WORDS = frozenset(_FUNCTION_WORDS_TEXT.split())

#: A number: digits, thousands groups (a comma before exactly three digits), a decimal part.
NUMBER = re.compile(r"\d+(?:,\d{3}(?!\d))*(?:\.\d+)?")
_DIGIT = re.compile(r"\d")
#: How far around a span a number holding it is looked for (a longer number is no match anyway).
_NUMBER_REACH = 64


def is_function_word(term: QueryTerm) -> bool:
    return not term.phrase and not term.substring and term.text.lower() in FUNCTION_WORDS


def content_query(query: KeywordQuery) -> KeywordQuery:
    """``query`` without its function words, unless nothing else is left (``"the who"``)."""
    content = tuple(t for t in query.terms if not is_function_word(t))
    if not content or len(content) == len(query.terms):
        return query
    return KeywordQuery(content, mode=query.mode)


def relaxed_query(query: KeywordQuery) -> KeywordQuery:
    """The OR form of ``query`` (tried when no page holds every term): its content terms."""
    return KeywordQuery(content_query(query).terms, mode="or")


def term_numbers(text: str) -> tuple[str, ...]:
    """The numbers a term holds, as written (``"$432.1"`` -> ``("432.1",)``)."""
    return tuple(m.group() for m in NUMBER.finditer(text))


def has_number(term: QueryTerm) -> bool:
    return _DIGIT.search(term.text) is not None


def numbers_agree(text: str, span: tuple[int, int], wanted: Sequence[str]) -> bool:
    """Whether the numbers of ``text`` that overlap ``span`` are exactly ``wanted``, in order:
    the span's digits are whole numbers written as the term writes them."""
    a, b = span
    lo = max(0, a - _NUMBER_REACH)
    window = text[lo : min(len(text), b + _NUMBER_REACH)]
    found = [m.group() for m in NUMBER.finditer(window) if m.start() + lo < b and m.end() + lo > a]
    return found == list(wanted)


def verified(text: str, term: QueryTerm, spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of ``term``'s occurrences in ``text`` that are matches (numbers as numbers)."""
    if not has_number(term):
        return list(spans)
    wanted = term_numbers(term.text)
    return [s for s in spans if numbers_agree(text, s, wanted)]
