"""Finding line numbers in a survey file's text, which ``tomllib`` does not keep.

Part of the survey file's rules (:mod:`rrdesk.core.survey._rules`, whose checks put the line
into every message): a plain scan of the text for table headers and keys.
"""
from __future__ import annotations

import re

_HEADER = re.compile(r"\s*(\[\[?)\s*([^\[\]#]+?)\s*\]\]?\s*(?:#.*)?")


def _norm(name: str) -> str:
    return re.sub(r"\s*\.\s*", ".", name).replace('"', "").replace("'", "")


class Lines:
    """Where tables and keys start in the text: a plain line scan, good enough to point
    a person at the right place (a header-looking line inside a multi-line string can
    fool it; then the line is only a hint)."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.headers: list[tuple[int, str, bool]] = []  # (1-based line, name, is array)
        for number, line in enumerate(self.lines, 1):
            m = _HEADER.fullmatch(line)
            if m:
                self.headers.append((number, _norm(m[2]), m[1] == "[["))

    def table(self, name: str, nth: int = 0, array: bool = False) -> int | None:
        """Line of the ``nth`` header ``[name]`` (or ``[[name]]`` when ``array``)."""
        found = [n for n, h, a in self.headers if h == name and a == array]
        return found[nth] if nth < len(found) else None

    def top_level(self, name: str) -> int | None:
        """Line of a top-level table or key called ``name``."""
        for number, header, _ in self.headers:
            if header == name or header.startswith(name + "."):
                return number
        end = self.headers[0][0] - 1 if self.headers else len(self.lines)
        return self._scan(0, end, name)

    def key(self, header: int | None, key: str) -> int | None:
        """Line of ``key`` in the table whose header is on line ``header``: the full
        dotted key if written, else its first part, else the header itself."""
        if header is None:
            return None
        end = next((n - 1 for n, _, _ in self.headers if n > header), len(self.lines))
        parts = key.split(".")
        for size in range(len(parts), 0, -1):
            line = self._scan(header, end, ".".join(parts[:size]))
            if line is not None:
                return line
        return header

    def _scan(self, start: int, end: int, key: str) -> int | None:
        quoted = [f"""(?:{re.escape(p)}|"{re.escape(p)}"|'{re.escape(p)}')""" for p in key.split(".")]
        pattern = re.compile(r"\s*" + r"\s*\.\s*".join(quoted) + r"\s*[=.]")
        for index in range(start, min(end, len(self.lines))):
            if pattern.match(self.lines[index]):
                return index + 1
        return None
