"""Words of a table line: a run of spaces costs work in proportion to its length."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from adapters._table_glyphs import Glyph, _words

SIZE = 10.0


class _CountingRow(list[Glyph]):
    """A row of glyphs that counts every glyph read from it (by index or by iterating)."""

    reads = 0

    def __getitem__(self, key: Any) -> Any:
        got = super().__getitem__(key)
        self.reads += len(got) if isinstance(key, slice) else 1
        return got

    def __iter__(self) -> Iterator[Glyph]:
        for g in super().__iter__():
            self.reads += 1
            yield g


def test_a_long_run_of_spaces_is_read_a_bounded_number_of_times_per_glyph() -> None:
    """``A``, then 3000 spaces drawn after the line, then ``B`` touching ``A``: each space is
    stray (it separates nothing) and the word is ``AB``; the row's glyphs are read a few times
    each, not once per space for every glyph before it."""
    spaces = 3000
    row = _CountingRow(
        [
            Glyph(0, 0, 5, SIZE, "A", SIZE, seq=0),
            *(Glyph(4, 0, 6, SIZE, " ", SIZE, seq=2 + k) for k in range(spaces)),
            Glyph(5, 0, 10, SIZE, "B", SIZE, seq=1),
        ]
    )
    words = _words(row)
    assert [w.text for w in words] == ["AB"]
    assert row.reads <= 6 * len(row), row.reads
