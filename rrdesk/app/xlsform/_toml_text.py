"""Writing survey-file TOML by hand: the values the survey format holds, and nothing more.

Part of :mod:`rrdesk.app.xlsform`. The survey format needs strings, numbers, booleans and lists
of strings; writing them here (rather than with a TOML library) keeps one dependency fewer and
the output in the layout docs/survey-format.md shows. Floats are written with ``repr``, the
shortest text that reads back to the same float, so an ε survives exactly.
"""
from __future__ import annotations

import math
from typing import Any

# why: the short escapes TOML defines; every other control character is written \uXXXX
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped (TOML forbids
    them raw, U+007F included)."""
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def value(item: Any) -> str:
    """A string, number, boolean or list of strings as TOML."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return str(item)
    if isinstance(item, float):
        if math.isnan(item):
            return "nan"
        if math.isinf(item):
            return "inf" if item > 0 else "-inf"
        return repr(item)
    if isinstance(item, str):
        return string(item)
    if isinstance(item, (list, tuple)):
        return "[" + ", ".join(value(x) for x in item) + "]"
    raise TypeError(f"no TOML for {type(item).__name__}")


def key(name: str) -> str:
    """A key, quoted unless it is bare (letters, digits, ``_`` and ``-``)."""
    bare = name and all(c.isascii() and (c.isalnum() or c in "_-") for c in name)
    return name if bare else string(name)
