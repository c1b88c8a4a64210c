"""Fieldwork the coordinator can see and trust: the fieldwork table and the interviewer checks.

Pure and Qt-free, from counts alone (never an individual's answer):

- :func:`fieldwork` builds the table -- per laptop, interviewer, survey version and day:
  interviews started, completed, stopped, refused, synthetic; records; declines and abandons
  per question -- the interviewers' totals and flags, each laptop's bundles and custody
  events, and the progress against ``planned_respondents``.
- The interviewer checks made for randomized answers (:mod:`._checks`): impossible rates
  (:func:`impossible_rates`), heterogeneity (:func:`heterogeneity`), direct questions
  (:func:`direct_distributions`, :func:`digit_preference`), pace (:func:`pace`,
  :func:`durations`). Each is a family of tests whose false-alarm rate with every
  interviewer honest stays at or under :data:`ALPHA` (Holm's step-down); each
  :class:`Flag` carries its figure and a plain sentence, never a verdict.

``rrdesk.app.aggregate`` feeds it from the collected records; ``rrdesk.core.results``
writes it out (``--json``'s ``fieldwork``, ``fieldwork.csv``, report.html's Fieldwork section).
"""
from __future__ import annotations

from rrdesk.core.fieldwork._checks import (
    ALPHA,
    Arm,
    DirectCounts,
    Flag,
    RandomizedCounts,
    all_checks,
    arms_of,
    digit_preference,
    direct_distributions,
    durations,
    heterogeneity,
    impossible_rates,
    pace,
)
from rrdesk.core.fieldwork._table import (
    ABANDONED,
    ANSWERED,
    DECLINED,
    Bundle,
    Counts,
    Fieldwork,
    Interviewer,
    InterviewLine,
    Laptop,
    Progress,
    Row,
    fieldwork,
)

__all__ = ["ABANDONED", "ALPHA", "ANSWERED", "DECLINED", "Arm", "Bundle", "Counts", "DirectCounts", "Fieldwork",
           "Flag", "InterviewLine", "Interviewer", "Laptop", "Progress", "RandomizedCounts", "Row", "all_checks",
           "arms_of", "digit_preference", "direct_distributions", "durations", "fieldwork", "heterogeneity",
           "impossible_rates", "pace"]

