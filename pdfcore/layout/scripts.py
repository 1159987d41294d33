"""Which characters are CJK (Chinese, Japanese, Korean): they decide vertical writing and count
as words in a column's prose test."""

from __future__ import annotations

import re

CJK = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff01-\uff9f\u3000-\u303f]")


def has_cjk(text: str) -> bool:
    return CJK.search(text) is not None
