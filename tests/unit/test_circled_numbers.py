"""A walk's directions numbered with small white figures on drawn circles, each centred between
its item's first two rows, set smaller than the text; the text layer gives some items with their
number (``3 Go through the gate ...``) and the others' numbers apart, after the text. Before, a
number set smaller than its item's line was taken for a note's mark, and the numbers given apart
(1, 2, then 5 to 9: 3 and 4 given with their items) counted no list: they stood on lines of
their own between each item's first and second rows."""

from __future__ import annotations

from pdfcore.layout.list_marks import markers_in_place
from pdfcore.models import Box, TextLine


def _line(text: str, x0: float, y0: float, x1: float, size: float = 9.2, h: float = 8.9) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y0 + h), size)


def _number(n: int, x0: float, y0: float) -> TextLine:
    return _line(str(n), x0, y0, x0 + 3.5, size=8.0, h=5.9)


def _lines() -> list[TextLine]:
    items = [
        _line("From the car park, turn right along Church", 58.4, 357.1, 254.6),
        _line("Follow the wall on your left across three fields,", 58.4, 419.2, 265.5),
        _line("3 Go through the gate and follow the walled track", 41.9, 470.1, 272.1),
        _line("4 Cross the stile and take the clear path straight", 41.9, 509.8, 268.3),
        _line("For the full route, continue along the edge path,", 324.2, 217.9, 540.0),
        _line("At the Boggart's Stone, a large, rounded boulder", 324.2, 269.0, 541.3),
        _line("Pass the grouse butts and descend to a", 324.2, 319.9, 500.0),
    ]
    numbers = [_number(1, 42.3, 361.3), _number(2, 42.0, 423.4)]
    numbers += [_number(n, 308.4, y) for n, y in ((5, 222.3), (6, 273.1), (7, 324.1))]
    return items + numbers


def test_small_numbers_on_circles_given_apart_mark_their_items() -> None:
    out = [ln.text for ln in markers_in_place(_lines())]
    assert "1 From the car park, turn right along Church" in out, out
    assert "2 Follow the wall on your left across three fields," in out, out
    assert "6 At the Boggart's Stone, a large, rounded boulder" in out, out
    assert not any(t.strip().isdigit() for t in out), out


def test_a_small_raised_number_is_a_notes_mark() -> None:
    """The same numbers set small and raised, a superscript over each line's middle: notes'
    marks, left alone."""
    lines = [
        _line(f"Note {k}: text that follows its small raised mark", 58.4, 100 + 20 * k, 300) for k in range(1, 5)
    ] + [_line(str(k), 50.0, 98 + 20 * k, 53.5, size=6.0, h=5.0) for k in range(1, 5)]
    assert [ln.text for ln in markers_in_place(lines)] == [ln.text for ln in lines]
