"""The aggregator's collection: bundles in, one row of small integers per usable record out.

Which survey copy decides, the engine that hands bundles and runs of records to worker
processes, one record opened and reduced to numbers, the counts and rows it gathers.
"""
from __future__ import annotations

from rrdesk.store.collect._collect import collect, surveys_in
from rrdesk.store.collect._collected import (
    ROW,
    Collection,
    Rows,
    SurveyData,
)
from rrdesk.store.collect._opening import VERSION
from rrdesk.store.collect._survey_choice import candidates

__all__ = [
    "Collection",
    "ROW",
    "Rows",
    "SurveyData",
    "VERSION",
    "candidates",
    "collect",
    "surveys_in",
]
