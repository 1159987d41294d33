"""Assembling labels from glyphs: minus signs, superscript powers, word gaps."""

from __future__ import annotations

from pdfcore.charts.labels import build_labels, phrases
from pdfcore.models import Box
from pdfcore.vectors import Glyph, TextRun


def _run(order: int, chars: list[tuple[str, float, float, float]]) -> TextRun:
    """chars: (char, x, baseline, size)."""
    glyphs = tuple(Glyph(c, Box(x, b - 0.72 * s, x + 0.556 * s, b), (x, b), s) for c, x, b, s in chars)
    box = Box(
        min(g.box.x0 for g in glyphs),
        min(g.box.y0 for g in glyphs),
        max(g.box.x1 for g in glyphs),
        max(g.box.y1 for g in glyphs),
    )
    return TextRun(order, "".join(c[0] for c in chars), box, max(c[3] for c in chars), 0.0, (0, 0, 0, 1), glyphs)


def test_power_with_raised_negative_exponent_in_separate_objects() -> None:
    base = _run(1, [("1", 10.0, 100.0, 10.0), ("0", 15.6, 100.0, 10.0)])
    minus = _run(2, [("\u2212", 21.5, 95.9, 7.0)])
    digit = _run(3, [("4", 26.0, 95.9, 7.0)])
    labels = build_labels([base, minus, digit])
    assert [lab.text for lab in labels] == ["10^\u22124"]
    assert labels[0].superscript and labels[0].size == 10.0


def test_separate_minus_object_joins_its_digits() -> None:
    labels = build_labels([_run(1, [("\u2212", 20.0, 50.0, 10.0)]), _run(2, [("2", 26.0, 50.0, 10.0)])])
    assert [lab.text for lab in labels] == ["\u22122"]
    assert not labels[0].superscript


def test_neighbouring_tick_labels_stay_apart_and_phrases_join_words() -> None:
    row = [_run(i, [(str(i), 50.0 + 40.0 * i, 200.0, 9.0)]) for i in range(4)]
    words = [
        _run(10, [(c, 100 + 5.0 * k, 50.0, 9.0) for k, c in enumerate("total")]),
        _run(11, [(c, 130 + 5.0 * k, 50.0, 9.0) for k, c in enumerate("cost")]),
    ]
    labels = build_labels(row + words)
    texts = sorted(lab.text for lab in labels)
    assert texts == ["0", "1", "2", "3", "cost", "total"]
    joined = {p.text for p in phrases(labels)}
    assert "total cost" in joined and "0" in joined
