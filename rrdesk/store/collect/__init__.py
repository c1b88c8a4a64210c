"""The aggregator's collection: bundles in, one row of small integers per usable record out.

In stages: each bundle indexed once in the worker processes (:class:`Engine`), what is used
decided from the indexes alone (:func:`decide`, pure: the one place custody is decided), the
records of the runs it uses opened in the workers, and the rows counted here (:func:`collect`
runs them all).
"""
from __future__ import annotations

from rrdesk.store.collect._collect import Custody, collect, surveys_in, surveys_of
from rrdesk.store.collect._collected import (
    ROW,
    Collection,
    Interviews,
    Rows,
    SurveyData,
    row_dtype,
)
from rrdesk.store.collect._collector import Engine, Judge, Progress
from rrdesk.store.collect._opening import VERSION
from rrdesk.store.collect._plan import BundlePlan, Options, Plan, SurveyPlan, allowed_copies, decide
from rrdesk.store.collect._versions import VersionTrust, reading

__all__ = [
    "BundlePlan",
    "Collection",
    "Custody",
    "Engine",
    "Interviews",
    "Judge",
    "Options",
    "Plan",
    "Progress",
    "ROW",
    "Rows",
    "SurveyData",
    "SurveyPlan",
    "VERSION",
    "VersionTrust",
    "allowed_copies",
    "collect",
    "decide",
    "reading",
    "row_dtype",
    "surveys_in",
    "surveys_of",
]
