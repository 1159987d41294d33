"""A letterhead on a document's first page: the sender's name, set large or bold at the top of
the page, over a few short lines of its particulars (a line of what it is, an address, a
telephone number, an e-mail or web address, the addressee's address and the date; six rows
each at most, no sentence), one of them at least a postal code, a telephone number or an
e-mail or web address (or the name and its lines on a banner: a band ruled or filled across,
over and under them, the title outside it), then the document's title, a heading set lower. The name is the
sender's, no heading of the document: the title under it is its first (a price list's
``SPOKES & SPROCKETS`` over ``9 Gas Ferry Road, Bristol BS1 6UN`` over ``Workshop Price List
and Terms of Service``). A name over an address and running text stays a heading, and so does a
paper's title (over its authors, their affiliations and e-mail addresses, then ``Abstract``: a
section's name is no document's title; a name is six words at most).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from pdfcore.models import Box
from pdfcore.structure.heading_shape import SECTION_NAME
from pdfcore.structure.unit import Unit

#: The name is this many words at most (a paper's title over its authors is longer) ...
NAME_WORDS = 6
#: ... the particulars at most this many units between the name and the title (the sender's
#: lines, the addressee's address a unit a row maybe, the date) ...
MAX_PARTICULARS = 8
#: ... each of at most this many rows (an addressee's address of six), no sentence (running
#: text ends with a stop).
PARTICULAR_ROWS = 6

#: A British or a US postal code, an e-mail or web address, a telephone number.
_CONTACT = re.compile(
    r"\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b"
    r"|\b[A-Z]{2} \d{5}(?:-\d{4})?\b"
    r"|\w@\w"
    r"|\bwww\.\w"
    r"|\w\.(?:co\.uk|org\.uk|ac\.uk|gov\.uk|com|org|net)\b"
    r"|\b(?:Tel|Telephone|Phone)\b\.?:? *[+(\d]"
    r"|(?<![\d.,])\(?0\d{3,4}\)? \d{3} ?\d{3,4}\b"
)


def contact_details(text: str) -> bool:
    """``text`` holds a postal code, an e-mail or web address or a telephone number."""
    return _CONTACT.search(text) is not None


def letterhead_name(
    units: Sequence[Unit],
    at: int,
    heading: Callable[[Unit], bool],
    rules: Sequence[Box] = (),
    top: float | None = None,
) -> bool:
    """``units[at]`` (a first page's units in reading order) is a letterhead's name (see the
    module docstring); ``heading``: whether a unit is read as a heading; ``rules``: the page's
    ruling lines (a banner's edges among them); ``top``: the top of the page's highest text
    (a table's rows taken out of ``units`` too), by default its units'."""
    first = next((k for k, u in enumerate(units) if u.text.strip()), None)
    if first != at or len(units[at].rows) > 2 or len(units[at].text.split()) > NAME_WORDS:
        return False
    name = units[at]
    details = False
    for k, u in enumerate(units[at + 1 : at + 2 + MAX_PARTICULARS], at + 1):
        if heading(u) and not (k == at + 1 and _tagline(u, name)):
            if SECTION_NAME.match(u.text.strip()) or k == at + 1:
                return False
            first_text = top if top is not None else min(v.y0 for v in units)
            return details or _on_banner(units[at:k], u, rules, first_text)
        if len(u.rows) > PARTICULAR_ROWS or u.text.rstrip().endswith(".") or u.size > name.size:
            return False
        details = details or contact_details(u.text)
    return False


def _tagline(unit: Unit, name: Unit) -> bool:
    """``unit``, right under the name, is its line of what it is (``Craft bread and cakes for
    cafés, shops and restaurants``): one row in italic, not bold, set smaller than the name, no
    heading however it stands apart from the body."""
    return len(unit.rows) == 1 and unit.size < name.size and all(r.italic and not r.bold for r in unit.rows)


#: A banner is this many points tall at most.
BANNER_HEIGHT = 150.0


def _on_banner(head: Sequence[Unit], title: Unit, rules: Sequence[Box], first_text: float) -> bool:
    """``head`` (the name and its lines) stands between two horizontal rules of one extent (a
    band's edges) that reach across it, over its first line and under its last, the name the
    page's highest text (a frame round a form's section under a table is no banner), and
    ``title`` stands under the band."""
    top, foot = min(u.y0 for u in head), max(u.y1 for u in head)
    if top > first_text + 1.0:
        return False  # text over the name (a table's rows): no letterhead's banner
    left, right = min(u.x0 for u in head), max(u.x1 for u in head)
    across = [r for r in rules if r.width >= r.height and r.x0 <= left and r.x1 >= right]
    over = [r for r in across if top - BANNER_HEIGHT <= r.y1 <= top]
    under = [r for r in across if foot <= r.y0 <= min(title.y0, top + BANNER_HEIGHT)]
    return any(abs(a.x0 - b.x0) <= 3.0 and abs(a.x1 - b.x1) <= 3.0 for a in over for b in under)
