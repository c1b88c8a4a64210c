"""Every problem of a survey file, as far as one does not hide the next (``rrdesk check``).

Part of :mod:`rrdesk.core.survey`. The loader stops at its first problem. When that problem is
inside a ``[[question]]`` table, the table is blanked out (its lines kept as empty lines, so
that every later message keeps its line number) and the file is loaded again, up to
:data:`MAX_PROBLEMS` times. A later message that names a question already taken out, or that
has no line (no randomized question left), would only follow from an earlier one: it is left
out. A problem outside the questions (the ``[survey]`` table, TOML syntax) ends the search.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

from rrdesk.core.errors import SurveyError, SurveyProblems

#: At most this many problems in one run.
MAX_PROBLEMS = 30


def every_problem(text: str, path: str | Path, first: SurveyError,
                  loads: Callable[[str, str | Path], object]) -> SurveyError:
    """``first`` and the problems after it in ``text`` (loaded with ``loads``): a
    :class:`SurveyProblems` when there are several, else ``first`` itself."""
    lines = text.split("\n")
    found: list[SurveyError] = [first]
    dropped: set[str] = set()
    error = first
    while len(found) < MAX_PROBLEMS:
        block = _block(error, lines)
        if block is None:
            break
        start, end = block
        dropped.update(m[1] for line in lines[start:end] if (m := re.match(r'\s*id\s*=\s*"([^"]*)"', line)))
        lines[start:end] = [""] * (end - start)
        try:
            loads("\n".join(lines), path)
            break
        except SurveyError as later:
            error = later
        if not re.match(r"line \d+", error.where):
            break  # why: a problem of the whole file (no question left): it follows from the others
        if not any(f'"{d}"' in error.what or f"${{{d}}}" in error.what or f'question "{d}"' in error.where
                   for d in dropped):
            found.append(error)
    return SurveyProblems(found) if len(found) > 1 else first


def _block(error: SurveyError, lines: list[str]) -> tuple[int, int] | None:
    """The 0-based [start, end) of the ``[[question]]`` table holding the error's line."""
    m = re.match(r"line (\d+)", error.where)
    if m is None:
        return None
    at = min(int(m[1]) - 1, len(lines) - 1)
    start = next((i for i in range(at, -1, -1) if lines[i].lstrip().startswith("[")), None)
    if start is None or lines[start].strip().replace(" ", "") != "[[question]]":
        return None
    end = next((i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("[")), len(lines))
    return start, end
