"""Tick-label reading: plain numbers, powers, locale ambiguity."""

from __future__ import annotations

import pytest

from pdfcore.charts.numbers import read_number, resolve_axis


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0", 0.0),
        ("12", 12.0),
        ("-3", -3.0),
        ("\u22122.5", -2.5),  # typographic minus
        ("\u20131", -1.0),  # en dash used as a minus
        ("0.5", 0.5),
        ("0,5", 0.5),  # decimal comma, unambiguous
        ("2.25", 2.25),
        ("1,250.5", 1250.5),
        ("1.250,5", 1250.5),
        ("1,000,000", 1_000_000.0),
        ("0.000", 0.0),  # a leading zero group cannot be digit grouping
        ("$40", 40.0),
        ("75%", 75.0),
        ("1e-3", 0.001),
        ("2.5E+02", 250.0),
        ("10^3", 1000.0),
        ("10^\u22124", 0.0001),
        ("2^10", 1024.0),
        ("2^-1", 0.5),
        ("2\u00d710^3", 2000.0),
    ],
)
def test_numbers(text: str, value: float) -> None:
    r = read_number(text)
    assert r.value == pytest.approx(value)
    assert not r.ambiguous


@pytest.mark.parametrize("text", ["5.000", "10.000", "1,250", "-2.500"])
def test_locale_ambiguous_labels_have_no_value(text: str) -> None:
    r = read_number(text)
    assert r.value is None and r.ambiguous


@pytest.mark.parametrize("text", ["North", "Q1", "3^4", "7^2", "", "1.2.3,4", "--1", "12a"])
def test_not_numbers(text: str) -> None:
    r = read_number(text)
    assert r.value is None and not r.ambiguous


def test_axis_context_resolves_a_separator_only_from_evidence() -> None:
    # "0.500" can only be a decimal point, so "1.000" on the same axis is 1.
    got = [r.value for r in resolve_axis(["0.500", "1.000", "1.500"])]
    assert got == [0.5, 1.0, 1.5]
    # "1.000.000" can only be grouping, so "5.000" is five thousand.
    got = [r.value for r in resolve_axis(["0", "5.000", "1.000.000"])]
    assert got == [0.0, 5000.0, 1_000_000.0]
    # Nothing tells: the ambiguous labels stay unread.
    got = [r.value for r in resolve_axis(["0", "5.000", "10.000", "15.000"])]
    assert got == [0.0, None, None, None]
