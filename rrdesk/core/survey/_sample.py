"""The survey file's optional ``[sample]`` table: how the sample was drawn (strata, clusters).

Part of :mod:`rrdesk.core.survey`. Real samples are stratified (regions, school types) and
clustered (villages, schools, enumeration areas -- or the interviewer, each working their own
patch); standard errors that treat respondents as drawn one by one are then too small. The
coordinator names the direct questions that tell a respondent's stratum and cluster, and may
give each stratum's number of clusters in the population (a finite population correction)::

    [sample]
    strata = "region"                       # a direct question with choices, asked of everyone
    clusters = "village"                    # a direct question with choices, or "interviewer"
    population = { north = 40, south = 25 } # optional: clusters in each stratum's population

``clusters = "interviewer"`` takes the interviewer id recorded with each answer. Without
``strata`` the sample is one stratum (``population`` is then one number); without
``clusters`` each respondent is their own cluster. ``rrdesk aggregate`` then gives each
randomized question the design-based estimate (with the ``[weight]`` weights, or equal
ones): :func:`rrdesk.core.estimate.weighted`.
"""
from __future__ import annotations

import math
from typing import Any

from rrdesk.core.survey._model import Question
from rrdesk.core.survey._rules import Place, is_number, show

SAMPLE_KEYS = ("strata", "clusters", "population")
#: ``clusters = "interviewer"``: the interviewer id recorded with each answer.
INTERVIEWER = "interviewer"
#: A population of more clusters than this is a typo; it also keeps the arithmetic exact.
MAX_POPULATION = 1e12


def sample_table(top: Place, data: dict[str, Any], questions: tuple[Question, ...]) -> tuple[
        str | None, str | None, tuple[float, ...]]:
    """(the strata question's id, the clusters question's id or ``"interviewer"``, each stratum's
    population count of clusters in the strata question's order -- one number without strata;
    empty without ``population``), all ``None``/empty without ``[sample]``."""
    if "sample" not in data:
        return None, None, ()
    table = data["sample"]
    if not isinstance(table, dict):
        top.fail("sample", f"sample must be a table ([sample]), not {show(table)}", line=top.lines.top_level("sample"))
    place = top.at(top.lines.table("sample"), "[sample]")
    place.only(table, SAMPLE_KEYS, f"unknown key in [sample] (allowed: {', '.join(SAMPLE_KEYS)})")
    if "strata" not in table and "clusters" not in table:
        place.fail("strata", "[sample] needs strata, clusters or both")
    direct = {q.id: q for q in questions if q.design is None and q.choices}

    def asked_of_everyone(key: str) -> str:
        qid = place.string(table, key)
        if key == "clusters" and qid == INTERVIEWER:
            if any(q.id == INTERVIEWER for q in questions):
                place.fail(key, f'"{INTERVIEWER}" is both a question id and the recorded interviewer: '
                                "rename the question")
            return qid
        if qid not in direct:
            also = ' or "interviewer"' if key == "clusters" else ""
            place.fail(key, f'"{qid}" is not a question asked directly with choices{also} '
                            f"({', '.join(direct) or 'the survey has none'})")
        if direct[qid].relevant_text is not None:  # why: a respondent who skipped it has no stratum
            place.fail(key, f'"{qid}" has a relevant condition: a {key} question must be asked of everyone')
        return qid

    strata = asked_of_everyone("strata") if "strata" in table else None
    clusters = asked_of_everyone("clusters") if "clusters" in table else None
    if strata is not None and strata == clusters:
        place.fail("clusters", f'"{clusters}" is the strata question too: clusters are drawn within strata')
    if "population" not in table:
        return strata, clusters, ()
    given = table["population"]

    def count(key: str, value: Any, what: str) -> float:
        if not is_number(value) or not 2 <= float(value) <= MAX_POPULATION or not math.isfinite(float(value)):
            place.fail(key, f"{what} must be a number of clusters from 2 to {MAX_POPULATION:g}, not {show(value)}")
        return float(value)

    if strata is None:
        return strata, clusters, (count("population", given, "population"),)
    if not isinstance(given, dict):
        place.fail("population", f"population must be a table of cluster counts by stratum, not {show(given)}")
    choices = direct[strata].choices
    for key, value in given.items():
        if key not in choices:
            place.fail("population", f'"{key}" is not an answer of "{strata}" ({", ".join(choices)})')
        count("population", value, f'the population of "{key}"')
    missing = [c for c in choices if c not in given]
    if missing:
        place.fail("population", f"no population for {', '.join(missing)}: every stratum of \"{strata}\" needs one")
    return strata, clusters, tuple(float(given[c]) for c in choices)
