"""Every page appears exactly once when a caller loops read_all to the end; pages the loop
never returns are never extracted (except the document's furniture sample, once); the byte cap
holds unless a single page alone exceeds it."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pdfcore.services.furniture import sample_indexes
from tests.fakes import FakeDocument, fake_core

page_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=3000)


@settings(max_examples=60, deadline=None)
@given(
    pages=st.lists(page_text, min_size=1, max_size=25),
    cap=st.integers(min_value=4096, max_value=20000),
    max_pages=st.integers(min_value=1, max_value=30),
    start=st.integers(min_value=1, max_value=3),
    workers=st.sampled_from([1, 2]),
)
def test_every_page_exactly_once(pages: list[str], cap: int, max_pages: int, start: int, workers: int) -> None:
    """With one engine worker pages are extracted one by one; with two, in batches and the next
    batch ahead of the current one's finishing: either way each page is extracted once, and no
    page that the loop does not return but the furniture sample."""
    with tempfile.TemporaryDirectory() as tmp:
        core, ex = fake_core(Path(tmp), {"d.pdf": FakeDocument(pages)}, limits={"max_response_bytes": cap})
        core.services.reading.parallelism = workers
        path = str(Path(tmp) / "d.pdf")
        seen: list[int] = []
        nxt: int | None = start
        while nxt is not None:
            r = core.read_all(path, start_page=nxt, max_pages=max_pages)
            if r.page_cut is None:
                assert r.bytes_returned <= cap
            assert r.bytes_returned == len(r.full_text.encode("utf-8"))
            got = list(range(r.start_page, r.start_page + r.page_count))
            seen.extend(got)
            assert r.page_count >= 1 or r.next_page is None
            nxt = r.next_page
        assert seen == list(range(min(start, len(pages) + 1), len(pages) + 1))
        extracted = [i for _, i in ex.extracted]
        assert len(extracted) == len(set(extracted))
        # (the sample is read with the first page read: none when the loop starts past the end)
        sample = set(sample_indexes(len(pages))) if seen else set()
        assert set(extracted) == {i - 1 for i in seen} | sample
