from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pdfcore import pagespec
from pdfcore.errors import InvalidArgument


@given(st.sets(st.integers(min_value=1, max_value=500), min_size=1))
def test_format_then_resolve_roundtrip(pages: set[int]) -> None:
    spec = pagespec.format_ranges(sorted(pages))
    assert pagespec.resolve(spec, 500) == sorted(p - 1 for p in pages)


@given(st.text(max_size=40))
def test_any_string_either_resolves_in_range_or_raises_a_stable_code(spec: str) -> None:
    try:
        out = pagespec.resolve(spec, 50)
    except InvalidArgument as exc:  # page_out_of_range is a subclass
        assert exc.code in ("invalid_argument", "page_out_of_range")
        return
    assert out == sorted(set(out)) and all(0 <= i < 50 for i in out)
