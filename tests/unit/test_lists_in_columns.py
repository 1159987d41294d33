"""Lists set side by side in three columns (a removal firm's inventory, room by room, each room's
name over its bulleted items): the columns' blanks line up into rivers, and the alignment search
took them for a table. Every column is mostly items opening with a marker: lists, no table. A
table whose first column holds labels keeps its region."""

from __future__ import annotations

from pdfcore.models import Box, TextLine
from pdfcore.services.list_runs import listed_columns

RUN = Box(52, 199, 537, 355)


def _line(text: str, x0: float, y0: float, x1: float) -> TextLine:
    return TextLine(text, Box(x0, y0, x1, y0 + 8), 8.0)


def _column(x0: float, texts: list[str]) -> list[TextLine]:
    return [
        _line(t, x0 + (8 if not t.startswith(("■", "Room")) else 0), 200 + 14 * k, x0 + 140)
        for k, t in enumerate(texts)
    ]


def test_lists_in_three_columns_are_no_table() -> None:
    lines = [
        *_column(
            54, ["Room Sitting Room", "■ Three-seater sofa and two", "armchairs", "■ Upright piano", "■ Bookcase"]
        ),
        *_column(224, ["■ Welsh dresser, in two parts", "■ Fridge freezer", "Room Bedrooms", "■ King-size bed"]),
        *_column(393, ["■ Six wardrobe cartons", "■ Eighteen cartons of clothes", "and bedding", "■ Two bicycles"]),
    ]
    assert listed_columns(RUN, lines)


def test_a_table_with_a_column_of_labels_is_no_list() -> None:
    lines = [
        *_column(54, ["Room Sitting Room", "Room Kitchen", "Room Bedrooms", "Room Garage"]),
        *_column(224, ["■ Sofa and two chairs", "■ Dining table", "■ Beds and mattresses", "■ Two bicycles"]),
        *_column(393, ["■ Wrapped", "■ Crated", "■ Dismantled", "■ Loaded last"]),
    ]
    assert not listed_columns(RUN, lines)
