"""How a quote and a page's text are compared (see :mod:`pdfcore.services.quotes`): the
normalisation both go through, offsets back into the original text, the words a changed quote
differs by (numbers, dates, names), and the exact and similar windows of a page that hold it."""

from __future__ import annotations

import difflib
import re
import threading
import unicodedata
from collections.abc import Sequence
from itertools import accumulate

from pdfcore.results.quotes import QuoteDifference

__all__ = [
    "CJK",
    "DOUBLE_QUOTES",
    "MAX_ALSO_FOUND",
    "SEED",
    "STOPWORDS",
    "WORD",
    "best_window",
    "changed_facts",
    "exact_spans",
    "normalize",
    "offset_map",
    "refine",
    "seed_candidates",
    "swapped_marks",
    "to_original",
]

#: Seed length (normalised characters) for locating a fuzzy passage.
SEED = 8
#: Exact occurrences reported besides the first.
MAX_ALSO_FOUND = 10

_DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2e3a\u2e3b\ufe58\ufe63\uff0d"
_SINGLE_QUOTES = "'\u2018\u2019\u201a\u201b\u2032\u2035`\u00b4\uff07"
DOUBLE_QUOTES = '"\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb\uff02'
_DROP = "\u00ad\ufffe\x02\u200b\u200c\u200d\u2060\ufeff"
WORD = re.compile(r"\w+")
CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]")
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "for",
        "from",
        "had",
        "has",
        "have",
        "he",
        "her",
        "his",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "our",
        "she",
        "so",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "we",
        "were",
        "which",
        "while",
        "who",
        "will",
        "with",
        "would",
        "you",
    ]
)


# --------------------------------------------------------------------------------------------
# Normalisation with an offset map


_CHAR_CACHE: dict[str, str] = {}
_CACHE_LOCK = threading.Lock()


def _basic(ch: str) -> str:
    if ch.isspace() or ch in _DASHES or ch in _DROP:
        return ""
    if ch in _SINGLE_QUOTES:
        return "'"
    if ch in DOUBLE_QUOTES:
        return '"'
    return ch


def _norm_char(ch: str) -> str:
    hit = _CHAR_CACHE.get(ch)
    if hit is not None:
        return hit
    out = _basic(ch)
    if out == ch and not ch.isascii():
        decomposed = unicodedata.normalize("NFKD", ch)
        out = "".join(_basic(c) for c in decomposed if not unicodedata.combining(c))
    out = out.casefold()
    with _CACHE_LOCK:
        if len(_CHAR_CACHE) < 100_000:
            _CHAR_CACHE[ch] = out
    return out


#: Digit runs a footnote mark may be (checked further by :func:`_footnote_marks`).
_DIGITS_BEFORE_SPACE = re.compile(r"(?<!\d)\d{1,3}(?=\s|$)")
_MARK_AFTER = ".,;:!?)]\"'\u201d\u2019"


def _footnote_marks(text: str) -> list[tuple[int, int]]:
    """Spans of footnote reference marks: 1-3 digits before a space, right after a lowercase
    letter or after punctuation that follows a letter (``Bill,2 and``)."""
    out: list[tuple[int, int]] = []
    for m in _DIGITS_BEFORE_SPACE.finditer(text):
        a = m.start()
        if a == 0:
            continue
        before = text[a - 1]
        if before.islower() or (before in _MARK_AFTER and a >= 2 and text[a - 2].isalpha()):
            out.append((a, m.end()))
    return out


def normalize(text: str) -> str:
    """The comparison form of ``text`` (see the module docstring)."""
    cache = _CHAR_CACHE
    marks = _footnote_marks(text)
    if marks:
        parts, pos = [], 0
        for a, b in marks:
            parts.append(text[pos:a])
            pos = b
        parts.append(text[pos:])
        text = "".join(parts)
    return "".join([cache[c] if c in cache else _norm_char(c) for c in text])


def offset_map(text: str) -> list[int]:
    """``ends[k]``: the length of ``normalize(text[:k + 1])``; maps normalised offsets back."""
    lengths = [len(_CHAR_CACHE[c] if c in _CHAR_CACHE else _norm_char(c)) for c in text]
    for a, b in _footnote_marks(text):
        lengths[a:b] = [0] * (b - a)
    return list(accumulate(lengths))


def to_original(ends: Sequence[int], start: int, end: int) -> tuple[int, int]:
    """Original [start, end) of the normalised span [start, end) (``ends`` from offset_map)."""
    import bisect

    a = bisect.bisect_right(ends, start)  # first char whose normalised end passes start
    b = bisect.bisect_left(ends, end)  # char producing the span's last normalised character
    return a, min(len(ends), b + 1)


# --------------------------------------------------------------------------------------------
# Words that change what a quote says

#: A number (with its separators) or a run of letters.
_TOKEN = re.compile(r"\d+(?:[.,:/]\d+)*|[^\W\d_]+")
_SENTENCE_END = '.!?:;"\u201c\u201d('
_CALENDAR = frozenset(
    [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
)


def _tokens(text: str) -> list[tuple[str, bool]]:
    """The words of ``text`` (footnote marks left out), each with whether it starts a sentence."""
    for a, b in reversed(_footnote_marks(text)):
        text = text[:a] + " " * (b - a) + text[b:]
    out: list[tuple[str, bool]] = []
    for m in _TOKEN.finditer(text):
        before = text[: m.start()].rstrip()
        out.append((m.group(), not before or before[-1] in _SENTENCE_END))
    return out


def _telling(word: str, starts_sentence: bool) -> bool:
    """A word whose change changes the facts: a number, a month or weekday, a name."""
    if any(c.isdigit() for c in word) or word.casefold() in _CALENDAR:
        return True
    return word[:1].isupper() and not starts_sentence and word != "I"


def swapped_marks(quote: str, passage: str) -> list[QuoteDifference]:
    """Numbers the comparison reads as footnote marks (digits after a letter, before a space)
    that ``quote`` and an exactly matching ``passage`` write differently: ``token007`` for
    ``token001``. A mark only one of them has is no difference (``Bill,2 and`` = ``Bill, and``)."""
    q = [m.group() for m in _TOKEN.finditer(quote)]
    p = [m.group() for m in _TOKEN.finditer(passage)]
    out: list[QuoteDifference] = []
    ops = difflib.SequenceMatcher(None, [normalize(w) for w in q], [normalize(w) for w in p], autojunk=False)
    for tag, i1, i2, j1, j2 in ops.get_opcodes():
        qs, ps = q[i1:i2], p[j1:j2]
        if tag == "replace" and any(w.isdigit() for w in qs) and any(w.isdigit() for w in ps):
            out.append(QuoteDifference(" ".join(qs), " ".join(ps)))
    return out


def changed_facts(quote: str, passage: str) -> list[QuoteDifference]:
    """Where ``passage`` writes a number, a date or a name of ``quote`` otherwise.

    The words are aligned (:class:`difflib.SequenceMatcher` on their normalised forms); a
    difference that is only a word split or joined, or the passage's window cutting the first or
    last word, is none."""
    q, p = _tokens(quote), _tokens(passage)
    qk, pk = [normalize(w) for w, _ in q], [normalize(w) for w, _ in p]
    out: list[QuoteDifference] = []
    ops = difflib.SequenceMatcher(None, qk, pk, autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal":
            continue
        qa, pa = "".join(qk[i1:i2]), "".join(pk[j1:j2])
        if qa == pa:
            continue  # split or joined
        at_start, at_end = i1 == 0 and j1 == 0, i2 == len(qk) and j2 == len(pk)
        if (at_start and (qa.endswith(pa) or pa.endswith(qa))) or (at_end and (qa.startswith(pa) or pa.startswith(qa))):
            continue  # the window cut the passage inside a word
        if any(_telling(w, s) for w, s in q[i1:i2] + p[j1:j2]):
            out.append(QuoteDifference(" ".join(w for w, _ in q[i1:i2]), " ".join(w for w, _ in p[j1:j2])))
    return out


# --------------------------------------------------------------------------------------------
# Alignment on one page


def exact_spans(norm_page: str, norm_quote: str, limit: int = MAX_ALSO_FOUND + 1) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    pos = norm_page.find(norm_quote)
    while pos >= 0 and len(out) < limit:
        out.append((pos, pos + len(norm_quote)))
        pos = norm_page.find(norm_quote, pos + 1)
    return out


def seed_candidates(norm_page: str, norm_quote: str, limit: int = 3) -> list[tuple[int, int]]:
    """(votes, guessed start) of the places where the quote's character seeds line up.

    Every ``SEED``-character piece of the quote (every ``SEED // 2`` characters) found in the page
    votes for the start it implies; votes within a few characters of each other (a changed word
    shifts the rest of the quote) count together."""
    m = len(norm_quote)
    if m < SEED or not norm_page:
        return []
    starts: list[int] = []
    for j in range(0, m - SEED + 1, max(1, SEED // 2)):
        gram = norm_quote[j : j + SEED]
        pos = norm_page.find(gram)
        found = 0
        while pos >= 0 and found < 50:
            starts.append(pos - j)
            found += 1
            pos = norm_page.find(gram, pos + 1)
    if not starts:
        return []
    starts.sort()
    slack = max(4, m // 8)
    clusters: list[tuple[int, int]] = []
    lo = 0
    for hi in range(len(starts)):
        while starts[hi] - starts[lo] > slack:
            lo += 1
        clusters.append((hi - lo + 1, starts[(lo + hi) // 2]))
    clusters.sort(key=lambda c: -c[0])
    out: list[tuple[int, int]] = []
    for votes, guess in clusters:
        if all(abs(guess - g) > slack for _, g in out):
            out.append((votes, guess))
        if len(out) >= limit:
            break
    return out


def refine(norm_page: str, norm_quote: str, guess: int) -> tuple[float, int, int]:
    """(similarity, start, end) of the passage near ``guess`` aligned with the quote."""
    m = len(norm_quote)
    slack = max(4, m // 8)
    offset = max(0, guess - slack)
    window = norm_page[offset : guess + m + slack]
    sm = difflib.SequenceMatcher(None, window, norm_quote, autojunk=False)
    blocks = [b for b in sm.get_matching_blocks() if b.size]
    if not blocks:
        return 0.0, 0, 0
    a0 = max(0, blocks[0].a - blocks[0].b)  # where the quote's first character would be
    last = blocks[-1]
    a1 = min(len(window), max(last.a + last.size + (m - last.b - last.size), a0 + 1))
    score = difflib.SequenceMatcher(None, window[a0:a1], norm_quote, autojunk=False).ratio()
    return score, offset + a0, offset + a1


def best_window(norm_page: str, norm_quote: str) -> tuple[float, int, int]:
    """(similarity, start, end) of the page passage most like the quote (normalised offsets)."""
    best = (0.0, 0, 0)
    for _, guess in seed_candidates(norm_page, norm_quote):
        found = refine(norm_page, norm_quote, guess)
        if found[0] > best[0]:
            best = found
    return best


# --------------------------------------------------------------------------------------------
# Geometry of a span
