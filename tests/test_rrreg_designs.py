"""Designs RRreg fits under other names, against RRreg's own numbers (stored, with the script
that made them: tests/data/rrreg-designs/gen.R).

Kuk's card design (carriers report a red card with probability p1, non-carriers with p2) records
YES at ``p2 + (p1 − p2) π``: the matrix of forced response with truth ``p1 − p2``, say YES ``p2``,
say NO ``1 − p1``, so rrdesk's forced-response estimate is RRreg's Kuk estimate. rrdesk's
cheating detection is RRreg's symmetric CDM (``CDMsym``, two groups with YES and NO swapped).
The estimates agree to rounding; RRreg's standard errors divide the recorded rate's variance by
``n − 1`` where rrdesk (as R's ``rr`` and Warner 1965) divides by ``n``: that factor is the only
difference.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from rrdesk.core import cdm, design, estimate

CASES = json.loads((Path(__file__).parent / "data" / "rrreg-designs" / "reference.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", [c for c in CASES if c["model"] == "Kuk"], ids=lambda c: f"kuk-{c['n']}-{c['red']}")
def test_kuks_design_is_forced_response_and_gives_rrregs_estimate(case):
    p1, p2 = case["p"]
    d = design.forced(truth=p1 - p2, yes=p2, no=1 - p1)
    assert d.matrix[1, 1] == p1 and d.matrix[0, 1] == p2  # exact: the p are multiples of 2⁻³²
    got = estimate.estimate(d, [case["n"] - case["red"], case["red"]])
    assert got.estimate[1] == pytest.approx(case["pi"], abs=1e-12)
    n = case["n"]
    assert got.se[1] * np.sqrt(n / (n - 1)) == pytest.approx(case["se"], abs=1e-12)


@pytest.mark.parametrize("case", [c for c in CASES if c["model"] == "CDMsym"], ids=lambda c: f"cdm-{c['n'][0]}")
def test_cheating_detection_is_rrregs_cdmsym(case):
    yes_a, no_a = case["p"][:2]
    d = cdm.cdm(truth=1 - yes_a - no_a, yes=yes_a, no=no_a)
    got = cdm.estimate(d, tuple(case["yes"]), tuple(case["n"]))
    assert not got.boundary
    assert got.estimate["truthful_yes"] == pytest.approx(case["pi"], abs=1e-10)
    assert got.estimate["cheating"] == pytest.approx(case["gamma"], abs=1e-10)
    # the delta method of cdm.estimate with n − 1 per group is RRreg's; with n it is rrdesk's
    n, lam = np.array(case["n"], dtype=float), np.array(case["yes"]) / np.array(case["n"])
    inverse = np.linalg.inv(d.matrix)
    for m, (se_pi, se_gamma) in ((n - 1, (case["se_pi"], case["se_gamma"])),
                                 (n, (got.se["truthful_yes"], got.se["cheating"]))):
        cov = inverse @ np.diag(lam * (1 - lam) / m) @ inverse.T
        assert np.sqrt(cov[0, 0]) == pytest.approx(se_pi, rel=1e-9)
        assert np.sqrt(cov.sum()) == pytest.approx(se_gamma, rel=1e-9)
