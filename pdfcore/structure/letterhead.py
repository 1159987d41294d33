"""A letterhead on a document's first page: the sender's name, set large or bold at the top of
the page, over a few short lines of its particulars (a line of what it is, an address, a
telephone number, an e-mail or web address, the addressee's address and the date; four rows
each at most, no sentence), one of them at least a postal code, a telephone number or an
e-mail or web address, then the document's title, a heading set lower. The name is the
sender's, no heading of the document: the title under it is its first (a price list's
``SPOKES & SPROCKETS`` over ``9 Gas Ferry Road, Bristol BS1 6UN`` over ``Workshop Price List
and Terms of Service``). A name over an address and running text stays a heading, and so does a
paper's title (over its authors, their affiliations and e-mail addresses, then ``Abstract``: a
section's name is no document's title; a name is six words at most).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from pdfcore.structure.heading_shape import SECTION_NAME
from pdfcore.structure.unit import Unit

#: The name is this many words at most (a paper's title over its authors is longer) ...
NAME_WORDS = 6
#: ... the particulars at most this many units between the name and the title ...
MAX_PARTICULARS = 4
#: ... each of at most this many rows, no sentence (running text ends with a stop).
PARTICULAR_ROWS = 4

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


def letterhead_name(units: Sequence[Unit], at: int, heading: Callable[[Unit], bool]) -> bool:
    """``units[at]`` (a first page's units in reading order) is a letterhead's name (see the
    module docstring); ``heading``: whether a unit is read as a heading."""
    first = next((k for k, u in enumerate(units) if u.text.strip()), None)
    if first != at or len(units[at].rows) > 2 or len(units[at].text.split()) > NAME_WORDS:
        return False
    name = units[at]
    details = False
    for u in units[at + 1 : at + 2 + MAX_PARTICULARS]:
        if heading(u):
            return details and not SECTION_NAME.match(u.text.strip())
        if len(u.rows) > PARTICULAR_ROWS or u.text.rstrip().endswith(".") or u.size > name.size:
            return False
        details = details or contact_details(u.text)
    return False
