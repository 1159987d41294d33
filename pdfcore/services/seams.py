"""Where a page's text runs on into the next page's: a word broken across the page break
(``...Steamboat Willie is a di-`` / ``rect cartoon parody of...``), a sentence going on.

Pages keep their own texts (a page's text is what is printed on it; its boundaries are the
reader's landmarks). Reading, search and quote verification use these seams to join what the
break cut: ``pdf_read_all`` writes a broken word whole at the end of the page it starts on
(:func:`broken_word`), the keyword index reads each page on to the end of the sentence that
runs over its foot (:func:`seam`), and quote verification matches across the break.

A word is broken across the break when the page ends with a letter and a hyphen and the next
page starts with a lowercase letter; the hyphen stays or goes as for a word broken at a line end
(:func:`pdfcore.layout.hyphens.keep_hyphen`, with both pages' words and the common words of
English). A
sentence runs on when the page does not end with sentence-final punctuation; the run-on part is
the next page's text up to the end of its first sentence, at most ``MAX_RUN_ON_WORDS`` words.
"""

from __future__ import annotations

import re

from attrs import frozen

from pdfcore.layout.hyphens import HYPHENS, Lexicon, hyphen_join
from ports.word_list import WordList

#: Words of the next page a seam takes at most (a sentence's rest is seldom longer).
MAX_RUN_ON_WORDS = 40

_FIRST_WORD = re.compile(r"\s*(\S+)")
_WORD = re.compile(r"\S+")
#: A sentence ends with one of these, maybe followed by closing quotes or brackets.
_SENTENCE_END = re.compile("[.!?\u2026][\"'\u201d\u2019)\\]]*$")


@frozen
class BrokenWord:
    """A word broken across a page break."""

    #: Offset in the first page's text where the broken word starts.
    start: int
    #: Offset in the next page's text where the word's rest ends.
    end: int
    #: The word whole (its hyphen kept or not, see the module docstring).
    word: str


@frozen
class Seam:
    """A page's text run on into the next page's, to the end of the sentence cut by the break."""

    #: Offset in the page's text where the run-on part starts (its broken word, or its end).
    start: int
    #: What follows ``text[:start]`` when the page is read on: the broken word whole, or a space,
    #: then the next page's words to the end of the sentence.
    text: str
    #: Offset in the next page's text where the run-on part ends.
    end: int
    #: Whether a word was broken across the break.
    broken: bool

    def joined(self, text: str) -> str:
        """The page's ``text`` read on into the next page."""
        return text[: self.start] + self.text


def lexicon(words: frozenset[str], text: str, next_text: str, common: WordList | None = None) -> Lexicon:
    """The words deciding a broken word's hyphen: the document's, both pages' own and ``common``
    (the common words of English, for a compound the pages do not explain)."""
    return Lexicon(words, text=text + "\n" + next_text, common=common)


def broken_word(text: str, next_text: str, words: Lexicon | None = None) -> BrokenWord | None:
    """The word broken across the break between ``text`` and ``next_text``, or None."""
    a = text.rstrip()
    if len(a) < 2 or a[-1] not in HYPHENS or not a[-2].isalpha():
        return None
    m = _FIRST_WORD.match(next_text)
    if m is None or not m.group(1)[0].islower():
        return None
    start = max(a.rfind(" "), a.rfind("\n")) + 1
    return BrokenWord(start=start, end=m.end(1), word=hyphen_join(a[start:], m.group(1), "", words))


def seam(text: str, next_text: str, words: Lexicon | None = None) -> Seam | None:
    """How ``text`` (a page's) runs on into ``next_text`` (the next page's), or None when the
    page ends a sentence (or either page has no text)."""
    if not text.strip() or not next_text.strip():
        return None
    cut = broken_word(text, next_text, words)
    if cut is not None:
        start, head, pos = cut.start, cut.word, cut.end
        if _SENTENCE_END.search(cut.word):
            return Seam(start=start, text=head, end=pos, broken=True)
    else:
        start = len(text.rstrip())
        if _SENTENCE_END.search(text[:start]):
            return None
        head, pos = " ", 0
    rest: list[str] = []
    end = pos
    for m in _WORD.finditer(next_text, pos):
        if len(rest) >= MAX_RUN_ON_WORDS:
            break
        rest.append(m.group())
        end = m.end()
        if _SENTENCE_END.search(m.group()):
            break
    if cut is None and not rest:
        return None
    run = " ".join(rest)
    return Seam(
        start=start, text=head + (" " + run if cut is not None and run else run), end=end, broken=cut is not None
    )
