"""What joins two rows of one paragraph (:func:`glue`): a space, but where the page's words
run on across the row break (CJK characters, a slash set close to a word, a web address in
parentheses)."""

from __future__ import annotations

from pdfcore.layout.scripts import CJK

__all__ = ["glue"]


def glue(before: str, after: str) -> str:
    """What goes between two rows of one paragraph: a space, or nothing between CJK characters
    (Chinese and Japanese put no space between words: a row break inside a paragraph is none),
    nor after a slash set close to the word before it (``free software/`` over ``open-source
    software``, ``and/`` over ``or``, a web address broken after a ``/``; not a comment's end,
    ``*/``, nor before another address, ``6https://...``), nor inside a web address in
    parentheses that a row break cut anywhere (``(https://web.archive.org/web/2016/http://di`` over
    ``gital.library.okstate.edu/v031.pdf)``)."""
    if before[-1:] == "/" and _slash_joins(before, after):
        return ""
    if _open_address(before) and after[:1].strip():
        return ""
    if before[-1:] < "\u3000" or after[:1] < "\u3000":  # (the CJK ranges start there)
        return " "
    return "" if CJK.match(before[-1]) and CJK.match(after[0]) else " "


def _slash_joins(before: str, after: str) -> bool:
    """A row ending with a slash joins ``after`` with nothing between (see :func:`glue`)."""
    mark = before[-2:-1]
    return bool(mark.strip()) and mark != "*" and bool(after[:1].strip()) and "://" not in after.split(" ", 1)[0]


def _open_address(before: str) -> bool:
    """``before`` ends inside a web address in parentheses: its last word opens a parenthesis, holds
    ``://`` and does not close it."""
    word = before[before.rfind(" ") + 1 :]
    return word[:1] == "(" and "://" in word and ")" not in word
