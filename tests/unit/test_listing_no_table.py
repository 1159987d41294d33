"""A numbered listing set in a typewriter face on a page of proportional text (a verbatim block:
line numbers, then the code lined up after them) is a code block, not a table of two columns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.pdfgen import Page, write_pdf

CODE = [
    (0, "procedure Schedule(job, window W)"),
    (1, "last <- now()"),
    (1, "loop"),
    (2, "lam <- EstimateHazard(W)"),
    (2, "C <- MeasureCost(job)"),
    (2, "T <- sqrt(2 * C / lam)"),
    (2, "if now() - last >= T then"),
    (3, "Checkpoint(job)"),
    (3, "last <- now()"),
    (2, "end if"),
    (1, "end loop"),
]
PROSE = [
    "Tide runs as a sidecar next to each training job. It subscribes to the cluster event",
    "stream, keeps an estimate of the preemption hazard, and signals the job when the next",
    "checkpoint is due. The procedure is summarised below.",
]


def _page(path: Path) -> Path:
    pg = Page()
    pg.lines(72, 720, PROSE, size=10)
    for k, (depth, code) in enumerate(CODE):
        y = 660 - 12 * k
        pg.text(72, y, str(k + 1), size=9, font="F3")
        pg.text(96 + 10.8 * depth, y, code, size=9, font="F3")
    pg.lines(72, 500, ["The estimator uses an exponentially weighted count of preemptions in one zone."], size=10)
    return write_pdf(path, [pg])


def test_the_listing_is_a_code_block(core: Any, tmp_path: Path) -> None:
    page = core.read_pages(str(_page(tmp_path / "listing.pdf")), pages="1", format="markdown").pages[0]
    assert not page.tables
    md = page.markdown
    # the numbers and the code's indentation as set (spaces as wide as the gaps)
    assert "```\n1   procedure Schedule(job, window W)\n2     last <- now()\n" in md
    assert "|" not in md
