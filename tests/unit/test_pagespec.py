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
    assert pagespec.resolve("iii-2", 6, labels) == [2, 3, 4]
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


# A book whose front matter is iii-iv, its body 1-2, and an appendix numbered from 1 again.
BOOK = ["iii", "iv", "1", "2", "1"]


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("iv-2", [1, 2, 3]),  # iv through the page labelled 2 (physical 4), not physical page 2
        ("iii-iv", [0, 1]),
        ("iv-", [1, 2, 3, 4]),
        ("2-iv", None),  # the page labelled 2 comes after iv: refused below
        ("1-3", [0, 1, 2]),  # two numbers: physical pages
        ("2", [1]),  # a number alone: a physical page
        ("iv", [1]),
    ],
)
def test_label_ranges_read_both_ends_as_labels(spec: str, expected: list[int] | None) -> None:
    if expected is None:
        with pytest.raises(InvalidArgument, match="no page labelled 'iv' comes after"):
            pagespec.resolve(spec, 5, BOOK)
        return
    assert pagespec.resolve(spec, 5, BOOK) == expected


def test_an_ambiguous_label_range_is_refused_with_the_pages() -> None:
    # the label 1 is on physical pages 3 and 5, both after iv
    with pytest.raises(InvalidArgument, match="ambiguous") as info:
        pagespec.resolve("iv-1", 5, BOOK)
    assert "3, 5" in info.value.message
    assert info.value.details == {"label": "1", "pages": [3, 5]}


def test_a_number_that_is_no_label_in_a_label_range_is_refused() -> None:
    with pytest.raises(InvalidArgument, match="'7' is not a printed page label"):
        pagespec.resolve("iii-7", 5, BOOK)
    with pytest.raises(InvalidArgument, match="'last' is a physical page"):
        pagespec.resolve("iv-last", 5, BOOK)


def test_a_label_on_two_pages_is_refused_not_guessed() -> None:
    labels = ["i", "ii", "1", "i"]
    with pytest.raises(InvalidArgument, match="several pages") as info:
        pagespec.resolve("i", 4, labels)
    assert info.value.details == {"label": "i", "pages": [1, 4]}
    # a range that pins it down is fine: ii through the page labelled i after it
    assert pagespec.resolve("ii-i", 4, labels) == [1, 2, 3]
