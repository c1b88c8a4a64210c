"""Estimators: a randomized question's prevalence, its standard error and its intervals.

The yes/no estimator with exact binomial intervals, the k-ary maximum likelihood, the
noncompliance check, and weighted prevalences with linearized standard errors.
"""
from __future__ import annotations

from rrdesk.core.estimate._binomial import blaker, clopper_pearson, jeffreys
from rrdesk.core.estimate._estimate import (
    Estimate,
    category_intervals,
    estimate,
    estimate_many,
    noncompliance,
)
from rrdesk.core.estimate._kary_mle import maximum_likelihood
from rrdesk.core.estimate._weights import Weighted, design_covariance, weighted

__all__ = [
    "Estimate",
    "Weighted",
    "blaker",
    "category_intervals",
    "design_covariance",
    "clopper_pearson",
    "estimate",
    "estimate_many",
    "jeffreys",
    "maximum_likelihood",
    "noncompliance",
    "weighted",
]
