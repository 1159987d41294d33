"""A key/value table framed by a rectangle with rounded corners (a hearing aid guide's details
of the fitting), the frame drawn as one path whose curves put points at the corners, inside the
frame's box: the path is no chart's line going up and down across the region, and the table is
read. Before, its region was taken for a chart and the table's rows read as headings."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from adapters._plumber_table_page import _chart
from tests.pdfgen import Page, write_pdf


def _rounded(p: Page, x0: float, y0: float, x1: float, y1: float, r: float) -> None:
    k = 0.55 * r
    p.ops.append(
        " ".join(
            [
                "q 0 0 1 RG 1 w",
                f"{x0 + r} {y0} m {x1 - r} {y0} l",
                f"{x1 - r + k} {y0} {x1} {y0 + r - k} {x1} {y0 + r} c",
                f"{x1} {y1 - r} l {x1} {y1 - r + k} {x1 - r + k} {y1} {x1 - r} {y1} c",
                f"{x0 + r} {y1} l {x0 + r - k} {y1} {x0} {y1 - r + k} {x0} {y1 - r} c",
                f"{x0} {y0 + r} l {x0} {y0 + r - k} {x0 + r - k} {y0} {x0 + r} {y0} c S Q",
            ]
        )
    )


def _ellipse(p: Page, cx: float, cy: float, rx: float, ry: float) -> None:
    kx, ky = 0.55 * rx, 0.55 * ry
    p.ops.append(
        f"q 1 w {cx + rx} {cy} m {cx + rx} {cy + ky} {cx + kx} {cy + ry} {cx} {cy + ry} c "
        f"{cx - kx} {cy + ry} {cx - rx} {cy + ky} {cx - rx} {cy} c "
        f"{cx - rx} {cy - ky} {cx - kx} {cy - ry} {cx} {cy - ry} c "
        f"{cx + kx} {cy - ry} {cx + rx} {cy - ky} {cx + rx} {cy} c S Q"
    )


def _crop(tmp_path: Path, *, frame: bool, ellipse: bool = False) -> object:
    p = Page()
    if ellipse:  # a diagram's set drawn round its labels
        _ellipse(p, 298, 560, 236, 58)
    elif frame:
        _rounded(p, 60, 500, 536, 620, 8)
    else:  # a chart's line, up and down across the region
        p.ops.append("q 1 w 60 510 m 150 600 l 240 530 l 330 610 l 420 520 l 536 590 l S Q")
    for k, (key, value) in enumerate((("Battery size", "312, brown tab"), ("Dome size", "Medium open dome"))):
        p.text(66, 600 - 20 * k, key, size=9)
        p.text(220, 600 - 20 * k, value, size=9)
    path = write_pdf(tmp_path / "framed.pdf", [p])
    page = pdfplumber.open(path).pages[0]
    return page.crop((55, 792 - 625, 540, 792 - 495))


def test_a_frame_with_rounded_corners_is_no_chart(tmp_path: Path) -> None:
    assert not _chart(_crop(tmp_path, frame=True))


def test_a_line_up_and_down_across_the_region_is_a_chart(tmp_path: Path) -> None:
    assert _chart(_crop(tmp_path, frame=False))


def test_an_ellipse_round_labels_is_no_frame(tmp_path: Path) -> None:
    """A diagram's ellipse (its points on its box's edges, but no straight side) stays vector
    art: its labels are no table."""
    assert _chart(_crop(tmp_path, frame=False, ellipse=True))
