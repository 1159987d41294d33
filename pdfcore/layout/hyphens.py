"""Hyphenation marks and words broken at line ends.

pdfium marks a printed hyphen it resolved at a line break as U+FFFE; U+00AD is the soft hyphen.
:func:`clean_line` takes those marks out of a line's text and tells how the line ended;
:func:`hyphen_join` joins a word broken at a line end. Whether the hyphen of a word broken at
it stays (``resource-`` + ``rich``) or goes (``exam-`` + ``ple``) is decided by
:func:`keep_hyphen`, against a :class:`Lexicon` of the words the document itself uses whole.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from pdfcore.models import TextLine

if TYPE_CHECKING:
    from ports.word_list import WordList

#: pdfium reports a hyphen it resolved at a line break as U+FFFE (joining the two lines into
#: one); U+00AD is the soft hyphen (a discretionary break inside a word).
SOFT_HYPHENS = str.maketrans({"\ufffe": None, "\u00ad": None})
#: Hyphens that break a word at a line end (hyphen-minus, Unicode hyphen); not dashes.
HYPHENS = ("-", "\u2010")
_PDFIUM_HYPHEN = re.compile("(\\S*)\ufffe")
#: pdfium's mark between a letter and a word starting with a capital (not in capitals
#: throughout), or before a digit: a compound's hyphen, see :func:`keep_hyphen`.
_CAPITAL = re.compile("[^\\W\\d_]\ufffe[A-Z\u00c0-\u00de][a-z\u00df-\u00ff]|\ufffe\\d")


def clean_line(raw: str, join_hyphenation: bool, lexicon: Lexicon | None = None) -> tuple[str, str]:
    """A line's text without hyphenation marks, and how it ends ("", "soft" or "hyphen").

    U+00AD (soft hyphen) is dropped. U+FFFE (a printed hyphen pdfium resolved at a line break)
    is dropped too when hyphenation is joined, unless it broke a compound that already holds a
    hyphen (then it is the compound's own hyphen, see :func:`hyphen_join`) or comes before a
    word starting with a capital that ``lexicon`` does not know joined to it (see
    :func:`keep_hyphen`); with joining off it stays a hyphen.
    """
    t = raw.strip()
    ends = "soft" if t.endswith("\u00ad") else "hyphen" if t.endswith("\ufffe") else ""
    t = t.replace("\u00ad", "")
    if ends == "hyphen":
        t = t[:-1] if join_hyphenation else t[:-1] + "-"
    if "\ufffe" in t:
        if (
            join_hyphenation
            and t.count("\ufffe") == 1
            and "-" not in t
            and "\u2010" not in t
            and not _CAPITAL.search(t)
        ):
            t = t.replace("\ufffe", "")  # what the substitution gives for one mark in a word without a hyphen
        else:
            t = _PDFIUM_HYPHEN.sub(lambda m: _pdfium_join(m.group(1), join_hyphenation, t, m.end(), lexicon), t)
    return t.strip(), ends if join_hyphenation else ""


def _pdfium_join(word: str, join_hyphenation: bool, text: str = "", at: int = 0, lexicon: Lexicon | None = None) -> str:
    if not join_hyphenation or "-" in word or "\u2010" in word:
        return word + "-"
    right = text[at:].split(" ", 1)[0]
    return word + "-" if _starts_word(word, right) and not _known_whole(word, right, lexicon) else word


def _starts_word(left: str, right: str) -> bool:
    """``right``, after a hyphen at a line end, starts with a capital (and is not in capitals
    throughout) after a letter, or with a digit, or follows a figure: a word or number of its
    own, not the rest of a word broken between syllables (``Multi-`` + ``Mission``, ``CoNLL-`` +
    ``2003``, ``1990-`` + ``1995``, ``512-`` + ``GPU``: numbers are never hyphenated)."""
    return (
        (right[:1].isupper() and not right.isupper() and left[-1:].isalpha())
        or right[:1].isdigit()
        or left[-1:].isdigit()
    )


def _known_whole(left: str, right: str, lexicon: Lexicon | None) -> bool:
    """The page prints ``left`` and ``right`` (a line's end and the next line's first word,
    starting with a capital) as one word elsewhere, capital and all: a name in camel case broken
    between its parts (``Trace-`` + ``Monkey`` where ``TraceMonkey`` is printed whole; not
    ``hel-`` + ``Lo`` beside ``hello``)."""
    if lexicon is None:
        return False
    ls = _LEADING.sub("", left)
    rf = _TRAILING.sub("", right)
    return ls.isalpha() and rf.isalpha() and lexicon.prints(ls + rf)


#: Words after a hyphen left hanging ("2- and 4-year", "pre- or post-war"): no broken word.
SUSPENDED = frozenset({"and", "or", "nor", "to", "und", "oder", "bis", "et", "ou"})


def ends_hyphenated(prev: str, nxt: str) -> bool:
    """``prev`` ends in a letter and a hyphen, and ``nxt`` starts with a lowercase letter; or a
    compound or a range is broken at its own hyphen: a letter or a figure before it, one after
    (``512-`` + ``GPU``, ``CoNLL-`` + ``2003``, ``10-`` + ``20``; :func:`keep_hyphen` keeps it
    there, a capital or a figure starting a word of its own), but for a word opening with a
    dash too (``-0-``, a nil); never before a word of SUSPENDED (a hyphen left hanging)."""
    if len(prev) < 2 or not prev.endswith(HYPHENS) or not nxt:
        return False
    if nxt.split(" ", 1)[0] in SUSPENDED:
        return False  # a hyphen left hanging before "and": "2- and 4-year colleges"
    if prev[-2].isalpha() and nxt[0].islower():
        return True
    # (not a nil set between dashes, "-0-", a table's cell before the next row's figures)
    return prev[-2].isalnum() and nxt[0].isalnum() and not prev.rsplit(" ", 1)[-1].startswith(("-", "–", "—"))


def hyphen_join(prev: str, head: str, broken: str, lexicon: Lexicon | None = None) -> str:
    """Join a word broken at a line end: the first word of the next line moves up.

    A soft hyphen (U+00AD) was a discretionary break: the halves join ("exam" + "ple"). A
    printed hyphen (``broken`` "": ``prev`` ends with it; "hyphen": pdfium's mark, removed
    already) stays or goes as :func:`keep_hyphen` decides.
    """
    if broken == "soft":
        return prev + head
    if broken == "hyphen":  # the hyphen was removed already
        return prev + ("-" if keep_hyphen(prev.rsplit(" ", 1)[-1], head, lexicon) else "") + head
    return (prev if keep_hyphen(prev.rsplit(" ", 1)[-1][:-1], head, lexicon) else prev[:-1]) + head


def keep_hyphen(left: str, right: str, lexicon: Lexicon | None = None) -> bool:
    """Whether the hyphen between ``left`` (the end of a line, its hyphen taken off) and
    ``right`` (the first word of the next line) belongs to the word.

    A word broken between syllables and a compound broken at its own hyphen look the same; the
    document's own words tell them apart: the hyphen stays when the hyphenated form is a word
    of the document and the joined one is not (``resource-`` + ``rich``: ``resource-rich``
    appears elsewhere, ``resourcerich`` nowhere), and goes when the joined form is one and the
    hyphenated one is not (``exam-`` + ``ple``; ``non-commer-`` + ``cial``). When the lexicon
    knows both or neither, the hyphen stays only inside a compound (a hyphen on either side:
    ``state-of-the-`` + ``art``, ``state-`` + ``of-the-art``): breaks inside words are far
    more common in typeset text, so a two-part compound unknown to the document loses its
    hyphen (``well-`` + ``known`` -> ``wellknown``). A word after the break that starts with a
    capital (not one in capitals throughout), or a number after the break, is a word of its own
    (a break between syllables never goes on with one: ``Multi-`` + ``Mission``, ``CoNLL-`` +
    ``2003``), unless the page prints the two as one
    word elsewhere, capital and all (a name in camel case: ``Trace-`` + ``Monkey`` where
    ``TraceMonkey`` is printed whole); the hyphenated form is not asked, since the page's text
    may hold this very break read with its hyphen.

    When the document knows neither form of a two-part word, the lexicon's ``common`` words of
    English decide, on a page written in English (see :func:`two_words`): two common words
    whose join is none (``sole-`` + ``sourced``, ``cross-`` + ``domain``, ``self-`` +
    ``interest``) are a compound and keep the hyphen; ``out-`` + ``side`` joins (``outside``
    is a word), as does ``con-`` + ``tinue``, and so does a first part written as a name (a
    capital, then small letters).
    """
    if _starts_word(left, right):
        return not _known_whole(left, right, lexicon)
    compound = "-" in left or "-" in right or "\u2010" in left or "\u2010" in right
    if lexicon is not None:
        ls = (_HYPHEN_SPLIT.split(left)[-1] if compound else left).lower()
        rf = (_HYPHEN_SPLIT.split(right)[0] if compound else right).lower()
        if not ls.isalpha():
            ls = _LEADING.sub("", ls)  # punctuation before the word
        if not rf.isalpha():
            rf = _TRAILING.sub("", rf)  # punctuation after it
        if ls.isalpha() and rf.isalpha():
            # the look-up that can change the answer first: most words are neither compounds
            # nor known hyphenated, and need one look-up
            if compound:
                return not lexicon.knows(ls + rf) or lexicon.knows(f"{ls}-{rf}")
            if lexicon.knows(f"{ls}-{rf}"):
                return not lexicon.knows(ls + rf)
            # the word list asked before the page's text: most breaks are not two words; a
            # name's first part (a capital, then small letters) is not asked: names are rarely
            # common words joined (``Xiao-`` + ``dan``, ``Middle-`` + ``march``)
            word = _LEADING.sub("", left)
            named = word[:1].isupper() and not word.isupper()
            return not named and two_words(ls, rf, lexicon) and not lexicon.knows(ls + rf)
    return compound


#: The shortest part of a compound the word list may find (two letters are as often a
#: syllable as a word: ``in-`` + ``fluence``, ``re-`` + ``ported``).
MIN_PART = 3
#: Prefixes that stand as words in the list but start words far more often than they stand
#: alone (``dis-`` + ``closes``, ``inter-`` + ``cooler``).
BOUND_PREFIXES = frozenset({"dis", "inter", "mis", "pre", "sub", "trans"})
#: Endings that stand as words in the list but end words far more often than they stand alone
#: (``segment-`` + ``ing``, ``Olaf-`` + ``son``, ``incomplete-`` + ``ness``).
SUFFIXES = frozenset(
    {"ing", "ings", "ness", "ment", "ments", "son", "sons", "man", "men", "ship", "ships", "less", "able", "ably"}
    | {"ful", "ism", "ist", "ists", "ity", "ive", "ous", "tion", "tions", "sion", "ward", "wards", "wise"}
)


def two_words(left: str, right: str, lexicon: Lexicon) -> bool:
    """``left`` and ``right`` (lowercase letters, either side of a line-end hyphen that the
    document does not explain) are two common words of English and their join is not one, on a
    page written in English: a compound broken at its own hyphen (``sole-`` + ``sourced``).

    Each part has :data:`MIN_PART` letters or more, is neither a prefix nor an ending that the
    list holds as a word (:data:`BOUND_PREFIXES`, :data:`SUFFIXES`), and the page's words are
    English (see :meth:`Lexicon.english`): the English list knows many words of other languages'
    compounds (German ``Fundamental-`` + ``form``)."""
    common = lexicon.common
    if common is None or len(left) < MIN_PART or len(right) < MIN_PART:
        return False
    if left in BOUND_PREFIXES or right in SUFFIXES:
        return False
    return common.knows(left) and common.knows(right) and not common.knows(left + right) and lexicon.english()


#: How many of the page's words tell its language, the fewest that may, and the share of them
#: that the common words of English make on an English page (see :meth:`Lexicon.english`).
LANGUAGE_SAMPLE = 400
LANGUAGE_MIN_WORDS = 20
ENGLISH_SHARE = 0.6
_LONG_WORD = re.compile(r"[^\W\d_]{4,}")

_LEADING = re.compile(r"^[^\w]+")
_TRAILING = re.compile(r"[^\w]+$")
_HYPHEN_SPLIT = re.compile("[-\u2010]")


def vocabulary(texts: Iterable[str]) -> frozenset[str]:
    """The words of ``texts`` (lowercased, punctuation around them taken off; a word holding
    anything but letters and hyphens is left out) and, for each hyphenated one, its pairs of
    neighbouring parts (``state-of-the-art`` gives ``state-of``, ``of-the`` and ``the-art``
    too)."""
    words: set[str] = set()
    seen: set[str] = set()
    for text in texts:
        for token in text.lower().split():
            if token in seen:
                continue
            seen.add(token)
            w = token.strip(_PUNCTUATION)
            if w.isalpha():
                words.add(w)
            elif "-" in w or "\u2010" in w:
                parts = _HYPHEN_SPLIT.split(w)
                if all(p.isalpha() for p in parts):
                    words.add("-".join(parts))
                    words.update(f"{a}-{b}" for a, b in itertools.pairwise(parts))
    return frozenset(words)


#: Punctuation around a word (taken off before it joins the vocabulary).
_PUNCTUATION = "\"'()[]{}<>.,;:!?*\u2018\u2019\u201c\u201d\u00ab\u00bb\u2039\u203a\u2026\u2014\u2013"


class Lexicon:
    """The words a page's broken words are checked against: the document's (learnt from its
    sample pages, see :mod:`pdfcore.services.profile`) and the page's own, looked up in its text
    (``text``, or its ``lines`` joined on the first look-up: most pages need none)."""

    __slots__ = ("_english", "_hyphened", "_lines", "_raw", "_text", "common", "words")

    def __init__(
        self,
        words: frozenset[str] = frozenset(),
        lines: Sequence[TextLine] = (),
        *,
        text: str | None = None,
        common: WordList | None = None,
    ) -> None:
        self.words = words
        #: The common words of English (see :func:`two_words`); None: not asked.
        self.common = common
        self._english: bool | None = None
        self._lines = lines
        self._text: str | None = None if text is None else text.lower().replace("\u2010", "-")
        self._raw = text
        self._hyphened: str | None = None

    def knows(self, word: str) -> bool:
        """Whether ``word`` (lowercased) is a word of the document or, whole, of the page."""
        if word in self.words:
            return True
        if self._text is None and "-" in word:
            # Most look-ups are of a hyphenated form, and most lines hold no hyphen: a
            # hyphenated word is looked for in the lines that hold one (no character lowers to
            # a hyphen, and a line is lowered as in the page's text: the word stands in the
            # one where it stands in the other).
            if self._hyphened is None:
                self._hyphened = (
                    "\n".join([ln.text for ln in self._lines if "-" in ln.text or "\u2010" in ln.text])
                    .lower()
                    .replace("\u2010", "-")
                )
            return _whole_word(self._hyphened, word)
        if self._text is None:
            self._text = "\n".join([ln.text for ln in self._lines]).lower().replace("\u2010", "-")
        return _whole_word(self._text, word)

    def english(self) -> bool:
        """Whether the page is written in English: of its first :data:`LANGUAGE_SAMPLE` words
        of four letters or more (at least :data:`LANGUAGE_MIN_WORDS`), the common words of
        English make :data:`ENGLISH_SHARE` or more (English prose about 0.8 to 0.98; German
        and Spanish pages 0.1 to 0.25). Decided on the first call."""
        if self._english is None:
            common = self.common
            if self._raw is None:
                self._raw = "\n".join([ln.text for ln in self._lines])
            words = _LONG_WORD.findall(self._raw.lower(), 0, LANGUAGE_SAMPLE * 12)[:LANGUAGE_SAMPLE]
            known = sum(1 for w in words if common.knows(w)) if common is not None else 0
            self._english = len(words) >= LANGUAGE_MIN_WORDS and known >= ENGLISH_SHARE * len(words)
        return self._english

    def prints(self, word: str) -> bool:
        """Whether the page prints ``word`` whole, as written (case and all)."""
        if self._raw is None:
            self._raw = "\n".join([ln.text for ln in self._lines])
        return _whole_word(self._raw, word)


def _whole_word(text: str, word: str) -> bool:
    """``word`` stands in ``text`` with no letter right before or after it."""
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        if (at == 0 or not text[at - 1].isalpha()) and (end == len(text) or not text[end].isalpha()):
            return True
        at = text.find(word, at + 1)
    return False
