"""A band the text layer gives last, moved before the text under it: a table beside that text
(an infobox) stands for a column of its own."""

from __future__ import annotations

from pdfcore.models import Box
from pdfcore.structure.reading import bands_before_what_is_below
from pdfcore.structure.rows import Row
from pdfcore.structure.unit import Unit


def _unit(text: str, x0: float, y0: float, x1: float, y1: float) -> Unit:
    u = Unit([Row(text, "", Box(x0, y0, x1, y1), 10.0, False, False, "", 0)])
    u.kind = "paragraph"
    return u


def test_a_notice_read_last_goes_before_the_text_beside_an_infobox() -> None:
    """A page's notice set across it under the title, which the text layer gives last, over
    a paragraph with an infobox (a table) beside it: the notice moves up before the paragraph.
    Without a table beside the paragraph, nothing stands side by side and the order stays; a
    table under the notice that stands beside no text (one between paragraphs) does not count
    as a column either."""
    title = _unit("Hannah John-Kamen", 36, 78, 266, 96)
    lead = _unit("Hannah John-Kamen (born 6 September 1989) is a British actress.", 36, 230, 386, 308)
    notice = _unit("This is an old revision of this page.", 75, 123, 558, 180)
    units = [title, lead, notice]
    infobox = Box(397, 235, 577, 432)
    assert [u.text for u in bands_before_what_is_below(units, [infobox])] == [title.text, notice.text, lead.text]
    assert [u.text for u in bands_before_what_is_below(units)] == [title.text, lead.text, notice.text]
    apart = Box(36, 320, 577, 420)  # across the page under the paragraph, beside no text
    assert [u.text for u in bands_before_what_is_below(units, [apart])] == [title.text, lead.text, notice.text]
