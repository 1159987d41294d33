"""Hyphenation marks and words broken at line ends.

pdfium marks a printed hyphen it resolved at a line break as U+FFFE; U+00AD is the soft hyphen.
:func:`clean_line` takes those marks out of a line's text and tells how the line ended;
:func:`hyphen_join` joins a word broken at a line end (see it for the compound-word trade-off).
"""

from __future__ import annotations

import re

#: pdfium reports a hyphen it resolved at a line break as U+FFFE (joining the two lines into
#: one); U+00AD is the soft hyphen (a discretionary break inside a word).
SOFT_HYPHENS = str.maketrans({"\ufffe": None, "\u00ad": None})
#: Hyphens that break a word at a line end (hyphen-minus, Unicode hyphen); not dashes.
HYPHENS = ("-", "\u2010")
_PDFIUM_HYPHEN = re.compile("(\\S*)\ufffe")


def clean_line(raw: str, join_hyphenation: bool) -> tuple[str, str]:
    """A line's text without hyphenation marks, and how it ends ("", "soft" or "hyphen").

    U+00AD (soft hyphen) is dropped. U+FFFE (a printed hyphen pdfium resolved at a line break)
    is dropped too when hyphenation is joined, unless it broke a compound that already holds a
    hyphen (then it is the compound's own hyphen, see :func:`hyphen_join`); with joining off
    it stays a hyphen.
    """
    t = raw.strip()
    ends = "soft" if t.endswith("\u00ad") else "hyphen" if t.endswith("\ufffe") else ""
    t = t.replace("\u00ad", "")
    if ends == "hyphen":
        t = t[:-1] if join_hyphenation else t[:-1] + "-"
    if "\ufffe" in t:
        if join_hyphenation and t.count("\ufffe") == 1 and "-" not in t and "\u2010" not in t:
            t = t.replace("\ufffe", "")  # what the substitution gives for one mark in a word without a hyphen
        else:
            t = _PDFIUM_HYPHEN.sub(lambda m: _pdfium_join(m.group(1), join_hyphenation), t)
    return t.strip(), ends if join_hyphenation else ""


def _pdfium_join(word: str, join_hyphenation: bool) -> str:
    if not join_hyphenation or "-" in word or "\u2010" in word:
        return word + "-"
    return word


def ends_hyphenated(prev: str, nxt: str) -> bool:
    """``prev`` ends in a letter and a hyphen, and ``nxt`` starts with a lowercase letter."""
    return len(prev) >= 2 and prev.endswith(HYPHENS) and prev[-2].isalpha() and nxt[0].islower()


def hyphen_join(prev: str, head: str, broken: str) -> str:
    """Join a word broken at a line end: the first word of the next line moves up.

    A soft hyphen (U+00AD) was a discretionary break: the halves join ("exam" + "ple"). A
    printed hyphen is dropped ("exam-" + "ple" -> "example"), unless the broken word already
    holds a hyphen ("state-of-the-" + "art" -> "state-of-the-art"): a compound broken at one of
    its own hyphens keeps it then. The trade-off: a two-part compound broken at its hyphen
    ("well-" + "known") loses it ("wellknown"); without a dictionary the two cannot be told
    apart, and breaks inside words are far more common in typeset text.
    """
    if broken == "soft":
        return prev + head
    if broken == "hyphen":  # the hyphen was removed already
        word = prev.rsplit(" ", 1)[-1]
        return prev + ("-" if "-" in word or "\u2010" in word else "") + head
    word = prev.rsplit(" ", 1)[-1]
    if "-" in word[:-1] or "\u2010" in word[:-1]:
        return prev + head
    return prev[:-1] + head
