"""Checks of the arguments every capability shares, at the API's edge."""

from __future__ import annotations

from pdfcore.errors import InvalidArgument


def check_password(password: object) -> str | None:
    if password is None:
        return None
    if not isinstance(password, str):
        raise InvalidArgument("password must be a string.")
    if len(password) > 1024 or "\x00" in password:
        raise InvalidArgument("password is not a usable password (too long or contains NUL).")
    return password


def check_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidArgument(f"{name} must be true or false.")
    return value


def check_positive(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidArgument(f"{name} must be a positive integer.")
    return value
