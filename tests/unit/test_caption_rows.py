"""A caption's rows the page gives apart: a centred caption left open goes on under it."""

from __future__ import annotations

from pdfcore.models import Box, ImageInfo
from tests.unit.test_structure import LOREM, ln, markdown, page, para

IMAGE = ImageInfo(index=0, width_px=400, height_px=300, bbox=Box(100, 100, 400, 325))


def test_a_centred_caption_left_open_takes_its_second_row() -> None:
    """The second row, a formula set in taller glyphs, is a block of its own: it is still the
    caption's, centred under its open first row; text under a closed caption is not."""
    rows = [
        *para(LOREM, 60),
        ln("Figure 2: The covering map R → S1,", 335, x=170, x1=330),
        ln("t ↦ (cos 2πt, sin 2πt)", 349, x=190, x1=310, size=12.5),
        *para(LOREM, 390),
    ]
    (md,) = markdown([page(rows, images=(IMAGE,), image_count=1)])
    assert md.split("\n\n") == [
        " ".join(LOREM),
        "![Figure 2: The covering map R → S1, t ↦ (cos 2πt, sin 2πt)](p1f1)",
        " ".join(LOREM),
    ]
    closed = [
        *para(LOREM, 60),
        ln("Figure 2: The covering map.", 335, x=185, x1=315),
        ln("A centred line of its own.", 349, x=185, x1=315, size=12.5),
    ]
    (md,) = markdown([page(closed, images=(IMAGE,), image_count=1)])
    assert md.split("\n\n")[1:] == ["![Figure 2: The covering map.](p1f1)", "A centred line of its own."]
