"""How deep a JSON or TOML text nests, told before a parser recurses into it.

Python's ``json`` and ``tomllib`` parse nested arrays and tables by recursion: a hostile file
nested 100,000 deep (a ledger, a bundle's manifest, a survey) stopped them with
``RecursionError``, which reached the person as "internal error". ``tomllib`` also builds each
dotted key (``a.b.c… = 1``) in time and memory that grow with the square of its parts: a
survey file of one 100,000-part key took tens of gigabytes. :func:`too_deep` finds, without
parsing, the first place a text goes deeper than :data:`MAX_DEPTH`, so every loader of hostile
input (the survey loader, the ledger, a bundle's manifest, a record) refuses it in one located
line before its parser sees it::

    if (deep := too_deep(text, toml=True)) is not None:
        raise SurveyError(path, *deep)

What counts: brackets (``[`` and ``{``) open inside each other, outside strings (and, in TOML,
outside comments); in TOML also the parts of one dotted key (``[a.b.c]`` or ``a.b.c = 1``).
The scan only counts: a text it misjudges (it is not valid JSON or TOML) is refused by the
parser after it.
"""
from __future__ import annotations

import re
from itertools import accumulate

__all__ = ["MAX_DEPTH", "too_deep"]

MAX_DEPTH = 16
# why 16: every file rrdesk reads nests at most 4 deep (a survey's wording.fr.name.one, a
# ledger's {"logs": [{…}]}); 16 leaves room and keeps a parser's recursion and tomllib's
# quadratic keys trivially small

_JSON_STRING = re.compile(rb'"[^"\\\n]*(?:\\.[^"\\\n]*)*"')  # why not across a newline: none is, in JSON
_NOT_KEPT = bytes(b for b in range(256) if b not in b"[]{}\n")
_STEP = bytes.maketrans(b"[{]}\n", b"\x01\x01\xff\xff\x00")  # +1, -1 as signed bytes; a newline 0
_BLOCK = 1 << 16
_KEY = r"""[A-Za-z0-9_-]+|"[^"\\\n]*(?:\\.[^"\\\n]*)*"|'[^'\n]*'"""
_TOML_TOKEN = re.compile(
    rf"""(?P<key>(?<![A-Za-z0-9_-])(?:(?:{_KEY})[ \t]*\.[ \t]*)+(?:{_KEY}))"""  # a dotted key (or a float)
    r'''|"""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*"{3,5}|\'\'\'.*?\'{3,5}'''  # multi-line strings
    r"""|"[^"\\\n]*(?:\\.[^"\\\n]*)*"|'[^'\n]*'|\#[^\n]*"""  # strings and comments
    r"""|[\[\]{}]""", re.DOTALL)
_KEY_PART = re.compile(_KEY)


def too_deep(text: str | bytes, *, toml: bool = False, limit: int = MAX_DEPTH) -> tuple[str, str] | None:
    """``(where, what)`` for the first place ``text`` (JSON, or TOML with ``toml``) nests more
    than ``limit`` deep -- ``where`` is ``"line L"`` (and a column, in TOML) -- or None when
    it does not."""
    if toml:
        return _toml(text.decode("utf-8", "replace") if isinstance(text, bytes) else text, limit)
    return _json(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text), limit)


def _json(data: bytes, limit: int) -> tuple[str, str] | None:
    if data.count(b"[") + data.count(b"{") <= limit:
        return None  # why: most texts are settled without a scan
    # why this way: a ledger of 100,000 logs is 20 MB; its brackets and newlines outside strings
    # become steps of +1, -1 and 0 whose running sum is the depth, summed in C a block at a time
    steps = _JSON_STRING.sub(b"", data).translate(_STEP, _NOT_KEPT)
    depth = 0
    for start in range(0, len(steps), _BLOCK):
        running = list(accumulate(memoryview(steps)[start:start + _BLOCK].cast("b"), initial=depth))
        if max(running) > limit:
            at = start + running.index(limit + 1) - 1  # the step one deeper than the limit
            return (f"line {steps.count(0, 0, at) + 1}",
                    f"arrays and objects nested more than {limit} deep (no rrdesk file needs more than a few)")
        depth = running[-1]
    return None


def _toml(text: str, limit: int) -> tuple[str, str] | None:
    depth = 0
    for token in _TOML_TOKEN.finditer(text):
        if token["key"] is not None:
            if token[0].count(".") >= limit and len(_KEY_PART.findall(token[0])) > limit:
                return _place(text, token.start(), f"a dotted key of more than {limit} parts "
                                                   "(no survey file needs more than a few)")
            continue
        depth += {"[": 1, "{": 1, "]": -1, "}": -1}.get(token[0], 0)
        if depth > limit:
            return _place(text, token.start(), f"arrays and tables nested more than {limit} deep "
                                               "(no survey file needs more than a few)")
    return None


def _place(text: str, at: int, what: str) -> tuple[str, str]:
    line = text.count("\n", 0, at) + 1
    return f"line {line}, column {at - (text.rfind(chr(10), 0, at) + 1) + 1}", what
