"""The marks a row's part is told by: a list's marker at its start (bullets, and numbers, letters
or roman numerals closed by a period or parenthesis: :func:`list_marker`), and what closes a
sentence at its end (CLOSING, a note's number after it maybe: NOTE_AFTER_STOP)."""

from __future__ import annotations

import re

#: Pictographs a list's markers drawn apart from their items may be (see
#: :mod:`pdfcore.layout.list_marks`; in a line's text they are no bullet): the Dingbats block
#: (scissors, crosses, stars, florets, arrows), not its telephone, tape drive, aeroplane and
#: envelope (a contact line's signs), its quotation marks and brackets, nor its circled digits
#: (numbers); and the black and white stars.
PICTOGRAPHS = frozenset(
    [*(chr(c) for c in (*range(0x2700, 0x2706), *range(0x270A, 0x2758), *range(0x2794, 0x27C0))), "★", "☆"]
)
#: List markers at the start of a row: bullets (with the private-use code points symbol fonts
#: map theirs to), and numbers, letters or roman numerals closed by a period or parenthesis.
BULLETS = "•◦▪▫‣⁃∙●○■□►▶▸▹›✓✔➢➤❖◆◇⬢⬡→–—-*·☐☑☒\uf0b7\uf0a7\uf0d8\uf076\uf0fc\uf0a8\uf06e\uf0e0\uf0d7"
BULLET_SET = frozenset(BULLETS)
#: Ballot boxes opening a list's item (a checklist, a form's options): the item is a task
#: list's, its box empty or ticked (``- [ ] Torch``, ``- [x] Annual report``).
BOXES = {"☐": "[ ]", "☑": "[x]", "☒": "[x]"}
#: The bullets that lead a list's item only (dashes, stars, rings, arrows and middle dots also
#: mark a diagram's labels, a formula's terms or an operator).
ITEM_BULLETS = frozenset("•▪‣⁃●■►▶▸❖➢➤⬢\uf0b7\uf0a7\uf0d8\uf076\uf0fc\uf0a8\uf06e")
BULLET = re.compile(f"^([{re.escape(BULLETS)}])(?:\\s+|(?<!-)(?=[A-Za-z\u00c0-\u024f\u0400-\u04ff]))")
#: A number, letter or roman numeral closed by a period or parenthesis.
_ENUMERATOR = r"\(?(?:\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{1,5})[.)]"
#: An enumerator with text after it.
ENUM = re.compile(f"^({_ENUMERATOR})\\s+(?=\\S)")
#: A list's marker standing alone (a table cell, a row's first word): a bullet or an enumerator.
MARKER = re.compile(f"^(?:{_ENUMERATOR}|[{re.escape(BULLETS)}])$")
#: A letter or roman numeral in parentheses alone: a label ("(b)").
LABEL = re.compile(r"^\((?:[a-zA-Z]|[ivxlcIVXLC]{1,5})\)$")
#: What a sentence (or a row that ends its unit) closes with.
CLOSING = tuple('.!?:;。！？…"”’»)]')
#: A sentence closed, then a note's number set close or apart ("an illegal technology.22",
#: "... the inner loop. 2").
NOTE_AFTER_STOP = re.compile(r"[^\W\d_][.!?][\"”’)]?\s?\d{1,3}$")


def list_marker(text: str) -> str:
    """The list marker a row starts with ("" for none): a bullet, or "3." / "a)" / "(iv)"; not
    where only more labels follow ("(a) (b)": a figure's parts)."""
    # the patterns asked only where they may match (most rows start with a word): a bullet
    # is the first character, an enumerator's period or parenthesis is among the first seven
    if text[:1] in BULLET_SET:
        m = BULLET.match(text)
        if m:
            return m.group(1)
    head = text[:7]
    if "." not in head and ")" not in head:
        return ""
    m = ENUM.match(text)
    if not m:
        return ""
    if LABEL.match(m.group(1)) and all(LABEL.match(word) for word in text[m.end() :].split()):
        return ""  # labels alone ("(a) (b)" under a figure's two parts), no item's text
    return m.group(1)


#: A letter or roman numeral closed by a period or parenthesis, as a row's marker: "b)", "(iv)".
COUNTER_MARKER = re.compile(r"^\(?([A-Za-z]{1,5})[.)]$")


def goes_on(before: str, marker: str) -> bool:
    """``marker`` goes on the lettering (or roman numbering) of ``before``: "a)" then "b)",
    "iv." then "v."."""
    return bool(set(ordinal(marker)) & {(kind, n + 1) for kind, n in ordinal(before)})


def ordinal(marker: str) -> list[tuple[str, int]]:
    """What a marker counts as: ("lower"/"upper", position) for a letter, ("roman"/"ROMAN",
    value) for a roman numeral (a single "i", "v", "x" is both), [] for anything else."""
    m = COUNTER_MARKER.match(marker)
    if not m:
        return []
    word = m.group(1)
    out: list[tuple[str, int]] = []
    if len(word) == 1:
        out.append(("lower" if word.islower() else "upper", ord(word.lower()) - ord("a")))
    value = _roman(word)
    if value:
        out.append(("roman" if word.islower() else "ROMAN", value))
    return out


def _roman(word: str) -> int:
    """The value of a roman numeral in one case (0 when it is none)."""
    if not (word.islower() or word.isupper()):
        return 0
    if any(ch not in _ROMAN for ch in word.lower()):
        return 0
    digits = [_ROMAN[ch] for ch in word.lower()]
    return sum(-d if k + 1 < len(digits) and digits[k + 1] > d else d for k, d in enumerate(digits))


_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
