"""Axis calibration: linear, log (base 10 and 2), stray labels, refusals."""

from __future__ import annotations

import math

import pytest

from pdfcore.charts.calibration import Failure, Scale, Tick, calibrate


def _ticks(pairs: list[tuple[float, float]]) -> list[Tick]:
    return [Tick(str(v), v, pos) for pos, v in pairs]


def test_linear_axis_maps_positions_exactly() -> None:
    s = calibrate(_ticks([(100.0, 0.0), (150.0, 5.0), (200.0, 10.0), (250.0, 15.0)]))
    assert isinstance(s, Scale) and s.kind == "linear"
    assert s.r2 == pytest.approx(1.0)
    assert s.value(175.0) == pytest.approx(7.5)
    assert s.pos(12.5) == pytest.approx(225.0)


def test_inverted_vertical_axis() -> None:
    # Page y grows downwards while values grow upwards.
    s = calibrate(_ticks([(300.0, 0.0), (200.0, 50.0), (100.0, 100.0)]))
    assert isinstance(s, Scale) and s.kind == "linear"
    assert s.value(250.0) == pytest.approx(25.0)


@pytest.mark.parametrize("base", [10, 2])
def test_log_axes(base: int) -> None:
    pairs = [(50.0 + 40.0 * k, float(base) ** (k - 2)) for k in range(5)]
    s = calibrate(_ticks(pairs))
    assert isinstance(s, Scale) and s.kind == "log" and s.log_base == base
    assert s.value(70.0) == pytest.approx(base**-1.5)
    assert s.r2 == pytest.approx(1.0)


def test_three_equal_steps_prefer_linear() -> None:
    s = calibrate(_ticks([(0.0, 1000.0), (10.0, 1010.0), (20.0, 1020.0)]))
    assert isinstance(s, Scale) and s.kind == "linear"


def test_a_stray_label_is_left_out() -> None:
    pairs = [(0.0, 0.0), (10.0, 1.0), (20.0, 2.0), (30.0, 3.0), (40.0, 4.0), (25.0, 2020.0)]
    s = calibrate(_ticks(pairs))
    assert isinstance(s, Scale)
    assert len(s.ticks) == 5 and all(t.value != 2020.0 for t in s.ticks)


@pytest.mark.parametrize(
    "pairs",
    [
        [(0.0, 0.0), (10.0, 1.0)],  # two ticks
        [(0.0, 1.0), (10.0, 1.0), (20.0, 1.0)],  # one distinct value
        [(0.0, 0.0), (10.0, 5.0), (20.0, 1.0), (30.0, 7.0)],  # not monotonic
        [(0.0, 0.0), (10.0, 1.0), (20.0, 7.0), (30.0, 3.0), (40.0, 9.0)],  # fits nothing
    ],
)
def test_refusals(pairs: list[tuple[float, float]]) -> None:
    assert isinstance(calibrate(_ticks(pairs)), Failure)


def test_marginal_fit_is_flagged() -> None:
    # Label centres off by ~0.5 % of the span: accepted, but marked marginal.
    pairs = [(0.0, 0.0), (101.5, 10.0), (200.0, 20.0), (300.0, 30.0)]
    s = calibrate(_ticks(pairs))
    assert isinstance(s, Scale) and s.marginal
    assert s.residual < 0.006 and not math.isnan(s.r2)
