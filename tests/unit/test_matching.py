"""The one definition of a keyword match (pdfcore.matching): function words, numbers as numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pdfcore import matching
from pdfcore.models import KeywordQuery, QueryTerm


def _q(*words: str, phrase: str | None = None) -> KeywordQuery:
    terms = [QueryTerm(w) for w in words]
    if phrase:
        terms.append(QueryTerm(phrase, phrase=True))
    return KeywordQuery(tuple(terms))


def test_function_words_are_left_out_when_other_words_remain() -> None:
    assert [t.text for t in matching.content_query(_q("consolidated", "statements", "of", "income")).terms] == [
        "consolidated",
        "statements",
        "income",
    ]
    # nothing else left: the query stays as written
    assert [t.text for t in matching.content_query(_q("the", "who")).terms] == ["the", "who"]
    # a quoted phrase keeps its function words
    kept = matching.content_query(_q("of", phrase="statements of income")).terms
    assert [t.text for t in kept] == ["statements of income"]


@pytest.mark.parametrize(
    ("text", "term", "found"),
    [
        ("revenue 432,148 and 1,432,148", "432,148", ["432,148"]),
        ("ratio 247.772, orders 247,772", "247.772", ["247.772"]),
        ("ratio 247.772, orders 247,772", "247,772", ["247,772"]),
        ("$432.1 million, 432,148 and 432", "432", ["432"]),
        ("fiscal 2009 and 2009.5", "2009", ["2009"]),
        ("in 2008-2009", "2009", ["2009"]),
        ("Form 10-K", "10-K", ["10-K"]),
    ],
)
def test_numbers_match_as_numbers(text: str, term: str, found: list[str]) -> None:
    t = QueryTerm(term)
    # every place the term's text occurs (the index offers at least these)
    offered = [(i, i + len(term)) for i in range(len(text)) if text[i : i + len(term)].lower() == term.lower()]
    kept = matching.verified(text, t, sorted(set(offered)))
    assert [text[a:b] for a, b in kept] == found


def test_numbers_are_read_whole() -> None:
    assert matching.term_numbers("$432.1 million") == ("432.1",)
    assert matching.term_numbers("1,234,567.89") == ("1,234,567.89",)
    assert matching.term_numbers("1,2345") == ("1", "2345")  # a comma before four digits separates
    assert matching.term_numbers("31.12.2009") == ("31.12", "2009")


_numbers = st.builds(
    lambda whole, groups, decimals: (
        f"{whole}" + "".join(f",{g:03d}" for g in groups) + (f".{decimals}" if decimals else "")
    ),
    st.integers(1, 999),
    st.lists(st.integers(0, 999), max_size=3),
    st.one_of(st.none(), st.integers(0, 9999)),
)


@given(_numbers, _numbers, st.sampled_from([" ", "; ", " and ", " $", " ("]))
def test_a_number_matches_itself_and_no_other(a: str, b: str, sep: str) -> None:
    text = f"was {a}{sep}{b} in all"
    start = text.index(a)
    assert matching.numbers_agree(text, (start, start + len(a)), (a,))
    other = text.rindex(b)
    assert matching.numbers_agree(text, (other, other + len(b)), (a,)) == (a == b)
