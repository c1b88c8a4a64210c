"""Cheating detection: how many respondents ignore the spinner (Clark & Desharnais 1998).

Randomized response works only if respondents follow the spinner; some say NO whatever it
shows (self-protective "cheaters"). Clark & Desharnais split the sample at random into two
groups that use forced-response spinners with different chances of a forced YES; the two
recorded YES rates then identify three shares of the population: ``π`` honest respondents
with the trait (truthful YES), ``β`` honest respondents without it, and ``γ = 1 − π − β``
cheaters, who say NO whatever the spinner shows. The model is RRreg's ``CDM`` (Heck &
Moshagen 2018, and Moshagen, Musch & Erdfelder 2012), generalized so each spinner also has a
"say NO" sector: Clark & Desharnais's spinners have none, so a recorded NO proves the trait
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
import os
from dataclasses import dataclass

import numpy as np

from rrdesk.core import design as designs
from rrdesk.core.errors import DesignError
from rrdesk.core.plan import Z95
from rrdesk.core.randomizer import ByteSource, respond_many

__all__ = ["CDM", "CheatingEstimate", "cdm", "draw_groups", "estimate", "margin95", "needed_n", "of_design"]

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


def draw_groups(count: int, source: ByteSource = os.urandom) -> np.ndarray:
    """Each respondent's group, 0 (A) or 1 (B), from one CSPRNG byte each: its low bit, no
    branch on anything."""
    return (np.frombuffer(source(count), dtype=np.uint8) & 1).astype(np.int8)


def respond(d: CDM, groups: np.ndarray, truths: np.ndarray, source: ByteSource = os.urandom) -> np.ndarray:
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
    if min(n) <= 0 or any(not 0 <= y <= m for y, m in zip(yes, n)):
        raise ValueError("each group needs answers, and 0 <= YES <= answers")
    m = d.matrix
    lam = np.array([yes[0] / n[0], yes[1] / n[1]])
    inverse = np.linalg.inv(m)
    raw = inverse @ lam
    inside = raw.min() >= 0 and raw.sum() <= 1
    pi, beta = (float(raw[0]), float(raw[1])) if inside else _edge_maximum(m, yes, n)
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


def _edge_maximum(m: np.ndarray, yes: tuple[int, int], n: tuple[int, int]) -> tuple[float, float]:
    """The best point on the triangle's edges (γ = 0, π = 0, β = 0): the log-likelihood is
    concave, so when the unconstrained maximum lies outside, the constrained one is on an edge,
    and concave along it -- golden-section search per edge."""
    edges = [lambda s: (s, 1 - s), lambda s: (0.0, s), lambda s: (s, 0.0)]
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
