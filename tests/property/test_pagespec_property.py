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


_LABELS = st.lists(st.sampled_from(["i", "ii", "iii", "iv", "1", "2", "3", "A-1", None]), min_size=1, max_size=12)


@given(_LABELS, st.sampled_from(["i", "ii", "iv", "1", "2", "3", "A-1", "last"]), st.sampled_from(["", "i", "2", "3"]))
def test_a_label_range_resolves_to_its_two_labelled_ends_or_raises(labels: list[str | None], a: str, b: str) -> None:
    spec = f"{a}-{b}"
    try:
        out = pagespec.resolve(spec, len(labels), labels)
    except InvalidArgument as exc:
        assert exc.code in ("invalid_argument", "page_out_of_range")
        return
    assert out == list(range(out[0], out[-1] + 1))
    if not (a.isdigit() or a == "last") or (b and not b.isdigit()):
        # read in labels: the first page carries the start's label, the last the end's
        assert labels[out[0]] == a
        assert labels[out[-1]] == b if b else out[-1] == len(labels) - 1
