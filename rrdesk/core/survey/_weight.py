"""The survey file's optional ``[weight]`` table: survey weights from a direct question's answers.

Part of :mod:`rrdesk.core.survey`. A sampling design that over- or under-samples some groups
(departments, regions) gives each respondent a weight, the inverse of their chance of being
asked; the coordinator names the direct question that tells the group and each answer's
weight::

    [weight]
    question = "department"
    values = { office = 1.0, factory = 2.5, warehouse = 1.2, sales = 0.8 }

Every answer of the question needs a positive, finite weight. ``rrdesk aggregate`` then adds
the weighted prevalences with design-based standard errors (:mod:`rrdesk.core.estimate._weights`).
"""
from __future__ import annotations

import math
from typing import Any

from rrdesk.core.survey._model import Question
from rrdesk.core.survey._rules import Place, is_number, show

WEIGHT_KEYS = ("question", "values")
#: A weight past this is a typo (1e6 respondents' worth for one); it also keeps sums finite.
MAX_WEIGHT = 1e6


def weight_table(top: Place, data: dict[str, Any], questions: tuple[Question, ...]) -> tuple[str | None,
                                                                                           tuple[float, ...]]:
    """(the weight question's id, one weight per answer in the question's order), or
    ``(None, ())`` when the file has no ``[weight]``."""
    if "weight" not in data:
        return None, ()
    table = data["weight"]
    if not isinstance(table, dict):
        top.fail("weight", f"weight must be a table ([weight]), not {show(table)}", line=top.lines.top_level("weight"))
    place = top.at(top.lines.table("weight"), "[weight]")
    place.only(table, WEIGHT_KEYS, f"unknown key in [weight] (allowed: {', '.join(WEIGHT_KEYS)})")
    qid = place.string(table, "question")
    direct = {q.id: q for q in questions if q.design is None and q.choices}
    if qid not in direct:
        place.fail("question", f'"{qid}" is not a question asked directly with choices '
                               f"({', '.join(direct) or 'the survey has none'})")
    if direct[qid].relevant_text is not None:  # why: a respondent who skipped it would have no weight
        place.fail("question", f'"{qid}" has a relevant condition: a weight question must be asked of everyone')
    values = place.require(table, "values")
    if not isinstance(values, dict):
        place.fail("values", f"values must be a table of weights by answer, not {show(values)}")
    choices = direct[qid].choices
    for key, w in values.items():
        if key not in choices:
            place.fail("values", f'"{key}" is not an answer of "{qid}" ({", ".join(choices)})')
        if not is_number(w) or not 0 < float(w) <= MAX_WEIGHT or not math.isfinite(float(w)):
            place.fail("values", f'the weight of "{key}" must be a positive number up to {MAX_WEIGHT:g}, not {show(w)}')
    missing = [c for c in choices if c not in values]
    if missing:
        place.fail("values", f"no weight for {', '.join(missing)}: every answer of \"{qid}\" needs one")
    return qid, tuple(float(values[c]) for c in choices)
