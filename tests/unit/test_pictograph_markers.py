"""List markers drawn apart from their items (a browser's or WeasyPrint's print of a web page
draws them after the page's text): a pictograph set as the list's bullet (``✂``) and a small
ring for the items nested under it (``◦``, its box as small as the ring's ink) are put back at
the front of their items; a pictograph after text on its row (a formula's sign) is not."""

from __future__ import annotations

from pdfcore.layout.list_marks import markers_in_place
from pdfcore.models import Box, TextLine

ITEMS = (
    (86.0, 407.0, "Olaplex bond repair treatment, £25.00"),
    (103.0, 421.0, "added to any colour service, £15.00"),
    (86.0, 443.0, "Deep conditioning ritual with scalp massage, £18.00"),
    (86.0, 459.0, "Keratin smoothing treatment, from £150.00"),
    (103.0, 472.0, "includes take-home shampoo and conditioner"),
)


def _lines() -> list[TextLine]:
    out = [TextLine(text, Box(x, y, x + 4.5 * len(text), y + 9.5), 8.0) for x, y, text in ITEMS]
    for x, y, _ in ITEMS:  # the markers, drawn after the text
        if x < 100:
            out.append(TextLine("✂", Box(74.0, y + 1.5, 80.0, y + 5.5), 8.0))
        else:
            out.append(TextLine("◦", Box(93.8, y + 2.0, 96.1, y + 5.0), 8.0))
    return out


def test_pictograph_bullets_and_small_rings_go_back_to_their_items() -> None:
    texts = [ln.text for ln in markers_in_place(_lines())]
    assert texts == [
        "• Olaplex bond repair treatment, £25.00",
        "◦ added to any colour service, £15.00",
        "• Deep conditioning ritual with scalp massage, £18.00",
        "• Keratin smoothing treatment, from £150.00",
        "◦ includes take-home shampoo and conditioner",
    ]


def test_a_pictograph_after_text_on_its_row_stays() -> None:
    lines = [
        TextLine("x0 xi, . . . ,", Box(100.0, 300.0, 150.0, 310.0), 10.0),
        TextLine("xi", Box(162.0, 300.0, 170.0, 310.0), 10.0),
        TextLine("xi", Box(162.0, 320.0, 170.0, 330.0), 10.0),
        TextLine("✁", Box(152.0, 301.0, 160.0, 309.0), 10.0),
        TextLine("✁", Box(152.0, 321.0, 160.0, 329.0), 10.0),
    ]
    assert [ln.text for ln in markers_in_place(lines)] == [ln.text for ln in lines]
