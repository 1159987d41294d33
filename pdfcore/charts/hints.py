"""The hint protocol: closed-enum answers to the questions a reading asks.

Hints carry semantics, never numbers: which y-axis a series belongs to (``p0.s1.axis``: left or
right), what kind of chart an unclassified panel is (``p0.type``), and the caller's verdict on a
verification card (``p0.verify``). Nothing is remembered between calls: every call states all
the answers it relies on. A hint that names no chart or series of the page, or whose value is
not one of the options, is an ``invalid_argument`` error.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from attrs import frozen

from pdfcore.errors import InvalidArgument

AXIS_OPTIONS = ("left", "right")
TYPE_OPTIONS = ("line", "bar", "scatter", "not_a_chart")
VERIFY_OPTIONS = ("confirmed", "labels_wrong", "axes_wrong")
MAX_HINTS = 200

_KEY = re.compile(r"^p(\d{1,3})\.(?:(type)|(verify)|s(\d{1,4})\.(axis))$")
_LABELS_ONE = re.compile(r"^labels_wrong:s(\d{1,4})$")


@frozen
class Hints:
    axis: dict[tuple[int, int], str]
    types: dict[int, str]
    verify: dict[int, str]

    @staticmethod
    def empty() -> Hints:
        return Hints({}, {}, {})


def _recovery() -> str:
    return (
        "Pass only ids from the previous response's questions[] (p{n}.s{k}.axis: left|right, "
        "p{n}.type: line|bar|scatter|not_a_chart) or p{n}.verify "
        "(confirmed|labels_wrong|labels_wrong:s{k}|axes_wrong), resending every earlier answer."
    )


def parse(hints: Mapping[str, str] | None) -> Hints:
    """Check the shape and values of ``hints`` (ids are checked against the page later)."""
    if hints is None:
        return Hints.empty()
    if not isinstance(hints, Mapping):
        raise InvalidArgument("hints must be an object mapping question ids to answers.", recovery=_recovery())
    if len(hints) > MAX_HINTS:
        raise InvalidArgument(f"hints has more than {MAX_HINTS} entries.", recovery=_recovery())
    axis: dict[tuple[int, int], str] = {}
    types: dict[int, str] = {}
    verify: dict[int, str] = {}
    for key, value in hints.items():
        if not isinstance(key, str) or not isinstance(value, str) or len(key) > 40 or len(value) > 40:
            raise InvalidArgument("hints keys and values must be short strings.", recovery=_recovery())
        m = _KEY.match(key)
        if m is None:
            raise InvalidArgument(f"unknown hint id {key!r}.", recovery=_recovery())
        chart = int(m.group(1))
        if m.group(2):
            if value not in TYPE_OPTIONS:
                raise InvalidArgument(f"hint {key} must be one of {', '.join(TYPE_OPTIONS)}.", recovery=_recovery())
            types[chart] = value
        elif m.group(3):
            if value not in VERIFY_OPTIONS and not _LABELS_ONE.match(value):
                raise InvalidArgument(
                    f"hint {key} must be confirmed, labels_wrong, labels_wrong:s<k> or axes_wrong.",
                    recovery=_recovery(),
                )
            verify[chart] = value
        else:
            if value not in AXIS_OPTIONS:
                raise InvalidArgument(f"hint {key} must be left or right.", recovery=_recovery())
            axis[(chart, int(m.group(4)))] = value
    return Hints(axis, types, verify)


def check_against(hints: Hints, series_counts: list[int]) -> None:
    """Every hinted chart and series must exist on the page."""
    n = len(series_counts)
    for chart in [*hints.types, *hints.verify]:
        if chart >= n:
            raise InvalidArgument(
                f"hint names chart p{chart}, but the page has {n} chart panel(s).", recovery=_recovery()
            )
    for chart, series in hints.axis:
        if chart >= n:
            raise InvalidArgument(
                f"hint names chart p{chart}, but the page has {n} chart panel(s).", recovery=_recovery()
            )
        if series >= series_counts[chart]:
            raise InvalidArgument(
                f"hint names series s{series} of p{chart}, which has {series_counts[chart]} series.",
                recovery=_recovery(),
            )
    for chart, value in hints.verify.items():
        m = _LABELS_ONE.match(value)
        if m and int(m.group(1)) >= series_counts[chart]:
            raise InvalidArgument(
                f"hint p{chart}.verify names series s{m.group(1)}, which p{chart} does not have.",
                recovery=_recovery(),
            )


def labels_wrong_series(value: str) -> int | None:
    m = _LABELS_ONE.match(value)
    return int(m.group(1)) if m else None
