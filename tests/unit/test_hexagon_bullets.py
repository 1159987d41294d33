"""A hexagon set as a list's bullet (a beekeepers' association's notes: ``⬢ a smoker, lit and
drawing well``) marks an item; before, the items were paragraphs opening with the hexagon."""

from __future__ import annotations

from pdfcore.structure.markers import ITEM_BULLETS, list_marker


def test_a_hexagon_is_a_bullet() -> None:
    assert list_marker("⬢ a smoker, lit and drawing well") == "⬢"
    assert "⬢" in ITEM_BULLETS
