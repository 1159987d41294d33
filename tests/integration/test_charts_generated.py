"""Chart extraction end to end (pdfium adapters, Pdfcore API, CLI) on charts drawn with known data."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from pdfcore.errors import InvalidArgument, PageOutOfRange
from pdfcore.serde import unstructure
from tests.chart_truth import score
from tests.chartgen import build_fixtures
from tests.pdfgen import simple_document


@pytest.fixture(scope="module")
def fixtures(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, dict[str, Any]]]:
    return build_fixtures(tmp_path_factory.mktemp("charts"))


@pytest.fixture
def chart_core(tmp_path: Path):  # type: ignore[no-untyped-def]
    import pdfcore
    from pdfcore.config import load_settings

    cfg = tmp_path / "c.toml"
    cfg.write_text("")
    core = pdfcore.build(
        load_settings(
            env={"PDFCORE_CONFIG": str(cfg), "PDFCORE_CACHE_DIR": str(tmp_path / "cache"), "PDFCORE_ISOLATION": "none"},
            overrides={"paths": {"roots": ["/"]}},
        ),
        fetcher=None,
    )
    yield core
    core.close()


def _wire(r: Any) -> dict[str, Any]:
    d = unstructure(r)
    d.pop("images", None)
    return json.loads(json.dumps(d))


def _series(d: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for c in d["charts"] for s in c["series"]]


def test_category_bars_exact(chart_core, fixtures) -> None:  # type: ignore[no-untyped-def]
    d = _wire(chart_core.extract_chart(fixtures["bars_category"][0], 1))
    assert d["status"] == "ok"
    (chart,) = d["charts"]
    assert chart["chart_type"] == "bar"
    assert chart["x_axis"]["scale"] == "category"
    assert chart["x_axis"]["categories"] == ["North", "South", "East", "West"]
    (s,) = chart["series"]
    assert s["kind"] == "bars" and "points" not in s
    assert s["bars"] == [["North", 12.5], ["South", 30.0], ["East", 7.25], ["West", 22.0]]
    assert s["multivalued"] is False and s["downsampled"] is False and s["n_extrema_dropped"] == 0


def test_grouped_bars_take_their_labels_from_the_legend(chart_core, fixtures) -> None:  # type: ignore[no-untyped-def]
    d = _wire(chart_core.extract_chart(fixtures["bars_grouped_legend"][0], 1))
    got = {s["label"]: s["bars"] for s in _series(d)}
    assert got == {
        "2023": [["Q1", 10.0], ["Q2", 20.0], ["Q3", 30.0], ["Q4", 40.0]],
        "2024": [["Q1", 15.0], ["Q2", 25.0], ["Q3", 35.0], ["Q4", 45.0]],
    }
    assert d["charts"][0]["diagnostics"]["n_bar_rects"] == 8  # the legend swatches are not bars


def test_horizontal_and_negative_bars(chart_core, fixtures) -> None:  # type: ignore[no-untyped-def]
    d = _wire(chart_core.extract_chart(fixtures["bars_horizontal"][0], 1))
    assert _series(d)[0]["bars"] == [["Apples", 64.0], ["Pears", 12.5], ["Plums", 88.0]]
    d = _wire(chart_core.extract_chart(fixtures["bars_negative"][0], 1))
    assert _series(d)[0]["bars"] == [["A", -5.0], ["B", 10.0], ["C", -2.5]]


def test_lines_with_markers_and_a_legend(chart_core, fixtures) -> None:  # type: ignore[no-untyped-def]
    path, truth = fixtures["lines_markers_legend"]
    d = _wire(chart_core.extract_chart(path, 1, max_points=50))
    assert d["status"] == "ok" and d["charts"][0]["chart_type"] == "line"
    series = _series(d)
    assert [s["kind"] for s in series] == ["curve", "curve"]  # the markers decorate the blue line
    squares = next(s for s in series if s["style"]["color"][2] > 0.6)
    sine = next(s for s in series if s is not squares)
    assert squares["label"] == "squares"
    assert sine["label"] is None  # its legend sample is drawn in another colour: no unique match
    assert sine["style"]["dash"] == "4 2"
    assert squares["points"] == [[x, x * x] for x in truth["series"]["squares"][0]]
    assert sine["points"] == [[x, float(f"{50 + 20 * math.sin(x):.4g}")] for x in truth["series"]["sine"][0]]


def test_scatter_and_log_superscripts(chart_core, fixtures) -> None:  # type: ignore[no-untyped-def]
    for name in ("scatter", "log_superscript"):
        path, truth = fixtures[name]
        d = _wire(chart_core.extract_chart(path, 1))
        assert d["status"] == "ok", name
        sc = score(d, truth)
        assert sc["max_error"] < 1e-3 and sc["extra"] == 0 and sc["missing"] == 0, (name, sc)
    d = _wire(chart_core.extract_chart(fixtures["log_superscript"][0], 1))
    y = d["charts"][0]["y_axis"]
    assert y["scale"] == "log" and y["log_base"] == 10 and "superscript" in y["verify"]
    ticks = [t["raw"] for t in d["charts"][0]["verification_card"]["y_axis"]["ticks"]]
    assert "10^-3" in ticks and "10^2" in ticks


def test_a_drawn_exponent_minus_declines(chart_core, fixtures) -> None:  # type: ignore[no-untyped-def]
    r = chart_core.extract_chart(fixtures["log_drawn_minus"][0], 1)
    d = _wire(r)
    assert d["status"] == "declined"
    assert "drawn, not typed" in d["reasons"][0]
    assert not any(s.get("points") for s in _series(d))
    (im,) = r.images
    assert im.kind == "declined_page" and im.png.startswith(b"\x89PNG")


def test_a_text_page_declines_and_counts_no_chart(chart_core, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    pdf = simple_document(tmp_path / "text.pdf", 2)
    d = _wire(chart_core.extract_chart(str(pdf), 2))
    assert d["status"] == "declined" and d["charts"] == [] and "no chart" in d["reasons"][0]
    assert chart_core.services.charts.count_charts(chart_core.open(str(pdf)), 0) == 0


def test_count_charts_on_chart_pages(chart_core, fixtures) -> None:  # type: ignore[no-untyped-def]
    svc = chart_core.services.charts
    for name in ("bars_category", "scatter", "lines_markers_legend"):
        assert svc.count_charts(chart_core.open(fixtures[name][0]), 0) == 1, name


def test_api_argument_errors(chart_core, fixtures) -> None:  # type: ignore[no-untyped-def]
    path = fixtures["scatter"][0]
    with pytest.raises(PageOutOfRange):
        chart_core.extract_chart(path, 2)
    for kwargs in (
        {"page": 0},
        {"page": 1, "max_points": 2},
        {"page": 1, "hints": {"p0.s0.axis": "sideways"}},
        {"page": 1, "include_render": "yes"},
    ):
        with pytest.raises(InvalidArgument):
            chart_core.extract_chart(path, **kwargs)


def test_cli_chart(fixtures, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from pdfcore_entrypoints.cli import main

    monkeypatch.setenv("PDFCORE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PDFCORE_ISOLATION", "none")
    path = fixtures["bars_category"][0]
    assert main(["chart", path, "1", "--root", "/", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "ok" and data["charts"][0]["series"][0]["bars"][1] == ["South", 30.0]
    assert main(["chart", path, "1", "--root", "/", "-o", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "South\t30.0" in out and "render:" in out
    assert list((tmp_path / "out").glob("*.png"))
    assert main(["chart", path, "1", "--root", "/", "--hints", "{bad json"]) == 2
