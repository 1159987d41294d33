"""A wine list with no rules: each wine's name in bold (four to six words) beside its tasting
note and its price, under a row of column headings in a small plain face. The names are the
table's first column. Before, a column of cells of four words and more beside the others read
as a column of running text and was left out of the table's region (the names then read as
bold paragraphs after a table of notes and prices). Names not in bold still are left out."""

from __future__ import annotations

import attrs

from pdfcore.models import Box, TextLine
from pdfcore.services.table_regions import candidate_regions
from tests.unit.test_tables import H, W, line, page

WINES = [
    ("Domaine des Aubuisieres Vouvray Sec", "Crisp and dry, with quince and a long finish.", "17.50"),
    ("Chateau de Fesles Savennieres 2021", "Rich and waxy with baked apple and minerality.", "22.00"),
    ("Domaine Ferret Macon-Fuisse 2022", "Ripe peach and hazelnut over gentle oak.", "19.95"),
    ("Quinta do Ameal Loureiro 2022", "Light, floral and zesty, a perfect aperitif.", "15.75"),
]


def _list(bold: bool) -> tuple[list[TextLine], tuple[Box, ...]]:
    lines = [line("Wine Tasting note Bottle", 72, 200, 540, h=8)]
    gaps = [Box(92, 200, 260, 208), Box(320, 200, 510, 208)]
    for k, (name, note, price) in enumerate(WINES):
        y = 220 + 20 * k
        lines.append(attrs.evolve(line(name, 72, y, 72 + 5.5 * len(name)), bold=bold))
        lines.append(line(note, 260, y, 260 + 5 * len(note)))
        lines.append(line(price, 510, y, 540))
    return lines, tuple(gaps)


def test_names_in_bold_beside_their_notes_are_the_tables_first_column() -> None:
    lines, gaps = _list(bold=True)
    regions = candidate_regions(page(lines, gaps=gaps), W, H)
    assert any(r.x0 <= 72 and r.x1 >= 540 and r.y0 <= 220 and r.y1 >= 290 for r in regions), regions


def test_names_in_the_notes_face_are_still_a_column_of_text_beside_the_table() -> None:
    lines, gaps = _list(bold=False)
    regions = candidate_regions(page(lines, gaps=gaps), W, H)
    assert not any(r.x0 <= 72 for r in regions), regions


def test_names_as_the_bold_lead_in_of_one_line_with_their_notes_count_too() -> None:
    """The name and its note read as one line (the producer set them as one run of text), the
    name its bold lead-in, a blank between them: the same."""
    lines = [line("Wine Tasting note Bottle", 72, 200, 540, h=8)]
    gaps = [Box(92, 200, 260, 208), Box(320, 200, 510, 208)]
    for k, (name, note, price) in enumerate(WINES):
        y = 220 + 20 * k
        joined = line(f"{name} {note}", 72, y, 260 + 5 * len(note))
        lines += [attrs.evolve(joined, lead=name), line(price, 510, y, 540)]
        gaps.append(Box(72 + 4.5 * len(name), y, 260, y + 10))
    regions = candidate_regions(page(lines, gaps=tuple(gaps)), W, H)
    assert any(r.x0 <= 72 and r.x1 >= 540 for r in regions), regions
