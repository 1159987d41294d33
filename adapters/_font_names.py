"""Font names that mean a bold face, read alike by the text and the table adapters."""

from __future__ import annotations

import functools
import re

#: Font names that mean a bold face (after the subset prefix, upper case): the usual weight words
#: (URW's "-Demi" among them), TeX's bold extended (CMBX, SFBX, CMSSBX, LMRoman...-Bold) and bold
#: Computer Modern (CMB10).
BOLD_NAME = re.compile(
    r"BOLD|BLACK|HEAVY|SEMIB|DEMI|EXTRAB|ULTRAB|(?<![A-Z])CM(?:SS)?BX|SFBX|SFSX|CMB\d|[-,_ ](?:BD|BLK)\b"
)


@functools.lru_cache(maxsize=256)
def bold_name(name: str) -> bool:
    """Whether a font's name (its subset prefix, ``ABCDEF+``, left out) names a bold face."""
    return BOLD_NAME.search(name.split("+", 1)[-1].upper()) is not None
