"""What a keyword query asks: quoted phrases and words, with CJK terms matched as substrings.

:func:`parse_query` reads the user's query into terms; its content words (function words left
out) and its relaxed form (OR instead of AND, for a 3+ word query that matches nothing) are
:mod:`pdfcore.matching`'s.
"""

from __future__ import annotations

import re

from pdfcore import matching
from pdfcore.errors import InvalidArgument
from pdfcore.models import KeywordQuery, QueryTerm

_CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]")
_QUOTED = re.compile(r'"([^"]+)"')


def parse_query(query: str) -> KeywordQuery:
    """Quoted text becomes exact phrases; other whitespace-separated words are AND-ed terms;
    terms holding CJK characters match as substrings (unspaced scripts have no word breaks)."""
    if not isinstance(query, str) or not query.strip():
        raise InvalidArgument('query is empty; pass the words or a "quoted phrase" to look for.')
    if len(query) > 1000:
        raise InvalidArgument("query is longer than 1000 characters; search for fewer, more specific words.")
    terms: list[QueryTerm] = []
    rest = query
    for m in _QUOTED.finditer(query):
        phrase = " ".join(m.group(1).split())
        if phrase:
            terms.append(QueryTerm(phrase, phrase=" " in phrase, substring=bool(_CJK.search(phrase))))
    rest = _QUOTED.sub(" ", query).replace('"', " ")
    for word in rest.split():
        word = word.strip(".,;:!?()[]{}<>")
        if word:
            terms.append(QueryTerm(word, substring=bool(_CJK.search(word))))
    if not terms:
        raise InvalidArgument("query has no searchable words.")
    # de-duplicate while keeping order
    seen: set[tuple[str, bool, bool]] = set()
    unique = []
    for t in terms:
        key = (t.text.lower(), t.phrase, t.substring)
        if key not in seen:
            seen.add(key)
            unique.append(t)
    return KeywordQuery(terms=tuple(unique), mode="and")


#: Function words are left out of a query that holds other words (pdfcore.matching).
FUNCTION_WORDS = matching.FUNCTION_WORDS
relaxed_query = matching.relaxed_query
content_query = matching.content_query
