"""Edits to the text pdfium gives a page. The page's text keeps pdfium's character offsets, so
an edit of the same length (a letter in place of the space the engine left for it, an accent's
place marked left out) is made on it (:func:`replaced`); one that changes the length (a letter
put back in) is made on a line once it is read whole (:func:`edited`).
"""

from __future__ import annotations

from attrs import evolve

from pdfcore.models import TextLine

#: An edit at a page offset: (how many characters from there it replaces, what takes their place).
Edit = tuple[int, str]


def edited(line: TextLine, first: int, edits: dict[int, Edit]) -> TextLine:
    """``line`` (its text read from the page's offset ``first``, as the page gives it) with the
    edits that fall inside it; the size run holding each edit as much longer or shorter.

    An insertion (nothing replaced) goes in before the character at its offset, or at the
    line's end, never before its first character (the letter it follows is on a line before).
    """
    text = line.text
    end = first + len(text)
    keys = [k for k, (span, _) in edits.items() if (first < k <= end if span == 0 else first <= k and k + span <= end)]
    if not keys:
        return line
    counts = [n for n, _size in line.size_runs]
    for k in sorted(keys, reverse=True):
        span, new = edits[k]
        i = k - first
        if len(counts) > 1:
            # a run counts its words' characters, not the spaces between them; the edit belongs
            # to the run of the character it replaces, an insertion to the one before it
            at = i if span else i - 1
            drawn = at - text[:at].count(" ")
            for r, n in enumerate(counts):
                if drawn < n:
                    counts[r] += len(new) - span
                    break
                drawn -= n
        elif counts:
            counts[0] += len(new) - span
        text = text[:i] + new + text[i + span :]
    runs = tuple((n, size) for n, (_n, size) in zip(counts, line.size_runs, strict=True))
    return evolve(line, text=text, size_runs=runs)


def replaced(text: str, chars: dict[int, str]) -> str:
    """``text`` with the character at each offset of ``chars`` replaced (its length kept)."""
    if not chars:
        return text
    out = list(text)
    for k, ch in chars.items():
        if 0 <= k < len(out):
            out[k] = ch
    return "".join(out)
