"""An XLSForm number question (``integer``, ``decimal``) as survey-file keys, and back.

Part of :mod:`rrdesk.app.xlsform`. XLSForm states a range as a ``constraint`` on the answer
(``.``): rrdesk reads exactly ``. >= MIN and . <= MAX`` (either order) into ``min`` and ``max``,
and writes it back the same way; any other constraint is refused, naming its cell, because
rrdesk cannot check it and will not ignore it. ``bins`` (rrdesk's own column) holds the cut
points, separated by spaces or commas; ``decimals`` and ``relevant`` are plain cells.
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Callable

import rrdesk.app.xlsform._toml_text as toml
from rrdesk.app.xlsform._cells import Built, fail, text
from rrdesk.app.xlsform._columns import NUMBER_TYPES
from rrdesk.core.survey import Question

_NUMBER = r"[-+]?[0-9]+(?:\.[0-9]+)?"
_BOUND = rf"\.\s*(>=|<=)\s*({_NUMBER})"
_RANGE = re.compile(rf"\s*{_BOUND}\s+and\s+{_BOUND}\s*")
_RULE = "write the range as . >= MIN and . <= MAX"


def number_keys(out: Built, row: int, kind: str, design: str, cell: Callable[[str], Any]) -> None:
    """``type``, ``min``, ``max`` and ``bins`` of the question on ``row``, from its cells."""
    file = out.file
    if kind not in NUMBER_TYPES:
        used = next(c for c in ("constraint", "bins") if cell(c) is not None)
        fail(file, ("survey", row, used), f"{used} is only for integer and decimal questions, not {kind}")
    if design != "direct":
        fail(file, ("survey", row, "type"), f"design {design} is randomized: a number is asked directly "
                                            "(leave design empty, or write direct)")
    out.add(f"type = {toml.value(kind)}", ("survey", row, "type"))
    where = ("survey", row, "constraint")
    if cell("constraint") is None:
        fail(file, where, f"an {kind} question needs a range ({_RULE}): it keeps every record one size "
                          "and catches typing mistakes")
    found = _RANGE.fullmatch(text(file, where, cell("constraint")))
    if found is None or {found[1], found[3]} != {">=", "<="}:
        fail(file, where, f"rrdesk takes only a range as a constraint: {_RULE}, not {cell('constraint')!r}")
    bounds = {found[1]: found[2], found[3]: found[4]}
    out.add(f"min = {_number(bounds['>='])}", where)
    out.add(f"max = {_number(bounds['<='])}", where)
    if cell("bins") is not None:
        where = ("survey", row, "bins")
        cuts = [c for c in re.split(r"[\s,;]+", text(file, where, cell("bins"))) if c]
        if not cuts or any(re.fullmatch(_NUMBER, c) is None for c in cuts):
            fail(file, where, f"bins are numbers separated by spaces (18 25 35), not {cell('bins')!r}")
        out.add(f"bins = [{', '.join(_number(c) for c in cuts)}]", where)


def _number(written: str) -> str:
    """A number as TOML: a whole number as an integer (so an integer question takes it)."""
    value = Decimal(written)
    return str(int(value)) if value == value.to_integral_value() and "." not in written else repr(float(written))


def number_cells(q: Question, table: dict[str, Any]) -> dict[str, Any]:
    """The cells ``constraint`` and ``bins`` of a number question (from its TOML ``table``)."""
    number = q.number
    if number is None:
        return {}
    cells: dict[str, Any] = {"constraint": f". >= {number.text(number.low)} and . <= {number.text(number.high)}"}
    if "bins" in table:
        cells["bins"] = " ".join(number.text(edge) for edge in number.edges[1:])
    return cells
