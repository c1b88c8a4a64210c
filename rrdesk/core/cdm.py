"""Cheating detection: how many respondents ignore the spinner (Clark & Desharnais 1998).

Randomized response works only if respondents follow the spinner; some say NO whatever it
shows (self-protective "cheaters"). Clark & Desharnais split the sample at random into two
groups that use forced-response spinners with different chances of a forced YES; the two
recorded YES rates then identify three shares of the population: ``π`` honest respondents
with the trait (truthful YES), ``β`` honest respondents without it, and ``γ = 1 − π − β``
cheaters, who say NO whatever the spinner shows. The model is RRreg's ``CDMsym`` (Heck &
Moshagen 2018; Ostapczuk, Moshagen et al. 2009), the symmetric form of RRreg's ``CDM`` in
which each spinner also has a "say NO" sector: Clark & Desharnais's spinners have none, so a recorded NO proves the trait
absent and their ε is infinite -- rrdesk refuses that. Here group A says YES with ``yes`` and
NO with ``no``, group B the reverse, both with the same ``truth`` and the same exact ε. In
group g an honest carrier is recorded YES with probability ``1 − no_g``, an honest non-carrier
with ``yes_g``, a cheater never, so

    λ_g = π (1 − no_g) + β yes_g,

two equations in (π, β), solvable when ``yes ≠ no``. The group is drawn for each respondent
with one CSPRNG byte (constant time) and recorded beside the answer.

Estimates: the maximum likelihood of the two binomial counts over ``π, β, γ ≥ 0`` (the moment
solution when it is inside that triangle, else the best point on its edges, as RRreg
constrains it); standard errors by the delta method at the moment solution
(``Cov(π̂, β̂) = M⁻¹ diag(λ_g (1 − λ_g) / n_g) M⁻ᵀ``) and Wald 95 % intervals clipped to
[0, 1]. The honest share is ``π + β = 1 − γ``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Callable

import numpy as np

from rrdesk.core import design as designs
from rrdesk.core.entropy import system_bytes
from rrdesk.core.errors import DesignError
from rrdesk.core.plan import Z95
from rrdesk.core.randomizer import ByteSource, respond_many

__all__ = ["CDM", "PLANNED_CHEATING", "CheatingEstimate", "cdm", "draw_groups", "estimate", "margin95", "needed_n",
           "edge_maximum", "moments", "of_design", "power_difference", "variance_truthful_yes", "worst_centre", "edge_distance"]

#: The cheating share ``check --difference`` assumes in both groups when it plans a cdm question's
#: power. Not 0: with no cheaters the true shares sit on the edge of the triangle, where the
#: estimate is constrained and the Wald test on it is conservative (``power_difference``).
PLANNED_CHEATING = 0.1

#: Golden-section steps on each edge of the triangle: shrinks an interval of 1 to 1e-15.
_EDGE_STEPS = 75


@dataclass(frozen=True)
class CDM:
    """The two groups' spinners (A, then B) of a cheating-detection design."""

    groups: tuple[designs.Design, designs.Design]

    @property
    def epsilon(self) -> float:
        """ε of one recorded answer: the larger of the two spinners' (they are equal by construction)."""
        return max(g.epsilon for g in self.groups)

    @property
    def matrix(self) -> np.ndarray:
        """``M[g] = (P(YES | honest carrier), P(YES | honest non-carrier))`` for each group."""
        return np.array([[g.matrix[1, 1], g.matrix[0, 1]] for g in self.groups])


def cdm(*, truth: float, yes: float, no: float) -> CDM:
    """Group A: forced response with (truth, yes, no); group B: (truth, no, yes).

    Raises
    ------
    DesignError
        The probabilities are not a forced-response design, or ``yes == no`` (the two groups
        would be the same, and cheating could not be told from honesty).
    """
    a = designs.forced(truth=truth, yes=yes, no=no)
    b = designs.forced(truth=truth, yes=no, no=yes)
    if a == b:
        raise DesignError("a cheating-detection design needs yes ≠ no (its two groups would be the same)")
    return CDM((a, b))


def of_design(group_a: designs.Design) -> CDM:
    """The pair of a survey's cdm question, from group A's spinner (the one the question holds):
    group B's swaps the YES and NO sectors' weights."""
    weights = {sec.instruction: sec.weight for sec in group_a.sectors}
    truth, yes, no = (weights.get(i, 0) for i in (designs.TRUTH, designs.SAY_YES, designs.SAY_NO))
    return CDM((group_a, designs.forced_weights(truth, no, yes)))


def draw_groups(count: int, source: ByteSource = system_bytes) -> np.ndarray:
    """Each respondent's group, 0 (A) or 1 (B), from one CSPRNG byte each: its low bit, no
    branch on anything."""
    return (np.frombuffer(source(count), dtype=np.uint8) & 1).astype(np.int8)


def respond(d: CDM, groups: np.ndarray, truths: np.ndarray, source: ByteSource = system_bytes) -> np.ndarray:
    """Recorded answers of compliant respondents (each group through its own spinner, by the
    constant-time randomizer; both are drawn for everyone, the group picks one)."""
    a = respond_many(d.groups[0], truths, source)
    b = respond_many(d.groups[1], truths, source)
    g = np.asarray(groups, dtype=np.int8)
    return (a * (1 - g) + b * g).astype(np.int8)


@dataclass(frozen=True)
class CheatingEstimate:
    """Shares (``truthful_yes`` π, ``honest_no`` β, ``cheating`` γ, ``honest`` π + β), each
    with its ``se`` and ``ci95`` in a dict by those names; ``n`` per group; ``boundary`` when
    the moment solution left the triangle."""

    estimate: dict[str, float]
    se: dict[str, float]
    ci95: dict[str, tuple[float, float]]
    n: tuple[int, int]
    boundary: bool


def estimate(d: CDM, yes: tuple[int, int], n: tuple[int, int]) -> CheatingEstimate:
    """The three shares from each group's recorded YES count ``yes[g]`` of ``n[g]`` answers.

    Raises
    ------
    ValueError
        A group with no answers, or counts that do not fit.
    """
    m = d.matrix
    raw, inverse, lam = moments(m, yes, n)
    inside = raw.min() >= 0 and raw.sum() <= 1
    pi, beta = (float(raw[0]), float(raw[1])) if inside else edge_maximum(m, yes, n, _TRIANGLE)
    cov = inverse @ np.diag(lam * (1 - lam) / np.array(n, dtype=float)) @ inverse.T
    var = {"truthful_yes": cov[0, 0], "honest_no": cov[1, 1], "cheating": cov.sum(),
           "honest": cov.sum()}  # γ = 1 − π − β and π + β have the variance of π + β
    point = {"truthful_yes": pi, "honest_no": beta, "cheating": max(0.0, 1 - pi - beta), "honest": min(1.0, pi + beta)}
    se = {k: math.sqrt(max(v, 0.0)) for k, v in var.items()}
    ci = {k: (max(0.0, min(point[k], point[k] - Z95 * se[k])), min(1.0, max(point[k], point[k] + Z95 * se[k])))
          for k in point}
    return CheatingEstimate(point, se, ci, (int(n[0]), int(n[1])), not inside)


def _loglik(m: np.ndarray, yes: tuple[int, int], n: tuple[int, int], pi: float, beta: float) -> float:
    lam = np.clip(m @ np.array([pi, beta]), 1e-300, 1 - 1e-16)
    return float(sum(y * math.log(p) + (k - y) * math.log1p(-p) for y, k, p in zip(yes, n, lam)))


#: The triangle's edges (γ = 0, π = 0, β = 0), each a segment s ↦ (π, β) for s in [0, 1].
_TRIANGLE = (lambda s: (s, 1 - s), lambda s: (0.0, s), lambda s: (s, 0.0))


def moments(m: np.ndarray, yes: tuple[int, int], n: tuple[int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The moment solution θ = m⁻¹ λ of a two-group design from each group's recorded YES count
    ``yes[g]`` of ``n[g]`` answers (it may leave the region the shares live in), m⁻¹ and the
    recorded rates λ (for the delta method). Shared by every two-group design (cdm,
    unrelated_unknown).

    Raises
    ------
    ValueError
        A group with no answers, or counts that do not fit.
    """
    if min(n) <= 0 or any(not 0 <= y <= k for y, k in zip(yes, n)):
        raise ValueError("each group needs answers, and 0 <= YES <= answers")
    inverse = np.linalg.inv(m)
    lam = np.array([yes[0] / n[0], yes[1] / n[1]])
    return inverse @ lam, inverse, lam


def edge_maximum(m: np.ndarray, yes: tuple[int, int], n: tuple[int, int],
                 edges: tuple[Callable[[float], tuple[float, float]], ...]) -> tuple[float, float]:
    """The best point on a convex region's edges, each a segment ``s ↦ θ`` for s in [0, 1], of
    the two groups' binomial log-likelihood with ``λ = m θ`` (cdm: the triangle π, β, γ ≥ 0;
    :mod:`rrdesk.core.uqt`: the unit square). The log-likelihood is concave, so when the
    unconstrained maximum lies outside, the constrained one is on an edge, and concave along
    it -- golden-section search per edge."""
    best, where = -math.inf, (0.0, 0.0)
    ratio = (math.sqrt(5) - 1) / 2
    for edge in edges:
        lo, hi = 0.0, 1.0
        for _ in range(_EDGE_STEPS):
            x1, x2 = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
            if _loglik(m, yes, n, *edge(x1)) < _loglik(m, yes, n, *edge(x2)):
                lo = x1
            else:
                hi = x2
        point = edge((lo + hi) / 2)
        value = _loglik(m, yes, n, *point)
        if value > best:
            best, where = value, point
    return where


def margin95(d: CDM, n: int) -> float:
    """The 95 % half-width of the truthful-YES or cheating share with ``n`` respondents (half in
    each group), in the worst case over the true shares (a grid of steps of 0.02 over the
    triangle): the planning figure of ``rrdesk check`` for a cdm question."""
    if n < 2:
        raise ValueError("n must be at least 2")
    inverse = np.linalg.inv(d.matrix)
    grid = np.linspace(0, 1, 51)
    pi, beta = np.meshgrid(grid, grid)
    keep = pi + beta <= 1 + 1e-12
    lam = np.einsum("gk,kij->gij", d.matrix, np.stack([pi, beta]))[:, keep]  # (2 groups, points)
    var_groups = lam * (1 - lam) / (n / 2)
    cov = np.einsum("ag,gp,bg->pab", inverse, var_groups, inverse)
    worst = max(float(cov[:, 0, 0].max()), float(cov.sum(axis=(1, 2)).max()))
    return Z95 * math.sqrt(worst)


def needed_n(d: CDM, margin: float) -> int:
    """The respondents for a worst-case 95 % margin of ``margin`` (it falls as 1/√n)."""
    return max(2, math.ceil(2 * (margin95(d, 2) / margin) ** 2))


def variance_truthful_yes(d: CDM, n: float, truthful_yes: float, honest_no: float) -> float:
    """The delta-method variance of the truthful-YES share's estimate with ``n`` respondents,
    half in each spinner group: ``(M⁻¹ diag(λ_g (1 − λ_g) / (n / 2)) M⁻ᵀ)₀₀`` at
    ``λ = M (π, β)`` -- the variance :func:`estimate` reports at the moment solution."""
    inverse = np.linalg.inv(d.matrix)
    lam = d.matrix @ np.array([truthful_yes, honest_no])
    return float((inverse[0] ** 2 * lam * (1 - lam)).sum() / (n / 2))


def power_difference(d: CDM, n1: float, n2: float, p1: float, p2: float,
                     cheating: float = PLANNED_CHEATING) -> float:
    """The chance that a two-sided 5 % Wald test of equal truthful-YES shares -- ``|π̂₁ − π̂₂| /
    √(se₁² + se₂²) > 1.96`` with :func:`estimate`'s shares and standard errors -- rejects when
    the true shares are ``p1`` and ``p2`` and ``cheating`` respondents in each group cheat (the
    honest-NO share is the rest), with ``n1`` and ``n2`` respondents (half of each in each
    spinner group): the delta method, ``Φ(|Δ| / s − z) + Φ(−|Δ| / s − z)``.

    Each respondent here tells less than a forced-response answer (two unknowns from two
    rates), so the variance is about ten times that of group A's spinner alone. The figure is
    the normal approximation; the test on the estimates reaches it when the standard errors
    are small beside the distance to the triangle's edge (``tests/test_cdm.py`` simulates it).
    With few respondents, or nobody cheating (the true point on the edge ``γ = 0``, where the
    constrained estimate no longer moves like the normal one), the real test is conservative
    and has less power than this.
    """
    if min(n1, n2) < 2:
        raise ValueError("both groups need respondents")
    if not (0 <= cheating < 1 and 0 <= min(p1, p2) and max(p1, p2) + cheating <= 1):
        raise ValueError("the shares must fit: truthful YES + cheating <= 1")
    s = math.sqrt(variance_truthful_yes(d, n1, p1, 1 - p1 - cheating)
                  + variance_truthful_yes(d, n2, p2, 1 - p2 - cheating))
    gap = abs(p1 - p2) / s if s > 0 else math.inf
    normal = NormalDist()
    return normal.cdf(gap - Z95) + normal.cdf(-gap - Z95)


def edge_distance(d: CDM, n: float, truthful_yes: float, honest_no: float) -> float:
    """How far the true shares are from the triangle's nearest edge (π = 0, β = 0 or γ = 0),
    in standard errors of that share's estimate with ``n`` respondents. Below 1 the estimate
    is often constrained to the edge and the normal approximation of :func:`power_difference`
    overstates the power (at 1,000 per group of the docs' example: 13 % planned, 4 % simulated;
    at 4,000, 1.3 standard errors: 39 % and 37 %)."""
    inverse = np.linalg.inv(d.matrix)
    lam = d.matrix @ np.array([truthful_yes, honest_no])
    cov = inverse @ np.diag(lam * (1 - lam) / (n / 2)) @ inverse.T
    shares = (truthful_yes, honest_no, 1 - truthful_yes - honest_no)
    variances = (cov[0, 0], cov[1, 1], cov.sum())
    return min(x / math.sqrt(v) if v > 0 else math.inf for x, v in zip(shares, variances))


def worst_centre(d: CDM, difference: float, cheating: float = PLANNED_CHEATING) -> float:
    """The midpoint of two truthful-YES shares ``difference`` apart (with ``cheating`` fixed)
    where their difference is hardest to detect: the largest summed variance, on a grid of
    steps of 0.005 (the planning centre of ``check --difference``, as the worst prevalence is
    for one spinner)."""
    low, high = difference / 2, 1 - cheating - difference / 2
    if high < low:
        raise ValueError(f"a difference of {difference:g} does not fit beside {cheating:g} cheating")
    steps = max(1, math.ceil((high - low) / 0.005))
    centres = [low + (high - low) * i / steps for i in range(steps + 1)]
    return max(centres, key=lambda c: variance_truthful_yes(d, 2, c - difference / 2, 1 - c + difference / 2 - cheating)
               + variance_truthful_yes(d, 2, c + difference / 2, 1 - c - difference / 2 - cheating))
