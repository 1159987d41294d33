"""The hint protocol: closed enums, ids checked against the page."""

from __future__ import annotations

import pytest

from pdfcore.charts import hints as h
from pdfcore.errors import InvalidArgument


def test_parse_all_kinds() -> None:
    got = h.parse({"p0.s1.axis": "right", "p1.type": "bar", "p0.verify": "labels_wrong:s2"})
    assert got.axis == {(0, 1): "right"}
    assert got.types == {1: "bar"}
    assert got.verify == {0: "labels_wrong:s2"}
    assert h.labels_wrong_series("labels_wrong:s2") == 2
    assert h.parse(None) == h.Hints.empty()


@pytest.mark.parametrize(
    "hints",
    [
        {"p0.s1.axis": "up"},  # not an option
        {"p0.s1.axis": "12.5"},  # numbers are never hints
        {"p0.type": "pie"},
        {"p0.verify": "maybe"},
        {"p0.colour": "red"},  # unknown id
        {"chart0": "left"},
        "p0.s0.axis=left",  # not a mapping
    ],
)
def test_invalid_hints(hints: object) -> None:
    with pytest.raises(InvalidArgument) as exc:
        h.parse(hints)  # type: ignore[arg-type]
    assert "questions[]" in exc.value.recovery


def test_ids_must_name_charts_and_series_of_the_page() -> None:
    h.check_against(h.parse({"p0.s1.axis": "left"}), [2])
    for bad in ({"p1.type": "line"}, {"p0.s2.axis": "left"}, {"p0.verify": "labels_wrong:s5"}):
        with pytest.raises(InvalidArgument):
            h.check_against(h.parse(bad), [2])
