"""Properties of the structure benchmark's metrics: every score in [0, 1], 1 on identical
documents, symmetric where the definition is (NID; TEDS and MHS when both sides have tables,
respectively headings)."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import structure_metrics as m

words = st.text(alphabet="abcdefgh xyz*_|", min_size=1, max_size=12)
heading = st.builds(lambda level, text: "#" * level + " " + text, st.integers(1, 6), words)
cell = st.text(alphabet="abc 12", max_size=4)


@st.composite
def table(draw: st.DrawFn) -> str:
    width = draw(st.integers(1, 3))
    rows = draw(st.lists(st.lists(cell, min_size=width, max_size=width), min_size=1, max_size=3))
    if draw(st.booleans()):
        lines = ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join([lines[0], "|" + "---|" * width, *lines[1:]])
    body = "".join(
        "<tr>" + "".join(f'<td colspan="{draw(st.integers(1, 2))}">{c}</td>' for c in r) + "</tr>" for r in rows
    )
    return f"<table>{body}</table>"


block = st.one_of(words, heading, table(), st.builds(lambda t: f"- {t}", words))
document = st.lists(block, min_size=1, max_size=6).map("\n\n".join)


@settings(max_examples=150, deadline=None)
@given(document, document)
def test_scores_are_in_range(gt: str, pred: str) -> None:
    for name, value in m.score(gt, pred).items():
        assert value is None or 0.0 <= value <= 1.0, name


@settings(max_examples=100, deadline=None)
@given(document)
def test_identical_documents_score_one(doc: str) -> None:
    for name, value in m.score(doc, doc).items():
        assert value is None or value == 1.0, name


@settings(max_examples=150, deadline=None)
@given(document, document)
def test_symmetric_where_defined_both_ways(a: str, b: str) -> None:
    assert m.nid(a, b) == m.nid(b, a) or None in m.nid(a, b) + m.nid(b, a)
    if m.table_tree(m.prepare(a)).children and m.table_tree(m.prepare(b)).children:
        assert m.teds(a, b) == m.teds(b, a)
    if m.headings(a) and m.headings(b):
        forward, backward = m.mhs(a, b), m.mhs(b, a)
        assert all(abs(x - y) < 1e-9 for x, y in zip(forward, backward, strict=True))  # type: ignore[operator]
