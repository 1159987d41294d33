"""Where a paragraph's text closes its sentence: a bracket closing an aside mid-sentence does
not; one after a stop, or an aside opening with a capital (a cross reference), does. Where one
starts mid-sentence: in lower case, or with a figure and a word in lower case."""

from __future__ import annotations

import pytest

from pdfcore.structure.elements import closes, starts_mid_sentence


@pytest.mark.parametrize(
    ("text", "closed"),
    [
        ("About 38.3 million people (12.6 percent)", False),
        ("used in Nextcloud, [12][13]", False),
        ("the pair (x1, x2)", False),
        ("a reward R(a|q0), (6)", False),
        ("the device's features. [IR8425, adapted]", True),
        ("Recurrent disease (See FOLL-7)", True),
        ("as the table shows (Table 1).", True),
        ("it ended (as it began.)", True),
        ("the last word", False),
        ("a question?", True),
        ("(12.6 percent)", True),
    ],
)
def test_where_a_sentence_closes(text: str, closed: bool) -> None:
    assert closes(text) is closed


@pytest.mark.parametrize(
    ("text", "mid"),
    [
        ("had a severe disability", True),
        ("303.9 million in the civilian population", True),
        ("1,685 (approximately 40 percent) were", False),
        ("9 The estimates in this report", False),
        ("2. Results", False),
        ("A new sentence", False),
    ],
)
def test_where_a_paragraph_starts_mid_sentence(text: str, mid: bool) -> None:
    assert starts_mid_sentence(text) is mid
