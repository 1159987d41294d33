"""The CLI's progress display: a live bar on a terminal, plain lines elsewhere."""

from __future__ import annotations

import io
import time

from pdfcore_entrypoints.progress import WarmProgress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_live_bar_with_rate_and_time_left() -> None:
    out = _Terminal()
    with WarmProgress(out) as bar:
        assert bar.live
        for done in range(1, 5):
            time.sleep(0.02)
            bar.update(done, 4, f"/data/doc{done}.pdf")
    text = out.getvalue()
    assert "\x1b[" in text  # drawn with terminal control codes
    assert "4/4" in text and "doc4.pdf" in text and "docs/s" in text
    assert "warm 1/4" not in text  # no plain lines on a terminal


def test_elsewhere_one_plain_line_per_document() -> None:
    out = io.StringIO()
    with WarmProgress(out) as bar:
        assert not bar.live
        for done in range(1, 4):
            time.sleep(0.02)
            bar.update(done, 3, f"/data/doc{done}.pdf")
    lines = out.getvalue().splitlines()
    assert [line.split(" (")[0] for line in lines] == ["warm 1/3 doc1.pdf", "warm 2/3 doc2.pdf", "warm 3/3 doc3.pdf"]
    assert "docs/s" in lines[1] and "ETA 0:00:0" in lines[1]
    assert lines[-1].endswith("ETA 0:00:00)")
    assert "\x1b" not in out.getvalue() and "\r" not in out.getvalue()
