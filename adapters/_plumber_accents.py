"""Accents drawn as glyphs of their own over a letter, in the characters pdfplumber reads for a
table's cells (``germanys´`` where the page prints ``germanyś``): each is joined to its letter
by the rule of :mod:`adapters._accents`, as the page's text is (``adapters/_pdfium_accents.py``).
pdfminer gives every character its font's box, so an accent is told by its middle standing over
the letter rather than by its height.
"""

from __future__ import annotations

from typing import Any

from adapters._accents import COMBINING, Box, joined, letter_under, outward, set_over


def join_accents(page: Any) -> None:
    """Join the spacing accents among ``page``'s characters to the letters they are drawn over
    (the letter takes the joined form, the accent is left out). Changes the page's objects in
    place, before any crop of it is made; a page joined already is left as it is."""
    chars = page.objects.get("char")
    if not chars or not any(c.get("text") in COMBINING for c in chars):
        return
    gone: set[int] = set()

    def text(j: int) -> str:
        return str(chars[j].get("text") or "") if 0 <= j < len(chars) and j not in gone else ""

    def box(c: dict[str, Any]) -> Box:
        return float(c["x0"]), float(c["x1"]), -float(c["bottom"]), -float(c["top"])

    out = list(chars)
    for k, c in enumerate(chars):
        accent = c.get("text")
        if accent not in COMBINING or k in gone:
            continue

        mark = box(c)

        def over(j: int, mark: Box = mark) -> bool:
            return set_over(mark, box(chars[j]))

        found = letter_under(k, outward(k, 0, len(chars)), text, over)
        if found is None:
            continue
        letter = joined(text(found), accent)
        if letter is not None:
            out[found] = {**chars[found], "text": letter}
            gone.update((found, k))
    if gone:
        page.objects["char"] = [ch for j, ch in enumerate(out) if not (j in gone and chars[j].get("text") in COMBINING)]
