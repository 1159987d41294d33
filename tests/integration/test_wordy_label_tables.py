"""A table of two columns under a row of bold headings ruled off, its labels of many words
("Flue condition, support and termination") beside values of a word or a few: both columns are
the table's (a column of labels is no running text beside it)."""

from __future__ import annotations

from pathlib import Path

from tests.integration.test_tables import _paragraph, _set_table

CHECKS = [
    ["Check", "Outcome"],
    ["Flue condition, support and termination", "Satisfactory"],
    ["Flue flow and spillage test", "Not required for a room-sealed appliance"],
    ["Ventilation", "Satisfactory; no purpose-provided ventilation required"],
    ["Operation of safety devices", "Pass"],
    ["Gas tightness test of the installation", "Pass, no drop over two minutes"],
    ["Carbon monoxide alarm", "Fitted in the kitchen and tested; replace by June 2028"],
    ["Appliance safe to use", "Yes"],
]


def test_labels_of_many_words_under_bold_headings(tmp_path: Path) -> None:
    commands = [
        ("FONTNAME", (0, 0), (-1, 0), "Times-Bold"),
        ("FONTNAME", (0, 1), (-1, -1), "Times-Roman"),
        ("FONTSIZE", (0, 0), (-1, -1), 9),
        ("LINEBELOW", (0, 0), (-1, 0), 1, (0, 0, 0)),
    ]
    before = [_paragraph("The checks made on the appliance and its flue.")]
    t = _set_table(tmp_path / "c.pdf", CHECKS, [265, 210], commands, before=before, align="LEFT")
    assert [list(t.header), *map(list, t.rows)] == CHECKS, t
