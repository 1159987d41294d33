"""Reading tick-label text as numbers, refusing what is ambiguous.

A label is read as a plain number (with an optional sign, decimal separator and digit
grouping), a power ``10^k`` / ``2^k`` (bases 10 and 2 only: other bases false-match incidental
superscripts), a mantissa times a power (``2×10^3``) or scientific notation (``1e-3``).

A label like ``5.000`` or ``1,250`` is *locale-ambiguous*: the separator may be a decimal point or
digit grouping. Such a label gets ``ambiguous=True`` and no value, unless other labels of the same
axis show how that separator is used (see :func:`resolve_axis`).
"""

from __future__ import annotations

import re

from attrs import frozen

MINUS_SIGNS = "\u2212\u2012\u2013\u2014\ufe63\uff0d"
_SPACES = "\u00a0\u2009\u202f\u2007 "
_CURRENCY = "$€£¥₹"

_POWER = re.compile(r"^(?P<mant>[+-]?\d+(?:[.,]\d+)?)?\s*(?:[×x·*])?\s*(?P<base>10|2)\^(?P<exp>[+-]?\d+)$")
_SCI = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)[eE][+-]?\d+$")
_PLAIN = re.compile(r"^[+-]?[\d.,]+$")


@frozen
class Reading:
    """What a label says as a number."""

    value: float | None
    #: True when the text is a number whose separator could mean either decimal or grouping.
    ambiguous: bool = False
    #: The separator an ambiguous reading hinges on ("." or ",").
    separator: str | None = None
    #: How an unambiguous reading used each separator: {"." : "decimal"|"group", ...}.
    decimal: str | None = None
    group: str | None = None
    #: The label was a power of 10 or 2 (a superscript exponent was read).
    power: bool = False


NOT_A_NUMBER = Reading(None)


def normalize(text: str) -> str:
    """The label with typographic minus signs, spaces and currency marks made plain."""
    t = text.strip()
    for m in MINUS_SIGNS:
        t = t.replace(m, "-")
    for s in _SPACES:
        t = t.replace(s, "")
    t = t.strip(_CURRENCY)
    if t.startswith("-") and len(t) > 1 and t[1] in _CURRENCY:
        t = "-" + t[2:]
    if t.endswith("%"):
        t = t[:-1]
    if t.startswith("+"):
        t = t[1:]
    return t


def read_number(text: str) -> Reading:
    """Read one label. Returns NOT_A_NUMBER when it is not a number at all."""
    t = normalize(text)
    if not t:
        return NOT_A_NUMBER
    m = _POWER.match(t)
    if m:
        base = float(m.group("base"))
        exp = int(m.group("exp"))
        if abs(exp) > 300:
            return NOT_A_NUMBER
        mant_text = m.group("mant")
        if mant_text is None:
            return Reading(base**exp, power=True)
        mant = _plain(mant_text)
        if mant.value is None:
            return NOT_A_NUMBER if not mant.ambiguous else Reading(None, True, mant.separator)
        return Reading(mant.value * base**exp, power=True)
    if "^" in t:
        return NOT_A_NUMBER
    if _SCI.match(t):
        try:
            return Reading(float(t))
        except ValueError:  # pragma: no cover - the pattern only admits valid floats
            return NOT_A_NUMBER
    return _plain(t)


def _plain(t: str) -> Reading:
    if not _PLAIN.match(t):
        return NOT_A_NUMBER
    sign = -1.0 if t.startswith("-") else 1.0
    body = t.lstrip("+-")
    if not body or (not body[0].isdigit() and body[0] not in ".,"):
        return NOT_A_NUMBER
    dots, commas = body.count("."), body.count(",")
    if dots == 0 and commas == 0:
        return Reading(sign * float(body)) if body.isdigit() else NOT_A_NUMBER
    if dots and commas:
        # Both present: the last one is the decimal separator, the other groups digits.
        dec = "." if body.rfind(".") > body.rfind(",") else ","
        grp = "," if dec == "." else "."
        if body.count(dec) != 1:
            return NOT_A_NUMBER
        whole, frac = body.split(dec)
        if not _grouped(whole, grp) or not frac.isdigit():
            return NOT_A_NUMBER
        return Reading(sign * float(whole.replace(grp, "") + "." + frac), decimal=dec, group=grp)
    sep = "." if dots else ","
    parts = body.split(sep)
    if len(parts) > 2:
        # Several of one separator: only digit grouping reads that way.
        if _grouped(body, sep):
            return Reading(sign * float(body.replace(sep, "")), group=sep)
        return NOT_A_NUMBER
    whole, frac = parts
    if not frac.isdigit() or (whole and not whole.isdigit()):
        return NOT_A_NUMBER
    if not whole:
        return Reading(sign * float("0." + frac), decimal=sep)
    if len(frac) == 3 and 1 <= len(whole) <= 3 and whole != "0" and not whole.startswith("0"):
        # "5.000", "1,250": decimal or grouping, depending on the locale. Refuse to guess.
        return Reading(None, ambiguous=True, separator=sep)
    return Reading(sign * float(whole + "." + frac), decimal=sep)


def _grouped(body: str, sep: str) -> bool:
    groups = body.split(sep)
    if not groups[0].isdigit() or not 1 <= len(groups[0]) <= 3 or groups[0].startswith("0"):
        return False
    return all(len(g) == 3 and g.isdigit() for g in groups[1:])


def resolve_axis(texts: list[str]) -> list[Reading]:
    """Read an axis's labels together.

    An ambiguous label is resolved only when another label of the same axis uses the same
    separator unambiguously (``0.500`` beside ``1.000`` says "." is decimal; ``1.000.000``
    says it groups digits). Otherwise it keeps ``value=None`` and is dropped by the caller.
    """
    readings = [read_number(t) for t in texts]
    usage: dict[str, set[str]] = {".": set(), ",": set()}
    for r in readings:
        if r.decimal:
            usage[r.decimal].add("decimal")
        if r.group:
            usage[r.group].add("group")
    out: list[Reading] = []
    for text, r in zip(texts, readings):
        if r.ambiguous and r.separator is not None and not r.power:
            seen = usage[r.separator]
            if seen == {"decimal"}:
                t = normalize(text)
                out.append(Reading(float(t.replace(r.separator, ".")), decimal=r.separator))
                continue
            if seen == {"group"}:
                t = normalize(text)
                out.append(Reading(float(t.replace(r.separator, "")), group=r.separator))
                continue
        out.append(r)
    return out
