from __future__ import annotations

import pytest

from pdfcore import pagespec
from pdfcore.errors import InvalidArgument, PageOutOfRange


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("1", [0]),
        ("1-3", [0, 1, 2]),
        ("1-5,10,15-20", [0, 1, 2, 3, 4, 9, 14, 15, 16, 17, 18, 19]),
        (" 3 , 1 ", [0, 2]),
        ("2-2", [1]),
        ("18-", [17, 18, 19]),
        ("last", [19]),
        ("1,1,1", [0]),
        (7, [6]),
    ],
)
def test_resolve(spec: str | int, expected: list[int]) -> None:
    assert pagespec.resolve(spec, 20) == expected


@pytest.mark.parametrize("spec", ["", " ", "1,,2", "-3", "a b", "1-2-", "#"])
def test_malformed(spec: str) -> None:
    with pytest.raises(InvalidArgument):
        pagespec.resolve(spec, 20)


@pytest.mark.parametrize("spec", ["0", "21", "5-21", "0-3"])
def test_out_of_range(spec: str) -> None:
    with pytest.raises(PageOutOfRange) as info:
        pagespec.resolve(spec, 20)
    assert info.value.code == "page_out_of_range"


def test_backwards_range() -> None:
    with pytest.raises(InvalidArgument, match="backwards"):
        pagespec.resolve("5-2", 20)


def test_labels() -> None:
    labels = ["i", "ii", "iii", "1", "2", "A-3"]
    assert pagespec.resolve("iii", 6, labels) == [2]
    assert pagespec.resolve("ii-iii", 6, labels) == [1, 2]
    assert pagespec.resolve("iii-5", 6, labels) == [2, 3, 4]
    assert pagespec.resolve("A-3", 6, labels) == [5]
    # physical numbers win over labels that look like numbers
    assert pagespec.resolve("1", 6, labels) == [0]
    with pytest.raises(InvalidArgument):
        pagespec.resolve("xiv", 6, labels)


def test_bool_is_not_a_page() -> None:
    with pytest.raises(InvalidArgument):
        pagespec.resolve(True, 5)  # type: ignore[arg-type]


def test_format_ranges() -> None:
    assert pagespec.format_ranges([1, 2, 3, 7, 9, 10]) == "1-3,7,9-10"
    assert pagespec.format_ranges([]) == ""
