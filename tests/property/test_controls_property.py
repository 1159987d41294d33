"""Whatever a line holds, its cleaned text has no control character but tab (and no line feed:
a line has none), and the count never exceeds the controls it had."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from pdfcore.layout.controls import clean_text

_TEXT = st.text(
    alphabet=st.one_of(
        st.sampled_from(["a", "b", " ", "-", "1", "\t", "\x00", "\x02", "\x1f", "\x7f", "\x93"]), st.characters()
    ),
    max_size=60,
).map(lambda s: s.replace("\n", " "))


@given(_TEXT)
def test_no_control_character_survives(raw: str) -> None:
    clean, taken = clean_text(raw)
    assert all(c == "\t" or unicodedata.category(c) != "Cc" for c in clean)
    controls = sum(1 for c in raw if unicodedata.category(c) == "Cc" and c not in "\t\n")
    assert 0 <= taken <= controls
    assert clean.count("\ufffd") - raw.count("\ufffd") + taken == controls
