"""Rulings drawn as white bands between cells filled in colour: a white bar a little thicker
than a ruling, shaded cells touching it on both long sides, is a ruling along its middle."""

from __future__ import annotations

from typing import Any

from adapters._plumber_table_page import _white_bands

NAVY = (0.09, 0.21, 0.36)
PALE = (0.78, 0.85, 0.95)


def _rect(x0: float, top: float, x1: float, bottom: float, colour: Any) -> dict[str, Any]:
    return {"x0": x0, "top": top, "x1": x1, "bottom": bottom, "fill": True, "non_stroking_color": colour}


def test_a_white_band_between_a_shaded_header_and_shaded_cells_is_a_ruling() -> None:
    header = _rect(66, 433, 531, 485.1, NAVY)
    band = _rect(66, 485.1, 531, 488.1, 1.0)
    cells = [_rect(66, 488.1, 259, 514, NAVY), _rect(262, 488.1, 531, 514, PALE)]
    column_gap = _rect(259, 488.1, 262, 514, 1.0)
    assert _white_bands([header, band, *cells, column_gap]) == [
        (66.0, 486.6, 531.0, 486.6),
        (260.5, 488.1, 260.5, 514.0),
    ]


def test_white_space_not_between_shaded_cells_is_no_ruling() -> None:
    """A white bar with shading on one side only (a table's edge on white paper), one too thick
    to be a gap between cells, and a coloured bar are no white bands."""
    header = _rect(66, 433, 531, 485.1, NAVY)
    edge = _rect(66, 485.1, 531, 488.1, 1.0)
    assert _white_bands([header, edge]) == []
    wide = _rect(66, 485.1, 531, 495.1, 1.0)
    below = _rect(66, 495.1, 531, 514, PALE)
    assert _white_bands([header, wide, below]) == []
    assert _white_bands([header, _rect(66, 485.1, 531, 488.1, PALE), _rect(66, 488.1, 531, 514, PALE)]) == []
