"""Running heads and feet of a real book are taken out of the page text on every path: pages read
by number, a cold read_all loop, the search index and a corpus warm-up (freeculture.pdf: the
foot ``NN FREE CULTURE`` on even pages, sometimes right after a word broken across the page)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.corpus

BOOK = "pdfjs/freeculture.pdf"
PAGES = 352
#: The running foot of the book's even pages ("22 FREE CULTURE"); the title pages carry the
#: title alone.
FOOT = re.compile(r"\d+\s+FREE CULTURE|FREE CULTURE\s+\d+")
HEADER = re.compile(r"^--- page (\d+)(?: \(label [^)]*\))? ---\n", re.MULTILINE)


def _read_pages(core: Any, path: Path) -> dict[int, str]:
    texts: dict[int, str] = {}
    for first in range(1, PAGES + 1, 20):
        spec = f"{first}-{min(PAGES, first + 19)}"
        for p in core.read_pages(str(path), spec, max_chars=10**7, max_chars_per_page=10**6).pages:
            texts[p.page] = p.text
    return texts


def _read_all(core: Any, path: Path) -> dict[int, str]:
    texts: dict[int, str] = {}
    start: int | None = 1
    while start is not None:
        r = core.read_all(str(path), start_page=start, max_pages=500)
        parts = HEADER.split(r.full_text)
        for k in range(1, len(parts), 2):
            texts[int(parts[k])] = parts[k + 1].rstrip("\n")
        start = r.next_page
    return texts


def _check(texts: dict[int, str]) -> None:
    assert sorted(texts) == list(range(1, PAGES + 1))
    with_foot = [n for n, t in texts.items() if FOOT.search(t)]
    assert with_foot == [], with_foot[:20]
    # p. 36 ends inside a word the content stream continues with the running foot
    assert texts[36].endswith("Steamboat Willie is a di-"), texts[36][-80:]
    assert texts[37].startswith("rect cartoon parody"), texts[37][:80]


def test_pages_read_by_number_have_no_running_foot(core: Any, corpus: Path) -> None:
    _check(_read_pages(core, corpus / BOOK))


def test_a_cold_read_all_loop_has_no_running_foot(core: Any, corpus: Path) -> None:
    texts = _read_all(core, corpus / BOOK)
    _check(texts)
    # the same text as pages read by number afterwards (from the cache)
    again = _read_pages(core, corpus / BOOK)
    assert all(again[n].rstrip() == texts[n].rstrip() for n in texts)
