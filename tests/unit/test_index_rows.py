"""A book's index: entries one a row, sub-entries set in, long entries wrapped deeper."""

from __future__ import annotations

from tests.unit.test_structure import LEFT, ln, markdown, page

STEP = 12.0
SUB = LEFT + 10.0
WRAP = LEFT + 20.0


def test_index_entries_closed_by_their_page_references_stay_apart() -> None:
    """A row ending with page references closes its entry; a row set in deeper goes on with it,
    and so does a cross reference under it; a sub-entry's rows are entries too."""
    rows = [
        ("Aibo robotic dog, 153–55, 156, 157, 160, 161, 162", LEFT),
        ("AIDS medications, 257–60", LEFT),
        ("air traffic, land ownership vs., 1–3", LEFT),
        ("archive.org, 112", LEFT),
        ("see also Internet Archive", SUB),
        ("archives, digital, 108–15, 173, 222, 226–27", LEFT),
        ("blogs (Web-logs), 41, 42–45, 310n-11n", LEFT),
        ("BMG, 162", LEFT),
        ("books:", LEFT),
        ("English copyright law developed for the booksellers of London,", SUB),
        ("85–94", WRAP),
        ("free on-line releases of, 72–73, 284–85", SUB),
        ("on Internet, 143, 144, 148–53", SUB),
        ("out of print, 72, 113, 134, 299, 317n", SUB),
        ("resales of, 72, 134, 299, 314n", SUB),
        ("Bunyan, John, 93", LEFT),
        ("Burdick, Quentin, 60", LEFT),
    ]
    lines = [ln(text, 100 + k * STEP, x=x) for k, (text, x) in enumerate(rows)]
    (md,) = markdown([page(lines)])
    paras = [p.removeprefix("- ") for p in md.split("\n") if p]  # one entry a line, some read as items
    assert "AIDS medications, 257–60" in paras
    assert "air traffic, land ownership vs., 1–3" in paras
    assert "archive.org, 112" in paras
    assert "see also Internet Archive" in paras
    assert "blogs (Web-logs), 41, 42–45, 310n-11n" in paras
    assert "BMG, 162" in paras
    assert "English copyright law developed for the booksellers of London, 85–94" in paras
    assert "on Internet, 143, 144, 148–53" in paras
    assert "resales of, 72, 134, 299, 314n" in paras
    assert "Bunyan, John, 93" in paras
    assert "Burdick, Quentin, 60" in paras
