"""Properties of the layout text clean-up."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pdfcore.layout import count_chars, hyphens
from pdfcore.models import Box, TextLine

# Words, spaces and the marks the clean-up handles: pdfium's resolved hyphen (U+FFFE), the soft
# hyphen, hyphen-minus and the Unicode hyphen.
_TEXT = st.text(alphabet=st.sampled_from(["a", "b", " ", "\ufffe", "\u00ad", "-", "\u2010"]), max_size=40)


@given(_TEXT, st.booleans())
def test_clean_drops_pdfium_hyphens_as_the_word_rule_says(raw: str, join: bool) -> None:
    """The shortcut for lines without hyphens gives what the per-word substitution gives."""
    text, _ = hyphens.clean_line(raw, join)
    t = raw.strip()
    ends = "soft" if t.endswith("\u00ad") else "hyphen" if t.endswith("\ufffe") else ""
    t = t.replace("\u00ad", "")
    if ends == "hyphen":
        t = t[:-1] if join else t[:-1] + "-"
    expected = hyphens._PDFIUM_HYPHEN.sub(lambda m: hyphens._pdfium_join(m.group(1), join), t).strip()
    assert text == expected


_WORDS = st.lists(st.sampled_from(["exam", "ple", "state", "of", "the", "art", "rich", "resource", "a-b"]), max_size=4)


@given(_WORDS, st.text(alphabet="abc-", min_size=1, max_size=8), st.text(alphabet="abc-", min_size=1, max_size=8))
def test_hyphen_join_only_decides_the_hyphen(known: list[str], left: str, head: str) -> None:
    """Whatever the lexicon knows, joining keeps every letter in order and only decides whether
    the printed hyphen between the halves stays."""
    lexicon = hyphens.Lexicon(hyphens.vocabulary(known))
    prev = "some text " + left + "-"
    joined = hyphens.hyphen_join(prev, head, "", lexicon)
    assert joined in (prev + head, prev[:-1] + head)
    assert (joined == prev + head) == hyphens.keep_hyphen(left, head, lexicon)


@given(st.text(st.sampled_from(list("ab é\n\t\r\x0b\x0c\x1c\x85\u00a0\u2003\u2028\u3000\u00ad\u200b中")), max_size=60))
def test_the_characters_counted_are_those_outside_whitespace(text: str) -> None:
    assert count_chars(text) == len("".join(text.split()))


_LINE = st.text(st.sampled_from(["a", "B", "b", " ", "-", "\u2010", "\u03a3", "\u0130", "\n"]), max_size=12)


@given(st.lists(_LINE, max_size=5), st.data())
def test_a_page_knows_a_word_as_its_whole_text_does(texts: list[str], data: st.DataObject) -> None:
    # the word: a piece of a line as the page's text reads it (lowered), or letters and hyphens;
    # never across a line break (a word looked up holds none)
    pieces = [t.lower().replace("\u2010", "-") for t in texts if t.strip()]
    word = data.draw(
        st.text(st.sampled_from(["a", "b", "-", "\u03c3", "\u03c2", "i"]), min_size=1, max_size=4)
        | (
            st.sampled_from(pieces)
            .flatmap(lambda p: st.tuples(st.just(p), st.integers(0, len(p)), st.integers(0, len(p))))
            .map(lambda t: t[0][min(t[1], t[2]) : max(t[1], t[2])])
            .filter(lambda w: bool(w) and "\n" not in w)
            if pieces
            else st.nothing()
        )
    )
    lines = [TextLine(text=t, bbox=Box(0, 10.0 * k, 100, 10.0 * k + 8)) for k, t in enumerate(texts)]
    whole = hyphens.Lexicon(text="\n".join(texts))
    assert hyphens.Lexicon(frozenset(), lines).knows(word) == whole.knows(word)
