"""The pictographs a list's markers drawn apart may be are single characters: a line of two of
them side by side (``✊✋``, neighbours in the Dingbats block), or a line with no text at all,
is no marker. Before, the pictographs were one string and a membership test was a substring
test, which both passed."""

from __future__ import annotations

from pdfcore.structure.markers import PICTOGRAPHS


def test_pictographs_are_single_characters() -> None:
    assert "✂" in PICTOGRAPHS and "★" in PICTOGRAPHS
    assert "✊✋" not in PICTOGRAPHS
    assert "" not in PICTOGRAPHS
