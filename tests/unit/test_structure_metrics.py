"""The structure benchmark's metrics (benchmarks/structure_metrics.py) on hand-made cases."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import structure_metrics as m

DOC = """# Title

Intro text with **bold** words.

## Part one

- first item
- second item

| Name | Qty |
|---|---|
| Apple | 10 |

![Figure 1. A chart](p1i1)

## Part two

```
# not a heading
x = 1
```
"""


def test_identity_scores_one_everywhere() -> None:
    scores = m.score(DOC, DOC)
    assert scores == {k: 1.0 for k in ("overall", *m.METRICS)}


def test_nid_is_the_normalized_indel_similarity() -> None:
    # abcd -> abed: delete c, insert e: 2 edits over 8 characters.
    assert m.nid("abcd", "abed") == (pytest.approx(0.75), pytest.approx(0.75))
    assert m.nid("", "anything") == (None, None)
    assert m.nid("text", "") == (0.0, 0.0)


def test_nid_ignores_emphasis_and_whitespace() -> None:
    assert m.nid("some **bold** and *it* text", "some bold  and\nit text") == (1.0, 1.0)


def test_nid_s_leaves_tables_out() -> None:
    gt = "Before.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter."
    pred = "Before.\n\n<table><tr><td>x</td></tr></table>\n\nAfter."
    full, stripped = m.nid(gt, pred)
    assert stripped == 1.0
    assert full is not None and full < 1.0


def test_nid_s_undefined_for_a_truth_that_is_all_table() -> None:
    table = "<table><tr><td>a</td></tr></table>"
    full, stripped = m.nid(table, table)
    assert (full, stripped) == (1.0, None)


def test_teds_one_cell_renamed() -> None:
    # table, tr, td: the cell's text costs Levenshtein(abc, xyz) / 3 = 1 of 3 nodes.
    gt = "<table><tr><td>abc</td></tr></table>"
    pred = "<table><tr><td>xyz</td></tr></table>"
    assert m.teds(gt, pred) == (pytest.approx(2 / 3), 1.0)


def test_teds_missing_row() -> None:
    gt = "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>"
    pred = "<table><tr><td>a</td><td>b</td></tr></table>"
    # 7 nodes in the truth; deleting a row and its 2 cells costs 3.
    assert m.teds(gt, pred) == (pytest.approx(4 / 7), pytest.approx(4 / 7))


def test_teds_span_mismatch_costs_a_rename() -> None:
    gt = '<table><tr><td colspan="2">a</td></tr></table>'
    pred = "<table><tr><td>a</td><td></td></tr></table>"
    # Rename (colspan differs) 1 + insert the second cell 1, over the prediction's 4 nodes.
    assert m.teds(gt, pred) == (pytest.approx(0.5), pytest.approx(0.5))


def test_teds_gfm_equals_html_and_header_cells_are_cells() -> None:
    gfm = "| Name | Qty |\n|---|:--:|\n| Apple | 10 |"
    html = "<table><thead><tr><th>Name</th><th>Qty</th></tr></thead><tbody><tr><td>Apple</td><td>10</td></tr></tbody></table>"
    assert m.teds(gfm, html) == (1.0, 1.0)


def test_teds_undefined_without_truth_tables_zero_without_predicted_ones() -> None:
    assert m.teds("no table", "<table><tr><td>a</td></tr></table>") == (None, None)
    assert m.teds("<table><tr><td>a</td></tr></table>", "a") == (0.0, 0.0)


def test_teds_counts_every_table_in_order() -> None:
    one = "<table><tr><td>a</td></tr></table>"
    two = "<table><tr><td>b</td></tr></table>"
    assert m.teds(one + "\n" + two, one) == (pytest.approx(0.5), pytest.approx(0.5))


def test_gfm_rows_are_padded_and_escaped_pipes_kept() -> None:
    html = m.gfm_tables_to_html("| a | b |\n|---|---|\n| 1 |\n| x \\| y | 2 |")
    assert html == (
        "<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td></td></tr><tr><td>x | y</td><td>2</td></tr></table>"
    )


def test_mhs_treats_levels_alike_and_mhs_l_does_not() -> None:
    gt = "# A\ntext\n## B\nmore"
    pred = "# A\ntext\n### B\nmore"
    # document, heading A, its text, heading B, its text: one rename of 5 nodes for MHS-L.
    assert m.mhs(gt, pred) == (1.0, 1.0, pytest.approx(0.8))


def test_mhs_missing_heading() -> None:
    gt = "# A\nx\n# B\ny"
    pred = "# A\nx\ny"
    _, structure, _ = m.mhs(gt, pred)
    # Deleting heading B and moving its text under A: 2 deletions of 5 nodes.
    assert structure == pytest.approx(0.6)


def test_tree_distance_is_the_cheaper_of_both_ways() -> None:
    # APTED maps the first heading's text under "*" (3.0 edits) one way round and finds the 2.5
    # edits (rename, delete its text, insert the last heading) the other
    a = "_\n\n# **\n\n_\n\n# _\n\n_"
    b = "_\n\n# *\n\n# _\n\n_\n\n# _"
    assert m.mhs(a, b) == m.mhs(b, a)
    assert m.mhs(a, b)[0] == pytest.approx(1 - 2.5 / 6)


def test_mhs_undefined_and_zero() -> None:
    assert m.mhs("no heading", "# one") == (None, None, None)
    assert m.mhs("# one\ntext", "one\ntext") == (0.0, 0.0, 0.0)


def test_fenced_code_lines_are_not_headings_and_images_are_their_alt_text() -> None:
    assert [h.text for h in m.headings(DOC)] == ["Title", "Part one", "Part two"]
    assert "Figure 1. A chart" in m.prepare(DOC)
    assert "p1i1" not in m.prepare(DOC)


def test_heading_text_differences_cost_their_edit_distance() -> None:
    gt = "# Alpha\nbody"
    pred = "# Alphx\nbody"
    full, structure, _ = m.mhs(gt, pred)
    # 3 nodes; the heading renamed at 1/5.
    assert full == pytest.approx(1 - (1 / 5) / 3)
    assert structure == 1.0
